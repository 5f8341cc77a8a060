"""Personal memory: the body under ``## Personal memory`` is byte for byte what the daemon's
``composeMemoryBody`` writes. The expected texts below are written out from the daemon's rules
(``../shared/fixtures/README.md``), one rule per test, on copies of the daemon-shaped fixture."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from creative_memory.services.retrieval.personal import (
    CUSTOM_PLACEHOLDER,
    PERSONAL_HEADER,
    PERSONAL_PREAMBLE,
    PERSONAL_TRAILER,
    compose_personal,
    compose_prefix,
)

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "od-data-dir" / "memory"
SHARED_FIXTURE = REPO.parent / "shared" / "fixtures" / "od-data-dir" / "memory"
T0 = 1_790_000_000  # a fixed file time, seconds

PROFILE = """### Profile
- Role: Product designer
- Organization size: 11-50
- Use cases: Landing pages, pitch decks
- Aesthetic / taste: Quiet, editorial, lots of whitespace
- Locale / Language: en-GB
"""
USER = """### User
- **Prefers editorial layouts** — long-form, magazine-like pages
  Likes generous margins, a strong typographic hierarchy and pull quotes.
"""
FEEDBACK = """### Feedback
- **No stock photography** — asked twice to remove stock photos
  Use illustrations or product shots instead of stock photography.
"""
PROJECT = """### Project
- **Café menu project** — seasonal menu, warm palette, bilingual
  Menu in English and Portuguese; prices right-aligned.
"""
REFERENCE = """### Reference
- **Brand book link** — where the brand book lives
  The brand book is in the shared drive under Brand/2026."""
EXPECTED_BODY = "\n".join((PROFILE, USER, FEEDBACK, PROJECT, REFERENCE))


@pytest.fixture
def mem(tmp_path: Path) -> Path:
    dst = tmp_path / "memory"
    shutil.copytree(FIXTURE, dst)
    for p in [dst, *dst.iterdir()]:
        p.chmod(p.stat().st_mode | stat.S_IWUSR)
    return dst


def _config(mem: Path, **changes: object) -> None:
    path = mem / ".config.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")


def _link(mem: Path, line: str) -> None:
    index = mem / "MEMORY.md"
    index.write_text(index.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")


def _entry(mem: Path, entry_id: str, text: str, *, at: float = T0, link: bool = True) -> Path:
    path = mem / f"{entry_id}.md"
    path.write_bytes(text.encode("utf-8"))
    ns = round(at * 1e9)
    os.utime(path, ns=(ns, ns))
    if link:
        _link(mem, f"- [{entry_id}]({entry_id}.md) — linked")
    return path


def _only(mem: Path) -> Path:
    """Keep only .config.json and an index without links: each test adds its own entries."""
    for p in mem.iterdir():
        if p.name != ".config.json":
            p.unlink()
    (mem / "MEMORY.md").write_text("# Memory index\n\n", encoding="utf-8")
    return mem


def test_the_fixture_composes_exactly_as_the_daemon_does(mem: Path) -> None:
    block = compose_personal(mem)
    assert block.enabled and block.warnings == ()
    assert block.body == EXPECTED_BODY
    assert block.text == f"{PERSONAL_HEADER}\n\n{PERSONAL_PREAMBLE}\n\n{EXPECTED_BODY}"
    assert block.entries == 5
    assert block.tokens == -(-len(block.text) // 4)
    assert "Unlinked draft rule" not in block.text and "12-column" not in block.text


@pytest.mark.skipif(not SHARED_FIXTURE.is_dir(), reason="../shared/fixtures is not beside this checkout")
def test_the_copy_in_tests_fixtures_is_the_shared_fixture() -> None:
    mine = {p.name: p.read_bytes() for p in FIXTURE.iterdir()}
    assert mine == {p.name: p.read_bytes() for p in SHARED_FIXTURE.iterdir()}


def test_a_linked_rule_is_the_last_section_under_its_own_heading(mem: Path) -> None:
    _link(mem, "- [Unlinked draft rule](rule_unlinked_draft.md) — now linked")
    assert compose_personal(mem).body == EXPECTED_BODY + (
        "\n\n### Verified rules\n"
        "- **Unlinked draft rule** — not linked from MEMORY.md, so it must not appear in the prompt\n"
        "  Always use 12-column grids."
    )


def test_newest_file_first_within_a_type_and_ties_in_file_name_order(mem: Path) -> None:
    _only(mem)
    _entry(mem, "user_b", "---\nname: B\ndescription: b\n---\nbee\n", at=T0)
    _entry(mem, "user_c", "---\nname: C\ndescription: c\n---\nsea\n", at=T0 + 0.000_001)
    _entry(mem, "user_a", "---\nname: A\ndescription: a\n---\nay\n", at=T0)
    assert compose_personal(mem).body == (
        "### User\n- **C** — c\n  sea\n- **A** — a\n  ay\n- **B** — b\n  bee"
    )


def test_an_unknown_or_missing_type_counts_as_user(mem: Path) -> None:
    _only(mem)
    _entry(mem, "diary_1", "---\nname: Diary\ndescription: d\ntype: diary\n---\none\n", at=T0 + 3)
    _entry(mem, "typed_num", "---\nname: Num\ndescription: n\ntype: 1\n---\ntwo\n", at=T0 + 2)
    _entry(mem, "no_front", "just text, no front matter\n", at=T0 + 1)
    _entry(mem, "quoted_rule", '---\nname: Q\ndescription: q\ntype: "rule"\n---\nthree\n', at=T0)
    assert compose_personal(mem).body == (
        "### User\n"
        "- **Diary** — d\n  one\n"
        "- **Num** — n\n  two\n"
        "- **no_front** — (no description)\n  just text, no front matter\n\n"
        "### Verified rules\n- **Q** — q\n  three"
    )


def test_names_and_descriptions_that_are_not_strings_fall_back(mem: Path) -> None:
    _only(mem)
    cases = [
        ("f_number_name", "name: 1.5\ndescription: 7", "- **f_number_name** — (no description)"),
        ("f_quoted", "name: '1.5'\ndescription: \"true\"", "- **1.5** — true"),
        ("f_bool", "name: true\ndescription: false", "- **f_bool** — (no description)"),
        ("f_empty", "name: \ndescription: ", "- **f_empty** — (no description)"),
        ("f_list", "name: [a, b]\ndescription: ~", "- **f_list** — (no description)"),
        ("f_block", "name: |\n  Block name\ndescription: >-\n  folded", "- **Block name** — folded"),
    ]
    for n, (entry_id, front, _) in enumerate(cases):
        _entry(mem, entry_id, f"---\n{front}\ntype: feedback\n---\nbody\n", at=T0 - n)
    expected = "### Feedback\n" + "\n".join(f"{line}\n  body" for _, _, line in cases)
    assert compose_personal(mem).body == expected


def test_body_lines_are_indented_and_blank_lines_become_two_spaces(mem: Path) -> None:
    _only(mem)
    _entry(
        mem,
        "project_x",
        "---\nname: X\ndescription: x\ntype: project\n---\n\n\n  first  \n\n\tsecond\nthird \n\n\n",
    )
    assert compose_personal(mem).body == "### Project\n- **X** — x\n  first  \n  \n  \tsecond\n  third"


def test_profile_lines_are_right_trimmed_and_blank_ones_dropped(mem: Path) -> None:
    _only(mem)
    _entry(mem, "profile_me", "---\ntype: profile\n---\n\n- Role: Designer   \n\n   \n  - Team: 5\t\n")
    assert compose_personal(mem).body == "### Profile\n- Role: Designer\n  - Team: 5"


def test_an_empty_body_gives_no_line_but_the_heading_stays(mem: Path) -> None:
    _only(mem)
    _entry(mem, "feedback_empty", "---\nname: E\ndescription: e\ntype: feedback\n---\n \n\t\n")
    _entry(mem, "project_full", "---\nname: F\ndescription: f\ntype: project\n---\nbody\n")
    assert compose_personal(mem).body == "### Feedback\n\n### Project\n- **F** — f\n  body"
    (mem / "project_full.md").unlink()
    assert compose_personal(mem).body == "### Feedback"


def test_a_byte_order_mark_is_ignored_in_entries_and_the_index(mem: Path) -> None:
    _only(mem)
    (mem / "MEMORY.md").write_text("\ufeff- [A](user_bom.md) — first line\n", encoding="utf-8")
    _entry(mem, "user_bom", "\ufeff---\nname: Bom\ndescription: b\n---\nbody\n", link=False)
    assert compose_personal(mem).body == "### User\n- **Bom** — b\n  body"


def test_only_ids_of_lower_case_letters_digits_and_underscores_up_to_96_count(mem: Path) -> None:
    _only(mem)
    ok_id, long_id = "u" * 96, "v" * 97
    _entry(mem, ok_id, "---\nname: Ninety-six\ndescription: ok\n---\nshown\n", at=T0 + 2)
    _entry(mem, "Upper_case", "---\nname: Upper\ntype: feedback\n---\nnever\n")
    _entry(mem, "with-dash", "---\nname: Dash\ntype: feedback\n---\nnever\n")
    # Longer than 96: the daemon lists it (its section heading appears) but never reads its body.
    _entry(mem, long_id, "---\nname: Long\ntype: reference\n---\nnever\n", at=T0 + 1)
    block = compose_personal(mem)
    assert block.body == "### User\n- **Ninety-six** — ok\n  shown\n\n### Reference"
    assert any(long_id in w for w in block.warnings)


def test_index_lines_must_be_the_daemons_link_shape(mem: Path) -> None:
    _only(mem)
    for entry_id in ("user_dash", "user_star", "user_plain", "user_emdash"):
        _entry(mem, entry_id, f"---\nname: {entry_id}\ndescription: d\n---\nb\n", link=False)
    (mem / "MEMORY.md").write_text(
        "- [Dash](user_dash.md) - a hyphen is not the separator\n"
        "* [Star](user_star.md) — a star is not a bullet here\n"
        "- [Plain](user_plain.md)\r\n"
        "\u00a0 -  [Em](user_emdash.md)  —  spaces of any kind\n",
        encoding="utf-8",
    )
    assert compose_personal(mem).body == "### User\n- **user_emdash** — d\n  b\n- **user_plain** — d\n  b"


def test_unreadable_files_are_skipped_and_named_in_a_warning(mem: Path) -> None:
    (mem / "user_folder.md").mkdir()  # linked, but not a file
    _link(mem, "- [Folder](user_folder.md) — not readable")
    _link(mem, "- [Gone](user_gone.md) — missing")
    # Front matter the daemon's parser throws on (a key under a list item): skipped too.
    _entry(mem, "user_throws", "---\nkey:\n- a\n  sub: x\n---\nnever\n")
    _entry(mem, "user_bad_bytes", "---\nname: Bytes\ndescription: d\n---\nok\n", at=T0 - 10)
    with (mem / "user_bad_bytes.md").open("ab") as f:
        f.write(b"\xff tail")
    os.utime(mem / "user_bad_bytes.md", ns=((T0 - 10) * 10**9,) * 2)
    block = compose_personal(mem)
    user = USER + "- **Bytes** — d\n  ok\n  \ufffd tail\n"  # bad bytes are replaced, as Node decodes them
    assert block.body == "\n".join((PROFILE, user, FEEDBACK, PROJECT, REFERENCE))
    joined = "\n".join(block.warnings)
    assert "user_folder.md" in joined and "user_gone.md" in joined and "user_throws.md" in joined


def test_whitespace_is_trimmed_by_javascripts_rules(mem: Path) -> None:
    _only(mem)
    # U+00A0 and U+3000 are JavaScript whitespace (trimmed); U+001C and U+0085 are not (kept),
    # although Python's str.strip() would remove them.
    _entry(mem, "user_ws", "---\nname: W\ndescription: w\n---\n\u00a0\u3000\x1cbody\x85\u00a0\n")
    assert compose_personal(mem).body == "### User\n- **W** — w\n  \x1cbody\x85"


def test_switches_in_config(mem: Path) -> None:
    _config(mem, profileEnabled=False)
    block = compose_personal(mem)
    assert block.body == "\n".join((USER, FEEDBACK, PROJECT, REFERENCE)) and block.entries == 4
    _config(mem, profileEnabled=True, enabled=False)
    block = compose_personal(mem)
    assert block.text == "" and block.body == "" and block.entries == 0 and not block.enabled


def test_a_config_the_daemon_cannot_parse_means_the_defaults(mem: Path) -> None:
    for text in ('{"enabled": false, "x": NaN}', '\ufeff{"enabled": false}', "nope"):
        (mem / ".config.json").write_text(text, encoding="utf-8")
        assert compose_personal(mem).body == EXPECTED_BODY, text
    (mem / ".config.json").write_text('{"enabled": 0}', encoding="utf-8")  # only false turns it off
    assert compose_personal(mem).body == EXPECTED_BODY
    (mem / ".config.json").unlink()
    assert compose_personal(mem).body == EXPECTED_BODY


def test_a_missing_folder_or_index_is_empty(tmp_path: Path) -> None:
    assert compose_personal(tmp_path / "nope").text == ""
    (tmp_path / "memory").mkdir()
    block = compose_personal(tmp_path / "memory")
    assert block.text == "" and block.enabled and block.warnings == ()


def test_compose_prefix() -> None:
    assert compose_prefix("", "") == ""  # no custom-instructions note under nothing
    assert compose_prefix("P", "") == f"P\n\n{PERSONAL_TRAILER}\n\n{CUSTOM_PLACEHOLDER}"
    assert compose_prefix("P", "C", placeholder="X") == f"P\n\n{PERSONAL_TRAILER}\n\nC\n\nX"
    assert compose_prefix("", "C", placeholder="") == "C"


def test_the_front_matter_subset_reads_blocks_arrays_and_nesting_as_the_daemon_does() -> None:
    from creative_memory.services.retrieval.personal_text import parse_front_matter

    src = (
        "---\nname: Brand voice\ndescription: |\n  line one\n\n  line two\ntags: [a, b, '']\nempty: []\n"
        "nested:\n  inner: v\n  deeper:\n    k: 3\nitems:\n- one\n- key: val\n# a comment\nflag: true\n---\nBody text\n"
    )
    meta, body = parse_front_matter(src)
    assert meta == {
        "name": "Brand voice",
        "description": "line one\n\nline two",  # a block scalar keeps its blank line, loses the trailing one
        "tags": ["a", "b"],  # an empty inline item is dropped
        "empty": [],
        "nested": {"inner": "v", "deeper": {"k": 3.0}},  # numbers are JavaScript numbers
        "items": ["one", {"key": "val"}],  # items at the key's own indent belong to it
        "flag": True,
    }
    assert body == "Body text\n"

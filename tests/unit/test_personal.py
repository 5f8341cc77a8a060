"""Personal memory composition against a copy of the daemon-shaped fixture folder."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import pytest

from creative_memory.services.personal import (
    CUSTOM_PLACEHOLDER,
    PERSONAL_HEADER,
    PERSONAL_PREAMBLE,
    compose_personal,
    compose_prefix,
)

FIXTURE = Path("/work/shared/fixtures/od-data-dir/memory")

EXPECTED_BODY = """### Profile

- Role: Product designer
- Organization size: 11-50
- Use cases: Landing pages, pitch decks
- Aesthetic / taste: Quiet, editorial, lots of whitespace
- Locale / Language: en-GB

### User

- **Prefers editorial layouts** — long-form, magazine-like pages
  Likes generous margins, a strong typographic hierarchy and pull quotes.

### Feedback

- **No stock photography** — asked twice to remove stock photos
  Use illustrations or product shots instead of stock photography.

### Project

- **Café menu project** — seasonal menu, warm palette, bilingual
  Menu in English and Portuguese; prices right-aligned.

### Reference

- **Brand book link** — where the brand book lives
  The brand book is in the shared drive under Brand/2026."""


@pytest.fixture
def mem(tmp_path: Path) -> Path:
    if not FIXTURE.is_dir():
        pytest.skip("shared fixtures not available")
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


def test_fixture_composes_in_section_order(mem: Path) -> None:
    block = compose_personal(mem)
    assert block.enabled
    assert block.warnings == ()
    assert block.body == EXPECTED_BODY
    assert block.text == f"{PERSONAL_HEADER}\n\n{PERSONAL_PREAMBLE}\n\n{EXPECTED_BODY}"
    assert block.entries == 5
    assert block.tokens == -(-len(block.text) // 4)
    assert "Unlinked draft rule" not in block.text
    assert "12-column" not in block.text
    assert "### Verified rules" not in block.text


def test_linked_rule_is_the_last_section(mem: Path) -> None:
    _link(mem, "- [Unlinked draft rule](rule_unlinked_draft.md) — now linked")
    block = compose_personal(mem)
    assert block.body.endswith(
        "### Verified rules\n\n"
        "- **Unlinked draft rule** — not linked from MEMORY.md, so it must not appear in the prompt\n"
        "  Always use 12-column grids."
    )
    headings = [line for line in block.body.splitlines() if line.startswith("### ")]
    assert headings == [
        "### Profile",
        "### User",
        "### Feedback",
        "### Project",
        "### Reference",
        "### Verified rules",
    ]


def test_disabled_gives_nothing(mem: Path) -> None:
    _config(mem, enabled=False)
    block = compose_personal(mem)
    assert block.text == "" and block.body == "" and block.tokens == 0 and block.entries == 0
    assert not block.enabled


def test_profile_disabled_drops_profile_section(mem: Path) -> None:
    _config(mem, profileEnabled=False)
    block = compose_personal(mem)
    assert "### Profile" not in block.text
    assert "Product designer" not in block.text
    assert block.body.startswith("### User\n\n")
    assert block.entries == 4


def test_missing_config_defaults_to_enabled(mem: Path) -> None:
    (mem / ".config.json").unlink()
    assert compose_personal(mem).body == EXPECTED_BODY


def test_broken_files_warn_and_are_skipped(mem: Path) -> None:
    (mem / "feedback_no_stock_photography.md").write_bytes(b"---\nname: x\ntype: feedback\n---\n\xff\xfe bad")
    (mem / "bad_type.md").write_text(
        "---\nname: Odd\ndescription: d\ntype: diary\n---\nbody\n", encoding="utf-8"
    )
    (mem / "no_front.md").write_text("just text\n", encoding="utf-8")
    (mem / "huge.md").write_text("---\nname: H\ntype: user\n---\n" + "x" * (300 * 1024), encoding="utf-8")
    for name in ("bad_type", "no_front", "huge", "missing"):
        _link(mem, f"- [{name}]({name}.md) — broken")
    block = compose_personal(mem)
    assert "### Feedback" not in block.text
    assert "### User" in block.text  # the good entries are still composed
    joined = "\n".join(block.warnings)
    for name in ("feedback_no_stock_photography.md", "bad_type.md", "no_front.md", "huge.md", "missing.md"):
        assert name in joined
    assert len(block.warnings) == 5


def test_links_escaping_the_folder_are_ignored(mem: Path, tmp_path: Path) -> None:
    (tmp_path / "outside.md").write_text("---\nname: Outside\ntype: user\n---\nsecret\n", encoding="utf-8")
    _link(mem, "- [Outside](../outside.md) — escapes")
    _link(mem, f"- [Abs]({tmp_path / 'outside.md'}) — absolute")
    block = compose_personal(mem)
    assert "Outside" not in block.text and "secret" not in block.text
    assert block.body == EXPECTED_BODY
    assert len(block.warnings) == 2


def test_missing_folder_or_index_is_empty(tmp_path: Path) -> None:
    assert compose_personal(tmp_path / "nope").text == ""
    (tmp_path / "memory").mkdir()
    block = compose_personal(tmp_path / "memory")
    assert block.text == "" and block.enabled and block.warnings == ()


def test_compose_prefix() -> None:
    assert compose_prefix("", "") == ""  # no custom-instructions note under nothing
    assert compose_prefix("P", "") == f"P\n\n{CUSTOM_PLACEHOLDER}"
    assert compose_prefix("P", "C", placeholder="X") == "P\n\nC\n\nX"
    assert compose_prefix("", "C", placeholder="") == "C"

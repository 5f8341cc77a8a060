"""One definition of a valid name (model.names) and the spelling rules built on it (services.common.spellings)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from creative_memory.model.characters import LEFT_OUT_MAX, longest_mention
from creative_memory.model.names import InvalidName, check_name, check_scope, is_name
from creative_memory.services.common import spelled_bytes, spellings
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.naming import valid_name, valid_project
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.ingest.ingest import validate_event

NFD = "NFD"

# Names people write: Hindi (vowel signs and virama are combining marks), Japanese, Arabic (with a
# haraka), Latin with accents, Persian with a zero-width non-joiner.
SCRIPTS = [
    "गहरा_नीला",
    "हल्का-रंग",
    "余白_広め",
    "ミニマル",
    "مساحة_واسعة",
    "خَط_عريض",
    "café_crème",
    "Ünïcödé-Überschrift",
    "می\u200cخواهم",
    "p_café",
]


def wire(**kw: Any) -> dict[str, Any]:
    ev: dict[str, Any] = {
        "event_id": "e1",
        "signal_type": "thumbs_up",
        "occurred_at": "2026-01-01T00:00:00Z",
        "patterns": [{"preference_type": "layout", "pattern": "airy", "polarity": "positive"}],
    }
    ev.update(kw)
    return ev


@pytest.mark.parametrize("name", SCRIPTS)
def test_names_in_every_script_are_valid_in_both_forms_and_stored_nfc(name: str) -> None:
    decomposed = unicodedata.normalize(NFD, name)
    assert check_name(name) == unicodedata.normalize("NFC", name)
    assert check_name(decomposed) == unicodedata.normalize("NFC", name)
    ev = validate_event(
        wire(
            event_id=decomposed,
            project_id=decomposed,
            patterns=[{"preference_type": decomposed, "pattern": decomposed, "polarity": "positive"}],
        )
    )
    nfc = unicodedata.normalize("NFC", name)
    assert (ev.event_id, ev.project_id, ev.patterns[0].pattern, ev.patterns[0].preference_type) == (nfc,) * 4
    assert valid_project(decomposed) == nfc


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("", "is empty"),
        ("a b", "contains a space"),
        ("p_nda ", "contains a space"),
        ("local\n", "U+000A"),
        ("a/b", "U+002F"),
        ("a.b", "U+002E"),
        ("abc\u202edcba", "U+202E"),
        ("x" * 129, "129 characters"),
        ("e\u0301" * 129, "129 characters"),  # 129 after NFC: é × 129
    ],
)
def test_invalid_names_get_one_sentence_naming_the_problem(value: str, problem: str) -> None:
    with pytest.raises(InvalidName, match=re.escape(problem)):
        check_name(value, "project id")
    with pytest.raises(InvalidInput, match=f"is not a project id: it .*{re.escape(problem)}"):
        valid_project(value)
    with pytest.raises(InvalidInput, match=re.escape(problem)):
        validate_event(wire(project_id=value))


def test_128_characters_after_normalisation_are_allowed() -> None:
    assert check_name("e\u0301" * 128) == "é" * 128


@settings(max_examples=400, deadline=None)
@given(st.text(min_size=0, max_size=6))
def test_the_wire_schema_and_every_other_entry_point_agree(value: str) -> None:
    """One engine: the wire model accepts exactly what check_name accepts, for any text."""
    try:
        validate_event(wire(event_id=value, project_id=value))
        wire_ok = True
    except InvalidInput:
        wire_ok = False
    assert wire_ok == is_name(value)
    if wire_ok:
        assert valid_name(value) == check_name(value) == unicodedata.normalize("NFC", value)


def test_scope_check() -> None:
    assert check_scope("global") == "global"
    assert check_scope(unicodedata.normalize(NFD, "project:p_café")) == "project:p_café"
    for bad in ("project:", "project:a b", "Global", "proj:x"):
        with pytest.raises(InvalidName):
            check_scope(bad)


# --------------------------------------------------------------------------- spellings
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("airy_spacing", "Airy Spacing"),
        ("airy_spacing", "AIRY-SPACING"),
        ("drop_shadows", "Drop_Shadows"),
        ("café", unicodedata.normalize(NFD, "CAFÉ")),
        ("straße", "STRASSE"),
        ("गहरा_नीला", "गहरा-नीला"),
    ],
)
def test_equivalent_spellings_share_the_canonical_form(a: str, b: str) -> None:
    assert canonical_name(a) == canonical_name(b)


def test_different_names_stay_different() -> None:
    assert canonical_name("airy_spacing") != canonical_name("airyspacing")
    assert canonical_name("p_1") != canonical_name("p_2")


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("airy_spacing", "keep it Airy Spacing please", True),
        ("airy_spacing", "AIRY-SPACING", True),
        ("airy_spacing", "airy, spacing", False),
        ("café_crème", unicodedata.normalize(NFD, "a CAFÉ CRÈME look"), True),
        ("गहरा_नीला", "रंग गहरा नीला है", True),
        ("余白_広め", "余白-広めにする", True),
    ],
)
def test_mentions_find_and_scrub_every_spelling(name: str, text: str, found: bool) -> None:
    m = spellings.Mentions([canonical_name(name)])
    assert m.found(text) is found
    scrubbed = m.scrub(text, "[x]")
    assert (scrubbed != text) is found
    assert not m.found(scrubbed)
    # The SQL prefilter never misses what the exact check finds.
    import sqlite3

    con = sqlite3.connect(":memory:")
    likes = spelled_bytes.Spelling(canonical_name(name)).likes()
    where = " OR ".join(["? LIKE ? ESCAPE '\\'"] * len(likes) + [spelled_bytes.exotic_sql("?")])
    args = [a for like in likes for a in (text, like)] + [text, text]
    hit = con.execute(f"SELECT {where}", args).fetchone()[0]
    assert bool(hit) or not found


@pytest.mark.parametrize("name", ["airy_spacing", "café_crème", "गहरा_नीला", "ΣΙΓΜΑ_σίγμα"])
def test_byte_needles_find_every_case_and_normalisation_form(name: str) -> None:
    """ASCII case and separators are folded; non-ASCII letters in any uniform case, and the stored
    spelling itself (forget passes every stored spelling), in NFC and NFD."""
    needles = spelled_bytes.byte_needles(canonical_name(name), [name])
    forms = {name, name.upper(), name.title(), name.replace("_", " "), name.upper().replace("_", "-")}
    for form in forms:
        for nf in ("NFC", NFD):
            data = spelled_bytes.fold_bytes(f"xx {unicodedata.normalize(nf, form)} yy".encode())
            assert any(n in data for n in needles), (form, nf)


def test_blocked_spans_match_every_mention_in_any_spelling() -> None:
    """A mention stands anywhere, inside a longer word too (decision 0076: scripts without spaces
    write no word boundary, and forget's scrub and the byte search find substrings alike)."""
    blocked = {canonical_name("drop_shadows"), canonical_name("गहरा_नीला")}
    text = "add Drop Shadows, DROP-SHADOWS and drop_shadows; drop shadowsy; रंग गहरा नीला"
    spans = spellings.blocked_spans(text, {len(b) for b in blocked}, blocked.__contains__)
    out = spellings.scrub_spans(text, spans, "[blocked]")
    assert out == "add [blocked], [blocked] and [blocked]; [blocked]y; रंग [blocked]"
    # blocks recorded before their length was: runs of whole words, as before
    legacy = spellings.blocked_spans(text, (), blocked.__contains__, legacy=True)
    out = spellings.scrub_spans(text, legacy, "[blocked]")
    assert out == "add [blocked], [blocked] and [blocked]; drop shadowsy; रंग [blocked]"


def test_a_name_holds_at_most_sixteen_characters_its_canonical_form_leaves_out() -> None:
    """Decision 0102: more, and a name would not be a mention of its own canonical form."""
    for filler in ("_", "-", "\u200d"):
        fits = "a_" + filler * LEFT_OUT_MAX + "b"  # "_" then the filler: every filler is left out
        assert check_name(fits) == fits
        assert len(fits) <= longest_mention(len(spellings.canonical_name(fits)))
        with pytest.raises(InvalidName, match="17 repeated separators or invisible characters"):
            check_name("a_" + filler * (LEFT_OUT_MAX + 1) + "b", "pattern")
    # separators apart count once each: a long name of many words is a name
    words = "_".join(["ab"] * 40)
    assert check_name(words) == words

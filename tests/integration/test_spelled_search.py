"""Issue 17.2: the erasure's byte search finds every spelling of the canonical name (docs/decisions/0029)
— any case of any script, mixed non-ASCII case never stored, composed or decomposed, ``-``/``_``/space
— in the store's files and in each live value alike, on real SQLite files."""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

from creative_memory.model.constants import Actor
from creative_memory.services.common.spelled_bytes import Spelling, Spellings, fold_bytes
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.forget.erasure_search import live_copies
from creative_memory.services.forget.spelled_search import count_spelled, search_spelled
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_780_000_000_000


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


@contextmanager
def messages(tmp_path: Path, texts: Sequence[str]) -> Iterator[tuple[Path, sqlite3.Connection]]:
    """A database of one table of Open Design's kind holding the texts, open."""
    db = tmp_path / "app.sqlite"
    con = sqlite3.connect(db)
    try:
        con.execute("CREATE TABLE messages (id INTEGER PRIMARY KEY, body TEXT)")
        with con:
            con.executemany("INSERT INTO messages (body) VALUES (?)", [(t,) for t in texts])
        yield db, con
    finally:
        con.close()


# (name, text holding spellings, how many) — mixed case, other normalisation, other separators count;
# a run of separators is one (decision 0076); another word, a separator inside a word, a dotless i
# are other names.
CASES = [
    ("café", f"cafÉ; CAFÉ; Café; {nfd('CaFé')}; café; caf-é; cafe", 5),
    ("été_doré", f"éTÉ DORé; {nfd('ÉtÉ-dOrÉ')}; Été_Doré; ete_dore", 3),
    ("straße", "STRASSE; strasse; Straße; STRAẞE; stra-sse", 4),
    ("καφές", "ΚαΦές; ΚΑΦΈΣ; καφέσ; καφεσ", 3),
    ("кофе_латте", "КоФе ЛАТТЕ; кофе-латте; кофелатте", 2),
    ("ırmak", "IRMAK; ırmak; Irmak", 1),
    ("İstanbul", f"İSTANBUL; {nfd('İstanbul')}; istanbul", 2),
    ("airy_spacing", "Airy Spacing; AIRY-SPACING; airy__spacing; airyspacing", 3),
]


@pytest.mark.parametrize(("name", "text", "n"), CASES)
def test_every_spelling_is_counted_in_bytes(name: str, text: str, n: int) -> None:
    assert Spelling(canonical_name(name)).count(fold_bytes(text.encode())) == n


@pytest.mark.parametrize(("name", "text", "n"), CASES)
def test_the_file_search_and_the_live_count_agree(name: str, text: str, n: int, tmp_path: Path) -> None:
    """A table of Open Design's holding the text: the file search finds each spelling once, the count
    of live values the same number (so the receipt can tell live text from a stale copy)."""
    with messages(tmp_path, text.split("; ")) as (db, con):
        names = Spellings([canonical_name(name)])
        assert count_spelled(db, names) == n
        assert sum((live_copies(con, names) or {}).values()) == n
        found = search_spelled(db, names)
        # the rows found by anchors alone hold every live copy when no copy lacks its anchor
        assert sum((live_copies(con, names, without_anchor=found.without_anchor) or {}).values()) == n


# (name, text, whether a mention is written without the ASCII letters of its anchor)
ANCHORS = [
    ("airy_spacing", "airy spacing", False),
    ("airy_spacing", "\u0430iry spacing", False),  # a Cyrillic а outside the anchor: it is still there
    ("airy_spacing", "airy sp\u0430cing", True),  # inside the anchor
    ("airy_spacing", "airy spa\u200bcing", True),  # an invisible character splits it
    (
        "airy_spacing",
        "\uff41\uff49\uff52\uff59 \uff53\uff50\uff41\uff43\uff49\uff4e\uff47",
        True,
    ),  # full width
    ("flat_design", "\ufb02at design", False),  # the ligature is outside the anchor "design"
]


@pytest.mark.parametrize(("name", "text", "unanchored"), ANCHORS)
def test_the_search_says_whether_a_mention_lacks_its_anchor_and_the_live_count_agrees(
    name: str, text: str, unanchored: bool, tmp_path: Path
) -> None:
    """A live copy written without its anchor is counted (its row found by the second half of the
    prefilter) exactly when the file search says such a copy is there; otherwise that half is left out
    and the count is the same."""
    with messages(tmp_path, [text, "nothing here", "spacing"]) as (db, con):
        names = Spellings([canonical_name(name)])
        for fast in (True, False):
            found = search_spelled(db, names, fast=fast)
            assert (found.mentions, found.without_anchor) == (1, unanchored), fast
        assert live_copies(con, names, without_anchor=unanchored) == {"messages": 1}
        if unanchored:  # without the second half, that copy would not be found
            assert not live_copies(con, names, without_anchor=False)


@pytest.mark.parametrize("name", ["airyspacing", "serifheadlines", "3dlandscapes"])
@pytest.mark.parametrize("follows", ["", "x", "_", "-", " ", "\x00", '"', "\u0301", "\u0327", "é", "\u200d"])
def test_a_hit_settled_by_the_byte_after_it_is_a_spelling(name: str, follows: str) -> None:
    """The quick answer (an ASCII byte or nothing after a whole-name anchor: a name without
    separators, whose anchor is all of it) never counts a hit that the full check refuses; a
    combining mark after it (which would change the last letter) is left to the full check."""
    spelling = Spelling(name)
    data = fold_bytes(f"x {name}{follows}yz".encode())
    pos = data.find(name.encode())
    assert spelling.whole
    if spelling.ends_at(data, pos, len(name)):
        assert spelling.at(data, pos, len(name))
    assert spelling.ends_at(data, pos, len(name)) == (not follows or follows.isascii())
    assert spelling.count(data) == int(spelling.at(data, pos, len(name)))


def test_a_combining_mark_after_the_name_makes_another_name(tmp_path: Path) -> None:
    """ "airy_spacinǵ" (a combining acute on the last letter) is not a spelling of airy_spacing; the
    file search and the live count both leave it out, and count the plain one beside it."""
    with messages(tmp_path, ["airy_spacing\u0301 here", "AIRY SPACING!"]) as (db, con):
        names = Spellings(["airy_spacing"])
        assert count_spelled(db, names) == 1
        assert sum((live_copies(con, names) or {}).values()) == 1


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store.open(DataDir(tmp_path / "od", "flag"))


def _event(i: int, ptype: str, pattern: str, diff: str | None = None) -> dict[str, object]:
    ev: dict[str, object] = {
        "event_id": f"e{i}",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-01-01T10:{i:02d}:00Z",
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
    }
    if diff is not None:
        ev["diff"] = diff
    return ev


@pytest.mark.parametrize(
    ("stored", "mixed"),
    [
        ("été_doré", "éTÉ DORé"),
        (nfd("été_doré"), nfd("ÉtÉ-dOrÉ")),
        ("καφές", "ΚαΦές"),
        ("straße", "STRAẞE"),
        ("кофе", "КоФе"),
    ],
)
def test_forget_finds_a_mixed_case_spelling_that_was_never_stored(
    stored: str, mixed: str, store: Store, blocks: BlockChecker
) -> None:
    """The pattern is stored in one spelling; a diff and Open Design's own table hold a mixed-case
    one. Forget scrubs the diff, and the receipt's byte search sees the copy in Open Design's data
    (which this program never changes) instead of calling the store clean."""
    evs = [validate_event(_event(i, "color", stored)) for i in range(3)]
    evs.append(validate_event(_event(9, "layout", "grid", diff=f"keep the {mixed} tone")))
    assert ingest_events(store, evs, default_user=USER, now=NOW, blocks=blocks).accepted == 4
    con = sqlite3.connect(store.path)
    try:
        con.execute("CREATE TABLE messages (id INTEGER PRIMARY KEY, body TEXT)")
        with con:
            con.execute("INSERT INTO messages (body) VALUES (?)", (f"I said {mixed}",))
    finally:
        con.close()
    r = forgetting.forget(
        store, USER, [erasure.Target("color", stored)], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    assert r.occurrences == 1 and r.verified, r.as_json()  # the copy in Open Design's table, and only it
    assert any("Open Design's own data" in n for n in r.notes)
    con = sqlite3.connect(store.path)
    try:
        (payload,) = con.execute(
            "SELECT payload FROM creative_memory_events WHERE event_id = 'e9'"
        ).fetchone()
        con.execute("DELETE FROM messages")
        con.commit()
    finally:
        con.close()
    assert (
        "[forgotten]" in payload and Spelling(canonical_name(stored)).count(fold_bytes(payload.encode())) == 0
    )
    forgetting.forget(
        store, USER, [erasure.Target("layout", "grid")], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    assert count_spelled(store.path, Spellings([canonical_name(stored)])) == 0

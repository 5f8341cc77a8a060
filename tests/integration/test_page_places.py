"""Where each copy the byte search finds lies in the database file (``page_places``, decision 0096):
page by page it must say exactly what the row-by-row count in SQL says (``live_copies``), and call
stale exactly the copies that count leaves unexplained — in stores of random shapes with page splits
(whose moved cells leave old bytes between the pointer array and the cells), deleted rows with and
without ``secure_delete``, dropped tables (free pages), and long values on overflow pages (which it
leaves to SQL)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from creative_memory.services.common.spelled_bytes import Spellings
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.forget.erasure import _placed
from creative_memory.services.forget.erasure_search import live_copies
from creative_memory.services.forget.page_places import place_copies
from creative_memory.services.forget.spelled_search import search_spelled

NAMES = ["airy_spacing", "drop_shadows", "serif_headlines", "sans_serif_headlines", "muted_palette"]
WORDS = ["calm", "bold", "grid", "card", "hero", "tone", "flat", "soft"]


def _trees(con: sqlite3.Connection) -> list[tuple[str, str, int]]:
    rows = con.execute("SELECT tbl_name, name, rootpage FROM sqlite_master WHERE rootpage > 0").fetchall()
    return [("sqlite_master", "sqlite_master", 1), *((str(t), str(n), int(r)) for t, n, r in rows)]


def _store(path: Path, seed: int, *, long_values: bool = False) -> None:
    rnd = random.Random(seed)
    con = sqlite3.connect(path)
    con.execute("PRAGMA page_size=1024")  # small pages: many splits from few rows
    con.execute(f"PRAGMA secure_delete={'ON' if seed % 2 else 'OFF'}")
    con.execute("CREATE TABLE prefs (id INTEGER PRIMARY KEY, kind TEXT, pattern TEXT, note TEXT)")
    con.execute("CREATE INDEX ix_prefs ON prefs (kind, pattern, note)")
    con.execute("CREATE TABLE scratch (id INTEGER PRIMARY KEY, body TEXT)")
    rows = []
    for i in range(rnd.randint(300, 900)):
        name = rnd.choice(NAMES)
        words = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 8)))
        note = f"{words} {name.replace('_', ' ')} {words}" if rnd.random() < 0.5 else words
        if long_values and rnd.random() < 0.05:
            note = (note + " ") * 200  # past a 1 KB page: an overflow chain
        rows.append((i, rnd.choice(["layout", "type"]), name, note))
    rnd.shuffle(rows)  # inserted out of order: splits in the middle of the index
    con.executemany("INSERT INTO prefs VALUES (?, ?, ?, ?)", rows)
    con.executemany("INSERT INTO scratch (body) VALUES (?)", [(f"drop shadows {i}",) for i in range(200)])
    con.commit()
    con.execute("DELETE FROM prefs WHERE id % ? = 0", (rnd.randint(2, 5),))
    if rnd.random() < 0.5:
        con.execute("DROP TABLE scratch")  # its pages go to the freelist
    con.commit()
    con.close()


def _compare(path: Path, name: str) -> tuple[int, int, dict[str, int] | None]:
    names = Spellings({canonical_name(name)})
    found = search_spelled(path, names, places=True)
    con = sqlite3.connect(path)
    try:
        sql = live_copies(con, names, without_anchor=found.without_anchor)
        width = min(len(f) for s in names.names for f in s.forms)
        assert found.places is not None
        placed = place_copies(path, found.places.get(path, []), width, _trees(con))
        via_search = _placed(con, path, found, names)
    finally:
        con.close()
    assert placed is not None
    if placed.unplaced:
        assert via_search is None  # left to the count in SQL
        return found.mentions, placed.stale, None
    assert via_search is not None and via_search.live == placed.live
    assert placed.stale + sum(placed.live.values()) == found.mentions
    return found.mentions, placed.stale, placed.live if sql is None else sql


@pytest.mark.parametrize("seed", range(12))
def test_page_by_page_says_what_the_count_in_sql_says(tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"store-{seed}.sqlite"
    _store(path, seed)
    stale_seen = 0
    for name in NAMES:
        mentions, stale, live = _compare(path, name)
        names = Spellings({canonical_name(name)})
        con = sqlite3.connect(path)
        sql = live_copies(con, names)
        con.close()
        assert sql is not None
        assert live == sql, (name, live, sql)
        # what the count in SQL leaves unexplained is exactly what lies in unused space
        assert mentions - sum(sql.values()) == stale, (name, mentions, sql, stale)
        stale_seen += stale
    if seed % 2 == 0:  # deleted without secure_delete: their bytes stay where the cells were
        assert stale_seen > 0


def test_copies_on_overflow_pages_are_left_to_the_count_in_sql(tmp_path: Path) -> None:
    path = tmp_path / "long.sqlite"
    _store(path, 3, long_values=True)
    unplaced = 0
    for name in NAMES:
        mentions, _stale, live = _compare(path, name)
        unplaced += live is None and mentions > 0
    assert unplaced > 0


def test_a_file_that_is_not_a_database_places_nothing(tmp_path: Path) -> None:
    path = tmp_path / "not.sqlite"
    path.write_bytes(b"airy spacing " * 1000)
    assert place_copies(path, [0], 5, []) is None

"""A forgotten name's old copies in the unused space of our tables' pages are overwritten in place
(``page_wipe``, decision 0098): the forget is then verified without a VACUUM, every table's rows are
exactly what they were, and a wipe that finds the log written to since its checkpoint changes
nothing. The stale copies are made as SQLite makes them: rows inserted out of key order split pages,
whose rebuilt pages keep old bytes in their unused space; the named rows are then deleted with
``secure_delete`` on, which zeroes only the cells themselves."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest

from creative_memory.services.common.spelled_bytes import Spellings
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.forget.erasure import COMPACT_NOTE, Receipt, Target, _search, verify_erasure
from creative_memory.services.forget.page_wipe import WIPE_COLUMNS, _index_columns, wipe_stale
from creative_memory.services.store.store import Store

_PREFS = "creative_memory_preferences"
_NAME = "drop_shadows"
_OTHERS = ["airy_spacing", "serif_headlines", "muted_palette", "glossy_photography", "ample_gutters"]


def _columns(con: sqlite3.Connection, table: str) -> list[tuple[str, str]]:
    return [(str(r[1]), str(r[2]).upper()) for r in con.execute(f"PRAGMA table_info({table})")]


def _row(columns: list[tuple[str, str]], i: int, pattern: str, rnd: random.Random) -> list[Any]:
    values: dict[str, Any] = {
        "id": i,
        "user_id": "u",
        "scope": f"project:p_{i}",
        "preference_type": "layout",
        "pattern": pattern,
        "polarity": "positive",
        "state": json.dumps({"pattern": pattern, "note": "x" * rnd.randint(40, 400)}),
        "explicit_tags": "[]",
    }
    out = []
    for name, kind in columns:
        if name in values:
            out.append(values[name])
        elif kind.startswith(("INTEGER", "FLOAT")):
            out.append(0)
        else:
            out.append("")
    return out


def _stale_store(store: Store, seed: int) -> None:
    """Preferences inserted in shuffled order (page splits), then the named ones deleted."""
    rnd = random.Random(seed)
    with store.raw() as con:
        cols = _columns(con, _PREFS)
        rows = [
            _row(cols, i, _NAME if rnd.random() < 0.3 else rnd.choice(_OTHERS), rnd) for i in range(1, 1500)
        ]
        rnd.shuffle(rows)
        marks = ", ".join("?" for _ in cols)
        con.execute("BEGIN IMMEDIATE")
        con.executemany(f"INSERT INTO {_PREFS} VALUES ({marks})", rows)
        con.execute("COMMIT")
        con.execute("BEGIN IMMEDIATE")
        con.execute(f"DELETE FROM {_PREFS} WHERE pattern = ?", (_NAME,))
        con.execute("COMMIT")
    assert store.checkpoint_truncate()


def _tables(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    with store.raw() as con:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: con.execute(f'SELECT rowid, * FROM "{n}" ORDER BY rowid').fetchall() for n in names}


@pytest.mark.parametrize("seed", [3, 7])
def test_stale_copies_in_table_pages_are_wiped(store: Store, seed: int) -> None:
    names = Spellings({canonical_name(_NAME)})
    _stale_store(store, seed)
    found, live, stale = _search(store, names, account=True)
    assert live == {} and found > 0  # every copy is stale: the case under test
    tables = {n for n, t in stale.items() if t == _PREFS}
    assert tables
    before = _tables(store)

    with store.raw() as con:
        wipeable = set(_index_columns(con, set(stale.values())))
    assert wipe_stale(store, stale) >= len(tables) + sum(1 for t in stale.values() if t in wipeable)

    assert store.checkpoint_truncate()
    _found, _live, left = _search(store, names, account=True)
    # An index that ends with the pattern or the polarity is wiped through a row lengthened there
    # (its entry grows where it stands); another index's copy still needs a VACUUM.
    assert set(left.values()) <= set(stale.values()) - {_PREFS} - wipeable, left
    assert _tables(store) == before  # every row of every table, the change log and epochs included
    with store.raw() as con:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_stale_copy_in_an_index_page_is_wiped_through_a_row_lengthened_where_it_stands(
    store: Store,
) -> None:
    """Found on a regenerated L store: a stale index cell (SQLite rebuilt the page) in the space
    between an index page's cell pointers and its cells. A row's pattern, the index's last key, is
    lengthened and given back: its entry grows where it stands, and SQLite defragments the page."""
    names = Spellings({canonical_name(_NAME)})
    rnd = random.Random(5)
    with store.raw() as con:
        cols = _columns(con, _PREFS)
        rows = [_row(cols, i, rnd.choice(_OTHERS) + f"_{i}", rnd) for i in range(1, 1200)]
        con.execute("BEGIN IMMEDIATE")
        con.executemany(f"INSERT INTO {_PREFS} VALUES ({', '.join('?' for _ in cols)})", rows)
        con.execute("COMMIT")
        leaves = con.execute(
            "SELECT pageno FROM dbstat WHERE name = 'ix_cm_prefs_user_pattern' AND pagetype = 'leaf' ORDER BY pageno"
        ).fetchall()
        size = int(con.execute("PRAGMA page_size").fetchone()[0])
    assert store.checkpoint_truncate()
    number = int(leaves[len(leaves) // 2][0])
    data = bytearray(store.path.read_bytes())
    at = (number - 1) * size
    cells = int.from_bytes(data[at + 3 : at + 5], "big")
    gap_start, gap_end = at + 8 + 2 * cells, at + int.from_bytes(data[at + 5 : at + 7], "big")
    assert gap_end - gap_start > 40, "the page must have room between its pointers and its cells"
    mid = (gap_start + gap_end) // 2
    data[mid : mid + len(_NAME)] = _NAME.encode()  # an old copy, as SQLite leaves one
    store.path.write_bytes(bytes(data))
    found, live, stale = _search(store, names, account=True)
    assert found == 1 and live == {} and stale == {number: "ix_cm_prefs_user_pattern"}, stale
    before = _tables(store)
    assert wipe_stale(store, stale) == 1
    assert store.checkpoint_truncate()
    assert _search(store, names, account=True)[0] == 0
    assert _tables(store) == before
    with store.raw() as con:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_forget_check_wipes_them_itself(store: Store) -> None:
    _stale_store(store, seed=3)  # stale copies in the table's pages only
    receipt = Receipt(checkpointed=True)
    verify_erasure(store, "u", [Target("layout", _NAME)], receipt)
    assert receipt.verified
    assert receipt.occurrences == 0
    assert COMPACT_NOTE not in receipt.notes


def test_a_log_written_since_the_checkpoint_leaves_the_pages_alone(store: Store) -> None:
    names = Spellings({canonical_name(_NAME)})
    _stale_store(store, seed=3)
    _found, _live, stale = _search(store, names, account=True)
    assert stale
    with store.raw() as con:  # kept open: the last connection to close would empty the log
        con.execute("PRAGMA wal_autocheckpoint=0")
        con.execute(
            "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
            "VALUES (1, 'u', 'cli', 'x', '', 'ok')"
        )
        before = _tables(store)
        assert wipe_stale(store, stale) == 0
        assert _tables(store) == before


def test_each_wiped_column_is_text_no_index_holds() -> None:
    """What lets a wipe change nothing but the page: the lengthened value is in no index."""
    from creative_memory.model.tables import Base

    for table, column in WIPE_COLUMNS.items():
        t = Base.metadata.tables[table]
        assert column in t.c and not t.c[column].nullable
        assert all(column not in {c.name for c in ix.columns} for ix in t.indexes), (table, column)


def test_a_store_that_cannot_be_written_now_is_left_as_it_is(store: Store) -> None:
    """Another program holds the write lock past the lock budget: the wipe rewrites nothing and
    says nothing more than that (the forget's receipt then asks for --compact, as before)."""
    names = Spellings({canonical_name(_NAME)})
    _stale_store(store, seed=3)
    _found, _live, stale = _search(store, names, account=True)
    assert stale
    before = _tables(store)
    other = sqlite3.connect(store.path, timeout=0.1)
    try:
        other.execute("BEGIN IMMEDIATE")
        assert wipe_stale(store, stale) == 0
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert _tables(store) == before

"""Many rows per statement store what one statement per row stored (``services.store.row_batches``), and
the incremental write-back's list of indexed columns matches the schema (``pref_writer.PrefWriter``).

* a multi-row insert and an ``UPDATE … FROM (VALUES …)`` leave the same rows, types and rowids as
  ``executemany`` of the single-row statements, also when the rows are split over several
  statements by the variable limit;
* the preferences' epoch triggers still run for such an update (a retrieval's kept counts learn
  that the rows changed);
* every non-key column an index or the epoch trigger names is in ``INDEXED_COLUMNS``: an update
  that rewrites a "plain" column with its own value then touches no index.
"""

from __future__ import annotations

import re
import sqlite3
from typing import Any

import pytest

from creative_memory.model.tables import Preference
from creative_memory.services.derivation import pref_writer
from creative_memory.services.derivation.derivation_rows import KEY_COLUMNS, PREF_COLUMNS
from creative_memory.services.store import row_batches
from creative_memory.services.store.row_batches import insert_many, update_many
from creative_memory.services.store.store import Store

TABLE = "t"
COLUMNS = ("i", "r", "s", "b", "n")


def _table(con: sqlite3.Connection) -> None:
    # Affinities as the store's columns have them (INTEGER, FLOAT, VARCHAR, TEXT) and a NOT NULL.
    con.execute(
        f"CREATE TABLE {TABLE} (id INTEGER PRIMARY KEY, i INTEGER, r FLOAT, s VARCHAR(8), b TEXT, n INTEGER NOT NULL)"
    )


ROWS: list[tuple[Any, ...]] = [
    (1, 0.1 + 0.2, "a", "x", 0),
    (2.0, 1, "b'\"", None, 5),  # 2.0 into INTEGER is stored as 2; 1 into FLOAT as 1.0
    ("3", 1e-300, None, "é\u2028", -1),
    (None, float("inf"), "7", "[]", 2**62),
    *((k, k / 7, f"p{k}", f"q{k}", k) for k in range(40)),
]


def _dump(con: sqlite3.Connection) -> list[tuple[Any, ...]]:
    return con.execute(
        f"SELECT id, i, typeof(i), r, typeof(r), s, typeof(s), b, n FROM {TABLE} ORDER BY id"
    ).fetchall()


@pytest.mark.parametrize("limit", [999, 12])  # 12 variables: a statement of 2 rows, many statements
def test_insert_many_stores_what_executemany_stores(limit: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(row_batches, "MAX_ROWS", 9)  # 44 rows: five statements (or 22 by the limit)
    one, many = sqlite3.connect(":memory:"), sqlite3.connect(":memory:")
    for con in (one, many):
        _table(con)
    one.executemany(f"INSERT INTO {TABLE} ({', '.join(COLUMNS)}) VALUES (?, ?, ?, ?, ?)", ROWS)
    many.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, limit)
    insert_many(many, TABLE, COLUMNS, ROWS)
    assert _dump(many) == _dump(one)


@pytest.mark.parametrize("limit", [999, 7])
def test_update_many_stores_what_executemany_stores(limit: int) -> None:
    one, many = sqlite3.connect(":memory:"), sqlite3.connect(":memory:")
    for con in (one, many):
        _table(con)
        con.executemany(f"INSERT INTO {TABLE} ({', '.join(COLUMNS)}) VALUES (?, ?, ?, ?, ?)", ROWS)
    changes = [(f"new{k}", k * 0.5, k + 1) for k in range(0, len(ROWS), 3)]  # (b, r, id)
    one.executemany(f"UPDATE {TABLE} SET b = ?, r = ? WHERE id = ?", changes)
    many.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, limit)
    update_many(many, TABLE, ("b", "r"), changes)
    assert _dump(many) == _dump(one)


def test_update_many_runs_the_epoch_triggers(store: Store) -> None:
    with store.raw() as con:
        con.execute("BEGIN IMMEDIATE")
        values = _pref_values("local", "global", "color", "teal")
        insert_many(con, Preference.__tablename__, PREF_COLUMNS, [values])
        con.execute("COMMIT")
        (epoch,) = con.execute(
            "SELECT epoch FROM creative_memory_pref_epochs WHERE user_id = 'local'"
        ).fetchone()
        (pid,) = con.execute(f"SELECT id FROM {Preference.__tablename__}").fetchone()
        update_many(con, Preference.__tablename__, ("strength", "cache_key"), [(0.9, "k2", pid)])
        (after,) = con.execute(
            "SELECT epoch FROM creative_memory_pref_epochs WHERE user_id = 'local'"
        ).fetchone()
        assert after != epoch
        row = con.execute(f"SELECT strength, cache_key FROM {Preference.__tablename__}").fetchone()
        assert row == (0.9, "k2")


def _pref_values(user: str, scope: str, ptype: str, pattern: str) -> tuple[Any, ...]:
    base: dict[str, Any] = {
        "user_id": user, "scope": scope, "project_id": None, "preference_type": ptype, "pattern": pattern,
        "polarity": "positive", "strength": 0.5, "confidence": "medium", "status": "stable",
        "decay_at": 10, "sources": "[]", "explicit_tags": "[]", "accept_count": 1, "reject_count": 0,
        "pairwise_count": 0, "first_seen": 1, "last_seen": 1, "reversal_signals": 0, "shadow_of": None,
        "demoted_by": None, "decay_count": 0, "last_seq": 1, "derivation_version": "v", "cache_key": "k",
        "evaluated_at": 1, "last_injected_at": None, "state": "{}",
    }  # fmt: skip
    return tuple(base[c] for c in PREF_COLUMNS)


def test_indexed_columns_cover_every_index_and_the_epoch_trigger(store: Store) -> None:
    table = Preference.__tablename__
    non_key = set(PREF_COLUMNS[KEY_COLUMNS:])
    with store.raw() as con:
        texts = [
            sql
            for (sql,) in con.execute(
                "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
                (table,),
            )
        ]
        unique = [r[1] for r in con.execute(f"PRAGMA index_list({table})") if r[3] == "u"]
        for name in unique:  # the unique key's automatic index has no SQL text
            texts.append(" ".join(r[2] for r in con.execute(f"PRAGMA index_info({name})")))
    named: set[str] = set()
    for sql in texts:
        if " TRIGGER " in sql.upper():
            watched = re.search(r"UPDATE OF (.*?) ON ", sql, re.S)
            sql = watched.group(1) if watched else ""
        named |= set(re.findall(r"[a-z_]+", sql)) & non_key
    assert named, "no index found"
    assert named <= set(pref_writer.INDEXED_COLUMNS)
    assert set(pref_writer.INDEXED_COLUMNS) <= non_key


@pytest.mark.parametrize("rows", [0, 1, 3, 5, 255, 256, 257, 1000, 1023])
def test_statement_sizes_cover_the_rows_with_few_distinct_sizes(rows: int) -> None:
    con = sqlite3.connect(":memory:")
    sizes = row_batches._sizes(con, 28, rows)
    assert sum(sizes) == rows
    assert all(1 <= n <= row_batches.MAX_ROWS for n in sizes)
    assert set(sizes) <= {256, 64, 16, 4, 1}  # the statements a connection keeps prepared
    con.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)  # 35 rows of 28 values
    sizes = row_batches._sizes(con, 28, rows)
    assert sum(sizes) == rows
    assert set(sizes) <= {35, 16, 4, 1}

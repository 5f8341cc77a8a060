"""Many names at once (the window's "Forget all shown", a forget of hundreds of patterns): the SQL
that looks for any of their spellings nests its conditions as a balanced tree, so SQLite never
refuses it as "Expression tree is too large", and the live count of copies that the erasure check
makes for them answers as it does for one name."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from creative_memory.services.common.like import any_of
from creative_memory.services.common.spelled_bytes import Spellings
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.forget.erasure_search import live_copies


def _names(n: int) -> list[str]:
    """``n`` names that share no word (each has anchors of its own)."""
    letters = "bcdfghjklmnpqrstvwxz"

    def word(i: int, salt: int) -> str:
        return "".join(letters[(i // 20**k + salt * (k + 1)) % 20] for k in range(4)) + "o"

    return [f"{word(i, 1)}_{word(i, 7)}" for i in range(n)]


def test_a_chain_of_or_this_long_is_refused_and_the_balanced_tree_is_not() -> None:
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE t (v TEXT)")
    con.executemany("INSERT INTO t VALUES (?)", [(f"x{i}",) for i in range(50)])
    terms = [f"v = 'x{i}'" for i in range(3000)]
    with pytest.raises(sqlite3.OperationalError, match="too large"):
        con.execute(f"SELECT count(*) FROM t WHERE {' OR '.join(terms)}").fetchone()
    assert con.execute(f"SELECT count(*) FROM t WHERE {any_of(terms)}").fetchone() == (50,)
    assert con.execute(f"SELECT count(*) FROM t WHERE {any_of(terms[7:8])}").fetchone() == (1,)
    assert con.execute(f"SELECT count(*) FROM t WHERE {any_of([])}").fetchone() == (0,)


def test_the_live_count_of_many_names_answers_as_for_each_name_alone(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite"
    con = sqlite3.connect(path)
    names = _names(600)
    con.execute("CREATE TABLE prefs (id INTEGER PRIMARY KEY, kind TEXT, pattern TEXT, note TEXT)")
    con.execute("CREATE INDEX ix_prefs_pattern ON prefs (kind, pattern)")
    rows = [(i, "layout", name, f"seen {name.replace('_', ' ')} twice") for i, name in enumerate(names)]
    con.executemany("INSERT INTO prefs VALUES (?, ?, ?, ?)", rows)
    con.commit()
    every = live_copies(con, Spellings({canonical_name(n) for n in names}))
    alone = [live_copies(con, Spellings({canonical_name(n)})) for n in names[:5]]
    con.close()
    assert every is not None and all(a is not None for a in alone)
    # each name: its row, its index entry and its mention in the note
    assert [sum(a.values()) for a in alone if a is not None] == [3] * 5
    assert every == {"prefs": 3 * len(names)}

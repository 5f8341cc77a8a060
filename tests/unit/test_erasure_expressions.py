"""Exact live-copy counts over indexes on expressions: integer casts count like integer columns
(migration 0007's ranked indexes); any other expression makes the count impossible (None)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from creative_memory.services.forget import erasure_search


def _store(tmp_path: Path, index: str) -> sqlite3.Connection:
    con = sqlite3.connect(tmp_path / "t.sqlite")
    con.execute("CREATE TABLE prefs (id INTEGER PRIMARY KEY, pattern TEXT, state TEXT)")
    con.executemany(
        "INSERT INTO prefs (pattern, state) VALUES (?, ?)",
        [("airy_spacing", '{"created_at":17,"x":1}'), ("dense_grids", '{"created_at":5,"x":2}')],
    )
    con.execute(index)
    con.commit()
    return con


def test_integer_casts_are_counted_like_integer_columns(tmp_path: Path) -> None:
    con = _store(
        tmp_path, "CREATE INDEX ix ON prefs (CAST(substr(state, 15) AS INTEGER) DESC, pattern) WHERE id > 0"
    )
    # The row holds the pattern once and the index entry once more.
    assert erasure_search.live_copies(con, [b"airy_spacing"]) == {"prefs": 2}


def test_another_expression_cannot_be_counted(tmp_path: Path) -> None:
    con = _store(tmp_path, "CREATE INDEX ix ON prefs (lower(pattern))")
    assert erasure_search.live_copies(con, [b"airy_spacing"]) is None
    assert erasure_search._integer_expressions("CREATE INDEX ix ON prefs (lower(pattern))") is None
    assert (
        erasure_search._integer_expressions(
            "CREATE INDEX ix ON t (user_id, strength DESC, CAST(substr(state, instr(state, '\"a,b\":') + 4) AS INTEGER), "
            "pattern) WHERE status = 'stable'"
        )
        == 1
    )

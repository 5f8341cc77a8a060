"""Ties at the edge of a bounded read, in the engine's first-seen order (docs/decisions/0022).

The retrieval indexes order records by strength (then pattern); the engine orders equal strengths
by where the fold created each record, which lives in the fold state, not in a column. When a
read stops inside a run of equal strengths, these helpers read just the ids and creation
positions of that run (``json_extract`` on the run's rows, no full rows), so the rows taken are
exactly the first ones in the engine's order and the rest wait, in order, for a deeper read.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

TABLE = "creative_memory_preferences"
_TIE_COLS = (
    "id, json_extract(state, '$.created_at'), json_extract(state, '$.created_seq'), "
    "json_extract(state, '$.created_item'), preference_type, pattern, polarity"
)

TieRow = tuple[int, int | None, int | None, int | None, str, str, str]


def _ordered(rows: list[TieRow]) -> list[int]:
    """Ids in the engine's order among records of one scope and strength (services/engine/order.py)."""
    rows.sort(key=lambda r: (r[1] or 0, r[2] or 0, r[3] or 0, r[4], r[5], r[6]))
    return [r[0] for r in rows]


def tied(
    con: sqlite3.Connection, index: str, where: str, params: Sequence[object], strength: float
) -> list[int]:
    """Every record matching ``where`` (numbered parameters ``params``) with this strength, in order."""
    sql = (
        f"SELECT {_TIE_COLS} FROM {TABLE} INDEXED BY {index} WHERE {where} AND strength = ?{len(params) + 1}"
    )
    return _ordered(con.execute(sql, (*params, strength)).fetchall())


def in_order(con: sqlite3.Connection, ids: Sequence[int]) -> list[int]:
    """``ids`` (records of one scope and strength) in the engine's order."""
    if not ids:
        return []
    sql = f"SELECT {_TIE_COLS} FROM {TABLE} WHERE id IN ({','.join('?' * len(ids))})"
    return _ordered(con.execute(sql, list(ids)).fetchall())


def split(strengths: Sequence[float], run: list[int]) -> tuple[list[int], list[int]]:
    """For rows read (their ``strengths``, in index order) down to a run of equal strengths: the
    ids of the run to take — as many as were read of it, first in the engine's order — and the
    ids that wait. ``run`` is the whole run, in that order."""
    k = sum(1 for s in strengths if s == strengths[-1])
    return run[:k], run[k:]

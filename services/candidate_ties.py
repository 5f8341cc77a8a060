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
# The state JSON starts with the creation position and the provisional mark
# (services/derivation.state_json): the first bytes of the text are enough, no JSON parse.
HEAD_CHARS = 120
HEAD = f"substr(state, 1, {HEAD_CHARS})"
_TIE_COLS = f"id, {HEAD}, preference_type, pattern, polarity"
_PREFIX = '{"created_at":'

Head = tuple[int, int, int, bool]  # (created_at, created_seq, created_item, provisional)


def parse_head(text: str | None) -> Head:
    """``(created_at, created_seq, created_item, provisional)`` from the first bytes of a state
    JSON; zeros for a state that does not start with them (derived by older rules)."""
    if not text or not text.startswith(_PREFIX):
        return (0, 0, 0, False)
    parts = text.split(",", 4)
    return (
        int(parts[0][14:]),
        int(parts[1].partition(":")[2]),
        int(parts[2].partition(":")[2]),
        parts[3].endswith("true"),
    )


def _ordered(rows: list[tuple[int, str, str, str, str]]) -> list[int]:
    """Ids in the engine's order among records of one scope and strength (services/engine/order.py)."""
    keyed = [(*parse_head(r[1])[:3], r[2], r[3], r[4], r[0]) for r in rows]
    keyed.sort()
    return [k[-1] for k in keyed]


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

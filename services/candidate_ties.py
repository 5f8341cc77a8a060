"""Ties at the edge of a bounded read, in the engine's first-seen order (docs/decisions/0022).

The retrieval indexes order records by strength (then pattern); the engine orders equal strengths
by where the fold created each record, which lives in the fold state, not in a column. The state
text opens with that position (``services.derivation.state_json``), so the first bytes of it
(``HEAD``) order a run of equal strengths without parsing any JSON. A read of the first ``n``
records of a group peeks at one more: only when that one continues the run of the last strength
read are the run's first records taken in the engine's order, sorted by SQLite (``RUN_ORDER``),
and the rest of the run is read the same way, further on, when a stage asks for it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

TABLE = "creative_memory_preferences"
HEAD_CHARS = 100  # the four fields take at most 93 characters
HEAD = f"substr(state, 1, {HEAD_CHARS})"
HEAD_AT = 21  # where services.candidates puts HEAD in its rows
_PREFIX = '{"created_at":'

Head = tuple[int, int, int, bool]  # (created_at, created_seq, created_item, provisional)


@lru_cache(maxsize=16384)
def parse_head(text: str | None) -> Head:
    """``(created_at, created_seq, created_item, provisional)`` from the first bytes of a state
    JSON; zeros for a state that does not start with them (derived by older rules). Cached: a
    pure function of the text, called for every row a retrieval reads."""
    if not text or not text.startswith(_PREFIX):
        return (0, 0, 0, False)
    parts = text.split(",", 4)
    return (
        int(parts[0][14:]),
        int(parts[1][14:]),
        int(parts[2][15:]),
        parts[3].endswith("true"),
    )


def row_order(row: Sequence[Any]) -> tuple[int, int, int, str, str, str]:
    """The engine's order among rows of one scope and strength (services/engine/order.py)."""
    at, seq, item, _provisional = parse_head(row[HEAD_AT])
    return (at, seq, item, row[2], row[3], row[4])


# The engine's order within a run of equal strengths, in SQL: the creation position read from the
# head of the state text (numbers, not JSON), then the key. SQLite sorts the run; only the rows
# taken are returned.
RUN_ORDER = (
    "CAST(substr(state, 15) AS INTEGER), "
    "CAST(substr(state, instr(state, '\"created_seq\":') + 14) AS INTEGER), "
    "CAST(substr(state, instr(state, '\"created_item\":') + 15) AS INTEGER), "
    "preference_type, pattern, polarity"
)


def cut(
    rows: list[Any], peek: Any | None, first_of_run: Callable[[float, int], list[Any]]
) -> tuple[list[Any], bool]:
    """``rows``: the first records read in the index's order (strength is ``row[5]``); ``peek``:
    the next one, if any; ``first_of_run(strength, k)``: the first ``k`` records of that strength
    in the engine's order. Returns the rows to take, in the engine's order, and whether the run of
    the last strength goes on past them."""
    edge = rows[-1][5]
    above = [r for r in rows if r[5] != edge]
    at_edge = [r for r in rows if r[5] == edge]
    if peek is None or peek[5] != edge:
        return above + sorted(at_edge, key=row_order), False
    return above + first_of_run(edge, len(at_edge)), True


def in_order(con: sqlite3.Connection, ids: Sequence[int]) -> list[int]:
    """``ids`` (records of one scope and strength) in the engine's order."""
    if not ids:
        return []
    rows = con.execute(
        f"SELECT id, {HEAD}, preference_type, pattern, polarity FROM {TABLE} WHERE id IN "
        f"({','.join('?' * len(ids))})",
        list(ids),
    ).fetchall()
    keyed = sorted((*parse_head(h)[:3], t, p, pol, i) for i, h, t, p, pol in rows)
    return [k[-1] for k in keyed]

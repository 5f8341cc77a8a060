"""Ties at the edge of a bounded read, in the engine's first-seen order (docs/decisions/0022).

The retrieval indexes order records by strength (then pattern); the engine orders equal strengths
by where the fold created each record, which lives in the fold state, not in a column. The state
text opens with that position (``services.derivation.state_json``), so the first bytes of it
(``HEAD``) order a run of equal strengths without parsing any JSON. A read of the first ``n``
records of a group peeks at one more: only when that one continues the run of the last strength
read is the whole run read and its first records taken in the engine's order; the others wait.
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


def cut(rows: list[Any], peek: Any | None, run: Callable[[float], list[Any]]) -> tuple[list[Any], list[Any]]:
    """``rows``: the first records read in the index's order (strength is ``row[5]``); ``peek``:
    the next one, if any; ``run(strength)``: every record of that strength. Returns the rows to
    take, in the engine's order, and the rest of the last strength's run, in order, to take later."""
    edge = rows[-1][5]
    above = [r for r in rows if r[5] != edge]
    at_edge = [r for r in rows if r[5] == edge]
    if peek is None or peek[5] != edge:
        return above + sorted(at_edge, key=row_order), []
    whole = sorted(run(edge), key=row_order)
    return above + whole[: len(at_edge)], whole[len(at_edge) :]


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

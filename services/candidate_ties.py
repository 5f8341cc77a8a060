"""Ties at the edge of a bounded read, in the engine's first-seen order (docs/decisions/0022).

The retrieval indexes order records by strength (then pattern); the engine orders equal strengths
by where the fold created each record (``services/engine/order.py``), which lives in the fold
state, not in a column. The state text opens with that position (``derivation.state_json``), so
its first bytes (``HEAD``) give it without parsing JSON.

A read of the first ``n`` records of a group peeks at one more. Only when that one continues the
run of the last strength read is the whole run ordered: its members' identities come from the
index, their creation positions from ``Positions``, and the rows taken are the run's first ones in
the engine's order; the rest of the run waits, in order, for a deeper read.

``Positions`` keeps the creation positions it has read for as long as the store's derivation is
the same (its cache key and highest sequence number): a position is a function of the events
alone, so repeated retrievals read each one once.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

TABLE = "creative_memory_preferences"
HEAD_CHARS = 100  # the four fields take at most 93 characters
HEAD = f"substr(state, 1, {HEAD_CHARS})"
HEAD_AT = 21  # where services.candidates puts HEAD in its rows
_PREFIX = '{"created_at":'

Head = tuple[int, int, int, bool]  # (created_at, created_seq, created_item, provisional)
Position = tuple[int, int, int]
RecKey = tuple[str, str, str, str]  # (scope, preference_type, pattern, polarity)


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


# (database file, user) -> (derivation identity, positions read under it)
_KEPT: dict[tuple[str, str], tuple[tuple[Any, ...], dict[RecKey, Position]]] = {}


class Positions:
    """Creation positions of records, read once per derivation of a store (see the module notes)."""

    def __init__(self, con: sqlite3.Connection, user_id: str) -> None:
        ident = con.execute(
            "SELECT cache_key, max_seq, derivation_version FROM creative_memory_derivations WHERE user_id = ?",
            (user_id,),
        ).fetchone()
        self.known: dict[RecKey, Position] = {}
        if ident is None:  # rows not written by a derivation: nothing is kept
            return
        where = (str(con.execute("PRAGMA database_list").fetchone()[2]), user_id)
        kept = _KEPT.get(where)
        if kept is None or kept[0] != tuple(ident):
            kept = _KEPT[where] = (tuple(ident), {})
        self.known = kept[1]

    def order(self, con: sqlite3.Connection, members: list[tuple[int, str, str, str, str]]) -> list[int]:
        """Ids of ``members`` — ``(id, scope, type, pattern, polarity)`` of one scope and
        strength — in the engine's order."""
        known = self.known
        missing = [m[0] for m in members if m[1:] not in known]
        for i in range(0, len(missing), 500):
            chunk = missing[i : i + 500]
            for _id, scope, ptype, pattern, polarity, head in con.execute(
                f"SELECT id, scope, preference_type, pattern, polarity, {HEAD} FROM {TABLE} "
                f"WHERE id IN ({','.join('?' * len(chunk))})",
                chunk,
            ):
                known[(scope, ptype, pattern, polarity)] = parse_head(head)[:3]
        members.sort(key=lambda m: (*known[m[1:]], m[2], m[3], m[4]))
        return [m[0] for m in members]


def in_order(con: sqlite3.Connection, positions: Positions, ids: Sequence[int]) -> list[int]:
    """``ids`` (records of one scope and strength) in the engine's order."""
    if not ids:
        return []
    members = con.execute(
        f"SELECT id, scope, preference_type, pattern, polarity FROM {TABLE} WHERE id IN "
        f"({','.join('?' * len(ids))})",
        list(ids),
    ).fetchall()
    return positions.order(con, members)

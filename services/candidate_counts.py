"""What a bounded candidate read (``services.candidates``) counts over whole scopes, kept in the
store's memo between retrievals while the user's preference epoch stays the same."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from creative_memory.model.constants import INJECTION_THRESHOLD, Status
from creative_memory.model.tables import SQL_ELIGIBLE, sql_eligible
from creative_memory.services import candidate_ties as ties

TABLE = "creative_memory_preferences"
_EPOCHS = "creative_memory_pref_epochs"

# (global id, polarity, type, pattern, strength, id of the project record hiding it, the global's
# first-seen place)
HiddenPair = tuple[int, str, str, str, float, int, tuple[int, int, int]]


def _count(con: sqlite3.Connection, where: str, params: Sequence[object]) -> int:
    return int(con.execute(f"SELECT count(*) FROM {TABLE} WHERE {where}", params).fetchone()[0])


@dataclass(frozen=True)
class Counted:
    """What a bounded read counts over whole scopes: per scope (all records, those over the
    threshold in any status, the stable ones over it, eligible per (polarity, type)), and the
    eligible globals the project hides with the records hiding them and their first-seen place."""

    scopes: dict[str, tuple[int, int, int, list[tuple[str, str, int]]]]
    pairs: list[HiddenPair]


def counted_scopes(
    con: sqlite3.Connection,
    user_id: str,
    scopes: tuple[str, ...],
    project_scope: str | None,
    memo: dict[object, object] | None,
) -> Counted:
    """The scope counts, reused from ``memo`` while the user's preference epoch is unchanged.

    The epoch (``creative_memory_pref_epochs``, migration 0007) is set to a new random number by
    triggers on every insert, delete or update of a counted column of the user's preferences,
    in the same transaction, so an equal epoch read in this snapshot means equal rows to count;
    ``last_injected_at`` (set by every recorded retrieval) is not watched."""
    row = con.execute(f"SELECT epoch FROM {_EPOCHS} WHERE user_id = ?", (user_id,)).fetchone()
    key = ("candidates.counted", user_id, scopes, project_scope)
    if memo is not None and row is not None:
        hit = memo.get(key)
        if isinstance(hit, tuple) and hit[0] == row[0]:
            counted: Counted = hit[1]
            return counted
    statuses = ", ".join(f"'{x}'" for x in Status)
    per_scope: dict[str, tuple[int, int, int, list[tuple[str, str, int]]]] = {}
    for scope in scopes:
        per_scope[scope] = (
            _count(con, "user_id = ? AND scope = ?", (user_id, scope)),
            _count(
                con,
                f"user_id = ? AND scope = ? AND status IN ({statuses}) AND strength >= {INJECTION_THRESHOLD}",
                (user_id, scope),
            ),
            _count(
                con,
                f"user_id = ? AND scope = ? AND status = 'stable' AND strength >= {INJECTION_THRESHOLD}",
                (user_id, scope),
            ),
            con.execute(
                f"SELECT polarity, preference_type, count(*) FROM {TABLE} INDEXED BY ix_cm_prefs_rank "
                f"WHERE user_id = ? AND scope = ? AND {SQL_ELIGIBLE} GROUP BY 1, 2",
                (user_id, scope),
            ).fetchall(),
        )
    pairs: list[HiddenPair] = []
    if "global" in scopes and project_scope is not None:
        rows = con.execute(
            f"SELECT g.id, g.polarity, g.preference_type, g.pattern, g.strength, o.id, {ties.HEAD_OF_G} "
            f"FROM {TABLE} AS g INDEXED BY ix_cm_prefs_rank JOIN {TABLE} AS o "
            "ON o.user_id = g.user_id AND o.scope = ? AND o.preference_type = g.preference_type "
            f"AND o.pattern = g.pattern WHERE g.user_id = ? AND g.scope = 'global' AND {sql_eligible('g')}",
            (project_scope, user_id),
        ).fetchall()
        pairs = [(*r[:6], ties.parse_head(r[6])[:3]) for r in rows]
    counted = Counted(per_scope, pairs)
    if memo is not None and row is not None:
        memo[key] = (row[0], counted)
    return counted

"""What a bounded candidate read (``services.retrieval.candidates``) counts over whole scopes, kept in the
store's memo between retrievals while the user's preference epoch stays the same."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from creative_memory.model.constants import INJECTION_THRESHOLD, Status
from creative_memory.model.tables import SQL_ELIGIBLE, sql_eligible
from creative_memory.services.retrieval import candidate_ties as ties

TABLE = "creative_memory_preferences"
_EPOCHS = "creative_memory_pref_epochs"

# An eligible global hidden by the project: (id, polarity, type, the ids of the project records
# hiding it)
Hidden = tuple[int, str, str, tuple[int, ...]]


def _count(con: sqlite3.Connection, where: str, params: Sequence[object]) -> int:
    return int(con.execute(f"SELECT count(*) FROM {TABLE} WHERE {where}", params).fetchone()[0])


@dataclass(frozen=True)
class Counted:
    """What a bounded read counts over whole scopes: per scope (all records, those over the
    threshold in any status, the stable ones over it, eligible per (polarity, type)), and the
    eligible globals the project hides with the records hiding them — in the engine's order
    (strength, then first-seen), the order the suppression events name them in —, their ids and
    their number per (polarity, type)."""

    scopes: dict[str, tuple[int, int, int, list[tuple[str, str, int]]]]
    hidden: list[Hidden]
    hidden_ids: frozenset[int]
    hidden_by_group: dict[tuple[str, str], int]


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
    counted = Counted(per_scope, *_hidden(con, user_id, project_scope if "global" in scopes else None))
    if memo is not None and row is not None:
        memo[key] = (row[0], counted)
    return counted


def _hidden(
    con: sqlite3.Connection, user_id: str, project_scope: str | None
) -> tuple[list[Hidden], frozenset[int], dict[tuple[str, str], int]]:
    """The eligible globals a project record hides (same type and pattern), ``Counted.hidden``."""
    if project_scope is None:
        return [], frozenset(), {}
    hiders: dict[int, list[int]] = {}
    order: dict[int, tuple[float, int, int, int, str, str, str]] = {}  # the engine's strength order
    by_group: dict[tuple[str, str], int] = {}
    for gid, pol, ptype, pattern, strength, oid, head in con.execute(
        f"SELECT g.id, g.polarity, g.preference_type, g.pattern, g.strength, o.id, {ties.HEAD_OF_G} "
        f"FROM {TABLE} AS g INDEXED BY ix_cm_prefs_rank JOIN {TABLE} AS o "
        "ON o.user_id = g.user_id AND o.scope = ? AND o.preference_type = g.preference_type "
        f"AND o.pattern = g.pattern WHERE g.user_id = ? AND g.scope = 'global' AND {sql_eligible('g')}",
        (project_scope, user_id),
    ):
        if gid not in hiders:
            hiders[gid] = []
            by_group[(pol, ptype)] = by_group.get((pol, ptype), 0) + 1
            at, seq, item, _provisional = ties.parse_head(head)
            order[gid] = (-strength, at, seq, item, ptype, pattern, pol)
        hiders[gid].append(oid)
    ranked = sorted(order, key=order.__getitem__)
    hidden = [(gid, order[gid][6], order[gid][4], tuple(hiders[gid])) for gid in ranked]
    return hidden, frozenset(hiders), by_group

"""The bounded candidate read of a retrieval: only the records its stages can reach, plus counts.

The engine (``services.engine.retrieve``) ranks records per (polarity, type) and can never reach
deeper than ``RANK_DEPTH`` into any (scope, polarity, type); everything below is overflow, and
only its number matters. So instead of every record of the scopes (100 k at the L size), this reads
from the partial indexes of migration 0002, which migration 0007 keeps in the engine's own order
(strength, then first-seen), so that each read is a range of an index:

- per (scope, polarity, type) of a requested type: the ``RANK_DEPTH`` strongest eligible records
  (globals hidden by a project record left out);
- per (scope, polarity, type) of another type (when ``preference_types`` is given): the
  ``SAMPLE_SIZE`` strongest, for the lifecycle event's sample;
- the ``SAMPLE_SIZE`` strongest hidden eligible globals (for the suppression events) with the
  project records that hide them;
- per scope, the ``SAMPLE_SIZE`` strongest ineligible records (the lifecycle sample);
- every stale record (below);

and counts everything else by the class its stored evaluation gives it, which is its class at
``now`` because it is not stale. A stale record — due to decay or archive at ``now``, or
evaluated after ``now`` (a what-if in the past; read from its fold state) — is always read, and
the engine evaluates it. ``tests/unit/test_candidates.py`` checks that this gives the same
retrieval as reading every record (``retrieval.candidates``).

Reads use the raw sqlite3 connection of the caller's read transaction: a statement costs a few
microseconds there against ~100 µs through SQLAlchemy, and a retrieval issues a few dozen.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice

from creative_memory.model.constants import (
    INJECTION_THRESHOLD,
    Polarity,
    Status,
    Tier,
    scope_for,
)
from creative_memory.model.records import PrefState
from creative_memory.model.tables import SQL_CREATED_ORDER, SQL_ELIGIBLE, SQL_NOT_ARCHIVED, sql_eligible
from creative_memory.services import candidate_ties as ties
from creative_memory.services.derivation import state_from_json
from creative_memory.services.engine.derive import ARCHIVE_MS
from creative_memory.services.engine.retrieve import (
    RANK_DEPTH,
    SAMPLE_SIZE,
    Unloaded,
    drop_reason,
    type_matches,
)

# Eligible records read per (scope, polarity, type) at first; a group the stages look past is
# read deeper (services.engine.retrieve.NeedDeeper), so this only trades queries for rows.
FIRST_DEPTH = 6

TABLE = "creative_memory_preferences"
_COLS = (
    "id, scope, preference_type, pattern, polarity, strength, confidence, status, decay_at, "
    "first_seen, last_seen, evaluated_at, accept_count, reject_count, pairwise_count, "
    "reversal_signals, shadow_of, demoted_by, decay_count, last_seq, last_injected_at, "
    # The creation position (the engine's tie order) and the provisional mark have no columns:
    # they open the fold state's text (services/candidate_ties.py).
    f"{ties.HEAD}"
)
# The engine's order within a group, and among one scope's ineligible records: the order of the
# two ranked indexes (the same expressions, so SQLite reads them in order instead of sorting).
_CREATED = ", ".join(SQL_CREATED_ORDER)
_EPOCHS = "creative_memory_pref_epochs"
_RANK_ORDER = f"strength DESC, {_CREATED}, pattern"
_INELIGIBLE_ORDER = f"strength DESC, {_CREATED}, preference_type, pattern, polarity"

_POLARITY = {str(p): p for p in Polarity}
_TIER = {str(t): t for t in Tier}
_STATUS = {str(s): s for s in Status}

Row = tuple[
    int, str, str, str, str, float, str, str, int, int, int, int, int, int, int, int,
    str | None, str | None, int, int, int | None, str | None,
]  # fmt: skip


@dataclass
class Candidates:
    """What the engine needs: the records it can reach and counts of the rest."""

    records: list[PrefState]
    excluded: dict[str, int]
    unloaded: Unloaded
    horizons: list[PrefState] = field(default_factory=list)


def _state(row: Row, now: int) -> PrefState:
    """A record from its stored evaluation (``evaluated_at <= now``), as of ``now`` unless it is due."""
    due = row[7] != "archived" and (row[8] <= now or row[10] <= now - ARCHIVE_MS)
    created_at, created_seq, created_item, provisional = ties.parse_head(row[21])
    return PrefState(
        scope=row[1],
        preference_type=row[2],
        pattern=row[3],
        polarity=_POLARITY[row[4]],
        strength=row[5],
        confidence=_TIER[row[6]],
        status=_STATUS[row[7]],
        decay_at=row[8],
        first_seen=row[9],
        last_seen=row[10],
        as_of=row[11] if due else max(now, row[11]),
        accept_count=row[12],
        reject_count=row[13],
        pairwise_count=row[14],
        reversal_signals=row[15],
        shadow_of=row[16],
        demoted_by=row[17],
        decay_count=row[18],
        last_seq=row[19],
        last_injected_at=row[20],
        created_at=created_at,
        created_seq=created_seq,
        created_item=created_item,
        provisional=provisional,
    )


def _stored_class(row: Row, hidden: bool, types: Sequence[str] | None) -> str:
    """The engine's verdict on a record from its stored evaluation (reason, or eligible/suppressed)."""
    reason = drop_reason(row[5], row[7], row[6], row[2], types)
    if reason is not None:
        return reason
    return "suppressed" if hidden else "eligible"


def _rows(con: sqlite3.Connection, sql: str, params: Sequence[object]) -> list[Row]:
    rows: list[Row] = con.execute(sql, params).fetchall()
    return rows


def _count(con: sqlite3.Connection, where: str, params: Sequence[object]) -> int:
    return int(con.execute(f"SELECT count(*) FROM {TABLE} WHERE {where}", params).fetchone()[0])


def load(
    con: sqlite3.Connection,
    user_id: str,
    project_id: str | None,
    now: int,
    preference_types: Sequence[str] | None = None,
    *,
    use_global: bool = True,
    use_project: bool = True,
    memo: dict[object, object] | None = None,
) -> Reader:
    """Start the bounded read (see the module notes); ``Reader.candidates()`` is the engine's input.

    ``use_global`` / ``use_project``: the project's switches (``engine.retrieve.scope_switches``);
    a scope that is switched off is not read at all. ``memo`` (the store's): keeps the counts over
    whole scopes between retrievals while the user's preference epoch stays (``_counted``)."""
    project_scope = scope_for(project_id) if project_id and use_project else None
    scopes = (["global"] if use_global else []) + ([project_scope] if project_scope else [])
    types = list(preference_types) if preference_types is not None else None
    archive_cut = now - ARCHIVE_MS

    loaded: dict[int, tuple[Row, bool]] = {}  # id -> (row, hidden by a project record)

    def keep(rows: Iterable[Row], hidden: bool = False) -> None:
        for r in rows:
            if r[0] not in loaded:
                loaded[r[0]] = (r, hidden)

    # 1. Records whose stored evaluation is not their evaluation at now: due to decay or archive,
    # or evaluated after now (a what-if in the past; these come from the fold state).
    stale: dict[int, Row] = {}
    for index, column in (("ix_cm_prefs_due_decay", "decay_at"), ("ix_cm_prefs_due_lastseen", "last_seen")):
        for r in _rows(
            con,
            f"SELECT {_COLS} FROM {TABLE} INDEXED BY {index} WHERE user_id = ? AND {SQL_NOT_ARCHIVED} "
            f"AND {column} <= ? AND scope IN ({','.join('?' * len(scopes))})",
            (user_id, now if column == "decay_at" else archive_cut, *scopes),
        ):
            stale[r[0]] = r
    future: dict[int, str] = {}
    for r in con.execute(
        f"SELECT {_COLS}, state FROM {TABLE} INDEXED BY ix_cm_prefs_user_evaluated WHERE user_id = ? "
        f"AND evaluated_at > ? AND scope IN ({','.join('?' * len(scopes))})",
        (user_id, now, *scopes),
    ):
        stale[r[0]] = r[:-1]
        future[r[0]] = r[-1]
    fresh = f"evaluated_at <= ?2 AND NOT ({SQL_NOT_ARCHIVED} AND (decay_at <= ?2 OR last_seen <= ?3))"

    # 2. Per scope: counts by stored class, and the records the stages can reach.
    totals = {"strength": 0, "status": 0, "tier": 0, "type": 0, "eligible": 0, "suppressed": 0}
    hidden_ids: set[int] = set()
    overriders: set[int] = set()
    ranked: list[_Group] = []
    counted = _counted(con, user_id, tuple(scopes), project_scope, memo)
    for scope in scopes:
        total, strong, stable_strong, groups = counted.scopes[scope]
        totals["strength"] += total - strong
        totals["status"] += strong - stable_strong
        totals["tier"] += stable_strong  # less the eligible ones, below
        hidden_by_group: dict[tuple[str, str], int] = {}
        if scope == "global" and project_scope is not None:
            # Eligible globals a project record hides, with the hiding records.
            hiders: dict[int, list[int]] = {}
            shown: dict[int, tuple[object, ...]] = {}
            for gid, pol, ptype, pattern, strength, oid, order in counted.pairs:
                if gid not in hiders:
                    hiders[gid] = []
                    hidden_by_group[(pol, ptype)] = hidden_by_group.get((pol, ptype), 0) + 1
                    if type_matches(ptype, types) and gid not in stale:
                        shown[gid] = (-strength, *order, ptype, pattern, pol)
                hiders[gid].append(oid)
            hidden_ids = set(hiders)
            # The SAMPLE_SIZE strongest (engine order) get an event each; the engine needs the
            # records that hide them, and those of stale hidden globals, to see them hidden.
            top = sorted(shown, key=lambda i: shown[i])[:SAMPLE_SIZE]
            keep(_by_ids(con, top), hidden=True)
            for gid in top:
                overriders.update(hiders[gid])
            for r in stale.values():
                if r[1] == "global":
                    overriders.update(
                        x
                        for (x,) in con.execute(
                            f"SELECT id FROM {TABLE} WHERE user_id = ? AND scope = ? AND preference_type = ? "
                            "AND pattern = ?",
                            (user_id, project_scope, r[2], r[3]),
                        )
                    )
        # A global that a project record hides (same type and pattern) is left out of its group by
        # one probe of the unique key's index per row read (?7: the project's scope), not by a list
        # of ids that SQLite would sort again for every group read.
        not_hidden = (
            f" AND NOT EXISTS (SELECT 1 FROM {TABLE} AS o WHERE o.user_id = ?1 AND o.scope = ?7 "
            f"AND o.preference_type = {TABLE}.preference_type AND o.pattern = {TABLE}.pattern)"
        )
        for pol, ptype, n in groups:
            totals["tier"] -= n
            hidden_n = hidden_by_group.get((pol, ptype), 0)
            where = (
                f"user_id = ?1 AND scope = ?4 AND polarity = ?5 AND preference_type = ?6 AND {SQL_ELIGIBLE} "
                f"AND {fresh}"
            )
            matches = type_matches(ptype, types)
            if not matches:
                totals["type"] += n
                depth = SAMPLE_SIZE  # only the lifecycle sample can name these: never deeper
            else:
                totals["suppressed"] += hidden_n
                totals["eligible"] += n - hidden_n
                depth = FIRST_DEPTH
            params: tuple[object, ...] = (user_id, now, archive_cut, scope, pol, ptype)
            if hidden_n and matches:
                where += not_hidden
                params = (*params, project_scope)
            ranked.append(_Group((scope, pol, ptype), where, params))
            ranked[-1].fetch(con, depth, keep)
            if depth == SAMPLE_SIZE:
                ranked[-1].more = False
        # The strongest ineligible records, for the lifecycle sample, in the engine's order (the
        # index's own, migration 0007).
        inel = f"user_id = ?1 AND scope = ?4 AND NOT ({SQL_ELIGIBLE}) AND {fresh}"
        keep(
            _rows(
                con,
                f"SELECT {_COLS} FROM {TABLE} INDEXED BY ix_cm_prefs_ineligible WHERE {inel} "
                f"ORDER BY {_INELIGIBLE_ORDER} LIMIT ?5",
                (user_id, now, archive_cut, scope, SAMPLE_SIZE),
            )
        )
    keep(_by_ids(con, sorted(overriders - set(loaded))))
    for rid, row in stale.items():
        loaded[rid] = (row, rid in hidden_ids)
    return Reader(con, now, types, loaded, future, totals, ranked, keep)


@dataclass(frozen=True)
class _Counted:
    """What a bounded read counts over whole scopes: per scope (all records, those over the
    threshold in any status, the stable ones over it, eligible per (polarity, type)), and the
    eligible globals the project hides with the records hiding them and their first-seen place."""

    scopes: dict[str, tuple[int, int, int, list[tuple[str, str, int]]]]
    pairs: list[tuple[int, str, str, str, float, int, tuple[int, int, int]]]


def _counted(
    con: sqlite3.Connection,
    user_id: str,
    scopes: tuple[str, ...],
    project_scope: str | None,
    memo: dict[object, object] | None,
) -> _Counted:
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
            counted: _Counted = hit[1]
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
    pairs: list[tuple[int, str, str, str, float, int, tuple[int, int, int]]] = []
    if "global" in scopes and project_scope is not None:
        rows = con.execute(
            f"SELECT g.id, g.polarity, g.preference_type, g.pattern, g.strength, o.id, {ties.HEAD_OF_G} "
            f"FROM {TABLE} AS g INDEXED BY ix_cm_prefs_rank JOIN {TABLE} AS o "
            "ON o.user_id = g.user_id AND o.scope = ? AND o.preference_type = g.preference_type "
            f"AND o.pattern = g.pattern WHERE g.user_id = ? AND g.scope = 'global' AND {sql_eligible('g')}",
            (project_scope, user_id),
        ).fetchall()
        pairs = [(*r[:6], ties.parse_head(r[6])[:3]) for r in rows]
    counted = _Counted(per_scope, pairs)
    if memo is not None and row is not None:
        memo[key] = (row[0], counted)
    return counted


@dataclass
class _Group:
    """One (scope, polarity, type)'s eligible records, read in the engine's order down to a depth.

    The rank index holds that order (strength, then where the fold created the record; migration
    0007), so each read is the next range of the index. Every record not read sorts after the
    last one read (``horizon``).
    """

    key: tuple[str, str, str]
    where: str
    params: tuple[object, ...]
    more: bool = True
    read: int = 0
    horizon: Row | None = None

    def fetch(self, con: sqlite3.Connection, n: int, keep: Callable[[Iterable[Row]], None]) -> None:
        """Read the next ``n`` records of the group in the engine's order."""
        k = len(self.params)  # the numbered parameters after the group's own
        rows = _rows(
            con,
            f"SELECT {_COLS} FROM {TABLE} INDEXED BY ix_cm_prefs_rank WHERE {self.where} "
            f"ORDER BY {_RANK_ORDER} LIMIT ?{k + 1} OFFSET ?{k + 2}",
            (*self.params, n + 1, self.read),
        )
        self.more = len(rows) > n
        if self.more:
            rows.pop()
        keep(rows)
        if rows:
            self.horizon = rows[-1]
        self.read += len(rows)


class Reader:
    """The records read so far and the counts of the rest; ``deepen`` reads further down groups.

    Each call of ``candidates`` only turns the rows read since the last one into records: a
    retrieval that has to read deeper does not rebuild what it already had.
    """

    def __init__(
        self,
        con: sqlite3.Connection,
        now: int,
        types: Sequence[str] | None,
        loaded: dict[int, tuple[Row, bool]],
        future: dict[int, str],
        totals: dict[str, int],
        groups: list[_Group],
        keep: Callable[[Iterable[Row]], None],
    ) -> None:
        self._con, self._now, self._types = con, now, types
        self._loaded, self._future, self._totals = loaded, future, dict(totals)
        self._groups = {g.key: g for g in groups}
        self._keep = keep
        self._states: dict[int, PrefState] = {}
        self._records: list[PrefState] = []

    def candidates(self) -> Candidates:
        totals, states, now = self._totals, self._states, self._now
        # ``loaded`` only grows (new ids are appended), so what is new is its tail.
        for rid, (row, hidden) in islice(self._loaded.items(), len(self._records), None):
            totals[_stored_class(row, hidden, self._types)] -= 1
            text = self._future.get(rid)
            state = _state(row, now) if text is None else state_from_json(text)
            states[rid] = state
            self._records.append(state)
        horizons = [states[g.horizon[0]] for g in self._groups.values() if g.more and g.horizon is not None]
        return Candidates(
            records=list(self._records),
            excluded={k: totals[k] for k in ("strength", "status", "tier", "type") if totals[k] > 0},
            unloaded=Unloaded(eligible=totals["eligible"], suppressed=totals["suppressed"]),
            horizons=horizons,
        )

    def deepen(self, keys: Iterable[tuple[str, str, str]]) -> None:
        """Read further down these groups: to ``RANK_DEPTH`` at once, beyond it twice as deep.
        A key this read does not hold (a group gone since it was remembered) is passed over."""
        for key in keys:
            g = self._groups.get(key)
            if g is not None and g.more:
                g.fetch(self._con, max(FIRST_DEPTH, RANK_DEPTH - g.read, g.read), self._keep)


def _by_ids(con: sqlite3.Connection, ids: Sequence[int]) -> list[Row]:
    if not ids:
        return []
    return _rows(con, f"SELECT {_COLS} FROM {TABLE} WHERE id IN ({','.join('?' * len(ids))})", ids)

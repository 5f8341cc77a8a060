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

The rows, their columns and orders are ``services.retrieval.candidate_rows``; the counts over whole scopes,
kept between retrievals, ``services.retrieval.candidate_counts``. Reads use the raw sqlite3 connection of
the caller's read transaction: a statement costs a few microseconds there against ~100 µs through
SQLAlchemy, and a retrieval issues a few dozen.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice

from creative_memory.model.constants import scope_for
from creative_memory.model.records import PrefState
from creative_memory.services.derivation.derivation import state_from_json
from creative_memory.services.engine.evaluation import ARCHIVE_MS
from creative_memory.services.engine.order import RankKey, rank_key
from creative_memory.services.engine.retrieve import (
    RANK_DEPTH,
    SAMPLE_SIZE,
    GroupKey,
    Unloaded,
    type_matches,
)
from creative_memory.services.retrieval.candidate_counts import Counted, counted_scopes
from creative_memory.services.retrieval.candidate_rows import (
    GROUP_SQL,
    GROUP_SQL_NOT_HIDDEN,
    INELIGIBLE_SQL,
    TABLE,
    Row,
    read_rows,
    row_state,
    rows_by_ids,
    stale_in_groups,
    stale_rows,
    stored_class,
    strength_order,
)

# Eligible records read per (scope, polarity, type) at first; a group the stages look past is
# read deeper (services.engine.retrieve.NeedDeeper), so this only trades queries for rows.
FIRST_DEPTH = 6
# A depth hint (``Reader.depths``) reads this many records past the last one the stages looked at
# last time, so that a small move of the stages' reach (an ingest, the clock) needs no second round.
MARGIN = 1


@dataclass
class Candidates:
    """What the engine needs: the records it can reach and counts of the rest."""

    records: list[PrefState]
    excluded: dict[str, int]
    unloaded: Unloaded
    horizons: list[PrefState] = field(default_factory=list)


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
    depths: Mapping[GroupKey, int] | None = None,
) -> Reader:
    """Start the bounded read (see the module notes); ``Reader.candidates()`` is the engine's input.

    ``use_global`` / ``use_project``: the project's switches (``engine.retrieve.scope_switches``);
    a scope that is switched off is not read at all. ``memo`` (the store's): keeps the counts over
    whole scopes between retrievals while the user's preference epoch stays (``services.retrieval.candidate_counts``).
    ``depths``: how deep to read each group at first (``Reader.depths`` of an earlier retrieval of
    the same question; a group it does not name is read ``FIRST_DEPTH`` deep)."""
    project_scope = scope_for(project_id) if project_id and use_project else None
    scopes = (["global"] if use_global else []) + ([project_scope] if project_scope else [])
    types = list(preference_types) if preference_types is not None else None
    archive_cut = now - ARCHIVE_MS

    # id -> (row, the engine's verdict on its stored evaluation: ``stored_class``)
    loaded: dict[int, tuple[Row, str]] = {}

    def keep(rows: Iterable[Row], hidden: bool = False, verdict: str | None = None) -> None:
        """``verdict``: the rows' class when the read already says it (a group's rows)."""
        for r in rows:
            if r[0] not in loaded:
                loaded[r[0]] = (r, verdict or stored_class(r, hidden, types))

    # 1. Records whose stored evaluation is not their evaluation at now.
    stale, future = stale_rows(con, user_id, scopes, now, archive_cut)

    # 2. Per scope: counts by stored class, and the records the stages can reach.
    totals = {"strength": 0, "status": 0, "tier": 0, "type": 0, "eligible": 0, "suppressed": 0}
    hidden_ids: frozenset[int] = frozenset()
    overriders: set[int] = set()
    ranked: list[_Group] = []
    ineligible: list[Row] = []
    counted = counted_scopes(con, user_id, tuple(scopes), project_scope, memo)
    stale_in = stale_in_groups(stale, counted.hidden_ids)
    for scope in scopes:
        hidden_by_group: dict[tuple[str, str], int] = {}
        if scope == "global" and project_scope is not None:
            hidden_ids, hidden_by_group = _hidden_globals(
                con, user_id, project_scope, counted, types, stale, keep, overriders
            )
        ranked += _read_groups(
            con,
            (user_id, now, archive_cut, scope),
            counted.scopes[scope],
            types,
            project_scope,
            hidden_by_group,
            totals,
            keep,
            depths or {},
            stale_in,
        )
        # The strongest ineligible records, for the lifecycle sample, in the engine's order (the
        # index's own, migration 0007).
        ineligible += read_rows(con, INELIGIBLE_SQL, (user_id, now, archive_cut, scope, SAMPLE_SIZE))
    # Of both scopes' together, only the SAMPLE_SIZE first in the engine's order can be named by
    # the sample; the rest are counted, as every record not read is (they hide no global the
    # engine sees: the hiders of the globals it reads are read below).
    if len(scopes) > 1:
        ineligible = sorted(ineligible, key=strength_order)[:SAMPLE_SIZE]
    keep(ineligible)
    keep(rows_by_ids(con, sorted(overriders - set(loaded))))
    for rid, row in stale.items():
        loaded[rid] = (row, stored_class(row, rid in hidden_ids, types))
    reader = Reader(con, now, types, loaded, future, totals, ranked, keep, memo)
    reader.scopes, reader.stale = scopes, list(stale.values())
    return reader


_BUILT = "candidates.built"  # the memo's key of ``Reader``'s records by row


def _hidden_globals(
    con: sqlite3.Connection,
    user_id: str,
    project_scope: str,
    counted: Counted,
    types: Sequence[str] | None,
    stale: dict[int, Row],
    keep: Callable[..., None],
    overriders: set[int],
) -> tuple[frozenset[int], dict[tuple[str, str], int]]:
    """Eligible globals a project record hides: reads the ``SAMPLE_SIZE`` strongest (engine order,
    one event each) and adds to ``overriders`` the records that hide them and those that hide stale
    globals, which the engine needs to see them hidden. Returns the hidden ids and their number
    per (polarity, type)."""
    top: list[int] = []
    for gid, _pol, ptype, oids in counted.hidden:  # in the engine's order (``Counted.hidden``)
        if type_matches(ptype, types) and gid not in stale:
            top.append(gid)
            overriders.update(oids)
            if len(top) == SAMPLE_SIZE:
                break
    keep(rows_by_ids(con, top), hidden=True)
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
    return counted.hidden_ids, counted.hidden_by_group


def _read_groups(
    con: sqlite3.Connection,
    base: tuple[str, int, int, str],
    counts: tuple[int, int, int, list[tuple[str, str, int]]],
    types: Sequence[str] | None,
    project_scope: str | None,
    hidden_by_group: dict[tuple[str, str], int],
    totals: dict[str, int],
    keep: Callable[..., None],
    depths: Mapping[GroupKey, int],
    stale_in: Mapping[GroupKey, tuple[int, int]],
) -> list[_Group]:
    """One scope's counts and eligible (polarity, type) groups: each group is counted into ``totals``
    and its first records read — ``FIRST_DEPTH`` of a requested type, ``SAMPLE_SIZE`` (never
    deeper) of another.
    ``base``: (user, now, archive cut, scope), the numbered parameters ?1–?4; ``counts``: the
    scope's counts (``candidate_counts.Counted.scopes``), added to ``totals`` by stored class.
    Each group knows how many rows its read returns in all (``_Group.rows``): its count, less its
    stale rows and, when the read leaves them out, its hidden globals."""
    total, strong, stable_strong, groups = counts
    totals["strength"] += total - strong
    totals["status"] += strong - stable_strong
    totals["tier"] += stable_strong  # less the eligible ones, below
    ranked: list[_Group] = []
    for pol, ptype, n in groups:
        totals["tier"] -= n
        hidden_n = hidden_by_group.get((pol, ptype), 0)
        sql = GROUP_SQL
        matches = type_matches(ptype, types)
        if not matches:
            totals["type"] += n
            depth = SAMPLE_SIZE  # only the lifecycle sample can name these: never deeper
        else:
            totals["suppressed"] += hidden_n
            totals["eligible"] += n - hidden_n
            depth = depths.get((base[3], pol, ptype), FIRST_DEPTH)
        params: tuple[object, ...] = (*base, pol, ptype)
        n_stale, n_stale_hidden = stale_in.get((base[3], pol, ptype), (0, 0))
        rows = n - n_stale
        if hidden_n and matches:
            sql = GROUP_SQL_NOT_HIDDEN
            params = (*params, project_scope)
            rows -= hidden_n - n_stale_hidden  # the hidden ones not counted as stale already
        # A group's rows are eligible by their stored evaluation (the rank index holds no other)
        # and, when the filter is on, not hidden: their class is the group's.
        group = _Group((base[3], pol, ptype), sql, params, "eligible" if matches else "type", rows)
        ranked.append(group)
        group.fetch(con, depth, keep)
        if depth == SAMPLE_SIZE:
            group.more = False
    return ranked


@dataclass
class _Group:
    """One (scope, polarity, type)'s eligible records, read in the engine's order down to a depth.

    The rank index holds that order (strength, then where the fold created the record; migration
    0007), so each read is the next range of the index. Every record not read sorts after the
    last one read (``horizon``).
    """

    key: tuple[str, str, str]
    sql: str  # ``GROUP_SQL`` or ``GROUP_SQL_NOT_HIDDEN``
    params: tuple[object, ...]
    verdict: str  # the class of every row of the group (``stored_class``)
    rows: int  # how many rows its read returns in all (``_read_groups``)
    more: bool = True
    read: int = 0
    horizon: Row | None = None
    ids: list[int] = field(default_factory=list)  # the rows read, in the engine's order

    def fetch(self, con: sqlite3.Connection, n: int, keep: Callable[..., None]) -> None:
        """Read the next ``n`` records of the group in the engine's order. Whether more are left
        comes from the number it holds, not from reading one record further."""
        rows = read_rows(con, self.sql, (*self.params, n, self.read))
        keep(rows, verdict=self.verdict)
        self.ids += [r[0] for r in rows]
        if rows:
            self.horizon = rows[-1]
        self.read += len(rows)
        self.more = len(rows) == n and self.read < self.rows


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
        loaded: dict[int, tuple[Row, str]],
        future: dict[int, str],
        totals: dict[str, int],
        groups: list[_Group],
        keep: Callable[..., None],
        memo: dict[object, object] | None = None,
    ) -> None:
        self._con, self._now, self._types = con, now, types
        self._loaded, self._future, self._totals = loaded, future, dict(totals)
        self._groups = {g.key: g for g in groups}
        self._keep = keep
        self._states: dict[int, PrefState] = {}
        self._records: list[PrefState] = []
        # The records the last read built, by their row: a row read again unchanged (every row an
        # ingest did not touch) is the same record. Only its ``as_of`` may be an earlier moment,
        # which the engine does not evaluate again unless the record is due by now
        # (``engine.stages.split_scopes``); no one changes a record once built.
        self._memo = memo
        built = memo.get(_BUILT) if memo is not None else None
        self._built: dict[Row, PrefState] = built if isinstance(built, dict) else {}
        self._made: dict[Row, PrefState] = {}
        #: the scopes read and the rows due by ``now`` in them (``retrieval_memo.horizon``)
        self.scopes: list[str] = []
        self.stale: list[Row] = []

    @property
    def future(self) -> bool:
        """Whether a record of the scopes is evaluated after ``now`` (read from its fold state)."""
        return bool(self._future)

    def candidates(self) -> Candidates:
        totals, states, now = self._totals, self._states, self._now
        # ``loaded`` only grows (new ids are appended), so what is new is its tail.
        records, future, built, made = self._records, self._future, self._built, self._made
        for rid, (row, verdict) in islice(self._loaded.items(), len(records), None):
            totals[verdict] -= 1
            text = future.get(rid) if future else None
            if text is None:
                state = built.get(row)
                if state is None:
                    state = row_state(row, now)
                made[row] = state
            else:
                state = state_from_json(text)
            states[rid] = state
            records.append(state)
        if self._memo is not None:
            self._memo[_BUILT] = made
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

    def depths(self, to_end: bool, far: RankKey | None, asked: set[GroupKey]) -> dict[GroupKey, int]:
        """How deep to read each group of a requested type next time, from how far down the
        stages looked this time (``engine.reach.furthest``): the group's records up to there and
        ``MARGIN`` more (at least one: an unread group has no horizon to stop a stage), all it
        read if the stages looked at every record read or asked for it deeper. Only a hint:
        any depth gives the same retrieval (the stages ask again when a read is not deep enough),
        a shallow one a second round, a deep one rows no stage looks at."""
        out: dict[GroupKey, int] = {}
        for key, g in self._groups.items():
            if g.verdict != "eligible":
                continue  # another type: only the lifecycle sample reads it, always as deep
            if to_end or far is None or key in asked:
                out[key] = max(g.read, FIRST_DEPTH)
                continue
            # ``ids`` are in rank order: the records looked at are a prefix of them.
            states = self._states
            reached = sum(1 for i in g.ids if rank_key(states[i]) <= far)
            out[key] = max(1, min(max(g.read, FIRST_DEPTH), reached + MARGIN))
        return out

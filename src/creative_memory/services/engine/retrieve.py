"""Retrieval: which derived preferences are injected, with a diagnostic event for every stage.

Stages follow the engine notes (and the prototype's order): gates, project merge, lifecycle
filter, priority, hard cap, polarity ceiling + backfill, category ceiling + backfill, polarity
re-check, token budget — one function each in ``stages.py``, ``diversity.py`` and ``budget.py``.
Pure: ``now`` is a parameter; records are evaluated at ``now`` first.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence

from creative_memory.model.constants import Polarity
from creative_memory.model.records import DiagEvent, PrefState, RetrievalResult
from creative_memory.services.engine import budget, context, diversity, stages
from creative_memory.services.engine.context import ContextRatings

# Re-exported: callers import the gates and the reach of a retrieval with the engine.
from creative_memory.services.engine.gates import Gates as Gates
from creative_memory.services.engine.gates import closed_gate as closed_gate
from creative_memory.services.engine.gates import scope_switches as scope_switches
from creative_memory.services.engine.gates import switch_events
from creative_memory.services.engine.order import by_strength
from creative_memory.services.engine.reach import NEXT_IN_LINE as NEXT_IN_LINE
from creative_memory.services.engine.reach import RANK_DEPTH as RANK_DEPTH
from creative_memory.services.engine.reach import SAMPLE_SIZE as SAMPLE_SIZE
from creative_memory.services.engine.reach import GroupKey as GroupKey
from creative_memory.services.engine.reach import NeedDeeper as NeedDeeper
from creative_memory.services.engine.reach import Scan as Scan
from creative_memory.services.engine.reach import Unloaded as Unloaded
from creative_memory.services.engine.reach import drop_reason as drop_reason
from creative_memory.services.engine.reach import furthest as furthest
from creative_memory.services.engine.reach import group_of as group_of
from creative_memory.services.engine.reach import type_matches as type_matches

EMPTY_NOTHING = "nothing_above_threshold"


def _result(
    run: stages.Run,
    start: float,
    final: Sequence[PrefState] = (),
    overrides: tuple[PrefState, ...] = (),
    empty_reason: str | None = None,
) -> RetrievalResult:
    return RetrievalResult(
        positives=tuple(by_strength(r for r in final if r.polarity is Polarity.POSITIVE)),
        negatives=tuple(by_strength(r for r in final if r.polarity is Polarity.NEGATIVE)),
        project_overrides=overrides,
        events=tuple(run.events),
        duration_ms=(time.perf_counter() - start) * 1000.0,
        project_id=run.project_id,
        empty_reason=empty_reason if empty_reason is not None else (None if final else EMPTY_NOTHING),
    )


def retrieve(
    records: Iterable[PrefState],
    *,
    project_id: str | None,
    now: int,
    preference_types: Sequence[str] | None = None,
    gates: Gates,
    excluded: Mapping[str, int] | None = None,
    unloaded: Unloaded | None = None,
    horizons: Sequence[PrefState] = (),
    scans: list[Scan] | None = None,
    ratings: ContextRatings | None = None,
    mode: str = "generation",
) -> RetrievalResult:
    """Select the preferences to inject for ``project_id`` (None = no project) at ``now``.

    ``records``: the user's global records plus that project's (any status); records of other
    scopes are ignored. ``excluded``: counts by reason of records the caller filtered out already
    (merged into the ``below_threshold`` aggregate). ``unloaded``: eligible records the caller
    left out because they rank too low to matter (see ``Unloaded``); the result is the same as if
    they had been passed in. ``horizons``: for each (scope, polarity, type) whose eligible records
    were read only down to some depth, the last record read; when a stage would look past one,
    ``NeedDeeper`` names the groups to read deeper (the result would not be exact otherwise).
    ``scans``: if given, the stages' scans are appended to it (``reach.furthest`` says how far down
    they looked: a caller's hint of how deep to read next time). ``ratings``: what the person's
    ratings of earlier retrievals in this project and ``mode`` change here (``context``, decision 0086).
    """
    start = time.perf_counter()
    run = stages.Run(
        project_id=project_id, preference_types=preference_types, more=unloaded or Unloaded(), scans=scans
    )
    gate = closed_gate(gates, project_id)  # 0. gates
    if gate is not None:
        run.events.append(DiagEvent(type=gate[0], stage="gates", trace=gate[1]))
        return _result(run, start, empty_reason=gate[0])
    run.events.extend(switch_events(gates, project_id))
    globals_, projects = stages.split_scopes(records, gates, project_id, now)
    candidates = stages.project_merge(run, globals_, projects)
    eligible = stages.lifecycle(run, candidates, excluded)
    eligible = context.apply(run.events, eligible, ratings, project_id, mode)
    run.set_horizons(horizons)
    kept, overflow = stages.hard_cap(run, eligible)
    kept, overflow = diversity.polarity_ceiling(run, kept, overflow)
    kept = diversity.category_ceiling(run, kept, overflow)
    if run.need:
        raise NeedDeeper(frozenset(run.need))
    kept = diversity.polarity_recheck(run, kept)
    overrides = budget.override_list(run, kept, projects)
    final = budget.token_budget(run, kept, overrides)
    budget.kept_events(run, final)
    return _result(run, start, final, overrides)

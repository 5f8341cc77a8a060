"""The first stages of a retrieval: scopes, project merge, lifecycle filter, priority and hard cap.

Each stage takes the run (its parameters, the diagnostic events so far and the groups that must
be read deeper) and the records the previous stage passed on, and returns what it passes on. The
diversity stages are in ``diversity.py``, the token budget in ``budget.py``; ``retrieve.py`` runs
them in the prototype's order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from creative_memory.model.constants import (
    INJECTION_THRESHOLD,
    MAX_INJECTION_COUNT,
    NEGATIVE_BUDGET_RATIO,
    Status,
    scope_for,
)
from creative_memory.model.records import DiagEvent, PrefState, key_text
from creative_memory.services.engine.evaluation import evaluated, nothing_due
from creative_memory.services.engine.gates import Gates, scope_switches
from creative_memory.services.engine.order import RankKey, by_priority, by_strength, rank_key, strength_key
from creative_memory.services.engine.reach import (
    INJECTED_TIERS,
    NEXT_IN_LINE,
    SAMPLE_SIZE,
    GroupKey,
    Scan,
    Unloaded,
    group_of,
    record_drop_reason,
    type_matches,
)

_STABLE = Status.STABLE


@dataclass
class Run:
    """One retrieval's parameters and what its stages have said so far."""

    project_id: str | None
    preference_types: Sequence[str] | None
    more: Unloaded
    events: list[DiagEvent] = field(default_factory=list)
    #: the truncated groups' horizons in rank order, and the groups a stage needs read deeper
    horizons: list[tuple[RankKey, GroupKey]] = field(default_factory=list)
    need: set[GroupKey] = field(default_factory=set)
    #: negatives allowed per positive kept: R / (1 - R)
    ratio: float = NEGATIVE_BUDGET_RATIO / (1.0 - NEGATIVE_BUDGET_RATIO)
    #: when a caller asks how far the stages looked (``retrieve``'s ``scans``), every scan made
    scans: list[Scan] | None = None

    def scan(self) -> Scan:
        scan = Scan(self.horizons, self.need)
        if self.scans is not None:
            self.scans.append(scan)
        return scan

    def set_horizons(self, horizons: Iterable[PrefState]) -> None:
        self.horizons = sorted((rank_key(h), group_of(h)) for h in horizons)


def split_scopes(
    records: Iterable[PrefState], gates: Gates, project_id: str | None, now: int
) -> tuple[list[PrefState], list[PrefState]]:
    """The global and the project records the switches let in, each evaluated at ``now``.

    A record that is as of ``now``, or that nothing happens to between its ``as_of`` and ``now``
    (archived, or neither due to decay nor to archival by then), is used as is: evaluating it
    would only copy it with a later ``as_of`` (``evaluation.advance``). The engine never mutates
    its input, so a caller may pass the same records to several retrievals."""
    use_global, use_project = scope_switches(gates, project_id)
    project_scope = scope_for(project_id) if project_id and use_project else None
    globals_: list[PrefState] = []
    projects: list[PrefState] = []
    for rec in records:
        if rec.scope == "global" and use_global:
            globals_.append(rec if nothing_due(rec, now) else evaluated(rec, now))
        elif project_scope is not None and rec.scope == project_scope:
            projects.append(rec if nothing_due(rec, now) else evaluated(rec, now))
    return globals_, projects


def project_merge(run: Run, globals_: list[PrefState], projects: list[PrefState]) -> list[PrefState]:
    """1. A project record hides the global one with the same type + pattern. Only a global that
    would pass the lifecycle filter is reported (one event each for the strongest SAMPLE_SIZE, one
    aggregate for the rest); a hidden global that would be dropped anyway goes on to the lifecycle
    filter and is counted there (docs/decisions/0010)."""
    # The strongest project record of each type + pattern (the first in strength order; the
    # order is total, so picking the least key is the same as sorting first).
    by_tp: dict[tuple[str, str], PrefState] = {}
    for rec in projects:
        type_pattern = (rec.preference_type, rec.pattern)
        held = by_tp.get(type_pattern)
        if held is None or strength_key(rec) < strength_key(held):
            by_tp[type_pattern] = rec
    candidates: list[PrefState] = list(projects)
    suppressed: list[tuple[PrefState, PrefState]] = []
    types = run.preference_types
    for g in globals_:
        ov = by_tp.get((g.preference_type, g.pattern)) if by_tp else None
        if ov is None or record_drop_reason(g, types) is not None:
            candidates.append(g)
        else:
            suppressed.append((g, ov))
    suppressed.sort(key=lambda pair: strength_key(pair[0]))
    project_id = run.project_id
    for g, ov in suppressed[:SAMPLE_SIZE]:
        tp = f"{g.preference_type}/{g.pattern}"
        run.events.append(
            DiagEvent(
                type="project_override_suppression",
                stage="project_merge",
                preference_key=key_text(g.key),
                trace=(
                    f"{project_id} override {tp} active — global {tp} "
                    f"({g.polarity}, {g.strength:.2f}) suppressed for this generation"
                ),
                fields={
                    "suppressed_pattern": g.pattern,
                    "suppressed_polarity": str(g.polarity),
                    "suppressed_strength": g.strength,
                    "override_polarity": str(ov.polarity),
                    "override_strength": ov.strength,
                    "project_id": project_id,
                },
            )
        )
    rest = len(suppressed[SAMPLE_SIZE:]) + run.more.suppressed
    if rest > 0:
        run.events.append(
            DiagEvent(
                type="project_override_suppression",
                stage="project_merge",
                trace=f"{project_id} overrides suppressed {rest} more global preference(s) for this generation",
                fields={"count": rest, "project_id": project_id},
            )
        )
    return candidates


def lifecycle(run: Run, candidates: list[PrefState], excluded: Mapping[str, int] | None) -> list[PrefState]:
    """2. The records strong, stable and confident enough to be injected (of the asked types)."""
    reasons: dict[str, int] = {"strength": 0, "status": 0, "tier": 0, "type": 0}
    dropped: list[PrefState] = []
    eligible: list[PrefState] = []
    types = run.preference_types
    for rec in candidates:
        # The usual case without a call (reach.drop_reason's tests, in its order): a few hundred
        # records per retrieval pass it.
        if (
            rec.strength >= INJECTION_THRESHOLD
            and rec.status is _STABLE
            and rec.confidence in INJECTED_TIERS
            and (types is None or type_matches(rec.preference_type, types))
        ):
            eligible.append(rec)
            continue
        reason = record_drop_reason(rec, types)
        if reason is None:
            eligible.append(rec)
        else:
            reasons[reason] += 1
            dropped.append(rec)
    for reason, n in (excluded or {}).items():
        reasons[reason] = reasons.get(reason, 0) + n
    n_dropped = sum(reasons.values())
    if n_dropped > 0:
        run.events.append(
            DiagEvent(
                type="below_threshold",
                stage="lifecycle",
                trace=f"Lifecycle filter: {n_dropped} record(s) below threshold or not stable",
                fields={
                    "count": n_dropped,
                    "reasons": reasons,
                    "sample": [key_text(r.key) for r in by_strength(dropped)[:SAMPLE_SIZE]],
                },
            )
        )
    return eligible


def hard_cap(run: Run, eligible: list[PrefState]) -> tuple[list[PrefState], list[PrefState]]:
    """3./4. Priority order, then the first MAX_INJECTION_COUNT are kept and the rest overflow. The
    event names, strongest first, the records next in line: the first NEXT_IN_LINE of each
    (polarity, type)'s overflow, at most SAMPLE_SIZE (docs/decisions/0010)."""
    ranked = by_priority(eligible)
    kept = ranked[:MAX_INJECTION_COUNT]
    overflow = ranked[MAX_INJECTION_COUNT:]
    # The kept records must be the true top: an unread record could sort among them.
    if overflow:
        run.scan().before(kept[-1], lambda g: True)
    else:
        run.scan().end(lambda g: True)
        return kept, overflow
    total = len(ranked) + run.more.eligible
    seen: dict[tuple[str, str], int] = {}
    next_in_line: list[str] = []

    def unnamed(g: GroupKey) -> bool:  # the group's (polarity, type) could still be named
        return seen.get((g[1], g[2]), 0) < NEXT_IN_LINE

    scan = run.scan()
    for r in overflow:
        scan.before(r, unnamed)
        n = seen.get((r.polarity, r.preference_type), 0)
        if n < NEXT_IN_LINE:
            seen[(r.polarity, r.preference_type)] = n + 1
            next_in_line.append(r.pattern)
            if len(next_in_line) == SAMPLE_SIZE:
                break
    else:
        scan.end(unnamed)
    run.events.append(
        DiagEvent(
            type="hard_cap_applied",
            stage="hard_cap",
            trace=f"Hard cap: {total} eligible, capped to {MAX_INJECTION_COUNT}",
            fields={
                "total_eligible": total,
                "cap": MAX_INJECTION_COUNT,
                "dropped": total - MAX_INJECTION_COUNT,
                "dropped_patterns": next_in_line,
            },
        )
    )
    return kept, overflow

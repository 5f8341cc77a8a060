"""Retrieval: which derived preferences are injected, with a diagnostic event for every stage.

Stages follow the engine notes (and the prototype's order): gates, project merge, lifecycle
filter, priority, hard cap, polarity ceiling + backfill, category ceiling + backfill, polarity
re-check, token budget. Pure: ``now`` is a parameter; records are evaluated at ``now`` first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from creative_memory.model.constants import (
    INJECTION_THRESHOLD,
    LINE_OVERHEAD_TOKENS,
    MAX_INJECTION_COUNT,
    MAX_PER_CATEGORY,
    MIN_NEG_FLOOR,
    NEGATIVE_BUDGET_RATIO,
    TOKEN_BUDGET,
    TOKEN_OVERHEAD,
    Polarity,
    Status,
    Tier,
    scope_for,
)
from creative_memory.model.records import DiagEvent, PrefState, RetrievalResult, key_text
from creative_memory.services.engine.block import estimate_tokens, override_line
from creative_memory.services.engine.derive import evaluated

# Re-exported: callers import the gates with the engine.
from creative_memory.services.engine.gates import Gates as Gates
from creative_memory.services.engine.gates import closed_gate as closed_gate
from creative_memory.services.engine.gates import scope_switches as scope_switches
from creative_memory.services.engine.gates import switch_events
from creative_memory.services.engine.order import RankKey, by_priority, by_strength, rank_key, strength_key

SAMPLE_SIZE = 20
EMPTY_NOTHING = "nothing_above_threshold"
# How many of each (polarity, type)'s overflow the hard-cap event names: the records a category
# backfill could still admit (docs/decisions/0010).
NEXT_IN_LINE = MAX_PER_CATEGORY
# Per (scope, polarity, type), the records ranked this deep are all the stages can ever reach:
# at most MAX_INJECTION_COUNT kept (before or after the polarity backfill) plus MAX_PER_CATEGORY
# admitted by the category backfill. A caller may pass only these (and counts for the rest).
RANK_DEPTH = MAX_INJECTION_COUNT + MAX_PER_CATEGORY


@dataclass(frozen=True, slots=True)
class Unloaded:
    """Counts of records a caller left out of ``records`` because no stage can reach them.

    ``eligible``: records that pass the lifecycle filter but rank below ``RANK_DEPTH`` in their
    (scope, polarity, type) — always overflow. ``suppressed``: eligible global records hidden by a
    project record that are not among the ``SAMPLE_SIZE`` strongest such records passed in.
    """

    eligible: int = 0
    suppressed: int = 0


# keep first-seen order (services/engine/order.py, decision 0022). Within one (scope, polarity,
# type) the order is strength DESC: services/candidates.py reads every record tied with the last
# one it reads of a group, so reading the top of each is exact.
_rank_key = rank_key
_by_priority = by_priority
_by_strength = by_strength


GroupKey = tuple[str, str, str]  # (scope, polarity, preference_type)


def group_of(r: PrefState) -> GroupKey:
    return (r.scope, str(r.polarity), r.preference_type)


class NeedDeeper(Exception):
    """The stages looked past what was read of these (scope, polarity, type) groups: read deeper."""

    def __init__(self, groups: frozenset[GroupKey]) -> None:
        super().__init__(sorted(groups))
        self.groups = groups


def type_matches(preference_type: str, preference_types: Sequence[str] | None) -> bool:
    return preference_types is None or any(preference_type.startswith(t) for t in preference_types)


def drop_reason(
    strength: float,
    status: str,
    confidence: str,
    preference_type: str,
    preference_types: Sequence[str] | None,
) -> str | None:
    """Why the lifecycle filter drops a record (None: it passes); also used on stored rows."""
    if strength < INJECTION_THRESHOLD:
        return "strength"
    if status != Status.STABLE:
        return "status"
    if confidence not in (Tier.MEDIUM, Tier.HIGH):
        return "tier"
    if not type_matches(preference_type, preference_types):
        return "type"
    return None


def _drop_reason(rec: PrefState, preference_types: Sequence[str] | None) -> str | None:
    return drop_reason(rec.strength, rec.status, rec.confidence, rec.preference_type, preference_types)


class _Scan:
    """Follows a stage's scan down ``ranked`` past the truncated groups' horizons.

    An unread record of a group sorts after the group's horizon (the last record read of it), so
    a scan can meet one only after it has passed that horizon. ``before(r)`` is called before the
    scan looks at ``r``: each horizon that sorts before ``r`` is passed then, and ``wanted`` says
    whether a record of that group could change the stage's outcome at that moment. A stage's
    state only narrows as its scan goes on (rooms and quotas only fill), so a group that is not
    wanted when its horizon is passed is not wanted later either. ``end()``: the scan ran out of
    records read, so every group not yet passed is decided by the final state.
    """

    def __init__(self, horizons: Sequence[tuple[RankKey, GroupKey]], need: set[GroupKey]) -> None:
        self._horizons, self._need, self._i = horizons, need, 0

    def before(self, r: PrefState, wanted: Callable[[GroupKey], bool]) -> None:
        at = _rank_key(r)
        hz = self._horizons
        while self._i < len(hz) and hz[self._i][0] < at:
            if wanted(hz[self._i][1]):
                self._need.add(hz[self._i][1])
            self._i += 1

    def end(self, wanted: Callable[[GroupKey], bool]) -> None:
        for _key, g in self._horizons[self._i :]:
            if wanted(g):
                self._need.add(g)
        self._i = len(self._horizons)


def _ratio() -> float:
    return NEGATIVE_BUDGET_RATIO / (1.0 - NEGATIVE_BUDGET_RATIO)


def _ceiling_event(
    stage: str, before: int, kept: list[PrefState], max_slots: int, trimmed: list[PrefState]
) -> DiagEvent:
    after = sum(1 for r in kept if r.polarity is Polarity.NEGATIVE)
    pct = round(NEGATIVE_BUDGET_RATIO * 100)
    return DiagEvent(
        type="diversity_ceiling_applied",
        stage=stage,
        trace=f"Diversity ceiling: {before} negatives capped to {max_slots} ({pct}% of {len(kept)} slots)",
        fields={
            "negative_count_before": before,
            "negative_count_after": after,
            "max_negative_slots": max_slots,
            "ratio": NEGATIVE_BUDGET_RATIO,
            "trimmed_patterns": [r.pattern for r in trimmed],
        },
    )


def _empty(events: list[DiagEvent], start: float, project_id: str | None, reason: str) -> RetrievalResult:
    return RetrievalResult(
        positives=(),
        negatives=(),
        project_overrides=(),
        events=tuple(events),
        duration_ms=(time.perf_counter() - start) * 1000.0,
        project_id=project_id,
        empty_reason=reason,
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
) -> RetrievalResult:
    """Select the preferences to inject for ``project_id`` (None = no project) at ``now``.

    ``records``: the user's global records plus that project's (any status); records of other
    scopes are ignored. ``excluded``: counts by reason of records the caller filtered out already
    (merged into the ``below_threshold`` aggregate). ``unloaded``: eligible records the caller
    left out because they rank too low to matter (see ``Unloaded``); the result is the same as if
    they had been passed in. ``horizons``: for each (scope, polarity, type) whose eligible records
    were read only down to some depth, the last record read; when a stage would look past one,
    ``NeedDeeper`` names the groups to read deeper (the result would not be exact otherwise).
    """
    more = unloaded or Unloaded()
    start = time.perf_counter()
    events: list[DiagEvent] = []

    # 0. Gates.
    gate = closed_gate(gates, project_id)
    if gate is not None:
        events.append(DiagEvent(type=gate[0], stage="gates", trace=gate[1]))
        return _empty(events, start, project_id, gate[0])

    events.extend(switch_events(gates, project_id))
    use_global, use_project = scope_switches(gates, project_id)
    project_scope = scope_for(project_id) if project_id and use_project else None
    globals_: list[PrefState] = []
    projects: list[PrefState] = []
    for rec in records:
        # A record already as of ``now`` is used as is (the engine never mutates its input).
        if rec.scope == "global" and use_global:
            globals_.append(rec if now <= rec.as_of else evaluated(rec, now))
        elif project_scope is not None and rec.scope == project_scope:
            projects.append(rec if now <= rec.as_of else evaluated(rec, now))

    # 1. Project merge: a project record hides the global one with the same type + pattern. Only a
    # global that would pass the lifecycle filter is reported (one event each for the strongest
    # SAMPLE_SIZE, one aggregate for the rest); a hidden global that would be dropped anyway goes
    # on to the lifecycle filter and is counted there (docs/decisions/0010).
    by_tp: dict[tuple[str, str], PrefState] = {}
    for rec in _by_strength(projects):
        by_tp.setdefault((rec.preference_type, rec.pattern), rec)
    candidates: list[PrefState] = list(projects)
    suppressed: list[tuple[PrefState, PrefState]] = []
    for g in globals_:
        ov = by_tp.get((g.preference_type, g.pattern))
        if ov is None or _drop_reason(g, preference_types) is not None:
            candidates.append(g)
        else:
            suppressed.append((g, ov))
    suppressed.sort(key=lambda pair: strength_key(pair[0]))
    for g, ov in suppressed[:SAMPLE_SIZE]:
        tp = f"{g.preference_type}/{g.pattern}"
        events.append(
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
    rest = len(suppressed[SAMPLE_SIZE:]) + more.suppressed
    if rest > 0:
        events.append(
            DiagEvent(
                type="project_override_suppression",
                stage="project_merge",
                trace=f"{project_id} overrides suppressed {rest} more global preference(s) for this generation",
                fields={"count": rest, "project_id": project_id},
            )
        )

    # 2. Lifecycle filter.
    reasons: dict[str, int] = {"strength": 0, "status": 0, "tier": 0, "type": 0}
    dropped: list[PrefState] = []
    eligible: list[PrefState] = []
    for rec in candidates:
        reason = _drop_reason(rec, preference_types)
        if reason is None:
            eligible.append(rec)
        else:
            reasons[reason] += 1
            dropped.append(rec)
    for reason, n in (excluded or {}).items():
        reasons[reason] = reasons.get(reason, 0) + n
    n_dropped = sum(reasons.values())
    if n_dropped > 0:
        events.append(
            DiagEvent(
                type="below_threshold",
                stage="lifecycle",
                trace=f"Lifecycle filter: {n_dropped} record(s) below threshold or not stable",
                fields={
                    "count": n_dropped,
                    "reasons": reasons,
                    "sample": [key_text(r.key) for r in _by_strength(dropped)[:SAMPLE_SIZE]],
                },
            )
        )

    # 3. Priority.
    ranked = _by_priority(eligible)
    # Groups read only down to a horizon whose unread records a stage could have used: the caller
    # reads them deeper and calls again (NeedDeeper), so the result is exact.
    need: set[GroupKey] = set()
    hz = sorted((_rank_key(h), group_of(h)) for h in horizons)

    # 4. Hard cap. The event names, strongest first, the records next in line: the first
    # NEXT_IN_LINE of each (polarity, type)'s overflow, at most SAMPLE_SIZE (docs/decisions/0010).
    kept = ranked[:MAX_INJECTION_COUNT]
    overflow = ranked[MAX_INJECTION_COUNT:]
    # The kept records must be the true top: an unread record could sort among them.
    if overflow:
        _Scan(hz, need).before(kept[-1], lambda g: True)
    else:
        _Scan(hz, need).end(lambda g: True)
    if overflow:
        total = len(ranked) + more.eligible
        seen: dict[tuple[str, str], int] = {}
        next_in_line: list[str] = []

        def unnamed(g: GroupKey) -> bool:  # the group's (polarity, type) could still be named
            return seen.get((g[1], g[2]), 0) < NEXT_IN_LINE

        scan = _Scan(hz, need)
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
        events.append(
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

    ratio = _ratio()

    # 5./6. Polarity ceiling with backfill from overflow positives.
    negs = [r for r in kept if r.polarity is Polarity.NEGATIVE]
    if negs:
        n_pos = len(kept) - len(negs)
        pos_overflow = [r for r in overflow if r.polarity is Polarity.POSITIVE]

        def positive(g: GroupKey) -> bool:
            return g[1] == Polarity.POSITIVE

        if len(pos_overflow) < len(negs) - MIN_NEG_FLOOR:
            # Too few positives read to know how many exist: any positive group may add some.
            _Scan(hz, need).end(positive)
        keep = len(negs)
        for n in range(len(negs), MIN_NEG_FLOOR - 1, -1):
            backfillable = min(len(pos_overflow), len(negs) - n)
            keep = n
            if n <= math.floor(ratio * (n_pos + backfillable)):
                break
        max_slots = max(MIN_NEG_FLOOR, keep)
        if len(negs) > max_slots:
            trimmed = negs[max_slots:]  # negs are in priority order: the weakest go
            trimmed_ids = {id(r) for r in trimmed}
            kept = [r for r in kept if id(r) not in trimmed_ids]
            backfill = pos_overflow[: len(trimmed)]
            if backfill:
                # The backfill is the first positives of the overflow: exact up to its last one.
                _Scan(hz, need).before(backfill[-1], positive)
                back_ids = {id(r) for r in backfill}
                overflow = [r for r in overflow if id(r) not in back_ids]
                kept = _by_priority([*kept, *backfill])
                events.append(
                    DiagEvent(
                        type="diversity_backfill",
                        stage="polarity_backfill",
                        trace=(
                            f"Polarity backfill: {len(backfill)} positive pattern(s) admitted from overflow"
                        ),
                        fields={
                            "backfilled_count": len(backfill),
                            "backfilled_patterns": [r.pattern for r in backfill],
                        },
                    )
                )
            events.append(_ceiling_event("polarity_ceiling", len(negs), kept, max_slots, trimmed))

    # 7./8. Category ceiling with backfill from overflow.
    counts: dict[str, int] = {}
    for r in kept:
        counts[r.preference_type] = counts.get(r.preference_type, 0) + 1
    distinct = {r.preference_type for r in kept} | {r.preference_type for r in overflow}
    if len(distinct) >= 2:
        over_types = [t for t, c in counts.items() if c > MAX_PER_CATEGORY]
        cat_trimmed: list[PrefState] = []
        categories: list[dict[str, Any]] = []
        for t in over_types:
            members = [r for r in kept if r.preference_type == t]
            cat_trimmed.extend(members[MAX_PER_CATEGORY:])
            categories.append({"category": t, "before": len(members), "after": MAX_PER_CATEGORY})
        if cat_trimmed:
            cut_ids = {id(r) for r in cat_trimmed}
            kept = [r for r in kept if id(r) not in cut_ids]
            room: dict[str, int] = {}
            for r in kept:
                room[r.preference_type] = room.get(r.preference_type, MAX_PER_CATEGORY) - 1
            # The backfill respects the polarity ceiling of the records it adds to: it admits a
            # negative only while the negatives stay within max(floor, R/(1-R) × positives kept),
            # so the re-check below never has to empty the block's positive side when the
            # overflow is full of strong negatives (docs/decisions/0010).
            n_neg = sum(1 for r in kept if r.polarity is Polarity.NEGATIVE)
            neg_room = max(MIN_NEG_FLOOR, math.floor(ratio * (len(kept) - n_neg))) - n_neg
            cat_backfill: list[PrefState] = []

            def admissible(g: GroupKey) -> bool:  # a record of the group could be admitted now
                return room.get(g[2], MAX_PER_CATEGORY) > 0 and (g[1] == Polarity.POSITIVE or neg_room > 0)

            scan = _Scan(hz, need)
            filled = False
            for r in overflow:
                if len(cat_backfill) >= len(cat_trimmed):
                    filled = True
                    break
                scan.before(r, admissible)
                cap = room.get(r.preference_type, MAX_PER_CATEGORY)
                if cap <= 0:
                    continue
                if r.polarity is Polarity.NEGATIVE:
                    if neg_room <= 0:
                        continue
                    neg_room -= 1
                cat_backfill.append(r)
                room[r.preference_type] = cap - 1
            if not filled and len(cat_backfill) < len(cat_trimmed):
                scan.end(admissible)
            if cat_backfill:
                back_ids = {id(r) for r in cat_backfill}
                overflow = [r for r in overflow if id(r) not in back_ids]
                kept = _by_priority([*kept, *cat_backfill])
                events.append(
                    DiagEvent(
                        type="category_backfill",
                        stage="category_backfill",
                        trace=f"Category backfill: {len(cat_backfill)} pattern(s) admitted from overflow",
                        fields={
                            "backfilled_count": len(cat_backfill),
                            "backfilled_types": [r.preference_type for r in cat_backfill],
                        },
                    )
                )
            events.append(
                DiagEvent(
                    type="category_ceiling_applied",
                    stage="category_ceiling",
                    trace=(
                        f"Category ceiling: {len(cat_trimmed)} pattern(s) trimmed from "
                        f"{', '.join(over_types)} (max {MAX_PER_CATEGORY}/type)"
                    ),
                    fields={
                        "categories_trimmed": categories,
                        "total_trimmed": len(cat_trimmed),
                        "trimmed_patterns": [r.pattern for r in cat_trimmed],
                        "max_per_category": MAX_PER_CATEGORY,
                    },
                )
            )

    if need:
        raise NeedDeeper(frozenset(need))

    # 9. Polarity re-check after the category trim (no backfill).
    negs = [r for r in kept if r.polarity is Polarity.NEGATIVE]
    n_pos = len(kept) - len(negs)
    max_slots = max(MIN_NEG_FLOOR, math.floor(ratio * n_pos))
    if len(negs) > max_slots:
        trimmed = negs[max_slots:]
        trimmed_ids = {id(r) for r in trimmed}
        kept = [r for r in kept if id(r) not in trimmed_ids]
        events.append(_ceiling_event("recheck", len(negs), kept, max_slots, trimmed))

    # 10. Token budget; the project-override line's cost is reserved first. The line lists the
    # project records that survived the stages above (at most the hard cap) and its reservation is
    # capped at half the budget, weakest overrides trimmed first (docs/decisions/0007).
    kept_keys = {r.key for r in kept}
    override_list = [
        r
        for r in _by_strength(projects)
        if r.key in kept_keys and r.strength >= INJECTION_THRESHOLD and r.status is Status.STABLE
    ]
    while override_list and TOKEN_OVERHEAD + estimate_tokens(override_line(project_id, override_list)) > (
        TOKEN_BUDGET // 2
    ):
        cut = override_list.pop()
        events.append(
            DiagEvent(
                type="token_budget_exceeded",
                stage="token_budget",
                preference_key=key_text(cut.key),
                trace=f"Token budget: {cut.pattern} left off the project-override line (line capped at half the budget)",
                fields={"pattern": cut.pattern, "override": True, "budget": TOKEN_BUDGET},
            )
        )
    overrides = tuple(override_list)
    estimate = TOKEN_OVERHEAD + estimate_tokens(override_line(project_id, overrides))
    final: list[PrefState] = []
    for r in kept:
        cost = estimate_tokens(r.pattern) + LINE_OVERHEAD_TOKENS
        if estimate + cost > TOKEN_BUDGET:
            events.append(
                DiagEvent(
                    type="token_budget_exceeded",
                    stage="token_budget",
                    preference_key=key_text(r.key),
                    trace=f"Token budget: {r.pattern} dropped at {estimate}/{TOKEN_BUDGET} est. tokens",
                    fields={
                        "pattern": r.pattern,
                        "estimated_tokens_at_cut": estimate,
                        "budget": TOKEN_BUDGET,
                    },
                )
            )
            continue
        estimate += cost
        final.append(r)

    for r in final:
        events.append(
            DiagEvent(
                type="kept",
                stage="result",
                preference_key=key_text(r.key),
                trace=(
                    f"Kept {r.preference_type}/{r.pattern} ({r.polarity}, {r.strength:.2f}, {r.confidence}"
                    + (", provisional: unary signals only)" if r.provisional else ")")
                ),
                fields={"strength": r.strength, "confidence": str(r.confidence), "polarity": str(r.polarity)}
                | ({"provisional": True} if r.provisional else {}),
            )
        )

    positives = tuple(_by_strength(r for r in final if r.polarity is Polarity.POSITIVE))
    negatives = tuple(_by_strength(r for r in final if r.polarity is Polarity.NEGATIVE))
    return RetrievalResult(
        positives=positives,
        negatives=negatives,
        project_overrides=overrides,
        events=tuple(events),
        duration_ms=(time.perf_counter() - start) * 1000.0,
        project_id=project_id,
        empty_reason=None if final else EMPTY_NOTHING,
    )

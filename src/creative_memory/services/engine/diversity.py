"""The diversity stages of a retrieval: polarity ceiling with backfill, category ceiling with
backfill, and the polarity re-check (the prototype's stages 5–9)."""

from __future__ import annotations

import math
from typing import Any

from creative_memory.model.constants import MAX_PER_CATEGORY, MIN_NEG_FLOOR, NEGATIVE_BUDGET_RATIO, Polarity
from creative_memory.model.records import DiagEvent, PrefState
from creative_memory.services.engine.order import by_priority
from creative_memory.services.engine.reach import GroupKey
from creative_memory.services.engine.stages import Run


def ceiling_event(
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


def _without(records: list[PrefState], gone: list[PrefState]) -> list[PrefState]:
    ids = {id(r) for r in gone}
    return [r for r in records if id(r) not in ids]


def polarity_ceiling(
    run: Run, kept: list[PrefState], overflow: list[PrefState]
) -> tuple[list[PrefState], list[PrefState]]:
    """5./6. Negatives within R/(1-R) of the positives (at least the floor), the weakest trimmed
    and replaced by the first positives of the overflow."""
    negs = [r for r in kept if r.polarity is Polarity.NEGATIVE]
    if not negs:
        return kept, overflow
    n_pos = len(kept) - len(negs)
    pos_overflow = [r for r in overflow if r.polarity is Polarity.POSITIVE]

    def positive(g: GroupKey) -> bool:
        return g[1] == Polarity.POSITIVE

    if len(pos_overflow) < len(negs) - MIN_NEG_FLOOR:
        # Too few positives read to know how many exist: any positive group may add some.
        run.scan().end(positive)
    keep = len(negs)
    for n in range(len(negs), MIN_NEG_FLOOR - 1, -1):
        backfillable = min(len(pos_overflow), len(negs) - n)
        keep = n
        if n <= math.floor(run.ratio * (n_pos + backfillable)):
            break
    max_slots = max(MIN_NEG_FLOOR, keep)
    if len(negs) <= max_slots:
        return kept, overflow
    trimmed = negs[max_slots:]  # negs are in priority order: the weakest go
    kept = _without(kept, trimmed)
    backfill = pos_overflow[: len(trimmed)]
    if backfill:
        # The backfill is the first positives of the overflow: exact up to its last one.
        run.scan().before(backfill[-1], positive)
        overflow = _without(overflow, backfill)
        kept = by_priority([*kept, *backfill])
        run.events.append(
            DiagEvent(
                type="diversity_backfill",
                stage="polarity_backfill",
                trace=f"Polarity backfill: {len(backfill)} positive pattern(s) admitted from overflow",
                fields={
                    "backfilled_count": len(backfill),
                    "backfilled_patterns": [r.pattern for r in backfill],
                },
            )
        )
    run.events.append(ceiling_event("polarity_ceiling", len(negs), kept, max_slots, trimmed))
    return kept, overflow


def category_ceiling(run: Run, kept: list[PrefState], overflow: list[PrefState]) -> list[PrefState]:
    """7./8. At most MAX_PER_CATEGORY of a type (when the block could hold two types), the rest
    replaced from the overflow by ``category_backfill``."""
    counts: dict[str, int] = {}
    for r in kept:
        counts[r.preference_type] = counts.get(r.preference_type, 0) + 1
    distinct = {r.preference_type for r in kept} | {r.preference_type for r in overflow}
    if len(distinct) < 2:
        return kept
    over_types = [t for t, c in counts.items() if c > MAX_PER_CATEGORY]
    cat_trimmed: list[PrefState] = []
    categories: list[dict[str, Any]] = []
    for t in over_types:
        members = [r for r in kept if r.preference_type == t]
        cat_trimmed.extend(members[MAX_PER_CATEGORY:])
        categories.append({"category": t, "before": len(members), "after": MAX_PER_CATEGORY})
    if not cat_trimmed:
        return kept
    kept = _without(kept, cat_trimmed)
    kept = category_backfill(run, kept, overflow, len(cat_trimmed))
    run.events.append(
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
    return kept


def category_backfill(
    run: Run, kept: list[PrefState], overflow: list[PrefState], wanted: int
) -> list[PrefState]:
    """Up to ``wanted`` records from the overflow, in priority order, into types with room.

    The backfill respects the polarity ceiling of the records it adds to: it admits a negative
    only while the negatives stay within max(floor, R/(1-R) × positives kept), so the re-check
    never has to empty the block's positive side when the overflow is full of strong negatives
    (docs/decisions/0010)."""
    room: dict[str, int] = {}
    for r in kept:
        room[r.preference_type] = room.get(r.preference_type, MAX_PER_CATEGORY) - 1
    n_neg = sum(1 for r in kept if r.polarity is Polarity.NEGATIVE)
    neg_room = max(MIN_NEG_FLOOR, math.floor(run.ratio * (len(kept) - n_neg))) - n_neg
    backfill: list[PrefState] = []

    def admissible(g: GroupKey) -> bool:  # a record of the group could be admitted now
        return room.get(g[2], MAX_PER_CATEGORY) > 0 and (g[1] == Polarity.POSITIVE or neg_room > 0)

    scan = run.scan()
    filled = False
    for r in overflow:
        if len(backfill) >= wanted:
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
        backfill.append(r)
        room[r.preference_type] = cap - 1
    if not filled and len(backfill) < wanted:
        scan.end(admissible)
    if not backfill:
        return kept
    run.events.append(
        DiagEvent(
            type="category_backfill",
            stage="category_backfill",
            trace=f"Category backfill: {len(backfill)} pattern(s) admitted from overflow",
            fields={
                "backfilled_count": len(backfill),
                "backfilled_types": [r.preference_type for r in backfill],
            },
        )
    )
    return by_priority([*kept, *backfill])


def polarity_recheck(run: Run, kept: list[PrefState]) -> list[PrefState]:
    """9. The polarity ceiling again after the category trim (no backfill)."""
    negs = [r for r in kept if r.polarity is Polarity.NEGATIVE]
    n_pos = len(kept) - len(negs)
    max_slots = max(MIN_NEG_FLOOR, math.floor(run.ratio * n_pos))
    if len(negs) <= max_slots:
        return kept
    trimmed = negs[max_slots:]
    kept = _without(kept, trimmed)
    run.events.append(ceiling_event("recheck", len(negs), kept, max_slots, trimmed))
    return kept

"""What a person's ratings of earlier injections change in one context (decision 0086): pure.

A context is a project (or none) and a mode. Ratings of retrievals in that context change how
much of memory is used there, never a preference's strength: "not relevant here" lowers the score
a preference is weighed with in the context, "helped" restores some of it, "too much" raises the
threshold of the context (the strongest :data:`NARROW_FLOOR` stay). Each rating weighs
``0.5 ** (age / RATING_HALF_LIFE)``. The stage runs after the lifecycle filter and only leaves
records out, so a bounded read stays exact (``reach``: a stage that looks past a horizon asks for
a deeper read). Reading the ratings is ``services.retrieval.context_ratings``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from creative_memory.model.constants import INJECTION_THRESHOLD
from creative_memory.model.records import DiagEvent, PrefState, key_text
from creative_memory.services.engine.order import by_priority
from creative_memory.services.engine.reach import SAMPLE_SIZE

DAY_MS = 86_400_000
#: a rating counts half after this long, a quarter after twice as long
RATING_HALF_LIFE = 30 * DAY_MS
#: a preference's score in the context is multiplied by this per "not relevant here" (weighted)
NOT_RELEVANT_FACTOR = 0.5
#: … and by this per "helped" that injected it, never above its own strength (factor at most 1)
HELPED_FACTOR = 1.25
#: the context's threshold rises by this per "too much" (weighted, less one per "helped") …
NARROW_STEP = 0.10
#: … up to this (the top of the medium tier)
NARROW_MAX_THRESHOLD = 0.65
#: narrowing never leaves fewer than this many preferences that pass the usual threshold
NARROW_FLOOR = 2

Item = tuple[str, str, str]  # (preference_type, pattern, polarity)


def weight(occurred_at: int, now: int) -> float:
    """How much one rating given at ``occurred_at`` counts at ``now`` (1 when new)."""
    age = max(0, now - occurred_at)
    return float(0.5 ** (age / RATING_HALF_LIFE))


@dataclass(frozen=True)
class ContextRatings:
    """What the ratings of one context say at one instant (hashable: a memo's question holds it)."""

    #: the factor each rated preference's score is multiplied by here, below 1 only
    factors: tuple[tuple[Item, float], ...] = ()
    #: weighted "too much" ratings less weighted "helped" ones, at least 0
    narrowing: float = 0.0

    @classmethod
    def from_sums(
        cls,
        not_relevant: Mapping[Item, float],
        helped: Mapping[Item, float],
        too_much: float,
        helped_all: float,
    ) -> ContextRatings:
        """The context from weighted sums: per preference of "not relevant" and of "helped", and of
        "too much" and "helped" ratings as a whole."""
        factors = []
        for item, w in not_relevant.items():
            f = min(1.0, NOT_RELEVANT_FACTOR**w * HELPED_FACTOR ** helped.get(item, 0.0))
            if f < 1.0:
                factors.append((item, round(f, 6)))
        narrowing = round(max(0.0, too_much - helped_all), 6)
        return cls(tuple(sorted(factors)), narrowing)

    def __bool__(self) -> bool:
        return bool(self.factors) or self.narrowing > 0

    @property
    def threshold(self) -> float:
        return min(NARROW_MAX_THRESHOLD, INJECTION_THRESHOLD + NARROW_STEP * self.narrowing)

    def factor(self, rec: PrefState) -> float:
        return dict(self.factors).get((rec.preference_type, rec.pattern, str(rec.polarity)), 1.0)


def apply(
    events: list[DiagEvent],
    eligible: list[PrefState],
    ctx: ContextRatings | None,
    project_id: str | None,
    mode: str,
) -> list[PrefState]:
    """The eligible records the context's ratings leave in, with a stage event for what they changed."""
    if not ctx:
        return eligible
    factors = dict(ctx.factors)
    scores: dict[int, float] = {}
    lowered: list[PrefState] = []
    for rec in eligible:
        f = factors.get((rec.preference_type, rec.pattern, str(rec.polarity)), 1.0)
        scores[id(rec)] = rec.strength * f
        if f < 1.0:
            lowered.append(rec)
    threshold = ctx.threshold
    floor: set[int] = set()
    for rec in by_priority(eligible):
        if len(floor) >= NARROW_FLOOR:
            break
        if scores[id(rec)] >= INJECTION_THRESHOLD:
            floor.add(id(rec))
    kept: list[PrefState] = []
    narrowed: list[PrefState] = []
    for rec in eligible:
        score = scores[id(rec)]
        if score < INJECTION_THRESHOLD:
            continue  # lowered here below the usual threshold
        if score < threshold and id(rec) not in floor:
            narrowed.append(rec)
            continue
        kept.append(rec)
    left = {id(r) for r in kept}
    for rec in lowered[:SAMPLE_SIZE]:
        f = factors[(rec.preference_type, rec.pattern, str(rec.polarity))]
        out = id(rec) not in left
        events.append(
            DiagEvent(
                type="rated_not_relevant",
                stage="ratings",
                preference_key=key_text(rec.key),
                trace=(
                    f"Lowered here: rated not relevant in this project and mode (x{f:.2f}: "
                    f"{rec.strength:.2f} -> {scores[id(rec)]:.2f}); " + ("left out" if out else "still kept")
                ),
                fields={
                    "factor": f,
                    "strength": rec.strength,
                    "score": scores[id(rec)],
                    "left_out": out,
                    "project_id": project_id,
                    "mode": mode,
                },
            )
        )
    if ctx.narrowing > 0:
        events.append(
            DiagEvent(
                type="rated_too_much",
                stage="ratings",
                trace=(
                    f"Narrowed here: rated too much in this project and mode (threshold {threshold:.2f} "
                    f"instead of {INJECTION_THRESHOLD:.2f}); {len(narrowed)} left out"
                ),
                fields={
                    "threshold": threshold,
                    "narrowing": ctx.narrowing,
                    "count": len(narrowed),
                    "sample": [key_text(r.key) for r in narrowed[:SAMPLE_SIZE]],
                    "project_id": project_id,
                    "mode": mode,
                },
            )
        )
    return kept

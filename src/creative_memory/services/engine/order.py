"""The engine's one order: strength (or priority) first, then first-seen order (decision 0022).

The prototype sorts with JavaScript's stable sort over ``[...globals, ...project records]``, each
array in the order its records were created, so equal strengths keep that order. A record knows
where the fold created it (``created_at``, ``created_seq``, ``created_item``: the creating event's
time, its place among the events of that instant (its order tie, decision 0089) and the item's place
in it), which reproduces the arrays' order; global
records come before project records, as in the prototype's merge.
"""

from __future__ import annotations

from collections.abc import Iterable

from creative_memory.model.constants import NEGATIVE_PRIORITY_MULTIPLIER, Polarity
from creative_memory.model.records import PrefState

# (0 global / 1 project, created_at, created_seq, created_item, type, pattern, polarity). Records a
# fold created are never tied on the first four; the key fields (flat: no tuple is built on this
# hot path) only make the order total for records made by hand.
FirstSeen = tuple[int, int, int, int, str, str, str]
RankKey = tuple[float, int, int, int, int, str, str, str]  # (-priority, *first_seen)


def first_seen(r: PrefState) -> FirstSeen:
    return (
        0 if r.scope == "global" else 1,
        r.created_at,
        r.created_seq,
        r.created_item,
        r.preference_type,
        r.pattern,
        r.polarity,
    )


def rank_key(r: PrefState) -> RankKey:
    """Priority (strength, × NEGATIVE_PRIORITY_MULTIPLIER for negatives) descending, ties first-seen."""
    s = r.strength
    p = -s * NEGATIVE_PRIORITY_MULTIPLIER if r.polarity is Polarity.NEGATIVE else -s
    g = 0 if r.scope == "global" else 1
    return (p, g, r.created_at, r.created_seq, r.created_item, r.preference_type, r.pattern, r.polarity)


def strength_key(r: PrefState) -> RankKey:
    """Strength descending, ties first-seen."""
    g = 0 if r.scope == "global" else 1
    return (
        -r.strength,
        g,
        r.created_at,
        r.created_seq,
        r.created_item,
        r.preference_type,
        r.pattern,
        r.polarity,
    )


def by_priority(records: Iterable[PrefState]) -> list[PrefState]:
    return sorted(records, key=rank_key)


def by_strength(records: Iterable[PrefState]) -> list[PrefState]:
    return sorted(records, key=strength_key)

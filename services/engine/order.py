"""The engine's one order: strength (or priority) first, then first-seen order (decision 0022).

The prototype sorts with JavaScript's stable sort over ``[...globals, ...project records]``, each
array in the order its records were created, so equal strengths keep that order. A record knows
where the fold created it (``created_at``, ``created_seq``, ``created_item``: the creating event's
time and sequence number and the item's place in it), which reproduces the arrays' order; global
records come before project records, as in the prototype's merge.
"""

from __future__ import annotations

from collections.abc import Iterable

from creative_memory.model.constants import NEGATIVE_PRIORITY_MULTIPLIER, Polarity
from creative_memory.model.records import PrefKey, PrefState

# (0 global / 1 project, created_at, created_seq, created_item, key). Records a fold created are
# never tied on the first four; the key only makes the order total for hand-made records.
FirstSeen = tuple[int, int, int, int, PrefKey]
RankKey = tuple[float, int, int, int, int, PrefKey]  # (-priority, *first_seen)


def first_seen(r: PrefState) -> FirstSeen:
    return (0 if r.scope == "global" else 1, r.created_at, r.created_seq, r.created_item, r.key)


def rank_key(r: PrefState) -> RankKey:
    """Priority (strength, × NEGATIVE_PRIORITY_MULTIPLIER for negatives) descending, ties first-seen."""
    s = r.strength
    p = -s * NEGATIVE_PRIORITY_MULTIPLIER if r.polarity is Polarity.NEGATIVE else -s
    return (p, 0 if r.scope == "global" else 1, r.created_at, r.created_seq, r.created_item, r.key)


def strength_key(r: PrefState) -> RankKey:
    """Strength descending, ties first-seen."""
    return (-r.strength, 0 if r.scope == "global" else 1, r.created_at, r.created_seq, r.created_item, r.key)


def by_priority(records: Iterable[PrefState]) -> list[PrefState]:
    return sorted(records, key=rank_key)


def by_strength(records: Iterable[PrefState]) -> list[PrefState]:
    return sorted(records, key=strength_key)

"""What a retrieval can reach: the (scope, polarity, type) groups, how deep they are read, and the
lifecycle filter's reasons — shared by the stages (services/engine/stages.py and its neighbours).

A caller may read each group's eligible records only down to ``RANK_DEPTH`` (and count the rest in
``Unloaded``). A stage whose scan passes a group's *horizon* (the last record read of it) while a
record of that group could still change its outcome adds the group to ``need``; ``retrieve`` then
raises ``NeedDeeper`` and the caller reads those groups deeper (docs/decisions/0010, 0011).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from creative_memory.model.constants import (
    INJECTION_THRESHOLD,
    MAX_INJECTION_COUNT,
    MAX_PER_CATEGORY,
    Status,
    Tier,
)
from creative_memory.model.records import PrefState
from creative_memory.services.engine.order import RankKey, rank_key

SAMPLE_SIZE = 20
# How many of each (polarity, type)'s overflow the hard-cap event names: the records a category
# backfill could still admit (docs/decisions/0010).
NEXT_IN_LINE = MAX_PER_CATEGORY
# Per (scope, polarity, type), the records ranked this deep are all the stages can ever reach:
# at most MAX_INJECTION_COUNT kept (before or after the polarity backfill) plus MAX_PER_CATEGORY
# admitted by the category backfill. A caller may pass only these (and counts for the rest).
RANK_DEPTH = MAX_INJECTION_COUNT + MAX_PER_CATEGORY

GroupKey = tuple[str, str, str]  # (scope, polarity, preference_type)


@dataclass(frozen=True, slots=True)
class Unloaded:
    """Counts of records a caller left out of ``records`` because no stage can reach them.

    ``eligible``: records that pass the lifecycle filter but rank below ``RANK_DEPTH`` in their
    (scope, polarity, type) — always overflow. ``suppressed``: eligible global records hidden by a
    project record that are not among the ``SAMPLE_SIZE`` strongest such records passed in.
    """

    eligible: int = 0
    suppressed: int = 0


def group_of(r: PrefState) -> GroupKey:
    return (r.scope, str(r.polarity), r.preference_type)


def furthest(scans: Sequence[Scan]) -> tuple[bool, RankKey | None]:
    """How far down ``ranked`` the stages looked: (ran out of records read, else the furthest key;
    None when no stage scanned)."""
    if any(s.to_end for s in scans):
        return True, None
    keys = [s.last for s in scans if s.last is not None]
    return False, max(keys) if keys else None


class NeedDeeper(Exception):
    """The stages looked past what was read of these (scope, polarity, type) groups: read deeper."""

    def __init__(self, groups: frozenset[GroupKey]) -> None:
        super().__init__(sorted(groups))
        self.groups = groups


def type_matches(preference_type: str, preference_types: Sequence[str] | None) -> bool:
    return preference_types is None or any(preference_type.startswith(t) for t in preference_types)


INJECTED_TIERS = (Tier.MEDIUM, Tier.HIGH)  # the tiers the lifecycle filter lets through


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
    if confidence not in INJECTED_TIERS:
        return "tier"
    if not type_matches(preference_type, preference_types):
        return "type"
    return None


def record_drop_reason(rec: PrefState, preference_types: Sequence[str] | None) -> str | None:
    return drop_reason(rec.strength, rec.status, rec.confidence, rec.preference_type, preference_types)


class Scan:
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
        #: how far the scan looked: the last record it was called before (the scans go down
        #: ``ranked``, so the furthest); ``to_end`` when it ran out of records read
        self.last: RankKey | None = None
        self.to_end = False

    def before(self, r: PrefState, wanted: Callable[[GroupKey], bool]) -> None:
        at = rank_key(r)
        self.last = at
        hz = self._horizons
        while self._i < len(hz) and hz[self._i][0] < at:
            if wanted(hz[self._i][1]):
                self._need.add(hz[self._i][1])
            self._i += 1

    def end(self, wanted: Callable[[GroupKey], bool]) -> None:
        self.to_end = True
        for _key, g in self._horizons[self._i :]:
            if wanted(g):
                self._need.add(g)
        self._i = len(self._horizons)

"""A record as of a moment: decay steps and archival are functions of time (``advance``), so a
derived record can be evaluated at any ``now`` without folding again (pure, like the fold in
``services.engine.derive``)."""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter

from creative_memory.model.constants import ARCHIVE_DAYS, DECAY_DAYS, DECAY_FACTOR, Status, tier_down
from creative_memory.model.records import PrefState

DAY_MS = 86_400_000
DECAY_MS = DECAY_DAYS * DAY_MS
ARCHIVE_MS = ARCHIVE_DAYS * DAY_MS

_ARCHIVED = Status.ARCHIVED


def clamp(value: float) -> float:
    """Strength is always kept in [0, 1]."""
    if value < 0.0:
        return 0.0
    if value > 1.0:
        return 1.0
    return value


def advance(state: PrefState, t: int) -> None:
    """Bring ``state`` (in place) from ``state.as_of`` to time ``t``: decay steps, then archival.

    Once ``t >= decay_at`` the record decays (strength × DECAY_FACTOR, tier down one step without
    recomputation, ``decay_at`` moved DECAY_DAYS on), repeatedly; once ``t - last_seen >=
    ARCHIVE_DAYS`` it is archived (archival wins a tie with a decay step). No-op for ``t <= as_of``.
    """
    if t <= state.as_of:
        return
    if state.status is not _ARCHIVED:
        archive_at = state.last_seen + ARCHIVE_MS
        while True:
            d = state.decay_at
            if min(archive_at, d) > t:
                break
            if archive_at <= d:
                state.status = _ARCHIVED
                break
            state.strength = clamp(state.strength * DECAY_FACTOR)
            state.confidence = tier_down(state.confidence)
            state.decay_at = d + DECAY_MS
            state.decay_count += 1
            state.demoted_by = f"decay@{d}"
    state.as_of = t


def nothing_due(state: PrefState, t: int) -> bool:
    """Whether :func:`advance` to ``t`` would change nothing but ``as_of``: ``t`` is not later,
    the record is archived, or it is due neither to decay nor to archival by ``t``. (The folds
    inline the same test in their inner loops: ``Deriver._fold_item``, ``bulk.fold_stored``.)"""
    return (
        t <= state.as_of
        or state.status is _ARCHIVED
        or (state.decay_at > t and state.last_seen + ARCHIVE_MS > t)
    )


_STATE_FIELDS = tuple(f.name for f in fields(PrefState))
_state_values = attrgetter(*_STATE_FIELDS)


def copy_state(state: PrefState) -> PrefState:
    """``state.copy()`` (own lists, same values) through the constructor: about 3× faster than
    the generic ``copy.copy`` of a slotted dataclass, and this runs once per loaded record."""
    out = PrefState(*_state_values(state))
    out.sources = list(state.sources)
    out.explicit_tags = list(state.explicit_tags)
    out.reversal_sessions = list(state.reversal_sessions)
    return out


def evaluated(state: PrefState, now: int) -> PrefState:
    """A copy of ``state`` advanced to ``now`` (the original is untouched)."""
    out = copy_state(state)
    advance(out, now)
    return out

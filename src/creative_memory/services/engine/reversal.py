"""Contradiction of a stable record (step 2 of the fold in ``services.engine.derive``): the
reversal steps that weaken it, and the shadow of the other polarity that may replace it.

Pure functions on the records; the fold calls them in the order the engine notes give.
"""

from __future__ import annotations

from creative_memory.model.constants import (
    PROVISIONAL_MAX_STRENGTH,
    REVERSAL_MIN_SESSIONS,
    REVERSAL_STEP2_FACTOR,
    REVERSAL_STEP3_FACTOR,
    UNARY_SIGNALS,
    Status,
    Tier,
    tier_down,
    tier_for,
)
from creative_memory.model.events import EventView
from creative_memory.model.records import PrefState
from creative_memory.services.engine.evaluation import DECAY_MS, clamp

_ARCHIVED = Status.ARCHIVED
_UNDER_REVIEW = Status.UNDER_REVIEW
_LOW = Tier.LOW
_MEDIUM = Tier.MEDIUM
_HIGH = Tier.HIGH


def against(ev: EventView) -> str:
    """What a record's ``demoted_by`` says of the contradicting reaction ``ev``: its time and kind,
    ``against@<occurred_at ms>:<signal>`` (decision 0104). Not its id: the cache key is a digest of
    the events' content, and two events of equal content (different ids) fold in arrival order, so
    an id here would make the records depend on which arrived first. A forget never changes either
    part (it rewrites an event's items only)."""
    return f"{_AGAINST}{ev.occurred_at}:{ev.signal_type}"


_AGAINST = "against@"


def read_against(text: str) -> tuple[int, str] | None:
    """The time (ms) and signal of an :func:`against` text; None for anything else (a decay's
    ``decay@…``, or an event id that a store derived before version 5 still holds)."""
    if not text.startswith(_AGAINST):
        return None
    at, _, signal = text[len(_AGAINST) :].partition(":")
    if not at.isdigit() or not signal:
        return None
    return int(at), signal


def count_reversal(ev: EventView, opp: PrefState, abs_w: float, pairwise: int) -> bool:
    """Count ``ev`` against the stable record ``opp``: the second reversal weakens it, the third
    also lowers its tier, and from the fourth in at least ``REVERSAL_MIN_SESSIONS`` sessions it is
    put under review — then True: the contradicting polarity gets (or becomes) its shadow."""
    t = ev.occurred_at
    opp.reversal_signals += 1
    if opp.reversal_first_seen is None:
        opp.reversal_first_seen = t
    if ev.session_id is not None and ev.session_id not in opp.reversal_sessions:
        opp.reversal_sessions.append(ev.session_id)
    opp.pairwise_count += pairwise
    opp.last_seen = t  # decay_at deliberately unchanged
    opp.last_seq = ev.seq
    opp.as_of = t
    rs = opp.reversal_signals
    if rs == 2:
        opp.strength = clamp(opp.strength * REVERSAL_STEP2_FACTOR)
        return False
    if rs == 3:
        opp.strength = clamp(opp.strength * REVERSAL_STEP3_FACTOR)
        opp.confidence = tier_down(opp.confidence)
        opp.demoted_by = against(ev)
        return False
    if rs < 4 or len(opp.reversal_sessions) < REVERSAL_MIN_SESSIONS:
        # rs == 1 is the noise guard; rs >= 4 within fewer than 3 sessions is counted only.
        return False
    opp.strength = clamp(opp.strength - abs_w)
    opp.confidence = _LOW
    opp.status = _UNDER_REVIEW
    opp.demoted_by = against(ev)
    return True


def accumulate_shadow(ev: EventView, opp: PrefState, own: PrefState, original: str, half: float) -> None:
    """The contradicting polarity's record ``own`` already exists: add ``half`` to it as to a shadow.

    The prototype looks only for a record with ``shadow_of == original`` and would otherwise push a
    second record with the same key, which a keyed store cannot hold. We accumulate onto the
    existing record exactly as onto a shadow and make it the shadow (``shadow_of = original``)
    unless it is promoted at once — then ``opp`` is archived — so later reinforcement can still
    promote it.
    """
    t = ev.occurred_at
    if own.provisional and ev.signal_type not in UNARY_SIGNALS:
        own.provisional = False
    own.strength = clamp(own.strength + half)
    if own.provisional and own.strength > PROVISIONAL_MAX_STRENGTH:
        own.strength = PROVISIONAL_MAX_STRENGTH
    own.confidence = tier_for(own.strength)
    own.last_seen = t
    own.decay_at = t + DECAY_MS
    own.shadow_of = original
    own.last_seq = ev.seq
    own.as_of = t
    if own.confidence in (_MEDIUM, _HIGH):
        own.shadow_of = None
        opp.status = _ARCHIVED

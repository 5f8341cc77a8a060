"""Property tests: incremental derivation equals full derivation; order and time compose."""

from __future__ import annotations

from typing import Any

from engine_helpers import DAY, T0, ev, item
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from creative_memory.model.constants import (
    NEGATIVE_TAGS,
    POSITIVE_TAGS,
    PROVISIONAL_MAX_STRENGTH,
    REJECTING_SIGNALS,
    WIRE_SIGNAL_TYPES,
    SignalType,
)
from creative_memory.model.events import FoldEvent
from creative_memory.model.records import PrefState
from creative_memory.services.engine.derive import Deriver, derive
from creative_memory.services.engine.evaluation import advance

PATTERNS = ("airy", "dense", "serif")
TYPES = ("layout", "type")
SESSIONS = ("s1", "s2", "s3", "s4", None)
SCOPES = ("global", "project:p1")

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def raw_event(draw: st.DrawFn, coarse_time: bool = False) -> dict[str, Any]:
    offset = draw(st.integers(0, 8)) * 50 * DAY if coarse_time else draw(st.integers(0, 400 * DAY))
    t = T0 + offset
    signal = draw(st.sampled_from(WIRE_SIGNAL_TYPES))
    ptype = draw(st.sampled_from(TYPES))
    tag = None
    if signal is SignalType.PAIRWISE_COMPARISON:
        a, b = draw(st.lists(st.sampled_from(PATTERNS), min_size=2, max_size=2, unique=True))
        items = [item(a, "positive", ptype, "chose"), item(b, "negative", ptype, "over")]
    else:
        polarity = draw(st.sampled_from(("positive", "negative")))
        pats = draw(st.lists(st.sampled_from(PATTERNS), min_size=1, max_size=2, unique=True))
        items = [item(p, polarity, ptype) for p in pats]
        if signal is SignalType.EXPLICIT_TAG:
            tag = draw(st.sampled_from(POSITIVE_TAGS if polarity == "positive" else NEGATIVE_TAGS))
    return {
        "t": t,
        "signal": signal,
        "items": items,
        "session": draw(st.sampled_from(SESSIONS)),
        "scope": draw(st.sampled_from(SCOPES)),
        "tag": tag,
    }


def _build(raws: list[dict[str, Any]]) -> list[FoldEvent]:
    """Assign unique seqs in insertion order (like the store's autoincrement)."""
    return [
        ev(i + 1, r["t"], r["signal"], r["items"], scope=r["scope"], session=r["session"], tag=r["tag"])
        for i, r in enumerate(raws)
    ]


def _sorted(events: list[FoldEvent]) -> list[FoldEvent]:
    return sorted(events, key=lambda e: e.order_key)


streams = st.lists(raw_event(), min_size=1, max_size=60)


@SETTINGS
@given(raws=streams, data=st.data())
def test_incremental_equals_full(raws: list[dict[str, Any]], data: st.DataObject) -> None:
    events = _sorted(_build(raws))
    full = derive(events)
    k = data.draw(st.integers(0, len(events)), label="split")
    prefix = derive(events[:k])
    last_key = events[k - 1].order_key if k else None
    d = Deriver([s.copy() for s in prefix.values()], last_key=last_key)
    d.fold(events[k:])
    assert d.records == full
    assert d.last_key == events[-1].order_key
    # every record that differs from the prefix state was reported as touched
    for key, rec in full.items():
        if prefix.get(key) != rec:
            assert key in d.touched


@SETTINGS
@given(raws=st.lists(raw_event(coarse_time=True), min_size=1, max_size=40), data=st.data())
def test_insertion_order_does_not_matter_once_sorted(raws: list[dict[str, Any]], data: st.DataObject) -> None:
    events = _build(raws)  # many equal occurred_at values; seq breaks the ties
    shuffled = data.draw(st.permutations(events), label="insertion order")
    assert derive(_sorted(list(shuffled))) == derive(_sorted(events))


@SETTINGS
@given(
    raws=streams,
    d1=st.integers(0, 500 * DAY),
    d2=st.integers(0, 500 * DAY),
)
def test_advance_composes(raws: list[dict[str, Any]], d1: int, d2: int) -> None:
    t1, t2 = sorted((T0 + d1, T0 + d2))
    for rec in derive(_sorted(_build(raws))).values():
        stepwise: PrefState = rec.copy()
        advance(stepwise, t1)
        advance(stepwise, t2)
        direct = rec.copy()
        advance(direct, t2)
        assert stepwise == direct


UNARY = (
    SignalType.THUMBS_UP,
    SignalType.REPEATED_ACCEPTANCE,
    SignalType.THUMBS_DOWN,
    SignalType.SINGLE_REJECTION,
    SignalType.ABANDONED_GENERATION,
)


@st.composite
def mostly_unary_event(draw: st.DrawFn) -> dict[str, Any]:
    """Version 2's rules at work: long runs of unary signals on two patterns reach the provisional
    cap, an occasional tag, refinement, revert or comparison lifts it, items share events."""
    raw = draw(raw_event())
    if draw(st.integers(0, 9)) < 8:
        signal = draw(st.sampled_from(UNARY))
        polarity = (
            "negative" if signal in REJECTING_SIGNALS else draw(st.sampled_from(("positive", "negative")))
        )
        pats = draw(st.lists(st.sampled_from(PATTERNS[:2]), min_size=1, max_size=2, unique=True))
        raw.update(signal=signal, tag=None, items=[item(p, polarity, "layout") for p in pats])
    raw["t"] = T0 + draw(st.integers(0, 30)) * DAY  # within the decay window: the cap is what limits
    return raw


@SETTINGS
@given(raws=st.lists(mostly_unary_event(), min_size=1, max_size=120), data=st.data())
def test_incremental_equals_full_with_provisional_records(
    raws: list[dict[str, Any]], data: st.DataObject
) -> None:
    events = _sorted(_build(raws))
    full = derive(events)
    k = data.draw(st.integers(0, len(events)), label="split")
    prefix = derive(events[:k])
    d = Deriver([s.copy() for s in prefix.values()], last_key=events[k - 1].order_key if k else None)
    d.fold(events[k:])
    assert d.records == full  # provisional marks, caps and first-seen positions included
    assert d.last_key == events[-1].order_key
    for key, rec in full.items():
        if prefix.get(key) != rec:
            assert key in d.touched  # what the incremental write-back writes
    for rec in full.values():
        assert not rec.provisional or rec.strength <= PROVISIONAL_MAX_STRENGTH

"""Derivation rules: one test per rule of the engine notes."""

from __future__ import annotations

import pytest
from engine_helpers import DAY, T0, ev, item, pref
from pydantic import ValidationError

from creative_memory.model.constants import (
    NORMALIZER,
    PROVISIONAL_MAX_STRENGTH,
    SIGNAL_WEIGHTS,
    TAG_POLARITY,
    TIER_HIGH_ABOVE,
    UNARY_SIGNALS,
    Polarity,
    SignalType,
    Status,
    Tier,
    tier_for,
)
from creative_memory.model.events import EventIn, FoldEvent, order_tie
from creative_memory.model.records import PrefState, key_text
from creative_memory.services.engine.derive import Deriver, derive
from creative_memory.services.engine.evaluation import advance, evaluated

POS = ("global", "layout", "airy", "positive")
NEG = ("global", "layout", "airy", "negative")
PLAIN_SIGNALS = [
    s
    for s in SignalType
    if s not in (SignalType.PAIRWISE_COMPARISON, SignalType.LEGACY_SNAPSHOT, SignalType.RECALL_RATING)
]


def _one(signal: SignalType, polarity: str, tag: str | None = None) -> PrefState:
    recs = derive([ev(1, T0, signal, [item("airy", polarity)], tag=tag)])
    assert len(recs) == 1
    return next(iter(recs.values()))


# -- weights, tags, tiers ---------------------------------------------------------------------


def test_a_recall_rating_is_folded_into_no_preference() -> None:
    """Its patterns are indexed for forget and explain, never evidence (decision 0088)."""
    plain = [ev(1, T0, SignalType.EXPLICIT_TAG, [item("airy", "positive")], tag="love this")]
    rated = [
        *plain,
        ev(2, T0 + DAY, SignalType.RECALL_RATING, [item("airy", "positive"), item("bold", "positive")]),
    ]
    assert derive(rated) == derive(plain)


@pytest.mark.parametrize("signal", PLAIN_SIGNALS)
def test_each_signal_weight_adds_half_its_magnitude(signal: SignalType) -> None:
    polarity = "positive" if SIGNAL_WEIGHTS[signal] > 0 else "negative"
    tag = "love this" if polarity == "positive" else "too noisy"
    rec = _one(signal, polarity, tag if signal is SignalType.EXPLICIT_TAG else None)
    assert rec.strength == abs(SIGNAL_WEIGHTS[signal]) / 2.0
    assert rec.sources == [str(signal)]
    assert rec.decay_at == T0 + 90 * DAY
    assert rec.first_seen == rec.last_seen == rec.as_of == T0
    assert rec.status is Status.STABLE


@pytest.mark.parametrize(
    ("signal", "expected"),
    [
        (SignalType.EXPLICIT_TAG, 0.150),
        (SignalType.REVERT_AFTER_EDIT, 0.125),
        (SignalType.MANUAL_REFINEMENT, 0.100),
        (SignalType.REPEATED_ACCEPTANCE, 0.075),
        (SignalType.THUMBS_UP, 0.050),
        (SignalType.THUMBS_DOWN, 0.050),
        (SignalType.SINGLE_REJECTION, 0.050),
        (SignalType.ABANDONED_GENERATION, 0.010),
    ],
)
def test_weight_table(signal: SignalType, expected: float) -> None:
    assert _one(signal, "negative").strength == pytest.approx(expected, abs=1e-12)


def test_direction_comes_from_polarity_not_weight_sign() -> None:
    rec = _one(SignalType.THUMBS_DOWN, "positive")  # negative weight, positive pattern
    assert rec.key == POS
    assert rec.strength == 0.05
    assert rec.accept_count == 1 and rec.reject_count == 0


@pytest.mark.parametrize("tag", sorted(TAG_POLARITY))
def test_each_tag_maps_to_its_polarity(tag: str) -> None:
    want = TAG_POLARITY[tag]
    rec = _one(SignalType.EXPLICIT_TAG, str(want), tag)
    assert rec.polarity is want
    assert rec.explicit_tags == [tag]
    assert (rec.accept_count, rec.reject_count) == ((1, 0) if want is Polarity.POSITIVE else (0, 1))
    # The boundary refuses the same tag on a pattern of the other polarity.
    with pytest.raises(ValidationError):
        EventIn.model_validate(
            {
                "event_id": "x1",
                "signal_type": "explicit_tag",
                "occurred_at": "2026-01-01T00:00:00Z",
                "tag": tag,
                "patterns": [
                    {"preference_type": "layout", "pattern": "airy", "polarity": str(want.opposite)}
                ],
            }
        )


def test_unknown_tag_is_rejected_at_the_boundary() -> None:
    with pytest.raises(ValidationError, match="tag"):
        EventIn.model_validate(
            {
                "event_id": "x1",
                "signal_type": "explicit_tag",
                "occurred_at": "2026-01-01T00:00:00Z",
                "tag": "meh",
                "patterns": [{"preference_type": "layout", "pattern": "airy", "polarity": "positive"}],
            }
        )


@pytest.mark.parametrize(
    ("strength", "tier"),
    [
        (0.0, Tier.LOW),
        (0.3499, Tier.LOW),
        (0.35, Tier.MEDIUM),
        (0.5, Tier.MEDIUM),
        (0.65, Tier.MEDIUM),
        (0.6501, Tier.HIGH),
        (1.0, Tier.HIGH),
    ],
)
def test_tier_boundaries(strength: float, tier: Tier) -> None:
    assert tier_for(strength) is tier


def test_reinforcement_recomputes_tier_and_clamps() -> None:
    events = [ev(i, T0 + i, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this") for i in range(1, 9)]
    d = Deriver()
    tiers = []
    for e in events:
        d.apply(e)
        tiers.append(d.records[POS].confidence)
    assert tiers[:5] == [Tier.LOW, Tier.LOW, Tier.MEDIUM, Tier.MEDIUM, Tier.HIGH]  # .15 .30 .45 .60 .75
    rec = d.records[POS]
    assert rec.strength == 1.0  # 8 × 0.15 clamped
    assert rec.accept_count == 8
    assert rec.explicit_tags == ["love this"]
    assert rec.sources == ["explicit_tag"]
    assert rec.last_seen == T0 + 8 and rec.decay_at == T0 + 8 + 90 * DAY


def test_sources_and_tags_accumulate_once() -> None:
    recs = derive(
        [
            ev(1, T0, SignalType.THUMBS_UP, [item("airy")]),
            ev(2, T0 + 1, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this"),
            ev(3, T0 + 2, SignalType.EXPLICIT_TAG, [item("airy")], tag="keep this style"),
            ev(4, T0 + 3, SignalType.THUMBS_UP, [item("airy")]),
        ]
    )
    rec = recs[POS]
    assert rec.sources == ["thumbs_up", "explicit_tag"]
    assert rec.explicit_tags == ["love this", "keep this style"]
    assert rec.last_seq == 4


# -- reversal ----------------------------------------------------------------------------------


def _reversal_deriver(start_tags: int = 5) -> Deriver:
    d = Deriver()
    for i in range(1, start_tags + 1):
        d.apply(ev(i, T0 + i, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this"))
    return d


def _contra(d: Deriver, seq: int, session: str | None, signal: SignalType = SignalType.THUMBS_DOWN) -> None:
    d.apply(ev(seq, T0 + DAY + seq, signal, [item("airy", "negative")], session=session))


def test_reversal_steps_1_2_3() -> None:
    d = _reversal_deriver()  # 0.75 high
    pos = d.records[POS]
    assert pos.strength == pytest.approx(0.75) and pos.confidence is Tier.HIGH
    base = pos.strength

    _contra(d, 10, "s1")  # 1st: noise guard
    assert pos.reversal_signals == 1 and pos.strength == base and pos.confidence is Tier.HIGH
    assert pos.reversal_first_seen == T0 + DAY + 10
    assert NEG not in d.records  # not also counted for its own polarity

    _contra(d, 11, "s1")  # 2nd: × 0.80, tier held (0.6 would recompute to medium)
    assert pos.strength == base * 0.80
    assert pos.confidence is Tier.HIGH
    assert pos.demoted_by is None

    _contra(d, 12, "s2")  # 3rd: × 0.60, tier down one
    assert pos.strength == base * 0.80 * 0.60
    assert pos.confidence is Tier.MEDIUM
    assert pos.demoted_by == f"against@{T0 + DAY + 12}:thumbs_down"  # its time and kind, not its id
    assert pos.status is Status.STABLE
    assert pos.reversal_sessions == ["s1", "s2"]
    assert NEG not in d.records


def test_reversal_step4_needs_three_sessions() -> None:
    d = _reversal_deriver()
    for seq, session in ((10, "s1"), (11, "s1"), (12, "s2")):
        _contra(d, seq, session)
    pos = d.records[POS]
    after3 = pos.strength
    _contra(d, 13, "s2")  # 4th, still only 2 sessions: counted, nothing changes
    _contra(d, 14, None)  # 5th, no session: counted, nothing changes
    assert pos.reversal_signals == 5
    assert pos.strength == after3
    assert pos.status is Status.STABLE
    assert pos.confidence is Tier.MEDIUM
    assert NEG not in d.records

    _contra(d, 15, "s3")  # a 3rd session: the step applies
    assert pos.strength == pytest.approx(after3 - 0.10)
    assert pos.confidence is Tier.LOW
    assert pos.status is Status.UNDER_REVIEW
    assert pos.demoted_by == f"against@{T0 + DAY + 15}:thumbs_down"
    shadow = d.records[NEG]
    assert shadow.shadow_of == key_text(POS)
    assert shadow.strength == 0.05
    assert shadow.confidence is Tier.LOW
    assert shadow.status is Status.STABLE
    assert shadow.reject_count == 1 and shadow.accept_count == 0
    assert shadow.first_seen == shadow.last_seen == T0 + DAY + 15
    assert shadow.decay_at == T0 + DAY + 15 + 90 * DAY


def test_shadow_accumulates_and_promotion_archives_original() -> None:
    d = _reversal_deriver()
    for seq, session in ((10, "s1"), (11, "s2"), (12, "s3"), (13, "s3")):
        _contra(d, seq, session)
    shadow = d.records[NEG]
    assert shadow.shadow_of == key_text(POS) and shadow.strength == 0.05
    # The original is under review now, so further negatives reinforce the shadow.
    d.apply(ev(20, T0 + 2 * DAY, SignalType.EXPLICIT_TAG, [item("airy", "negative")], tag="too noisy"))
    assert shadow.strength == pytest.approx(0.20) and shadow.shadow_of is not None
    assert d.records[POS].status is Status.UNDER_REVIEW
    d.apply(ev(21, T0 + 2 * DAY + 1, SignalType.EXPLICIT_TAG, [item("airy", "negative")], tag="too noisy"))
    assert shadow.strength == pytest.approx(0.35)
    assert shadow.confidence is Tier.MEDIUM
    assert shadow.shadow_of is None  # promoted
    assert d.records[POS].status is Status.ARCHIVED
    assert d.records[POS].last_seq == 21


def test_existing_own_record_acts_as_the_shadow() -> None:
    # Both polarities stable (reachable through archival + reactivation); step 4 accumulates onto
    # the existing record instead of creating a second one with the same key.
    pos = pref("airy", "positive", 0.75, now=T0)
    neg = pref("airy", "negative", 0.10, now=T0)
    d = Deriver([pos, neg], last_key=(T0, 1))
    for seq, session in ((10, "s1"), (11, "s2"), (12, "s3"), (13, "s3")):
        _contra(d, seq, session)
    assert d.records[POS].status is Status.UNDER_REVIEW
    own = d.records[NEG]
    assert own.strength == pytest.approx(0.15)
    assert own.shadow_of == key_text(POS)
    assert len(d.records) == 2


def test_contradiction_moves_last_seen_not_decay_at() -> None:
    d = _reversal_deriver(1)
    pos = d.records[POS]
    decay_at = pos.decay_at
    d.apply(ev(5, T0 + 30 * DAY, SignalType.THUMBS_DOWN, [item("airy", "negative")], session="s1"))
    assert pos.last_seen == T0 + 30 * DAY
    assert pos.decay_at == decay_at
    assert pos.last_seq == 5 and pos.as_of == T0 + 30 * DAY


def test_reactivation_of_archived_record() -> None:
    d = Deriver()
    d.apply(ev(1, T0, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this"))
    d.apply(ev(2, T0 + 1, SignalType.THUMBS_DOWN, [item("airy", "negative")], session="s1"))
    pos = d.records[POS]
    assert pos.reversal_signals == 1
    assert evaluated(pos, T0 + 1 + 180 * DAY).status is Status.ARCHIVED
    d.apply(ev(3, T0 + 200 * DAY, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this"))
    assert pos.status is Status.STABLE
    assert pos.reversal_signals == 0 and pos.reversal_sessions == [] and pos.reversal_first_seen is None
    # decayed at day 90 and day 180 (the contradiction moved last_seen, not decay_at, so archival
    # comes 1 ms after the 2nd decay step), then reinforced (+0.15)
    assert pos.strength == 0.15 * 0.7 * 0.7 + 0.15
    assert pos.decay_count == 2
    assert pos.last_seen == T0 + 200 * DAY and pos.decay_at == T0 + 290 * DAY


# -- decay and archival ------------------------------------------------------------------------


def test_decay_exactly_at_day_90() -> None:
    rec = derive([ev(1, T0, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this")])[POS]
    before = evaluated(rec, T0 + int(89.999 * DAY))
    assert before.strength == 0.15 and before.decay_count == 0 and before.demoted_by is None
    assert evaluated(rec, T0 + 90 * DAY - 1).strength == 0.15
    at = evaluated(rec, T0 + 90 * DAY)
    assert at.strength == 0.15 * 0.70
    assert at.decay_count == 1
    assert at.decay_at == T0 + 180 * DAY
    assert at.demoted_by == f"decay@{T0 + 90 * DAY}"
    assert at.status is Status.STABLE
    assert rec.strength == 0.15 and rec.as_of == T0  # evaluated() copies


def test_archival_at_day_180() -> None:
    rec = derive([ev(1, T0, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this")])[POS]
    assert evaluated(rec, T0 + 180 * DAY - 1).status is Status.STABLE
    at = evaluated(rec, T0 + 180 * DAY)
    assert at.status is Status.ARCHIVED
    assert at.strength == 0.15 * 0.70  # archival wins the tie with the 2nd decay step
    assert at.decay_count == 1
    later = evaluated(rec, T0 + 1000 * DAY)
    assert later.strength == at.strength and later.as_of == T0 + 1000 * DAY


def test_decay_demotes_tier_without_recomputation() -> None:
    events = [ev(i, T0, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this") for i in range(1, 5)]
    rec = derive(events)[POS]
    assert rec.strength == pytest.approx(0.60) and rec.confidence is Tier.MEDIUM
    decayed = evaluated(rec, T0 + 90 * DAY)
    assert decayed.strength == pytest.approx(0.42)
    assert tier_for(decayed.strength) is Tier.MEDIUM
    assert decayed.confidence is Tier.LOW  # one step down, not recomputed


def test_decay_applies_before_a_late_event() -> None:
    d = Deriver()
    d.apply(ev(1, T0, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this"))
    d.apply(ev(2, T0 + 100 * DAY, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this"))
    rec = d.records[POS]
    assert rec.strength == 0.15 * 0.7 + 0.15
    assert rec.confidence is Tier.LOW  # recomputed from 0.255 on reinforcement
    assert rec.decay_at == T0 + 190 * DAY


def test_advance_is_noop_backwards_and_archived_only_moves_as_of() -> None:
    rec = pref("airy", strength=0.5, now=T0)
    advance(rec, T0 - DAY)
    assert rec.as_of == T0
    rec.status = Status.ARCHIVED
    advance(rec, T0 + 500 * DAY)
    assert rec.strength == 0.5 and rec.decay_count == 0 and rec.as_of == T0 + 500 * DAY


# -- pairwise, legacy, ordering ----------------------------------------------------------------


def test_pairwise_counts_both_sides() -> None:
    recs = derive(
        [
            ev(
                1,
                T0,
                SignalType.PAIRWISE_COMPARISON,
                [item("serif", "positive", "type", "chose"), item("mono", "negative", "type", "over")],
                session="s1",
            )
        ]
    )
    chose = recs[("global", "type", "serif", "positive")]
    over = recs[("global", "type", "mono", "negative")]
    # Version 2: a pairwise side weighs more than any unary signal (0.20 / 2.0; decision 0021).
    assert chose.strength == over.strength == 0.1
    assert chose.strength > max(SIGNAL_WEIGHTS[s] for s in UNARY_SIGNALS) / NORMALIZER
    assert not chose.provisional and not over.provisional
    assert chose.pairwise_count == over.pairwise_count == 1
    assert chose.accept_count == 1 and over.reject_count == 1
    assert chose.sources == over.sources == ["pairwise_comparison"]


def test_scopes_are_separate() -> None:
    recs = derive(
        [
            ev(1, T0, SignalType.THUMBS_UP, [item("airy")], scope="project:p_42"),
            ev(2, T0 + 1, SignalType.THUMBS_DOWN, [item("airy", "negative")]),
        ]
    )
    assert set(recs) == {("project:p_42", "layout", "airy", "positive"), NEG}


def test_legacy_snapshot_recreates_state() -> None:
    last_seen = T0 - 10 * DAY
    snap = {
        "strength": 0.42,
        "confidence": "low",
        "status": "under_review",
        "sources": ["explicit_tag", "thumbs_up"],
        "explicit_tags": ["love this"],
        "accept_count": 4,
        "reject_count": 1,
        "last_seen": last_seen,
        "decay_at": last_seen + 30 * DAY,
        "reversal_signals": 4,
        "reversal_first_seen": last_seen - DAY,
        "shadow_of": None,
        "first_seen": last_seen - 50 * DAY,
    }
    d = Deriver()
    d.apply(ev(1, last_seen, SignalType.LEGACY_SNAPSHOT, [item("airy")], snapshot=snap, scope="project:p_1"))
    rec = d.records[("project:p_1", "layout", "airy", "positive")]
    assert rec.strength == 0.42
    assert rec.confidence is Tier.LOW  # stored tier, not recomputed
    assert rec.status is Status.UNDER_REVIEW
    assert rec.sources == ["explicit_tag", "thumbs_up"] and rec.explicit_tags == ["love this"]
    assert (rec.accept_count, rec.reject_count, rec.reversal_signals) == (4, 1, 4)
    assert rec.last_seen == last_seen and rec.as_of == last_seen
    assert rec.decay_at == last_seen + 30 * DAY
    assert rec.reversal_first_seen == last_seen - DAY
    assert rec.first_seen == last_seen - 50 * DAY
    assert rec.last_seq == 1
    # Snapshot replaces an existing record wholesale.
    d.apply(
        ev(
            2,
            last_seen + 1,
            SignalType.LEGACY_SNAPSHOT,
            [item("airy")],
            scope="project:p_1",
            snapshot={
                **snap,
                "strength": 0.9,
                "confidence": "high",
                "status": "stable",
                "last_seen": last_seen + 1,
            },
        )
    )
    assert d.records[("project:p_1", "layout", "airy", "positive")].strength == 0.9
    assert len(d.records) == 1


def test_legacy_snapshot_needs_one_item_and_data() -> None:
    with pytest.raises(ValueError, match="snapshot"):
        derive([ev(1, T0, SignalType.LEGACY_SNAPSHOT, [item("airy")])])


def test_events_must_be_in_order() -> None:
    d = Deriver()
    d.apply(ev(5, T0, SignalType.THUMBS_UP, [item("airy")]))
    with pytest.raises(ValueError, match="not after"):
        d.apply(ev(4, T0, SignalType.THUMBS_UP, [item("airy")]))
    with pytest.raises(ValueError):
        d.apply(ev(5, T0, SignalType.THUMBS_UP, [item("airy")]))
    with pytest.raises(ValueError):
        d.apply(ev(9, T0 - 1, SignalType.THUMBS_UP, [item("airy")]))
    d.apply(ev(6, T0, SignalType.THUMBS_UP, [item("airy")]))
    assert d.last_key == ev(6, T0, SignalType.THUMBS_UP, []).order_key
    # the same instant: a later arrival whose content sorts first is not after it (decision 0089)
    with pytest.raises(ValueError, match="not after"):
        d.apply(ev(7, T0, SignalType.THUMBS_UP, [item("airy")], content_hash="0" * 64))
    resumed = Deriver(d.records.values(), last_key=d.last_key)
    with pytest.raises(ValueError):
        resumed.apply(ev(1, T0, SignalType.THUMBS_UP, [item("airy")]))


def test_touched_tracks_changed_records_only() -> None:
    first = derive(
        [ev(1, T0, SignalType.THUMBS_UP, [item("a")]), ev(2, T0, SignalType.THUMBS_UP, [item("b")])]
    )
    d = Deriver(first.values(), last_key=(T0, 2))
    assert d.touched == set()
    d.apply(ev(3, T0 + 1, SignalType.THUMBS_UP, [item("b")]))
    assert d.touched == {("global", "layout", "b", "positive")}
    # initial states are copied, the caller's objects stay as they were
    assert first[("global", "layout", "b", "positive")].strength == 0.05


# -- version 2: provisional unary evidence (decision 0021) ---------------------------------------


def _unary(n: int, signal: SignalType = SignalType.THUMBS_UP, polarity: str = "positive") -> list[FoldEvent]:
    return [ev(k + 1, T0 + k * 1000, signal, [item("airy", polarity)], session="s1") for k in range(n)]


@pytest.mark.parametrize(
    ("signal", "polarity"),
    [
        (SignalType.THUMBS_UP, "positive"),
        (SignalType.REPEATED_ACCEPTANCE, "positive"),
        (SignalType.THUMBS_DOWN, "negative"),
        (SignalType.SINGLE_REJECTION, "negative"),
        (SignalType.ABANDONED_GENERATION, "negative"),
    ],
)
def test_unary_evidence_alone_is_provisional_and_stays_medium(signal: SignalType, polarity: str) -> None:
    # Version 1: 14 thumbs_up reached 0.70 (high). Now no number of unary signals passes medium.
    (rec,) = derive(_unary(80, signal, polarity)).values()
    assert rec.provisional
    assert rec.strength <= PROVISIONAL_MAX_STRENGTH == TIER_HIGH_ABOVE
    assert rec.confidence is Tier.MEDIUM or (SIGNAL_WEIGHTS[signal] == -0.02 and rec.confidence is Tier.LOW)


@pytest.mark.parametrize(
    ("signal", "tag"),
    [
        (SignalType.EXPLICIT_TAG, "love this"),
        (SignalType.MANUAL_REFINEMENT, None),
        (SignalType.REVERT_AFTER_EDIT, None),
    ],
)
def test_a_lifting_signal_lifts_the_cap(signal: SignalType, tag: str | None) -> None:
    events = _unary(14)
    capped = derive(events)[("global", "layout", "airy", "positive")]
    assert capped.provisional and capped.strength == PROVISIONAL_MAX_STRENGTH
    events.append(ev(100, T0 + DAY, signal, [item("airy")], session="s2", tag=tag))
    events += [ev(101 + k, T0 + 2 * DAY + k, SignalType.THUMBS_UP, [item("airy")]) for k in range(2)]
    rec = derive(events)[("global", "layout", "airy", "positive")]
    assert not rec.provisional
    assert rec.confidence is Tier.HIGH
    # The lifting signal adds to the capped strength; later unary signals count in full again.
    want = PROVISIONAL_MAX_STRENGTH + abs(SIGNAL_WEIGHTS[signal]) / NORMALIZER + 2 * 0.05
    assert rec.strength == pytest.approx(min(1.0, want))


def test_pairwise_evidence_lifts_and_is_never_provisional() -> None:
    events = _unary(14)
    events.append(
        ev(
            100,
            T0 + DAY,
            SignalType.PAIRWISE_COMPARISON,
            [item("airy", "positive", "layout", "chose"), item("dense", "negative", "layout", "over")],
        )
    )
    recs = derive(events)
    assert not recs[("global", "layout", "airy", "positive")].provisional
    assert not recs[("global", "layout", "dense", "negative")].provisional


def test_a_shadow_built_from_unary_contradictions_is_provisional() -> None:
    # A tagged record contradicted by thumbs_down in three sessions: the shadow is unary evidence.
    events = [
        ev(k + 1, T0 + k, SignalType.EXPLICIT_TAG, [item("airy")], tag="love this", session="s0")
        for k in range(4)
    ]
    events += [
        ev(10 + k, T0 + DAY + k, SignalType.THUMBS_DOWN, [item("airy", "negative")], session=f"s{k % 3 + 1}")
        for k in range(4)
    ]
    recs = derive(events)
    assert not recs[("global", "layout", "airy", "positive")].provisional
    shadow = recs[("global", "layout", "airy", "negative")]
    assert shadow.provisional and shadow.shadow_of is not None


def test_created_order_is_where_the_fold_created_the_record() -> None:
    events = [
        ev(5, T0, SignalType.EXPLICIT_TAG, [item("b"), item("a")], tag="love this"),
        ev(2, T0 + 1, SignalType.EXPLICIT_TAG, [item("a"), item("c")], tag="love this"),
    ]
    recs = derive(events)
    created = {k[2]: (r.created_at, r.created_seq, r.created_item) for k, r in recs.items()}
    tie5, tie2 = order_tie(events[0].content_hash), order_tie(events[1].content_hash)  # decision 0089
    assert created == {"b": (T0, tie5, 0), "a": (T0, tie5, 1), "c": (T0 + 1, tie2, 1)}

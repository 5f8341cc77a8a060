"""Derivation: fold raw signal events into preference records (pure, deterministic).

Events are folded in ascending ``(occurred_at, seq)`` order. Decay and archival are functions of
time (``advance``), so a record can be evaluated at any ``now``. The rules are the engine notes'
(shared design ``engine.md``); float operations happen in a fixed order so that a full and an
incremental derivation give bit-identical strengths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from model.constants import (
    ARCHIVE_DAYS,
    DECAY_DAYS,
    DECAY_FACTOR,
    NORMALIZER,
    REVERSAL_MIN_SESSIONS,
    REVERSAL_STEP2_FACTOR,
    REVERSAL_STEP3_FACTOR,
    SIGNAL_WEIGHTS,
    Polarity,
    SignalType,
    Status,
    Tier,
    tier_down,
    tier_for,
)
from model.events import FoldEvent, FoldItem
from model.records import PrefKey, PrefState, key_text

DAY_MS = 86_400_000
DECAY_MS = DECAY_DAYS * DAY_MS
ARCHIVE_MS = ARCHIVE_DAYS * DAY_MS

Group = tuple[str, str, str]  # (scope, preference_type, pattern)
OrderKey = tuple[int, int]  # (occurred_at, seq)


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
    if state.status is not Status.ARCHIVED:
        archive_at = state.last_seen + ARCHIVE_MS
        while True:
            d = state.decay_at
            if min(archive_at, d) > t:
                break
            if archive_at <= d:
                state.status = Status.ARCHIVED
                break
            state.strength = clamp(state.strength * DECAY_FACTOR)
            state.confidence = tier_down(state.confidence)
            state.decay_at = d + DECAY_MS
            state.decay_count += 1
            state.demoted_by = f"decay@{d}"
    state.as_of = t


def evaluated(state: PrefState, now: int) -> PrefState:
    """A copy of ``state`` advanced to ``now`` (the original is untouched)."""
    out = state.copy()
    advance(out, now)
    return out


def _snapshot_state(ev: FoldEvent, item: FoldItem, snap: Mapping[str, Any]) -> PrefState:
    shadow = snap.get("shadow_of")
    rfs = snap.get("reversal_first_seen")
    return PrefState(
        scope=ev.scope,
        preference_type=item.preference_type,
        pattern=item.pattern,
        polarity=Polarity(item.polarity),
        strength=float(snap["strength"]),
        confidence=Tier(snap["confidence"]),
        status=Status(snap["status"]),
        decay_at=int(snap["decay_at"]),
        first_seen=int(snap["first_seen"]),
        last_seen=int(snap["last_seen"]),
        as_of=ev.occurred_at,
        sources=[str(s) for s in snap.get("sources") or ()],
        explicit_tags=[str(s) for s in snap.get("explicit_tags") or ()],
        accept_count=int(snap.get("accept_count") or 0),
        reject_count=int(snap.get("reject_count") or 0),
        reversal_signals=int(snap.get("reversal_signals") or 0),
        reversal_first_seen=None if rfs is None else int(rfs),
        shadow_of=None if shadow is None else str(shadow),
        last_seq=ev.seq,
    )


class Deriver:
    """Incremental fold state: the records plus a per-group index and the last applied order key.

    ``Deriver(initial, last_key).fold(new_events)`` equals a full derivation of all events as long
    as ``initial`` is the result of folding exactly the events up to ``last_key`` (property-tested).
    ``touched`` holds the keys of records changed since construction (incremental write-back).
    """

    def __init__(self, initial: Iterable[PrefState] = (), last_key: OrderKey | None = None) -> None:
        self.records: dict[PrefKey, PrefState] = {}
        self._groups: dict[Group, list[PrefKey]] = {}
        self._last_key: OrderKey | None = last_key
        self.touched: set[PrefKey] = set()
        for state in initial:
            if state.key in self.records:
                raise ValueError(f"duplicate initial record {key_text(state.key)}")
            self._put(state.copy())

    @property
    def last_key(self) -> OrderKey | None:
        """``(occurred_at, seq)`` of the last applied event (or the one given at construction)."""
        return self._last_key

    # -- bookkeeping -------------------------------------------------------------------------

    def _put(self, state: PrefState) -> None:
        key = state.key
        if key not in self.records:
            self._groups.setdefault(state.group, []).append(key)
        self.records[key] = state

    def _get(self, group: Group, polarity: Polarity) -> PrefState | None:
        return self.records.get((*group, str(polarity)))

    def _mark(self, state: PrefState, ev: FoldEvent) -> None:
        state.last_seq = ev.seq
        state.as_of = ev.occurred_at
        self.touched.add(state.key)

    # -- folding -----------------------------------------------------------------------------

    def fold(self, events: Iterable[FoldEvent]) -> None:
        for ev in events:
            self.apply(ev)

    def apply(self, ev: FoldEvent) -> None:
        """Apply one event; events must arrive in strictly ascending ``(occurred_at, seq)`` order."""
        if self._last_key is not None and ev.order_key <= self._last_key:
            raise ValueError(
                f"event {ev.event_id} at {ev.order_key} is not after the last applied event {self._last_key}"
            )
        if ev.signal_type is SignalType.LEGACY_SNAPSHOT:
            self._apply_snapshot(ev)
        else:
            weight = SIGNAL_WEIGHTS[ev.signal_type]
            for item in ev.items:
                self._apply_item(ev, item, weight)
        self._last_key = ev.order_key

    def _apply_snapshot(self, ev: FoldEvent) -> None:
        if ev.snapshot is None or len(ev.items) != 1:
            raise ValueError(f"legacy snapshot event {ev.event_id} needs exactly one item and a snapshot")
        state = _snapshot_state(ev, ev.items[0], ev.snapshot)
        self._put(state)
        self.touched.add(state.key)

    def _create(
        self,
        ev: FoldEvent,
        group: Group,
        polarity: Polarity,
        strength: float,
        pairwise: int,
        *,
        shadow_of: str | None = None,
    ) -> PrefState:
        """A fresh record (a new preference, or the shadow of a contradicted one) from one signal."""
        t = ev.occurred_at
        scope, preference_type, pattern = group
        rec = PrefState(
            scope=scope,
            preference_type=preference_type,
            pattern=pattern,
            polarity=polarity,
            strength=clamp(strength),
            confidence=Tier.LOW,
            status=Status.STABLE,
            decay_at=t + DECAY_MS,
            first_seen=t,
            last_seen=t,
            as_of=t,
            sources=[str(ev.signal_type)],
            explicit_tags=[ev.tag] if ev.tag else [],
            accept_count=1 if polarity is Polarity.POSITIVE else 0,
            reject_count=1 if polarity is Polarity.NEGATIVE else 0,
            pairwise_count=pairwise,
            shadow_of=shadow_of,
        )
        rec.confidence = tier_for(rec.strength)
        self._put(rec)
        self._mark(rec, ev)
        return rec

    def _apply_item(self, ev: FoldEvent, item: FoldItem, weight: float) -> None:
        t = ev.occurred_at
        polarity = Polarity(item.polarity)
        group: Group = (ev.scope, item.preference_type, item.pattern)
        for key in self._groups.get(group, ()):
            # Advancing moves as_of (and may decay or archive): the stored state must follow.
            advance(self.records[key], t)
            self.touched.add(key)
        abs_w = abs(weight)
        added = abs_w / NORMALIZER
        pairwise = 1 if ev.signal_type is SignalType.PAIRWISE_COMPARISON else 0

        # 1. A new matching signal reactivates an archived record.
        own = self._get(group, polarity)
        if own is not None and own.status is Status.ARCHIVED:
            own.status = Status.STABLE
            own.reversal_signals = 0
            own.reversal_sessions = []
            own.reversal_first_seen = None
            self._mark(own, ev)

        # 2. Contradiction of a stable opposite record (not also counted for its own polarity).
        opp = self._get(group, polarity.opposite)
        if opp is not None and opp.status is Status.STABLE:
            self._contradict(ev, opp, own, polarity, abs_w, pairwise)
            return

        # 3. Create or reinforce the record of this polarity.
        if own is None:
            self._create(ev, group, polarity, added, pairwise)
            return
        own.strength = clamp(own.strength + added)
        own.confidence = tier_for(own.strength)
        if str(ev.signal_type) not in own.sources:
            own.sources.append(str(ev.signal_type))
        if ev.tag and ev.tag not in own.explicit_tags:
            own.explicit_tags.append(ev.tag)
        if polarity is Polarity.POSITIVE:
            own.accept_count += 1
        else:
            own.reject_count += 1
        own.pairwise_count += pairwise
        own.last_seen = t
        own.decay_at = t + DECAY_MS
        self._mark(own, ev)
        if own.shadow_of is not None and own.confidence in (Tier.MEDIUM, Tier.HIGH):
            self._promote(own, ev)

    def _promote(self, shadow: PrefState, ev: FoldEvent) -> None:
        """A shadow reaching medium/high replaces its original: original archived, link cleared."""
        original_text = shadow.shadow_of
        shadow.shadow_of = None
        for key in self._groups.get(shadow.group, ()):
            rec = self.records[key]
            if key_text(key) == original_text and rec is not shadow:
                rec.status = Status.ARCHIVED
                self._mark(rec, ev)

    def _contradict(
        self,
        ev: FoldEvent,
        opp: PrefState,
        own: PrefState | None,
        polarity: Polarity,
        abs_w: float,
        pairwise: int,
    ) -> None:
        t = ev.occurred_at
        opp.reversal_signals += 1
        if opp.reversal_first_seen is None:
            opp.reversal_first_seen = t
        if ev.session_id is not None and ev.session_id not in opp.reversal_sessions:
            opp.reversal_sessions.append(ev.session_id)
        opp.pairwise_count += pairwise
        opp.last_seen = t  # decay_at deliberately unchanged
        self._mark(opp, ev)
        rs = opp.reversal_signals
        if rs == 2:
            opp.strength = clamp(opp.strength * REVERSAL_STEP2_FACTOR)
            return
        if rs == 3:
            opp.strength = clamp(opp.strength * REVERSAL_STEP3_FACTOR)
            opp.confidence = tier_down(opp.confidence)
            opp.demoted_by = ev.event_id
            return
        if rs < 4 or len(opp.reversal_sessions) < REVERSAL_MIN_SESSIONS:
            # rs == 1 is the noise guard; rs >= 4 within fewer than 3 sessions is counted only.
            return
        opp.strength = clamp(opp.strength - abs_w)
        opp.confidence = Tier.LOW
        opp.status = Status.UNDER_REVIEW
        opp.demoted_by = ev.event_id

        original = key_text(opp.key)
        half = abs_w / NORMALIZER
        if own is None:
            self._create(ev, opp.group, polarity, half, pairwise, shadow_of=original)
            return
        # A record of this polarity already exists: the prototype looks only for a record with
        # ``shadow_of == original`` and would otherwise push a second record with the same key,
        # which a keyed store cannot hold. We accumulate onto the existing record exactly as onto
        # a shadow and make it the shadow (``shadow_of = original``) unless it is promoted at once,
        # so later reinforcement can still promote it.
        own.strength = clamp(own.strength + half)
        own.confidence = tier_for(own.strength)
        own.last_seen = t
        own.decay_at = t + DECAY_MS
        own.shadow_of = original
        self._mark(own, ev)
        if own.confidence in (Tier.MEDIUM, Tier.HIGH):
            own.shadow_of = None
            opp.status = Status.ARCHIVED


def derive(
    events: Iterable[FoldEvent],
    initial: Iterable[PrefState] = (),
    last_key: OrderKey | None = None,
) -> dict[PrefKey, PrefState]:
    """Fold ``events`` (ascending ``(occurred_at, seq)``; not re-sorted here) onto ``initial``."""
    deriver = Deriver(initial, last_key)
    deriver.fold(events)
    return deriver.records

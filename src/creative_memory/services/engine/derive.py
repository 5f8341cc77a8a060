"""Derivation: fold raw signal events into preference records (pure, deterministic).

Events are folded in ascending ``(occurred_at, content_hash, seq)`` order (decision 0089): events of
the same instant in the order of their content, so the same event set folds to the same records in
any arrival order. Decay and archival are functions of
time (``services.engine.evaluation.advance``), so a record can be evaluated at any ``now``. The rules are the engine notes'
(shared design ``engine.md``); float operations happen in a fixed order so that a full and an
incremental derivation give bit-identical strengths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from creative_memory.model.constants import (
    NORMALIZER,
    PROVISIONAL_MAX_STRENGTH,
    SIGNAL_WEIGHTS,
    TIER_HIGH_ABOVE,
    TIER_MEDIUM_MIN,
    UNARY_SIGNALS,
    UNFOLDED_SIGNALS,
    Polarity,
    SignalType,
    Status,
    Tier,
    tier_for,
)
from creative_memory.model.events import EventView, FoldEvent, FoldItem, order_tie
from creative_memory.model.records import PrefKey, PrefState, key_text
from creative_memory.services.engine.evaluation import ARCHIVE_MS, DECAY_MS, advance, clamp, copy_state
from creative_memory.services.engine.reversal import accumulate_shadow, count_reversal

Group = tuple[str, str, str]  # (scope, preference_type, pattern)
OrderKey = tuple[int, str, int]  # (occurred_at, content_hash, seq)

# Lookups by dict instead of enum calls on the fold's hot path (a StrEnum member hashes and
# compares as its text, so these accept either form).
_POLARITY: dict[str, Polarity] = {str(p): p for p in Polarity}
_POLARITY_TEXT: dict[str, str] = {str(p): str(p) for p in Polarity}
_SIGNAL_TEXT: dict[str, str] = {str(s): str(s) for s in SignalType}
# Enum members as module constants: a global lookup instead of an enum class attribute access
# (several per folded item).
_ARCHIVED = Status.ARCHIVED
_STABLE = Status.STABLE
_LOW = Tier.LOW
_MEDIUM = Tier.MEDIUM
_HIGH = Tier.HIGH
_POSITIVE = Polarity.POSITIVE
_PAIRWISE = SignalType.PAIRWISE_COMPARISON
_LEGACY = SignalType.LEGACY_SNAPSHOT


FlatItem = tuple[str, str, Polarity]  # (preference_type, pattern, polarity)


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
        created_seq=ev.seq,  # created_at 0: imported records come first, in file order
    )


class Deriver:
    """Incremental fold state: the records plus a per-group index and the last applied order key.

    ``Deriver(initial, last_key).fold(new_events)`` equals a full derivation of all events as long
    as ``initial`` is the result of folding exactly the events up to ``last_key`` (property-tested).
    ``touched`` holds the keys of records changed since construction (incremental write-back);
    ``Deriver(track_touched=False)`` (a full derivation) leaves it empty.

    The group index maps (scope, type, pattern) to that group's records (at most one per
    polarity) as ``[key, state]`` pairs in creation order, so that the fold of one item needs one
    dict lookup; ``records`` stays the authoritative map by key.
    """

    def __init__(
        self,
        initial: Iterable[PrefState] = (),
        last_key: OrderKey | None = None,
        *,
        track_touched: bool = True,
    ) -> None:
        self.records: dict[PrefKey, PrefState] = {}
        self._groups: dict[Group, list[list[Any]]] = {}
        self._last_key: OrderKey | None = last_key
        self.touched: set[PrefKey] = set()
        self._track = track_touched
        for state in initial:
            if state.key in self.records:
                raise ValueError(f"duplicate initial record {key_text(state.key)}")
            self._put(copy_state(state))

    @property
    def last_key(self) -> OrderKey | None:
        """``(occurred_at, content_hash, seq)`` of the last applied event (or the one given at construction)."""
        return self._last_key

    # -- bookkeeping -------------------------------------------------------------------------

    def _put(self, state: PrefState) -> PrefKey:
        key = state.key
        members = self._groups.get(state.group)
        if members is None:
            self._groups[state.group] = [[key, state]]
        else:
            for pair in members:
                if pair[0] == key:
                    pair[1] = state
                    break
            else:
                members.append([key, state])
        self.records[key] = state
        return key

    # -- folding -----------------------------------------------------------------------------

    def fold(self, events: Iterable[FoldEvent]) -> None:
        for ev in events:
            self.apply(ev)

    def apply(self, ev: FoldEvent) -> None:
        """Apply one event; events must arrive in strictly ascending ``(occurred_at, content_hash, seq)`` order."""
        order_key = (ev.occurred_at, ev.content_hash, ev.seq)
        if self._last_key is not None and order_key <= self._last_key:
            raise ValueError(
                f"event {ev.event_id} at {order_key} is not after the last applied event {self._last_key}"
            )
        signal = ev.signal_type
        if signal is _LEGACY:
            self._apply_snapshot(ev)
        elif signal in UNFOLDED_SIGNALS:  # a recall rating: no evidence for a preference
            pass
        else:
            weight = SIGNAL_WEIGHTS[signal]
            for i, item in enumerate(ev.items):
                self._apply_item(ev, item, weight, i if item.index < 0 else item.index)
        self._last_key = order_key

    def apply_flat(self, ev: EventView, items: Iterable[FlatItem]) -> None:
        """:meth:`apply` for a non-snapshot event given as its fields and plain item tuples.

        The same fold as ``apply(FoldEvent(..., items=(FoldItem(*i) for i in items)))`` without
        building those objects (a full derivation folds millions of events). ``ev`` is only read
        during the call, so a caller may reuse one mutable object for every event.
        """
        order_key = (ev.occurred_at, ev.content_hash, ev.seq)
        if self._last_key is not None and order_key <= self._last_key:
            raise ValueError(
                f"event {ev.event_id} at {order_key} is not after the last applied event {self._last_key}"
            )
        signal = ev.signal_type
        if signal is _LEGACY:
            raise ValueError(f"legacy snapshot event {ev.event_id} must be applied with apply()")
        if signal in UNFOLDED_SIGNALS:
            self._last_key = order_key
            return
        weight = SIGNAL_WEIGHTS[signal]
        fold_item = self._fold_item
        for i, (preference_type, pattern, polarity) in enumerate(items):
            fold_item(ev, preference_type, pattern, polarity, weight, i)
        self._last_key = order_key

    def _apply_snapshot(self, ev: FoldEvent) -> None:
        if ev.snapshot is None or len(ev.items) != 1:
            raise ValueError(f"legacy snapshot event {ev.event_id} needs exactly one item and a snapshot")
        state = _snapshot_state(ev, ev.items[0], ev.snapshot)
        key = self._put(state)
        if self._track:
            self.touched.add(key)

    def _create(
        self,
        ev: EventView,
        group: Group,
        polarity: Polarity,
        strength: float,
        pairwise: int,
        index: int,
        *,
        shadow_of: str | None = None,
    ) -> PrefState:
        """A fresh record (a new preference, or the shadow of a contradicted one) from one signal."""
        t = ev.occurred_at
        scope, preference_type, pattern = group
        positive = polarity is _POSITIVE
        rec = PrefState(
            scope,
            preference_type,
            pattern,
            polarity,
            clamp(strength),
            _LOW,
            _STABLE,
            t + DECAY_MS,
            t,
            t,
            t,
            [_SIGNAL_TEXT[ev.signal_type]],
            [ev.tag] if ev.tag else [],
            1 if positive else 0,
            0 if positive else 1,
            pairwise,
            shadow_of=shadow_of,
            provisional=ev.signal_type in UNARY_SIGNALS,
            created_at=t,
            created_seq=order_tie(ev.content_hash),
            created_item=index,
        )
        rec.confidence = tier_for(rec.strength)
        key = self._put(rec)
        rec.last_seq = ev.seq
        if self._track:
            self.touched.add(key)
        return rec

    def _apply_item(self, ev: FoldEvent, item: FoldItem, weight: float, index: int) -> None:
        """Fold one item of ``ev`` into its group (the rules of the engine notes, in their order)."""
        polarity = _POLARITY.get(item.polarity) or Polarity(item.polarity)
        self._fold_item(ev, item.preference_type, item.pattern, polarity, weight, index)

    def _fold_item(
        self,
        ev: EventView,
        preference_type: str,
        pattern: str,
        polarity: Polarity,
        weight: float,
        index: int,
    ) -> None:
        """Long on purpose: the fold of one item is the inner loop of every derivation, where a call
        per step shows. Steps: bring the group's records to ``t``; 1. reactivate an archived record;
        2. contradict a stable opposite record (``_contradict``); 3. create or reinforce."""
        t = ev.occurred_at
        group: Group = (ev.scope, preference_type, pattern)
        track = self._track
        touched = self.touched
        seq = ev.seq
        own: PrefState | None = None
        opp: PrefState | None = None
        opp_key: PrefKey | None = None
        members = self._groups.get(group)
        if members is not None:
            pol_text = _POLARITY_TEXT[polarity]
            for key, st in members:
                # Advancing moves as_of (and may decay or archive): the stored state must follow.
                # Inline the common case of advance(): nothing is due before t.
                if t > st.as_of:
                    if st.status is _ARCHIVED or (st.decay_at > t and st.last_seen + ARCHIVE_MS > t):
                        st.as_of = t
                    else:
                        advance(st, t)
                if track:
                    touched.add(key)
                # A group holds at most one record per polarity (the key's last part).
                if key[3] == pol_text:
                    own = st
                else:
                    opp, opp_key = st, key
        abs_w = abs(weight)
        added = abs_w / NORMALIZER
        pairwise = 1 if ev.signal_type is _PAIRWISE else 0

        # 1. A new matching signal reactivates an archived record.
        if own is not None and own.status is _ARCHIVED:
            own.status = _STABLE
            own.reversal_signals = 0
            own.reversal_sessions = []
            own.reversal_first_seen = None
            own.last_seq = seq
            own.as_of = t

        # 2. Contradiction of a stable opposite record (not also counted for its own polarity).
        if opp is not None and opp.status is _STABLE:
            assert opp_key is not None
            self._contradict(ev, opp, opp_key, own, polarity, abs_w, pairwise, index)
            return

        # 3. Create or reinforce the record of this polarity. Unary evidence alone stays
        # provisional: capped at the top of medium until a lifting signal (decision 0021).
        if own is None:
            self._create(ev, group, polarity, added, pairwise, index)
            return
        strength = own.strength + added
        if own.provisional:
            if ev.signal_type in UNARY_SIGNALS:
                if strength > PROVISIONAL_MAX_STRENGTH:
                    strength = PROVISIONAL_MAX_STRENGTH
            else:
                own.provisional = False
        own.strength = strength = 0.0 if strength < 0.0 else (1.0 if strength > 1.0 else strength)
        own.confidence = (
            _LOW if strength < TIER_MEDIUM_MIN else (_MEDIUM if strength <= TIER_HIGH_ABOVE else _HIGH)
        )
        source = _SIGNAL_TEXT[ev.signal_type]
        if source not in own.sources:
            own.sources.append(source)
        tag = ev.tag
        if tag and tag not in own.explicit_tags:
            own.explicit_tags.append(tag)
        if polarity is _POSITIVE:
            own.accept_count += 1
        else:
            own.reject_count += 1
        own.pairwise_count += pairwise
        own.last_seen = t
        own.decay_at = t + DECAY_MS
        own.last_seq = seq
        own.as_of = t
        if own.shadow_of is not None and own.confidence is not _LOW:
            self._promote(own, ev)

    def _promote(self, shadow: PrefState, ev: EventView) -> None:
        """A shadow reaching medium/high replaces its original: original archived, link cleared."""
        original_text = shadow.shadow_of
        shadow.shadow_of = None
        for key, rec in self._groups.get(shadow.group, ()):
            if key_text(key) == original_text and rec is not shadow:
                rec.status = _ARCHIVED
                rec.last_seq = ev.seq
                rec.as_of = ev.occurred_at
                if self._track:
                    self.touched.add(key)

    def _contradict(
        self,
        ev: EventView,
        opp: PrefState,
        opp_key: PrefKey,
        own: PrefState | None,
        polarity: Polarity,
        abs_w: float,
        pairwise: int,
        index: int,
    ) -> None:
        """Step 2: ``ev`` contradicts the stable record ``opp``; from the fourth reversal in enough
        sessions it is under review and this polarity's record becomes its shadow
        (``services.engine.reversal``)."""
        if not count_reversal(ev, opp, abs_w, pairwise):
            return
        original = key_text(opp_key)
        half = abs_w / NORMALIZER
        if own is None:
            self._create(ev, opp.group, polarity, half, pairwise, index, shadow_of=original)
        else:
            accumulate_shadow(ev, opp, own, original, half)


def derive(
    events: Iterable[FoldEvent],
    initial: Iterable[PrefState] = (),
    last_key: OrderKey | None = None,
) -> dict[PrefKey, PrefState]:
    """Fold ``events`` (ascending ``(occurred_at, content_hash, seq)``; not re-sorted here) onto ``initial``."""
    deriver = Deriver(initial, last_key)
    deriver.fold(events)
    return deriver.records

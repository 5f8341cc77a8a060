"""The fold of many stored events at once: parse and fold in one loop (a full derivation).

:meth:`Deriver.apply` folds one :class:`FoldEvent` at a time; a full derivation of a million
events spends most of its time building those objects, the item tuples and the calls between
them. :func:`fold_stored` reads the stored rows as they come from the cursor — payload as canonical
JSON text — and folds every item in place. The common case (an item whose group holds only its own
record, or nothing yet) is folded here; everything else (a record of the other polarity in the
group, a shadow, a legacy snapshot) goes to the same :class:`Deriver` methods ``apply`` uses, so the
rules live in one place. ``tests/unit/test_ingest_derive_fast.py`` checks that the result equals
``Deriver.apply`` over the same events, record for record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
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
)
from creative_memory.model.events import FoldEvent, FoldItem, folded_signal, payload_items
from creative_memory.services.engine.derive import Deriver
from creative_memory.services.engine.evaluation import ARCHIVE_MS, DECAY_MS, advance

_raw_decode = json.JSONDecoder().raw_decode
_SIGNAL: dict[str, SignalType] = {str(s): s for s in SignalType}
_TEXT: dict[SignalType, str] = {s: str(s) for s in SignalType}
_POLARITY: dict[str, Polarity] = {str(p): p for p in Polarity}
_ARCHIVED = Status.ARCHIVED
_STABLE = Status.STABLE
_LOW = Tier.LOW
_MEDIUM = Tier.MEDIUM
_HIGH = Tier.HIGH
_POSITIVE = Polarity.POSITIVE
_NEGATIVE = Polarity.NEGATIVE
_PAIRWISE = SignalType.PAIRWISE_COMPARISON
_LEGACY = SignalType.LEGACY_SNAPSHOT

# Per signal: (weight, strength added, unary, pairwise count, source text), as the Deriver derives them.
_PER_SIGNAL: dict[SignalType, tuple[float, float, bool, int, str]] = {
    s: (
        SIGNAL_WEIGHTS[s],
        abs(SIGNAL_WEIGHTS[s]) / NORMALIZER,
        s in UNARY_SIGNALS,
        1 if s is _PAIRWISE else 0,
        _TEXT[s],
    )
    for s in SignalType
}

# A stored event as the fold reads it: seq, event_id, occurred_at, signal_type, scope, session_id,
# tag, payload (JSON text as stored, or the dict it parses to), content_hash.
Row = Sequence[Any]


class EventRow:
    """One mutable event view (:class:`model.events.EventView`), refilled per event."""

    __slots__ = (
        "content_hash",
        "event_id",
        "occurred_at",
        "scope",
        "seq",
        "session_id",
        "signal_type",
        "tag",
    )

    def __init__(self) -> None:
        self.seq = 0
        self.event_id = ""
        self.occurred_at = 0
        self.content_hash = ""
        self.signal_type = SignalType.THUMBS_UP
        self.scope = ""
        self.session_id: str | None = None
        self.tag: str | None = None


def _snapshot_event(row: Row, signal: SignalType, payload: dict[str, Any]) -> FoldEvent:
    items = tuple(
        FoldItem(t, p, _POLARITY.get(pol) or Polarity(pol), role, i)
        for i, (t, p, pol, role) in enumerate(payload_items(payload))
    )
    return FoldEvent(
        row[0], row[1], row[2], signal, row[4], row[5], items, row[6], payload.get("snapshot"), row[8]
    )


def flat_items(payload: Mapping[str, Any]) -> list[tuple[str, str, Polarity]]:
    """The fold items of a payload without a snapshot: :func:`model.events.payload_items` (same
    order: patterns, then the chosen side positive, then the other side negative) as plain
    ``(preference_type, pattern, polarity)`` tuples."""
    items = [
        (p["preference_type"], p["pattern"], _POLARITY.get(p["polarity"]) or Polarity(p["polarity"]))
        for p in payload.get("patterns", ())
    ]
    chose = payload.get("chose")
    if chose:
        items.extend((p["preference_type"], p["pattern"], _POSITIVE) for p in chose["patterns"])
    over = payload.get("over")
    if over:
        items.extend((p["preference_type"], p["pattern"], _NEGATIVE) for p in over["patterns"])
    return items


def fold_stored(
    deriver: Deriver,
    rows: Iterable[Row],
    every: int = 0,
    tick: Callable[[int], None] | None = None,
    *,
    skip: Mapping[str, list[int]] | None = None,
    only: Set[tuple[str, str, str]] | None = None,
) -> tuple[int, int, int]:
    """Fold stored event rows (ascending ``(occurred_at, content_hash, seq)``) into ``deriver``.

    Returns ``(sum of the content hashes as integers, events counted, highest seq)``; calls
    ``tick(done)`` every ``every`` events. An event whose scope is in ``skip`` is counted (hash,
    number, seq) but not folded, and its scope's ``[events, sum of hashes]`` there grows: another
    process folds those scopes, and must have folded exactly those (``services.derivation.fold_split``).
    ``only``: the groups ``(scope, type, pattern)`` folded; an item of another group is passed over
    (its place in the event's item list still counts), so their records are exactly those a fold
    of every item gives them (``services.derivation.regroup``).
    (One long function on purpose: it is the inner loop of a full derivation, where every call and
    attribute lookup per item shows.)
    """
    groups = deriver._groups
    track = deriver._track
    touched = deriver.touched
    fold_item = deriver._fold_item
    create = deriver._create
    signals, per_signal = _SIGNAL, _PER_SIGNAL
    archived, stable, low, medium, high = _ARCHIVED, _STABLE, _LOW, _MEDIUM, _HIGH
    positive, legacy, unfolded = _POSITIVE, _LEGACY, UNFOLDED_SIGNALS
    archive_ms, decay_ms = ARCHIVE_MS, DECAY_MS
    cap, medium_min, high_above = PROVISIONAL_MAX_STRENGTH, TIER_MEDIUM_MIN, TIER_HIGH_ABOVE
    loads, raw_decode = json.loads, _raw_decode
    view = EventRow()
    last = deriver.last_key
    digest = count = max_seq = 0
    for row in rows:
        seq, event_id, t, signal_text, scope, session_id, tag, payload, content_hash = row
        tally = skip.get(scope) if skip else None
        if tally is not None:
            hashed = int(content_hash, 16)
            tally[0] += 1
            tally[1] += hashed
            digest += hashed
            count += 1
            if seq > max_seq:
                max_seq = seq
            if every and count % every == 0 and tick is not None:
                tick(count)
            continue
        if type(payload) is str:
            text = payload
            try:
                payload, end = raw_decode(text)
                if end != len(text):
                    payload = loads(text)
            except (ValueError, TypeError):
                payload = loads(text)
        signal = signals.get(signal_text) or SignalType(signal_text)
        if signal in unfolded:  # a recall rating: folded by its outcome, or not (decision 0086)
            signal = folded_signal(signal, payload) or signal
        digest += int(content_hash, 16)
        count += 1
        if seq > max_seq:
            max_seq = seq
        if every and count % every == 0 and tick is not None:
            tick(count)
        if last is not None and (t, content_hash, seq) <= last:
            raise ValueError(
                f"event {event_id} at {(t, content_hash, seq)} is not after the last applied event {last}"
            )
        last = (t, content_hash, seq)
        if signal is legacy or payload.get("snapshot"):
            snap = _snapshot_event(row, signal, payload)
            if only is None or any((scope, i.preference_type, i.pattern) in only for i in snap.items):
                deriver.apply(snap)
            deriver._last_key = last  # another group's snapshot: only its place in the fold order counts
            continue
        filled = False  # the event view is filled only for the Deriver's own methods
        weight, added, unary, pairwise, source = per_signal[signal]
        items = flat_items(payload) if signal not in unfolded else []
        for index, (ptype, pattern, polarity) in enumerate(items):
            group = (scope, ptype, pattern)
            if only is not None and group not in only:
                continue
            members = groups.get(group)
            if members is not None and len(members) == 1:
                key, own = members[0]
                general = own.polarity is not polarity or own.shadow_of is not None
            else:
                general = True
            if general:
                if not filled:
                    view.seq, view.event_id, view.occurred_at, view.signal_type = seq, event_id, t, signal
                    view.content_hash = content_hash
                    view.scope, view.session_id, view.tag = scope, session_id, tag
                    filled = True
                if members is None:
                    create(view, group, polarity, added, pairwise, index)
                else:
                    fold_item(view, ptype, pattern, polarity, weight, index)
                continue
            # The group holds only this polarity's record: steps 1 and 3 of Deriver._fold_item.
            if t > own.as_of:
                if own.status is archived or (own.decay_at > t and own.last_seen + archive_ms > t):
                    own.as_of = t
                else:
                    advance(own, t)
            if track:
                touched.add(key)
            if own.status is archived:
                own.status = stable
                own.reversal_signals = 0
                own.reversal_sessions = []
                own.reversal_first_seen = None
            strength = own.strength + added
            if own.provisional:
                if unary:
                    if strength > cap:
                        strength = cap
                else:
                    own.provisional = False
            own.strength = strength = 0.0 if strength < 0.0 else (1.0 if strength > 1.0 else strength)
            own.confidence = low if strength < medium_min else (medium if strength <= high_above else high)
            if source not in own.sources:
                own.sources.append(source)
            if tag and tag not in own.explicit_tags:
                own.explicit_tags.append(tag)
            if polarity is positive:
                own.accept_count += 1
            else:
                own.reject_count += 1
            own.pairwise_count += pairwise
            own.last_seen = t
            own.decay_at = t + decay_ms
            own.last_seq = seq
            own.as_of = t
        deriver._last_key = last
    return digest, count, max_seq

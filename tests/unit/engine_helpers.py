"""Builders shared by the engine unit tests (plain module; tests are not a package)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from creative_memory.model.constants import Polarity, SignalType, Status, Tier, tier_for
from creative_memory.model.events import FoldEvent, FoldItem
from creative_memory.model.records import PrefState

DAY = 86_400_000
T0 = 1_767_225_600_000  # 2026-01-01T00:00:00Z


def item(pattern: str, polarity: str = "positive", ptype: str = "layout", role: str = "") -> FoldItem:
    return FoldItem(preference_type=ptype, pattern=pattern, polarity=Polarity(polarity), role=role)


def ev(
    seq: int,
    t: int,
    signal: str | SignalType,
    items: Sequence[FoldItem],
    *,
    scope: str = "global",
    session: str | None = None,
    tag: str | None = None,
    event_id: str | None = None,
    snapshot: Mapping[str, Any] | None = None,
    content_hash: str | None = None,
) -> FoldEvent:
    """A fold event; its content hash, unless given, orders events of one instant by ``seq``
    (as arrival did before decision 0089), which the prototype's order follows."""
    return FoldEvent(
        seq=seq,
        event_id=event_id or f"e{seq}",
        occurred_at=t,
        signal_type=SignalType(signal),
        scope=scope,
        session_id=session,
        items=tuple(items),
        tag=tag,
        snapshot=snapshot,
        content_hash=content_hash if content_hash is not None else f"{seq:012x}" + "0" * 52,
    )


def pref(
    pattern: str,
    polarity: str = "positive",
    strength: float = 0.7,
    *,
    ptype: str = "layout",
    scope: str = "global",
    confidence: Tier | None = None,
    status: Status = Status.STABLE,
    now: int = T0,
) -> PrefState:
    return PrefState(
        scope=scope,
        preference_type=ptype,
        pattern=pattern,
        polarity=Polarity(polarity),
        strength=strength,
        confidence=confidence if confidence is not None else tier_for(strength),
        status=status,
        decay_at=now + 90 * DAY,
        first_seen=now,
        last_seen=now,
        as_of=now,
    )

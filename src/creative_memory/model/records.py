"""Plain value types shared by the engine, the services and the adapters (never ORM objects)."""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any

from creative_memory.model.constants import Polarity, Status, Tier, project_of

PrefKey = tuple[str, str, str, str]  # (scope, preference_type, pattern, polarity)


def key_text(key: PrefKey) -> str:
    """Stable text form of a preference key: ``scope/type/pattern/polarity``."""
    return "/".join(key)


@dataclass(slots=True)
class PrefState:
    """One derived preference. Mutable only inside the engine's fold; copied out as values.

    strength/confidence/status/decay_at are the state as of ``as_of`` (ms); the fold keeps them
    as of the last event that touched the record, and ``engine.derive.advance`` moves them to any
    later moment (decay and archival are functions of time).
    """

    scope: str
    preference_type: str
    pattern: str
    polarity: Polarity
    strength: float
    confidence: Tier
    status: Status
    decay_at: int
    first_seen: int
    last_seen: int
    as_of: int
    sources: list[str] = field(default_factory=list)
    explicit_tags: list[str] = field(default_factory=list)
    accept_count: int = 0
    reject_count: int = 0
    pairwise_count: int = 0
    reversal_signals: int = 0
    reversal_sessions: list[str] = field(default_factory=list)
    reversal_first_seen: int | None = None
    shadow_of: str | None = None
    demoted_by: str | None = None
    decay_count: int = 0
    last_seq: int = 0
    last_injected_at: int | None = None
    # Derivation version 2. ``provisional``: built only from unary signals (decision 0021).
    # ``created_*``: where the fold created the record — (occurred_at, order tie, item index) of
    # the creating event; (0, seq, 0) for a legacy snapshot — the prototype's first-seen order that
    # breaks ties (decision 0022). Since derivation version 4 the middle number is the creating
    # event's place among the events of its instant, :func:`model.events.order_tie` of its content
    # hash, not its arrival number (decision 0089); the field keeps its name because the ranked
    # indexes read it by name (migration 0007).
    provisional: bool = False
    created_at: int = 0
    created_seq: int = 0
    created_item: int = 0

    @property
    def key(self) -> PrefKey:
        return (self.scope, self.preference_type, self.pattern, str(self.polarity))

    @property
    def group(self) -> tuple[str, str, str]:
        return (self.scope, self.preference_type, self.pattern)

    @property
    def project_id(self) -> str | None:
        return project_of(self.scope)

    def copy(self) -> PrefState:
        # A direct field copy: dataclasses.replace re-runs __init__ through a slow generic path and
        # this is on the retrieval hot path (one copy per candidate).
        new = _copy.copy(self)
        new.sources = list(self.sources)
        new.explicit_tags = list(self.explicit_tags)
        new.reversal_sessions = list(self.reversal_sessions)
        return new


@dataclass(frozen=True, slots=True)
class DiagEvent:
    """A retrieval stage event: what a stage kept, dropped, capped, suppressed or backfilled."""

    type: str
    stage: str
    trace: str
    preference_key: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "stage": self.stage, "trace": self.trace}
        if self.preference_key is not None:
            out["preference_key"] = self.preference_key
        out.update(self.fields)
        return out


@dataclass(frozen=True, slots=True)
class RetrievalResult:
    positives: tuple[PrefState, ...]
    negatives: tuple[PrefState, ...]
    project_overrides: tuple[PrefState, ...]
    events: tuple[DiagEvent, ...]
    duration_ms: float
    project_id: str | None = None
    empty_reason: str | None = None

    @property
    def is_empty(self) -> bool:
        return not self.positives and not self.negatives

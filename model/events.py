"""The event wire shape (validated at the boundary) and the engine's internal event form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from creative_memory.model.constants import TAG_POLARITY, Polarity, SignalType
from creative_memory.model.names import NAME_RULE, check_scope, name_problem, normalize_name


def _name(value: str) -> str:
    """The wire check of an id, type or pattern: :func:`creative_memory.model.names.name_problem`
    (the same function every other entry point uses), the value stored NFC-normalised."""
    problem = name_problem(value)
    if problem is not None:
        raise PydanticCustomError("name", "{problem}; use {rule}", {"problem": problem, "rule": NAME_RULE})
    return normalize_name(value)


def _scope(value: str) -> str:
    try:
        return check_scope(value)
    except ValueError as exc:
        raise PydanticCustomError("scope", str(exc)) from None


Ident = Annotated[str, AfterValidator(_name)]
PatternText = Ident
ScopeText = Annotated[str, AfterValidator(_scope)]


class PatternIn(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    preference_type: PatternText
    pattern: PatternText
    polarity: Polarity


class SidePattern(BaseModel):
    """A pattern on one side of a pairwise comparison (its polarity follows from the side)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    preference_type: PatternText
    pattern: PatternText


class PairwiseSide(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    artifact_id: Ident | None = None
    patterns: list[SidePattern] = Field(min_length=1, max_length=64)


class EventIn(BaseModel):
    """One raw signal event as hosts send it (JSON lines for ``od-memory ingest``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    event_id: Ident
    user_id: Ident | None = None
    project_id: Ident | None = None
    signal_type: SignalType
    occurred_at: AwareDatetime
    session_id: Ident | None = None
    artifact_id: Ident | None = None
    scope: Literal["project", "global"] | None = None
    patterns: list[PatternIn] = Field(default_factory=list, max_length=64)
    tag: str | None = None
    diff: str | None = Field(default=None, max_length=60_000)
    chose: PairwiseSide | None = None
    over: PairwiseSide | None = None

    @model_validator(mode="after")
    def _check_shape(self) -> EventIn:
        if self.signal_type is SignalType.LEGACY_SNAPSHOT:
            raise ValueError("signal_type: 'legacy_snapshot' is internal; import a preferences.json instead")
        if self.scope == "project" and not self.project_id:
            raise ValueError("scope: 'project' needs a project_id; send scope 'global' or add project_id")
        if self.tag is not None and self.tag not in TAG_POLARITY:
            known = ", ".join(f"'{t}'" for t in TAG_POLARITY)
            raise ValueError(f"tag: unknown tag {self.tag!r}; known tags are {known}")
        if self.signal_type is SignalType.EXPLICIT_TAG:
            if self.tag is None:
                raise ValueError("tag: an explicit_tag event needs a tag")
            want = TAG_POLARITY[self.tag]
            for i, p in enumerate(self.patterns):
                if p.polarity is not want:
                    raise ValueError(
                        f"patterns[{i}].polarity: '{p.polarity}' contradicts tag {self.tag!r} ({want})"
                    )
        if self.signal_type is SignalType.PAIRWISE_COMPARISON:
            if self.chose is None or self.over is None:
                raise ValueError("chose/over: a pairwise_comparison event needs both 'chose' and 'over'")
        else:
            if self.chose is not None or self.over is not None:
                raise ValueError("chose/over: only a pairwise_comparison event may carry 'chose' and 'over'")
            if not self.patterns:
                raise ValueError("patterns: at least one pattern is needed")
        return self

    @property
    def effective_scope(self) -> str:
        """``project:<id>`` for a signal inside a project unless the host says ``global``."""
        if self.project_id and self.scope != "global":
            return f"project:{self.project_id}"
        return "global"

    @property
    def occurred_ms(self) -> int:
        return to_ms(self.occurred_at)


def to_ms(dt: datetime) -> int:
    if dt.tzinfo is None:
        raise ValueError("naive datetime")
    return round(dt.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def iso(ms: int | None) -> str | None:
    """ISO 8601 UTC with a Z, millisecond precision (the CLI's and exports' time format)."""
    if ms is None:
        return None
    return from_ms(ms).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def payload_items(payload: Mapping[str, Any]) -> list[tuple[str, str, str, str]]:
    """Every (preference_type, pattern, polarity, role) a stored event payload speaks for.

    role is '' for plain patterns, 'chose'/'over' for the two sides of a pairwise comparison
    (positive and negative) and 'snapshot' for a legacy import's record.
    """
    items: list[tuple[str, str, str, str]] = []
    snap = payload.get("snapshot")
    if snap:
        items.append((snap["preference_type"], snap["pattern"], snap["polarity"], "snapshot"))
    items.extend((p["preference_type"], p["pattern"], p["polarity"], "") for p in payload.get("patterns", ()))
    for side, polarity in (("chose", "positive"), ("over", "negative")):
        data = payload.get(side)
        if data:
            items.extend((p["preference_type"], p["pattern"], polarity, side) for p in data["patterns"])
    return items


@dataclass(frozen=True, slots=True)
class FoldItem:
    """One (pattern, polarity) an event speaks for; ``role`` as in :func:`payload_items`."""

    preference_type: str
    pattern: str
    polarity: Polarity
    role: str = ""


@dataclass(frozen=True, slots=True)
class FoldEvent:
    """The engine's view of a stored event: everything derivation needs, nothing more."""

    seq: int
    event_id: str
    occurred_at: int  # ms UTC
    signal_type: SignalType
    scope: str  # 'global' or 'project:<id>'
    session_id: str | None
    items: tuple[FoldItem, ...]
    tag: str | None = None
    snapshot: Mapping[str, Any] | None = None

    @property
    def order_key(self) -> tuple[int, int]:
        return (self.occurred_at, self.seq)

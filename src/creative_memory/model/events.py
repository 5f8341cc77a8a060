"""The event wire shape (validated at the boundary) and the engine's internal event form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal, Protocol

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from creative_memory.model.constants import (
    MAX_PAGE_BYTES,
    RECALL_FOLDED_AS,
    RECALL_NAMING,
    REJECTING_SIGNALS,
    TAG_POLARITY,
    UNFOLDED_SIGNALS,
    Polarity,
    SignalType,
)
from creative_memory.model.instants import from_ms as from_ms
from creative_memory.model.instants import iso as iso
from creative_memory.model.instants import to_ms as to_ms
from creative_memory.model.names import NAME_RULE, check_scope, name_problem, normalize_name
from creative_memory.model.vocabulary import (
    MAX_DIMENSIONS,
    Rating,
    WireSignalName,
    check_extras,
    normalize_wire,
    signal_alias,
)


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


# JSON Schema has no portable way to say "a letter of any script or a combining mark" (``\w`` is
# ASCII in ECMA-262, ``\p{L}`` is unknown to many validators), so the schema states the length and
# describes the alphabet; ingest checks it with model.names.
_NAME_SCHEMA = {"type": "string", "minLength": 1, "maxLength": 128, "description": f"{NAME_RULE} (NFC)"}
Ident = Annotated[str, AfterValidator(_name), WithJsonSchema(_NAME_SCHEMA)]
PatternText = Ident
ScopeText = Annotated[str, AfterValidator(_scope)]

# The instants every later computation handles: decay horizons, archival, pauses "until resumed"
# (9999-12-31) and ISO formatting all stay inside the calendar (docs/decisions/0028).
EARLIEST_MS = 0  # 1970-01-01T00:00:00Z
LATEST_MS = 221_845_391_999_999  # 8999-12-31T23:59:59.999Z
INSTANT_RANGE = "1970-01-01T00:00:00Z to 8999-12-31T23:59:59Z"


def instant_in_range(ms: int) -> bool:
    return EARLIEST_MS <= ms <= LATEST_MS


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


def _page(value: str) -> str:
    if len(value.encode("utf-8", "surrogatepass")) > MAX_PAGE_BYTES:
        raise PydanticCustomError("page", "the page is over 2 MB, the most a page may be")
    if not value.strip():
        raise PydanticCustomError("page", "the page is empty; send the page's HTML or leave the field out")
    return value


_PAGE_SCHEMA = {
    "type": "string",
    "minLength": 1,
    "description": "The page's HTML text, at most 2 MB (UTF-8).",
}
PageText = Annotated[str, AfterValidator(_page), WithJsonSchema(_PAGE_SCHEMA)]
# Signals that may carry the page they judged, and the edits that carry the page before and after.
PAGE_SIGNALS = frozenset(
    {
        SignalType.REPEATED_ACCEPTANCE,
        SignalType.THUMBS_UP,
        SignalType.THUMBS_DOWN,
        SignalType.ABANDONED_GENERATION,
    }
)
EDIT_SIGNALS = frozenset({SignalType.MANUAL_REFINEMENT, SignalType.REVERT_AFTER_EDIT})


class PairwiseSide(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    artifact_id: Ident | None = None
    patterns: list[SidePattern] = Field(default_factory=list, max_length=64)
    page: PageText | None = Field(default=None, description="The side's page; what differs is learned.")

    @model_validator(mode="after")
    def _check_side(self) -> PairwiseSide:
        if not self.patterns and self.page is None:
            raise ValueError("patterns: a side needs its patterns or its page")
        return self


RecallOutcome = Literal["helped", "too_much", "not_relevant", "missed"]


class RecallIn(BaseModel):
    """What a recall rating answers: the recorded retrieval (its id), what the person said of it,
    and the mode it was for (decision 0088)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    retrieval_id: int = Field(
        ge=1, le=2**63 - 1, strict=True, description="The recorded retrieval the rating answers."
    )
    outcome: RecallOutcome = Field(
        description="helped; too_much (the block was too long for this context); not_relevant (the one "
        "pattern named was not relevant here); missed (the one pattern named should have been there)."
    )
    mode: Literal["generation", "critique", "legacy"] | None = Field(
        default=None, description="The mode of the retrieval, when known."
    )


# signal_type accepts this project's names and the seed's (model/vocabulary.py); the schema lists both.
WireSignal = Annotated[SignalType, BeforeValidator(signal_alias, json_schema_input_type=WireSignalName)]


#: The validation context under which an event is checked as it was stored, not as a host sends it.
STORED = "stored"


class EventIn(BaseModel):
    """One raw signal event as hosts send it (JSON lines for ``od-memory ingest``)."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        title="Creative memory event",
        json_schema_extra={"$comment": "Generated from creative_memory.model.events.EventIn; do not edit."},
    )
    event_id: Ident = Field(
        description="Idempotency key: an event id already stored is counted as a duplicate."
    )
    user_id: Ident | None = None
    project_id: Ident | None = None
    signal_type: WireSignal = Field(
        description="This project's signal names or the seed's: generation_accepted, thumbs (with rating), "
        "abandon, revert, comparison (docs/events/README.md has the mapping)."
    )
    occurred_at: AwareDatetime = Field(description="ISO 8601 with a time zone (Z or an offset).")
    session_id: Ident | None = None
    artifact_id: Ident | None = None
    scope: Literal["project", "global"] | None = Field(
        default=None, description="Default: 'project' when project_id is set, else 'global'."
    )
    patterns: list[PatternIn] = Field(default_factory=list, max_length=64)
    tag: str | None = Field(default=None, description="explicit_tag only: one of the known tags.")
    diff: str | None = Field(default=None, max_length=60_000, description="Free text; secrets are redacted.")
    chose: PairwiseSide | None = Field(default=None, description="Comparison only: the side the user chose.")
    over: PairwiseSide | None = Field(
        default=None, description="Comparison only: the side it was chosen over."
    )
    rating: Rating | None = Field(
        default=None, description="thumbs only: up or down (positive and negative are accepted too)."
    )
    page: PageText | None = Field(
        default=None,
        description="The generated page (HTML) an accepted, rated or abandoned generation judged, or the "
        "page after an edit; its style is extracted and only a style digest of it is stored.",
    )
    page_before: PageText | None = Field(
        default=None, description="manual_refinement and revert only: the page before the edit."
    )
    dimensions: list[PatternText] | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_DIMENSIONS,
        description="Comparison only: the preference types compared; other side patterns are not learned.",
    )
    recall: RecallIn | None = Field(
        default=None,
        description="recall_rating only: the retrieval it answers and what the person said of it.",
    )

    @model_validator(mode="before")
    @classmethod
    def _seed_vocabulary(cls, data: Any) -> Any:
        return normalize_wire(data)

    @field_validator("occurred_at")
    @classmethod
    def _check_instant(cls, v: datetime) -> datetime:
        try:
            ms = to_ms(v)
        except (OverflowError, ValueError, OSError):
            ms = -1
        if not instant_in_range(ms):
            raise ValueError(f"the moment must lie from {INSTANT_RANGE}")
        return v

    @model_validator(mode="after")
    def _check_shape(self, info: ValidationInfo) -> EventIn:
        check_extras(self.signal_type, self.rating, self.dimensions)
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
        if self.signal_type in REJECTING_SIGNALS:
            for i, p in enumerate(self.patterns):
                if p.polarity is Polarity.POSITIVE:
                    raise ValueError(
                        f"patterns[{i}].polarity: a {self.signal_type} cannot strengthen the positive "
                        f"pattern '{p.pattern}'; send what was rejected with polarity 'negative'"
                    )
        self._check_pages()
        if (self.recall is None) != (self.signal_type is not SignalType.RECALL_RATING):
            raise ValueError(
                "recall: a recall_rating event needs 'recall' (the retrieval and the outcome), "
                "and only a recall_rating event carries it"
            )
        if self.recall is not None:
            self._check_recall(self.recall)
            return self
        if self.signal_type is SignalType.PAIRWISE_COMPARISON:
            # A stored comparison (an import's check of an exported event, ``STORED``) may have lost
            # both sides to a forget and kept its plain patterns: it is still a valid stored event.
            sides_forgotten = self.chose is None and self.over is None and bool(self.patterns)
            if (self.chose is None or self.over is None) and not (
                STORED in (info.context or ()) and sides_forgotten
            ):
                raise ValueError("chose/over: a pairwise_comparison event needs both 'chose' and 'over'")
        else:
            if self.chose is not None or self.over is not None:
                raise ValueError("chose/over: only a pairwise_comparison event may carry 'chose' and 'over'")
            if not self.patterns and self.page is None:
                raise ValueError("patterns: at least one pattern (or the page) is needed")
        return self

    def _check_recall(self, recall: RecallIn) -> None:
        if self.tag is not None or self.chose is not None or self.diff is not None:
            raise ValueError("recall: a recall_rating event carries no tag, diff or comparison")
        if recall.outcome in RECALL_NAMING and len(self.patterns) != 1:
            raise ValueError(
                f"patterns: a '{recall.outcome}' rating names exactly one pattern (the preference it is about)"
            )
        if recall.outcome == "too_much" and self.patterns:
            raise ValueError("patterns: a 'too_much' rating is about the whole block and names no pattern")

    def _check_pages(self) -> None:
        kind = self.signal_type
        if self.page is not None and kind not in PAGE_SIGNALS | EDIT_SIGNALS:
            raise ValueError(
                f"page: a {kind} event carries no page; pages belong to accepted, rated, abandoned "
                "and edited generations (a comparison's pages go in 'chose' and 'over')"
            )
        if kind in EDIT_SIGNALS:
            if (self.page is None) != (self.page_before is None):
                raise ValueError(
                    "page_before: an edit's evidence is the page before and the page after; send both"
                )
        elif self.page_before is not None:
            raise ValueError(
                "page_before: only an edit (manual_refinement or revert) carries the page before"
            )

    @property
    def has_pages(self) -> bool:
        sides = (self.chose, self.over)
        return self.page is not None or any(s is not None and s.page is not None for s in sides)

    @property
    def effective_scope(self) -> str:
        """``project:<id>`` for a signal inside a project unless the host says ``global``."""
        if self.project_id and self.scope != "global":
            return f"project:{self.project_id}"
        return "global"

    @property
    def occurred_ms(self) -> int:
        return to_ms(self.occurred_at)


# The instants' helpers live in model.instants (no pydantic); kept importable from here.


def folded_signal(signal: SignalType, payload: Mapping[str, Any]) -> SignalType | None:
    """The signal the fold weighs a stored event as: its own, except for a recall rating, which is
    folded as :data:`RECALL_FOLDED_AS` says for its outcome (a missed preference as an explicit
    tag) or not at all (None; decision 0086)."""
    if signal not in UNFOLDED_SIGNALS:
        return signal
    recall = payload.get("recall")
    outcome = recall.get("outcome") if isinstance(recall, Mapping) else None
    return RECALL_FOLDED_AS.get(outcome) if isinstance(outcome, str) else None


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


def page_digest_ids(payload: Mapping[str, Any]) -> list[str]:
    """The ids of the page digests a stored event payload names (decision 0065): ``pages`` of a
    unary signal or an edit, each comparison side's ``page``."""
    ids = [str(v) for v in (payload.get("pages") or {}).values()]
    for side in ("chose", "over"):
        data = payload.get(side)
        if data and data.get("page"):
            ids.append(str(data["page"]))
    return ids


def without_pages(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The payload naming no page digest (its patterns, the extractor's version and the rest kept)."""
    out = {k: v for k, v in payload.items() if k != "pages"}
    for side in ("chose", "over"):
        data = out.get(side)
        if data and "page" in data:
            out[side] = {k: v for k, v in data.items() if k != "page"}
    return out


@dataclass(frozen=True, slots=True)
class FoldItem:
    """One (pattern, polarity) an event speaks for; ``role`` as in :func:`payload_items`."""

    preference_type: str
    pattern: str
    polarity: Polarity
    role: str = ""
    # Position in the event's full item list (payload_items order); -1: its place in ``items``.
    index: int = -1


def order_tie(content_hash: str) -> int:
    """An event's place among the events of its instant, as a record created by it keeps it
    (``PrefState.created_seq``, decision 0089): the first 48 bits of its content hash, so the
    first-seen order of records created at one instant follows the fold order, not arrival. Always
    16 digits (:data:`TIE_BASE` added): a forget that rewrites the event gives its records the new
    tie in a state text of the same length, which SQLite overwrites in place (a longer or shorter
    one moves the record and can leave its old bytes, the names in it, in the page's free space)."""
    return TIE_BASE + int(content_hash[:12], 16) if content_hash else 0


#: added to every order tie so that each has 16 digits (48 bits are at most 15)
TIE_BASE = 10**15


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
    # What derivation reads of the event, hashed (services.derivation.event_content): it breaks ties
    # between events of the same instant, so the fold order is a function of the event set.
    content_hash: str = ""

    @property
    def order_key(self) -> tuple[int, str, int]:
        """The fold order (decision 0089): time, then content, then arrival (only equal content
        is left to arrival, and equal content folds alike)."""
        return (self.occurred_at, self.content_hash, self.seq)


class EventView(Protocol):
    """What the fold reads from an event besides its items (:class:`FoldEvent` has all of it;
    the engine's fold and its reversal steps take either)."""

    @property
    def seq(self) -> int: ...
    @property
    def event_id(self) -> str: ...
    @property
    def occurred_at(self) -> int: ...
    @property
    def content_hash(self) -> str: ...
    @property
    def signal_type(self) -> SignalType: ...
    @property
    def scope(self) -> str: ...
    @property
    def session_id(self) -> str | None: ...
    @property
    def tag(self) -> str | None: ...

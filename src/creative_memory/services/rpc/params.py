"""The params of each method ``od-memory serve`` answers, as pydantic models: their shapes are
checked here (a wrong type or an unknown name is refused in one sentence, InvalidInput), the names
they carry by the service that uses them (``RetrievalRequest`` checks the ids and the types, the
ingest each event). ``services.rpc.wire_schema`` writes their JSON Schema for the daemon.

Only ``serve``'s path imports this module (pydantic is not loaded by the quick commands).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from creative_memory.services.common.errors import InvalidInput

MAX_EVENTS_PER_CALL = 1000


class Params(BaseModel):
    """Named parameters only, every one optional unless said otherwise; JSON types strictly (no
    ``"yes"`` for true, no string for a number)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    #: the sentence that refuses a field's value, by field name
    refusals: ClassVar[dict[str, str]] = {}


_USER = "user_id must be a string id, or left out for the default user."
_TEMPORARY = (
    "temporary must be true or false (true: a temporary conversation, which memory neither uses nor feeds)."
)


class PingParams(Params):
    """ping: no parameters."""


class StatusParams(Params):
    """status: the settings, pauses and counts of a user."""

    user_id: str | None = Field(default=None, description="The user; left out: the default user.")

    refusals: ClassVar[dict[str, str]] = {"user_id": _USER}


class DecayParams(StatusParams):
    """decay: decay and archival up to now, for at most half a second (remaining, in the answer,
    says how many records are still due)."""


class RetrieveParams(Params):
    """retrieve: the Creative memory block for a generation."""

    project_id: str | None = Field(default=None, description="The project; null: global memory only.")
    mode: Literal["generation", "critique", "legacy"] = Field(
        default="generation", description="What the block is for; it words the block."
    )
    dry_run: bool = Field(default=False, description="true: nothing is recorded.")
    types: list[str] | None = Field(
        default=None, description="Only these preference types; null or an empty list: every type."
    )
    user_id: str | None = Field(default=None, description="The user; left out: the default user.")
    deadline_ms: float | None = Field(
        default=None,
        description="Milliseconds since 1970 after which the caller stops waiting: a retrieval "
        "answered later is not recorded.",
    )
    temporary: bool = Field(
        default=False,
        description="true: a temporary conversation, which memory neither uses nor feeds: the block is "
        "empty, and the recorded retrieval's one stage event (temporary_conversation) says why.",
    )

    refusals: ClassVar[dict[str, str]] = {
        "project_id": "project_id must be a string id, or null for global memory only.",
        "mode": "mode must be 'generation', 'critique' or 'legacy'.",
        "dry_run": "dry_run must be true or false.",
        "types": "types must be a list of preference type names, or null for all types.",
        "user_id": _USER,
        "deadline_ms": "deadline_ms must be a time in milliseconds since 1970 (a number).",
        "temporary": _TEMPORARY,
    }


class IngestParams(Params):
    """ingest: reactions to generated pages, each event as docs/events/events.schema.json
    describes it (an event that is not is rejected alone, with its index and the reason)."""

    events: list[Any] = Field(
        min_length=1,
        max_length=MAX_EVENTS_PER_CALL,
        description="The events, at most 1000 per call (docs/events/events.schema.json).",
    )
    temporary: bool = Field(
        default=False,
        description="true: a temporary conversation, which memory neither uses nor feeds: no event is "
        "stored; each valid one is counted as ignored (temporary_conversation).",
    )

    refusals: ClassVar[dict[str, str]] = {
        "events": "events must be a non-empty list of event objects.",
        "temporary": _TEMPORARY,
    }


class RateParams(Params):
    """rate: a person's word on one injection (a recorded retrieval), stored as a recall_rating
    event through ingest's rules (docs/events/README.md; decision 0088)."""

    retrieval_id: int = Field(
        ge=1, description="The recorded retrieval, as retrieve answered it (retrieval_id)."
    )
    outcome: Literal["helped", "too_much", "not_relevant", "missed"] = Field(
        description="helped; too_much (the block was too much here); not_relevant (the preference named "
        "was injected and not relevant here); missed (the preference named should have been injected)."
    )
    preference_type: str | None = Field(
        default=None, description="not_relevant and missed: the preference's type."
    )
    pattern: str | None = Field(
        default=None, description="not_relevant and missed: the preference's pattern."
    )
    polarity: Literal["positive", "negative"] | None = Field(
        default=None, description="missed: 'negative' for something to avoid; left out: positive."
    )
    session_id: str | None = Field(
        default=None, description="The generation session (forget --session finds it)."
    )
    event_id: str | None = Field(
        default=None, description="The event's id (idempotency); left out: one is made from the retrieval."
    )
    user_id: str | None = Field(default=None, description="The user; left out: the default user.")

    refusals: ClassVar[dict[str, str]] = {
        "retrieval_id": "retrieval_id must be a retrieval's id, a whole number from 1 up.",
        "outcome": "outcome must be 'helped', 'too_much', 'not_relevant' or 'missed'.",
        "preference_type": "preference_type must be a preference type name.",
        "pattern": "pattern must be a pattern name.",
        "polarity": "polarity must be 'positive' or 'negative'.",
        "session_id": "session_id must be a string id.",
        "event_id": "event_id must be a string id.",
        "user_id": _USER,
    }


#: every method's params, by method name
class SetupParams(Params):
    """setup: add or upgrade this program's tables in the daemon's store, announced and backed up,
    once the user agreed (a store without them answers every other call with needs_setup)."""

    consent: bool = Field(default=False, description="true: the user agreed to the first use, as announced.")

    refusals: ClassVar[dict[str, str]] = {"consent": "consent must be true or false."}


METHODS: dict[str, type[Params]] = {
    "ping": PingParams,
    "setup": SetupParams,
    "status": StatusParams,
    "retrieve": RetrieveParams,
    "ingest": IngestParams,
    "decay": DecayParams,
    "rate": RateParams,
}

P = TypeVar("P", bound=Params)


def parse(model: type[P], method: str, params: Any) -> P:
    """``params`` (decoded JSON; None: none given) as ``model``, or InvalidInput in one sentence."""
    try:
        return model.model_validate({} if params is None else params)
    except ValidationError as exc:
        raise InvalidInput(refusal(model, method, exc)) from None


def refusal(model: type[Params], method: str, exc: ValidationError) -> str:
    """The sentence for the first problem pydantic found (an unknown name before a wrong value)."""
    errors = exc.errors()
    unknown = sorted(str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden" and e["loc"])
    if unknown:
        names = ", ".join(model.model_fields) or "none"
        return f"{method} has no parameter '{unknown[0]}'; its parameters are: {names}."
    first = errors[0]
    if not first["loc"]:  # the params themselves: a list, a number …
        return f"The params of {method} must be a JSON object (named parameters)."
    field = str(first["loc"][0])
    if field == "events" and first["type"] == "too_long":
        return f"Send at most {MAX_EVENTS_PER_CALL} events per call; split the batch."
    return model.refusals.get(field) or f"{field} is not valid here ({first['msg']})."

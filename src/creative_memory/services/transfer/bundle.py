"""The export bundle: a versioned JSON file (optionally encrypted) of a user's memory, and the
prototype's preferences.json — their shape, and reading them back.

The bundle carries the canonical data — raw events, settings, project settings — so the importing
side re-derives the same preferences. :mod:`services.transfer.exporting` writes it;
:mod:`services.transfer.bundle_stream` reads it piece by piece and :mod:`services.transfer.importing`
applies it (merge dedupes by event id, replace swaps the user's memory as a whole).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from sqlalchemy import delete

from creative_memory.model.constants import (
    MAX_PAGE_BYTES,
    Polarity,
    SignalType,
    Status,
    Tier,
)
from creative_memory.model.events import (
    INSTANT_RANGE,
    Ident,
    PatternIn,
    PatternText,
    RecallIn,
    ScopeText,
    SidePattern,
    instant_in_range,
    to_ms,
)
from creative_memory.model.names import check_name
from creative_memory.model.records import key_text
from creative_memory.model.tables import (
    ProjectSettings,
    Settings,
)
from creative_memory.services.common.clock import FOREVER_MS
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.controls import controls
from creative_memory.services.derivation.event_content import canonical
from creative_memory.services.extract.digest import digest, digest_id_of
from creative_memory.services.extract.vocabulary import MAX_BECAUSE, PROPERTIES
from creative_memory.services.ingest.ingest import describe_validation_error
from creative_memory.services.transfer.skips import SkippedPattern, SkippedProject

BUNDLE_FORMAT = "creative-memory-bundle"
BUNDLE_VERSION = 1
MAX_IMPORT_BYTES = 512 * 1024 * 1024
# Counters and times must fit SQLite's INTEGER (an overflow would surface only at re-derivation,
# after the events were committed, and break every later read).
MAX_COUNT = 2**31 - 1
# A stored event names the host's patterns (at most 64) and those its pages showed (at most two
# degrees of each property the extractor reads: what moved from and to).
MAX_STORED_PATTERNS = 64 + 2 * len(PROPERTIES)
DigestId = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
MIN_MS = -62_135_596_800_000  # 0001-01-01T00:00:00Z
MAX_MS = 253_402_300_799_999  # 9999-12-31T23:59:59.999Z


# --------------------------------------------------------------------------- schema
# Names and scopes are checked by model.names (the wire schema's types), as ingest checks them.


class BundleEvent(BaseModel):
    model_config = ConfigDict(extra="forbid")
    event_id: Ident
    project_id: Ident | None = None
    scope: ScopeText
    signal_type: SignalType
    occurred_at: AwareDatetime
    tag: str | None = None
    session_id: Ident | None = None
    artifact_id: Ident | None = None
    payload: dict[str, Any]
    source: str = Field(default="import", max_length=16)


class BundleSettings(BaseModel):
    """The settings as the commands set them: switches are true or false, a pause end is an ISO
    8601 moment with its zone, the retention a whole number of days (``true``, ``"no"`` or a number
    of seconds are refused, not read as something else)."""

    model_config = ConfigDict(extra="forbid")
    memory_enabled: StrictBool = True
    learning_paused_until: AwareDatetime | None = None
    using_paused_until: AwareDatetime | None = None
    diagnostics_retention_days: StrictInt = Field(default=30, ge=1, le=3650)
    memory_notes: StrictBool = False

    @field_validator("learning_paused_until", "using_paused_until", mode="before")
    @classmethod
    def _written_as_a_moment(cls, value: Any) -> Any:
        if value is not None and not isinstance(value, str):
            raise ValueError("a pause end is written as an ISO 8601 moment with its time zone, or null")
        return value

    @field_validator("learning_paused_until", "using_paused_until")
    @classmethod
    def _within_what_pause_allows(cls, value: AwareDatetime | None) -> AwareDatetime | None:
        """A pause end after the year 9999 (in UTC) is refused, as ``pause`` refuses it; one in the
        past is an ended pause (``apply_settings``)."""
        if value is not None and to_ms(value) > FOREVER_MS:
            raise ValueError("a pause end after the year 9999 (UTC); pause without an end instead")
        return value


class BundleProject(BaseModel):
    model_config = ConfigDict(extra="forbid")
    project_id: Ident
    use_memory: StrictBool = True
    learn_from_project: StrictBool = True
    use_global_memory: StrictBool | None = None  # absent in older bundles: follows use_memory


class BundleHead(BaseModel):
    """A bundle's members but its events: those are read, checked and handed on one by one
    (:mod:`services.transfer.bundle_stream`); here ``events`` only has to be a list (it is validated
    empty when it was read as it came)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["creative-memory-bundle"]
    version: Literal[1]
    exported_at: AwareDatetime
    user_id: Ident
    derivation_version: str
    settings: BundleSettings
    project_settings: list[BundleProject] = Field(default_factory=list)
    events: list[Any]

    @field_validator("project_settings")
    @classmethod
    def _one_entry_a_project(cls, value: list[BundleProject]) -> list[BundleProject]:
        """A project's switches are given once: two entries for one id (or for two spellings the
        store keeps as one, NFC and NFD) would leave one of them unsaid whichever won."""
        seen: set[str] = set()
        for p in value:
            pid = check_name(p.project_id, "project id")
            if pid in seen:
                raise ValueError(f"the project {pid!r} is listed twice; give each project's switches once")
            seen.add(pid)
        return value

    # The style digests the events' payloads name (decision 0065), by id; absent in older bundles.
    page_digests: dict[DigestId, Annotated[str, Field(max_length=MAX_PAGE_BYTES)]] = Field(
        default_factory=dict
    )
    preferences: int = 0


class LegacyPref(BaseModel):
    """One record of the prototype's preferences.json (unknown extra keys are tolerated)."""

    model_config = ConfigDict(extra="ignore")
    id: str | None = None
    preference_type: PatternText
    pattern: PatternText
    polarity: Polarity
    signal_strength: float = Field(ge=0.0, le=1.0)
    confidence: Tier
    sources: list[str] = Field(default_factory=list)
    accept_count: int = Field(default=0, ge=0, le=MAX_COUNT)
    reject_count: int = Field(default=0, ge=0, le=MAX_COUNT)
    explicit_tags: list[str] = Field(default_factory=list)
    last_seen: AwareDatetime
    decay_at: AwareDatetime
    scope: str = "global"
    reversal_signals: int = Field(default=0, ge=0, le=MAX_COUNT)
    reversal_first_seen: AwareDatetime | None = None
    polarity_status: Status = Status.STABLE
    shadow_of: str | None = None

    @field_validator("last_seen")
    @classmethod
    def _an_event_moment(cls, v: datetime) -> datetime:
        """It becomes the moment of the record's event: held to an event's range, as ingest holds it."""
        if not instant_in_range(_ms_or_out(v)):
            raise ValueError(f"last_seen: the moment must lie from {INSTANT_RANGE}")
        return v

    @field_validator("decay_at", "reversal_first_seen")
    @classmethod
    def _a_stored_moment(cls, v: datetime | None, info: ValidationInfo) -> datetime | None:
        """A moment the store keeps: within the years 1 to 9999 in UTC, as an export writes them
        (``9999-12-31T23:59:59-12:00`` is in the year 10000 there)."""
        if v is not None and not MIN_MS <= _ms_or_out(v) <= MAX_MS:
            raise ValueError(f"{info.field_name}: the moment must lie within the years 1 to 9999 (UTC)")
        return v


def _ms_or_out(v: datetime) -> int:
    try:
        return to_ms(v)
    except (OverflowError, ValueError, OSError):
        return MAX_MS + 1


class BundleSnapshot(BaseModel):
    """The payload of a ``legacy_snapshot`` event in a bundle: everything derivation reads from it."""

    model_config = ConfigDict(extra="ignore")
    preference_type: PatternText
    pattern: PatternText
    polarity: Polarity
    strength: float = Field(ge=0.0, le=1.0, allow_inf_nan=False)
    confidence: Tier
    status: Status
    decay_at: int = Field(ge=MIN_MS, le=MAX_MS)
    first_seen: int = Field(ge=MIN_MS, le=MAX_MS)
    last_seen: int = Field(ge=MIN_MS, le=MAX_MS)
    sources: list[str] = Field(default_factory=list)
    explicit_tags: list[str] = Field(default_factory=list)
    accept_count: int = Field(default=0, ge=0, le=MAX_COUNT)
    reject_count: int = Field(default=0, ge=0, le=MAX_COUNT)
    reversal_signals: int = Field(default=0, ge=0, le=MAX_COUNT)
    reversal_first_seen: int | None = Field(default=None, ge=MIN_MS, le=MAX_MS)
    shadow_of: str | None = None


class StoredPattern(PatternIn):
    """A stored pattern: the wire's, and for one the extractor found, where from and why."""

    from_: Literal["page"] | None = Field(default=None, alias="from")
    because: str | None = Field(default=None, max_length=MAX_BECAUSE)


class StoredSidePattern(SidePattern):
    from_: Literal["page"] | None = Field(default=None, alias="from")
    because: str | None = Field(default=None, max_length=MAX_BECAUSE)


class StoredSide(BaseModel):
    """A comparison side as stored: its patterns and the digest of its page, if it had one."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    artifact_id: Ident | None = None
    patterns: list[StoredSidePattern] = Field(default_factory=list, max_length=MAX_STORED_PATTERNS)
    page: DigestId | None = None


class BundlePayload(BaseModel):
    """An event's stored payload (what ``services.ingest.ingest.payload_of`` writes, or a legacy import's
    snapshot), checked before anything is written: its patterns and comparison sides with the wire
    models ingest validates them with, so a pattern that is null, a number or missing is refused
    as it is on the wire (it used to reach the pattern index and fail there, or be stored as is).

    The event-level rules of ``EventIn`` are not applied: a stored event may rightly differ from
    its wire form (a diff lengthened by redaction, a comparison side erased by ``forget``).
    """

    model_config = ConfigDict(extra="forbid")
    scope: ScopeText | None = None
    patterns: list[StoredPattern] = Field(default_factory=list, max_length=MAX_STORED_PATTERNS)
    tag: str | None = None
    diff: str | None = None
    chose: StoredSide | None = None
    over: StoredSide | None = None
    snapshot: BundleSnapshot | None = None
    pages: dict[Literal["page", "page_before"], DigestId] | None = None
    extractor: str | None = Field(default=None, max_length=32)
    dimensions: list[PatternText] | None = Field(default=None, max_length=64)
    recall: RecallIn | None = None


class _EventPayload(BaseModel):
    """Validates a payload under the name ``payload``, so an error names ``payload.<field>``."""

    payload: BundlePayload


class LegacyFile(BaseModel):
    model_config = ConfigDict(extra="ignore")
    schema_version: Literal["1.0"]
    user_id: str | None = None
    memory_enabled: bool = True
    global_preferences: list[LegacyPref] = Field(default_factory=list)
    project_overrides: dict[str, list[LegacyPref]] = Field(default_factory=dict)
    refinement_log: list[dict[str, Any]] = Field(default_factory=list)


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class TransferResult:
    events: int
    preferences: int
    path: Path
    kind: str = "bundle"
    skipped: int = 0
    encrypted: bool = False
    skipped_by_reason: dict[str, int] = field(default_factory=dict)
    user: str | None = None
    changes: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    #: the blocked patterns as the bundle names them, most events left out first
    skipped_patterns: tuple[SkippedPattern, ...] = ()
    #: the projects that do not learn, with the bundle's events of each that were skipped
    skipped_projects: tuple[SkippedProject, ...] = ()

    @property
    def liftable_blocks(self) -> tuple[SkippedPattern, ...]:
        """The blocked patterns that left events out: lifting them and importing again brings those in."""
        return tuple(p for p in self.skipped_patterns if p.events)

    @property
    def skipped_blocked(self) -> int:
        """Events left out because a pattern of theirs is blocked."""
        return self.skipped_by_reason.get("blocked", 0)

    @property
    def skipped_paused(self) -> int:
        """Events skipped because learning is paused."""
        return self.skipped_by_reason.get("learning_paused", 0)

    @property
    def skipped_memory_off(self) -> int:
        """Events skipped because memory is off."""
        return self.skipped_by_reason.get("memory_disabled", 0)

    @property
    def skipped_duplicates(self) -> int:
        """Events the store already holds."""
        return self.skipped_by_reason.get("duplicate", 0)

    def as_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "preferences": self.preferences,
            "path": str(self.path),
            "kind": self.kind,
            "skipped": self.skipped,
            "encrypted": self.encrypted,
            "skipped_by_reason": dict(self.skipped_by_reason),
            "user": self.user,
            "changes": list(self.changes),
            "notes": list(self.notes),
            "skipped_patterns": [p.as_json() for p in self.skipped_patterns],
            "skipped_projects": [p.as_json() for p in self.skipped_projects],
        }


def legacy_events(doc: LegacyFile, user_id: str) -> list[dict[str, Any]]:
    """Each prototype record becomes one synthetic ``legacy`` snapshot event that re-derives to it."""
    records = _legacy_records(doc)
    ids: dict[str, str] = {}
    for scope, p in records:
        if p.scope not in ("global", "project", scope):
            raise InvalidInput(
                f"The record {p.preference_type}/{p.pattern} has scope '{p.scope}' but sits under {scope}. "
                "Nothing was imported."
            )
        if p.id:
            ids[p.id] = key_text((scope, p.preference_type, p.pattern, str(p.polarity)))
    return [
        _legacy_event(scope, p, user_id, ids)
        for scope, p in sorted(
            records, key=lambda r: (to_ms(r[1].last_seen), r[0], r[1].preference_type, r[1].pattern)
        )
    ]


def _legacy_records(doc: LegacyFile) -> list[tuple[str, LegacyPref]]:
    """The prototype's records with the scope each sits under (project ids checked)."""
    records: list[tuple[str, LegacyPref]] = [("global", p) for p in doc.global_preferences]
    for raw_id, prefs in doc.project_overrides.items():
        try:
            project_id = check_name(raw_id, "project id")
        except ValueError as exc:
            raise InvalidInput(f"project_overrides: {exc} Nothing was imported.") from None
        records.extend((f"project:{project_id}", p) for p in prefs)
    return records


def _legacy_event(scope: str, p: LegacyPref, user_id: str, ids: dict[str, str]) -> dict[str, Any]:
    """The snapshot event of one prototype record; ``ids`` turns the prototype's record ids (of
    ``shadow_of``) into record keys."""
    key = key_text((scope, p.preference_type, p.pattern, str(p.polarity)))
    snap = {
        "preference_type": p.preference_type,
        "pattern": p.pattern,
        "polarity": str(p.polarity),
        "strength": p.signal_strength,
        "confidence": str(p.confidence),
        "status": str(p.polarity_status),
        "sources": list(p.sources),
        "explicit_tags": list(p.explicit_tags),
        "accept_count": p.accept_count,
        "reject_count": p.reject_count,
        "last_seen": to_ms(p.last_seen),
        "decay_at": to_ms(p.decay_at),
        "first_seen": to_ms(p.last_seen),
        "reversal_signals": p.reversal_signals,
        "reversal_first_seen": to_ms(p.reversal_first_seen) if p.reversal_first_seen else None,
        "shadow_of": ids.get(p.shadow_of, p.shadow_of) if p.shadow_of else None,
    }
    return {
        "event_id": "legacy-" + hashlib.sha256(f"{user_id}|{key}".encode()).hexdigest()[:32],
        "user_id": user_id,
        "project_id": scope.split(":", 1)[1] if scope != "global" else None,
        "scope": scope,
        "signal_type": str(SignalType.LEGACY_SNAPSHOT),
        "occurred_at": to_ms(p.last_seen),
        "tag": None,
        "session_id": None,
        "artifact_id": None,
        "payload": canonical({"scope": scope, "patterns": [], "snapshot": snap}),
        "source": "legacy",
    }


def check_payloads(events: list[BundleEvent]) -> None:
    """Refuse the bundle (before anything is written) if an event's payload is not one this program
    stores: a bad one would fail inside the import or break every later derivation."""
    for e in events:
        try:
            payload = _EventPayload.model_validate({"payload": e.payload}).payload
        except ValidationError as exc:
            raise InvalidInput(
                f"events[{e.event_id}].{describe_validation_error(exc)}. Nothing was imported."
            ) from None
        # A snapshot is only valid on a legacy_snapshot event, which carries nothing else.
        is_snapshot = e.signal_type is SignalType.LEGACY_SNAPSHOT
        if is_snapshot != (payload.snapshot is not None) or (
            is_snapshot and (payload.patterns or payload.chose is not None or payload.over is not None)
        ):
            raise InvalidInput(
                f"events[{e.event_id}]: only a legacy_snapshot event carries a payload.snapshot, and "
                "nothing else. Nothing was imported."
            )
        if (e.signal_type is SignalType.RECALL_RATING) != (payload.recall is not None):
            raise InvalidInput(
                f"events[{e.event_id}]: a recall_rating event carries payload.recall (the retrieval it "
                "answers), and only such an event does. Nothing was imported."
            )


def check_digest(digest_id: str, body: str) -> None:
    """Refuse the bundle (before anything is written) if a page digest it carries is not one this
    program stores: its id not the sha256 of its body, or a body that still holds what a digest
    leaves out (a page's words, addresses or scripts)."""
    if digest_id_of(body) != digest_id:
        raise InvalidInput(
            f"page_digests[{digest_id}]: the id is not the sha256 of its body; the file was changed "
            "after it was exported. Nothing was imported."
        )
    if digest(body).body != body:
        raise InvalidInput(
            f"page_digests[{digest_id}]: this is not a style digest (it holds more than a page's "
            "style and structure). Nothing was imported."
        )


def _pause_end(value: AwareDatetime | None, now: int) -> int | None:
    """A bundle's pause end as ``pause`` would store it: None when it has passed (or is missing)."""
    if value is None:
        return None
    end = to_ms(value)
    return end if end > now else None


def apply_settings(session: Any, user_id: str, doc: BundleHead, now: int) -> None:
    st = session.get(Settings, user_id)
    if st is None:
        st = controls.get_settings(session, user_id)
        session.add(st)
    st.memory_enabled = doc.settings.memory_enabled
    st.learning_paused_until = _pause_end(doc.settings.learning_paused_until, now)
    st.using_paused_until = _pause_end(doc.settings.using_paused_until, now)
    st.diagnostics_retention_days = doc.settings.diagnostics_retention_days
    st.memory_notes = doc.settings.memory_notes
    st.updated_at = now
    session.execute(delete(ProjectSettings).where(ProjectSettings.user_id == user_id))
    for p in doc.project_settings:
        session.add(
            ProjectSettings(
                user_id=user_id,
                project_id=p.project_id,
                use_memory=p.use_memory,
                learn_from_project=p.learn_from_project,
                use_global_memory=p.use_memory if p.use_global_memory is None else p.use_global_memory,
                updated_at=now,
            )
        )

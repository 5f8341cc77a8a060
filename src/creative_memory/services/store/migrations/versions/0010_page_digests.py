"""the style digests of the pages events carry; the ratings of a context read from an index

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28

An event may carry the page it judged (decision 0065); what is stored is its style digest — the
page's CSS and element tree without its words, alt text, addresses or scripts — once per distinct
digest, named by its sha256 and referenced from the events' payloads. A new table, empty until an
event with a page arrives; no existing row changes. The downgrade drops it: events that referenced
a digest keep the patterns it gave, but a later extractor could no longer read their pages again.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

TABLE = "creative_memory_page_digests"


EVENTS = "creative_memory_events"
RATINGS_INDEX = "ix_cm_events_ratings"


def upgrade() -> None:
    op.create_table(
        TABLE,
        sa.Column("digest_id", sa.String(64), primary_key=True),
        sa.Column("body", sa.Text(), nullable=False),
    )
    op.create_index(
        RATINGS_INDEX,
        EVENTS,
        ["user_id", "project_id", "occurred_at"],
        sqlite_where=sa.text("signal_type = 'recall_rating'"),
    )


def downgrade() -> None:
    op.execute(f"DROP INDEX IF EXISTS {RATINGS_INDEX}")
    op.drop_table(TABLE)

"""rank indexes in the engine's own order: strength, then where the fold created the record

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25

The retrieval's two ranked indexes (0002) ordered equal strengths by pattern, while the engine
orders them first-seen (decision 0022): by the creating event's time, sequence number and item
place, which live at the head of each record's fold state. A bounded read that stopped inside a
run of equal strengths therefore had SQLite sort the whole run by those three numbers, read from
the state text of every record in it — on the L store thousands of records share strength 1.0,
and these sorts were the largest part of a retrieval. The indexes are re-created with the three
numbers as expressions after ``strength DESC`` (the same text as ``model.tables.SQL_CREATED_ORDER``),
so every read of a group is a range of the index in the engine's order (docs/decisions/0034).

**Cost.** Only the two partial indexes are rebuilt; no row changes. On the L data set (99 531
preferences) both together take about a second of one transaction; S and M a few milliseconds
to a tenth of a second. Downgrading re-creates the 0002 indexes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

TABLE = "creative_memory_preferences"
# Literal copies as of this revision (a migration must not change when the model does).
ELIGIBLE = "status = 'stable' AND confidence != 'low' AND strength >= 0.4"
CREATED_ORDER = (
    "CAST(substr(state, 15) AS INTEGER)",
    "CAST(substr(state, instr(state, '\"created_seq\":') + 14) AS INTEGER)",
    "CAST(substr(state, instr(state, '\"created_item\":') + 15) AS INTEGER)",
)


def _create(rank: list[str | sa.TextClause], ineligible: list[str | sa.TextClause]) -> None:
    op.create_index("ix_cm_prefs_rank", TABLE, rank, sqlite_where=sa.text(ELIGIBLE))
    op.create_index("ix_cm_prefs_ineligible", TABLE, ineligible, sqlite_where=sa.text(f"NOT ({ELIGIBLE})"))


def _drop() -> None:
    op.drop_index("ix_cm_prefs_ineligible", table_name=TABLE)
    op.drop_index("ix_cm_prefs_rank", table_name=TABLE)


def upgrade() -> None:
    _drop()
    created = [sa.text(e) for e in CREATED_ORDER]
    _create(
        ["user_id", "scope", "polarity", "preference_type", sa.text("strength DESC"), *created, "pattern"],
        ["user_id", "scope", sa.text("strength DESC"), *created, "preference_type", "pattern", "polarity"],
    )


def downgrade() -> None:
    _drop()
    _create(
        ["user_id", "scope", "polarity", "preference_type", sa.text("strength DESC"), "pattern"],
        ["user_id", "scope", sa.text("strength DESC"), "preference_type", "pattern", "polarity"],
    )

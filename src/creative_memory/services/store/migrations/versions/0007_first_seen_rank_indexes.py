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

It also adds ``creative_memory_pref_epochs``: one row per user whose ``epoch`` (a random number)
changes, by triggers on the preferences table, with every inserted or deleted record and every
update of a column a retrieval's counts read (scope, key, strength, confidence, status, state) —
not with ``last_injected_at``, which every recorded retrieval sets. A retrieval keeps the counts
it read over the whole scope (and the globals a project hides) with the epoch they were read at,
and reads them again only when the epoch has moved. The triggers refer to our tables only. Seeded
with one row per user who has preferences.
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


EPOCHS = "creative_memory_pref_epochs"
WATCHED = "user_id, scope, preference_type, pattern, polarity, strength, confidence, status, state"


def _bump(who: str) -> str:
    return (
        f"UPDATE {EPOCHS} SET epoch = random() WHERE user_id = {who}.user_id; "
        # No conflict clause: inside a trigger the statement that fired it would override one
        # (an outer INSERT OR ROLLBACK/ABORT made OR IGNORE fail on the existing row).
        f"INSERT INTO {EPOCHS} (user_id, epoch) SELECT {who}.user_id, random() "
        f"WHERE NOT EXISTS (SELECT 1 FROM {EPOCHS} WHERE user_id = {who}.user_id);"
    )


def upgrade() -> None:
    op.create_table(
        EPOCHS,
        sa.Column("user_id", sa.String(128), primary_key=True),
        sa.Column("epoch", sa.Integer, nullable=False),
    )
    op.execute(
        f"INSERT INTO {EPOCHS} (user_id, epoch) SELECT user_id, random() FROM (SELECT DISTINCT user_id FROM {TABLE})"
    )
    op.execute(f"CREATE TRIGGER {EPOCHS}_ai AFTER INSERT ON {TABLE} BEGIN {_bump('NEW')} END")
    op.execute(f"CREATE TRIGGER {EPOCHS}_ad AFTER DELETE ON {TABLE} BEGIN {_bump('OLD')} END")
    op.execute(
        f"CREATE TRIGGER {EPOCHS}_au AFTER UPDATE OF {WATCHED} ON {TABLE} BEGIN {_bump('NEW')} "
        f"{_bump('OLD')} END"
    )
    _drop()
    created = [sa.text(e) for e in CREATED_ORDER]
    _create(
        ["user_id", "scope", "polarity", "preference_type", sa.text("strength DESC"), *created, "pattern"],
        ["user_id", "scope", sa.text("strength DESC"), *created, "preference_type", "pattern", "polarity"],
    )


def downgrade() -> None:
    for name in ("au", "ad", "ai"):
        op.execute(f"DROP TRIGGER IF EXISTS {EPOCHS}_{name}")
    op.drop_table(EPOCHS)
    _drop()
    _create(
        ["user_id", "scope", "polarity", "preference_type", sa.text("strength DESC"), "pattern"],
        ["user_id", "scope", sa.text("strength DESC"), "preference_type", "pattern", "polarity"],
    )

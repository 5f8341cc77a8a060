"""the change log carries what derivation needs; this program's own writes are not logged; leases

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25

- ``creative_memory_event_changes`` gains the old row's ``scope``, ``occurred_at``,
  ``content_hash`` and ``payload``: a row deleted by another writer (with or without foreign keys,
  so its pattern index rows may already be gone) still says which preferences it fed, and the set
  digest can subtract exactly what it had added (docs/decisions/0020). The consumer deletes a
  change row as soon as it has re-derived it (``secure_delete`` zeroes it).
- The triggers are replaced: update and delete as before, plus an insert below the derivation's
  watermark (an insert above it is already seen by the highest-sequence check). None fires while
  ``creative_memory_quiet`` holds a row: this program's erasure, reset and import insert that row at
  the start of their own write transaction and delete it before the commit, because they keep the
  derivation exact themselves (a reset of 1 M events would otherwise log 1 M rows). The row is
  never committed, so another writer always sees the table empty and every change it makes is
  logged.
- ``creative_memory_leases``: a multi-transaction operation (reset, import, a large rebuild) holds
  one per user while it runs, so that readers serve the stored state instead of deriving from
  half-written events; a lease whose process is gone, or whose heartbeat is older than a minute,
  is ignored (a crashed run).
- ``creative_memory_derivations.generation``: bumped by a trigger at every update of the row, so a
  write phase can tell that nothing it read has changed (docs/decisions/0020).

Every object refers only to our own tables and uses single-quoted literals.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

EVENTS = "creative_memory_events"
CHANGES = "creative_memory_event_changes"
QUIET = "creative_memory_quiet"
LEASES = "creative_memory_leases"
DERIVATIONS = "creative_memory_derivations"

_OLD = "OLD.user_id, OLD.seq, '{op}', OLD.scope, OLD.occurred_at, OLD.content_hash, OLD.payload"
_NEW = "NEW.user_id, NEW.seq, '{op}', NULL, NULL, NULL, NULL"
_COLS = "(user_id, seq, op, scope, occurred_at, content_hash, payload)"
_LOUD = f"NOT EXISTS (SELECT 1 FROM {QUIET})"


def upgrade() -> None:
    for name in ("scope", "occurred_at", "content_hash", "payload"):
        kind = sa.Integer() if name == "occurred_at" else sa.Text()
        op.add_column(CHANGES, sa.Column(name, kind, nullable=True))
    op.create_table(QUIET, sa.Column("id", sa.Integer(), primary_key=True))
    op.create_table(
        LEASES,
        sa.Column("user_id", sa.String(128), primary_key=True),
        sa.Column("operation", sa.String(16), nullable=False),
        sa.Column("started_at", sa.Integer(), nullable=False),
        sa.Column("heartbeat_at", sa.Integer(), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=True),
    )
    op.add_column(DERIVATIONS, sa.Column("generation", sa.Integer(), nullable=False, server_default="0"))
    op.execute("DROP TRIGGER IF EXISTS creative_memory_events_au")
    op.execute("DROP TRIGGER IF EXISTS creative_memory_events_ad")
    op.execute(
        f"CREATE TRIGGER creative_memory_events_au AFTER UPDATE ON {EVENTS} WHEN {_LOUD} BEGIN "
        f"INSERT INTO {CHANGES} {_COLS} VALUES ({_OLD.format(op='update')}); "
        f"INSERT INTO {CHANGES} {_COLS} SELECT {_NEW.format(op='update')} "
        "WHERE NEW.user_id IS NOT OLD.user_id OR NEW.seq IS NOT OLD.seq; "
        "END"
    )
    op.execute(
        f"CREATE TRIGGER creative_memory_events_ad AFTER DELETE ON {EVENTS} WHEN {_LOUD} BEGIN "
        f"INSERT INTO {CHANGES} {_COLS} VALUES ({_OLD.format(op='delete')}); "
        "END"
    )
    op.execute(
        f"CREATE TRIGGER creative_memory_events_ai AFTER INSERT ON {EVENTS} WHEN {_LOUD} AND NEW.seq <= "
        f"(SELECT max_seq FROM {DERIVATIONS} WHERE user_id = NEW.user_id) BEGIN "
        f"INSERT INTO {CHANGES} {_COLS} VALUES ({_NEW.format(op='insert')}); "
        "END"
    )
    op.execute(
        f"CREATE TRIGGER creative_memory_derivations_gen AFTER UPDATE ON {DERIVATIONS} "
        "WHEN NEW.generation = OLD.generation BEGIN "
        f"UPDATE {DERIVATIONS} SET generation = OLD.generation + 1 WHERE user_id = NEW.user_id; "
        "END"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS creative_memory_derivations_gen")
    op.execute("DROP TRIGGER IF EXISTS creative_memory_events_ai")
    op.execute("DROP TRIGGER IF EXISTS creative_memory_events_ad")
    op.execute("DROP TRIGGER IF EXISTS creative_memory_events_au")
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
    with op.batch_alter_table(DERIVATIONS) as b:
        b.drop_column("generation")
    op.drop_table(LEASES)
    op.drop_table(QUIET)
    with op.batch_alter_table(CHANGES) as b:
        for name in ("payload", "content_hash", "occurred_at", "scope"):
            b.drop_column(name)

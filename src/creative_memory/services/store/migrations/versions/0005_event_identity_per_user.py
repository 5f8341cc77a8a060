"""an event's identity is per user: UNIQUE (user_id, event_id) instead of UNIQUE (event_id)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25

Two users of one store may send the same ``event_id`` (hosts number their events per user; a bundle
of another user imported with ``--as-user`` carries its own ids), and neither event is a duplicate
of the other. SQLite cannot drop a table constraint, so the events table is rebuilt:

1. (SQLite's documented procedure, run with foreign keys off: the store's migration runner turns
   them off for the migration's connection and runs ``foreign_key_check`` before committing) a new
   table is created from the old one's own ``CREATE TABLE`` text with only the constraint replaced
   (so columns another revision added are kept), and the rows are copied in ``seq`` order;
2. the old table is dropped (with foreign keys off this cascades nothing to
   ``creative_memory_event_patterns``, whose foreign key names ``creative_memory_events``) and the
   new one renamed to its name; the AUTOINCREMENT high-water mark is carried over (a seq is never
   reused after a forget);
3. the old table's indexes and triggers (``creative_memory_events_au``/``_ad`` of 0003, and any
   added later) are re-created from their stored SQL.

**Cost.** The copy rewrites every event row and rebuilds the table's indexes: on the L data set
(1 M events, an ~840 MB store) that is tens of seconds in one write transaction, on top of the
backup copy made before any migration; S and M take well under a second and a few seconds. The
write lock is held throughout (a migration is one transaction: all of it or none of it), so Open
Design's own writes wait — and fail after their 5 s busy wait — while a large store migrates: upgrade
with Open Design closed. Downgrading rebuilds the table the same way and fails (nothing changed)
if two users share an event id by then.
"""

from __future__ import annotations

import re

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

EVENTS = "creative_memory_events"
NEW = "creative_memory_events_0005_new"
PER_USER = "CONSTRAINT uq_cm_events_user_event UNIQUE (user_id, event_id)"
GLOBAL = "CONSTRAINT uq_creative_memory_events_event_id UNIQUE (event_id)"


def _rebuild(find: str, replace: str) -> None:
    bind = op.get_bind()
    (table_sql,) = bind.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (EVENTS,)
    ).one()
    if not re.search(re.escape(find), table_sql):
        raise RuntimeError(f"{EVENTS} does not have the expected constraint ({find})")
    extras = bind.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') "
        "AND sql IS NOT NULL ORDER BY type, name",
        (EVENTS,),
    ).all()
    (hwm,) = bind.exec_driver_sql(
        "SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = ?", (EVENTS,)
    ).one()
    if bind.exec_driver_sql("PRAGMA foreign_keys").scalar():
        raise RuntimeError("migration 0005 must run with foreign keys off (see the store's migration runner)")
    new_sql = table_sql.replace(find, replace)
    new_sql = re.sub(rf"^\s*CREATE\s+TABLE\s+\"?{EVENTS}\"?", f"CREATE TABLE {NEW}", new_sql, count=1)
    if NEW not in new_sql:
        raise RuntimeError(f"{EVENTS}: unexpected CREATE TABLE text")
    bind.exec_driver_sql(new_sql)
    cols = ", ".join(r[1] for r in bind.exec_driver_sql(f"PRAGMA table_info({EVENTS})").all())
    bind.exec_driver_sql(f"INSERT INTO {NEW} ({cols}) SELECT {cols} FROM {EVENTS} ORDER BY seq")
    bind.exec_driver_sql(f"DROP TABLE {EVENTS}")
    bind.exec_driver_sql(f"ALTER TABLE {NEW} RENAME TO {EVENTS}")
    bind.exec_driver_sql(
        "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", (int(hwm or 0), EVENTS)
    )
    for (sql,) in extras:
        bind.exec_driver_sql(sql)


def upgrade() -> None:
    _rebuild(GLOBAL, PER_USER)


def downgrade() -> None:
    _rebuild(PER_USER, GLOBAL)

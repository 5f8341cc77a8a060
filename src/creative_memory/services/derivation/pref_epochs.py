"""Many preference rows written in one transaction with the user's epoch moved once, not per row.

Three triggers (migration 0007, docs/decisions/0034) set the user's epoch in
``creative_memory_pref_epochs`` to a new random number whenever one of their preference rows is
inserted, deleted, or changed in what a retrieval counts, so that any writer — a plain ``sqlite3``
session too — tells a retrieval its kept counts are stale. A table with triggers costs every
statement on it more than the triggers' own work: SQLite keeps a statement journal of every page
the statement changes (the row's table page and its twelve index pages), to undo the statement
alone if the trigger fails. A rebuild that writes every row of the L store paid that per row:
about a third of its inserts' time (docs/decisions/0050).

:func:`epoch_moved_once`, inside one of our write transactions, drops those three triggers,
lets the caller write, moves the user's epoch exactly as the triggers would have, and creates
the triggers again from their stored text before the transaction commits. No other connection
ever sees the table without its triggers; a failure rolls the whole transaction back, triggers
included.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

PREFS = "creative_memory_preferences"
EPOCHS = "creative_memory_pref_epochs"
TRIGGERS = (f"{EPOCHS}_ai", f"{EPOCHS}_ad", f"{EPOCHS}_au")  # migration 0007's names

_MOVE = (
    f"UPDATE {EPOCHS} SET epoch = random() WHERE user_id = ?1",
    f"INSERT INTO {EPOCHS} (user_id, epoch) SELECT ?1, random() "
    f"WHERE NOT EXISTS (SELECT 1 FROM {EPOCHS} WHERE user_id = ?1)",
)


def move_epoch(con: sqlite3.Connection, user_id: str) -> None:
    """What each trigger does for a row of ``user_id``: a new random epoch (a row if there was none)."""
    for sql in _MOVE:
        con.execute(sql, (user_id,))


@contextmanager
def epoch_moved_once(con: sqlite3.Connection, user_id: str) -> Iterator[None]:
    """Inside an open write transaction, around writes of ``user_id``'s preference rows only."""
    marks = ",".join("?" * len(TRIGGERS))
    triggers = con.execute(
        f"SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND name IN ({marks})",
        (PREFS, *TRIGGERS),
    ).fetchall()
    for name, _sql in triggers:
        con.execute(f"DROP TRIGGER {name}")
    yield  # a failure here reaches the caller, whose rollback brings the triggers back
    for _name, sql in triggers:
        con.execute(sql)
    move_epoch(con, user_id)

"""Helpers shared by the unit tests that change a store behind the program's back (plain module;
tests are not a package)."""

from __future__ import annotations

import sqlite3
from typing import Any

from creative_memory.services.store.store import Store


def outside_write(store: Store, sql: str, params: tuple[object, ...] = ()) -> None:
    """One statement committed by another program: a plain sqlite3 connection, as the daemon or a
    user with the sqlite3 shell would."""
    con = sqlite3.connect(store.path)
    try:
        with con:
            con.execute(sql, params)
    finally:
        con.close()


def outside_read(store: Store, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows of one query, read by another program (a plain sqlite3 connection)."""
    con = sqlite3.connect(store.path)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def due_records(store: Store, user_id: str, now: int) -> int:
    """How many of the user's records are due to decay or archival at ``now`` (the query the
    catch-up starts from), read by another program."""
    from creative_memory.services.common.clock import DAY_MS
    from creative_memory.services.derivation.decay import _DUE_IDS, ARCHIVE_DAYS

    return len(outside_read(store, _DUE_IDS, (user_id, now, now - ARCHIVE_DAYS * DAY_MS)))

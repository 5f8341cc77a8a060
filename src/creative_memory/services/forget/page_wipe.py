"""Stale copies in the unused space of a table's page, overwritten in place (docs/decisions/0098).

When SQLite rebalances a b-tree it rebuilds pages cell by cell from the end of the page and leaves
the rest of the page's unused space as it was: an old copy of a row that moved stays there, out of
reach of ``secure_delete`` (which zeroes only what a delete frees). The erasure check finds such a
copy of a forgotten name (``page_places``), and until now only a VACUUM of the whole file removed
it — which needs Open Design closed.

SQLite zeroes a page's whole unused space when it defragments the page (``defragmentPage``), which
it does when a cell must be placed that its free space holds only once gathered. So, for each page
with a stale copy, one of its rows is lengthened to take nearly all of the page's free space —
gathered and zeroed, or covered by the lengthened value — then given back its value, whose old
place ``secure_delete`` zeroes. Both in one short transaction: no reader ever sees the longer value,
the row ends as it was, and nothing is logged as a change (:func:`quiet`).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping

from sqlalchemy.exc import SQLAlchemyError

from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.derivation.derivation import dbapi_connection, sa_errors
from creative_memory.services.forget.page_places import LeafPage, read_leaves
from creative_memory.services.location.schema import has_wal
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import quiet

log = logging.getLogger("cm.erasure")

#: The column of each of our tables that a wipe lengthens and gives back: text that no index holds
#: and no trigger watches (other than the change log, which :func:`quiet` silences), so nothing
#: but the page changes (tests/integration/test_page_wipe.py checks every table's rows).
WIPE_COLUMNS: dict[str, str] = {
    "creative_memory_preferences": "explicit_tags",
    "creative_memory_events": "payload",
    "creative_memory_retrieval_events": "trace",
    "creative_memory_audit": "outcome",
    "creative_memory_page_digests": "body",
}

_SLACK = 8  # bytes kept free: the record's header and sizes grow by a few bytes with the value
_MOST_PAGES = 500  # each page costs two updates of one row: the transaction stays in tens of ms


def wipe_stale(store: Store, pages: Mapping[int, str]) -> int:
    """Overwrite the unused space of these pages (page number -> table) where the table is one of
    :data:`WIPE_COLUMNS`, in one short write transaction (the next one would find the log written
    to by this one); returns how many pages were rewritten. Right after a checkpoint that emptied
    the WAL: the pages are read from the database file, so a transaction that finds the WAL
    written to meanwhile rewrites nothing. Nothing is rewritten when the store cannot be written
    now (busy, read-only, full): the caller's search then says what is left, as before."""
    wanted = sorted((n, t) for n, t in pages.items() if t in WIPE_COLUMNS)[:_MOST_PAGES]
    if not wanted:
        return 0
    done = 0
    try:
        with store.write() as session, sa_errors():
            con = dbapi_connection(session)
            if has_wal(store.path):
                log.info("page wipe skipped: the log was written to since the checkpoint")
                return 0
            leaves = read_leaves(store.path, [n for n, _t in wanted])  # the file's header read once
            with quiet(con):
                for number, table in wanted:
                    leaf = leaves.get(number)
                    if leaf is not None and _wipe_page(con, leaf, table):
                        done += 1
    except (CreativeMemoryError, SQLAlchemyError, sqlite3.Error, OSError) as exc:
        log.info("page wipe not done: %s", exc)
        return 0
    if done:
        log.info("page wipe: %d page(s) rewritten", done)
    return done


def _wipe_page(con: sqlite3.Connection, leaf: LeafPage, table: str) -> bool:
    if not leaf.rowids:
        return False
    # The row with the shortest record: the most room before a cell spills to an overflow page.
    payload, rowid = min(zip(leaf.payloads, leaf.rowids, strict=True))
    # Most of the page's free space, never past what a cell of this page may hold without
    # spilling to an overflow page (usable size - 35, SQLite's file format).
    room = min(leaf.free, leaf.usable - 35 - payload) - _SLACK
    if room < 16:
        return False
    column = WIPE_COLUMNS[table]
    row = con.execute(f'SELECT "{column}" FROM "{table}" WHERE rowid = ?', (rowid,)).fetchone()
    if row is None or not isinstance(row[0], str):
        return False
    con.execute(f'UPDATE "{table}" SET "{column}" = "{column}" || ? WHERE rowid = ?', (" " * room, rowid))
    con.execute(f'UPDATE "{table}" SET "{column}" = ? WHERE rowid = ?', (row[0], rowid))
    return True

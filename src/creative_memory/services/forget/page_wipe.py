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
from creative_memory.services.forget.page_places import LeafPage, index_local_max, read_leaves
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
#: An index's page has no row of its own: a row is lengthened in the text column the index ends
#: with (an index whose last key is one of these), which lengthens its entry where it stands.
INDEX_WIPE_COLUMNS: dict[str, set[str]] = {"creative_memory_preferences": {"pattern", "polarity"}}

_EPOCHS = "creative_memory_pref_epochs"
_SLACK = 8  # bytes kept free: the record's header and sizes grow by a few bytes with the value
_MOST_PAGES = 500  # each page costs two updates of one row: the transaction stays in tens of ms


def wipe_stale(store: Store, pages: Mapping[int, str]) -> int:
    """Overwrite the unused space of these pages (page number -> table) where the table is one of
    :data:`WIPE_COLUMNS`, in one short write transaction (the next one would find the log written
    to by this one); returns how many pages were rewritten. Right after a checkpoint that emptied
    the WAL: the pages are read from the database file, so a transaction that finds the WAL
    written to meanwhile rewrites nothing. Nothing is rewritten when the store cannot be written
    now (busy, read-only, full): the caller's search then says what is left, as before."""
    if not pages:
        return 0
    done = 0
    try:
        with store.write() as session, sa_errors():
            con = dbapi_connection(session)
            if has_wal(store.path):
                log.info("page wipe skipped: the log was written to since the checkpoint")
                return 0
            columns = {t: (t, c) for t, c in WIPE_COLUMNS.items()}
            columns |= _index_columns(con, set(pages.values()) - set(WIPE_COLUMNS))
            wanted = sorted((n, t) for n, t in pages.items() if t in columns)[:_MOST_PAGES]
            leaves = read_leaves(store.path, [n for n, _t in wanted])  # the file's header read once
            # A row lengthened and given back changes nothing: the preferences' epochs, which its
            # triggers move, are put back as they were (nothing read between sees them).
            has_epochs = con.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (_EPOCHS,)).fetchone()
            epochs = con.execute(f"SELECT user_id, epoch FROM {_EPOCHS}").fetchall() if has_epochs else []
            with quiet(con):
                for number, tree in wanted:
                    leaf = leaves.get(number)
                    if leaf is not None and _wipe_page(con, leaf, *columns[tree]):
                        done += 1
            con.executemany(f"UPDATE {_EPOCHS} SET epoch = ? WHERE user_id = ?", [(e, u) for u, e in epochs])
    except (CreativeMemoryError, SQLAlchemyError, sqlite3.Error, OSError) as exc:
        log.info("page wipe not done: %s", exc)
        return 0
    if done:
        log.info("page wipe: %d page(s) rewritten", done)
    return done


def _index_columns(con: sqlite3.Connection, names: set[str]) -> dict[str, tuple[str, str]]:
    """For each of ``names`` that is an index of one of :data:`INDEX_WIPE_COLUMNS`' tables whose
    last key is one of the columns listed there: (its table, that column). Lengthening that column
    of a row lengthens the row's entry in the index where it stands (it sorts right after the
    value it had), so the index's page is defragmented as a table's is."""
    out: dict[str, tuple[str, str]] = {}
    for name in sorted(names):
        row = con.execute(
            "SELECT tbl_name FROM sqlite_master WHERE type = 'index' AND name = ?", (name,)
        ).fetchone()
        if row is None or str(row[0]) not in INDEX_WIPE_COLUMNS:
            continue
        keys = [r for r in con.execute(f"PRAGMA index_xinfo('{name}')") if r[5]]  # the key columns
        if keys and keys[-1][2] in INDEX_WIPE_COLUMNS[str(row[0])]:
            out[name] = (str(row[0]), str(keys[-1][2]))
    return out


def _wipe_page(con: sqlite3.Connection, leaf: LeafPage, table: str, column: str) -> bool:
    if not leaf.rowids:
        return False
    # The rows with the shortest records first: the most room before a cell spills to an overflow
    # page (usable size - 35 for a table's cell, less for an index's: SQLite's file format). A
    # table's one row takes nearly all of the page's free space; an index's cell holds about a
    # quarter of a page, so as many of its rows are lengthened as the free space needs.
    local_max = index_local_max(leaf.usable) if leaf.index else leaf.usable - 35
    left = leaf.free - _SLACK
    grown: list[tuple[int, str]] = []
    for payload, rowid in sorted(zip(leaf.payloads, leaf.rowids, strict=True)):
        room = min(left, local_max - payload) - _SLACK
        if room < 16:
            break
        row = con.execute(f'SELECT "{column}" FROM "{table}" WHERE rowid = ?', (rowid,)).fetchone()
        if row is None or not isinstance(row[0], str):
            continue
        con.execute(f'UPDATE "{table}" SET "{column}" = "{column}" || ? WHERE rowid = ?', (" " * room, rowid))
        grown.append((rowid, row[0]))
        left -= room + _SLACK
        if left < 16 or not leaf.index:
            break
    for rowid, value in grown:
        con.execute(f'UPDATE "{table}" SET "{column}" = ? WHERE rowid = ?', (value, rowid))
    return bool(grown)

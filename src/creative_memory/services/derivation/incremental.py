"""Incremental derivation: fold the events appended since the watermark into the groups they touch.

Runs inside an open write transaction (an ingest chunk's own, or ``ensure_current``'s), so the
new events and the preferences they change commit together. Only the touched groups' stored rows
are read (one probe of the unique key's index per group) and only the records the fold changed
are written back, in the columns that changed. Anything an incremental fold cannot make exact — no
derivation yet, other rules, an event that sorts before the watermark, too many outside changes —
returns None, and the caller runs the full, chunked re-derivation (``services/derivation/rebuild.py``).
"""

from __future__ import annotations

import gc
import sqlite3
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlalchemy.orm import Session

from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.model.events import payload_items
from creative_memory.model.tables import Derivation, Event
from creative_memory.services.derivation import changes
from creative_memory.services.derivation.cache_key import DIGEST_MODULUS, cache_key_for
from creative_memory.services.derivation.cache_state import DerivationInfo, is_current, max_seq
from creative_memory.services.derivation.derivation_rows import (
    FOLD_ORDER,
    FOLD_SQL,
    PREF_COLUMNS,
    dbapi_connection,
    fold_key,
    load_group_rows,
    loads_payload,
    sa_errors,
    state_from_json,
)
from creative_memory.services.derivation.pref_writer import PrefWriter
from creative_memory.services.engine.bulk import fold_stored
from creative_memory.services.engine.derive import Deriver, OrderKey
from creative_memory.services.store.store import Store, raw_connection
from creative_memory.services.store.writes import lease_holder

_dbapi = dbapi_connection
_EVENTS = Event.__tablename__
_STATE = 1 + PREF_COLUMNS.index("state")


def derive_in(
    session: Session, user_id: str, now: int, appended: Sequence[Sequence[Any]] | None = None
) -> DerivationInfo | None:
    """Inside an open write transaction: nothing to do, or fold the new events incrementally.

    Returns None when only a full re-derivation is exact (no derivation yet, another derivation
    version, or a new event that sorts before what was folded); the caller then runs
    :func:`rebuild` (which reads and writes in transactions of its own).

    ``appended`` (optional) are the events this transaction has just inserted for the user, as
    rows of :data:`FOLD_COLUMNS` and the content hash, with the payload as a dict: when they are
    all the user's events after the watermark, they are folded without reading them back.
    """
    t0 = time.perf_counter()
    with sa_errors():
        con = _dbapi(session)
        row = _watermark(session, user_id)
        if row is None or row.derivation_version != DERIVATION_VERSION:
            return None
        if lease_holder(con, user_id) is not None:
            # A reset, import or rebuild is rewriting this memory in several transactions: it
            # folds what arrives meanwhile (or leaves it above the watermark for the next read).
            return DerivationInfo("current", 0, 0, 0.0)
        applied = 0
        if changes.pending(con, user_id):
            drow = session.get(Derivation, user_id)
            assert drow is not None
            got = changes.apply_changes(session, user_id, drow, now)
            if got is None:
                return None  # too many changes for one short transaction: a full (chunked) derivation
            applied = got
            row = _watermark(session, user_id)  # as the changes left it (flushed)
            assert row is not None
    if row.max_seq == max_seq(session, user_id):
        mode = "incremental" if applied else "current"
        return DerivationInfo(mode, 0, applied, (time.perf_counter() - t0) * 1000)
    # The fold makes many small objects and no cycles: no cyclic collections meanwhile.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        done = _incremental(session, user_id, row, now, appended)
    finally:
        if gc_was_enabled:
            gc.enable()
    if done is None:
        return None
    return DerivationInfo("incremental", done[0], done[1], (time.perf_counter() - t0) * 1000)


def catch_up(store: Store, user_id: str, now: int) -> DerivationInfo | None:
    """Nothing to do, or the events appended since the watermark folded in a write of their own;
    None when only a full re-derivation is exact (see :func:`derive_in`).

    Nothing is written when the cache is current, when the store is read-only, or when another run
    (reset, import, a large rebuild, a forget) is rewriting this memory in several transactions:
    readers serve what is stored, and that run publishes the result."""
    if store.read_only:
        return DerivationInfo("current", 0, 0, 0.0)
    with store.read() as session:
        con = raw_connection(session)
        if is_current(con, user_id) or lease_holder(con, user_id) is not None:
            return DerivationInfo("current", 0, 0, 0.0)
    with store.write() as session:
        return derive_in(session, user_id, now)


class _Watermark(NamedTuple):
    """The user's derivation row as the incremental fold reads it (plain SQL: once per chunk)."""

    derivation_version: str
    set_digest: str
    event_count: int
    max_seq: int
    last_occurred_at: int
    last_folded_seq: int


_DERIVATIONS = Derivation.__tablename__
_WATERMARK_SQL = f"SELECT {', '.join(_Watermark._fields)} FROM {_DERIVATIONS} WHERE user_id = ?"
_ADVANCE_SQL = (
    f"UPDATE {_DERIVATIONS} SET set_digest = ?, cache_key = ?, event_count = ?, max_seq = ?, "
    "last_occurred_at = ?, last_folded_seq = ?, derived_at = ? WHERE user_id = ?"
)


def _watermark(session: Session, user_id: str) -> _Watermark | None:
    """The derivation row, read after the session's pending changes are flushed."""
    session.flush()
    got = _dbapi(session).execute(_WATERMARK_SQL, (user_id,)).fetchone()
    return None if got is None else _Watermark(*got)


def _incremental(
    session: Session,
    user_id: str,
    row: _Watermark,
    now: int,
    appended: Sequence[Sequence[Any]] | None = None,
) -> tuple[int, int] | None:
    with sa_errors():
        return _incremental_raw(session, user_id, row, now, appended)


def _folded_after(con: sqlite3.Connection, user_id: str, row: _Watermark, first: OrderKey) -> OrderKey | None:
    """The order key the new events must follow (the last folded one's, as far as the order needs
    it), or None when ``first`` (the earliest new event in fold order) sorts before an event
    already folded: then only a full derivation is exact.

    Events of the same instant are folded in the order of their content (decision 0089), so one
    arriving at the instant of the last folded events must not sort before any of them: the
    highest content hash among the folded events of that instant (a probe of the time index)."""
    if first[0] < row.last_occurred_at:
        return None
    if first[0] > row.last_occurred_at:
        return (row.last_occurred_at, "", 0)
    (highest,) = con.execute(
        f"SELECT max(content_hash) FROM {_EVENTS} WHERE user_id = ? AND occurred_at = ? AND seq <= ?",
        (user_id, row.last_occurred_at, row.max_seq),
    ).fetchone()
    if highest is not None and first[1] < highest:
        return None
    return (row.last_occurred_at, highest or "", 0)


def _incremental_raw(
    session: Session,
    user_id: str,
    row: _Watermark,
    now: int,
    appended: Sequence[Sequence[Any]] | None,
) -> tuple[int, int] | None:
    con = _dbapi(session)
    new_rows: list[Sequence[Any]]
    parsed = False
    if appended:
        (after,) = con.execute(
            f"SELECT count(*) FROM {_EVENTS} WHERE user_id = ? AND seq > ?", (user_id, row.max_seq)
        ).fetchone()
        parsed = after == len(appended) and min(r[0] for r in appended) > row.max_seq
    if parsed:
        assert appended is not None
        new_rows = sorted(appended, key=fold_key)
    else:
        new_rows = con.execute(
            f"{FOLD_SQL} WHERE user_id = ? AND seq > ? ORDER BY {FOLD_ORDER}", (user_id, row.max_seq)
        ).fetchall()
    if not new_rows:
        return (0, 0)
    last = _folded_after(con, user_id, row, fold_key(new_rows[0]))
    if last is None:
        return None  # an event sorts before what was folded: only a full derivation is exact
    if not parsed:  # read back: parse once, for the groups and for the fold
        new_rows = [(*r[:7], loads_payload(r[7]), r[8]) for r in new_rows]
    groups = {(r[4], t, p) for r in new_rows for t, p, _pol, _role in payload_items(r[7])}
    stored = load_group_rows(con, user_id, groups)
    deriver = Deriver(initial=[state_from_json(r[_STATE]) for r in stored.values()], last_key=last)
    added, count, top = fold_stored(deriver, new_rows)
    digest = (
        f"{(int(row.set_digest, 16) + added) % DIGEST_MODULUS:064x}"
        if row.set_digest
        else f"{added % DIGEST_MODULUS:064x}"
    )
    key = cache_key_for(digest)
    touched = deriver.touched
    writer = PrefWriter(con)
    records = deriver.records
    for k in sorted(touched):
        writer.put_record(records[k], user_id, now, key, stored.get(k))
    writer.flush()
    last_ev = new_rows[-1]
    con.execute(
        _ADVANCE_SQL,
        (digest, key, row.event_count + count, max(row.max_seq, top), last_ev[2], last_ev[0], now, user_id),
    )
    return (len(touched), count)

"""Full re-derivation: fold in a read snapshot, compare outside the lock, publish in short writes.

1. A short write takes the user's ``rebuild`` lease (readers serve what is stored meanwhile, and
   no other derivation starts: docs/decisions/0019), unless a forget died half-way and left its
   plan: then nothing is derived from the events it left (``writes.refuse_after_interrupted``
   raises ``InterruptedWork``; the next open of the store, forget or rebuilding command finishes
   it first, docs/decisions/0070).
2. One read snapshot folds every event and reads the stored rows, with the snapshot's events token
   (services.derivation.rebuild_fold; on two cores when the store is large: services.derivation.fold_split).
3. The difference (rows to update, insert, delete) is computed a chunk at a time outside any lock,
   right before the chunk's transaction, so that building the rows is the pause a waiting writer is
   owed between chunks (docs/decisions/0047, 0050). It is written in transactions of a few dozen
   milliseconds each, in key order (a scope's rows one after another, so that a chunk's index
   writes stay on few pages: docs/decisions/0056), a group's rows always in the same one, the
   user's preference epoch moved once per transaction instead of by a trigger per row
   (services/derivation/pref_epochs); the last one saves the derivation row, consumes the change log up to
   what the snapshot saw and drops the lease. Every one of them first re-checks the token: if a
   writer of ours changed the derivation meanwhile (a forget, a decay refresh), the rebuild starts
   over, so nothing it read can be lost (docs/decisions/0020). Events appended or changed by others meanwhile stay above the watermark
   or in the change log, for the next derivation.
"""

from __future__ import annotations

import gc
import logging
import sqlite3
import time
from collections.abc import Iterator, Sequence
from typing import Any

from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.model.records import PrefKey, PrefState
from creative_memory.model.tables import Derivation
from creative_memory.services.common.errors import StoreLocked
from creative_memory.services.derivation import changes
from creative_memory.services.derivation.cache_key import cache_key_for
from creative_memory.services.derivation.cache_state import CancelCheck, DerivationInfo, Progress
from creative_memory.services.derivation.derivation_rows import (
    KEY_COLUMNS,
    PREF_COLUMNS,
    PREF_TABLE,
    dbapi_connection,
    pref_values,
    sa_errors,
    state_json,
)
from creative_memory.services.derivation.incremental import catch_up
from creative_memory.services.derivation.pref_epochs import epoch_moved_once
from creative_memory.services.derivation.rebuild_fold import Folded, fold_every_event
from creative_memory.services.engine.derive import OrderKey
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import (
    LEASE_STALE_MS,
    Chunker,
    EventsToken,
    WalKeeper,
    count_between,
    drop_lease,
    lease_holder,
    refuse_after_interrupted,
    renew_lease,
    take_lease,
    wal_kept,
)

log = logging.getLogger("cm.engine")

ATTEMPTS = 4
FIRST_CHUNK = 500  # writes in the first chunk; the next ones are sized from its time (writes.Chunker)


class _Retry(Exception):
    pass


Op = tuple[tuple[str, str, str], str, tuple[Any, ...]]  # group (scope, type, pattern), kind, parameters


def rebuild(
    store: Store,
    user_id: str,
    now: int,
    *,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    takeover: str | None = None,
) -> DerivationInfo:
    """Full re-derivation from the raw events, published in short transactions. ``takeover``:
    the lease of this run's own operation that the rebuild continues (an import)."""
    info = _rebuild(store, user_id, now, progress, cancelled, takeover)
    # Events stored while the lease was held were not folded (an ingest meanwhile leaves them above
    # the watermark): fold them now, as the ingest would have; when only a full derivation is exact
    # (one of them sorts before the watermark), derive in full again.
    while catch_up(store, user_id, now) is None:
        _rebuild(store, user_id, now, None, None, None)
    return info


def _rebuild(
    store: Store,
    user_id: str,
    now: int,
    progress: Progress | None,
    cancelled: CancelCheck | None,
    takeover: str | None,
) -> DerivationInfo:
    with store.write() as session, sa_errors():
        con = dbapi_connection(session)
        refuse_after_interrupted(
            con, user_id
        )  # a forget that died half-way: never re-derive from its leftovers
        take_lease(con, user_id, "rebuild", takeover=takeover)
    gc_was_enabled = gc.isenabled()
    info: DerivationInfo | None = None
    try:
        # The fold allocates millions of short-lived objects next to ~100 k long-lived records:
        # the cyclic collector would re-scan the records again and again (nothing here makes cycles).
        gc.disable()
        for attempt in range(ATTEMPTS):
            try:
                if attempt:
                    _retake(store, user_id)
                with wal_kept(store) as keeper:  # no chunk's connection closes last (writes.wal_kept)
                    info = _rebuild_once(store, user_id, now, keeper, progress, cancelled)
                break
            except _Retry:
                log.info("the events changed during a rebuild (attempt %d); starting over", attempt + 1)
        else:
            raise StoreLocked(
                "The memory kept changing while it was being re-derived; nothing was lost. Try again "
                "when Open Design is idle."
            )
    finally:
        if gc_was_enabled:
            gc.enable()
        with store.write() as session, sa_errors():
            drop_lease(dbapi_connection(session), user_id, only="rebuild")
    assert info is not None
    return info


def _retake(store: Store, user_id: str) -> None:
    """Before starting over: take the lease back once a forget that took it over has finished
    (docs/decisions/0035); waits at most as long as a lease stays live without a heartbeat."""
    deadline = time.monotonic() + LEASE_STALE_MS / 1000
    while True:
        with store.write() as session, sa_errors():
            con = dbapi_connection(session)
            if lease_holder(con, user_id) in (None, "rebuild") or time.monotonic() > deadline:
                refuse_after_interrupted(con, user_id)  # the forget died: its plan stays for the next run
                take_lease(con, user_id, "rebuild")
                return
        time.sleep(0.05)


# Places in a stored row (``id`` first, then PREF_COLUMNS).
_STATE = 1 + PREF_COLUMNS.index("state")
_EVALUATED = 1 + PREF_COLUMNS.index("evaluated_at")
_CACHE_KEY = 1 + PREF_COLUMNS.index("cache_key")
_VERSION = 1 + PREF_COLUMNS.index("derivation_version")
_INJECTED = 1 + PREF_COLUMNS.index("last_injected_at")
_BOOKKEEPING = {PREF_COLUMNS.index("cache_key"), PREF_COLUMNS.index("evaluated_at")}


def _in_key_order(folded: Folded) -> list[PrefKey]:
    """Every key the write-back looks at (derived, and stored but vanished), in the unique key's
    order: a scope's keys together, and in it a group's (docs/decisions/0056)."""
    keys = [*folded.records, *folded.built]
    keys.extend(k for k in folded.stored if k not in folded.records and k not in folded.built)
    keys.sort()
    return keys


def _values(
    st: PrefState | None, row: tuple[Any, ...] | None, user_id: str, now: int, key: str, injected: int | None
) -> tuple[Any, ...]:
    """A record's stored row: built here from its state, or a row the fold's helper built
    (services.derivation.fold_split: an empty cache key, the state's own last injection) made the same."""
    if row is None:
        assert st is not None
        return pref_values(st, user_id, now, key, injected)
    values = list(row)
    values[_CACHE_KEY - 1] = key
    if injected is not None:
        values[_INJECTED - 1] = injected
    return tuple(values)


def _ops(
    keys: list[PrefKey],
    folded: Folded,
    user_id: str,
    now: int,
    key: str,
) -> Iterator[Op]:
    """The writes that leave the table as a delete-all + insert-all would (but the surrogate ids,
    and the bookkeeping of rows whose values did not change), in the order of ``keys``: unchanged
    rows untouched, changed ones updated in the differing columns only. Computed as the write-back
    asks for them, so that building a chunk's rows is time away from the lock (lock_clock)."""
    records, built, stored = folded.records, folded.built, folded.stored
    for k in keys:
        st = records.get(k)
        row = built.get(k) if st is None else None
        old = stored.get(k)
        group = (k[0], k[1], k[2])
        if st is None and row is None:
            assert old is not None
            yield group, "delete", (old[0],)
            continue
        if old is None:
            yield group, "insert", _values(st, row, user_id, now, key, None)
            continue
        text = row[_STATE - 1] if row is not None else state_json(st) if st is not None else None
        if (
            old[_STATE] == text
            and old[_EVALUATED] == now
            and old[_CACHE_KEY] == key
            and old[_VERSION] == DERIVATION_VERSION
        ):
            continue  # the same state evaluated at the same moment by the same rules: the same row
        values = _values(st, row, user_id, now, key, old[_INJECTED])
        changed = tuple(i for i in range(KEY_COLUMNS, len(values)) if values[i] != old[i + 1])
        if not changed or (set(changed) <= _BOOKKEEPING and old[_EVALUATED] <= now):
            # Only the key it was written under and the moment it was evaluated at differ: the
            # stored evaluation is still the one at ``now`` (nothing decayed or archived since), and
            # readers take it as it is — as they take the rows an incremental derivation leaves.
            continue
        yield group, "update", (changed, *(values[i] for i in changed), old[0])


def _next_chunk(ops: Iterator[Op], pending: list[Op], size: int) -> bool:
    """Move at least ``size`` writes (fewer at the end) from ``ops`` into ``pending``, and then the
    rest of the last one's group, so that a group's rows go in the same transaction. Returns
    whether ``ops`` is exhausted; the first write of the next chunk stays at the end of ``pending``
    when it was read to see the group change (the caller writes ``pending[:-1]`` then)."""
    for op in ops:
        pending.append(op)
        if len(pending) > size and op[0] != pending[-2][0]:
            return False
    return True


# A row another derivation published meanwhile (a reader's catch-up between two of this rebuild's
# chunks) is overwritten with this rebuild's value instead of failing on the unique key.
_KEY = ("user_id", "scope", "preference_type", "pattern", "polarity")
_INSERT = (
    f"INSERT INTO {PREF_TABLE} ({', '.join(PREF_COLUMNS)}) VALUES ({', '.join('?' * len(PREF_COLUMNS))}) "
    f"ON CONFLICT ({', '.join(_KEY)}) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in PREF_COLUMNS if c not in _KEY and c != "id")
)


def _apply(con: sqlite3.Connection, ops: Sequence[Op]) -> None:
    deletes = [p for _g, kind, p in ops if kind == "delete"]
    if deletes:
        con.executemany(f"DELETE FROM {PREF_TABLE} WHERE id = ?", deletes)
    updates: dict[tuple[int, ...], list[tuple[Any, ...]]] = {}
    for _g, kind, p in ops:
        if kind == "update":
            updates.setdefault(p[0], []).append(p[1:])
    for cols, params in updates.items():
        sets = ", ".join(f"{PREF_COLUMNS[i]} = ?" for i in cols)
        con.executemany(f"UPDATE {PREF_TABLE} SET {sets} WHERE id = ?", params)
    inserts = [p for _g, kind, p in ops if kind == "insert"]
    if inserts:
        con.executemany(_INSERT, inserts)


_SAVE_DERIVATION = (
    f"INSERT INTO {Derivation.__tablename__} (user_id, derivation_version, set_digest, cache_key, "
    "event_count, max_seq, last_occurred_at, last_folded_seq, evaluated_at, derived_at, duration_ms) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
    "derivation_version = excluded.derivation_version, set_digest = excluded.set_digest, "
    "cache_key = excluded.cache_key, event_count = excluded.event_count, max_seq = excluded.max_seq, "
    "last_occurred_at = excluded.last_occurred_at, last_folded_seq = excluded.last_folded_seq, "
    "evaluated_at = excluded.evaluated_at, derived_at = excluded.derived_at, duration_ms = excluded.duration_ms"
)


def _save_derivation(
    con: sqlite3.Connection,
    user_id: str,
    set_digest: str,
    key: str,
    count: int,
    max_seq: int,
    last_key: OrderKey,
    now: int,
    dur: float,
) -> None:
    """The derivation row keeps the last folded event's time and seq (its content hash is read
    from the event when an order needs it: ``services.derivation.incremental``)."""
    at, _hash, seq = last_key
    con.execute(
        _SAVE_DERIVATION,
        (user_id, DERIVATION_VERSION, set_digest, key, count, max_seq, at, seq, now, now, dur),
    )


def _check(con: sqlite3.Connection, user_id: str, seen: EventsToken, *, final: bool) -> None:
    """In a write transaction: nothing the snapshot read may have changed under us.

    A writer of ours that touched the derivation (forget, decay refresh, an incremental fold)
    moves the generation: start over. Events only appended (above the snapshot's top seq) or
    changed by another program (in the change log after what the snapshot saw) stay for the next
    derivation. Before publishing (``final``), an insert between the old watermark and the
    snapshot's top that no trigger logged shows in the count of that range: start over.
    """
    (gen,) = con.execute(
        f"SELECT coalesce(max(generation), -1) FROM {Derivation.__tablename__} WHERE user_id = ?", (user_id,)
    ).fetchone()
    if int(gen) != seen.generation or lease_holder(con, user_id) not in (None, "rebuild"):
        raise _Retry()  # (a forget took the lease over: it is rewriting what was read)
    if final and count_between(con, user_id, seen.watermark, seen.max_seq) != seen.above:
        raise _Retry()


def _rebuild_once(
    store: Store,
    user_id: str,
    now: int,
    keeper: WalKeeper,
    progress: Progress | None,
    cancelled: CancelCheck | None,
) -> DerivationInfo:
    t0 = time.perf_counter()
    folded = fold_every_event(store, user_id, now, progress, cancelled)
    token, count, max_seq = folded.token, folded.count, folded.max_seq
    set_digest = f"{folded.digest:064x}"
    key = cache_key_for(set_digest)
    ops = _ops(_in_key_order(folded), folded, user_id, now, key)
    last_key = folded.last_key or (0, "", 0)
    chunker = Chunker(FIRST_CHUNK)
    pending: list[Op] = []
    written = 0
    while True:
        last = _next_chunk(ops, pending, chunker.size)
        chunk, pending = (pending, []) if last else (pending[:-1], pending[-1:])
        t1 = chunker.start()
        with keeper.transaction(store) as con:
            _check(con, user_id, token, final=last)
            if chunk:
                with epoch_moved_once(con, user_id):  # not once per row (services.derivation.pref_epochs)
                    _apply(con, chunk)
            if not last:
                renew_lease(con, user_id)
            else:
                dur = (time.perf_counter() - t0) * 1000
                _save_derivation(con, user_id, set_digest, key, count, max_seq, last_key, now, dur)
                changes.consume(con, user_id, token.last_change)
        chunker.record(len(chunk), time.perf_counter() - t1)
        keeper.checkpoint()
        written += len(chunk)
        if last:
            break
    if progress is not None:
        progress(count, count)
    log.info(
        "rebuilt %d preferences from %d events in %.0f ms (%d writes, longest %.0f ms)",
        folded.preferences,
        count,
        dur,
        written,
        chunker.longest_s * 1000,
    )
    return DerivationInfo("full", folded.preferences, count, dur)

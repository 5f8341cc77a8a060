"""Short write transactions beside the daemon: chunk sizing, leases, the quiet marker, the events token.

The daemon (better-sqlite3) waits at most 5 s for the write lock and then fails its write, and its
event loop stands still while it waits. Every write transaction of this program therefore holds
the lock for at most :data:`LOCK_BUDGET_S` on the large store; long operations are cut into
chunks whose size follows the measured time of the previous ones (docs/decisions/0019).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from creative_memory.model.tables import Derivation, Event, EventChange, Lease, Quiet
from creative_memory.services.common.clock import now_ms
from creative_memory.services.common.errors import InterruptedWork, ReadOnly, StoreLocked
from creative_memory.services.store import held_files
from creative_memory.services.store.lock_clock import HOLDS, truncate_in_tries
from creative_memory.services.store.retry import retry_while_busy
from creative_memory.services.store.safefile import process_alive

if TYPE_CHECKING:
    from creative_memory.services.store.store import Store

log = logging.getLogger("cm.store")

LOCK_BUDGET_S = 0.25  # the longest a write transaction of ours may hold the lock (quality.md)
CHUNK_TARGET_S = 0.05  # what a chunk aims at: a fifth of the budget leaves room for a busy machine
LEASE_STALE_MS = 60_000  # a lease not renewed for this long belongs to a run that died

_QUIET = Quiet.__tablename__
_LEASES = Lease.__tablename__
_CHANGES = EventChange.__tablename__
_EVENTS = Event.__tablename__
_DERIVATIONS = Derivation.__tablename__


class Chunker:
    """Chunk sizes that keep each transaction near :data:`CHUNK_TARGET_S`.

    Starts at ``start`` items, then scales by the measured rate of the previous chunk (at most
    doubling, so one fast chunk on a cold cache cannot make the next one too long).
    """

    def __init__(self, start: int, *, minimum: int = 50, maximum: int = 200_000) -> None:
        self.size = start
        self.minimum = minimum
        self.maximum = maximum
        self.longest_s = 0.0

    def record(self, items: int, seconds: float) -> None:
        self.longest_s = max(self.longest_s, seconds)
        if items <= 0:
            return
        wanted = self.size * 2 if seconds <= 0 else int(items * CHUNK_TARGET_S / seconds)
        self.size = max(self.minimum, min(self.maximum, wanted, self.size * 2))

    @staticmethod
    def start() -> float:
        """Before a chunk's transaction: the pause a waiting writer may be owed first
        (``lock_clock``), then the moment the chunk's time is counted from, so that the pause
        does not make the chunk look slow and the next one smaller."""
        HOLDS.breathe()
        return time.perf_counter()

    @contextmanager
    def timed(self, items: int) -> Iterator[None]:
        t0 = self.start()
        yield
        self.record(items, time.perf_counter() - t0)


@contextmanager
def quiet(con: sqlite3.Connection) -> Iterator[None]:
    """Inside an open write transaction: the change-log triggers stay silent for what follows.

    For writers that keep the derivation exact themselves (erasure, reset, replace-import). The
    marker row is deleted again before the transaction ends, so no other connection ever sees it.
    """
    outer = con.execute(f"SELECT 1 FROM {_QUIET}").fetchone() is None
    if outer:
        con.execute(f"INSERT INTO {_QUIET} (id) VALUES (1)")
    try:
        yield
    finally:
        if outer:  # nested: the outermost one ends it
            con.execute(f"DELETE FROM {_QUIET}")


def truncate_gently(con: sqlite3.Connection, *, attempts: int = 10) -> bool:
    """Empty the WAL without making the daemon wait long: a ``PASSIVE`` checkpoint first copies the
    pages without blocking anyone, then ``TRUNCATE`` attempts, each waiting at most 50 ms for
    readers (a pending ``TRUNCATE`` holds new writers off), with pauses between them in which the
    daemon writes. True when the WAL was emptied (docs/decisions/0035)."""
    con.execute("PRAGMA busy_timeout=50")
    con.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return truncate_in_tries(con, attempts, lambda i: 0.03 + 0.02 * i)


class WalKeeper:
    """What :func:`wal_kept` gives a long write: its chunks' commits do not checkpoint by themselves
    (:meth:`defer`, inside each transaction); :meth:`checkpoint`, called after each commit, does it
    instead once :data:`CHECKPOINT_PAGES` frames of the WAL wait for one — as SQLite's automatic checkpoint
    would, but outside the chunk's timing, so a slow checkpoint (it writes pages into the database
    file and syncs it, after the lock is released) no longer shrinks the next chunks and multiplies
    the commits and checkpoints.

    The checkpoint runs on a thread of its own, with its own connection from ``opener``, while the
    caller prepares its next chunk (a rebuild builds its rows then), and the next
    :meth:`transaction` waits for it before it asks for the lock: never a checkpoint beside one of
    our own transactions, whose commit would then queue behind its writes. A keeper without
    ``opener`` (a read-only store) checkpoints nothing."""

    def __init__(
        self,
        con: sqlite3.Connection | None,
        shm: Path | None,
        opener: Callable[[], sqlite3.Connection] | None = None,
    ) -> None:
        self.con = con
        self.shm = shm  # the WAL index, which says how many frames wait for a checkpoint
        self._opener = opener
        self._pool: ThreadPoolExecutor | None = None
        self._pending: Future[None] | None = None
        self._own: sqlite3.Connection | None = None  # the checkpoint thread's connection
        self.quiet = False  # a failed checkpoint is logged, not raised (wait)
        self.hooked = False  # checkpoints_between: its hooks hear every commit of this thread's writes

    @contextmanager
    def transaction(self, store: Store) -> Iterator[sqlite3.Connection]:
        """A write transaction (``BEGIN IMMEDIATE``) on the kept connection, whose page cache stays
        warm from one chunk to the next (a chunk on a fresh connection re-reads every index page it
        touches and parses the schema again). Busy: retried with backoff within the store's lock
        budget, as ``Store.write``; errors reach the caller as ``Store.write`` raises them."""
        con = self.con
        if con is None:
            raise ReadOnly(store.read_only_reason or "This store is read-only.")
        self.wait()
        HOLDS.breathe()  # a waiting daemon gets in between the chunks (lock_clock)
        try:
            retry_while_busy(lambda: con.execute("BEGIN IMMEDIATE"), budget_s=store.lock_budget_s)
        except sqlite3.OperationalError as exc:
            raise store._translate(exc) from exc
        try:
            with HOLDS.holding("a chunk of a long write"):
                yield con
                con.execute("COMMIT")
        except sqlite3.OperationalError as exc:  # busy, read-only, I/O: as Store.write says them
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise store._translate(exc) from exc
        except BaseException:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise

    def defer(self, con: sqlite3.Connection) -> None:
        if self.con is not None:
            con.execute("PRAGMA wal_autocheckpoint=0")

    def checkpoint(self) -> None:
        """After a commit: a ``PASSIVE`` checkpoint once :data:`CHECKPOINT_PAGES` frames of the WAL
        wait for one, started on the checkpoint thread."""
        if self.shm is None or not self._writable:
            return
        self.wait()
        if wal_frames_waiting(self.shm) < CHECKPOINT_PAGES:
            return
        self._start()

    @property
    def _writable(self) -> bool:
        """Whether there is a store to checkpoint (not a read-only one; its WAL index is ``shm``)."""
        return self.con is not None and self._opener is not None

    def _start(self) -> None:
        """Start a checkpoint on the checkpoint thread."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="cm-checkpoint")
        self._pending = self._pool.submit(self._checkpoint_here)

    def before_write(self) -> None:
        """Before a transaction of :func:`checkpoints_between`: the checkpoint started after the last
        commit keeps running beside it, unless the log holds :data:`LOG_BOUND` frames or more; then it
        is waited for and what is left copied now, so that this transaction writes the log from its
        start again (the log restarts only once a checkpoint has copied all of it)."""
        if self.shm is None or not self._writable:
            return
        frames = wal_frames(self.shm)  # an unreadable WAL index counts as a full log
        if frames is not None and frames[0] < LOG_BOUND:
            return
        self.wait()
        frames = wal_frames(self.shm)
        if frames is None or frames[1] < frames[0]:
            self._start()
            self.wait()

    def _checkpoint_here(self) -> None:
        if self._own is None:
            assert self._opener is not None
            try:
                self._own = self._opener()
            except sqlite3.OperationalError:
                if (
                    self.shm is not None
                    and not self.shm.with_name(self.shm.name.removesuffix("-shm")).exists()
                ):
                    return  # the store file was moved or removed meanwhile: nothing is left to checkpoint
                raise
        self._own.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()

    def wait(self) -> None:
        """Until the checkpoint started last has finished (its error, if any, raised here; with
        :attr:`quiet`, logged: housekeeping, whose failure SQLite's automatic checkpoint never
        reported to the writer either)."""
        pending, self._pending = self._pending, None
        if pending is None:
            return
        if not self.quiet:
            pending.result()
            return
        try:
            pending.result()
        except (sqlite3.Error, OSError) as exc:
            log.warning("a checkpoint between two transactions failed: %s", exc)

    def close(self) -> None:
        """Wait for the checkpoint thread, then close its connection there and end it."""
        try:
            self.wait()
        finally:
            if self._pool is not None:
                own, self._own = self._own, None
                if own is not None:
                    self._pool.submit(own.close).result()
                self._pool.shutdown()
                self._pool = None


CHECKPOINT_PAGES = 1000  # SQLite's default wal_autocheckpoint
#: the longest the log of checkpoints_between grows (frames, of 4 KiB at the default page size)
#: before a transaction waits for the checkpoint beside it to copy all of it
LOG_BOUND = 4 * CHECKPOINT_PAGES

# The WAL index (the -shm file) begins with two copies of a 48-byte header, in the machine's byte
# order, then the checkpoint information (SQLite's "WAL-index format"): mxFrame, the last valid
# frame of the log, is at byte 16 of the header; nBackfill, the frames already copied into the
# database, at byte 96.
_MX_FRAME = slice(16, 20)
_N_BACKFILL = slice(96, 100)


def wal_frames(shm: Path) -> tuple[int, int] | None:
    """(the last valid frame of the WAL, the frames already copied into the database), from the
    WAL index; None when it cannot be read."""
    try:
        head = held_files.read_at(shm, 0, 100)  # never a descriptor of our own to close
    except OSError:
        return None
    if len(head) < 100:
        return None
    return int.from_bytes(head[_MX_FRAME], sys.byteorder), int.from_bytes(head[_N_BACKFILL], sys.byteorder)


def wal_frames_waiting(shm: Path) -> int:
    """How many frames of the WAL no checkpoint has copied into the database yet, as SQLite's own
    automatic checkpoint counts them (the log's size says nothing once it has grown: SQLite
    writes it from the start again after a complete checkpoint and never shrinks the file).
    A WAL index that cannot be read counts as full, so the checkpoint runs as before."""
    frames = wal_frames(shm)
    return CHECKPOINT_PAGES if frames is None else max(0, frames[0] - frames[1])


KEPT_CACHE_KIB = 64 * 1024  # the kept connection's page cache: a long write's index pages stay in it


@contextmanager
def wal_kept(store: Store) -> Iterator[WalKeeper]:
    """Around the many short transactions of one long write (an ingest, a rebuild's write-back):
    keep one idle connection open, so that no transaction's own connection is the last to close.

    SQLite checkpoints the whole WAL and deletes it when the last connection closes: two fsyncs
    and a rewrite of every page the transaction touched, per chunk, in the writer's time. The kept
    connection holds no transaction (no snapshot, no lock), so checkpoints — ours after a commit,
    the daemon's, an erasure's TRUNCATE — are not held back by it. It also runs the chunks'
    checkpoints (:class:`WalKeeper`).
    """
    if store.read_only:
        yield WalKeeper(None, None)
        return
    with store.raw() as con:
        con.execute(f"PRAGMA cache_size=-{KEPT_CACHE_KIB}")
        con.execute("PRAGMA wal_autocheckpoint=0")  # WalKeeper.checkpoint runs it after each chunk
        keeper = WalKeeper(con, store.path.with_name(store.path.name + "-shm"), store.open_raw)
        try:
            yield keeper
        finally:
            try:
                keeper.checkpoint()
            finally:
                keeper.close()


@contextmanager
def chunks_kept(store: Store, several: bool = True) -> Iterator[WalKeeper]:
    """Around a long write cut into many chunks (a decay catch-up, a reset's or an import's
    chunks): one warm connection for all of them (:meth:`Store.writes_kept`) and their checkpoints
    after the commits (:func:`wal_kept`). The caller uses the keeper as an ingest does: ``wait()``
    before a chunk, ``defer(con)`` inside it, ``checkpoint()`` after it. ``several`` false: nothing
    kept, and a keeper whose calls do nothing (one or two transactions gain nothing)."""
    if not several:
        yield WalKeeper(None, None)
        return
    with wal_kept(store) as keeper, store.writes_kept():
        yield keeper


@contextmanager
def checkpoints_between(store: Store, after: Callable[[], None] | None = None) -> Iterator[WalKeeper]:
    """Around the many small transactions of a forget: one warm connection for all of them
    (:meth:`Store.writes_kept`), whose commits no longer checkpoint under the lock (SQLite's
    automatic checkpoint ran inside the commit, about 10 ms each time at L). After a commit that
    leaves :data:`CHECKPOINT_PAGES` frames waiting, a PASSIVE checkpoint starts on the keeper's
    thread and runs beside the next transaction; once the log holds :data:`LOG_BOUND` frames, a
    transaction waits until all of it is copied, so SQLite writes it from its start again instead of
    growing it by everything the forget writes (decision 0101). ``after`` hears each commit first
    (while the WAL still holds all of its frames: decision 0100)."""
    with wal_kept(store) as keeper:
        keeper.quiet = True  # the operation's own checkpoint at its end says whether the log was emptied

        def committed() -> None:
            if after is not None:
                after()
            keeper.checkpoint()

        with store.writes_kept(hooks=(keeper.before_write, committed)) as hooked:
            keeper.hooked = hooked
            yield keeper


# --------------------------------------------------------------------------- leases
def lease_holder(con: sqlite3.Connection, user_id: str, wall: int | None = None) -> str | None:
    """The operation holding a live lease on the user's data, or None."""
    row = con.execute(
        f"SELECT operation, heartbeat_at, pid FROM {_LEASES} WHERE user_id = ?", (user_id,)
    ).fetchone()
    if row is None or not _live(row, now_ms() if wall is None else wall):
        return None
    return str(row[0]).split("\n", 1)[0]


def _live(row: tuple[object, ...], wall: int) -> bool:
    """Whether a lease row (operation, heartbeat_at, pid) belongs to a run that is still going."""
    if row[2] is not None and not process_alive(int(str(row[2]))):
        return False
    return wall - int(str(row[1])) < LEASE_STALE_MS


def interrupted_plans(
    con: sqlite3.Connection, operation: str, user_id: str | None = None
) -> list[tuple[str, str]]:
    """(user_id, plan) of every lease of ``operation`` that carries a plan and whose run is gone: an
    operation that must be finished by the next run (docs/decisions/0035)."""
    rows = con.execute(
        f"SELECT user_id, operation, heartbeat_at, pid FROM {_LEASES} WHERE operation LIKE ?"
        + (" AND user_id = ?" if user_id is not None else ""),
        (operation + "\n%", *(() if user_id is None else (user_id,))),
    ).fetchall()
    wall = now_ms()
    return [(str(r[0]), str(r[1]).split("\n", 1)[1]) for r in rows if not _live(r[1:], wall)]


def refuse_after_interrupted(con: sqlite3.Connection, user_id: str) -> None:
    """Before re-deriving the user's memory from its events: raise :class:`InterruptedWork` when a
    run that died left a plan in the user's lease (a forget: some events still name what it was
    forgetting, docs/decisions/0035). Only the operation that owns the plan finishes it (the next
    open of the store, forget, or a command that rebuilds does so first); a full derivation before
    that would bring back what was being forgotten, and taking the lease would lose the plan."""
    row = con.execute(
        f"SELECT operation, heartbeat_at, pid FROM {_LEASES} WHERE user_id = ? AND operation LIKE ?",
        (user_id, "%\n%"),
    ).fetchone()
    if row is not None and not _live(row, now_ms()):
        operation = str(row[0]).split("\n", 1)[0]
        raise InterruptedWork(
            f"A {operation} of this memory was interrupted before it finished, and nothing is derived "
            "from what it left. It is finished the next time the store is opened or a forget runs; "
            "try again then."
        )


def take_lease(
    con: sqlite3.Connection,
    user_id: str,
    operation: str,
    *,
    takeover: str | None = None,
    plan: str | None = None,
) -> None:
    """Inside an open write transaction: take (or renew) the user's lease for ``operation``.

    Refuses while another live operation holds it, in a sentence; ``takeover`` names the
    operation of this same run that hands over to this one (an import's rebuild). ``plan`` (a
    forget's targets) is kept with the lease until it is dropped, so that a run that dies can be
    finished by the next one (:func:`interrupted_plans`); it follows the operation's name after a
    newline, since the lease table has no column of its own for it.
    """
    wall = now_ms()
    other = lease_holder(con, user_id, wall)
    if other is not None and other not in (operation, takeover):
        raise StoreLocked(f"Another {other} of this memory is still running; try again when it has finished.")
    con.execute(
        f"INSERT INTO {_LEASES} (user_id, operation, started_at, heartbeat_at, pid) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT(user_id) DO UPDATE SET operation = excluded.operation, "
        "heartbeat_at = excluded.heartbeat_at, pid = excluded.pid",
        (user_id, operation if plan is None else f"{operation}\n{plan}", wall, wall, os.getpid()),
    )


def renew_lease(con: sqlite3.Connection, user_id: str) -> None:
    con.execute(f"UPDATE {_LEASES} SET heartbeat_at = ? WHERE user_id = ?", (now_ms(), user_id))


def abandon_lease(con: sqlite3.Connection, user_id: str) -> None:
    """Mark the user's lease as belonging to a run that is over (it failed in this process), so
    that others stop waiting for it at once; a plan it carries stays for the next run to finish."""
    con.execute(f"UPDATE {_LEASES} SET heartbeat_at = 0 WHERE user_id = ?", (user_id,))


def drop_lease(con: sqlite3.Connection, user_id: str, *, only: str | None = None) -> None:
    """Release the user's lease; with ``only``, just when that operation still holds it (a forget
    may have taken a rebuild's lease over meanwhile, with a plan that must stay)."""
    if only is None:
        con.execute(f"DELETE FROM {_LEASES} WHERE user_id = ?", (user_id,))
    else:
        con.execute(
            f"DELETE FROM {_LEASES} WHERE user_id = ? AND (operation = ? OR operation LIKE ?)",
            (user_id, only, only + "\n%"),
        )


# --------------------------------------------------------------------------- the events token
@dataclass(frozen=True)
class EventsToken:
    """What a read phase saw of the user's events, compared again in the write phase.

    ``generation`` moves with every update of the derivation row (a trigger; each of our writers
    makes one); ``last_change`` with every change the triggers log (any other writer's update,
    delete, or insert at or below the watermark); ``above`` counts the events above the
    derivation's watermark (up to ``max_seq``), which no trigger logs. All three are index probes
    or a count of the events not derived yet, never a count of every event.
    """

    generation: int
    last_change: int
    watermark: int
    above: int
    max_seq: int


def events_token(con: sqlite3.Connection, user_id: str) -> EventsToken:
    drow = con.execute(
        f"SELECT generation, max_seq FROM {_DERIVATIONS} WHERE user_id = ?", (user_id,)
    ).fetchone()
    gen, watermark = (int(drow[0]), int(drow[1])) if drow else (-1, 0)
    (change,) = con.execute(
        f"SELECT coalesce(max(change_id), 0) FROM {_CHANGES} WHERE user_id = ?", (user_id,)
    ).fetchone()
    (top,) = con.execute(
        f"SELECT coalesce(max(seq), 0) FROM {_EVENTS} WHERE user_id = ?", (user_id,)
    ).fetchone()
    return EventsToken(
        gen, int(change), watermark, count_between(con, user_id, watermark, int(top)), int(top)
    )


def count_between(con: sqlite3.Connection, user_id: str, after: int, upto: int) -> int:
    """The user's events with ``after < seq <= upto`` (the (user_id, seq) index)."""
    (n,) = con.execute(
        f"SELECT count(*) FROM {_EVENTS} WHERE user_id = ? AND seq > ? AND seq <= ?", (user_id, after, upto)
    ).fetchone()
    return int(n)

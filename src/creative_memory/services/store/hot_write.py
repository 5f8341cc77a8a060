"""A kept write connection for short writes on a hot path (a recorded retrieval), and checkpoints
taken off that path.

Opening a write connection costs about a millisecond (pragmas, a schema parse, an empty statement
cache), and in WAL mode the commit that pushes the log past SQLite's auto-checkpoint threshold
copies the whole log into the database file and syncs it: tens of milliseconds, paid by whichever
call is unlucky. ``od-memory serve`` records a retrieval on every generation, so it keeps one
connection open (prepared statements stay cached) and, when asked (:meth:`HotWriter.start_checkpoints`),
turns that connection's auto-checkpoint off and lets a background thread run a ``PASSIVE``
checkpoint in the first quiet moment after writes (between two of the daemon's calls). A passive checkpoint never waits for a lock and never blocks
a writer or a reader; the daemon's own writes go on as before (docs/decisions/0033).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from creative_memory.services.store.connections import begin_plain, connect, is_locked
from creative_memory.services.store.lock_clock import HOLDS

log = logging.getLogger("cm.store")

#: a checkpoint waits for this long without a write (a gap between the daemon's calls), short enough
#: that it is over before the daemon's next call, seconds later (at 50 ms, a call 50 ms after the
#: last met the checkpoint starting: recorded calls 50 ms apart had a p99 of 2.9–4.9 ms in process,
#: 1.3–1.5 ms at 20 ms; decision 0057)...
QUIET_S = 0.02
#: ...unless this many writes are waiting (a long burst: 15–35 MB of log at M's retrieval size, a
#: recorded retrieval's commit being 15 pages, or 33 when its records' ``last_injected_at`` moves;
#: docs/decisions/0045)
MAX_PENDING = 250


class HotWriter:
    """One kept read-write connection; each use is one ``BEGIN IMMEDIATE … COMMIT``."""

    def __init__(
        self,
        path: Path,
        busy_timeout_s: float,
        lock_budget_s: float,
        translate: Callable[[sqlite3.DatabaseError], Exception],
        opened: Callable[[], None] = lambda: None,
    ) -> None:
        self._path = path
        self._opened = opened  # told once its connection is open (``Store`` notes the WAL index)
        self._busy_timeout_s = busy_timeout_s
        self._lock_budget_s = lock_budget_s
        self._translate = translate
        self._con: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._checkpoints: _Checkpointer | None = None

    @property
    def open(self) -> bool:
        """Whether it holds its connection now."""
        return self._con is not None

    def _connection(self) -> sqlite3.Connection:
        if self._con is None:
            con = connect(self._path, self._busy_timeout_s, read_only=False, immutable=False)
            if self._checkpoints is not None:
                con.execute("PRAGMA wal_autocheckpoint=0")
            self._con = con
            self._opened()
        return self._con

    def _drop(self) -> None:
        if self._con is not None:
            with suppress(sqlite3.Error):
                self._con.close()
            self._con = None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A short write transaction, committed when the block ends (rolled back if it raises)."""
        with self._lock:
            try:
                con = self._connection()
                begin_plain(con, budget_s=self._lock_budget_s)
            except sqlite3.DatabaseError as exc:
                if not is_locked(exc):
                    self._drop()
                raise self._translate(exc) from exc
            try:
                with HOLDS.holding("a recorded retrieval"):
                    yield con
                    con.execute("COMMIT")
            except BaseException as exc:
                if con.in_transaction:
                    with suppress(sqlite3.Error):
                        con.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError):
                    if not is_locked(exc):
                        self._drop()  # a connection that failed mid-use is not trusted again
                    raise self._translate(exc) from exc
                raise
        if self._checkpoints is not None:
            self._checkpoints.poke()

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection | None]:
        """While ``serve`` runs (checkpoints started): a read transaction on the kept write
        connection, or None (not serving, or the connection is in use on another thread).

        A read on another connection finds its page cache emptied by every commit of this one
        (SQLite drops a connection's cache when the file changed under it), so each retrieval
        after a recorded one re-read its index pages: 0.3–0.5 ms of a ~4 ms call. Reading where
        the recording was written keeps them (docs/decisions/0045).

        A reader here writes nothing: the read ends in a rollback, and a read that changed a row
        raises (``ReadOnly`` once translated) after it is rolled back. Not ``PRAGMA query_only``:
        switching it on and off expires every statement the connection has prepared, so each call
        parsed its ~60 statements again (2.4 M instructions, 8 % of a call; docs/decisions/0054)."""
        if self._checkpoints is None or not self._lock.acquire(blocking=False):
            yield None
            return
        try:
            con = self._connection()
            try:
                changes = con.total_changes
                con.execute("BEGIN")
                try:
                    yield con
                finally:
                    if con.in_transaction:
                        con.execute("ROLLBACK")
                if con.total_changes != changes:
                    refused = sqlite3.OperationalError("attempt to write a readonly database (rolled back)")
                    refused.sqlite_errorcode = sqlite3.SQLITE_READONLY
                    raise refused
            except sqlite3.DatabaseError as exc:
                self._drop()  # a connection that failed mid-use is not trusted again
                raise self._translate(exc) from exc
        finally:
            self._lock.release()

    def start_checkpoints(self) -> None:
        """Checkpoint in the background after writes instead of inside a commit (see the module)."""
        with self._lock:
            if self._checkpoints is None:
                self._checkpoints = _Checkpointer(self._path)
                self._checkpoints.start()
                if self._con is not None:
                    self._con.execute("PRAGMA wal_autocheckpoint=0")

    def close(self) -> None:
        with self._lock:
            if self._checkpoints is not None:
                self._checkpoints.stop()
                self._checkpoints = None
            self._drop()


class _Checkpointer(threading.Thread):
    """Runs ``wal_checkpoint(PASSIVE)`` in the first quiet moment after writes (:data:`QUIET_S`
    without one), or after :data:`MAX_PENDING` writes when they keep coming."""

    def __init__(self, path: Path) -> None:
        super().__init__(name="cm-checkpoint", daemon=True)
        self._path = path
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._pending = 0

    def poke(self) -> None:
        self._pending += 1
        self._wake.set()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        self.join(timeout=5.0)

    def _quiet_moment(self) -> bool:
        """Wait until no write came for QUIET_S (or too many are waiting); False when stopping."""
        while self._pending < MAX_PENDING:
            self._wake.clear()
            if self._stopping.wait(QUIET_S):
                return False
            if not self._wake.is_set():
                return True
        return not self._stopping.is_set()

    def run(self) -> None:
        con: sqlite3.Connection | None = None
        try:
            while True:
                self._wake.wait()
                if self._stopping.is_set() or not self._quiet_moment():
                    return
                self._pending = 0
                try:
                    if con is None:
                        con = connect(self._path, 0.1, read_only=False, immutable=False)
                    con.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error as exc:  # the next write pokes again; SQLite stays consistent
                    log.debug("background checkpoint skipped: %s", exc)
                    if con is not None:
                        with suppress(sqlite3.Error):
                            con.close()
                        con = None
        finally:
            if con is not None:
                with suppress(sqlite3.Error):
                    con.close()

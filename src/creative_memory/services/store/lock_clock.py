"""How long this process held the store's write lock: each write transaction (from its
``BEGIN IMMEDIATE`` succeeding to its ``COMMIT`` returning) and each checkpoint that holds writers
off (``TRUNCATE``) is timed here.

The store contract allows no write of ours to hold the lock longer than the lock budget of
docs/decisions/0035 (250 ms on the L store), because the daemon's writes wait meanwhile. A hold
over it is logged with what held it, so a slow write is visible in the log file; the benchmarks
read :data:`HOLDS` to print the longest hold of each operation beside the daemon's longest wait.
A commit's time includes the automatic checkpoint SQLite may run after it (the lock is already
released then), so the figure errs on the long side.

Short holds are not enough by themselves: a long operation's transactions follow one another
within a fraction of a millisecond, while a waiting writer (the daemon: better-sqlite3 uses
SQLite's busy handler) sleeps between its tries, 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50 and then
100 ms. It wakes inside our next transaction, and again, and waited 0.6–1.8 s on the L store
beside chunks that each held the lock under 130 ms. So :meth:`LockClock.breathe`, called before
each write transaction begins, lets the lock go for :data:`GAP_MS` once this process has held it
:data:`STREAK_MS` in all since its last pause: a writer that began waiting during the streak has
tried again within 25 ms of any moment before its 103rd millisecond and within 50 ms until its
228th, so it gets in during the pause and waits about 150 ms at most (docs/decisions/0047).
Time spent outside the lock (reading, computing) counts as a pause when it lasts as long.
A pause is skipped when no other process has the store open (``held_files.others_have_open``:
nobody can be waiting for its lock then; docs/decisions/0092); one that opens it meanwhile waits
for one transaction at most, and the next streak pauses for it.

Python's cyclic garbage collector does not run while the main thread holds the lock
(:func:`collector_held`; the window's store thread is left alone, see there):
a full collection in a process holding a rebuild's or an ingest's objects takes 100–200 ms and
landed inside a write transaction now and then (an ingest's 50 ms chunk held the lock 220–375 ms
on L). Collection runs as soon as the lock is let go.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final

from creative_memory.services.store import held_files

log = logging.getLogger("cm.store")

BUDGET_MS: Final = 250.0
STREAK_MS: Final = 100.0  # the lock held in all (over one or more transactions) before a pause
GAP_MS: Final = 55.0  # a pause: longer than a waiting writer's sleep until its 228th millisecond


class LockClock:
    """The longest and the total hold since :meth:`reset`, and how many holds (thread-safe)."""

    def __init__(
        self,
        monotonic: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        neighbours: Callable[[], bool] = held_files.others_have_a_store_open,
    ) -> None:
        self._monotonic = monotonic
        self._sleep = sleep
        self._neighbours = neighbours
        self._lock = threading.Lock()
        self.longest_ms = 0.0
        self.longest_what = ""
        self.total_ms = 0.0
        self.count = 0
        self.pauses = 0  # how many times breathe() waited
        self.skipped = 0  # how many pauses were skipped: no other process had the store open
        self._streak_ms = 0.0  # held since the last pause of GAP_MS
        self._released = 0.0  # time.monotonic() when the last hold ended
        #: when a list: every hold as (wall-clock start in ms, ms held, what), for a benchmark's
        #: timeline beside the daemon's slowest waits
        self.trace: list[tuple[float, float, str]] | None = None

    def reset(self) -> None:
        with self._lock:
            self.longest_ms = 0.0
            self.longest_what = ""
            self.total_ms = 0.0
            self.count = 0
            self.pauses = 0
            self.skipped = 0

    def breathe(self) -> None:
        """Before a write transaction begins: if this process has held the lock :data:`STREAK_MS`
        since it last let it go for :data:`GAP_MS`, wait out the rest of such a pause first."""
        with self._lock:
            idle_ms = (self._monotonic() - self._released) * 1000
            if idle_ms >= GAP_MS:
                self._streak_ms = 0.0
                return
            if self._streak_ms < STREAK_MS:
                return
            self._streak_ms = 0.0
        if not self._neighbours():  # nobody else has the store open: nobody is waiting
            with self._lock:
                self.skipped += 1
            return
        with self._lock:
            self.pauses += 1
        self._sleep((GAP_MS - idle_ms) / 1000)

    def record(self, ms: float, what: str) -> None:
        with self._lock:
            self._released = self._monotonic()
            self._streak_ms += ms
            self.count += 1
            self.total_ms += ms
            if ms > self.longest_ms:
                self.longest_ms, self.longest_what = ms, what
            if self.trace is not None:
                self.trace.append((time.time() * 1000 - ms, ms, what))
        if ms > BUDGET_MS:
            log.warning("%s held the write lock %.0f ms (budget %.0f ms)", what, ms, BUDGET_MS)

    @contextmanager
    def holding(self, what: str) -> Iterator[None]:
        """Times the block as one hold of the lock (enter it once the lock is taken)."""
        t0 = time.perf_counter()
        try:
            with collector_held():
                yield
        finally:
            self.record((time.perf_counter() - t0) * 1000, what)


class _Collector:
    """Pauses the cyclic garbage collector while any thread holds the write lock; re-enables it
    when the last one lets go, unless something else had turned it off before."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._was_enabled = False

    @contextmanager
    def held(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            # Only the main thread's holds (the command line, serve, a benchmark): in the window the
            # store runs on a worker thread, and a collection that this made start there, right
            # after a hold, could free Qt objects away from the GUI thread, which crashes.
            yield
            return
        with self._lock:
            if self._holders == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._holders += 1
        try:
            yield
        finally:
            with self._lock:
                self._holders -= 1
                if self._holders == 0 and self._was_enabled:
                    gc.enable()


collector_held = _Collector().held

HOLDS: Final = LockClock()


def truncate_in_tries(
    con: Any, attempts: int, pause: Callable[[int], float], deadline: float | None = None
) -> bool:
    """``wal_checkpoint(TRUNCATE)`` on ``con`` up to ``attempts`` times, each timed as a hold (it holds
    writers off), ``pause(i)`` seconds apart (none after the last try or past ``deadline``, a
    ``time.monotonic`` instant); True once the WAL was emptied."""
    for i in range(attempts):
        HOLDS.breathe()
        with HOLDS.holding("a TRUNCATE checkpoint"):
            busy, _log, _done = con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        if busy == 0:
            return True
        if i + 1 >= attempts or (deadline is not None and time.monotonic() >= deadline):
            break
        time.sleep(pause(i))
    return False

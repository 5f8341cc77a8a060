"""Bring the stored evaluation of the preferences up to a moment (decay and archival).

Each chunk reads the records due and writes their new evaluation in the same ``BEGIN IMMEDIATE``
transaction, so an ingest that reinforces a record between a read and a write cannot be
overwritten with the stale values (docs/decisions/0020); chunks stay far below the lock budget.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

from creative_memory.model.constants import ARCHIVE_DAYS, Status
from creative_memory.model.tables import Derivation, Preference
from creative_memory.services.common.clock import DAY_MS
from creative_memory.services.derivation.derivation import (
    dbapi_connection,
    ensure_current,
    sa_errors,
    state_from_json,
)
from creative_memory.services.derivation.reevaluate import evaluated_later
from creative_memory.services.engine.evaluation import evaluated
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import (
    CHUNK_TARGET_S,
    Chunker,
    WalKeeper,
    lease_holder,
    wal_kept,
)

_PREFS = Preference.__tablename__
_DUE_IDS = f"SELECT id FROM {_PREFS} WHERE user_id = ? AND status != 'archived' AND (decay_at <= ? OR last_seen <= ?)"
_ROWS = f"SELECT id, state, status, decay_count, decay_at, last_seen, evaluated_at FROM {_PREFS} WHERE id IN "
_SET = (
    f"UPDATE {_PREFS} SET strength = ?, confidence = ?, status = ?, decay_at = ?, demoted_by = ?, "
    "decay_count = ?, evaluated_at = ? WHERE id = ?"
)


#: the first chunk's size (rows); the next ones follow the pace measured
_FIRST_CHUNK = 100
#: rows read and written at a time inside a chunk, between looks at the chunk's deadline (a row
#: read from a cold disk costs its table page and a dozen index pages, 1–4 ms each here)
_STEP = 8
#: the run's connection's page cache (KiB): kept for the whole catch-up in a window, the long
#: writes' 64 MiB stayed in the window's memory afterwards (+60 MB on L)
_CACHE_KIB = 8 * 1024
#: how long a chunk may go on writing once it holds the lock (twice what a chunk aims at; the
#: commit follows)
DEADLINE_S = 2 * CHUNK_TARGET_S


@dataclass
class DecayCounts:
    """How many records a decay run decayed one step or more, and how many it archived."""

    decayed: int = 0
    archived: int = 0
    #: records due when the run began
    due: int = 0

    def as_json(self) -> dict[str, int]:
        """The wire form (``decay --json``, the host's ``decay``)."""
        return {"decayed": self.decayed, "archived": self.archived}


def refresh_decay(
    store: Store,
    user_id: str,
    now: int,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> DecayCounts:
    """Bring the stored evaluation up to ``now``: records due to decay or archive are re-evaluated
    (all of them; :class:`DecayRun` goes in slices). ``progress(done, due)`` after each chunk.

    Persists ``now``: callers that only look at another moment must not call it (a read-only
    command with ``--now`` evaluates in memory instead).
    """
    return DecayRun(store, user_id, now).go(progress=progress)


class DecayRun:
    """One bringing up to ``now``, which may go in several slices (:meth:`go` with a budget): a
    window's catch-up between its tabs' calls, or the half second ``serve`` gives the daemon's
    ``decay``. Which records are due is read once, here; each chunk reads those rows again and writes them in the
    same transaction, so a row that an ingest changed meanwhile is evaluated from what it holds
    then, or skipped if it is no longer due."""

    def __init__(self, store: Store, user_id: str, now: int, *, keep: bool = False) -> None:
        self.store, self.user_id, self.now = store, user_id, now
        self.archive_before = now - ARCHIVE_DAYS * DAY_MS
        self.ids: list[int] = []
        self.done = 0
        # the chunks' pace, learnt across the slices (a window's are a tenth of a second: each
        # starting again at the first chunk's size made most of them one small chunk)
        self._chunker = Chunker(_FIRST_CHUNK)
        self._keep = keep
        self._stack: ExitStack | None = None
        self._keeper: WalKeeper | None = None
        self._version: int | None = None
        if store.read_only:
            return
        ensure_current(store, user_id, now)
        with store.read() as session, sa_errors():
            con = dbapi_connection(session)
            ids = [int(r[0]) for r in con.execute(_DUE_IDS, (user_id, now, self.archive_before))]
            # and records an earlier --now left evaluated after this moment (docs/decisions/0028)
            ids += [int(r[0]) for r in evaluated_later(session, user_id, now, skip=set(ids))]
        self.ids = sorted(ids)

    @property
    def finished(self) -> bool:
        return self.done >= len(self.ids)

    @property
    def remaining(self) -> int:
        return len(self.ids) - self.done

    def go(
        self, *, budget_s: float | None = None, progress: Callable[[int, int], None] | None = None
    ) -> DecayCounts:
        """Write the next records due, all of them or until ``budget_s`` has passed (at least one
        chunk); what this slice decayed and archived, and how many were due in the whole run."""
        counts = DecayCounts(due=len(self.ids))
        ids, user_id, now, store = self.ids, self.user_id, self.now, self.store
        stop_at = None if budget_s is None else time.perf_counter() + budget_s
        chunker = self._chunker
        if self.finished:
            self._close_unless_kept()
            return counts
        # A long catch-up (a store idle for months) runs as an ingest does: one warm connection
        # for its chunks, and the checkpoints after their commits instead of inside them
        # (writes.wal_kept); a window's run keeps it from one slice to the next (``keep``).
        keeper = self._kept()
        try:
            while self.done < len(ids):
                chunk = ids[self.done : self.done + chunker.size]
                keeper.wait()  # the last chunk's checkpoint, outside this chunk's time
                t0 = chunker.start()
                with _sentences(store), keeper.transaction(store) as con:
                    keeper.defer(con)
                    if lease_holder(con, user_id) is not None:
                        # a reset, import or rebuild is rewriting this memory right now: the rest
                        # is its
                        self.ids = ids[: self.done]
                        counts.due = self.done
                        if progress is not None:
                            progress(self.done, self.done)  # ended: a progress line is wiped
                        return counts
                    # The chunk's size comes from the last one's pace, but a page read from a
                    # cold disk or a thread that keeps the GIL can make the same rows several
                    # times slower: the chunk stops at its deadline and leaves the rest to the
                    # next one.
                    deadline = time.perf_counter() + DEADLINE_S
                    done = 0
                    while done < len(chunk) and (done == 0 or time.perf_counter() < deadline):
                        step = chunk[done : done + _STEP]
                        _decay_rows(con, step, now, self.archive_before, counts)
                        done += len(step)
                    # The derivation row's generation moves: a rebuild that read before this
                    # starts over.
                    con.execute(
                        f"UPDATE {Derivation.__tablename__} SET evaluated_at = ? WHERE user_id = ?",
                        (now, user_id),
                    )
                chunker.record(done, time.perf_counter() - t0)
                keeper.checkpoint()
                self.done += done
                if progress is not None:
                    progress(self.done, len(ids))
                if stop_at is not None and time.perf_counter() >= stop_at:
                    break
        finally:
            self._close_unless_kept()
        return counts

    def watch(self) -> None:
        """For a run made with ``keep``: open its connection and count others' commits from here
        on (:meth:`changed_elsewhere`); what came before is the caller's to see. Not done while
        the run is made, so that a caller stopped then (its result never received) leaves no
        connection open behind it: once it holds the run, it closes it (:meth:`close`)."""
        if self._keep and not self.store.read_only:
            self._version = self._data_version(self._kept())

    def changed_elsewhere(self) -> bool:
        """For a run made with ``keep``: whether another connection — Open Design, another
        window, a command — has committed since the run began or since the last call. The run's
        own chunks do not count (SQLite's ``data_version`` on the connection they are written on),
        so a window can keep showing others' changes while its catch-up writes (decision 0061)."""
        keeper = self._keeper
        if keeper is None or keeper.con is None:
            return False
        version = self._data_version(keeper)
        changed = self._version is not None and version != self._version
        self._version = version
        return changed

    def close(self) -> None:
        """Let the run's connection go (a run made with ``keep``, once it has finished or stops)."""
        stack, self._stack, self._keeper = self._stack, None, None
        if stack is not None:
            stack.close()

    def _kept(self) -> WalKeeper:
        if self._keeper is None:
            stack = ExitStack()
            self._keeper = stack.enter_context(wal_kept(self.store))
            if self._keeper.con is not None:  # each row is read once: a warm cache gains little
                self._keeper.con.execute(f"PRAGMA cache_size=-{_CACHE_KIB}")
            self._stack = stack
        return self._keeper

    def _close_unless_kept(self) -> None:
        if not self._keep:
            self.close()

    def _data_version(self, keeper: WalKeeper) -> int:
        assert keeper.con is not None
        with _sentences(self.store):
            return int(keeper.con.execute("PRAGMA data_version").fetchone()[0])


@contextmanager
def _sentences(store: Store) -> Iterator[None]:
    """A damaged or vanished store's sqlite3 error as the store's sentence (``Store.write`` says
    them so; the kept connection's transaction already does for a busy or full store)."""
    try:
        yield
    except sqlite3.DatabaseError as exc:
        raise store._translate(exc) from exc


def _decay_rows(con: Any, ids: list[int], now: int, archive_before: int, counts: DecayCounts) -> None:
    """Inside a chunk's transaction: read these records and write the new evaluation of those due
    (a row that a concurrent ingest changed is evaluated from what it holds now, or skipped if it
    is no longer due)."""
    params: list[tuple[Any, ...]] = []
    for pid, state, status, decay_count, decay_at, last_seen, evaluated_at in con.execute(
        _ROWS + f"({', '.join('?' * len(ids))})", ids
    ):
        due = status != str(Status.ARCHIVED) and (decay_at <= now or last_seen <= archive_before)
        if not (due or evaluated_at > now):
            continue
        ev = evaluated(state_from_json(state), now)
        if ev.status is Status.ARCHIVED and status != str(Status.ARCHIVED):
            counts.archived += 1
        elif ev.decay_count > decay_count:
            counts.decayed += 1
        params.append(
            (
                ev.strength,
                str(ev.confidence),
                str(ev.status),
                ev.decay_at,
                ev.demoted_by,
                ev.decay_count,
                now,
                pid,
            )
        )
    con.executemany(_SET, params)

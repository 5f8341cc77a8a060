"""Writing the demo data set: each planned event as the rows ``services.ingest.ingest`` would store
(canonical payload, content hash, pattern index), inserted in batches on a writer thread
(:mod:`services.demo.demo`)."""

from __future__ import annotations

import hashlib
import json
import queue
import random
import sqlite3
import threading
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any, Final

from creative_memory.model.constants import EventSource, SignalType
from creative_memory.model.tables import Event, EventPattern
from creative_memory.services.common.errors import InvalidInput, StoreLocked, StoreUnavailable
from creative_memory.services.demo.demo_plan import Plan, PlannedEvent, between
from creative_memory.services.demo.demo_words import DIFF_VERBS, NEG, POLARITY_TEXT, POS
from creative_memory.services.engine.block import human
from creative_memory.services.store.retry import is_busy, retry_while_busy
from creative_memory.services.store.store import Store

BATCH_ROWS: Final = 20_000


class RowSink:
    """Writes batches on a worker thread, so SQLite's work (which releases the GIL) overlaps the
    generation of the next batch.

    One connection (``Store.raw``: the store's pragmas) serves every batch so that its page cache
    stays warm across batches — with a fresh connection per batch the random inserts into the
    pattern index re-read their pages every time, which costs ~40 % at L. Each batch is still its
    own short ``BEGIN IMMEDIATE`` transaction, retried with backoff while the store is busy, as
    ``Store.write`` does.
    """

    CACHE_KIB: Final = 131_072

    def __init__(self, store: Store) -> None:
        self.store = store
        self.written_items = 0
        self.error: BaseException | None = None
        self._queue: queue.Queue[tuple[list[Row], list[list[Row]], int] | None] = queue.Queue(maxsize=2)
        self._thread = threading.Thread(target=self._run, name="cm-demo-writer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        with ExitStack() as stack:
            con: sqlite3.Connection | None = None
            while True:
                batch = self._queue.get()
                if batch is None:
                    return
                if self.error is not None:
                    continue  # drain after a failure; the producer sees the error on its next put
                try:
                    if con is None:
                        con = stack.enter_context(self.store.raw())
                        con.execute(f"PRAGMA cache_size=-{self.CACHE_KIB}")
                    self._write(con, *batch)
                except BaseException as exc:
                    self.error = exc

    def _write(self, con: sqlite3.Connection, rows: list[Row], prows: list[list[Row]], items: int) -> None:
        _begin_immediate(con, self.store)
        try:
            insert_rows(con, rows, prows)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        self.written_items += items

    def put(self, rows: list[Row], prows: list[list[Row]], items: int) -> None:
        self.raise_error()
        self._queue.put((rows, prows, items))

    def close(self) -> None:
        """Wait until every batch is written (or dropped after an error)."""
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()

    def raise_error(self) -> None:
        if self.error is not None:
            err, self.error = self.error, None
            raise writer_error(err, self.store.lock_budget_s)


def _begin_immediate(con: sqlite3.Connection, store: Store) -> None:
    """``BEGIN IMMEDIATE``; while the store is busy, retry with backoff up to the lock budget."""
    retry_while_busy(lambda: con.execute("BEGIN IMMEDIATE"), budget_s=store.lock_budget_s)


def writer_error(exc: BaseException, budget_s: float) -> BaseException:
    """A writer failure as one of the service errors (a sentence a person can act on)."""
    if isinstance(exc, sqlite3.IntegrityError):
        return InvalidInput(
            "Demo events with these ids were written meanwhile by another run; reset first or pick another seed."
        )
    if isinstance(exc, sqlite3.OperationalError):
        if is_busy(exc):
            return StoreLocked(
                f"The store is busy: another program has held a write lock for more than {budget_s:g} s. The demo data "
                "written so far was removed; try again in a moment."
            )
        return StoreUnavailable(
            f"The store could not be written ({exc}); the demo data written so far was removed."
        )
    return exc


class RowWriter:
    """Turns generated events into store rows (canonical payload, content hash, pattern index)."""

    def __init__(
        self, user_id: str, seed: int, now: int, plan: Plan, emit: Callable[[RowWriter], None]
    ) -> None:
        self.user_id = user_id
        self.user_json = json.dumps(user_id, ensure_ascii=False)
        self.seed = seed
        self.now = now
        self.plan = plan
        self.emit = emit  # called with a full batch in ``rows``/``prows``; it takes them away
        self.items = 0  # pattern occurrences in ``rows``
        self.n = 0
        self.rows: list[Row] = []
        self.prows: list[list[Row]] = []
        self.projects_used: set[int] = set()
        self.scope_text = ["global"] + [f"project:{p.project_id}" for p in plan.projects]
        # Canonical JSON of each pattern as a payload holds it (keys sorted), by code / by group.
        self._frag: dict[int, str] = {}
        self._side: dict[int, str] = {}

    def _names(self, code: int) -> tuple[str, str]:
        return self.plan.vocab[self.plan.groups[code >> 1].vocab]

    def frag(self, code: int) -> str:
        f = self._frag.get(code)
        if f is None:
            t, p = self._names(code)
            f = self._frag[code] = (
                f'{{"pattern":"{p}","polarity":"{POLARITY_TEXT[code & 1]}","preference_type":"{t}"}}'
            )
        return f

    def side(self, code: int) -> str:
        f = self._side.get(code >> 1)
        if f is None:
            t, p = self._names(code)
            f = self._side[code >> 1] = f'{{"pattern":"{p}","preference_type":"{t}"}}'
        return f

    def pattern_rows(self, ev: PlannedEvent, scope: str) -> list[tuple[str, ...]]:
        """The event's rows of the pattern index, in :data:`_PATTERN_COLS` order after the seq."""
        out: list[tuple[str, ...]] = []
        pairwise = ev.signal is SignalType.PAIRWISE_COMPARISON
        for codes, role in ((ev.items, "chose" if pairwise else ""), (ev.over, "over")):
            for c in codes:
                t, p = self._names(c)
                pol = POLARITY_TEXT[NEG if role == "over" else (POS if role == "chose" else c & 1)]
                out.append((self.user_id, scope, t, p, pol, role))
        return out

    def diff(self, rng: random.Random, ev: PlannedEvent) -> str | None:
        """A short free-text note for some refinements and reverts ("more airy spacing; less …")."""
        if (
            ev.signal not in (SignalType.MANUAL_REFINEMENT, SignalType.REVERT_AFTER_EDIT)
            or rng.random() < 0.4
        ):
            return None
        more, less = DIFF_VERBS[between(rng, 0, len(DIFF_VERBS) - 1)]
        parts = [f"{more if c & 1 == POS else less} {human(self._names(c)[1])}" for c in ev.items]
        if ev.signal is SignalType.REVERT_AFTER_EDIT:
            return "reverted an edit, back to " + "; ".join(human(self._names(c)[1]) for c in ev.items)
        return "; ".join(parts)

    def add(
        self,
        rng: random.Random,
        ev: PlannedEvent,
        at: int,
        project: int | None,
        session_id: str,
        artifact_id: str,
    ) -> None:
        scope = self.scope_text[ev.scope]
        # Payload keys in canonical (sorted) order: chose, diff, over, patterns, scope, tag.
        parts: list[str] = []
        if ev.signal is SignalType.PAIRWISE_COMPARISON:
            chose = ",".join(map(self.side, ev.items))
            over = ",".join(map(self.side, ev.over))
            parts.append(f'"chose":{{"artifact_id":"{artifact_id}c","patterns":[{chose}]}}')
            parts.append(f'"over":{{"artifact_id":"{artifact_id}o","patterns":[{over}]}}')
            parts.append('"patterns":[]')
        else:
            d = self.diff(rng, ev)
            if d is not None:
                parts.append(f'"diff":{json.dumps(d, ensure_ascii=False)}')
            parts.append(f'"patterns":[{",".join(map(self.frag, ev.items))}]')
        parts.append(f'"scope":"{scope}"')
        if ev.tag is not None:
            parts.append(f'"tag":"{ev.tag}"')
        payload = "{" + ",".join(parts) + "}"
        project_id = None if project is None else self.plan.projects[project - 1].project_id
        signal = str(ev.signal)
        # content_hash as services.derivation.event_content.content_hash computes it (canonical JSON, keys sorted),
        # without a JSON round trip; tests/unit/test_demo.py checks the two agree.
        pid_json = "null" if project_id is None else f'"{project_id}"'
        content = (
            f'{{"artifact_id":"{artifact_id}","occurred_at":{at},"payload":{payload},'
            f'"project_id":{pid_json},"scope":"{scope}","session_id":"{session_id}",'
            f'"signal_type":"{signal}","user_id":{self.user_json}}}'
        )
        self.rows.append(
            (
                f"demo-{self.seed}-{self.n}",
                self.user_id,
                project_id,
                scope,
                signal,
                at,
                ev.tag,
                session_id,
                artifact_id,
                payload,
                hashlib.sha256(content.encode()).hexdigest(),
                _SOURCE,
                self.now,
            )
        )
        self.prows.append(self.pattern_rows(ev, scope))
        if project is not None:
            self.projects_used.add(project)
        self.n += 1
        self.items += len(ev.items) + len(ev.over)
        if len(self.rows) >= BATCH_ROWS:
            self.emit(self)

    def take(self) -> tuple[list[Row], list[list[Row]], int]:
        out = (self.rows, self.prows, self.items)
        self.rows, self.prows, self.items = [], [], 0
        return out


_SOURCE: Final = str(EventSource.DEMO)
Row = tuple[Any, ...]
# Column order of the rows the writer makes (each preceded by the seq on insert).
_EVENT_COLS: Final = ("event_id", "user_id", "project_id", "scope", "signal_type", "occurred_at", "tag")
_EVENT_COLS_2: Final = ("session_id", "artifact_id", "payload", "content_hash", "source", "ingested_at")
_PATTERN_COLS: Final = ("user_id", "scope", "preference_type", "pattern", "polarity", "role")


def _insert_sql(table: str, cols: Sequence[str]) -> str:
    return f"INSERT INTO {table} (seq, {', '.join(cols)}) VALUES ({', '.join('?' * (len(cols) + 1))})"


_INSERT_EVENT: Final = _insert_sql(Event.__tablename__, _EVENT_COLS + _EVENT_COLS_2)
_INSERT_PATTERN: Final = _insert_sql(EventPattern.__tablename__, _PATTERN_COLS)


def insert_rows(con: sqlite3.Connection, rows: list[Row], prows: list[list[Row]]) -> None:
    """Write event rows and their pattern index rows: exactly what ``ingest.insert_event_rows`` writes.

    It assigns seqs the same way ``insert_event_rows`` does (inside an IMMEDIATE write transaction,
    above both the highest seq and the AUTOINCREMENT high-water mark, so no seq is ever reused) but
    works on a plain sqlite3 connection shared with the generator thread, so the L data set can be
    written while the next rows are generated (the C executemany loop releases the GIL). ``tests/unit/test_demo.py`` checks that the stored rows equal
    those ``insert_event_rows`` stores for the same input.
    """
    top = con.execute(f"SELECT max(seq) FROM {Event.__tablename__}").fetchone()
    hwm = con.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (Event.__tablename__,)).fetchone()
    seq = max(int((top or (0,))[0] or 0), int((hwm or (0,))[0] or 0))
    events: list[Row] = []
    patterns: list[Row] = []
    for row, pats in zip(rows, prows, strict=True):
        seq += 1
        events.append((seq, *row))
        patterns.extend((seq, *p) for p in pats)
    con.executemany(_INSERT_EVENT, events)
    if patterns:
        con.executemany(_INSERT_PATTERN, patterns)

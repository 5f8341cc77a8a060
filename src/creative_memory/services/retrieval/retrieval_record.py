"""Recording a retrieval: its row, its stage events and the injection marks, written with plain
statements on the write transaction's connection (a recorded retrieval is on the daemon's path for
every generation; decisions 0033, 0045, 0054), and the retention of what was recorded."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy.orm import Session

from creative_memory.model.constants import Mode, Origin, Tier
from creative_memory.model.records import DiagEvent, RetrievalResult, key_text
from creative_memory.model.tables import Preference, Retrieval, RetrievalEvent, Settings
from creative_memory.services.common.clock import DAY_MS
from creative_memory.services.controls import controls
from creative_memory.services.store.store import raw_connection

INJECTING_ORIGINS = frozenset({Origin.DAEMON, Origin.CLI})


# A stage event's fields as stored: one encoder for every row (``json.dumps`` with options builds a
# new encoder per call, and a recorded retrieval stores ~50 events).
_fields = json.JSONEncoder(ensure_ascii=False, sort_keys=True, default=str).encode


def _event_row(ordinal: int, e: DiagEvent) -> tuple[object, ...]:
    """A stage event's row less its retrieval id, in ``_EVENT_COLS[1:]`` order."""
    ptype = pattern = None
    if e.preference_key:
        parts = e.preference_key.split("/")
        if len(parts) >= 4:
            ptype, pattern = parts[-3], parts[-2]
    elif isinstance(e.fields.get("pattern"), str):
        pattern = e.fields["pattern"]
    return (ordinal, e.type, e.stage, e.preference_key, ptype, pattern, _fields(e.fields), e.trace)


# The last recorded events, encoded: a retrieval answered from the memo (decision 0057) records the
# same events again, and encoding them (their fields as JSON) was a third of a recording's work.
_encoded: list[tuple[tuple[DiagEvent, ...], list[object]]] = []


def _event_values(events: tuple[DiagEvent, ...]) -> list[object]:
    last = _encoded[0] if _encoded else None
    if last is not None and last[0] is events:
        return last[1]
    values = [v for i, e in enumerate(events) for v in _event_row(i, e)]
    _encoded[:] = [(events, values)]
    return values


_RETRIEVAL_COLS = (
    "user_id", "at", "origin", "project_id", "mode", "requested_types", "duration_ms", "kept_positive",
    "kept_negative", "kept_high", "kept_medium", "kept_overrides", "token_estimate", "block_sha256",
    "empty_reason",
)  # fmt: skip
_EVENT_COLS = (
    "retrieval_id", "ordinal", "type", "stage", "preference_key", "preference_type", "pattern", "fields",
    "trace",
)  # fmt: skip


def _insert_sql(table: str, cols: Sequence[str]) -> str:
    return f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"


_INSERT_RETRIEVAL = _insert_sql(Retrieval.__tablename__, _RETRIEVAL_COLS)
_INSERT_RETRIEVAL_AS = _insert_sql(Retrieval.__tablename__, ("id", *_RETRIEVAL_COLS))
_EVENT_WIDTH = len(_EVENT_COLS) - 1  # the retrieval id is ?1 in every row


@lru_cache(maxsize=128)
def _insert_events(n: int) -> str:
    """The insert of ``n`` stage events in one statement, the retrieval id bound once as ?1 (a
    retrieval has a few dozen events: the bounded diagnostics of decision 0010 keep the
    parameters far below SQLite's limit)."""
    rows = (
        "(?1, " + ", ".join(f"?{2 + i * _EVENT_WIDTH + k}" for k in range(_EVENT_WIDTH)) + ")"
        for i in range(n)
    )
    return f"INSERT INTO {RetrievalEvent.__tablename__} ({', '.join(_EVENT_COLS)}) VALUES {', '.join(rows)}"


def _named_keys(r: RetrievalResult) -> list[list[str]]:
    """The unique keys (scope, type, pattern, polarity) of every record the retrieval read and
    named: the kept ones, those its stage events name, and those a stage event lists by key (the
    lifecycle's ``sample``)."""
    keys = {key_text(p.key) for p in (*r.positives, *r.negatives, *r.project_overrides)}
    for e in r.events:
        if e.preference_key:
            keys.add(e.preference_key)
        keys.update(k for k in _listed(e.fields.get("sample")) if k.count("/") >= 3)
    return [k for k in (t.rsplit("/", 3) for t in sorted(keys)) if len(k) == 4]


def named_patterns(fields: Mapping[str, Any]) -> set[str]:
    """The pattern names a stage event's fields hold by name alone: every field called ``pattern``
    or ending in ``_pattern`` or ``_patterns`` (``trimmed_patterns``, ``suppressed_pattern``, …;
    tests/unit/test_stage_event_names.py holds every stage to this naming)."""
    out: set[str] = set()
    for name, value in fields.items():
        if name == "pattern" or name.endswith(("_pattern", "_patterns")):
            out.update(_listed(value))
    return out


def _listed(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [v for v in value if isinstance(v, str)]
    return []


_HAS_PATTERN = f"SELECT 1 FROM {Preference.__tablename__} WHERE user_id = ? AND pattern = ? LIMIT 1"


@lru_cache(maxsize=32)
def _count_named(n: int) -> str:
    """How many of ``n`` keys (?1 the user, then four parameters per key) have a record: one probe
    of the unique key's index per key."""
    rows = ", ".join(f"(?{2 + 4 * i}, ?{3 + 4 * i}, ?{4 + 4 * i}, ?{5 + 4 * i})" for i in range(n))
    return (
        f"WITH k(s, t, p, o) AS (VALUES {rows}) SELECT count(*) FROM k CROSS JOIN {Preference.__tablename__} AS r "
        "ON r.user_id = ?1 AND r.scope = k.s AND r.preference_type = k.t AND r.pattern = k.p AND r.polarity = k.o"
    )


# The last retrieval checked and its keys: one answered from the memo (decision 0057) is the same
# result again, and names the same records.
_named: list[tuple[RetrievalResult, list[list[str]], list[str]]] = []


def erased_since_read(con: sqlite3.Connection, user_id: str, r: RetrievalResult) -> bool:
    """Inside the recording's write transaction: whether a record the retrieval read and names is
    gone (a forget or a reset committed between the retrieval's read and this write)."""
    last = _named[0] if _named else None
    if last is not None and last[0] is r:
        _r, keys, loose = last
    else:
        keys = _named_keys(r)
        # the names a stage event lists without their record's key: some record of each must be left
        kept = {k[2] for k in keys}
        loose = sorted({n for e in r.events for n in named_patterns(e.fields)} - kept)
        _named[:] = [(r, keys, loose)]
    for i in range(0, len(keys), 200):
        part = keys[i : i + 200]
        (found,) = con.execute(_count_named(len(part)), [user_id, *(v for k in part for v in k)]).fetchone()
        if found < len(part):
            return True
    return any(con.execute(_HAS_PATTERN, (user_id, name)).fetchone() is None for name in loose)


# A kept record's row by its unique key (the user, then ``PrefState.key``).
_BY_KEY = "WHERE user_id = ? AND scope = ? AND preference_type = ? AND pattern = ? AND polarity = ?"
_MARK_INJECTED = f"UPDATE {Preference.__tablename__} SET last_injected_at = ? {_BY_KEY}"


def record(
    db: Session | sqlite3.Connection,
    user_id: str,
    outcome_result: RetrievalResult,
    *,
    block: str,
    tokens: int,
    mode: Mode,
    origin: Origin,
    types: Sequence[str] | None,
    now: int,
    as_id: int | None = None,
) -> int:
    """Store a retrieval with its stage events; an injecting one marks its records injected.

    Plain statements on the write transaction's connection: a recorded retrieval is on the
    daemon's path for every generation. ``as_id``: the id it was answered under, taken from
    :class:`ReservedIds` (serve answers before it records; docs/decisions/0057).
    """
    con = raw_connection(db)
    r = outcome_result
    kept = [*r.positives, *r.negatives]
    row = {
        "user_id": user_id,
        "at": now,
        "origin": str(origin),
        "project_id": r.project_id,
        "mode": str(mode),
        "requested_types": json.dumps(list(types)) if types else None,
        "duration_ms": r.duration_ms,
        "kept_positive": len(r.positives),
        "kept_negative": len(r.negatives),
        "kept_high": sum(1 for p in kept if p.confidence is Tier.HIGH),
        "kept_medium": sum(1 for p in kept if p.confidence is Tier.MEDIUM),
        "kept_overrides": len(r.project_overrides),
        "token_estimate": tokens,
        "block_sha256": hashlib.sha256(block.encode()).hexdigest(),
        "empty_reason": r.empty_reason,
    }
    values = [row[c] for c in _RETRIEVAL_COLS]
    if as_id is None:
        rid = con.execute(_INSERT_RETRIEVAL, values).lastrowid
    else:
        rid = con.execute(_INSERT_RETRIEVAL_AS, [as_id, *values]).lastrowid
    assert rid is not None
    if r.events:
        # One statement for all the stage events (``executemany`` binds and steps row by row:
        # about three times the cost for a retrieval's ~50 rows).
        con.execute(_insert_events(len(r.events)), [rid, *_event_values(r.events)])
    if origin in INJECTING_ORIGINS and kept:
        # One probe of the unique key's index per injected record.
        con.executemany(_MARK_INJECTED, [(now, user_id, *p.key) for p in kept])
    return int(rid)


_RETRIEVALS, _EVENTS = Retrieval.__tablename__, RetrievalEvent.__tablename__
# Each reads the path to where ``record`` (and ``prune_diagnostics``) will write: the last rows of
# the retrieval and stage-event tables and of their indexes, the oldest of the user's retrievals.
# (Each statement names the parameters it uses: ?1 the user, ?2 the project.)
_AHEAD = " UNION ALL ".join(
    (
        f"SELECT max(id) FROM {_RETRIEVALS}",
        f"SELECT seq FROM sqlite_sequence WHERE name = '{_RETRIEVALS}'",
        f"SELECT max(at) FROM {_RETRIEVALS} INDEXED BY ix_cm_retrievals_user_at WHERE user_id = ?1",
        f"SELECT min(at) FROM {_RETRIEVALS} INDEXED BY ix_cm_retrievals_user_at WHERE user_id = ?1",
        f"SELECT max(at) FROM {_RETRIEVALS} INDEXED BY ix_cm_retrievals_user_project_at "
        "WHERE user_id = ?1 AND project_id IS ?2",
        f"SELECT max(rowid) FROM {_EVENTS}",
        f"SELECT max(retrieval_id) FROM {_EVENTS} INDEXED BY ix_cm_retrieval_events_retrieval",
    )
)
_KEPT_ROW = f"SELECT last_injected_at FROM {Preference.__tablename__} {_BY_KEY}"


def read_ahead(con: sqlite3.Connection, user_id: str, r: RetrievalResult) -> None:
    """Read the pages a recording of ``r`` will write (inside a read transaction), so that they
    are in the connection's page cache when the daemon asks: another connection's commit (an
    ingest) empties that cache, and pages read back from a disk cost milliseconds each
    (docs/decisions/0057). Reads only."""
    con.execute(_AHEAD, (user_id, r.project_id)).fetchall()
    for p in (*r.positives, *r.negatives):
        con.execute(_KEPT_ROW, (user_id, *p.key)).fetchall()


def prune_diagnostics(db: Session | sqlite3.Connection, user_id: str, now: int) -> int:
    """Delete the user's recorded retrievals older than the retention setting (events cascade)."""
    con = raw_connection(db)
    row = con.execute(
        f"SELECT diagnostics_retention_days FROM {Settings.__tablename__} WHERE user_id = ?", (user_id,)
    ).fetchone()
    days = controls.DEFAULT_RETENTION_DAYS if row is None else int(row[0])
    cur = con.execute(
        f"DELETE FROM {Retrieval.__tablename__} WHERE user_id = ? AND at < ?", (user_id, now - days * DAY_MS)
    )
    return max(cur.rowcount, 0)


class ReservedIds:
    """Retrieval ids set aside for recordings made after their answer (``serve``; decision 0057).

    The retrievals table numbers its rows with ``AUTOINCREMENT``, which never hands out an id at or
    below the table's ``sqlite_sequence`` entry. :meth:`reserve` raises that entry by ``n`` inside
    a write transaction, so the ids above the old entry are this process's alone: any other
    writer's next retrieval is numbered after them, and a recording of ours inserts its row with
    the id its answer gave. ``serve`` keeps one id ahead (the Diagnostics list is in id order, so a
    larger block would list another writer's retrievals above newer ones of the daemon's). An id
    left unused when the process ends is a gap, as a rolled-back insert leaves."""

    RESERVE = 1

    def __init__(self) -> None:
        self._next = 1
        self._last = 0  # nothing reserved yet

    def left(self) -> int:
        return self._last - self._next + 1

    def take(self) -> int | None:
        if self._next > self._last:
            return None
        rid, self._next = self._next, self._next + 1
        return rid

    def drop(self) -> None:
        """Forget the block (a recording found its id taken: the table was emptied and renumbered)."""
        self._next, self._last = 1, 0

    def reserve(self, con: sqlite3.Connection, n: int = RESERVE) -> None:
        """Inside a write transaction: a new block of ``n`` ids (what is left of the old one goes)."""
        row = con.execute(f"SELECT seq FROM sqlite_sequence WHERE name = '{_RETRIEVALS}'").fetchone()
        (top,) = con.execute(f"SELECT coalesce(max(id), 0) FROM {_RETRIEVALS}").fetchone()
        base = max(int(top), int(row[0]) if row is not None else 0)
        if row is None:
            con.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (_RETRIEVALS, base + n))
        else:
            con.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = ?", (base + n, _RETRIEVALS))
        self._next, self._last = base + 1, base + n

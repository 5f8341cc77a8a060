"""Changes to the raw events made behind the cache's back, folded in exactly (docs/decisions/0020).

Triggers on the events table (migrations 0003, 0004) log every row another writer updates,
deletes, or inserts below the derivation's watermark, with the old row's scope, time, content hash
and payload. Inside a write transaction, :func:`apply_changes` turns the log into exactly the work
it implies: the pattern index rows of the changed events are rebuilt from what they hold now, the
set digest loses the hashes it had added and gains the new ones, and only the groups the old or
the new rows feed are re-derived. Then the log rows are deleted.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from creative_memory.model.events import payload_items
from creative_memory.model.tables import Derivation, Event, EventChange, EventPattern
from creative_memory.services.derivation.cache_key import cache_key_for, digest_add
from creative_memory.services.derivation.derivation_rows import dbapi_connection, execute_in
from creative_memory.services.derivation.event_content import content_hash, pattern_rows
from creative_memory.services.derivation.regroup import rederive_groups
from creative_memory.services.store.writes import quiet

# More changes than this at once (a bulk edit by another program): a full derivation is cheaper
# than re-deriving group by group, and its chunked write keeps the lock short.
MAX_CHANGES = 5_000

_CHANGES = EventChange.__tablename__
_EVENTS = Event.__tablename__
_PATTERNS = EventPattern.__tablename__
Group = tuple[str, str, str]


def pending(con: sqlite3.Connection, user_id: str) -> bool:
    return (
        con.execute(f"SELECT 1 FROM {_CHANGES} WHERE user_id = ? LIMIT 1", (user_id,)).fetchone() is not None
    )


def last_change(con: sqlite3.Connection, user_id: str) -> int:
    row = con.execute(f"SELECT coalesce(max(change_id), 0) FROM {_CHANGES} WHERE user_id = ?", (user_id,))
    return int(row.fetchone()[0])


def consume(con: sqlite3.Connection, user_id: str, upto: int) -> None:
    """Delete the user's log rows up to ``upto`` (they are reflected in what was just written)."""
    con.execute(f"DELETE FROM {_CHANGES} WHERE user_id = ? AND change_id <= ?", (user_id, upto))


def _groups(scope: str | None, payload_text: str | None) -> set[Group]:
    if scope is None or payload_text is None:
        return set()
    payload = json.loads(payload_text)
    return {(scope, ptype, pattern) for ptype, pattern, _pol, _role in payload_items(payload)}


_CURRENT_SQL = (
    "SELECT seq, user_id, project_id, signal_type, occurred_at, session_id, artifact_id, scope, payload, "
    f"content_hash FROM {_EVENTS} WHERE seq IN "
)


def apply_changes(session: Session, user_id: str, drow: Derivation, now: int) -> int | None:
    """Inside a write transaction: bring the cache up to date with the logged changes; returns how
    many were applied.

    Returns None (nothing written) when there are too many for a short transaction, or a changed
    payload cannot be read: then only a full derivation is exact.
    """
    session.flush()
    con = dbapi_connection(session)
    log = con.execute(
        f"SELECT change_id, seq, op, scope, content_hash, payload FROM {_CHANGES} "
        "WHERE user_id = ? ORDER BY change_id LIMIT ?",
        (user_id, MAX_CHANGES + 1),
    ).fetchall()
    if not log:
        return 0
    if len(log) > MAX_CHANGES:
        return None
    first: dict[int, tuple[Any, ...]] = {}  # seq -> its first logged change (the row before them all)
    for r in log:
        first.setdefault(int(r[1]), r)
    seqs = sorted(first)
    current = _current_rows(con, seqs)
    changed = _what_changed(first, current, user_id)
    if changed is None:
        return None
    upto = drow.max_seq  # the watermark: later events are folded by the next derivation
    _rewrite_index(con, seqs, changed)
    _move_digest(drow, first, changed, upto, now)
    rederive_groups(session, user_id, changed.groups, now, max_seq=upto)
    consume(con, user_id, int(log[-1][0]))
    return len(log)


@dataclass
class _Changed:
    """What the logged changes imply: the groups to re-derive, the user's changed rows as they are
    now with their new content hashes, and the pattern index rows of every changed row."""

    groups: set[Group]
    mine: list[tuple[Any, ...]]
    fresh: dict[int, str]
    index: list[dict[str, Any]]


def _current_rows(con: sqlite3.Connection, seqs: list[int]) -> list[tuple[Any, ...]]:
    """The changed events that still exist, as they are now (any user's)."""
    current: list[tuple[Any, ...]] = []
    for i in range(0, len(seqs), 500):
        chunk = seqs[i : i + 500]
        current.extend(con.execute(_CURRENT_SQL + f"({', '.join('?' * len(chunk))})", chunk).fetchall())
    return current


def _what_changed(
    first: dict[int, tuple[Any, ...]], current: list[tuple[Any, ...]], user_id: str
) -> _Changed | None:
    """The groups the old and the new rows feed, the new hashes and index rows; None when a payload
    cannot be read."""
    try:
        groups: set[Group] = set()
        for r in first.values():
            if r[2] != "insert":
                groups |= _groups(r[3], r[5])
        mine = [c for c in current if c[1] == user_id]
        for c in mine:
            groups |= _groups(c[7], c[8])
        fresh = {
            int(c[0]): content_hash(
                dict(
                    zip(
                        (
                            "user_id",
                            "project_id",
                            "signal_type",
                            "occurred_at",
                            "session_id",
                            "artifact_id",
                            "scope",
                            "payload",
                        ),
                        c[1:9],
                        strict=True,
                    )
                )
            )
            for c in mine
        }
        index = [row for c in current for row in pattern_rows(int(c[0]), c[1], c[7], json.loads(c[8]))]
    except (ValueError, TypeError, KeyError):
        return None
    return _Changed(groups, mine, fresh, index)


def _rewrite_index(con: sqlite3.Connection, seqs: list[int], changed: _Changed) -> None:
    """New content hashes on the changed rows and their pattern index rebuilt (not logged again)."""
    with quiet(con):
        con.executemany(
            f"UPDATE {_EVENTS} SET content_hash = ? WHERE seq = ? AND content_hash IS NOT ?",
            [(h, s, h) for s, h in changed.fresh.items()],
        )
        execute_in(con, f"DELETE FROM {_PATTERNS} WHERE seq IN", seqs)
        if changed.index:
            con.executemany(
                f"INSERT INTO {_PATTERNS} (seq, user_id, scope, preference_type, pattern, polarity, role) "
                "VALUES (:seq, :user_id, :scope, :preference_type, :pattern, :polarity, :role)",
                changed.index,
            )


def _move_digest(
    drow: Derivation, first: dict[int, tuple[Any, ...]], changed: _Changed, upto: int, now: int
) -> None:
    """The set digest loses the old hashes it had added and gains the new ones (events up to the
    watermark only); the count and the last folded event follow."""
    removed = [r[4] for s, r in first.items() if r[2] != "insert" and s <= upto and r[4]]
    added = [h for s, h in changed.fresh.items() if s <= upto]
    drow.set_digest = digest_add(digest_add(drow.set_digest, removed, -1), added)
    drow.cache_key = cache_key_for(drow.set_digest)
    drow.event_count += len(added) - len(removed)
    last = (drow.last_occurred_at, drow.last_folded_seq)
    for c in changed.mine:
        if int(c[0]) <= upto:
            last = max(last, (int(c[4]), int(c[0])))
    drow.last_occurred_at, drow.last_folded_seq = last
    drow.derived_at = now

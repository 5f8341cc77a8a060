"""A retrieval asked again while nothing it depends on has changed is the last one's result
(docs/decisions/0057).

What a bounded retrieval (``retrieval.bounded_retrieve``) returns depends on the question (user,
project, types, the gates read in the same snapshot), on the rows of the scopes it reads, and on
``now`` only through the evaluation of each record at ``now`` (``engine.evaluation.advance``):
decay steps at ``decay_at``, archival at ``last_seen + ARCHIVE_MS``. So the result at ``now`` is the
result at an earlier ``then`` when

- the same connection's ``PRAGMA data_version`` is unchanged: no other connection has committed
  anything since (SQLite's own counter, so a write by the daemon, the window, a plain ``sqlite3``
  session or an ingest of this process on its write connection is seen). Commits of the same
  connection do not move it: the one connection that both reads and commits is ``serve``'s kept
  write connection (``HotWriter.reading``), and what it commits — the retrieval's own record, its
  stage events and the ``last_injected_at`` marks — is nothing a retrieval reads
  (``candidate_rows`` does not read ``last_injected_at``);
- ``then <= now`` and no record of the scopes read becomes due between them: ``now`` is before the
  *horizon*, the first moment after ``then`` at which a record decays or is archived. For a row
  whose stored evaluation holds at ``then`` that is its ``decay_at`` or ``last_seen + ARCHIVE_MS``
  (two index probes); for a stale row (due by ``then``, which the engine evaluates itself) the same
  moments of its evaluation at ``then``. A row evaluated after ``then`` (a what-if in the past)
  limits the result to ``then`` itself.

Records built at ``then`` carry ``as_of = then``; nothing the result shows or stores depends on
it (the block, the kept records, the stage events). A hit gets this call's ``duration_ms``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace

from creative_memory.model.constants import Status
from creative_memory.model.records import RetrievalResult
from creative_memory.services.engine.evaluation import ARCHIVE_MS, evaluated
from creative_memory.services.retrieval.candidate_rows import TABLE, Row, row_state

_KEY = "retrieval.results"
#: questions remembered at once (a project and its types each); the oldest goes first
KEPT = 32

_NEXT = {
    "decay_at": f"SELECT decay_at FROM {TABLE} INDEXED BY ix_cm_prefs_due_decay WHERE user_id = ? "
    "AND status != 'archived' AND decay_at > ? AND scope IN ({}) ORDER BY decay_at LIMIT 1",
    "last_seen": f"SELECT last_seen FROM {TABLE} INDEXED BY ix_cm_prefs_due_lastseen WHERE user_id = ? "
    "AND status != 'archived' AND last_seen > ? AND scope IN ({}) ORDER BY last_seen LIMIT 1",
}
_NEVER = 2**62


@dataclass(frozen=True)
class _Kept:
    con: sqlite3.Connection  # data_version is a property of one connection
    version: int
    then: int
    until: int  # exclusive: at ``until`` a record of the scopes is due
    result: RetrievalResult


def data_version(con: sqlite3.Connection) -> int:
    return int(con.execute("PRAGMA data_version").fetchone()[0])


def _kept(memo: dict[object, object]) -> dict[Hashable, _Kept]:
    kept = memo.get(_KEY)
    if not isinstance(kept, dict):
        kept = {}
        memo[_KEY] = kept
    return kept


def recall(
    memo: dict[object, object], con: sqlite3.Connection, question: Hashable, version: int, now: int
) -> RetrievalResult | None:
    """The remembered result of ``question`` if it is this snapshot's at ``now``, else None."""
    k = _kept(memo).get(question)
    if k is None or k.con is not con or k.version != version or not k.then <= now < k.until:
        return None
    return k.result


def remember(
    memo: dict[object, object],
    con: sqlite3.Connection,
    question: Hashable,
    version: int,
    now: int,
    result: RetrievalResult,
    horizon: int,
) -> None:
    kept = _kept(memo)
    kept.pop(question, None)
    while len(kept) >= KEPT:
        del kept[next(iter(kept))]
    kept[question] = _Kept(con, version, now, horizon, result)


def horizon(
    con: sqlite3.Connection,
    user_id: str,
    scopes: Sequence[str],
    now: int,
    stale: Iterable[Row],
    future: bool,
) -> int:
    """The first moment after ``now`` at which a record of ``scopes`` decays or is archived
    (see the module notes); ``now + 1`` when a record of them is evaluated after ``now``."""
    if future:
        return now + 1
    if not scopes:
        return _NEVER
    marks = ",".join("?" * len(scopes))
    until = _NEVER
    for column, since, later in (("decay_at", now, 0), ("last_seen", now - ARCHIVE_MS, ARCHIVE_MS)):
        row = con.execute(_NEXT[column].format(marks), (user_id, since, *scopes)).fetchone()
        if row is not None:
            until = min(until, int(row[0]) + later)
    for r in stale:
        s = evaluated(row_state(r, now), now)
        if s.status is not Status.ARCHIVED:
            until = min(until, s.decay_at, s.last_seen + ARCHIVE_MS)
    return until


def forget(memo: dict[object, object]) -> None:
    """Drop every remembered result (what the read keeps besides — counts, depth hints, records
    by row — stays)."""
    memo.pop(_KEY, None)


def timed(result: RetrievalResult, duration_ms: float) -> RetrievalResult:
    """The remembered result with this call's duration."""
    return replace(result, duration_ms=duration_ms)

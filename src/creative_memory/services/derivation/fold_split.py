"""A full derivation's fold on two cores (docs/decisions/0056).

A group is one scope's (type, pattern), and every event has one scope, so folding one scope's
events never reads another scope's records: scopes can be folded apart and their records put
together. On a large store (:data:`MIN_EVENTS`) with a second core, a helper process folds about
half of the project scopes while this process reads every event once — for the set digest, the
count and the top sequence number, as before — and folds the rest, skipping the helper's scopes
without parsing them.

The helper reads its own snapshot, opened after this process's, through the per-project index,
up to the top sequence number this snapshot saw, and builds its records' rows for the write-back
there too (the cache key, which the digest of every event decides, is filled in here). It sends
them back with, per scope, the number and the
sum of the content hashes of the events it folded; they must equal what this process counted for
the same scopes in its snapshot, or its records are thrown away and every event folded here — so
the records always come from exactly the events the digest describes. If the helper cannot start
or fails, the same happens: the fold is never wrong, at worst slower than in one process.
"""

from __future__ import annotations

import gc
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from creative_memory.model.records import PrefKey, PrefState
from creative_memory.model.tables import Event
from creative_memory.services.common import limits
from creative_memory.services.common.helper_process import HelperProcess, answer_with
from creative_memory.services.derivation.derivation_rows import FOLD_ORDER, FOLD_SQL, pref_values
from creative_memory.services.engine.bulk import fold_stored
from creative_memory.services.engine.derive import Deriver, OrderKey
from creative_memory.services.store.connections import ro_uri

log = logging.getLogger("cm.engine")


def _min_events(default: int = 200_000) -> int:
    text = os.environ.get("CM_FOLD_SPLIT_MIN_EVENTS", "").strip()
    return int(text) if text.isdigit() else default


# Below this many events, starting a process (0.3–0.6 s) costs more than it saves. The environment
# can move it (a very large number keeps every fold in one process; 0 splits every fold).
MIN_EVENTS = _min_events()
SHARE = 0.5  # of the events, counted per project, that the helper takes
PATIENCE_S = 20.0  # the least a late helper is waited for, after this process's own fold
_EVENTS = Event.__tablename__
_SCOPE_SQL = (
    f"{FOLD_SQL} WHERE user_id = ? AND project_id = ? AND scope = ? AND +seq <= ? ORDER BY {FOLD_ORDER}"
)

Row = tuple[Any, ...]
#: what the helper sends: its records as stored rows (``pref_values`` with an empty cache key, which
#: the digest of every event decides, and the state's own last injection), the last event's order
#: key, and per scope (events folded, sum of their content hashes)
Built = tuple[dict[PrefKey, Row], OrderKey | None, dict[str, tuple[int, int]]]


def helper_scopes(con: sqlite3.Connection, user_id: str, total: int) -> list[str]:
    """The project scopes a helper should fold: about :data:`SHARE` of the events, counted per
    project from the (user, project, time) index. None when the store is small or there is one core."""
    if total < MIN_EVENTS or limits.cores() < 2:
        return []
    counts = con.execute(
        f"SELECT project_id, count(*) FROM {_EVENTS} WHERE user_id = ? AND project_id IS NOT NULL "
        "GROUP BY project_id",
        (user_id,),
    ).fetchall()
    want, taken, scopes = total * SHARE, 0, []
    for project_id, n in sorted(counts, key=lambda r: (-r[1], r[0])):  # largest first: a close fit
        if taken + n <= want:
            scopes.append(f"project:{project_id}")
            taken += n
    return sorted(scopes)


def fold_scopes(
    con: sqlite3.Connection, user_id: str, scopes: Iterable[str], max_seq: int
) -> tuple[dict[PrefKey, PrefState], OrderKey | None, dict[str, tuple[int, int]]]:
    """Fold each scope's events (up to ``max_seq``) apart; the records, the last event's order
    key, and per scope (events folded, sum of their content hashes)."""
    records: dict[PrefKey, PrefState] = {}
    last: OrderKey | None = None
    seen: dict[str, tuple[int, int]] = {}
    for scope in scopes:
        deriver = Deriver(track_touched=False)
        rows = con.execute(_SCOPE_SQL, (user_id, scope.split(":", 1)[1], scope, max_seq))
        digest, count, _top = fold_stored(deriver, rows)
        records.update(deriver.records)
        seen[scope] = (count, digest)
        last = _later(last, deriver.last_key)
    return records, last, seen


def _helper(out: Connection, path: str, user_id: str, scopes: list[str], max_seq: int, now: int) -> None:
    """The helper process: fold ``scopes`` in a read snapshot of its own and send their rows
    (built here, beside the other process, instead of in the write-back)."""
    gc.disable()  # millions of short-lived objects, no cycles (as services.derivation.rebuild)

    def work() -> Built:
        con = sqlite3.connect(ro_uri(Path(path)), uri=True, isolation_level=None, timeout=5.0)
        try:
            con.execute("PRAGMA query_only=ON")
            con.execute("BEGIN")
            records, last, seen = fold_scopes(con, user_id, scopes, max_seq)
            rows = {k: pref_values(st, user_id, now, "", None) for k, st in records.items()}
            return rows, last, seen
        finally:
            con.close()

    answer_with(out, work)


class Helper:
    """A started helper process and the scopes it folds."""

    def __init__(self, path: Path, user_id: str, scopes: list[str], max_seq: int, now: int) -> None:
        self.scopes = scopes
        self._process = HelperProcess(
            _helper,
            (str(path), user_id, scopes, max_seq, now),
            name="cm-fold",
            log=log,
            what="the fold's helper process",
            instead="folding here",
        )

    def result(self, cancelled: Callable[[], bool] | None) -> Built | None:
        """Wait for the helper's records; None if it failed (said in the log). It has about as
        much to do as this process had: past twice that (at least :data:`PATIENCE_S`), it is given up."""
        now = time.monotonic()
        built: Built | None = self._process.result(
            now + max(PATIENCE_S, 2 * (now - self._process.started)), cancelled
        )
        return built

    def stop(self) -> None:
        self._process.stop()


def start(
    path: Path, con: sqlite3.Connection, user_id: str, total: int, max_seq: int, now: int
) -> Helper | None:
    """A helper for about half the scopes, or None (small store, one core, or it would not start)."""
    scopes = helper_scopes(con, user_id, total)
    if not scopes:
        return None
    try:
        return Helper(path, user_id, scopes, max_seq, now)
    except Exception as exc:  # any failure to start only means folding in one process
        log.warning("no helper process for the fold (%s); folding in one", exc)
        return None


def merge(
    deriver: Deriver,
    helper: Helper,
    skipped: dict[str, list[int]],
    cancelled: Callable[[], bool] | None,
) -> tuple[dict[PrefKey, Row], OrderKey | None] | None:
    """The helper's rows and the last order key of both folds, when the helper folded exactly the
    events this snapshot counted for its scopes (``skipped``: per scope, [events, sum of hashes],
    as ``fold_stored`` tallied them); None otherwise (the caller then folds everything itself)."""
    built = helper.result(cancelled)
    if built is None:
        return None
    rows, last, seen = built
    if set(seen) != set(helper.scopes) or any(list(seen[s]) != skipped[s] for s in helper.scopes):
        log.warning("the fold's helper saw other events than this snapshot; folding everything here")
        return None
    log.info(
        "the fold's helper process folded %d scopes, %d events", len(seen), sum(n for n, _h in seen.values())
    )
    return rows, _later(deriver.last_key, last)


def _later(a: OrderKey | None, b: OrderKey | None) -> OrderKey | None:
    if a is None:
        return b
    if b is None:
        return a
    return max(a, b)

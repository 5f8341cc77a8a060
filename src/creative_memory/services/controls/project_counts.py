"""The Projects list's counts: each project's events (how many, the last one's instant) and its
preferences, the events' part kept between reads and brought up to date from the events added
since (decision 0058).

Counting every event per project (``max(occurred_at)``, ``count(*)`` over the user's 1 M events on
the L store) cost 0.2 s of CPU and 0.3–0.7 s of wall clock, and the window asks for it at every
refresh of the Projects tab — every second or two while Open Design writes. Raw events are
appended with a seq above every earlier one (AUTOINCREMENT, never reused) and removed or changed
only by erasure or by another program behind our back, so the counts of the events up to a seq stay
right as long as none of those events is gone or changed. A kept count is therefore used only when

* the user's events up to its seq are exactly as many as when it was counted (an erasure deleted
  some, or none changed: erasure rewrites payloads, never a project or an instant), and
* the change log holds nothing for the user (another program's update or delete, logged by the
  triggers, :mod:`services.derivation.changes`);

then only the events above that seq are counted and added. Otherwise everything is counted again.
The check is one range count of the ``(user_id, seq)`` index (≈ 50 ms of CPU on L). One case
passes it: another program moving an event to another project or instant (an update, which keeps
the count) whose log a derivation has already folded in and emptied before this read. So every
``FULL_EVERY``-th read counts everything again, which bounds how long such an edit goes unseen
(under a writer the window reads every second or two).

Preferences are counted by their scope (``'project:' || project_id``, the one spelling
``model.constants.scope_for`` gives) over the ``(user_id, scope, status, strength)`` index, which
holds every column the count needs, instead of reading each of the user's preference rows.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from creative_memory.model.tables import Event, EventChange, Preference

_EVENTS = Event.__tablename__
_CHANGES = EventChange.__tablename__
_PREFS = Preference.__tablename__
_PROJECT = "project:"
#: the first string after every ``project:…`` scope (``;`` follows ``:``)
_PROJECT_END = "project;"
#: a kept count is used at most this many times in a row before everything is counted again
FULL_EVERY = 30

#: project id → (the last event's instant, the number of events)
Activity = dict[str, tuple[int, int]]


@dataclass(frozen=True)
class KeptActivity:
    """What was counted: the user's events up to ``max_seq`` (``upto`` of them), per project;
    ``reads``: how many reads have used it since everything was last counted."""

    max_seq: int
    upto: int
    activity: tuple[tuple[str, int, int], ...]
    reads: int = 0


def _memo_key(user_id: str) -> tuple[str, str]:
    return ("project_activity", user_id)


def _per_project(con: sqlite3.Connection, user_id: str, after: int, upto: int) -> Activity:
    rows = con.execute(
        f"SELECT project_id, max(occurred_at), count(*) FROM {_EVENTS} "
        "WHERE user_id = ? AND project_id IS NOT NULL AND seq > ? AND seq <= ? GROUP BY project_id",
        (user_id, after, upto),
    )
    return {str(pid): (int(last), int(n)) for pid, last, n in rows}


def _all_per_project(con: sqlite3.Connection, user_id: str) -> Activity:
    rows = con.execute(
        f"SELECT project_id, max(occurred_at), count(*) FROM {_EVENTS} "
        "WHERE user_id = ? AND project_id IS NOT NULL GROUP BY project_id",
        (user_id,),
    )
    return {str(pid): (int(last), int(n)) for pid, last, n in rows}


def _count_upto(con: sqlite3.Connection, user_id: str, upto: int) -> int:
    (n,) = con.execute(
        f"SELECT count(*) FROM {_EVENTS} WHERE user_id = ? AND seq <= ?", (user_id, upto)
    ).fetchone()
    return int(n)


def _still_valid(con: sqlite3.Connection, user_id: str, kept: KeptActivity, top: int) -> bool:
    if top < kept.max_seq or kept.reads + 1 >= FULL_EVERY:
        return False
    if con.execute(f"SELECT 1 FROM {_CHANGES} WHERE user_id = ? LIMIT 1", (user_id,)).fetchone() is not None:
        return False
    return _count_upto(con, user_id, kept.max_seq) == kept.upto


def project_activity(
    con: sqlite3.Connection, user_id: str, memo: dict[object, object] | None = None
) -> Activity:
    """Per project id with events: (the last event's ``occurred_at``, the number of events) — the
    same as a ``GROUP BY project_id`` over all the user's events. With ``memo`` (the store's, read
    in one snapshot), what an earlier call counted is kept there and only the events added since are
    counted, when nothing it counted has changed."""
    (top,) = con.execute(
        f"SELECT coalesce(max(seq), 0) FROM {_EVENTS} WHERE user_id = ?", (user_id,)
    ).fetchone()
    top = int(top)
    kept = memo.get(_memo_key(user_id)) if memo is not None else None
    reads = 0
    if isinstance(kept, KeptActivity) and _still_valid(con, user_id, kept, top):
        reads = kept.reads + 1
        activity = {pid: (last, n) for pid, last, n in kept.activity}
        for pid, (last, n) in _per_project(con, user_id, kept.max_seq, top).items():
            old = activity.get(pid)
            activity[pid] = (max(last, old[0]), n + old[1]) if old else (last, n)
        upto = kept.upto + _count_upto_from(con, user_id, kept.max_seq, top)
    else:
        activity = _all_per_project(con, user_id)
        upto = _count_upto(con, user_id, top) if memo is not None else 0
    if memo is not None:
        memo[_memo_key(user_id)] = KeptActivity(
            top, upto, tuple((p, a[0], a[1]) for p, a in activity.items()), reads
        )
    return activity


def _count_upto_from(con: sqlite3.Connection, user_id: str, after: int, upto: int) -> int:
    (n,) = con.execute(
        f"SELECT count(*) FROM {_EVENTS} WHERE user_id = ? AND seq > ? AND seq <= ?", (user_id, after, upto)
    ).fetchone()
    return int(n)


def preference_projects(con: sqlite3.Connection, user_id: str) -> list[str]:
    """The project ids that project-scoped preferences exist for, in order (over the scope index:
    the scopes share their ``project:`` prefix, so they sort as their ids do)."""
    rows = con.execute(
        f"SELECT DISTINCT scope FROM {_PREFS} WHERE user_id = ? AND scope > ? AND scope < ? ORDER BY scope",
        (user_id, _PROJECT, _PROJECT_END),
    )
    return [str(scope)[len(_PROJECT) :] for (scope,) in rows]


def preference_counts(con: sqlite3.Connection, user_id: str) -> dict[str, int]:
    """Project-scoped preferences per project id (over the scope index, no row read)."""
    rows = con.execute(
        f"SELECT scope, count(*) FROM {_PREFS} WHERE user_id = ? AND scope >= ? AND scope < ? GROUP BY scope",
        (user_id, _PROJECT, _PROJECT_END),
    )
    return {str(scope)[len(_PROJECT) :]: int(n) for scope, n in rows}

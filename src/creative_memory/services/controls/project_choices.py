"""The projects a picker offers (Preview, Diagnostics): ids, names and switches, without counts.

``controls.projects`` also counts every project's events and preferences and finds its last
event: two aggregations over the user's events and preferences, 0.4–1.4 s at L under a writer, on
the window's one store thread, at every refresh of a tab that only fills a combo box. The ids here
are the same set — Open Design's projects, those with settings, events or project-scoped
preferences — found by skipping from one distinct value to the next in the events'
``(user_id, project_id, …)`` index and the preferences' ``(user_id, scope, …)`` index (one probe
per project), in the same order (by name, then id).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy.orm import Session

from creative_memory.model.constants import project_of
from creative_memory.model.tables import Event, Preference
from creative_memory.services.controls.controls import by_name, daemon_projects, project_settings
from creative_memory.services.store.store import Store, raw_connection


@dataclass(frozen=True)
class ProjectChoice:
    """A project as a picker shows it: id, Open Design's name (None when only memory knows it) and
    the two switches a what-if looks at."""

    id: str
    name: str | None
    use_memory: bool
    use_global_memory: bool


def _distinct(con: sqlite3.Connection, sql: str, user_id: str) -> Iterator[str]:
    """Each distinct value of an index's second column for ``user_id``, one probe per value."""
    value = ""
    while True:
        row = con.execute(sql, (user_id, value)).fetchone()
        if row is None:
            return
        value = str(row[0])
        yield value


def project_ids(session: Session, user_id: str) -> set[str]:
    """The ids of projects with events or project-scoped preferences of ``user_id``."""
    con = raw_connection(session)
    events, prefs = Event.__tablename__, Preference.__tablename__
    ids = set(
        _distinct(
            con,
            f"SELECT project_id FROM {events} WHERE user_id = ? AND project_id > ? "
            "ORDER BY project_id LIMIT 1",
            user_id,
        )
    )
    for scope in _distinct(
        con, f"SELECT scope FROM {prefs} WHERE user_id = ? AND scope > ? ORDER BY scope LIMIT 1", user_id
    ):
        pid = project_of(scope)
        if pid is not None:
            ids.add(pid)
    return ids


def project_choices(store: Store, user_id: str) -> list[ProjectChoice]:
    """The projects ``controls.projects`` lists, in its order, without their counts."""
    with store.read() as session:
        names = daemon_projects(session)
        settings = project_settings(session, user_id)
        ids = set(names) | set(settings) | project_ids(session, user_id)
    out = []
    for pid in by_name(ids, names):
        ps = settings.get(pid)
        out.append(
            ProjectChoice(
                id=pid,
                name=names.get(pid),
                use_memory=True if ps is None else bool(ps.use_memory),
                use_global_memory=True if ps is None else bool(ps.use_global_memory),
            )
        )
    return out


__all__ = ["ProjectChoice", "project_choices", "project_ids"]

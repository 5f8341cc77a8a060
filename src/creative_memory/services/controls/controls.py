"""User controls: master switch, pause/resume, per-project switches, status.

Pauses are stored as end times and read against ``now``: a pause ends by itself when its time
passes, with no process needing to run at that moment.
"""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from creative_memory.model.constants import Actor
from creative_memory.model.events import iso
from creative_memory.model.tables import ProjectSettings, Settings
from creative_memory.services.common.clock import FOREVER_MS
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.controls import audit, project_counts
from creative_memory.services.controls.status import MemoryStatus, status_of
from creative_memory.services.controls.status import status as plain_status
from creative_memory.services.store.store import Store, raw_connection

What = Literal["both", "learning", "using"]
DEFAULT_RETENTION_DAYS = 30  # how long recorded retrievals are kept unless the user says otherwise


# --------------------------------------------------------------------------- settings rows
def get_settings(session: Session, user_id: str) -> Settings:
    """The user's settings row, or an unsaved default one (memory on, nothing paused)."""
    row = session.get(Settings, user_id)
    if row is None:
        row = Settings(
            user_id=user_id,
            memory_enabled=True,
            learning_paused_until=None,
            using_paused_until=None,
            diagnostics_retention_days=DEFAULT_RETENTION_DAYS,
            updated_at=0,
        )
    return row


def settings_for_write(session: Session, user_id: str, now: int) -> Settings:
    """Inside a write transaction: the user's settings row, added with the defaults when there is
    none yet, its ``updated_at`` set to ``now`` (the caller changes the switches on it)."""
    row = session.get(Settings, user_id)
    if row is None:
        row = get_settings(session, user_id)
        session.add(row)
    row.updated_at = now
    return row


def _active(until: int | None, now: int) -> int | None:
    return until if until is not None and until > now else None


@dataclass(frozen=True)
class Gate:
    """What stops learning right now (ingest side)."""

    memory_enabled: bool
    learning_paused: bool
    projects_not_learning: frozenset[str] = field(default_factory=frozenset)

    def reason_for(self, project_id: str | None) -> str | None:
        if not self.memory_enabled:
            return "memory_disabled"
        if self.learning_paused:
            return "learning_paused"
        if project_id is not None and project_id in self.projects_not_learning:
            return "project_learning_disabled"
        return None


_PAUSES = {"learning": "learning_paused_until", "using": "using_paused_until"}


def _switch_and_pause(
    con: sqlite3.Connection, user_id: str, pause: Literal["learning", "using"]
) -> tuple[bool, Any]:
    """Whether memory is on and until when ``pause`` runs (the defaults when the user has no
    settings row yet), in plain SQL."""
    row = con.execute(
        f"SELECT memory_enabled, {_PAUSES[pause]} FROM {Settings.__tablename__} WHERE user_id = ?", (user_id,)
    ).fetchone()
    return (True, None) if row is None else (bool(row[0]), row[1])


def learning_gate(db: Session | sqlite3.Connection, user_id: str, now: int) -> Gate:
    """What stops learning at ``now`` (plain SQL: read once per ingest chunk)."""
    con = raw_connection(db)
    enabled, paused_until = _switch_and_pause(con, user_id, "learning")
    off = frozenset(
        str(r[0])
        for r in con.execute(
            f"SELECT project_id FROM {ProjectSettings.__tablename__} "
            "WHERE user_id = ? AND learn_from_project IS 0",
            (user_id,),
        )
    )
    return Gate(
        memory_enabled=enabled,
        learning_paused=_active(paused_until, now) is not None,
        projects_not_learning=off,
    )


@dataclass(frozen=True)
class UsingGate:
    memory_enabled: bool
    using_paused: bool
    project_use_memory: bool  # "Use this project's memory"
    project_use_global: bool = True  # "Use global memory in this project"


def using_gate(db: Session | sqlite3.Connection, user_id: str, project_id: str | None, now: int) -> UsingGate:
    """What stops a retrieval at ``now`` (plain SQL: on every retrieval's hot path)."""
    con = raw_connection(db)
    enabled, paused_until = _switch_and_pause(con, user_id, "using")
    use = use_global = True
    if project_id is not None:
        ps = con.execute(
            f"SELECT use_memory, use_global_memory FROM {ProjectSettings.__tablename__} "
            "WHERE user_id = ? AND project_id = ?",
            (user_id, project_id),
        ).fetchone()
        if ps is not None:
            use, use_global = bool(ps[0]), bool(ps[1])
    return UsingGate(
        memory_enabled=enabled,
        using_paused=_active(paused_until, now) is not None,
        project_use_memory=use,
        project_use_global=use_global,
    )


# --------------------------------------------------------------------------- status
def status_in(session: Session, user_id: str, now: int) -> MemoryStatus:
    """The status in a session's transaction (its pending changes flushed first)."""
    return status_of(raw_connection(session), user_id, now)


def status(store: Store, user_id: str, now: int) -> MemoryStatus:
    """On/off, pauses, counts, projects with a switch off, ignored counts (``services.controls.status``)."""
    return plain_status(store, user_id, now)


# --------------------------------------------------------------------------- master switch, pause
def set_enabled(store: Store, user_id: str, enabled: bool, *, actor: Actor, now: int) -> MemoryStatus:
    with store.write() as session:
        row = settings_for_write(session, user_id, now)
        row.memory_enabled = enabled
        audit.record(session, user_id, actor, "enable" if enabled else "disable", "memory", "ok", now)
    return status(store, user_id, now)


def pause(
    store: Store, user_id: str, *, until: int | None, what: What = "both", actor: Actor, now: int
) -> MemoryStatus:
    """Pause learning and/or using until ``until`` (ms), or until resumed when ``until`` is None."""
    if until is not None and until <= now:
        raise InvalidInput(f"The pause end {iso(until)} is not in the future; choose a later time.")
    if until is not None and until > FOREVER_MS:  # past year 9999: no date can show it
        raise InvalidInput(
            "The pause end is after the year 9999; pause without an end to pause until you resume."
        )
    end = FOREVER_MS if until is None else until
    with store.write() as session:
        row = settings_for_write(session, user_id, now)
        if what in ("both", "learning"):
            row.learning_paused_until = end
        if what in ("both", "using"):
            row.using_paused_until = end
        target = f"{what} until {'resumed' if until is None else iso(until)}"
        audit.record(session, user_id, actor, "pause", target, "ok", now)
    return status(store, user_id, now)


def resume(store: Store, user_id: str, *, what: What = "both", actor: Actor, now: int) -> MemoryStatus:
    with store.write() as session:
        row = settings_for_write(session, user_id, now)
        if what in ("both", "learning"):
            row.learning_paused_until = None
        if what in ("both", "using"):
            row.using_paused_until = None
        audit.record(session, user_id, actor, "resume", what, "ok", now)
    return status(store, user_id, now)


# --------------------------------------------------------------------------- projects
def daemon_projects(session: Session) -> dict[str, str]:
    """Names from the daemon's ``projects`` table when it exists (read only, never written)."""
    has = session.execute(text("SELECT 1 FROM sqlite_master WHERE type='table' AND name='projects'")).first()
    if has is None:
        return {}
    try:
        return {str(r[0]): str(r[1]) for r in session.execute(text("SELECT id, name FROM projects"))}
    except Exception:  # the daemon's schema is not ours; a surprise there must not break us
        return {}


@dataclass
class ProjectRow:
    """One project as the Projects tab and ``project list`` show it: its id and Open Design's name
    for it (None when only memory knows it), its three switches, the project-scoped preferences,
    its events and the last one's instant, and whether Open Design's project list has it. Not
    frozen: the Projects tab shows a switch's new state before the write confirms it."""

    id: str
    name: str | None
    use_memory: bool
    use_global_memory: bool
    learn_from_project: bool
    preferences: int
    events: int
    last_activity: str | None
    in_daemon: bool

    def as_json(self) -> dict[str, Any]:
        """The wire form (``project list --json``, ``project set --json``)."""
        return asdict(self)


def project_settings(session: Session, user_id: str) -> dict[str, ProjectSettings]:
    """The user's stored project switches by project id (a project without a row has every switch on)."""
    return {
        ps.project_id: ps
        for ps in session.scalars(select(ProjectSettings).where(ProjectSettings.user_id == user_id))
    }


def by_name(ids: set[str], names: dict[str, str]) -> list[str]:
    """Project ids in the order every list shows them: by Open Design's name (else the id), then id."""
    return sorted(ids, key=lambda p: ((names.get(p) or p).casefold(), p))


def project_list(
    session: Session, user_id: str, memo: dict[object, object] | None = None
) -> list[ProjectRow]:
    """Every project the daemon or memory knows, with its switches and counts; with ``memo`` (the
    store's) the events' counts are kept there between calls (``services.controls.project_counts``)."""
    names = daemon_projects(session)
    con = raw_connection(session)
    activity = project_counts.project_activity(con, user_id, memo)
    pref_counts = project_counts.preference_counts(con, user_id)
    settings = project_settings(session, user_id)
    ids = set(names) | set(activity) | set(settings) | set(pref_counts)
    out = []
    for pid in by_name(ids, names):
        ps = settings.get(pid)
        last = activity.get(pid)
        out.append(
            ProjectRow(
                id=pid,
                name=names.get(pid),
                use_memory=True if ps is None else bool(ps.use_memory),
                use_global_memory=True if ps is None else bool(ps.use_global_memory),
                learn_from_project=True if ps is None else bool(ps.learn_from_project),
                preferences=pref_counts.get(pid, 0),
                events=last[1] if last else 0,
                last_activity=iso(last[0]) if last else None,
                in_daemon=pid in names,
            )
        )
    return out


def projects(store: Store, user_id: str) -> list[ProjectRow]:
    with store.read() as session:
        return project_list(session, user_id, store.memo)


def set_project(
    store: Store,
    user_id: str,
    project_id: str,
    *,
    use_memory: bool | None = None,
    learn_from_project: bool | None = None,
    use_global_memory: bool | None = None,
    actor: Actor,
    now: int,
) -> ProjectRow:
    """Set a project's switches (None leaves one as it is): ``use_global_memory`` — "Use global
    memory in this project"; ``use_memory`` — "Use this project's memory"; ``learn_from_project``
    — "Learn from this project"."""
    from creative_memory.services.common.naming import valid_project

    project_id = valid_project(project_id)
    with store.write() as session:
        ps = session.get(ProjectSettings, (user_id, project_id))
        if ps is None:
            ps = ProjectSettings(
                user_id=user_id,
                project_id=project_id,
                use_memory=True,
                use_global_memory=True,
                learn_from_project=True,
                updated_at=now,
            )
            session.add(ps)
        if use_global_memory is not None:
            ps.use_global_memory = use_global_memory
        if use_memory is not None:
            ps.use_memory = use_memory
        if learn_from_project is not None:
            ps.learn_from_project = learn_from_project
        ps.updated_at = now
        parts = []
        if use_global_memory is not None:
            parts.append(f"use_global_memory={'on' if use_global_memory else 'off'}")
        if use_memory is not None:
            parts.append(f"use_memory={'on' if use_memory else 'off'}")
        if learn_from_project is not None:
            parts.append(f"learn={'on' if learn_from_project else 'off'}")
        audit.record(session, user_id, actor, "project", f"{project_id}: {', '.join(parts)}", "ok", now)
        session.flush()
        rows = project_list(session, user_id)
    return next(r for r in rows if r.id == project_id)

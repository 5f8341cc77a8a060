"""What the window's Overview shows from the store, read with plain SQL in one read transaction.

The Overview is the window's first screen: nothing here imports SQLAlchemy, Alembic or pydantic
(as ``services.controls.status``), so the window shows it without waiting for the ORM to load; the
counts of a large store are index scans.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from creative_memory.model.constants import Origin, Status
from creative_memory.model.instants import iso
from creative_memory.services.controls.status import MemoryStatus, status_of
from creative_memory.services.location.discovery import DAEMON_TABLES

if TYPE_CHECKING:
    from creative_memory.services.store.store import Store

#: the retrievals that put memory into a prompt (self-tests and Diagnostics' runs do not)
INJECTING = (str(Origin.DAEMON), str(Origin.CLI))


@dataclass(frozen=True)
class SwitchedOff:
    """A project with a switch off, as the Overview names it: Open Design's name (None when only
    memory knows the project) and which of its three switches are off."""

    id: str
    name: str | None
    global_memory_off: bool
    project_memory_off: bool
    learning_off: bool


@dataclass(frozen=True)
class OverviewFacts:
    """What the Overview shows from the store: the status, the records not archived per tier, the
    last event's and the last injection's instants (ISO, None when there is none)."""

    status: MemoryStatus
    tiers: dict[str, int]
    last_event: str | None
    last_retrieval: str | None
    switched_off: list[SwitchedOff] = field(default_factory=list)
    #: whether the store's file also holds Open Design's own tables (its data folder was found)
    shared: bool = False


def _daemon_projects(con: sqlite3.Connection, tables: set[str]) -> dict[str, str]:
    """Names from the daemon's ``projects`` table when it exists (read only, never written)."""
    if "projects" not in tables:
        return {}
    try:
        return {str(r[0]): str(r[1]) for r in con.execute("SELECT id, name FROM projects")}
    except sqlite3.Error:  # the daemon's schema is not ours; a surprise there must not break us
        return {}


def _switched_off(con: sqlite3.Connection, user_id: str, names: dict[str, str]) -> list[SwitchedOff]:
    """The projects with at least one switch off, by name then id."""
    out = [
        SwitchedOff(
            id=str(pid),
            name=names.get(str(pid)),
            global_memory_off=not use_global,
            project_memory_off=not use_memory,
            learning_off=not learn,
        )
        for pid, use_memory, use_global, learn in con.execute(
            "SELECT project_id, use_memory, use_global_memory, learn_from_project "
            "FROM creative_memory_project_settings WHERE user_id = ?",
            (user_id,),
        )
        if not (use_global and use_memory and learn)
    ]
    return sorted(out, key=lambda s: (s.name is None, (s.name or "").casefold(), s.id))


def overview_facts_of(con: sqlite3.Connection, user_id: str, now: int) -> OverviewFacts:
    """The Overview's facts from an open connection (inside the caller's read transaction)."""
    tiers = {
        str(tier): int(n)
        for tier, n in con.execute(
            "SELECT confidence, count(*) FROM creative_memory_preferences "
            "WHERE user_id = ? AND status != ? GROUP BY confidence",
            (user_id, str(Status.ARCHIVED)),
        )
    }
    (last_event,) = con.execute(
        "SELECT max(occurred_at) FROM creative_memory_events WHERE user_id = ?", (user_id,)
    ).fetchone()
    (last_injection,) = con.execute(
        "SELECT max(at) FROM creative_memory_retrievals WHERE user_id = ? AND origin IN (?, ?)",
        (user_id, *INJECTING),
    ).fetchone()
    tables = {str(r[0]) for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return OverviewFacts(
        status=status_of(con, user_id, now),
        tiers=tiers,
        last_event=iso(last_event),
        last_retrieval=iso(None if last_injection is None else int(last_injection)),
        switched_off=_switched_off(con, user_id, _daemon_projects(con, tables)),
        shared=tables >= DAEMON_TABLES,
    )


def overview_facts(store: Store, user_id: str, now: int) -> OverviewFacts:
    """Everything the Overview shows from the store, in one read transaction."""
    with store.snapshot() as con:
        return overview_facts_of(con, user_id, now)

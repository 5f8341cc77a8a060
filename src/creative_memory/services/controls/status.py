"""``status``: the switches, pauses and counts of one user, read with plain SQL.

One read transaction on the store's kept read connection. Nothing here imports SQLAlchemy, Alembic
or pydantic, so ``od-memory status`` answers as fast as the interpreter starts and the counts are
read (the counts of a large store are index scans: tens of milliseconds for a million events).
``services.controls.controls.status`` and ``status_in`` (the GUI, the host, the self-test) give the same
:class:`MemoryStatus` from here; its ``as_json()`` is the ``status --json`` and host form.
"""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from creative_memory.model.instants import iso
from creative_memory.services.common.clock import FOREVER_MS

if TYPE_CHECKING:
    from creative_memory.services.store.store import Store

SETTINGS = "creative_memory_settings"
PROJECT_SETTINGS = "creative_memory_project_settings"
IGNORED = "creative_memory_ignored_counts"
COUNTED = {
    "preferences": "creative_memory_preferences",
    "events": "creative_memory_events",
    "retrievals": "creative_memory_retrievals",
}


@dataclass(frozen=True)
class StatusCounts:
    """The user's stored preferences, events and recorded retrievals."""

    preferences: int = 0
    events: int = 0
    retrievals: int = 0


@dataclass(frozen=True)
class UntilResumed:
    """Which pauses have no end (until the user resumes)."""

    learning: bool = False
    using: bool = False


@dataclass(frozen=True)
class MemoryStatus:
    """The switches, pauses and counts of one user. The pause ends are ISO instants, None when not
    paused; ``ignored`` counts the events not learned from, per reason."""

    user: str
    enabled: bool = True
    learning_paused_until: str | None = None
    using_paused_until: str | None = None
    learning_paused: bool = False
    using_paused: bool = False
    paused_until_resumed: UntilResumed = field(default_factory=UntilResumed)
    counts: StatusCounts = field(default_factory=StatusCounts)
    projects_disabled: list[str] = field(default_factory=list)
    ignored: dict[str, int] = field(default_factory=dict)
    memory_notes: bool = False

    def as_json(self) -> dict[str, Any]:
        """The wire form (``status --json``, the host's ``status``): the fields in this order."""
        return asdict(self)


def _active(until: int | None, now: int) -> int | None:
    return until if until is not None and until > now else None


def status_of(con: sqlite3.Connection, user_id: str, now: int) -> MemoryStatus:
    """The status from an open connection (inside the caller's read transaction)."""
    row = con.execute(
        f"SELECT memory_enabled, learning_paused_until, using_paused_until, memory_notes FROM {SETTINGS} "
        "WHERE user_id = ?",
        (user_id,),
    ).fetchone()
    enabled, learning_until, using_until, notes = (True, None, None, False) if row is None else row
    lp = _active(learning_until, now)
    up = _active(using_until, now)
    counts = StatusCounts(**{
        name: int(con.execute(f"SELECT count(*) FROM {table} WHERE user_id = ?", (user_id,)).fetchone()[0])
        for name, table in COUNTED.items()
    })  # fmt: skip
    disabled = [
        str(r[0])
        for r in con.execute(
            f"SELECT project_id FROM {PROJECT_SETTINGS} WHERE user_id = ? AND (use_memory = 0 OR "
            "use_global_memory = 0 OR learn_from_project = 0) ORDER BY project_id",
            (user_id,),
        )
    ]
    ignored = {
        str(r[0]): int(r[1])
        for r in con.execute(f"SELECT reason, count FROM {IGNORED} WHERE user_id = ?", (user_id,))
    }
    return MemoryStatus(
        user=user_id,
        enabled=bool(enabled),
        learning_paused_until=iso(lp),
        using_paused_until=iso(up),
        learning_paused=lp is not None,
        using_paused=up is not None,
        paused_until_resumed=UntilResumed(learning=lp == FOREVER_MS, using=up == FOREVER_MS),
        counts=counts,
        projects_disabled=disabled,
        ignored=ignored,
        memory_notes=bool(notes),
    )


def status(store: Store, user_id: str, now: int) -> MemoryStatus:
    with store.snapshot() as con:
        return status_of(con, user_id, now)


def derivation_version(store: Store, user_id: str) -> str | None:
    """The rules the user's stored preferences were derived by (None: nothing derived yet)."""
    with store.snapshot() as con:
        row = con.execute(
            "SELECT derivation_version FROM creative_memory_derivations WHERE user_id = ?", (user_id,)
        ).fetchone()
    return None if row is None else str(row[0])

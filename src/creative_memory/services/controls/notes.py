"""Memory notes in chat: an opt-in setting and the one short line a host shows per retrieval.

The seed (§3, "Diagnostic feed in chat") leans towards a collapsed "memory adjusted X" line in the
chat, off by default and switched on in Settings. The setting lives in
``creative_memory_settings.memory_notes``; the line is built from a retrieval's result and stage
events, so it says exactly what that retrieval did ("memory: 7 preferences used; 2 capped").
"""

from __future__ import annotations

import sqlite3

from sqlalchemy.orm import Session

from creative_memory.model.constants import Actor
from creative_memory.model.records import RetrievalResult
from creative_memory.model.tables import Settings
from creative_memory.services.controls import audit, controls
from creative_memory.services.controls.status import MemoryStatus
from creative_memory.services.store.store import Store, raw_connection

_GATE_NOTES = {
    "temporary_conversation": "memory: a temporary conversation, neither used nor fed",
    "memory_disabled": "memory: off, nothing used",
    "memory_paused": "memory: paused, nothing used",
    "project_memory_disabled": "memory: switched off for this project, nothing used",
}


def notes_enabled(db: Session | sqlite3.Connection, user_id: str) -> bool:
    """Whether the user asked for memory notes (plain SQL: read on every host retrieval)."""
    try:
        row = (
            raw_connection(db)
            .execute(f"SELECT memory_notes FROM {Settings.__tablename__} WHERE user_id = ?", (user_id,))
            .fetchone()
        )
    except sqlite3.OperationalError:  # a store a read-only command did not upgrade: no such column
        return False
    return bool(row[0]) if row is not None else False


def set_notes(store: Store, user_id: str, on: bool, *, actor: Actor, now: int) -> MemoryStatus:
    """Switch memory notes on or off; returns the new status."""
    with store.write() as session:
        row = session.get(Settings, user_id)
        if row is None:
            row = controls.get_settings(session, user_id)
            session.add(row)
        row.memory_notes = on
        row.updated_at = now
        audit.record(session, user_id, actor, "memory notes", "on" if on else "off", "ok", now)
    return controls.status(store, user_id, now)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def capped_count(result: RetrievalResult) -> int:
    """How many records passed the lifecycle filter but were left out by a cap, a ceiling or the
    token budget (net of backfills): eligible − used."""
    n = 0
    for e in result.events:
        f = e.fields
        if e.type == "hard_cap_applied":
            n += int(f.get("dropped", 0))
        elif e.type == "diversity_ceiling_applied":
            n += len(f.get("trimmed_patterns", ()))
        elif e.type == "category_ceiling_applied":
            n += int(f.get("total_trimmed", 0))
        elif e.type in ("diversity_backfill", "category_backfill"):
            n -= int(f.get("backfilled_count", 0))
        elif e.type == "token_budget_exceeded" and not f.get("override"):
            n += 1
    return max(n, 0)


def suppressed_count(result: RetrievalResult) -> int:
    """Global records hidden by a project record of the same type and pattern."""
    n = 0
    for e in result.events:
        if e.type == "project_override_suppression":
            n += int(e.fields.get("count", 1))
    return n


def note_text(result: RetrievalResult) -> str:
    """One short line for the chat, e.g. ``memory: 7 preferences used; 2 capped``."""
    if result.empty_reason in _GATE_NOTES:
        return _GATE_NOTES[result.empty_reason]
    used = len(result.positives) + len(result.negatives)
    if used == 0:
        return "memory: nothing strong enough to use yet"
    parts = [f"memory: {_plural(used, 'preference', 'preferences')} used"]
    capped = capped_count(result)
    if capped:
        parts.append(f"{capped} capped")
    hidden = suppressed_count(result)
    if hidden:
        parts.append(f"{hidden} overridden by the project")
    return "; ".join(parts)

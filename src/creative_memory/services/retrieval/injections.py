"""The last injection: what Open Design was last told, and what that did with one preference.

An injection is a recorded retrieval whose block went into a prompt: origin ``daemon`` (the host's
path) or ``cli`` (``od-memory retrieve`` without ``--dry-run``). Self-tests, Diagnostics' explicit
recorded runs and previews (which are never recorded) are not injections, so the Inspector, ``explain``
and the Overview's "last injected" never describe them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import Origin
from creative_memory.model.records import key_text
from creative_memory.model.tables import Event, EventPattern, Preference, Retrieval, RetrievalEvent
from creative_memory.services.controls import controls
from creative_memory.services.retrieval.reasons import Fate, fallback_code, status_code

INJECTING = (str(Origin.DAEMON), str(Origin.CLI))
GATES = ("temporary_conversation", "memory_disabled", "memory_paused", "project_memory_disabled")
_NAMING_LISTS = ("trimmed_patterns", "dropped_patterns")


def last_injection(session: Session, user_id: str, project_id: str | None = None) -> Retrieval | None:
    """The newest injecting retrieval (for ``project_id`` when given, else any)."""
    q = select(Retrieval).where(Retrieval.user_id == user_id, Retrieval.origin.in_(INJECTING))
    if project_id:
        q = q.where(Retrieval.project_id == project_id)
    return session.scalars(q.order_by(Retrieval.at.desc(), Retrieval.id.desc()).limit(1)).first()


def last_injection_time(session: Session, user_id: str) -> int | None:
    """When memory was last injected into a prompt (self-tests and Diagnostics runs excluded)."""
    value = session.scalar(
        select(func.max(Retrieval.at)).where(Retrieval.user_id == user_id, Retrieval.origin.in_(INJECTING))
    )
    return None if value is None else int(value)


def _category_numbers(fields: dict[str, Any], preference_type: str) -> dict[str, Any]:
    return {**fields, "preference_type": preference_type}


def _named_by(
    evs: Sequence[RetrievalEvent], keys: set[str], pattern: str
) -> tuple[str, str, dict[str, Any]] | None:
    """(verdict, code, numbers) from the stage events that name one of ``keys`` (last one wins)."""
    found: tuple[str, str, dict[str, Any]] | None = None
    for e in evs:
        fields: dict[str, Any] = json.loads(e.fields)
        if e.type == "kept" and e.preference_key in keys:
            found = ("kept", "kept", fields)
            continue
        if e.type == "below_threshold" and keys & set(fields.get("sample") or []):
            found = ("dropped", "below_threshold", fields)
            continue
        named = e.preference_key in keys or any(pattern in (fields.get(k) or []) for k in _NAMING_LISTS)
        if named and e.type != "kept":
            found = ("dropped", e.type, fields)
    return found


def _first_event_at(session: Session, user_id: str, rec: Preference) -> int | None:
    value = session.scalar(
        select(func.min(Event.occurred_at))
        .join(EventPattern, EventPattern.seq == Event.seq)
        .where(
            EventPattern.user_id == user_id,
            EventPattern.scope == rec.scope,
            EventPattern.preference_type == rec.preference_type,
            EventPattern.pattern == rec.pattern,
        )
    )
    return None if value is None else int(value)


def fate(
    session: Session,
    user_id: str,
    preference_type: str,
    pattern: str,
    project_id: str | None,
    recs: Sequence[Preference],
) -> Fate | None:
    """What the last injection (for the preference's project, or any for a global one) did with it."""
    ret = last_injection(session, user_id, project_id)
    if ret is None:
        return None
    names = controls.daemon_projects(session)
    base: dict[str, Any] = {
        "retrieval_id": int(ret.id),
        "at": int(ret.at),
        "origin": ret.origin,
        "mode": ret.mode,
        "project_id": ret.project_id,
        "project_name": names.get(ret.project_id) if ret.project_id else None,
    }
    if ret.empty_reason in GATES:
        numbers: dict[str, Any] = {}
        if ret.empty_reason == "memory_paused":
            until = controls.get_settings(session, user_id).using_paused_until
            if until is not None and until > ret.at:
                numbers["paused_until"] = int(until)
        return Fate(verdict="dropped", code=str(ret.empty_reason), numbers=numbers, **base)
    evs = list(
        session.scalars(
            select(RetrievalEvent)
            .where(RetrievalEvent.retrieval_id == ret.id)
            .order_by(RetrievalEvent.ordinal)
        )
    )
    keys = {key_text((p.scope, p.preference_type, p.pattern, p.polarity)) for p in recs}
    found = _named_by(evs, keys, pattern)
    rec = recs[0] if recs else None
    if found is not None and found[1] != "below_threshold":
        verdict, code, fields = found
        if code == "category_ceiling_applied":
            fields = _category_numbers(fields, preference_type)
        return Fate(verdict=verdict, code=code, numbers=fields, **base)
    if rec is None:
        return Fate(verdict="dropped", code="learned_after", **base)
    first = _first_event_at(session, user_id, rec)
    if first is not None and first > ret.at:
        return Fate(verdict="dropped", code="learned_after", **base)
    code, numbers = fallback_code(float(rec.strength), str(rec.status), str(rec.confidence))
    if code == "hard_cap_applied":
        cap = next((json.loads(e.fields) for e in evs if e.type == "hard_cap_applied"), None)
        if cap is None:
            # No cap that time: it was left out by the lifecycle filter as it stood then.
            code, numbers = status_code(str(rec.status)), {}
        else:
            numbers = cap
    return Fate(verdict="dropped", code=code, numbers=numbers, **base)

"""``explain``: why one pattern is remembered as it is — its records, the events that name it, its
strength over time and the fate of its last retrieval (``od-memory explain``, the Inspector's
detail pane)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from creative_memory.model.constants import SignalType, scope_for
from creative_memory.model.events import iso
from creative_memory.model.tables import Event, EventPattern, Preference
from creative_memory.services.common.errors import NotFound
from creative_memory.services.common.naming import optional_project, valid_name
from creative_memory.services.common.spellings import stored_spellings
from creative_memory.services.controls.controls import daemon_projects
from creative_memory.services.derivation.derivation import FOLD_COLUMNS, dbapi_connection, fold_event
from creative_memory.services.derivation.pref_view import PreferenceView, preference_view
from creative_memory.services.engine.derive import Deriver
from creative_memory.services.inspection.page_evidence import PageSeen, because, summary
from creative_memory.services.retrieval.injections import fate
from creative_memory.services.retrieval.reasons import Fate, sentence
from creative_memory.services.store.store import Store


@dataclass(frozen=True)
class ExplainedEvent:
    """One event that names the pattern: when, which signal, where, and the pattern's polarity and
    role in it (``role`` is a comparison's side, else None)."""

    event_id: str
    at: str
    signal_type: str
    project_id: str | None
    session_id: str | None
    polarity: str
    role: str | None
    tag: str | None
    source: str
    because: str | None = None  # for a pattern its page showed: the values that decided it
    rating: str | None = None  # for a rating of an injection: its outcome (helped, not_relevant, …)


@dataclass(frozen=True)
class StrengthPoint:
    """A record's strength, tier and status right after one event (``t``: that event's time, ms)."""

    at: str
    t: int
    polarity: str
    strength: float
    confidence: str
    status: str


@dataclass(frozen=True)
class Explanation:
    """Why one pattern is remembered as it is. ``preference`` is the strongest record and
    ``records`` every record of the pattern in the scope, both as the read commands show them
    (``pref_view.PreferenceView``); ``last_retrieval`` is the fate of its last retrieval (None before
    any injection), ``why`` that fate in a sentence."""

    preference: PreferenceView | None
    records: list[PreferenceView]
    events: list[ExplainedEvent]
    history: list[StrengthPoint]
    last_retrieval: Fate | None
    project_name: str | None
    why: str
    from_pages: str | None = None  # the pages' evidence in a sentence (page_evidence.summary)

    def as_json(self) -> dict[str, Any]:
        """The wire form (``explain --json``)."""
        return {
            "preference": None if self.preference is None else self.preference.as_json(),
            "records": [r.as_json() for r in self.records],
            "events": [asdict(e) for e in self.events],
            "history": [asdict(h) for h in self.history],
            "last_retrieval": None if self.last_retrieval is None else self.last_retrieval.as_json(),
            "project_name": self.project_name,
            "why": self.why,
            "from_pages": self.from_pages,
        }


def load_explain(
    store: Store,
    user_id: str,
    preference_type: str,
    pattern: str,
    project_id: str | None,
    *,
    now: int | None = None,
) -> Explanation:
    """``explain`` in its own read transaction (the Inspector's detail pane)."""
    with store.read() as session:
        return explain(session, user_id, preference_type, pattern, project_id, now=now)


def explain(
    session: Session,
    user_id: str,
    preference_type: str,
    pattern: str,
    project_id: str | None = None,
    now: int | None = None,
) -> Explanation:
    """The records of one pattern (evaluated at ``now`` when given), its events, its strength over
    time and the fate of its last retrieval."""
    preference_type = valid_name(preference_type, "preference type")
    pattern = valid_name(pattern, "pattern")
    scope = scope_for(optional_project(project_id))
    recs = _pattern_records(session, user_id, scope, preference_type, pattern)
    ev_rows = _pattern_events(session, user_id, scope, preference_type, pattern)
    if not recs and not ev_rows:
        # Another spelling of the same name (services.common.spellings: "FLAT-DESIGN", "ﬂat design")
        # is the name stored: explained as it is stored, as forget would erase it (decision 0105).
        for ptype, spelled in sorted(
            stored_spellings(dbapi_connection(session), user_id, preference_type, pattern)
        ):
            recs = _pattern_records(session, user_id, scope, ptype, spelled)
            ev_rows = _pattern_events(session, user_id, scope, ptype, spelled)
            if recs or ev_rows:
                preference_type, pattern = ptype, spelled
                break
    if not recs and not ev_rows:
        where = f" in project {project_id}" if project_id else ""
        raise NotFound(f"Nothing is remembered about {preference_type} '{pattern}'{where}.")
    records = sorted((preference_view(p, now) for p in recs), key=lambda v: -v.strength)
    last = fate(session, user_id, preference_type, pattern, project_id, recs)
    names = daemon_projects(session)
    events = [_explained_event(r, preference_type, pattern) for r in ev_rows]
    return Explanation(
        preference=records[0] if records else None,
        records=records,
        events=events,
        history=_history(ev_rows, {(scope, preference_type, pattern)}),
        last_retrieval=last,
        project_name=names.get(project_id) if project_id else None,
        why=sentence(last, project_id=project_id, project_name=names.get(project_id or "")),
        from_pages=summary(
            [
                PageSeen(e.at, e.signal_type, e.polarity, e.because, names.get(e.project_id or ""))
                for e in events
                if e.because
            ]
        ),
    )


def _pattern_records(
    session: Session, user_id: str, scope: str, preference_type: str, pattern: str
) -> list[Preference]:
    """The stored records of one pattern in one scope (one per polarity), strongest first.

    Sorted here, not by SQL: with ``ORDER BY strength`` and no statistics SQLite walks the
    ``(user_id, strength)`` index over every preference of the user to skip a sort of two rows
    (0.3–0.4 s at L, on the window's one store thread) instead of probing the unique key. The
    order is the one that walk gave: strength, then id, both descending."""
    rows = session.scalars(
        select(Preference).where(
            Preference.user_id == user_id,
            Preference.scope == scope,
            Preference.preference_type == preference_type,
            Preference.pattern == pattern,
        )
    )
    return sorted(rows, key=lambda p: (-p.strength, -p.id))


def _pattern_events(
    session: Session, user_id: str, scope: str, preference_type: str, pattern: str
) -> Sequence[Sequence[Any]]:
    """The events that name the pattern in the scope, in fold order: :data:`FOLD_COLUMNS`, then
    the event's project and source and the pattern's polarity and role in it."""
    return session.execute(
        select(
            *FOLD_COLUMNS,
            Event.project_id,
            Event.source,
            EventPattern.polarity,
            EventPattern.role,
        )
        .join(EventPattern, EventPattern.seq == Event.seq)
        .where(
            EventPattern.user_id == user_id,
            EventPattern.preference_type == preference_type,
            EventPattern.pattern == pattern,
            EventPattern.scope == scope,
        )
        .order_by(Event.occurred_at, Event.content_hash, Event.seq)
    ).all()


def _instant(ms: int) -> str:
    """An event's time (never missing) as ISO text."""
    text = iso(ms)
    assert text is not None
    return text


def _explained_event(r: Sequence[Any], preference_type: str, pattern: str) -> ExplainedEvent:
    try:
        payload = json.loads(r[7])  # read once: what a page showed, and a rating's outcome
    except ValueError:
        payload = {}
    if not isinstance(payload, dict):
        payload = {}
    return ExplainedEvent(
        event_id=r[1],
        at=_instant(r[2]),
        signal_type=r[3],
        project_id=r[9],
        session_id=r[5],
        polarity=r[11],
        role=r[12] or None,
        tag=r[6],
        source=r[10],
        because=because(payload, preference_type, pattern, r[12] or None),
        rating=_rating(r[3], payload),
    )


def _rating(signal_type: str, payload: Mapping[str, Any]) -> str | None:
    """A rating's outcome (decision 0088), None for every other event."""
    if signal_type != SignalType.RECALL_RATING:
        return None
    recall = payload.get("recall") or {}
    outcome = recall.get("outcome") if isinstance(recall, dict) else None
    return str(outcome) if outcome else None


def _history(ev_rows: Sequence[Sequence[Any]], group: set[tuple[str, str, str]]) -> list[StrengthPoint]:
    """Strength over time: fold just this group, one point per event (and per record)."""
    deriver = Deriver()
    history: list[StrengthPoint] = []
    seen: set[int] = set()
    for r in ev_rows:
        if r[0] in seen:
            continue
        seen.add(r[0])
        deriver.apply(fold_event(r[:9], only=group))
        for st in deriver.records.values():
            history.append(
                StrengthPoint(
                    at=_instant(r[2]),
                    t=r[2],
                    polarity=str(st.polarity),
                    strength=round(st.strength, 6),
                    confidence=str(st.confidence),
                    status=str(st.status),
                )
            )
    return history


def strength_history(
    session: Session, user_id: str, preference_type: str, pattern: str, project_id: str | None
) -> list[StrengthPoint]:
    """One pattern's strength over time in one scope (every polarity), as ``explain`` draws it."""
    scope = scope_for(project_id)
    rows = _pattern_events(session, user_id, scope, preference_type, pattern)
    return _history(rows, {(scope, preference_type, pattern)})

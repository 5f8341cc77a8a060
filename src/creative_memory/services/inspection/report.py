"""A report of everything memory holds about one person, for someone who has never seen this program.

``gather`` reads, in one read transaction and without writing anything, what the report tells:
the switches and pauses, what each project does with memory, every preference evaluated at one
``now`` (one clock, as ``inspect`` does) with its evidence, the strength over time of the strongest,
how many patterns were forgotten and how many of them blocked, as the activity log counts them
(counts only: a forgotten name is never repeated), and
the most recent injections. ``services.inspection.report_html`` turns it into one printable page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import SignalType, Status
from creative_memory.model.events import iso
from creative_memory.model.tables import Audit, Event, Retrieval
from creative_memory.services.controls import controls
from creative_memory.services.derivation.pref_view import PreferenceView
from creative_memory.services.engine.block import human
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.explain import strength_history
from creative_memory.services.store.store import Store

#: How many of the strongest preferences get their strength over time drawn (each is one fold of
#: its own events); every preference is listed either way.
CHARTED = 60
#: How many of the most recent injections are listed.
RECENT_INJECTIONS = 20


@dataclass(frozen=True)
class ReportPreference:
    """One preference as the report tells it; ``history`` is (time ms, strength) after each event,
    empty when it was not charted."""

    preference_type: str
    pattern: str
    polarity: str
    project_id: str | None
    project_name: str | None
    strength: float
    tier: str
    status: str
    provisional: bool
    accepts: int
    rejects: int
    comparisons: int
    tags: tuple[str, ...]
    first_seen: str | None
    last_seen: str | None
    last_injected: str | None
    history: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class ReportProject:
    project_id: str
    name: str | None
    use_memory: bool
    global_memory: bool
    learn: bool


@dataclass(frozen=True)
class ReportInjection:
    at: str | None
    project_id: str | None
    project_name: str | None
    mode: str
    origin: str
    kept: int
    empty_reason: str | None
    # What the person said about it (decision 0088): (outcome, the pattern named or None), oldest first.
    ratings: tuple[tuple[str, str | None], ...] = ()


@dataclass(frozen=True)
class Report:
    user: str
    now: int
    enabled: bool
    learning_paused_until: str | None
    using_paused_until: str | None
    memory_notes: bool
    events: int
    preferences: tuple[ReportPreference, ...]
    projects: tuple[ReportProject, ...]
    blocked: int
    forgotten: int
    injections: tuple[ReportInjection, ...]
    retrievals: int


def gather(store: Store, user_id: str, now: int, *, charted: int = CHARTED) -> Report:
    """Everything the report tells, read in one snapshot; nothing is written."""
    with store.read() as session:
        status = controls.status_in(session, user_id, now)
        names = controls.daemon_projects(session)
        projects = tuple(
            ReportProject(
                project_id=row.id,
                name=row.name,
                use_memory=row.use_memory,
                global_memory=row.use_global_memory,
                learn=row.learn_from_project,
            )
            for row in controls.project_list(session, user_id)
        )
        prefs = queries.inspect(session, user_id, now=now)
        listed = tuple(
            _preference(session, user_id, p, names, chart=i < charted) for i, p in enumerate(prefs)
        )
        erased = _forgets(session, user_id)
        return Report(
            user=user_id,
            now=now,
            enabled=status.enabled,
            learning_paused_until=status.learning_paused_until,
            using_paused_until=status.using_paused_until,
            memory_notes=status.memory_notes,
            events=status.counts.events,
            preferences=listed,
            projects=projects,
            blocked=erased.get("forget+block", 0),
            forgotten=sum(erased.values()),
            injections=_injections(session, user_id, names),
            retrievals=status.counts.retrievals,
        )


def _forgets(session: Session, user_id: str) -> dict[str, int]:
    """How many forgets the activity log holds, by action (``forget``, ``forget+block``): counts only."""
    rows = session.execute(
        select(Audit.action, func.count())
        .where(Audit.user_id == user_id, Audit.action.in_(("forget", "forget+block")), Audit.outcome == "ok")
        .group_by(Audit.action)
    )
    return {str(action): int(n) for action, n in rows}


def _preference(
    session: Session, user_id: str, p: PreferenceView, names: dict[str, str], *, chart: bool
) -> ReportPreference:
    history: tuple[tuple[int, float], ...] = ()
    if chart and p.status != Status.ARCHIVED:
        points = strength_history(session, user_id, p.preference_type, p.pattern, p.project_id)
        history = tuple((point.t, point.strength) for point in points if point.polarity == p.polarity)
    return ReportPreference(
        preference_type=p.preference_type,
        pattern=p.pattern,
        polarity=p.polarity,
        project_id=p.project_id,
        project_name=names.get(p.project_id) if p.project_id else None,
        strength=p.strength,
        tier=p.derived_tier,
        status=p.status,
        provisional=p.provisional,
        accepts=p.accept_count,
        rejects=p.reject_count,
        comparisons=p.pairwise_count,
        tags=p.explicit_tags,
        first_seen=p.first_seen,
        last_seen=p.last_seen,
        last_injected=p.last_injected,
        history=history,
    )


def _injections(session: Session, user_id: str, names: dict[str, str]) -> tuple[ReportInjection, ...]:
    rows = list(
        session.scalars(
            select(Retrieval)
            .where(Retrieval.user_id == user_id)
            .order_by(Retrieval.id.desc())
            .limit(RECENT_INJECTIONS)
        )
    )
    rated = _ratings(session, user_id, {r.id for r in rows})
    return tuple(
        ReportInjection(
            at=iso(r.at),
            project_id=r.project_id,
            project_name=names.get(r.project_id) if r.project_id else None,
            mode=r.mode,
            origin=r.origin,
            kept=r.kept_positive + r.kept_negative,
            empty_reason=r.empty_reason,
            ratings=tuple(rated.get(r.id, ())),
        )
        for r in rows
    )


def _ratings(session: Session, user_id: str, ids: set[int]) -> dict[int, list[tuple[str, str | None]]]:
    """The ratings given to these retrievals, by retrieval: (outcome, the one pattern a "not
    relevant" or "missed" names, in words)."""
    out: dict[int, list[tuple[str, str | None]]] = {}
    if not ids:
        return out
    for (text,) in session.execute(
        select(Event.payload)
        .where(Event.user_id == user_id, Event.signal_type == str(SignalType.RECALL_RATING))
        .order_by(Event.seq)
    ):
        payload = json.loads(text)
        recall = payload.get("recall") or {}
        rid = recall.get("retrieval_id")
        if rid not in ids:
            continue
        outcome = str(recall.get("outcome"))
        named = None
        if outcome in ("not_relevant", "missed") and payload.get("patterns"):
            named = human(str(payload["patterns"][0]["pattern"]))
        out.setdefault(int(rid), []).append((outcome, named))
    return out

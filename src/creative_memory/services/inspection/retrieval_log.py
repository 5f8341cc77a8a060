"""The recorded retrievals, read back: pages of them by filter (origin, project, event type, time,
a search), each one's stage events in order, and every match for an export. Keyset-paged by id,
newest first; nothing here writes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from sqlalchemy import Select, or_, select
from sqlalchemy.orm import Session

from creative_memory.model.events import iso
from creative_memory.model.records import DiagEvent
from creative_memory.model.tables import Retrieval, RetrievalEvent
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.like import escape_like
from creative_memory.services.common.naming import optional_project
from creative_memory.services.controls.controls import daemon_projects
from creative_memory.services.store.store import Store


@dataclass(frozen=True)
class RecordedRetrieval:
    """One recorded retrieval: when (ISO text), who asked, for which project and mode, what it
    kept, its estimated tokens and time, why its block was empty (if it was) and the block's hash;
    ``events`` its stage events in order when they were read with it (else None)."""

    id: int
    at: str | None
    origin: str
    project_id: str | None
    mode: str
    kept_positive: int
    kept_negative: int
    kept_high: int
    kept_medium: int
    tokens: int
    duration_ms: float
    empty_reason: str | None
    block_sha256: str | None
    events: tuple[DiagEvent, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        """The wire form (``diagnostics --json``, Diagnostics' export); ``events`` only when read."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "events"}
        if self.events is not None:
            out["events"] = [e.as_json() for e in self.events]
        return out


def recorded(r: Retrieval, events: Sequence[DiagEvent] | None = None) -> RecordedRetrieval:
    return RecordedRetrieval(
        id=r.id,
        at=iso(r.at),
        origin=r.origin,
        project_id=r.project_id,
        mode=r.mode,
        kept_positive=r.kept_positive,
        kept_negative=r.kept_negative,
        kept_high=r.kept_high,
        kept_medium=r.kept_medium,
        tokens=r.token_estimate,
        duration_ms=round(r.duration_ms, 3),
        empty_reason=r.empty_reason,
        block_sha256=r.block_sha256,
        events=None if events is None else tuple(events),
    )


def retrieval_events(session: Session, retrieval_id: int) -> list[DiagEvent]:
    """The stage events of one recorded retrieval, in order, as the engine emitted them."""
    return [
        DiagEvent(
            type=e.type,
            stage=e.stage,
            trace=e.trace,
            preference_key=e.preference_key or None,
            fields=json.loads(e.fields),
        )
        for e in session.scalars(
            select(RetrievalEvent)
            .where(RetrievalEvent.retrieval_id == retrieval_id)
            .order_by(RetrievalEvent.ordinal)
        )
    ]


def retrievals_query(
    user_id: str,
    *,
    project_id: str | None = None,
    origin: str | None = None,
    event_type: str | None = None,
    since: int | None = None,
    until: int | None = None,
    before_id: int | None = None,
    limit: int = 200,
    text: str | None = None,
    named_projects: Sequence[str] = (),
) -> Select[Any]:
    """``text``: a pattern (raw or readable), a type or a project id to look for; ``named_projects``:
    ids whose names match it (the caller reads the daemon's ``projects`` table)."""
    q = select(Retrieval).where(Retrieval.user_id == user_id)
    if text and text.strip():
        raw = escape_like(text.strip())
        like, snake = f"%{raw}%", f"%{raw.replace(' ', '_')}%"
        q = q.where(
            or_(
                Retrieval.project_id.like(like, escape="\\"),
                Retrieval.project_id.in_(list(named_projects)),
                select(RetrievalEvent.id)
                .where(
                    RetrievalEvent.retrieval_id == Retrieval.id,
                    or_(
                        RetrievalEvent.pattern.like(snake, escape="\\"),
                        RetrievalEvent.preference_type.like(snake, escape="\\"),
                        RetrievalEvent.type.like(snake, escape="\\"),
                    ),
                )
                .exists(),
            )
        )
    if project_id:
        q = q.where(Retrieval.project_id == project_id)
    if origin:
        q = q.where(Retrieval.origin == origin)
    if since is not None:
        q = q.where(Retrieval.at >= since)
    if until is not None:
        q = q.where(Retrieval.at <= until)
    if event_type:
        q = q.where(
            select(RetrievalEvent.id)
            .where(RetrievalEvent.retrieval_id == Retrieval.id, RetrievalEvent.type == event_type)
            .exists()
        )
    if before_id is not None:
        q = q.where(Retrieval.id < before_id)
    return q.order_by(Retrieval.id.desc()).limit(limit)


def diagnostics(
    session: Session,
    user_id: str,
    *,
    project_id: str | None = None,
    origin: str | None = None,
    event_type: str | None = None,
    limit: int = 50,
) -> list[RecordedRetrieval]:
    """The newest recorded retrievals that match, each with its stage events (``od-memory diagnostics``)."""
    if limit < 1:
        raise InvalidInput("--limit must be a positive number.")
    project_id = optional_project(project_id)
    return [
        recorded(r, retrieval_events(session, r.id))
        for r in session.scalars(
            retrievals_query(
                user_id, project_id=project_id, origin=origin, event_type=event_type, limit=limit
            )
        )
    ]


def retrieval_page(
    store: Store, user_id: str, *, before_id: int | None, limit: int, **filters: Any
) -> list[RecordedRetrieval]:
    """One page of retrievals, newest first (the Diagnostics list); ``text`` also matches project names."""
    with store.read() as session:
        text = filters.get("text")
        if text and text.strip():
            needle = text.strip().casefold()
            filters["named_projects"] = [
                pid for pid, name in daemon_projects(session).items() if needle in name.casefold()
            ]
        q = retrievals_query(user_id, before_id=before_id, limit=limit, **filters)
        return [recorded(r) for r in session.scalars(q)]


def all_retrievals(
    store: Store, user_id: str, *, with_events: bool, page: int = 1000, **filters: Any
) -> list[RecordedRetrieval]:
    """Every retrieval the filters match, newest first (Diagnostics' export), in one read."""
    rows: list[RecordedRetrieval] = []
    with store.read() as session:
        before: int | None = None
        while True:
            found = list(session.scalars(retrievals_query(user_id, before_id=before, limit=page, **filters)))
            rows.extend(recorded(r, retrieval_events(session, r.id) if with_events else None) for r in found)
            if len(found) < page:
                return rows
            before = found[-1].id


def load_retrieval_events(store: Store, retrieval_id: int) -> list[DiagEvent]:
    """The stage events of one retrieval, in order."""
    with store.read() as session:
        return retrieval_events(session, retrieval_id)

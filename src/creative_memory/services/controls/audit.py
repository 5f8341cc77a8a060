"""The activity log: who changed which control, when, and how it ended. Never repeats forgotten text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import Actor
from creative_memory.model.events import iso
from creative_memory.model.inert import as_unicode
from creative_memory.model.tables import Audit
from creative_memory.services.common.like import ESCAPE, contains, starts_with
from creative_memory.services.store.store import Store


@dataclass(frozen=True)
class AuditEntry:
    """One line of the activity log: who changed which control, when, and how it ended."""

    id: int
    at_ms: int  # milliseconds since 1970
    actor: str
    action: str
    target: str
    outcome: str

    @property
    def at(self) -> str:
        """When, as the command line and the exports write it (ISO 8601, UTC)."""
        return iso(self.at_ms) or ""

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": self.at,
            "actor": self.actor,
            "action": self.action,
            "target": self.target,
            "outcome": self.outcome,
        }


def record(
    session: Session, user_id: str, actor: Actor | str, action: str, target: str, outcome: str, now: int
) -> None:
    # A target may be a file name whose bytes are not UTF-8: stored as its escape, never refused
    # after the file it names was written (decision 0074).
    target, outcome = as_unicode(target), as_unicode(outcome)
    session.add(
        Audit(at=now, user_id=user_id, actor=str(actor), action=action, target=target, outcome=outcome)
    )


@dataclass(frozen=True)
class ShownWords:
    """Entries a filter also matches because of how they are shown: the log stores codes
    (``forget+block``, ``host``, ``p_brand: use_memory=off``, ``fp:…``) that the window shows in
    words ("forget and block", "Open Design", the project's name, "a forgotten pattern"), so a
    person's words are matched there (the window finds which codes they name) and here as codes."""

    actions: tuple[str, ...] = ()  # entries with one of these actions
    actors: tuple[str, ...] = ()  # … or one of these actors
    target_prefixes: tuple[str, ...] = ()  # … or a target that starts with one of these
    target_parts: tuple[str, ...] = ()  # … or a target that holds one of these

    def __bool__(self) -> bool:
        return bool(self.actions or self.actors or self.target_prefixes or self.target_parts)


def entries(
    session: Session,
    user_id: str,
    *,
    limit: int = 200,
    before_id: int | None = None,
    text: str | None = None,
    shown: ShownWords | None = None,
) -> list[AuditEntry]:
    q = select(Audit).where(Audit.user_id == user_id)
    if before_id is not None:
        q = q.where(Audit.id < before_id)
    if text:
        like = contains(text)
        matches = [
            column.like(like, escape=ESCAPE)
            for column in (Audit.action, Audit.target, Audit.outcome, Audit.actor)
        ]
        if shown:
            if shown.actions:
                matches.append(Audit.action.in_(shown.actions))
            if shown.actors:
                matches.append(Audit.actor.in_(shown.actors))
            matches += [Audit.target.like(starts_with(p), escape=ESCAPE) for p in shown.target_prefixes]
            matches += [Audit.target.like(contains(p), escape=ESCAPE) for p in shown.target_parts]
        q = q.where(or_(*matches))
    q = q.order_by(Audit.id.desc()).limit(limit)
    return [
        AuditEntry(id=a.id, at_ms=a.at, actor=a.actor, action=a.action, target=a.target, outcome=a.outcome)
        for a in session.scalars(q)
    ]


def record_action(
    store: Store, user_id: str, actor: Actor | str, action: str, target: str, outcome: str, now: int
) -> None:
    """One activity entry in its own write transaction."""
    with store.write() as session:
        record(session, user_id, actor, action, target, outcome, now)


def entries_page(
    store: Store,
    user_id: str,
    *,
    limit: int,
    before_id: int | None = None,
    text: str | None = None,
    shown: ShownWords | None = None,
) -> list[AuditEntry]:
    """One page of the activity log in its own read (the Activity tab)."""
    with store.read() as session:
        return entries(session, user_id, limit=limit, before_id=before_id, text=text, shown=shown)


def all_entries(
    store: Store, user_id: str, *, text: str | None = None, shown: ShownWords | None = None, page: int = 1000
) -> list[AuditEntry]:
    """Every entry the text matches, newest first, in one read (the Activity export)."""
    rows: list[AuditEntry] = []
    with store.read() as session:
        before: int | None = None
        while True:
            found = entries(session, user_id, limit=page, before_id=before, text=text, shown=shown)
            rows.extend(found)
            if len(found) < page:
                return rows
            before = found[-1].id

"""The activity log: who changed which control, when, and how it ended. Never repeats forgotten text."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from creative_memory.model.constants import Actor
from creative_memory.model.events import iso
from creative_memory.model.tables import Audit


def record(
    session: Session, user_id: str, actor: Actor | str, action: str, target: str, outcome: str, now: int
) -> None:
    session.add(
        Audit(at=now, user_id=user_id, actor=str(actor), action=action, target=target, outcome=outcome)
    )


def entries(
    session: Session, user_id: str, *, limit: int = 200, before_id: int | None = None, text: str | None = None
) -> list[dict[str, Any]]:
    q = select(Audit).where(Audit.user_id == user_id)
    if before_id is not None:
        q = q.where(Audit.id < before_id)
    if text:
        like = f"%{text}%"
        q = q.where(
            Audit.action.like(like)
            | Audit.target.like(like)
            | Audit.outcome.like(like)
            | Audit.actor.like(like)
        )
    q = q.order_by(Audit.id.desc()).limit(limit)
    return [
        {
            "id": a.id,
            "at": iso(a.at),
            "actor": a.actor,
            "action": a.action,
            "target": a.target,
            "outcome": a.outcome,
        }
        for a in session.scalars(q)
    ]

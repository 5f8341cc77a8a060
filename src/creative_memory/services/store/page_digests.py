"""The stored style digests of pages (decision 0065): which ones the events still name, and the
deletion of those no event names any more.

A digest is shared by every event, of any user, whose payload names it, so it goes with the last of
them: after a forget (of a pattern, a session or everything), a replacing import, or a forget that
dropped an event's page references because the digest was evidence of the forgotten pattern."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from creative_memory.model.events import page_digest_ids
from creative_memory.model.tables import Event, PageDigest

# Every payload that names a digest holds this text ("pages": {...} or a side's "page": "…"); the
# few others that hold it (a diff quoting it) are read and name none.
_NAMES_A_PAGE = '"page'


def named_digests(session: Session) -> set[str]:
    """The digest ids some stored event names (one pass over the payloads that can name one)."""
    out: set[str] = set()
    con = session.connection()
    rows = con.exec_driver_sql(
        f"SELECT payload FROM {Event.__tablename__} WHERE instr(payload, ?) > 0", (_NAMES_A_PAGE,)
    )
    for (text,) in rows:
        try:
            payload = json.loads(text)
        except ValueError:  # not ours to judge here; the integrity check reports it
            continue
        if isinstance(payload, Mapping):
            out.update(page_digest_ids(payload))
    return out


def drop_unnamed_digests(session: Session, candidates: Iterable[str] | None = None) -> int:
    """Inside a write transaction: delete the digests (of ``candidates``, or all) that no stored
    event names; returns how many went."""
    ids = set(session.scalars(select(PageDigest.digest_id))) if candidates is None else set(candidates)
    if not ids:
        return 0
    gone = sorted(ids - named_digests(session))
    n = 0
    for i in range(0, len(gone), 500):
        result = session.execute(delete(PageDigest).where(PageDigest.digest_id.in_(gone[i : i + 500])))
        n += int(getattr(result, "rowcount", 0) or 0)
    return n


def insert_digests(session: Session, digests: Mapping[str, str]) -> None:
    """Store these digests (id: body); one already stored (another event's page) stays as it is."""
    if digests:
        session.connection().exec_driver_sql(
            f"INSERT OR IGNORE INTO {PageDigest.__tablename__} (digest_id, body) VALUES (?, ?)",
            sorted(digests.items()),
        )


def digest_bodies(session: Session, ids: Iterable[str]) -> dict[str, str]:
    """The stored bodies of these digests (an id not stored is left out)."""
    wanted = sorted(set(ids))
    out: dict[str, str] = {}
    for i in range(0, len(wanted), 500):
        chunk = wanted[i : i + 500]
        rows = session.execute(
            select(PageDigest.digest_id, PageDigest.body).where(PageDigest.digest_id.in_(chunk))
        )
        out.update((str(digest_id), str(body)) for digest_id, body in rows)
    return out

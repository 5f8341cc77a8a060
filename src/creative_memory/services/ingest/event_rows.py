"""Stored events: the payload and row an event is stored as, the insert of event rows with their
pattern index rows, and which events are stored already.

The payload is canonical JSON and the row carries its content hash, both as
``services.derivation.event_content`` makes them (derivation, forgets and others' changes compute
them there too).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any

from sqlalchemy.orm import Session

from creative_memory.model.events import EventIn, PatternIn, payload_items
from creative_memory.model.tables import Event, EventPattern
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.derivation.derivation import dbapi_connection, sa_errors
from creative_memory.services.derivation.event_content import canonical, content_hash, content_hash_canonical
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.pages import FROM_PAGE, PageEvidence
from creative_memory.services.ingest.redaction import clean_diff
from creative_memory.services.store.row_batches import insert_many
from creative_memory.services.store.store import raw_connection


def _pattern_json(p: PatternIn) -> dict[str, str]:
    return {"preference_type": p.preference_type, "pattern": p.pattern, "polarity": str(p.polarity)}


def payload_of(
    ev: EventIn,
    scope: str,
    patterns: Sequence[PatternIn],
    diff: str | None,
    evidence: PageEvidence | None = None,
) -> dict[str, Any]:
    """The stored payload; with ``evidence`` (the event's pages, services.ingest.pages), the patterns
    its pages showed follow the host's, marked ``"from": "page"``, and the pages are referenced by
    their digests' ids (decision 0065)."""
    payload: dict[str, Any] = {"scope": scope, "patterns": [_pattern_json(p) for p in patterns]}
    if ev.tag is not None:
        payload["tag"] = ev.tag
    if ev.recall is not None:  # the retrieval a recall rating answers (decision 0088)
        payload["recall"] = ev.recall.model_dump(exclude_none=True)
    if diff is not None:
        payload["diff"] = diff
    for side_name in ("chose", "over"):
        side = getattr(ev, side_name)
        if side is not None:
            payload[side_name] = {
                "artifact_id": side.artifact_id,
                "patterns": [
                    {"preference_type": s.preference_type, "pattern": s.pattern} for s in side.patterns
                ],
            }
    if evidence is not None:
        if ev.dimensions and "chose" in payload:  # what a later extractor must learn on again
            payload["dimensions"] = sorted(set(ev.dimensions))
        _add_evidence(payload, evidence)
    return payload


def _add_evidence(payload: dict[str, Any], evidence: PageEvidence) -> None:
    payload["extractor"] = evidence.extractor_version
    if "chose" in payload:
        for side_name in ("chose", "over"):
            if side_name in evidence.refs:
                payload[side_name]["page"] = evidence.refs[side_name]
        for s in evidence.patterns:
            side = payload["chose" if s.polarity == "positive" else "over"]
            if not any(
                p["preference_type"] == s.preference_type and p["pattern"] == s.pattern
                for p in side["patterns"]
            ):
                side["patterns"].append(
                    {
                        "preference_type": s.preference_type,
                        "pattern": s.pattern,
                        "from": FROM_PAGE,
                        "because": s.because,
                    }
                )
        return
    payload["pages"] = dict(evidence.refs)
    named = {(p["preference_type"], p["pattern"], p["polarity"]) for p in payload["patterns"]}
    payload["patterns"].extend(
        {
            "preference_type": s.preference_type,
            "pattern": s.pattern,
            "polarity": s.polarity,
            "from": FROM_PAGE,
            "because": s.because,
        }
        for s in evidence.patterns
        if (s.preference_type, s.pattern, s.polarity) not in named
    )


_EVENT_COLUMNS = (
    "event_id",
    "user_id",
    "project_id",
    "scope",
    "signal_type",
    "occurred_at",
    "tag",
    "session_id",
    "artifact_id",
    "payload",
    "content_hash",
    "source",
    "ingested_at",
)
_event_values = itemgetter(*_EVENT_COLUMNS)
_PATTERN_COLUMNS = ("seq", "user_id", "scope", "preference_type", "pattern", "polarity", "role")


def insert_event_rows(
    session: Session, rows: list[dict[str, Any]], payloads: Sequence[dict[str, Any]] | None = None
) -> list[int]:
    """Insert prepared event rows (with payload JSON text) and their pattern index rows.

    A row without a ``content_hash`` gets one (:func:`content_hash`). ``payloads``, if given, are
    the rows' payloads as dicts (saves parsing the JSON text again). Returns the rows' seqs.

    The seqs are assigned here, in row order, exactly as AUTOINCREMENT would assign them: this
    runs inside the write transaction (which holds the lock) and starts above both the highest
    seq and the AUTOINCREMENT high-water mark, so a seq is never reused. Both tables are then
    written with multi-row INSERTs (no per-row ORM work, no RETURNING).
    """
    for row in rows:
        if "content_hash" not in row:
            row["content_hash"] = content_hash(row)
    if not rows:
        return []
    session.flush()
    with sa_errors():
        return _insert_rows(dbapi_connection(session), rows, payloads)


def _insert_rows(
    con: sqlite3.Connection, rows: list[dict[str, Any]], payloads: Sequence[dict[str, Any]] | None
) -> list[int]:
    table = Event.__tablename__
    top = con.execute(f"SELECT max(seq) FROM {table}").fetchone()
    hwm = con.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)).fetchone()
    seq = max(int((top or (0,))[0] or 0), int((hwm or (0,))[0] or 0))
    seqs: list[int] = []
    event_params: list[tuple[Any, ...]] = []
    pattern_params: list[tuple[Any, ...]] = []
    for i, row in enumerate(rows):
        seq += 1
        seqs.append(seq)
        try:
            event_params.append((seq, *_event_values(row)))
        except KeyError:  # a row without some optional column (None)
            event_params.append((seq, *(row.get(c) for c in _EVENT_COLUMNS)))
        payload = payloads[i] if payloads is not None else json.loads(row["payload"])
        user_id, scope = row["user_id"], row["scope"]
        pattern_params.extend(
            (seq, user_id, scope, ptype, pattern, polarity, role)
            for ptype, pattern, polarity, role in payload_items(payload)
        )
    # One statement for many rows (services.store.row_batches): the events' triggers and the patterns'
    # foreign key make SQLite keep a statement journal per statement.
    insert_many(con, Event.__tablename__, ("seq", *_EVENT_COLUMNS), event_params)
    if pattern_params:
        insert_many(con, EventPattern.__tablename__, _PATTERN_COLUMNS, pattern_params)
    return seqs


def stored_event_ids(session: Session, keys: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """Which of the (user_id, event_id) pairs are stored: an event's identity is per user."""
    by_user: dict[str, list[str]] = {}
    for user, eid in keys:
        by_user.setdefault(user, []).append(eid)
    found: set[tuple[str, str]] = set()
    con = raw_connection(session)
    for user, ids in by_user.items():
        for i in range(0, len(ids), 900):
            chunk = ids[i : i + 900]
            with sa_errors():
                found.update(
                    (user, eid)
                    for (eid,) in con.execute(
                        f"SELECT event_id FROM {Event.__tablename__} "
                        f"WHERE user_id = ? AND event_id IN ({', '.join('?' * len(chunk))})",
                        (user, *chunk),
                    )
                )
    return found


def event_row(
    ev: EventIn,
    user: str,
    patterns: list[PatternIn],
    blocks: BlockChecker | None,
    fps: set[str] | None,
    source: str,
    now: int,
    evidence: PageEvidence | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The stored row of an admitted event (its diff cleaned of blocked patterns) and its payload.
    ``evidence`` comes cleared of blocked patterns and names already (``ingest``: ``pages.unblocked``
    and ``pages.scrubbed``, once per event)."""
    scope = ev.effective_scope
    try:
        diff = clean_diff(ev.diff, blocks, fps)
    except InvalidInput as exc:
        raise InvalidInput(f"Event {ev.event_id}: {exc}") from None
    payload = payload_of(ev, scope, patterns, diff, evidence)
    row: dict[str, Any] = {
        "event_id": ev.event_id,
        "user_id": user,
        "project_id": ev.project_id,
        "scope": scope,
        "signal_type": str(ev.signal_type),
        "occurred_at": ev.occurred_ms,
        "tag": ev.tag,
        "session_id": ev.session_id,
        "artifact_id": ev.artifact_id,
        "payload": canonical(payload),
        "source": source,
        "ingested_at": now,
    }
    row["content_hash"] = content_hash_canonical(row)
    return row, payload


Prepared = tuple[dict[str, Any], dict[str, Any]]


def prepared_rows(
    chunk: list[EventIn],
    default_user: str,
    source: str,
    now: int,
    evidence: Sequence[PageEvidence | None] | None = None,
) -> list[Prepared | None]:
    """Each event's row and payload as stored when none of its user's patterns is blocked, built
    before the chunk's transaction: the canonical payload and its hash are then time away from the
    lock, in the pause a waiting writer is owed (decision 0047), and the chunk holds the lock for
    less. None where building fails (a diff too long once redacted): the transaction builds that
    row again only if the event is admitted, and raises then, as before."""
    out: list[Prepared | None] = []
    for i, ev in enumerate(chunk):
        found = evidence[i] if evidence is not None else None
        try:
            out.append(
                event_row(ev, ev.user_id or default_user, list(ev.patterns), None, None, source, now, found)
            )
        except InvalidInput:
            out.append(None)
    return out

"""Import a bundle or a prototype ``preferences.json``: events in short transactions, then a rebuild.

A bundle small enough is stored in one transaction (all or nothing). A larger one is written in
chunks of a few dozen milliseconds each under the user's ``import`` lease, so the daemon never
waits long for the write lock and readers serve the stored preferences until the rebuild that
follows publishes the new ones (docs/decisions/0019). Every event was validated before the first
chunk; an interrupted large import leaves a prefix of the bundle, and importing it again adds the
rest (events are idempotent by ``event_id``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import Actor
from creative_memory.model.events import to_ms
from creative_memory.model.tables import (
    Derivation,
    Event,
    EventPattern,
    Preference,
    ProjectSettings,
    Settings,
)
from creative_memory.services import audit, controls
from creative_memory.services.blocklist import BlockChecker
from creative_memory.services.derivation import dbapi_connection, rebuild, sa_errors
from creative_memory.services.errors import InvalidInput
from creative_memory.services.ingest import canonical, insert_event_rows
from creative_memory.services.portability import (
    Bundle,
    TransferResult,
    _blocked,
    _check_payloads,
    legacy_events,
    read_import,
)
from creative_memory.services.store import Store
from creative_memory.services.writes import Chunker, drop_lease, quiet, renew_lease, take_lease

# Up to this many events (and, for a replace, events already stored) one transaction holds the
# whole import within the lock budget.
SINGLE_TRANSACTION_ROWS = 10_000


def import_file(
    store: Store,
    user_id: str,
    path: Path,
    *,
    mode: str = "merge",
    now: int,
    actor: Actor,
    passphrase: Callable[[], str] | None = None,
    blocks: BlockChecker | None = None,
) -> TransferResult:
    if mode not in ("merge", "replace"):
        raise InvalidInput(f"Unknown import mode '{mode}'; use merge or replace.")
    kind, doc, encrypted = read_import(path, passphrase)
    if isinstance(doc, Bundle):
        _check_payloads(doc.events)
        rows = [
            {
                "event_id": e.event_id,
                "user_id": user_id,
                "project_id": e.project_id,
                "scope": e.scope,
                "signal_type": str(e.signal_type),
                "occurred_at": to_ms(e.occurred_at),
                "tag": e.tag,
                "session_id": e.session_id,
                "artifact_id": e.artifact_id,
                "payload": canonical(e.payload),
                "source": e.source if e.source in ("daemon", "cli", "import", "legacy", "demo") else "import",
            }
            for e in doc.events
        ]
    else:
        rows = legacy_events(doc, user_id)
    with store.read() as session:
        stored = (
            int(session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user_id)) or 0)
            if mode == "replace"
            else 0
        )
    chunked = len(rows) + stored > SINGLE_TRANSACTION_ROWS
    fresh: list[dict[str, Any]] = []
    skipped = 0
    if chunked:
        with store.write() as session, sa_errors():
            take_lease(dbapi_connection(session), user_id, "import")
    try:
        if chunked and mode == "replace":
            from creative_memory.services.reset import delete_chunked

            counts: dict[str, int] = {}
            for table in (EventPattern.__tablename__, Event.__tablename__, Preference.__tablename__):
                delete_chunked(store, user_id, table, "user_id = ?", counts)
        chunker = Chunker(500 if chunked else max(1, len(rows)))
        i = 0
        while True:
            batch = rows[i : i + chunker.size]
            last = i + len(batch) >= len(rows)
            with chunker.timed(len(batch)), store.write() as session:
                if i == 0 and not chunked and mode == "replace":
                    _delete_all(session, user_id)
                added, dropped = _insert(session, user_id, batch, now, blocks)
                fresh.extend(added)
                skipped += dropped
                if chunked:
                    with sa_errors():
                        renew_lease(dbapi_connection(session), user_id)
                if last:
                    _finish(session, user_id, doc, mode, now)
                    audit.record(
                        session,
                        user_id,
                        actor,
                        "import",
                        f"{path.name} ({kind}, {mode})",
                        f"ok: {len(fresh)} events, {skipped} skipped",
                        now,
                    )
            i += len(batch)
            if last:
                break
        info = rebuild(store, user_id, now, takeover="import" if chunked else None)
    finally:
        if chunked:
            with store.write() as session, sa_errors():
                drop_lease(dbapi_connection(session), user_id)
    return TransferResult(
        events=len(fresh),
        preferences=info.preferences,
        path=path,
        kind=kind,
        skipped=skipped,
        encrypted=encrypted,
    )


def _delete_all(session: Session, user_id: str) -> None:
    with sa_errors(), quiet(dbapi_connection(session)):
        session.execute(delete(EventPattern).where(EventPattern.user_id == user_id))
        session.execute(delete(Event).where(Event.user_id == user_id))
        session.execute(delete(Preference).where(Preference.user_id == user_id))
        session.execute(delete(Derivation).where(Derivation.user_id == user_id))


def _insert(
    session: Session, user_id: str, batch: list[dict[str, Any]], now: int, blocks: BlockChecker | None
) -> tuple[list[dict[str, Any]], int]:
    """Inside a write transaction: store the batch's events that are new and not blocked."""
    fps = BlockChecker.fingerprints(session, user_id) if blocks is not None else set()
    existing: set[str] = set()
    ids = [r["event_id"] for r in batch]
    for i in range(0, len(ids), 900):
        existing.update(session.scalars(select(Event.event_id).where(Event.event_id.in_(ids[i : i + 900]))))
    fresh = []
    skipped = 0
    for r in batch:
        eid = str(r["event_id"])
        if eid in existing or _blocked(json.loads(str(r["payload"])), fps, blocks):
            skipped += 1
            continue
        existing.add(eid)
        r["ingested_at"] = now
        fresh.append(r)
    for i in range(0, len(fresh), 5000):
        insert_event_rows(session, fresh[i : i + 5000])
    return fresh, skipped


def _finish(session: Session, user_id: str, doc: Any, mode: str, now: int) -> None:
    """The settings part of the import, in its last transaction."""
    if isinstance(doc, Bundle) and mode == "replace":
        _apply_settings(session, user_id, doc, now)
    elif isinstance(doc, Bundle):
        for p in doc.project_settings:
            if session.get(ProjectSettings, (user_id, p.project_id)) is None:
                session.add(
                    ProjectSettings(
                        user_id=user_id,
                        project_id=p.project_id,
                        use_memory=p.use_memory,
                        learn_from_project=p.learn_from_project,
                        updated_at=now,
                    )
                )
    elif mode == "replace":
        st = session.get(Settings, user_id) or controls.get_settings(session, user_id)
        st.memory_enabled = doc.memory_enabled
        st.updated_at = now
        session.add(st)


def _apply_settings(session: Any, user_id: str, doc: Bundle, now: int) -> None:
    st = session.get(Settings, user_id)
    if st is None:
        st = controls.get_settings(session, user_id)
        session.add(st)
    st.memory_enabled = doc.settings.memory_enabled
    st.learning_paused_until = (
        to_ms(doc.settings.learning_paused_until) if doc.settings.learning_paused_until else None
    )
    st.using_paused_until = (
        to_ms(doc.settings.using_paused_until) if doc.settings.using_paused_until else None
    )
    st.diagnostics_retention_days = doc.settings.diagnostics_retention_days
    st.updated_at = now
    session.execute(delete(ProjectSettings).where(ProjectSettings.user_id == user_id))
    for p in doc.project_settings:
        session.add(
            ProjectSettings(
                user_id=user_id,
                project_id=p.project_id,
                use_memory=p.use_memory,
                learn_from_project=p.learn_from_project,
                updated_at=now,
            )
        )


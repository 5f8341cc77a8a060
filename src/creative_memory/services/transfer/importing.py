"""Import: a bundle (or a prototype preferences.json) is held to the rules ingest holds events to.

What an import will do is worked out first by :mod:`services.transfer.import_plan`; this module applies it.

- **The same rules.** Every bundle event is validated with the wire schema ingest uses
  (:class:`creative_memory.model.events.EventIn`: names, tags and their polarity, the pairwise
  shape, the time), its diff is cleaned as ingest cleans it (NFC, secrets redacted, the words of a
  blocked pattern scrubbed) and kept within :data:`MAX_STORED_DIFF_BYTES`; patterns the user
  blocked are dropped.
- **The learning gates.** A merge (or anything that is not a restore) skips the events that the
  user's current settings would not let ingest learn (memory off, learning paused, a project not
  learning) and counts them per reason. A restore of one's own backup (``replace`` of a bundle of
  the same user) brings every event back and says so: those events were learned under the gates in
  force when they happened, and the backup's own settings are restored with them.
- **Whose memory.** A bundle names its user. Importing another user's bundle is refused with a
  sentence unless ``as_user`` names the user who receives it; event ids are unique per user.
- **Said before done.** :func:`plan_import` lists what the import will change in settings and
  project switches; the CLI prints it and the GUI asks before :func:`import_file` applies it.

- **Short transactions.** A bundle small enough is stored in one transaction (all or nothing). A
  larger one is written in chunks of a few dozen milliseconds each under the user's ``import``
  lease, so the daemon never waits long for the write lock, and readers serve the stored
  preferences until the rebuild that follows publishes the new ones. Every event is validated
  before the first chunk (the first pass of :mod:`services.transfer.bundle_stream`); an interrupted
  large import leaves a prefix of the bundle, and importing it again adds the rest.
- **Never the whole file.** The events come from the second pass a block at a time and are
  written a batch at a time; what the import holds is one block, one batch, the bundle's settings
  and digests (decision 0085).

See docs/decisions/0019 and 0030.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
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
from creative_memory.services.controls import audit, controls
from creative_memory.services.derivation.derivation import dbapi_connection, sa_errors
from creative_memory.services.derivation.event_content import canonical
from creative_memory.services.derivation.rebuild import rebuild
from creative_memory.services.forget.forgetting import finish_interrupted
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import (
    clean_diff,
    insert_event_rows,
    stored_event_ids,
)
from creative_memory.services.store.page_digests import drop_unnamed_digests, insert_digests
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import (
    Chunker,
    WalKeeper,
    chunks_kept,
    drop_lease,
    quiet,
    renew_lease,
    take_lease,
)
from creative_memory.services.transfer.bundle import (
    BundleEvent,
    LegacyFile,
    TransferResult,
    legacy_events,
)
from creative_memory.services.transfer.bundle_stream import StreamedBundle, read_import
from creative_memory.services.transfer.import_plan import ImportPlan, plan_for
from creative_memory.services.transfer.skips import SkipTally, unblocked

_SOURCES = ("daemon", "cli", "import", "legacy", "demo", "gui")
# Up to this many events (and, for a replace, events already stored) one transaction holds the
# whole import within the lock budget; a larger import is written in short chunks under the
# user's ``import`` lease (docs/decisions/0019).
SINGLE_TRANSACTION_ROWS = 10_000


# --------------------------------------------------------------------------- import
def _row(e: BundleEvent, user: str) -> dict[str, Any]:
    return {
        "event_id": e.event_id,
        "user_id": user,
        "project_id": e.project_id,
        "scope": e.scope,
        "signal_type": str(e.signal_type),
        "occurred_at": to_ms(e.occurred_at),
        "tag": e.tag,
        "session_id": e.session_id,
        "artifact_id": e.artifact_id,
        "payload": e.payload,
        "source": e.source if e.source in _SOURCES else "import",
    }


class _Rows:
    """The rows to import, taken a batch at a time from the bundle's second pass (or the legacy
    file's records); ``done`` once none is left."""

    def __init__(self, doc: StreamedBundle | LegacyFile, user: str) -> None:
        self._blocks: Iterator[list[dict[str, Any]]]
        if isinstance(doc, LegacyFile):
            self._blocks = iter([legacy_events(doc, user)])
        else:
            self._blocks = ([_row(e, user) for e in block] for block in doc.batches())
        self._pending: list[dict[str, Any]] = []

    def take(self, n: int) -> list[dict[str, Any]]:
        while len(self._pending) < n:
            block = next(self._blocks, None)
            if block is None:
                break
            self._pending.extend(block)
        out, self._pending = self._pending[:n], self._pending[n:]
        return out

    @property
    def done(self) -> bool:
        """Whether every row was taken (reads the next block to know)."""
        if not self._pending:
            self._pending = next(self._blocks, [])
        return not self._pending


def _admit(
    session: Session,
    rows: list[dict[str, Any]],
    plan: ImportPlan,
    blocks: BlockChecker | None,
    now: int,
    why: SkipTally,
) -> tuple[list[dict[str, Any]], Counter[str]]:
    """The rows to store: not already stored (per user), not gated, blocked patterns dropped and
    diffs cleaned as ingest does; the others counted per reason, and in ``why`` by pattern and project."""
    user = plan.user
    fps = blocks.fingerprints(session, user) if blocks is not None else set()
    gate = controls.learning_gate(session, user, now)
    existing = stored_event_ids(session, [(user, str(r["event_id"])) for r in rows])
    skipped: Counter[str] = Counter()
    fresh: list[dict[str, Any]] = []
    for r in rows:
        key = (user, str(r["event_id"]))
        payload = r["payload"] if isinstance(r["payload"], dict) else json.loads(str(r["payload"]))
        if key in existing:
            skipped["duplicate"] += 1
            continue
        reason = None if plan.restore else gate.reason_for(r["project_id"])
        if reason is not None:
            skipped[reason] += 1
            if reason == "project_learning_disabled":
                why.projects[str(r["project_id"])] += 1
            continue
        if blocks is not None and fps:
            kept, dropped = unblocked(payload, fps, blocks)
            why.blocked(dropped, event_left_out=kept is None)
            if kept is None:  # an event left out
                skipped["blocked"] += 1
                continue
            if dropped:  # patterns left out of an event that is kept (not counted as skipped events)
                skipped["blocked_patterns"] += len(dropped)
            payload = kept
        if isinstance(payload.get("diff"), str):
            payload = {**payload, "diff": clean_diff(payload["diff"], blocks, fps)}
        existing.add(key)
        fresh.append({**r, "payload": canonical(payload), "ingested_at": now})
    return fresh, skipped


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
    as_user: str | None = None,
    announce: Callable[[ImportPlan], None] | None = None,
) -> TransferResult:
    """Import under ingest's rules (module docstring); ``announce`` is told the plan before any write.
    A store too large for one short transaction is imported in chunks under the user's lease."""
    kind, doc, encrypted = read_import(path, passphrase)
    plan = plan_for(store, user_id, kind, doc, mode=mode, as_user=as_user)
    if announce is not None:
        announce(plan)
    user = plan.user
    # A forget of this memory that died half-way is finished first: the rebuild below never derives
    # from what it left, and this import's lease would take the place of its plan (decision 0070).
    finish_interrupted(store, user)
    chunked = plan.events + _replaced_count(store, user, mode) > SINGLE_TRANSACTION_ROWS
    if chunked:
        with store.write() as session, sa_errors():
            take_lease(dbapi_connection(session), user, "import")
    try:
        with chunks_kept(store, several=chunked) as keeper:
            if chunked and mode == "replace":
                from creative_memory.services.forget.reset import delete_chunked

                counts: dict[str, int] = {}
                for table in (EventPattern.__tablename__, Event.__tablename__, Preference.__tablename__):
                    delete_chunked(store, user, table, "user_id = ?", counts, keeper)
            tally = _write_batches(
                store, _Rows(doc, user), doc, plan, mode, chunked=chunked, blocks=blocks, now=now, actor=actor,
                target=f"{path.name} ({kind}, {mode})", keeper=keeper,
            )  # fmt: skip
        info = rebuild(store, user, now, takeover="import" if chunked else None)
    finally:
        if chunked:
            with store.write() as session, sa_errors():
                drop_lease(dbapi_connection(session), user)
    names: dict[str, str] = {}
    if tally.why.projects:
        with store.read() as session:
            names = controls.daemon_projects(session)
    return TransferResult(
        events=tally.added,
        preferences=info.preferences,
        path=path,
        kind=kind,
        skipped=sum(n for reason, n in tally.skipped.items() if reason != "blocked_patterns"),
        encrypted=encrypted,
        skipped_by_reason=dict(tally.skipped),
        user=user,
        changes=tuple(plan.changes),
        notes=tuple(plan.notes),
        skipped_patterns=tally.why.patterns(),
        skipped_projects=tally.why.skipped_projects(names),
    )


def _replaced_count(store: Store, user: str, mode: str) -> int:
    """The user's stored events a replace deletes (0 for a merge)."""
    if mode != "replace":
        return 0
    with store.read() as session:
        return int(session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user)) or 0)


def _write_batches(
    store: Store,
    rows: _Rows,
    doc: StreamedBundle | LegacyFile,
    plan: ImportPlan,
    mode: str,
    *,
    chunked: bool,
    blocks: BlockChecker | None,
    now: int,
    actor: Actor,
    target: str,
    keeper: WalKeeper,
) -> _Tally:
    """Store the admitted rows — in one transaction, or in timed chunks renewing the lease — and,
    with the last batch, the bundle's settings and the audit entry. Returns the events added and
    those left out, per reason and by pattern and project. A block the second pass refuses (the file changed) ends the import
    before its batch commits: nothing at all in one transaction, a prefix when chunked."""
    user = plan.user
    tally = _Tally(blocks)
    if not chunked:
        with store.write() as session:
            keeper.defer(dbapi_connection(session))
            if mode == "replace":
                _delete_all(session, user)
            while True:
                batch = rows.take(5000)
                tally.store(session, batch, plan, blocks, now)
                if rows.done:
                    break
            _finish(session, user, doc, mode, now, actor, target, tally)
        keeper.checkpoint()
        return tally
    chunker = Chunker(500)
    while True:
        batch = rows.take(chunker.size)
        last = rows.done  # the next block is read (and checked) outside the lock
        keeper.wait()  # the last chunk's checkpoint, outside this chunk's time
        with chunker.timed(len(batch)), store.write() as session:
            keeper.defer(dbapi_connection(session))
            tally.store(session, batch, plan, blocks, now)
            with sa_errors():
                renew_lease(dbapi_connection(session), user)
            if last:
                _finish(session, user, doc, mode, now, actor, target, tally)
        keeper.checkpoint()
        if last:
            return tally


class _Tally:
    """Events stored so far and those left out per reason, and by pattern and project (``why``)."""

    def __init__(self, blocks: BlockChecker | None) -> None:
        self.added = 0
        self.skipped: Counter[str] = Counter()
        self.why = SkipTally(blocks)

    def store(
        self,
        session: Session,
        batch: list[dict[str, Any]],
        plan: ImportPlan,
        blocks: BlockChecker | None,
        now: int,
    ) -> None:
        fresh, dropped = _admit(session, batch, plan, blocks, now, self.why)
        if fresh:
            insert_event_rows(session, fresh)
        self.added += len(fresh)
        self.skipped += dropped


def _finish(
    session: Session,
    user: str,
    doc: StreamedBundle | LegacyFile,
    mode: str,
    now: int,
    actor: Actor,
    target: str,
    tally: _Tally,
) -> None:
    """With the last batch: the digests, the settings and the audit entry."""
    if isinstance(doc, StreamedBundle):
        insert_digests(session, doc.head.page_digests)
    drop_unnamed_digests(session)  # a replaced event's, or one the bundle named in vain
    _apply(session, user, doc, mode, now)
    audit.record(
        session, user, actor, "import", target,
        f"ok: {tally.added} events, {sum(tally.skipped.values())} skipped", now,
    )  # fmt: skip


def _delete_all(session: Session, user_id: str) -> None:
    """A replace's deletes, not logged as changes (the rebuild that follows derives from scratch)."""
    with sa_errors(), quiet(dbapi_connection(session)):
        session.execute(delete(EventPattern).where(EventPattern.user_id == user_id))
        session.execute(delete(Event).where(Event.user_id == user_id))
        session.execute(delete(Preference).where(Preference.user_id == user_id))
        session.execute(delete(Derivation).where(Derivation.user_id == user_id))


def _apply(session: Session, user: str, doc: StreamedBundle | LegacyFile, mode: str, now: int) -> None:
    from creative_memory.services.transfer.bundle import apply_settings

    if isinstance(doc, StreamedBundle) and mode == "replace":
        apply_settings(session, user, doc.head, now)
    elif isinstance(doc, StreamedBundle):
        for p in doc.head.project_settings:
            if session.get(ProjectSettings, (user, p.project_id)) is None:
                session.add(
                    ProjectSettings(
                        user_id=user,
                        project_id=p.project_id,
                        use_memory=p.use_memory,
                        learn_from_project=p.learn_from_project,
                        use_global_memory=p.use_memory
                        if p.use_global_memory is None
                        else p.use_global_memory,
                        updated_at=now,
                    )
                )
    elif mode == "replace":
        st = session.get(Settings, user) or controls.get_settings(session, user)
        st.memory_enabled = doc.memory_enabled
        st.updated_at = now
        session.add(st)

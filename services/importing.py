"""Import: a bundle (or a prototype preferences.json) is held to the rules ingest holds events to.

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
  before the first chunk; an interrupted large import leaves a prefix of the bundle, and importing
  it again adds the rest.

See docs/decisions/0019 and 0030.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import Actor, SignalType
from creative_memory.model.events import iso, to_ms
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
from creative_memory.services.bundle import (
    Bundle,
    BundleEvent,
    LegacyFile,
    TransferResult,
    check_payloads,
    legacy_events,
    read_import,
)
from creative_memory.services.derivation import dbapi_connection, rebuild, sa_errors
from creative_memory.services.errors import InvalidInput, RefusedForSafety
from creative_memory.services.ingest import (
    MAX_STORED_DIFF_BYTES,
    canonical,
    clean_diff,
    insert_event_rows,
    stored_event_ids,
    validate_event,
)
from creative_memory.services.naming import valid_name
from creative_memory.services.store import Store
from creative_memory.services.writes import Chunker, drop_lease, quiet, renew_lease, take_lease

_SOURCES = ("daemon", "cli", "import", "legacy", "demo")
# Up to this many events (and, for a replace, events already stored) one transaction holds the
# whole import within the lock budget; a larger import is written in short chunks under the
# user's ``import`` lease (docs/decisions/0019).
SINGLE_TRANSACTION_ROWS = 10_000
RESTORE_NOTE = (
    "This restores your own backup, so its events are brought back whole: they were learned under "
    "the settings in force when they happened, and the backup's settings are restored with them. "
    "Patterns you have blocked stay out."
)


@dataclass
class ImportPlan:
    """What an import will do, said before it does it."""

    kind: str
    mode: str
    bundle_user: str | None
    user: str
    restore: bool
    events: int
    changes: list[str] = field(default_factory=list)  # settings and project switches that change
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "mode": self.mode,
            "bundle_user": self.bundle_user,
            "user": self.user,
            "restore": self.restore,
            "events": self.events,
            "changes": list(self.changes),
            "notes": list(self.notes),
        }


# --------------------------------------------------------------------------- rules
def wire_form(e: BundleEvent) -> dict[str, Any] | None:
    """The event as a host would have sent it (None for a legacy snapshot, which is not a wire event)."""
    if e.signal_type is SignalType.LEGACY_SNAPSHOT:
        return None
    p = e.payload
    if e.scope != "global" and e.scope != f"project:{e.project_id}":
        raise InvalidInput(
            f"events[{e.event_id}].scope: '{e.scope}' does not match project_id {e.project_id!r}. Nothing was imported."
        )
    out: dict[str, Any] = {
        "event_id": e.event_id,
        "project_id": e.project_id,
        "signal_type": str(e.signal_type),
        "occurred_at": iso(to_ms(e.occurred_at)),
        "session_id": e.session_id,
        "artifact_id": e.artifact_id,
        "scope": "global" if e.scope == "global" else "project",
        "patterns": p.get("patterns", []),
        "tag": e.tag,
    }
    for side in ("chose", "over"):
        if p.get(side) is not None:
            out[side] = p[side]
    return out


def check_events(events: list[BundleEvent]) -> None:
    """Refuse the bundle (nothing written) if an event breaks a rule ingest applies."""
    check_payloads(events)
    for e in events:
        if e.payload.get("tag") != e.tag:
            raise InvalidInput(
                f"events[{e.event_id}]: the payload's tag differs from the event's. Nothing was imported."
            )
        diff = e.payload.get("diff")
        if diff is not None and len(str(diff).encode("utf-8", "surrogatepass")) > MAX_STORED_DIFF_BYTES:
            raise InvalidInput(
                f"events[{e.event_id}].diff: larger than ingest ever stores ({MAX_STORED_DIFF_BYTES // 1024} KiB). "
                "Nothing was imported."
            )
        wire = wire_form(e)
        if wire is None:
            continue
        try:
            validate_event(wire)
        except InvalidInput as exc:
            raise InvalidInput(f"events[{e.event_id}]: {exc}. Nothing was imported.") from None


def _target_user(kind: str, doc: Bundle | LegacyFile, user_id: str, as_user: str | None) -> str:
    if as_user is not None:
        return valid_name(as_user, "user id")
    if isinstance(doc, Bundle) and doc.user_id != user_id:
        raise RefusedForSafety(
            f"This bundle holds the memory of user '{doc.user_id}', not '{user_id}'; nothing was imported. "
            f"To add it to {user_id}'s memory repeat with --as-user {user_id}; to restore it as "
            f"{doc.user_id}, repeat with --user {doc.user_id}."
        )
    return user_id


def _onoff(v: bool) -> str:
    return "on" if v else "off"


def _setting_changes(session: Session, user_id: str, doc: Bundle, mode: str) -> list[str]:
    out: list[str] = []
    projects = {
        p.project_id: p for p in session.query(ProjectSettings).filter(ProjectSettings.user_id == user_id)
    }
    if mode == "replace":
        s = controls.get_settings(session, user_id)
        b = doc.settings
        pairs = [
            ("memory", _onoff(bool(s.memory_enabled)), _onoff(b.memory_enabled)),
            (
                "learning paused until",
                iso(s.learning_paused_until) or "not paused",
                iso(to_ms(b.learning_paused_until)) if b.learning_paused_until else "not paused",
            ),
            (
                "using paused until",
                iso(s.using_paused_until) or "not paused",
                iso(to_ms(b.using_paused_until)) if b.using_paused_until else "not paused",
            ),
            (
                "diagnostics kept for (days)",
                str(s.diagnostics_retention_days),
                str(b.diagnostics_retention_days),
            ),
        ]
        out.extend(f"{name}: {old} → {new}" for name, old, new in pairs if old != new)
        incoming = {p.project_id for p in doc.project_settings}
        for pid in sorted(set(projects) - incoming):
            gone = projects[pid]
            if not (gone.use_memory and gone.learn_from_project):
                out.append(f"project {pid}: its switches are cleared (use memory on, learn on)")
    for p in doc.project_settings:
        cur = projects.get(p.project_id)
        if cur is not None and mode == "merge":
            continue  # a merge never changes an existing switch
        old = (bool(cur.use_memory), bool(cur.learn_from_project)) if cur is not None else (True, True)
        if old != (p.use_memory, p.learn_from_project):
            out.append(
                f"project {p.project_id}: use memory {_onoff(old[0])} → {_onoff(p.use_memory)}, "
                f"learn {_onoff(old[1])} → {_onoff(p.learn_from_project)}"
            )
    return out


def plan_import(
    store: Store,
    user_id: str,
    path: Path,
    *,
    mode: str = "merge",
    passphrase: Callable[[], str] | None = None,
    as_user: str | None = None,
) -> ImportPlan:
    """What :func:`import_file` will do with the same arguments (reads, never writes)."""
    return _plan(store, user_id, *read_import(path, passphrase)[:2], mode=mode, as_user=as_user)


def _plan(
    store: Store, user_id: str, kind: str, doc: Bundle | LegacyFile, *, mode: str, as_user: str | None
) -> ImportPlan:
    if mode not in ("merge", "replace"):
        raise InvalidInput(f"Unknown import mode '{mode}'; use merge or replace.")
    target = _target_user(kind, doc, user_id, as_user)
    bundle_user = doc.user_id
    restore = isinstance(doc, Bundle) and mode == "replace" and doc.user_id == target
    n = (
        len(doc.events)
        if isinstance(doc, Bundle)
        else len(doc.global_preferences) + sum(len(v) for v in doc.project_overrides.values())
    )
    plan = ImportPlan(kind, mode, bundle_user, target, restore, n)
    if isinstance(doc, Bundle) and doc.user_id != target:
        plan.notes.append(
            f"The bundle holds the memory of user '{doc.user_id}'; it is imported as '{target}'."
        )
    if restore:
        plan.notes.append(RESTORE_NOTE)
    else:
        plan.notes.append(
            "Events your current settings would not learn from (memory off, learning paused, a project "
            "not learning) are skipped, as ingest skips them."
        )
    with store.read() as session:
        if isinstance(doc, Bundle):
            plan.changes = _setting_changes(session, target, doc, mode)
        elif (
            mode == "replace"
            and bool(controls.get_settings(session, target).memory_enabled) != doc.memory_enabled
        ):
            plan.changes = [f"memory: {_onoff(not doc.memory_enabled)} → {_onoff(doc.memory_enabled)}"]
    return plan


# --------------------------------------------------------------------------- import
def _rows(doc: Bundle | LegacyFile, user: str) -> list[dict[str, Any]]:
    if isinstance(doc, LegacyFile):
        return legacy_events(doc, user)
    check_events(doc.events)
    return [
        {
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
        for e in doc.events
    ]


def _admit(
    session: Session, rows: list[dict[str, Any]], plan: ImportPlan, blocks: BlockChecker | None, now: int
) -> tuple[list[dict[str, Any]], Counter[str]]:
    """The rows to store: not already stored (per user), not gated, blocked patterns dropped and
    diffs cleaned as ingest does; the others counted per reason."""
    user = plan.user
    fps = BlockChecker.fingerprints(session, user) if blocks is not None else set()
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
            continue
        if blocks is not None and _blocked(payload, fps, blocks):
            skipped["blocked"] += 1
            continue
        if isinstance(payload.get("diff"), str):
            payload = {**payload, "diff": clean_diff(payload["diff"], blocks, fps)}
        existing.add(key)
        fresh.append({**r, "payload": canonical(payload), "ingested_at": now})
    return fresh, skipped


def _blocked(payload: dict[str, Any], fps: set[str], blocks: BlockChecker) -> bool:
    from creative_memory.model.events import payload_items

    return any(blocks.blocked(fps, t, p) for t, p, _pol, _role in payload_items(payload))


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
    (Longer than most: the one-transaction and the chunked path share every step.)"""
    kind, doc, encrypted = read_import(path, passphrase)
    plan = _plan(store, user_id, kind, doc, mode=mode, as_user=as_user)
    rows = _rows(doc, plan.user)
    if announce is not None:
        announce(plan)
    user = plan.user
    with store.read() as session:
        stored = (
            int(session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user)) or 0)
            if mode == "replace"
            else 0
        )
    chunked = len(rows) + stored > SINGLE_TRANSACTION_ROWS
    added = 0
    skipped: Counter[str] = Counter()
    if chunked:
        with store.write() as session, sa_errors():
            take_lease(dbapi_connection(session), user, "import")
    try:
        if chunked and mode == "replace":
            from creative_memory.services.reset import delete_chunked

            counts: dict[str, int] = {}
            for table in (EventPattern.__tablename__, Event.__tablename__, Preference.__tablename__):
                delete_chunked(store, user, table, "user_id = ?", counts)
        chunker = Chunker(500 if chunked else max(1, len(rows)))
        i = 0
        while True:
            batch = rows[i : i + chunker.size]
            last = i + len(batch) >= len(rows)
            with chunker.timed(len(batch)), store.write() as session:
                if i == 0 and not chunked and mode == "replace":
                    _delete_all(session, user)
                fresh, dropped = _admit(session, batch, plan, blocks, now)
                for j in range(0, len(fresh), 5000):
                    insert_event_rows(session, fresh[j : j + 5000])
                added += len(fresh)
                skipped += dropped
                if chunked:
                    with sa_errors():
                        renew_lease(dbapi_connection(session), user)
                if last:
                    _apply(session, user, doc, mode, now)
                    audit.record(
                        session,
                        user,
                        actor,
                        "import",
                        f"{path.name} ({kind}, {mode})",
                        f"ok: {added} events, {sum(skipped.values())} skipped",
                        now,
                    )
            i += len(batch)
            if last:
                break
        info = rebuild(store, user, now, takeover="import" if chunked else None)
    finally:
        if chunked:
            with store.write() as session, sa_errors():
                drop_lease(dbapi_connection(session), user)
    return TransferResult(
        events=added,
        preferences=info.preferences,
        path=path,
        kind=kind,
        skipped=sum(skipped.values()),
        encrypted=encrypted,
        skipped_by_reason=dict(skipped),
        user=user,
        changes=tuple(plan.changes),
        notes=tuple(plan.notes),
    )


def _delete_all(session: Session, user_id: str) -> None:
    """A replace's deletes, not logged as changes (the rebuild that follows derives from scratch)."""
    with sa_errors(), quiet(dbapi_connection(session)):
        session.execute(delete(EventPattern).where(EventPattern.user_id == user_id))
        session.execute(delete(Event).where(Event.user_id == user_id))
        session.execute(delete(Preference).where(Preference.user_id == user_id))
        session.execute(delete(Derivation).where(Derivation.user_id == user_id))


def _apply(session: Session, user: str, doc: Bundle | LegacyFile, mode: str, now: int) -> None:
    from creative_memory.services.bundle import apply_settings

    if isinstance(doc, Bundle) and mode == "replace":
        apply_settings(session, user, doc, now)
    elif isinstance(doc, Bundle):
        for p in doc.project_settings:
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

"""Export: a user's memory as a bundle file (:mod:`services.transfer.bundle`), written 0600 and atomically,
encrypted when a passphrase is given."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from creative_memory.model.constants import DERIVATION_VERSION, Actor
from creative_memory.model.events import iso, page_digest_ids
from creative_memory.model.tables import Event, Preference, ProjectSettings
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.controls import audit, controls
from creative_memory.services.store import safefile
from creative_memory.services.store.page_digests import digest_bodies
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import crypto
from creative_memory.services.transfer.bundle import BUNDLE_FORMAT, BUNDLE_VERSION, TransferResult
from creative_memory.services.transfer.bundle_stream import MAX_ENCRYPTED_BYTES, MiB


def build_bundle(store: Store, user_id: str, now: int) -> dict[str, Any]:
    with store.read() as session:
        s = controls.get_settings(session, user_id)
        events = [
            {
                "event_id": e.event_id,
                "project_id": e.project_id,
                "scope": e.scope,
                "signal_type": e.signal_type,
                "occurred_at": iso(e.occurred_at),
                "tag": e.tag,
                "session_id": e.session_id,
                "artifact_id": e.artifact_id,
                "payload": json.loads(e.payload),
                "source": e.source,
            }
            for e in session.scalars(select(Event).where(Event.user_id == user_id).order_by(Event.seq))
        ]
        projects = [
            {
                "project_id": p.project_id,
                "use_memory": bool(p.use_memory),
                "learn_from_project": bool(p.learn_from_project),
                "use_global_memory": bool(p.use_global_memory),
            }
            for p in session.scalars(
                select(ProjectSettings)
                .where(ProjectSettings.user_id == user_id)
                .order_by(ProjectSettings.project_id)
            )
        ]
        bodies = digest_bodies(session, (d for e in events for d in page_digest_ids(e["payload"])))
        prefs = int(
            session.scalar(select(func.count()).select_from(Preference).where(Preference.user_id == user_id))
            or 0
        )
    return {
        "format": BUNDLE_FORMAT,
        "version": BUNDLE_VERSION,
        "exported_at": iso(now),
        "user_id": user_id,
        "derivation_version": DERIVATION_VERSION,
        "settings": {
            "memory_enabled": bool(s.memory_enabled),
            "learning_paused_until": iso(s.learning_paused_until),
            "using_paused_until": iso(s.using_paused_until),
            "diagnostics_retention_days": s.diagnostics_retention_days,
            "memory_notes": bool(s.memory_notes),
        },
        "project_settings": projects,
        "events": events,
        "page_digests": dict(sorted(bodies.items())),
        "preferences": prefs,
    }


def export_bundle(
    store: Store,
    user_id: str,
    path: Path,
    *,
    now: int,
    actor: Actor,
    passphrase: str | None = None,
    force: bool = False,
) -> TransferResult:
    """Write the user's bundle to ``path``: a new file, or an existing regular file with ``force``
    (never a store, a data folder's file, a directory or a device; see services.store.safefile)."""
    # The target is checked before anything is read, and again (atomically, by the rename) after.
    protected = [store.data_dir.path]
    target = safefile.check_target(path, force=force, protected=protected)
    bundle = build_bundle(store, user_id, now)
    data = json.dumps(bundle, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if passphrase is not None:
        data = crypto.encrypt(data, passphrase)
        if len(data) > MAX_ENCRYPTED_BYTES:  # an import decrypts it whole (decision 0085)
            raise InvalidInput(
                f"Encrypted, this memory would be a file of {len(data) // MiB} MiB; an encrypted bundle "
                f"is read whole, so this program imports one of at most {MAX_ENCRYPTED_BYTES // MiB} MiB. "
                "Export it without --encrypt and keep the file safe. Nothing was written."
            )
    target = safefile.check_target(path, force=force, protected=protected)
    safefile.write_atomic(target, data, what="export")
    if not store.read_only:
        with store.write() as session:
            audit.record(
                session, user_id, actor, "export", target.name, f"ok: {len(bundle['events'])} events", now
            )
    return TransferResult(
        events=len(bundle["events"]),
        preferences=bundle["preferences"],
        path=target,
        encrypted=passphrase is not None,
    )


# --------------------------------------------------------------------------- import

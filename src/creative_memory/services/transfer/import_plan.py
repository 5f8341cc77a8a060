"""What an import will do, said before it does it: what the file holds, read before anything is
asked about applying it (:func:`read_contents`); whose memory it is and who receives it, how many
events, which settings and project switches change (:func:`plan_import`), from what the first pass
over the file gathered (:mod:`services.transfer.bundle_stream`). :mod:`services.transfer.importing`
applies the plan."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from creative_memory.model.events import iso, to_ms
from creative_memory.model.tables import (
    ProjectSettings,
)
from creative_memory.services.common.errors import InvalidInput, RefusedForSafety
from creative_memory.services.common.naming import valid_name
from creative_memory.services.controls import controls
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.bundle import BundleHead, LegacyFile
from creative_memory.services.transfer.bundle_stream import StreamedBundle, read_import

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


def _target_user(kind: str, doc: StreamedBundle | LegacyFile, user_id: str, as_user: str | None) -> str:
    if as_user is not None:
        return valid_name(as_user, "user id")
    if isinstance(doc, StreamedBundle) and doc.head.user_id != user_id:
        owner = doc.head.user_id
        raise RefusedForSafety(
            f"This bundle holds the memory of user '{owner}', not '{user_id}'; nothing was imported. "
            f"To add it to {user_id}'s memory repeat with --as-user {user_id}; to restore it as "
            f"{owner}, repeat with --user {owner}."
        )
    return user_id


def _onoff(v: bool) -> str:
    return "on" if v else "off"


#: a project's switches as the plan names them, and their columns (``bundle.apply_settings`` writes each)
_SWITCHES = (
    ("use memory", "use_memory"),
    ("use global memory", "use_global_memory"),
    ("learn", "learn_from_project"),
)
_DEFAULT_SWITCHES = (True, True, True)


def _switch_changes(old: tuple[bool, ...], new: tuple[bool, ...]) -> str:
    return ", ".join(
        f"{name} {_onoff(o)} → {_onoff(n)}"
        for (name, _col), o, n in zip(_SWITCHES, old, new, strict=True)
        if o != n
    )


def _setting_changes(session: Session, user_id: str, doc: BundleHead, mode: str) -> list[str]:
    """Every setting and project switch the import will change, one line each with its old and new
    value: the same fields ``bundle.apply_settings`` (replace) and the merge's new projects write,
    so nothing changes that the plan did not say (decision 0074)."""
    out: list[str] = []
    projects = {
        p.project_id: tuple(bool(getattr(p, col)) for _name, col in _SWITCHES)
        for p in session.query(ProjectSettings).filter(ProjectSettings.user_id == user_id)
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
            ("memory notes", _onoff(bool(s.memory_notes)), _onoff(b.memory_notes)),
        ]
        out.extend(f"{name}: {old} → {new}" for name, old, new in pairs if old != new)
        incoming = {p.project_id for p in doc.project_settings}
        for pid in sorted(set(projects) - incoming):
            changed = _switch_changes(projects[pid], _DEFAULT_SWITCHES)
            if changed:
                out.append(f"project {pid}: its switches are cleared ({changed})")
    for p in doc.project_settings:
        cur = projects.get(p.project_id)
        if cur is not None and mode == "merge":
            continue  # a merge never changes an existing switch
        new = (
            p.use_memory,
            p.use_memory if p.use_global_memory is None else p.use_global_memory,
            p.learn_from_project,
        )
        changed = _switch_changes(cur or _DEFAULT_SWITCHES, new)
        if changed:
            out.append(f"project {p.project_id}: {changed}")
    return out


@dataclass(frozen=True)
class ImportContents:
    """What a file to import holds, read (and decrypted) before asking how to apply it."""

    kind: str  # "bundle" or "legacy" (a prototype preferences.json)
    encrypted: bool
    user: str | None  # whose memory it is (None: a preferences.json that does not say)
    events: int  # a bundle's events, or a preferences.json's preferences
    preferences: int  # the preferences the bundle's memory had when exported (0: not said)
    projects: int  # projects with settings of their own
    exported_at: int | None  # ms since the epoch (a bundle)
    doc: StreamedBundle | LegacyFile

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "encrypted": self.encrypted,
            "user": self.user,
            "events": self.events,
            "preferences": self.preferences,
            "projects": self.projects,
            "exported_at": iso(self.exported_at) if self.exported_at is not None else None,
        }


def read_contents(path: Path, passphrase: Callable[[], str] | None = None) -> ImportContents:
    """Read ``path`` as an import reads it — whether it is a bundle or a preferences.json, valid,
    and, when encrypted, opened by ``passphrase`` (:class:`~.crypto.WrongPassphrase` when not) —
    and say what it holds. Touches no store."""
    kind, doc, encrypted = read_import(path, passphrase)
    if isinstance(doc, StreamedBundle):
        head = doc.head
        return ImportContents(
            kind,
            encrypted,
            head.user_id,
            doc.events,
            head.preferences,
            len(head.project_settings),
            to_ms(head.exported_at),
            doc,
        )
    n = len(doc.global_preferences) + sum(len(v) for v in doc.project_overrides.values())
    return ImportContents(kind, encrypted, doc.user_id, n, n, len(doc.project_overrides), None, doc)


def plan_import(
    store: Store,
    user_id: str,
    path: Path,
    *,
    mode: str = "merge",
    passphrase: Callable[[], str] | None = None,
    as_user: str | None = None,
) -> ImportPlan:
    """What :func:`services.transfer.importing.import_file` will do with the same arguments (reads, never writes)."""
    return plan_for(store, user_id, *read_import(path, passphrase)[:2], mode=mode, as_user=as_user)


def plan_for(
    store: Store,
    user_id: str,
    kind: str,
    doc: StreamedBundle | LegacyFile,
    *,
    mode: str,
    as_user: str | None,
) -> ImportPlan:
    if mode not in ("merge", "replace"):
        raise InvalidInput(f"Unknown import mode '{mode}'; use merge or replace.")
    target = _target_user(kind, doc, user_id, as_user)
    head = doc.head if isinstance(doc, StreamedBundle) else None
    bundle_user = doc.user_id if isinstance(doc, LegacyFile) else doc.events_user
    restore = head is not None and mode == "replace" and head.user_id == target
    n = (
        len(doc.global_preferences) + sum(len(v) for v in doc.project_overrides.values())
        if isinstance(doc, LegacyFile)
        else doc.events
    )
    plan = ImportPlan(kind, mode, bundle_user, target, restore, n)
    if head is not None and head.user_id != target:
        plan.notes.append(
            f"The bundle holds the memory of user '{head.user_id}'; it is imported as '{target}'."
        )
    if restore:
        plan.notes.append(RESTORE_NOTE)
    else:
        plan.notes.append(
            "Events your current settings would not learn from (memory off, learning paused, a project "
            "not learning) are skipped, as ingest skips them."
        )
    with store.read() as session:
        if head is not None:
            plan.changes = _setting_changes(session, target, head, mode)
        elif (
            isinstance(doc, LegacyFile)
            and mode == "replace"
            and bool(controls.get_settings(session, target).memory_enabled) != doc.memory_enabled
        ):
            plan.changes = [f"memory: {_onoff(not doc.memory_enabled)} → {_onoff(doc.memory_enabled)}"]
    return plan

"""The backup a reset writes first (``od-memory reset --backup``, the window's Reset): an export
that is read back as an import would read it — every rule an import holds an event, a digest and
the settings to — before anything is erased. A backup that would not import is no backup: the
reset is refused, the file is left for a look, and nothing is erased (issue 32, point 4)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import CreativeMemoryError, RefusedForSafety
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.bundle import TransferResult
from creative_memory.services.transfer.bundle_stream import read_import
from creative_memory.services.transfer.exporting import export_bundle


def check_importable(path: Path, passphrase: Callable[[], str] | None = None) -> None:
    """Raise the import's own sentence if ``path`` would not import: the import's first pass, which
    holds every event, digest and setting to its rules (touches no store)."""
    read_import(path, passphrase)


def write_backup(
    store: Store,
    user_id: str,
    target: Path | str,
    *,
    now: int,
    actor: Actor,
    passphrase: str | None = None,
    force: bool = False,
) -> TransferResult:
    """Export to ``target`` and read it back; :class:`RefusedForSafety` when it would not import."""
    result = export_bundle(
        store, user_id, Path(target), now=now, actor=actor, passphrase=passphrase, force=force
    )
    try:
        check_importable(result.path, None if passphrase is None else (lambda: passphrase))
    except CreativeMemoryError as exc:
        raise RefusedForSafety(
            f"The backup written to {result.path} would not import again ({exc}), so nothing was erased. "
            "Keep the file for a look, and report it; export and reset again once it imports."
        ) from exc
    return result

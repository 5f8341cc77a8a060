"""The program's own backup copies of the store (``app.sqlite.bak-<time>``), made before a migration.

A copy is made only after checking that the disk can hold it, under a temporary name that is
renamed when complete (an interrupted copy never looks like a backup, and one left by a kill is
removed the next time), and only the latest is kept. A backup is a full plaintext copy of the
store, so forgetting removes every copy that holds the forgotten text, and a reset removes them all
(``docs/decisions/0016-backups-and-forgetting.md``).
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol
from urllib.parse import quote

from creative_memory.services.common.errors import RefusedForSafety, StoreUnavailable
from creative_memory.services.store.safefile import process_alive

if TYPE_CHECKING:  # the search is imported by a forget only: the window's start lists backups
    from creative_memory.services.common.spelled_bytes import Spellings
    from creative_memory.services.common.spelled_scan import SpelledScan

log = logging.getLogger("cm.backups")

MARK = ".bak-"
PARTIAL = ".partial"
#: room kept free beyond the copy itself (the WAL of the migration that follows, the file system)
MARGIN = 8 << 20

FreeSpace = Callable[[Path], int]


def free_space(folder: Path) -> int:
    return shutil.disk_usage(folder).free


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def _candidates(store: Path) -> list[Path]:
    try:
        return sorted(p for p in store.parent.iterdir() if p.name.startswith(store.name + MARK))
    except OSError:
        return []


def _is_partial(p: Path) -> bool:
    """A copy being written, or its journal (``….partial``, ``….partial-journal``)."""
    return PARTIAL in p.name


def _partial_for(final: Path) -> Path:
    """The temporary name of a copy: the process writing it names itself (its id)."""
    return final.with_name(f"{final.name}.{os.getpid()}{PARTIAL}")


def _writer_alive(p: Path) -> bool:
    """Whether the process named in a temporary copy's name is still running: another of our
    processes (the daemon's serve and the window opening a store for the first time at once) is
    writing it. On Windows a file that is being written cannot be removed anyway: never asked."""
    if os.name == "nt":
        return False
    stem = p.name.split(PARTIAL, 1)[0]
    pid = stem.rsplit(".", 1)[-1]
    if not pid.isdigit():
        return False  # named by an older version: left by a kill
    return process_alive(int(pid))


def list_backups(store: Path) -> list[Path]:
    """The program's complete backup copies of ``store``, oldest first."""
    return [p for p in _candidates(store) if not _is_partial(p) and p.is_file()]


def remove_partials(store: Path) -> list[Path]:
    """Remove copies an interrupted backup left behind (a kill -9 cannot clean up after itself),
    not those another running process of ours is writing."""
    removed = []
    for p in _candidates(store):
        if _is_partial(p) and not _writer_alive(p):
            with suppress(OSError):
                p.unlink()
                removed.append(p)
    return removed


def needed_bytes(store: Path) -> int:
    size = 0
    for f in (store, store.with_name(store.name + "-wal")):
        with suppress(OSError):
            size += f.stat().st_size
    return size


def _mb(n: int) -> str:
    """A size in the unit that shows it: 56 KB, 8.0 MB, 1.2 GB (never a small file as 0.1 MB)."""
    for unit, shift in (("GB", 30), ("MB", 20), ("KB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.1f} {unit}".replace(".0 KB", " KB")
    return f"{n} bytes"


def make_backup(store: Path, *, space: FreeSpace = free_space) -> Path:
    """Copy ``store`` beside itself with SQLite's backup API (safe while the daemon writes).

    Refuses, changing nothing, when the disk cannot hold the copy. Keeps only the newest copy.
    """
    remove_partials(store)
    copy = needed_bytes(store)
    need = copy + MARGIN
    try:
        free = space(store.parent)
    except OSError as exc:
        raise StoreUnavailable(
            f"The free space beside {store} could not be checked ({exc.strerror or exc}); nothing was changed."
        ) from exc
    if free < need:
        raise RefusedForSafety(
            f"A backup of {store} must be made before the memory tables are added or upgraded, but the "
            f"disk has {_mb(free)} free: the copy takes {_mb(copy)}, and {_mb(MARGIN)} more are kept free "
            f"beside it ({_mb(need)} in all). Free some space and try again; nothing was changed."
        )
    final = store.with_name(f"{store.name}{MARK}{_stamp()}")
    partial = _partial_for(final)
    try:
        fd = os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        os.close(fd)
        src = sqlite3.connect(f"file:{quote(str(store))}?mode=ro", uri=True)
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
            src.close()
        with partial.open("rb") as fh:
            os.fsync(fh.fileno())
        partial.replace(final)
    except BaseException as exc:
        with suppress(OSError):
            partial.unlink()
        with suppress(OSError):
            partial.with_name(partial.name + "-journal").unlink()
        if isinstance(exc, (OSError, sqlite3.Error)):
            raise StoreUnavailable(
                f"The backup of {store} could not be written ({exc}); nothing was changed. Free some "
                "space or fix the folder's permissions and try again."
            ) from exc
        raise
    for old in list_backups(store):
        if old != final:
            with suppress(OSError):
                old.unlink()
    log.info("backed up %s to %s", store, final)
    return final


def _contains(path: Path, names: Spellings | SpelledScan) -> bool:
    """Whether the file mentions any of the names (read in chunks, each with the end of the one
    before it), as the search of the store finds mentions (``services.common.spelled_scan``,
    decision 0076): any case (mixed non-ASCII case too), separator, compatibility form. Given the
    names' :class:`SpelledScan`, several files are searched with one compiled search."""
    from creative_memory.services.common.spelled_scan import SpelledScan

    scan = names if isinstance(names, SpelledScan) else SpelledScan(names)
    keep = 2 * scan.names.context
    tail = b""
    try:
        with path.open("rb") as fh:
            while chunk := fh.read(4 << 20):
                buf = tail + chunk
                if scan.count(buf):
                    return True
                tail = buf[-keep:] if keep else b""
    except OSError:
        return True  # unreadable: cannot be proven clean, so it is removed
    return _cells_contain(path, scan.names)


_SQLITE_HEADER = b"SQLite format 3\x00"


def _cells_contain(path: Path, names: Spellings) -> bool:
    """Whether a backup that is an SQLite database mentions a name in any stored value, read through
    SQLite: a value longer than a page is kept in pieces on overflow pages, each after a page
    pointer, so a mention that crosses from one piece to the next is in no run of the file's bytes.
    A file that SQLite cannot read is not proven clean (True)."""
    try:
        with path.open("rb") as fh:
            if fh.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER:
                return False
    except OSError:
        return True
    uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
    try:
        con = sqlite3.connect(uri, uri=True)
    except sqlite3.Error:
        return True
    try:
        tables = [
            str(r[0])
            for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL")
        ]
        for table in tables:
            quoted = '"' + table.replace('"', '""') + '"'
            for row in con.execute(f"SELECT * FROM {quoted}"):
                for value in row:
                    if isinstance(value, str | bytes) and _long(value) and names.count_text(_text(value)):
                        return True
    except sqlite3.Error:
        return True
    finally:
        con.close()
    return False


def _long(value: str | bytes) -> bool:
    """Only a value that can reach past a page of its own is split (the smallest page is 512 bytes)."""
    return len(value) > 400


def _text(value: str | bytes) -> str:
    return value if isinstance(value, str) else value.decode("utf-8", "surrogateescape")


def _identity(path: Path) -> tuple[int, int, int] | None:
    """What tells a file apart from another one at the same path, or from itself after a change."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def _forget(
    store: Path, scan: SpelledScan | None
) -> tuple[list[Path], dict[Path, tuple[int, int, int] | None]]:
    """Remove the backup copies that mention any of the names (every copy without ``scan``): the
    removed files, and those searched and found clean, each with its :func:`_identity`."""
    removed: list[Path] = []
    clean: dict[Path, tuple[int, int, int] | None] = {}
    for p in _candidates(store):
        identity = _identity(p)
        if scan is None or _is_partial(p) or _contains(p, scan):
            try:
                p.unlink()
            except OSError as exc:
                log.warning("backup %s could not be removed: %s", p, exc)
                continue
            removed.append(p)
        else:
            clean[p] = identity
    return removed, clean


def _scan(needles: Spellings | None) -> SpelledScan | None:
    from creative_memory.services.common.spelled_scan import SpelledScan

    return None if needles is None else SpelledScan(needles)


def forget_in_backups(store: Path, needles: Spellings | None) -> list[Path]:
    """Remove the backup copies that mention any of the names (every copy when ``needles`` is None).

    Returns the removed files; a copy that cannot be removed is reported by the caller as a note.
    """
    return _forget(store, _scan(needles))[0]


def erasure_notes(store: Path, needles: Spellings | None) -> tuple[list[str], list[str], bool]:
    """For a forget (``needles``) or reset (None) receipt: the removed copies, a sentence for each
    removed or left copy, and whether no copy holding the erased data is left. What is left is
    searched again, except a copy found clean a moment ago and unchanged since (a backup is as
    large as the store: it was read twice on every forget)."""
    scan = _scan(needles)
    removed, clean = _forget(store, scan)
    notes = [
        f"Removed the backup copy {p.name}, made before the memory tables were added or upgraded, "
        "because it held the erased data."
        for p in removed
    ]
    left = [
        p
        for p in list_backups(store)
        if scan is None or ((p not in clean or clean[p] != _identity(p)) and _contains(p, scan))
    ]
    notes += [
        f"The backup copy {p} still holds the erased data and could not be removed; delete it." for p in left
    ]
    return [str(p) for p in removed], notes, not left


class Receipt(Protocol):
    notes: list[str]
    verified: bool


def settle(receipt: Receipt, store: Path, needles: Spellings | None) -> None:
    """Forget (``needles``) or reset (None) in the backup copies, and say so on the receipt: a copy
    that holds the erased data and cannot be removed makes the receipt unverified."""
    _removed, notes, clean = erasure_notes(store, needles)
    receipt.notes.extend(notes)
    receipt.verified = receipt.verified and clean

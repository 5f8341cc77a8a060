"""One way to write a file the user named: only where asked, only as a new file, never half.

* :func:`check_target` refuses a target that is a store or one of its ``-wal``/``-shm``/``-journal``
  files, any file inside a data folder, a directory, a device, a FIFO or a socket (exit 5), and an
  existing file unless ``force`` says "replace it" (exit 5, too).
* :func:`write_atomic` writes to a temporary name beside the target (mode 0600), flushes it to disk
  and renames it over the target. On any error, and on SIGTERM/SIGINT (see
  :func:`install_signal_cleanup`), the temporary file is removed; one left behind by a kill -9 is
  recognised by its name and removed by the next write into the same folder.

See ``docs/decisions/0027-writes-only-where-asked.md``.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import stat
import threading
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from types import FrameType
from typing import Any

from creative_memory.services.common.errors import InvalidInput, OperationFailed, RefusedForSafety
from creative_memory.services.store import held_files

STORE_NAME = "app.sqlite"
SIDE_SUFFIXES = ("-wal", "-shm", "-journal")
SQLITE_MAGIC = b"SQLite format 3\x00"
# ".<target name>.cm-partial-<pid>-<random>": the pid tells a live writer from a dead one.
TEMP_MARK = ".cm-partial-"
_TEMP_RE = re.compile(r"^\..+\.cm-partial-(\d+)-[0-9a-f]{8}$")

_live: set[Path] = set()
_live_lock = threading.Lock()


def _is_sqlite(path: Path) -> bool:
    try:  # a store this process has open must not be closed under SQLite (services.store.held_files)
        return held_files.read_head(path, 16) == SQLITE_MAGIC
    except OSError:
        return False


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def resolve_target(raw: str | os.PathLike[str]) -> Path:
    """The absolute path a target names, symlinks followed; a loop or an empty name is a sentence."""
    text = os.fspath(raw)
    if not text.strip():
        raise InvalidInput("The file name is empty; name the file to write, e.g. backup.json.")
    if "\x00" in text:
        raise InvalidInput("The file name contains a NUL character; name a plain file.")
    try:
        return Path(text).expanduser().resolve(strict=False)
    except RuntimeError:  # "Symlink loop from …"
        raise InvalidInput(
            f"{text} is a symbolic link that loops back on itself; name a real file."
        ) from None
    except OSError as exc:
        raise InvalidInput(f"{text} cannot be used ({exc.strerror or exc}); name another file.") from None


def source_path(raw: str | os.PathLike[str], what: str = "file") -> Path:
    """The path of a file to read (a bundle to import, events to ingest) as the person gave it; an
    empty name or one with a NUL character (which no file has) is a sentence, not a traceback."""
    text = os.fspath(raw)
    if not text.strip():
        raise InvalidInput(f"The {what} name is empty; name the file to read.")
    if "\x00" in text:
        raise InvalidInput(f"The {what} name contains a NUL character; name a plain file.")
    return Path(text).expanduser()


def check_target(raw: str | os.PathLike[str], *, force: bool = False, protected: Iterable[Path] = ()) -> Path:
    """Refuse every target that is not "a new file, or an existing regular file the user said to
    replace"; return the resolved path to write. ``protected`` are data folders to keep out of."""
    target = resolve_target(raw)
    shown = os.fspath(raw)
    for folder in protected:
        with suppress(OSError, RuntimeError):
            folder = folder.resolve(strict=False)
        if _inside(target, folder):
            raise RefusedForSafety(
                f"{shown} is inside the Open Design data folder {folder}; write the file somewhere else."
            )
    base = target.name
    for suffix in SIDE_SUFFIXES:
        if base.endswith(suffix) and (
            _is_sqlite(target.with_name(base[: -len(suffix)])) or base[: -len(suffix)] == STORE_NAME
        ):
            raise RefusedForSafety(
                f"{shown} belongs to a database (its {suffix[1:]} file); write the file somewhere else."
            )
    if base == STORE_NAME or (target.parent / STORE_NAME).exists():
        raise RefusedForSafety(f"{shown} is in an Open Design data folder; write the file somewhere else.")
    try:
        st = target.stat()
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise InvalidInput(f"{shown} cannot be used ({exc.strerror or exc}); name another file.") from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise RefusedForSafety(f"{shown} is a folder; name a file inside it, e.g. {shown}/backup.json.")
        if not stat.S_ISREG(st.st_mode):
            raise RefusedForSafety(
                f"{shown} is a device, pipe or socket, not a file; name a regular file instead."
            )
        if _is_sqlite(target):
            raise RefusedForSafety(f"{shown} is a database; it is never replaced. Name another file.")
        if not force:
            raise RefusedForSafety(
                f"{shown} already exists; choose another name, or add --force to replace it."
            )
    if not target.parent.is_dir():
        raise InvalidInput(
            f"The folder {target.parent} does not exist; choose an existing folder for the file."
        )
    return target


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove temporary files of writes whose process is gone (a kill -9); return what was removed."""
    removed: list[Path] = []
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return removed
    for name in names:
        m = _TEMP_RE.match(name)
        if not m:
            continue
        pid = int(m.group(1))
        if process_alive(pid):
            continue
        path = folder / name
        with suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


def process_alive(pid: int) -> bool:
    """Whether the process ``pid`` still runs (this one does): the writer named in a temporary
    file's name, or a lease's holder. Signal 0 asks without sending anything; a process of
    another user is alive; an id too large for the system names none."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except OSError:  # exists but is not ours to signal
        return True
    return True


def write_atomic(target: Path, data: bytes, *, what: str = "file") -> None:
    """Write ``data`` to ``target`` (already checked) through a 0600 temporary file and a rename."""
    folder = target.parent
    remove_stale_temporaries(folder)
    tmp = folder / f".{target.name[:80]}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError as exc:
        raise OperationFailed(
            f"Nothing could be written in {folder} ({exc.strerror or exc}); choose a folder you can write to."
        ) from None
    with _live_lock:
        _live.add(tmp)
    try:
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            tmp.replace(target)
        except OSError as exc:
            raise OperationFailed(
                f"The {what} could not be written to {target} ({exc.strerror or exc}); "
                "nothing was written there."
            ) from None
    finally:
        with _live_lock:
            _live.discard(tmp)
        with suppress(OSError):
            if tmp.exists():
                tmp.unlink()


def _cleanup_live() -> None:
    with _live_lock:
        paths = list(_live)
        _live.clear()
    for p in paths:
        with suppress(OSError):
            p.unlink()


def install_signal_cleanup() -> None:
    """On SIGTERM and SIGINT, remove the temporary file of a write under way first, then do what the
    signal did before (SIGINT: KeyboardInterrupt; SIGTERM: end the process). Main thread only."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(signum)
        if getattr(previous, "_cm_cleanup", False):
            continue

        def handler(num: int, frame: FrameType | None, _prev: Any = previous) -> None:
            _cleanup_live()
            if callable(_prev):
                _prev(num, frame)
            elif _prev == signal.SIG_IGN:
                return
            elif num == signal.SIGINT:
                raise KeyboardInterrupt
            else:
                signal.signal(num, signal.SIG_DFL)
                os.kill(os.getpid(), num)

        handler._cm_cleanup = True  # type: ignore[attr-defined]
        signal.signal(signum, handler)

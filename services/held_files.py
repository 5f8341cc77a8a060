"""Reading a store's files (database, WAL, WAL index) beside SQLite without losing its locks.

On POSIX systems a process's record locks on a file go away when the process closes *any*
descriptor of that file, not only the one that took them ("How To Corrupt An SQLite Database
File", 2.2). SQLite holds a shared lock on the database and one on the WAL index (``-shm``) for as
long as a connection is open; this program's own reads of those files — the erasure's byte
search, a look at the database header, the WAL index's frame count — used to open and close them,
which silently dropped the locks of every connection of the process. Another program (Open
Design) closing its connection then took itself for the last one and deleted the WAL under ours,
whose later commits went into a file nobody else reads; one opening took itself for the first and
reset the WAL index this process maps (a crash, SIGBUS).

So a file of the SQLite family is read through a descriptor opened once per file (inode) and never
closed while its file is in place (:func:`read_at`, :func:`read_into`); a file that is not one
(an import bundle) is closed as usual (:func:`read_head`). Windows has no such locks, and a
descriptor kept open there would stop SQLite deleting its WAL: files are opened and closed as
before.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

_POSIX = sys.platform != "win32"
_SIDE_SUFFIXES = ("-wal", "-shm", "-journal")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_WAL_MAGICS = (bytes.fromhex("377f0682"), bytes.fromhex("377f0683"))
# The WAL index starts with its version, 3007000, in the machine's byte order.
_SHM_VERSION = (3007000).to_bytes(4, sys.byteorder)

_held: dict[tuple[int, int], tuple[Path, int]] = {}
_lock = threading.Lock()


def of_sqlite(path: Path, head: bytes) -> bool:
    """Whether a file is a database, a WAL or a WAL index (by its first bytes, or its name)."""
    return (
        head.startswith(_SQLITE_MAGIC)
        or head[:4] in _WAL_MAGICS
        or head[:4] == _SHM_VERSION
        or path.name.endswith(_SIDE_SUFFIXES)
    )


_stores: dict[str, int] = {}  # open Store objects per database path


def _named(path: Path) -> str:
    return os.path.realpath(path)


def store_opened(db: Path) -> None:
    """A :class:`~creative_memory.services.store.Store` of ``db`` was opened in this process."""
    with _lock:
        _stores[_named(db)] = _stores.get(_named(db), 0) + 1


def store_closed(db: Path) -> None:
    """A Store of ``db`` has closed its connections: when it was the last one, the kept
    descriptors of the database, its WAL and its index are closed (nothing of this process is
    locked through them any more), so that a long-lived process keeps none for stores it left."""
    name = _named(db)
    with _lock:
        left = _stores.get(name, 0) - 1
        if left > 0:
            _stores[name] = left
            return
        _stores.pop(name, None)
        files = {name, name + "-wal", name + "-shm"}
        for key, (path, fd) in list(_held.items()):
            if _named(path) in files:
                del _held[key]
                os.close(fd)


def held_count() -> int:
    with _lock:
        return len(_held)


def _held_fd(path: Path) -> int | None:
    """The kept descriptor of the file now at ``path`` (opened on first use), or None if there is
    no file. A kept descriptor whose file has been replaced or deleted since is closed: nothing
    of SQLite's can still be locked through it (it names a file no other program can reach)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    key = (st.st_dev, st.st_ino)
    with _lock:
        entry = _held.get(key)
        if entry is not None:
            return entry[1]
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return None
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        if key in _held:  # replaced between the two looks and the new one already kept
            extra, fd = fd, _held[key][1]
            _held[(-1, extra)] = (path, extra)  # never closed while its file may be in place
        else:
            _held[key] = (path, fd)
        _close_stale()
        return fd


def _close_stale() -> None:
    """Under ``_lock``: close kept descriptors whose file is no longer at its path."""
    for key, (path, fd) in list(_held.items()):
        kept = os.fstat(fd)
        try:
            st = path.stat()
        except FileNotFoundError:
            current = False
        else:
            current = (st.st_dev, st.st_ino) == (kept.st_dev, kept.st_ino)
        if not current:
            del _held[key]
            os.close(fd)


def read_at(path: Path, offset: int, size: int) -> bytes:
    """Up to ``size`` bytes of a store file from ``offset`` (b"" if there is no such file)."""
    if not _POSIX:
        try:
            with path.open("rb") as fh:
                fh.seek(offset)
                return fh.read(size)
        except FileNotFoundError:
            return b""
    fd = _held_fd(path)
    return b"" if fd is None else os.pread(fd, size, offset)


def read_into(path: Path, offset: int, view: memoryview) -> int:
    """Fill ``view`` from ``offset`` of a store file as far as the file goes; bytes read."""
    if not _POSIX:
        try:
            with path.open("rb", buffering=0) as fh:
                fh.seek(offset)
                return _fill(fh, view)
        except FileNotFoundError:  # gone since it was listed: nothing left to read, as below
            return 0
    fd = _held_fd(path)
    if fd is None:
        return 0
    done = 0
    while done < len(view):
        if hasattr(os, "preadv"):
            got = os.preadv(fd, [view[done:]], offset + done)
        else:  # pragma: no cover - platforms without preadv
            data = os.pread(fd, len(view) - done, offset + done)
            got = len(data)
            view[done : done + got] = data
        if not got:
            break
        done += got
    return done


def _fill(fh: object, view: memoryview) -> int:
    done = 0
    while done < len(view):
        got = fh.readinto(view[done:])  # type: ignore[attr-defined]
        if not got:
            break
        done += got
    return done


def read_head(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of any file a person names (an import, an export's target): a
    file of the SQLite family — perhaps a store this process has open — is read through a kept
    descriptor, any other one is opened and closed. Raises OSError as ``open`` does."""
    if not _POSIX:
        with path.open("rb") as fh:
            return fh.read(size)
    fd, kept = _any_fd(path)
    head = b""
    try:
        head = os.pread(fd, size, 0)
    finally:
        if not kept:
            _keep_or_close(path, fd, head)
    return head


def read_whole(path: Path) -> bytes:
    """A whole file a person names (an import bundle), as :func:`read_head` treats it."""
    if not _POSIX:
        return path.read_bytes()
    fd, kept = _any_fd(path)
    chunks: list[bytes] = []
    offset = 0
    try:
        while chunk := os.pread(fd, 1 << 20, offset):
            chunks.append(chunk)
            offset += len(chunk)
    finally:
        if not kept:
            _keep_or_close(path, fd, chunks[0][:16] if chunks else b"")
    return b"".join(chunks)


def _any_fd(path: Path) -> tuple[int, bool]:
    """A descriptor of the file at ``path``: the kept one if there is one (True), else a new one."""
    st = path.stat()
    with _lock:
        entry = _held.get((st.st_dev, st.st_ino))
        if entry is not None:
            return entry[1], True
    return os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)), False


def _keep_or_close(path: Path, fd: int, head: bytes) -> None:
    """A new descriptor of a file of the SQLite family is kept (closing it could drop a lock of
    this process); of any other file, closed."""
    if not of_sqlite(path, head):
        os.close(fd)
        return
    st = os.fstat(fd)
    with _lock:
        key = (st.st_dev, st.st_ino)
        _held[key if key not in _held else (-1, fd)] = (path, fd)
        _close_stale()  # a file named before and replaced since: one kept per path, not per check

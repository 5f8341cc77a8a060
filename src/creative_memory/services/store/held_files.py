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
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

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
    """A :class:`~creative_memory.services.store.store.Store` of ``db`` was opened in this process."""
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


def _kept_for(st: os.stat_result) -> int | None:
    """Under ``_lock``: the kept descriptor of the file ``st`` describes, if there is one."""
    entry = _held.get((st.st_dev, st.st_ino))
    return None if entry is None else entry[1]


def _keep(path: Path, fd: int) -> int:
    """Under ``_lock``: keep ``fd`` (never closed while its file is in place) and close the kept
    descriptors whose file has been replaced or deleted since — nothing of SQLite's can still be
    locked through them (they name files no other program can reach). Returns the descriptor to
    read through: one kept before for the same file (the file replaced between a look and an
    open), else ``fd``."""
    st = os.fstat(fd)
    key = (st.st_dev, st.st_ino)
    first = _held.get(key)
    _held[key if first is None else (-1, fd)] = (path, fd)
    _close_stale()
    return fd if first is None else first[1]


def _held_fd(path: Path) -> int | None:
    """The kept descriptor of the file now at ``path`` (opened on first use), or None if there is
    no file."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    with _lock:
        fd = _kept_for(st)
        if fd is not None:
            return fd
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return None
        return _keep(path, fd)


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
    buf = bytearray(size)
    return bytes(buf[: read_into(path, offset, memoryview(buf))])


def read_into(path: Path, offset: int, view: memoryview) -> int:
    """Fill ``view`` from ``offset`` of a store file as far as the file goes; bytes read (0 if
    there is no such file)."""
    return read_many(path, [(offset, view)])[0]


def read_many(path: Path, parts: Sequence[tuple[int, memoryview]]) -> list[int]:
    """Fill each view from its offset of a store file (looked up once) as far as the file goes; the
    bytes read into each (0 if there is no such file: gone since it was listed, nothing is left
    to read)."""
    if not _POSIX:
        try:
            with path.open("rb", buffering=0) as fh:

                def read(offset: int, view: memoryview) -> int:
                    fh.seek(offset)
                    return _fill(lambda part, _at: fh.readinto(part), view)

                return [read(offset, view) for offset, view in parts]
        except FileNotFoundError:
            return [0] * len(parts)
    fd = _held_fd(path)
    if fd is None:
        return [0] * len(parts)

    def read_part(offset: int, view: memoryview) -> int:
        return _fill(lambda part, at: _pread_into(fd, part, offset + at), view)

    return [read_part(offset, view) for offset, view in parts]


def _pread_into(fd: int, part: memoryview, at: int) -> int:
    if hasattr(os, "preadv"):
        return os.preadv(fd, [part], at)
    data = os.pread(fd, len(part), at)  # pragma: no cover - platforms without preadv
    part[: len(data)] = data
    return len(data)


def _fill(read: Callable[[memoryview, int], int | None], view: memoryview) -> int:
    """``read(rest, done)`` until ``view`` is full or the file ends; bytes read."""
    done = 0
    while done < len(view):
        got = read(view[done:], done)
        if not got:
            break
        done += got
    return done


def read_head(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of any file a person names (an import, an export's target): a
    file of the SQLite family — perhaps a store this process has open — is read through a kept
    descriptor, any other one is opened and closed. Raises OSError as ``open`` does."""
    return _read_named(path, size)


def read_whole(path: Path) -> bytes:
    """A whole file a person names (an import bundle), as :func:`read_head` treats it."""
    return _read_named(path, None)


def _read_named(path: Path, limit: int | None) -> bytes:
    if not _POSIX:
        with path.open("rb") as fh:
            return fh.read(-1 if limit is None else limit)
    st = path.stat()
    with _lock:
        fd = _kept_for(st)
    new = fd is None
    if fd is None:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    chunks: list[bytes] = []
    offset = 0
    try:
        while limit is None or offset < limit:
            chunk = os.pread(fd, (1 << 20) if limit is None else limit - offset, offset)
            if not chunk:
                break
            chunks.append(chunk)
            offset += len(chunk)
    finally:
        if new:  # of the SQLite family: kept (closing it could drop a lock of this process)
            if of_sqlite(path, chunks[0][:16] if chunks else b""):
                with _lock:
                    _keep(path, fd)
            else:
                os.close(fd)
    return b"".join(chunks)


class NamedFile:
    """A file a person names (an import bundle), read piece by piece as :func:`read_head` reads
    it: a file of the SQLite family — perhaps a store this process has open — through a kept
    descriptor, any other one opened here and closed by :meth:`close`. Raises OSError as ``open``
    does."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._fh: BinaryIO | None = None
        self._fd: int | None = None
        self._new = False
        self._head = b""
        if not _POSIX:
            self._fh = path.open("rb")
            return
        st = path.stat()
        with _lock:
            fd = _kept_for(st)
        if fd is None:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            self._new = True
        self._fd = fd

    def read_at(self, offset: int, size: int) -> bytes:
        if self._fh is not None:
            self._fh.seek(offset)
            data: bytes = self._fh.read(size)
        else:
            assert self._fd is not None
            data = os.pread(self._fd, size, offset)
        if offset == 0 and not self._head:
            self._head = data[:16]
        return data

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            return
        fd, self._fd = self._fd, None
        if fd is None or not self._new:
            return
        if of_sqlite(self._path, self._head or os.pread(fd, 16, 0)):
            with _lock:  # kept: closing it could drop a lock of this process
                _keep(self._path, fd)
        else:
            os.close(fd)

    def __enter__(self) -> NamedFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --------------------------------------------------------------------------- neighbours
# SQLite's unix VFS: every connection that has a database open in WAL mode holds a shared lock on
# this byte of the WAL index (``UNIX_SHM_DMS``, 120 + 8), from the first read to its close.
_SHM_DMS = 128


@lru_cache(maxsize=1)
def _flock_probe() -> tuple[bytes, Callable[[bytes], int]] | None:
    """How a ``struct flock`` asking for a write lock on the DMS byte is written on this system,
    and how the answer's lock type is read (None where the layout is not known: then nobody can
    be ruled out). Made once."""
    import fcntl
    import struct

    if sys.platform.startswith("linux"):
        # short l_type, short l_whence, off_t l_start, off_t l_len, pid_t l_pid (native alignment)
        size = struct.calcsize("hhqqi")
        packed = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, _SHM_DMS, 1, 0)
        return packed + bytes(-size % 8), lambda out: int(struct.unpack_from("h", out)[0])
    if sys.platform == "darwin":
        # off_t l_start, off_t l_len, pid_t l_pid, short l_type, short l_whence
        packed = struct.pack("qqihh", _SHM_DMS, 1, 0, fcntl.F_WRLCK, os.SEEK_SET)
        return packed, lambda out: int(struct.unpack_from("qqih", out)[3])
    return None


def others_have_open(db: Path) -> bool:
    """Whether another process has the database open: it holds SQLite's shared lock on the WAL
    index (asked with ``F_GETLK``, which changes no lock; this process's own locks never count,
    and the question goes through the kept descriptor, so no lock of ours is lost). True whenever
    it cannot be told: Windows, an unknown lock layout, an error. No WAL index means nobody has the
    database open: every connection to a database in WAL mode (it stays in WAL mode) creates it
    at its first read and keeps it until the last one closes."""
    if not _POSIX:
        return True
    probe = _flock_probe()
    if probe is None:
        return True
    try:
        import fcntl

        fd = _held_fd(db.with_name(db.name + "-shm"))
        if fd is None:
            return False
        packed, lock_type = probe
        return lock_type(fcntl.fcntl(fd, fcntl.F_GETLK, packed)) != fcntl.F_UNLCK
    except OSError:
        return True


def others_have_a_store_open() -> bool:
    """Whether another process has any of the stores this process has open (True when this
    process has none open, or it cannot be told)."""
    with _lock:
        names = list(_stores)
    return not names or any(others_have_open(Path(n)) for n in names)

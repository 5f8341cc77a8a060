"""The machine's limits — cores, open files, memory, disk — told apart from a damaged store.

SQLite reports "unable to open database file" when the process has no file descriptor left, and
"disk I/O error" for a full disk as for a failing one; a command that met one of these must say
which limit it was and what to change, not that the store is damaged (decision 0074).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

#: descriptors a command keeps free for the store, its WAL and shared memory, the files a forget's
#: proof reads, a backup and the file it writes (the largest use measured: a forget, 9 beyond the
#: standard streams)
MIN_FREE_DESCRIPTORS = 16

# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xFF)
SQLITE_NOMEM = 7
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_NOTADB = 26


def cores() -> int:
    """The cores this process may run on: the ones it is allowed (a container or ``taskset`` may
    give it fewer than the machine has), where the system says; else the machine's."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no such call here (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def descriptors() -> tuple[int, int] | None:
    """(open now, the soft limit), where the system says; None where it cannot be known."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return None
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return sum(1 for _ in Path(folder).iterdir()) - 1, int(soft)  # less the listing's own descriptor
        except OSError:
            continue
    return None


def descriptor_shortage(need: int = MIN_FREE_DESCRIPTORS) -> str | None:
    """Why a command should not start: fewer than ``need`` file descriptors are free."""
    known = descriptors()
    if known is None:
        return None
    used, limit = known
    if limit - used >= need:
        return None
    return (
        f"Only {max(0, limit - used)} file descriptors are free (the limit, ulimit -n, is {limit}); "
        f"od-memory needs {need} to open the store and check its files. Raise the limit "
        "(for example ulimit -n 1024) and run it again; nothing was changed."
    )


def _sqlite_code(exc: BaseException) -> int | None:
    import sqlite3

    inner = getattr(exc, "orig", None) or exc  # SQLAlchemy wraps the driver's error
    if isinstance(inner, sqlite3.Error):
        code = getattr(inner, "sqlite_errorcode", None)
        return None if code is None else int(code) & 0xFF
    return None


def limit_sentence(exc: BaseException, command: str) -> str | None:
    """The sentence for an error caused by a limit of this machine, or None when it was not one."""
    code = _sqlite_code(exc)
    err = exc.errno if isinstance(exc, OSError) else None
    if isinstance(exc, MemoryError) or err == errno.ENOMEM or code == SQLITE_NOMEM:
        return (
            f"The computer ran out of memory for '{command}', so it stopped; a change under way was "
            "rolled back. Close other programs or raise the memory limit (ulimit -v), then run it again."
        )
    if err in (errno.EMFILE, errno.ENFILE) or (code == SQLITE_CANTOPEN and descriptor_shortage(4)):
        limit = descriptors()
        shown = f" (ulimit -n is {limit[1]})" if limit else ""
        return (
            f"'{command}' ran out of file descriptors{shown}, so it stopped; the store is not damaged, "
            "and a change under way was rolled back or is finished by the next command. Raise the "
            "limit (for example ulimit -n 1024) and run it again."
        )
    if err in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)) or code == SQLITE_FULL:
        where = f" ({exc.filename})" if isinstance(exc, OSError) and exc.filename else ""
        return (
            f"The disk is full{where}, so '{command}' stopped; a change under way was rolled back. Free "
            "some space and run it again."
        )
    return None


def disk_full(exc: BaseException) -> bool:
    """Whether ``exc``, or an error it was raised from, says the disk is full (SQLite's "database or
    disk is full", or the system's "no space left on device")."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        err = cur.errno if isinstance(cur, OSError) else None
        if err in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)) or _sqlite_code(cur) == SQLITE_FULL:
            return True
        cur = cur.__cause__ or cur.__context__
    return False


def damage_code(exc: BaseException) -> bool:
    """Whether SQLite said the file itself is damaged or not a database (not a limit, not I/O)."""
    return _sqlite_code(exc) in (SQLITE_CORRUPT, SQLITE_NOTADB, None)


def io_failure(exc: BaseException) -> bool:
    return _sqlite_code(exc) == SQLITE_IOERR

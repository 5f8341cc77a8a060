"""SQLite failures told apart by their result code, and the one retry loop for a busy store.

Every :class:`sqlite3.Error` that SQLite itself reported carries its (extended) result code as
``sqlite_errorcode``; the primary code is its low byte (``SQLITE_BUSY_SNAPSHOT`` is a kind of
``SQLITE_BUSY``). SQLAlchemy wraps the error and keeps it as ``orig``. The code, not the message
text, says what happened: messages differ between SQLite versions and translations of them are
not ours to match.

:func:`retry_while_busy` is the one loop that waits out another program's write lock: the
daemon's writes are short, so a busy store is retried with backoff up to a budget, then the error
is raised for the caller to turn into a sentence (``StoreLocked``).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable
from typing import Literal, TypeVar

log = logging.getLogger("cm.store")

T = TypeVar("T")

Kind = Literal["busy", "read_only", "full", "damaged", "cannot_open", "other"]

#: primary result codes (``sqlite3.SQLITE_*``) and what they mean for us
KINDS: dict[int, Kind] = {
    sqlite3.SQLITE_BUSY: "busy",  # another connection holds the lock ("database is locked")
    sqlite3.SQLITE_LOCKED: "busy",  # a table is locked by another statement of the same process
    sqlite3.SQLITE_READONLY: "read_only",
    sqlite3.SQLITE_FULL: "full",
    sqlite3.SQLITE_CORRUPT: "damaged",
    sqlite3.SQLITE_NOTADB: "damaged",
    sqlite3.SQLITE_CANTOPEN: "cannot_open",
}

FIRST_DELAY_S = 0.05
MAX_DELAY_S = 1.0


def sqlite_code(exc: BaseException | None) -> int | None:
    """The primary SQLite result code of ``exc`` (a sqlite3 error, or SQLAlchemy's wrapper of
    one); None when SQLite did not report it."""
    err = getattr(exc, "orig", None) or exc
    code = getattr(err, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def kind_of(exc: BaseException | None) -> Kind | None:
    """What a SQLite failure means (None: not an error SQLite reported)."""
    code = sqlite_code(exc)
    if code is None:
        return None
    return KINDS.get(code, "other")


def is_busy(exc: BaseException | None) -> bool:
    """True when another connection holds the lock: worth waiting for."""
    return kind_of(exc) == "busy"


def retry_while_busy(
    attempt: Callable[[], T],
    *,
    budget_s: float,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> T:
    """``attempt()``; while it fails because the store is busy, again after 50 ms, 100 ms, … (at
    most 1 s apart) until ``budget_s`` is spent. Any other failure, and the last busy one, is
    raised unchanged."""
    deadline = clock() + budget_s
    delay = FIRST_DELAY_S
    while True:
        try:
            return attempt()
        except Exception as exc:
            if not is_busy(exc) or clock() + delay > deadline:
                raise
        log.warning("store busy, retrying in %.2f s", delay)
        sleep(delay)
        delay = min(delay * 2, MAX_DELAY_S)

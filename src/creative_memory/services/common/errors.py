"""The typed error family. Each carries one sentence a person can act on, and the CLI exit code.

Services raise these; the CLI maps them to exit codes and stderr lines, the GUI to a dialog or
banner with the same sentence. Nothing else should escape a service call for a foreseeable cause.
"""

from __future__ import annotations


class CreativeMemoryError(Exception):
    """Base: ``str(err)`` is the user-facing sentence."""

    exit_code = 1
    kind = "failed"

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


class OperationFailed(CreativeMemoryError):
    exit_code = 1
    kind = "failed"


class NotFound(CreativeMemoryError):
    exit_code = 1
    kind = "not_found"


class InvalidInput(CreativeMemoryError):
    """Bad input: nothing was changed."""

    exit_code = 3
    kind = "invalid_input"


class StoreUnavailable(CreativeMemoryError):
    """The store cannot be opened or read (missing dir, corrupt file, permissions)."""

    exit_code = 4
    kind = "store_unavailable"


class StoreTooNew(CreativeMemoryError):
    exit_code = 4
    kind = "store_too_new"


class ReadOnly(CreativeMemoryError):
    exit_code = 4
    kind = "read_only"


class StoreLocked(CreativeMemoryError):
    exit_code = 4
    kind = "locked"


class InterruptedWork(StoreLocked):
    """A run that rewrites memory in several transactions (a forget) died half-way and left its plan:
    nothing may be derived from what it left until that run is finished (docs/decisions/0035, 0070)."""


class RefusedForSafety(CreativeMemoryError):
    exit_code = 5
    kind = "refused"


class Cancelled(CreativeMemoryError):
    exit_code = 1
    kind = "cancelled"


def is_database_error(exc: BaseException) -> bool:
    """True when ``exc`` is an error SQLite raised about the file (damaged, not a database, I/O),
    directly or wrapped by SQLAlchemy: the layers above classify errors without importing either."""
    import sqlite3  # here, not at the top: the CLI imports this module for every command

    from sqlalchemy.exc import DatabaseError

    return isinstance(exc, sqlite3.DatabaseError | DatabaseError)

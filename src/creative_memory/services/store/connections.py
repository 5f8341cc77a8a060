"""The store's connections: pragmas, the SQLAlchemy engine (imported only when a unit of work needs
it), retried transaction starts, and the sqlite3 connection under a session.

Kept apart from ``services.store.store`` so that a command which only reads through plain connections
(``status``, ``where``) never imports SQLAlchemy.
"""

from __future__ import annotations

import sqlite3
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from creative_memory.services.store.retry import is_busy, retry_while_busy

if TYPE_CHECKING:
    from collections.abc import Callable

    from sqlalchemy import Connection, Engine
    from sqlalchemy.orm import Session
    from sqlalchemy.pool import Pool


def ro_uri(path: Path, immutable: bool = False) -> str:
    uri = f"file:{quote(str(path))}?mode=ro"
    return uri + "&immutable=1" if immutable else uri


def is_locked(exc: BaseException) -> bool:
    """Whether another connection holds the lock (told by SQLite's result code, services.store.retry)."""
    return is_busy(exc)


def connect(path: Path, busy_timeout_s: float, *, read_only: bool, immutable: bool) -> sqlite3.Connection:
    """A plain connection with the store's pragmas (store.md, "Connection rules")."""
    uri = ro_uri(path, immutable) if read_only else f"file:{quote(str(path))}?mode=rw"
    con = sqlite3.connect(
        uri, uri=True, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False
    )
    con.execute(f"PRAGMA busy_timeout={int(busy_timeout_s * 1000)}")
    con.execute("PRAGMA foreign_keys=ON")
    if read_only:
        con.execute("PRAGMA query_only=ON")
    else:
        mode = con.execute("PRAGMA journal_mode").fetchone()[0]
        if str(mode).lower() != "wal":
            with suppress(sqlite3.OperationalError):
                con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=NORMAL")
        con.execute("PRAGMA secure_delete=ON")
    return con


def raw_engine(path: Path, busy_timeout_s: float, *, read_only: bool, immutable: bool) -> Engine:
    from sqlalchemy.pool import NullPool

    def creator() -> sqlite3.Connection:
        return connect(path, busy_timeout_s, read_only=read_only, immutable=immutable)

    # NullPool: a connection per unit of work. Cheap for SQLite, and nothing stays open holding
    # a snapshot or a file handle between operations (erasure checkpoints need that).
    return _engine(creator, NullPool)


def kept_engine(con: sqlite3.Connection) -> Engine:
    """An engine whose every unit of work runs on ``con`` (which the caller closes): for the many
    short transactions of one long write, whose page cache and parsed schema then stay warm."""
    from sqlalchemy.pool import StaticPool

    return _engine(lambda: con, StaticPool)


def _engine(creator: Callable[[], sqlite3.Connection], poolclass: type[Pool]) -> Engine:
    from sqlalchemy import create_engine, event

    engine = create_engine("sqlite+pysqlite://", creator=creator, poolclass=poolclass)

    @event.listens_for(engine, "begin")
    def _do_begin(conn: Connection) -> None:
        immediate = conn.get_execution_options().get("cm_immediate", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def begin(conn: Connection, *, immediate: bool, budget_s: float) -> None:
    """Begin a transaction; while the store is busy, retry with backoff up to ``budget_s``."""
    from sqlalchemy.exc import DBAPIError, OperationalError

    conn.execution_options(cm_immediate=immediate)

    def attempt() -> None:
        try:
            conn.begin()
        except (OperationalError, DBAPIError):
            with suppress(Exception):
                conn.rollback()
            raise

    retry_while_busy(attempt, budget_s=budget_s)


def begin_plain(con: sqlite3.Connection, *, budget_s: float) -> None:
    """``BEGIN IMMEDIATE`` on a plain connection, retried with backoff while the store is busy
    (each attempt already waits up to the connection's busy timeout)."""
    retry_while_busy(lambda: con.execute("BEGIN IMMEDIATE"), budget_s=budget_s)


def raw_connection(db: Session | sqlite3.Connection) -> sqlite3.Connection:
    """The sqlite3 connection under a session (its transaction, flushed first), or ``db`` itself."""
    if isinstance(db, sqlite3.Connection):
        return db
    db.flush()
    con = db.connection().connection.dbapi_connection
    assert isinstance(con, sqlite3.Connection)
    return con


def sqlite_file_set(path: Path) -> list[Path]:
    """The store's files that may hold data: the database, its WAL and its shared-memory index."""
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]

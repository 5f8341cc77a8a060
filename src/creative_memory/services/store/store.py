"""The shared store: opening it (its steps are ``services.store.store_open``), the units of work and
their pragmas, read-only and locked states.

``<data dir>/app.sqlite`` is the Open Design daemon's own database; another process may be writing
while this program runs. This module never touches the daemon's tables: migrations only know our
``creative_memory_*`` tables and keep their own version table.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from creative_memory.services.common.errors import ReadOnly, StoreLocked, StoreUnavailable
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.location.schema import latest_revision as latest_revision
from creative_memory.services.store import backups, held_files, store_open
from creative_memory.services.store.connections import begin as _begin
from creative_memory.services.store.connections import connect as _connect
from creative_memory.services.store.connections import kept_engine as _kept_engine
from creative_memory.services.store.connections import raw_connection as raw_connection
from creative_memory.services.store.connections import raw_engine as _raw_engine
from creative_memory.services.store.connections import sqlite_file_set as sqlite_file_set
from creative_memory.services.store.hot_write import HotWriter
from creative_memory.services.store.lock_clock import HOLDS, truncate_in_tries
from creative_memory.services.store.retry import kind_of

if TYPE_CHECKING:
    # SQLAlchemy is imported when a unit of work first needs it (``read``, ``write``, a
    # migration): a command that reads through plain connections never loads it.
    from sqlalchemy import Engine
    from sqlalchemy.exc import OperationalError
    from sqlalchemy.orm import Session

log = logging.getLogger("cm.store")

DEFAULT_BUSY_TIMEOUT_S = 5.0
DEFAULT_LOCK_BUDGET_S = 12.0


@dataclass(frozen=True)
class SchemaInfo:
    current: str | None
    latest: str


class Store:
    """An open store. Create with :meth:`open`; use :meth:`read` and :meth:`write` per operation."""

    def __init__(
        self,
        data_dir: DataDir,
        *,
        read_only: bool,
        read_only_reason: str | None,
        too_new: bool,
        schema: SchemaInfo,
        backup_path: Path | None,
        immutable: bool,
        busy_timeout_s: float,
        lock_budget_s: float,
    ) -> None:
        self.data_dir = data_dir
        self.path = data_dir.store
        self.read_only = read_only
        self.read_only_reason = read_only_reason
        self.too_new = too_new
        self.schema = schema
        self.backup_path = backup_path
        self.busy_timeout_s = busy_timeout_s
        self.lock_budget_s = lock_budget_s
        self._immutable = immutable
        self._watch: sqlite3.Connection | None = None
        self._watch_lock = threading.Lock()
        self._snap: sqlite3.Connection | None = None
        self._snap_lock = threading.Lock()
        self._engine: Engine | None = None
        self._kept = threading.local()  # this thread's kept write engine (writes_kept), if any
        self._hot = HotWriter(self.path, busy_timeout_s, lock_budget_s, self._translate, self._note_shm)
        #: results of reads kept between calls by the services that own them, each stored with
        #: what says whether it is still valid (``services.retrieval.candidate_counts``)
        self.memo: dict[object, object] = {}
        self._counted = True  # among the users of the kept descriptors of its files (held_files)
        held_files.store_opened(self.path)
        self._identity = _file_identity(self.path)  # the file this store has open
        self._shm = self.path.with_name(self.path.name + "-shm")
        self._shm_identity: tuple[int, int] | None = None  # its WAL index, once seen
        self._wal: bool | None = None  # whether the file is in WAL mode, once asked

    def replaced(self) -> bool:
        """Whether the file at this store's path is no longer the one it opened: removed, or
        replaced by another (a restore from a copy, a sync tool, a person's ``mv``). A long-running
        process asks before each call and opens the file that is there now (``Context.store``).

        A file copied over this one in place keeps its inode; whoever does that must remove the
        WAL and its index first (SQLite would otherwise apply the old log to the new file), and
        while this process holds a connection SQLite never removes that index itself. So the WAL
        index (``-shm``) that was there is gone or another file: the store was replaced too."""
        if self._identity is None:
            return False
        if _file_identity(self.path) != self._identity:
            return True
        if not self._holds_connection():
            self._shm_identity = None  # SQLite may remove and remake it while nobody holds it
            return False
        if self._wal is None:  # read once: a file that changes its mode is another file's work
            self._wal = not self._immutable and _in_wal_mode(self.path)
        if not self._wal:
            return False  # no WAL index to watch
        shm = _file_identity(self._shm)
        if shm is None:
            return True  # held in WAL mode, so SQLite keeps it: someone removed it
        if self._shm_identity is None:
            self._shm_identity = shm
            return False
        return shm != self._shm_identity

    def _note_shm(self) -> None:
        """Note the WAL index of the file this store has open, once a connection holds it."""
        if self._shm_identity is None:
            self._shm_identity = _file_identity(self._shm)

    def _holds_connection(self) -> bool:
        """Whether a connection of this store is open (so SQLite keeps the WAL index in place)."""
        return self._snap is not None or self._watch is not None or self._hot.open

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(
        cls,
        data_dir: DataDir,
        *,
        create: bool = True,
        read_only: bool = False,
        busy_timeout_s: float = DEFAULT_BUSY_TIMEOUT_S,
        lock_budget_s: float = DEFAULT_LOCK_BUDGET_S,
        migrate: bool = True,
        notify: Callable[[str], None] | None = None,
        space: backups.FreeSpace = backups.free_space,
    ) -> Store:
        """Open (and, unless ``create`` is false, create) the store; migrate it unless ``migrate`` is
        false, in which case a store that needs our tables added or upgraded is refused (exit 4)
        without a byte changed. ``notify`` hears, before anything is changed, what a first open or
        an upgrade adds and where its backup goes; ``space`` tells the free bytes of a folder."""
        opened = store_open.prepare(
            data_dir,
            create=create,
            read_only=read_only,
            busy_timeout_s=busy_timeout_s,
            migrate=migrate,
            notify=notify,
            space=space,
        )
        store = cls(
            data_dir,
            read_only=opened.read_only_reason is not None,
            read_only_reason=opened.read_only_reason,
            too_new=opened.too_new,
            schema=SchemaInfo(current=opened.current, latest=opened.latest),
            backup_path=opened.backup,
            immutable=opened.immutable,
            busy_timeout_s=busy_timeout_s,
            lock_budget_s=lock_budget_s,
        )
        log.info("opened %s (schema %s, read_only=%s)", data_dir.store, opened.current, store.read_only)
        return store

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine of the units of work (``read``, ``write``), made on first use."""
        if self._engine is None:
            self._engine = _raw_engine(
                self.path, self.busy_timeout_s, read_only=self.read_only, immutable=self._immutable
            )
        return self._engine

    # ------------------------------------------------------------------ sessions
    @contextmanager
    def read(self) -> Iterator[Session]:
        """A short read transaction (a consistent snapshot). Never hold it across user think-time."""
        from sqlalchemy.exc import OperationalError
        from sqlalchemy.orm import Session

        try:
            with self.engine.connect() as conn:
                _begin(conn, immediate=False, budget_s=self.lock_budget_s)
                with Session(bind=conn, expire_on_commit=False, autoflush=False) as session:
                    try:
                        yield session
                    finally:
                        conn.rollback()
        except OperationalError as exc:
            raise self._translate(exc) from exc

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A short read transaction on a kept plain connection, for hot read paths (retrieval).

        The connection stays open between uses (its prepared statements stay cached; opening one
        costs about a millisecond) but holds no snapshot while idle, so checkpoints and VACUUM are
        unaffected. A second thread asking while it is in use gets a connection of its own.
        """
        if not self.read_only:
            with self._hot.reading() as hot:
                if hot is not None:  # serve: read where the recordings are written (HotWriter.reading)
                    yield hot
                    return
        kept = self._snap_lock.acquire(blocking=False)
        con: sqlite3.Connection | None = None
        try:
            if kept:
                if self._snap is None:
                    self._snap = self._read_connection()
                    self._note_shm()
                con = self._snap
            else:
                con = self._read_connection()
            con.execute("BEGIN")
            try:
                yield con
            finally:
                if con.in_transaction:
                    con.execute("ROLLBACK")
        except sqlite3.DatabaseError as exc:
            if kept and self._snap is not None:
                # A connection that failed mid-use is not trusted again.
                with suppress(sqlite3.Error):
                    self._snap.close()
                self._snap = None
            raise self._translate(exc) from exc
        finally:
            if kept:
                self._snap_lock.release()
            elif con is not None:
                con.close()

    def _read_connection(self) -> sqlite3.Connection:
        try:
            return _connect(self.path, self.busy_timeout_s, read_only=True, immutable=self._immutable)
        except sqlite3.DatabaseError as exc:
            raise self._translate(exc) from exc

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A short write transaction begun IMMEDIATE; retried with backoff while the store is busy."""
        if self.read_only:
            raise ReadOnly(self.read_only_reason or "This store is read-only.")
        from sqlalchemy.exc import OperationalError
        from sqlalchemy.orm import Session

        engine: Engine = getattr(self._kept, "engine", None) or self.engine
        hooks: tuple[Callable[[], None], Callable[[], None]] | None = getattr(self._kept, "hooks", None)
        if hooks is not None:
            hooks[0]()
        try:
            with engine.connect() as conn:
                HOLDS.breathe()  # a waiting daemon gets in between our transactions (lock_clock)
                _begin(conn, immediate=True, budget_s=self.lock_budget_s)
                with (
                    HOLDS.holding("a write transaction"),
                    Session(bind=conn, expire_on_commit=False, autoflush=True) as session,
                ):
                    try:
                        yield session
                        session.flush()
                        conn.commit()
                    except BaseException:
                        conn.rollback()
                        raise
        except OperationalError as exc:
            raise self._translate(exc) from exc
        if hooks is not None:
            hooks[1]()

    @contextmanager
    def writes_kept(
        self, hooks: tuple[Callable[[], None], Callable[[], None]] | None = None
    ) -> Iterator[bool]:
        """Within, this thread's :meth:`write` transactions all run on one connection, opened here
        and closed on the way out: a long write cut into many short transactions (a forget) no
        longer opens a connection, parses the schema and warms a page cache per transaction. The
        connection holds no transaction between them. Other threads and :meth:`read` are not
        affected.

        ``hooks``: (before each of them begins, after each commits). With them, their commits no
        longer checkpoint by themselves: the hooks do (``writes.checkpoints_between``). Gives
        whether this call opened the connection and set the hooks (False within an outer call, whose
        connection and hooks stay, or on a read-only store)."""
        if self.read_only or getattr(self._kept, "engine", None) is not None:
            yield False
            return
        con = _connect(self.path, self.busy_timeout_s, read_only=False, immutable=False)
        if hooks is not None:
            con.execute("PRAGMA wal_autocheckpoint=0")
        engine = _kept_engine(con)
        self._kept.engine = engine
        self._kept.hooks = hooks
        self._kept.con = con
        try:
            yield True
        finally:
            self._kept.engine = None
            self._kept.hooks = None
            self._kept.con = None
            engine.dispose()
            con.close()

    def kept_connection(self) -> sqlite3.Connection | None:
        """This thread's kept write connection (:meth:`writes_kept`), between its transactions."""
        con: sqlite3.Connection | None = getattr(self._kept, "con", None)
        return con

    @contextmanager
    def raw(self) -> Iterator[sqlite3.Connection]:
        """A plain sqlite3 connection with the store's pragmas, for maintenance (checkpoint, VACUUM)."""
        con = self.open_raw()
        try:
            yield con
        finally:
            con.close()

    def open_raw(self) -> sqlite3.Connection:
        """What :meth:`raw` gives, for a caller that closes it itself (on the thread it uses it on)."""
        if self.read_only:
            raise ReadOnly(self.read_only_reason or "This store is read-only.")
        return _connect(self.path, self.busy_timeout_s, read_only=False, immutable=False)

    def hot_write(self) -> AbstractContextManager[sqlite3.Connection]:
        """A short write transaction on a kept plain connection, for writes on a hot path (a
        recorded retrieval): no connection to open, prepared statements cached
        (``services.store.hot_write``)."""
        if self.read_only:
            raise ReadOnly(self.read_only_reason or "This store is read-only.")
        return self._hot.transaction()

    def background_checkpoints(self) -> None:
        """Checkpoint the log in a background thread after hot writes, never inside one (serve)."""
        self._hot.start_checkpoints()

    def _translate(self, exc: OperationalError | sqlite3.DatabaseError) -> Exception:
        kind = kind_of(exc)
        if kind == "busy":
            return StoreLocked(
                f"The store is busy: another program has held a write lock for more than "
                f"{self.lock_budget_s:g} s. Nothing was changed; try again in a moment."
            )
        if kind == "read_only":
            return ReadOnly("The store is read-only, so nothing was changed.")
        if kind == "full":
            return StoreUnavailable(
                f"The disk that holds {self.path.parent} is full, so nothing was changed. Free some space "
                "and try again."
            )
        detail = exc if isinstance(exc, sqlite3.DatabaseError) else exc.orig
        return StoreUnavailable(f"The store could not be used ({detail}). Nothing was changed.")

    # ------------------------------------------------------------------ live view
    def data_version(self) -> int:
        """SQLite's data_version on a long-lived connection: changes when anyone commits."""
        with self._watch_lock:
            if self._watch is None:
                self._watch = self._read_connection()
                self._note_shm()
            row = self._watch.execute("PRAGMA data_version").fetchone()
            return int(row[0])

    def checkpoint_truncate(self, attempts: int = 20) -> bool:
        """``wal_checkpoint(TRUNCATE)``, retried while a reader holds an old snapshot; on this
        thread's kept write connection when there is one (so that its ``data_version`` tells only
        other connections' commits: decision 0100).

        Bounded in time: a TRUNCATE checkpoint waits on the busy handler while any reader holds a
        snapshot, so with the full busy timeout per attempt a reader that keeps its snapshot would
        stall the caller for ``attempts × busy_timeout`` (100 s at the default). Each attempt waits
        briefly instead, and all of them together at most about the busy timeout (≥ 1 s).
        """
        deadline = time.monotonic() + max(1.0, self.busy_timeout_s)
        kept = self.kept_connection()
        with nullcontext(kept) if kept is not None else self.raw() as con:
            waited = int(con.execute("PRAGMA busy_timeout").fetchone()[0])
            con.execute("PRAGMA busy_timeout=100")
            try:
                return truncate_in_tries(con, attempts, lambda i: min(0.02 * (i + 1), 0.2), deadline)
            finally:
                con.execute(f"PRAGMA busy_timeout={waited}")

    def close(self) -> None:
        with self._watch_lock:
            if self._watch is not None:
                self._watch.close()
                self._watch = None
        with self._snap_lock:
            if self._snap is not None:
                self._snap.close()
                self._snap = None
        self._hot.close()
        if self._engine is not None:
            self._engine.dispose()
        if self._counted:  # the last store of this file closed: its kept descriptors go too
            self._counted = False
            held_files.store_closed(self.path)


def _in_wal_mode(path: Path) -> bool:
    """Whether the database file's header says WAL mode (its read and write versions are 2). Read
    through the process's kept descriptor: closing another descriptor of the file would drop
    SQLite's locks on it (``held_files``)."""
    try:
        head = held_files.read_at(path, 0, 20)
    except OSError:
        return False
    return len(head) == 20 and head[18] == 2 and head[19] == 2


def _file_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path``; None when there is none."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)

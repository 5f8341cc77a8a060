"""The steps of opening a store (``Store.open``): the folder, whether changes are allowed, creating
the file, probing it without changing a byte, and the announced, backed-up migration.

Each step either passes, raises the typed error that says what is wrong, or returns what the next
step needs; nothing here keeps a connection open.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from creative_memory.services.common.errors import StoreLocked, StoreUnavailable
from creative_memory.services.location.datadir import DataDir, shown
from creative_memory.services.location.schema import (
    ALEMBIC_VERSION_TABLE,
    alembic_config,
    has_tables,
    has_wal,
    known_revision,
    latest_revision,
    migration_needed,
    migration_notice,
)
from creative_memory.services.store import backups
from creative_memory.services.store.connections import begin as _begin
from creative_memory.services.store.connections import raw_engine as _raw_engine
from creative_memory.services.store.connections import ro_uri as _ro_uri
from creative_memory.services.store.retry import is_busy


class MigrationNeeded(StoreUnavailable):
    """The store needs our tables added or upgraded and the caller did not allow it (same kind and
    exit code as any unavailable store; ``current`` and ``latest`` say which schema is where)."""

    def __init__(self, sentence: str, path: Path, current: str | None, latest: str) -> None:
        super().__init__(sentence)
        self.path, self.current, self.latest = path, current, latest


@dataclass(frozen=True)
class Opened:
    """What opening found: the schema revisions, why changes are refused (None: they are allowed),
    the backup made before a migration, and whether the file had to be read immutable."""

    current: str | None
    latest: str
    read_only_reason: str | None
    too_new: bool
    backup: Path | None
    immutable: bool


def prepare(
    data_dir: DataDir,
    *,
    create: bool,
    read_only: bool,
    busy_timeout_s: float,
    migrate: bool,
    notify: Callable[[str], None] | None,
    space: backups.FreeSpace,
) -> Opened:
    """Run the steps of ``Store.open`` (its docstring says what the arguments mean)."""
    folder, path = data_dir.path, data_dir.store
    check_folder(folder, path, create=create, read_only=read_only)
    existed = path.exists()
    if not existed and not create:
        raise StoreUnavailable(
            f"There is no store at {path} yet. Run the program once without --no-create to create it."
        )
    folder_writable = os.access(folder, os.W_OK | os.X_OK)
    reason = read_only_reason(
        folder, path, read_only=read_only, folder_writable=folder_writable, existed=existed
    )
    immutable = False
    current: str | None = None
    if existed:
        current, immutable = probe_existing(path, folder_writable)
    else:
        create_file(folder, path, refused=reason is not None)

    latest = latest_revision()
    too_new = current is not None and not known_revision(current)
    if too_new:
        reason = (
            f"This store was written by a newer version of Creative Memory Studio (schema {current}). "
            "It is open read-only; update the program to make changes."
        )
    backup: Path | None = None
    if reason is None and current != latest:
        backup = upgrade(
            path, current, latest, existed=existed, migrate=migrate, notify=notify, space=space,
            busy_timeout_s=busy_timeout_s,
        )  # fmt: skip
        current = latest
    return Opened(
        current=current,
        latest=latest,
        read_only_reason=reason,
        too_new=too_new,
        backup=backup,
        immutable=immutable,
    )


def path_problem(path: Path) -> str | None:
    """Why the store's path cannot be a database file whatever is done to it — a folder, a
    symbolic link to nothing, a device or a pipe — or None. SQLite would say "disk I/O error" or
    "unable to open database file", and creating the store would follow a dangling link."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{shown(path)} cannot be looked at ({exc.strerror or exc}); fix the folder's permissions. Nothing was changed."
    if stat.S_ISLNK(st.st_mode):
        try:
            target = path.resolve(strict=True)
        except (OSError, RuntimeError):
            return (
                f"{shown(path)} is a symbolic link to {shown(path.readlink())}, which does not exist (or loops); "
                "attach or restore what it points to, or remove the link. Nothing was changed."
            )
        return path_problem(target)
    if stat.S_ISDIR(st.st_mode):
        return (
            f"{shown(path)} is a folder, not a database file; point --data-dir at the folder that holds "
            "app.sqlite (its parent, perhaps). Nothing was changed."
        )
    if not stat.S_ISREG(st.st_mode):
        return f"{shown(path)} is not a regular file (a device, pipe or socket), so it is not a store. Nothing was changed."
    return None


def check_folder(folder: Path, path: Path, *, create: bool, read_only: bool) -> None:
    """The data folder exists (created when asked) and is a folder; read-only needs the file."""
    problem = path_problem(path)
    if problem is not None:
        raise StoreUnavailable(problem)
    if read_only and not path.exists():
        raise StoreUnavailable(
            f"There is no store at {path} to open read-only. Open it once without read-only mode "
            "to create it, or point --data-dir at the folder that holds app.sqlite."
        )
    if not folder.exists():
        if not create:
            raise StoreUnavailable(
                f"There is no data folder at {folder}. Start Open Design once, or pass --data-dir "
                "with the folder that holds app.sqlite."
            )
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreUnavailable(
                f"The data folder {folder} could not be created ({exc.strerror or exc}). Choose a "
                "folder you can write to with --data-dir or OD_DATA_DIR."
            ) from exc
    if not folder.is_dir():
        raise StoreUnavailable(f"{folder} is not a folder. Point --data-dir or OD_DATA_DIR at a folder.")


def read_only_reason(
    folder: Path, path: Path, *, read_only: bool, folder_writable: bool, existed: bool
) -> str | None:
    """Why no change can be made (asked for, or the folder or file is read-only), or None."""
    if read_only:
        return "This store was opened read-only on request; no change can be made."
    if not folder_writable:
        return (
            f"The data folder {folder} is read-only, so nothing can be changed. Fix its permissions "
            "or copy the store to a writable folder."
        )
    if existed and not os.access(path, os.W_OK):
        return (
            f"The store {path} is read-only, so nothing can be changed. Fix its permissions to make changes."
        )
    return None


def create_file(folder: Path, path: Path, *, refused: bool) -> None:
    """Create the empty store file, readable by the owner only (it holds personal data)."""
    if refused:
        raise StoreUnavailable(
            f"No store exists in {folder} and it cannot be created there because the folder is "
            "read-only. Choose a writable folder with --data-dir."
        )
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        os.close(fd)
    except FileExistsError:
        pass
    except OSError as exc:
        raise StoreUnavailable(f"The store {path} could not be created ({exc.strerror}).") from exc


def probe_existing(path: Path, folder_writable: bool) -> tuple[str | None, bool]:
    """Our schema revision of a store that exists, and whether it must be read immutable."""
    if not os.access(path, os.R_OK):
        raise StoreUnavailable(
            f"The store {path} cannot be read (permission denied). Fix its permissions; nothing was changed."
        )
    return probe(path, folder_writable)


def probe(path: Path, folder_writable: bool) -> tuple[str | None, bool]:
    """Check the file is a readable SQLite database without changing a byte of it.

    Returns our schema revision (or None) and whether it had to be opened as immutable
    (a WAL store in a read-only folder whose -shm cannot be created).
    """
    attempts = [False] if folder_writable else [False, True]
    # Without a WAL the whole database is in the file: read it immutable, so that looking
    # creates no -wal or -shm beside a store that nobody has open (a read-only folder cannot
    # get them anyway, and there the attempts below find out whether immutable is needed).
    quiet = folder_writable and not has_wal(path)
    last: Exception | None = None
    for immutable in attempts:
        try:
            con = sqlite3.connect(_ro_uri(path, immutable or quiet), uri=True, timeout=2.0)
        except sqlite3.Error as exc:
            last = exc
            continue
        try:
            names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            rev = None
            if ALEMBIC_VERSION_TABLE in names:
                row = con.execute(f"SELECT version_num FROM {ALEMBIC_VERSION_TABLE}").fetchone()
                rev = row[0] if row else None
            return rev, immutable
        except sqlite3.Error as exc:
            last = exc
        finally:
            con.close()
    detail = str(last) if last else "unknown error"
    if is_busy(last):
        raise StoreLocked(
            f"The store {path} is locked by another program and could not be read. Try again in a "
            "moment; nothing was changed."
        )
    raise StoreUnavailable(
        f"The file {path} is not a readable SQLite database ({detail}). It was left untouched; "
        "restore it from a backup or point --data-dir at another folder."
    )


def upgrade(
    path: Path,
    current: str | None,
    latest: str,
    *,
    existed: bool,
    migrate: bool,
    notify: Callable[[str], None] | None,
    space: backups.FreeSpace,
    busy_timeout_s: float,
) -> Path | None:
    """Bring the schema to ``latest``: refused when ``migrate`` is false; a store that already holds
    tables is announced and backed up first (the backup's path is returned)."""
    backup: Path | None = None
    if existed and not migrate:
        raise MigrationNeeded(migration_needed(path, current, latest), path, current, latest)
    if existed and has_tables(path):
        if notify is not None:
            notify(migration_notice(path, current, latest))
        backup = backups.make_backup(path, space=space)
        if notify is not None:
            notify(f"Backup copy made: {backup} (only the latest copy is kept).")
    migrate_to_latest(path, busy_timeout_s)
    return backup


def migrate_to_latest(path: Path, busy_timeout_s: float) -> None:
    """Run the Alembic migrations in one IMMEDIATE transaction, foreign keys checked before commit."""
    from alembic import command
    from sqlalchemy.exc import OperationalError

    engine = _raw_engine(path, busy_timeout_s, read_only=False, immutable=False)
    try:
        with engine.connect() as conn:
            # SQLite's procedure for rebuilding a table (migration 0005) needs foreign keys off
            # (a pragma that is a no-op inside a transaction): dropping the old events table
            # must not cascade to the pattern index. They are checked before the commit.
            dbapi = conn.connection.dbapi_connection
            assert dbapi is not None
            dbapi.execute("PRAGMA foreign_keys=OFF")  # outside SQLAlchemy's transaction
            _begin(conn, immediate=True, budget_s=busy_timeout_s * 2)
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
            if conn.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                raise StoreUnavailable(
                    "The store could not be upgraded (a foreign key check failed); nothing was changed."
                )
            conn.commit()
    except OperationalError as exc:
        if is_busy(exc):
            raise StoreLocked(
                "The store could not be upgraded because another program holds a write lock. "
                "Close it or try again in a moment; nothing was changed."
            ) from exc
        raise StoreUnavailable(f"The store could not be upgraded ({exc.orig}); nothing was changed.") from exc
    finally:
        engine.dispose()

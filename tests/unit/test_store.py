"""Opening the shared store: schema, pragmas, migrations beside the daemon's tables, and the hostile
cases (newer schema, corrupt or empty file, read-only, locked, missing). Real SQLite files only."""

from __future__ import annotations

import filecmp
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
import textwrap
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, create_engine, text

from creative_memory.model.tables import ALEMBIC_VERSION_TABLE, PREFIX, Base
from creative_memory.services.common.errors import (
    CreativeMemoryError,
    InvalidInput,
    ReadOnly,
    RefusedForSafety,
    StoreLocked,
    StoreTooNew,
    StoreUnavailable,
)
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import SchemaInfo, Store, latest_revision

REPO_ROOT = Path(__file__).resolve().parents[2]
SHORT = {"busy_timeout_s": 0.2, "lock_budget_s": 0.6}
# The tables store.md requires (more may exist).
REQUIRED_TABLES = {
    f"{PREFIX}{name}"
    for name in (
        "events",
        "preferences",
        "derivations",
        "settings",
        "project_settings",
        "blocklist",
        "retrievals",
        "retrieval_events",
        "audit",
    )
}
INSERT_AUDIT = text(
    "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
    "VALUES (:at, 'local', 'cli', 'probe', '', 'ok')"
)
COUNT_AUDIT = text("SELECT count(*) FROM creative_memory_audit")


# ---------------------------------------------------------------------------- helpers
def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def table_names(path: Path) -> set[str]:
    con = sqlite3.connect(path)
    try:
        return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        con.close()


def assert_sentence(message: str) -> None:
    """A user-facing message: one line, starts with a capital, ends with a full stop, no internals."""
    assert message, "empty message"
    assert message == message.strip()
    assert "\n" not in message, message
    assert message[0].isupper(), message
    assert message.endswith("."), message
    assert "Traceback" not in message and "sqlalchemy" not in message.lower(), message


def make_store(data_dir: DataDir, rows: int = 0) -> str:
    """Create a migrated store with ``rows`` audit rows, close it, return its latest revision."""
    s = Store.open(data_dir, **SHORT)
    try:
        if rows:
            with s.write() as session:
                for i in range(rows):
                    session.execute(INSERT_AUDIT, {"at": i})
        return s.schema.current or ""
    finally:
        s.close()


def backups(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("app.sqlite.bak-*") if not p.name.endswith(("-wal", "-shm")))


@pytest.fixture
def daemon_data_dir(tmp_data_dir: DataDir, daemon_store: ModuleType) -> DataDir:
    """A data dir whose app.sqlite holds only the daemon's tables and rows (WAL), as a user has it
    before first running this program."""
    tmp_data_dir.path.mkdir(parents=True)
    daemon_store.create(str(tmp_data_dir.store))
    return tmp_data_dir


# ---------------------------------------------------------------------------- a fresh store
def test_fresh_store_is_owner_only_and_fully_migrated(store: Store) -> None:
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert not store.read_only and not store.too_new and store.read_only_reason is None
    latest = latest_revision()
    assert store.schema == SchemaInfo(current=latest, latest=latest)
    assert store.backup_path is None and backups(store.path.parent) == []  # nothing to back up

    names = table_names(store.path)
    ours = {n for n in names if n.startswith(PREFIX)}
    assert ours >= REQUIRED_TABLES
    assert ours == set(Base.metadata.tables) | {ALEMBIC_VERSION_TABLE}
    # We never create anything outside our prefix (sqlite_sequence is SQLite's AUTOINCREMENT book).
    assert names - ours <= {"sqlite_sequence"}

    with store.read() as s:
        versions = s.execute(text(f"SELECT version_num FROM {ALEMBIC_VERSION_TABLE}")).scalars().all()
    assert versions == [latest]


def test_default_connection_pragmas(tmp_data_dir: DataDir) -> None:
    s = Store.open(tmp_data_dir)  # default timeouts
    try:
        for session_cm in (s.read, s.write):
            with session_cm() as session:
                conn = session.connection()
                pragma = {
                    name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()
                    for name in (
                        "journal_mode",
                        "foreign_keys",
                        "busy_timeout",
                        "synchronous",
                        "secure_delete",
                    )
                }
            assert str(pragma["journal_mode"]).lower() == "wal", pragma
            assert pragma["foreign_keys"] == 1, pragma
            assert pragma["busy_timeout"] >= 5000, pragma
            assert pragma["synchronous"] == 1, pragma  # NORMAL
            # NB: SQLite builds compiled with SQLITE_SECURE_DELETE (e.g. pyenv's) default to 1 anyway.
            assert pragma["secure_delete"] == 1, pragma
    finally:
        s.close()


def test_busy_timeout_follows_the_requested_value(store: Store) -> None:
    with store.read() as session:
        assert session.connection().exec_driver_sql("PRAGMA busy_timeout").scalar() == 200


# ---------------------------------------------------------------------------- beside the daemon's tables
def test_migrating_a_daemon_store_leaves_its_tables_identical_and_backs_up(
    daemon_data_dir: DataDir, daemon_store: ModuleType
) -> None:
    path = daemon_data_dir.store
    before = daemon_store.digest(str(path))
    s = Store.open(daemon_data_dir, **SHORT)
    try:
        assert not s.read_only
        assert s.schema.current == latest_revision()
        backup = s.backup_path
    finally:
        s.close()

    assert daemon_store.digest(str(path)) == before, "the daemon's schema or rows changed"
    assert table_names(path) >= REQUIRED_TABLES
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # the daemon's mode is kept
    finally:
        con.close()

    assert backup is not None and backups(path.parent) == [backup]
    assert backup.name.startswith("app.sqlite.bak-")
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    con = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("SELECT count(*) FROM projects").fetchone()[0] == 4
    finally:
        con.close()
    assert daemon_store.digest(str(backup)) == before
    assert not any(n.startswith(PREFIX) for n in table_names(backup)), "backup taken after migrating"

    # A second open finds the schema current: no second backup, nothing changed.
    again = Store.open(daemon_data_dir, **SHORT)
    try:
        assert again.backup_path is None
    finally:
        again.close()
    assert backups(path.parent) == [backup]
    assert daemon_store.digest(str(path)) == before


def test_open_while_the_daemon_holds_the_write_lock_is_reported(
    daemon_data_dir: DataDir, daemon_store: ModuleType
) -> None:
    path = daemon_data_dir.store
    before = daemon_store.digest(str(path))
    daemon = sqlite3.connect(path, isolation_level=None)
    try:
        daemon.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreLocked) as err:  # within the short budget (a hang meets the test timeout)
            Store.open(daemon_data_dir, **SHORT)
    finally:
        daemon.execute("ROLLBACK")
        daemon.close()
    assert_sentence(str(err.value))
    assert daemon_store.digest(str(path)) == before
    assert not any(n.startswith(PREFIX) for n in table_names(path))


# Indexes with a sort order (``strength DESC``) are expressions to Alembic's comparison, which can
# only approximate them; they are compared by their DDL text instead (test_ordered_indexes_agree).
ORDERED_INDEXES = {"ix_cm_prefs_rank", "ix_cm_prefs_ineligible"}


def _ours(name: str | None, type_: str, parent_names: object) -> bool:
    if type_ == "index" and name in ORDERED_INDEXES:
        return False
    return bool(name) and str(name).startswith(PREFIX) if type_ == "table" else True


def _without_ordered_indexes(metadata: MetaData) -> MetaData:
    out = MetaData()
    for table in metadata.sorted_tables:
        copy = table.to_metadata(out)
        for ix in [i for i in copy.indexes if i.name in ORDERED_INDEXES]:
            copy.indexes.discard(ix)
    return out


def _index_sql(path: Path, names: set[str]) -> dict[str, str]:
    con = sqlite3.connect(path)
    try:
        rows = con.execute(
            f"SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN ({','.join('?' * len(names))})",
            sorted(names),
        ).fetchall()
    finally:
        con.close()
    return {name: " ".join(sql.split()) for name, sql in rows}


def test_ordered_indexes_agree(tmp_path: Path, tmp_data_dir: DataDir) -> None:
    make_store(tmp_data_dir)
    fresh = tmp_path / "from-models.sqlite"
    engine = create_engine(f"sqlite:///{fresh}")
    try:
        Base.metadata.create_all(engine)
    finally:
        engine.dispose()
    migrated = _index_sql(tmp_data_dir.store, ORDERED_INDEXES)
    assert set(migrated) == ORDERED_INDEXES
    assert migrated == _index_sql(fresh, ORDERED_INDEXES)
    assert (
        "strength DESC" in migrated["ix_cm_prefs_rank"]
        and "WHERE status = 'stable'" in migrated["ix_cm_prefs_rank"]
    )


def _schema_diff(path: Path, metadata: MetaData) -> list[object]:
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn, warnings.catch_warnings():
            # The ordered indexes hold expressions (migration 0006), which SQLAlchemy cannot reflect;
            # they are compared by their DDL text in test_ordered_indexes_agree.
            warnings.filterwarnings("ignore", "Skipped unsupported reflection of expression-based index")
            ctx = MigrationContext.configure(
                conn,
                opts={
                    "include_name": _ours,
                    "include_object": lambda obj, name, type_, reflected, other: (
                        not (type_ == "index" and name in ORDERED_INDEXES)
                    ),
                    "version_table": ALEMBIC_VERSION_TABLE,
                    "compare_type": True,
                    "render_as_batch": True,
                },
            )
            return list(compare_metadata(ctx, _without_ordered_indexes(metadata)))
    finally:
        engine.dispose()


@pytest.mark.parametrize("start", ["fresh", "daemon"])
def test_models_and_migrations_agree(start: str, request: pytest.FixtureRequest) -> None:
    data_dir: DataDir = request.getfixturevalue("tmp_data_dir" if start == "fresh" else "daemon_data_dir")
    make_store(data_dir)
    assert _schema_diff(data_dir.store, Base.metadata) == []

    # The comparison is live: a model column the migrations lack is found.
    drifted = MetaData()
    for table in Base.metadata.sorted_tables:
        table.to_metadata(drifted)
    drifted.tables[f"{PREFIX}audit"].append_column(Column("not_migrated", Integer))
    diff = _schema_diff(data_dir.store, drifted)
    assert [d[0] for d in diff if isinstance(d, tuple)] == ["add_column"], diff


# ---------------------------------------------------------------------------- a newer schema
def test_newer_schema_opens_read_only_and_is_not_touched(tmp_data_dir: DataDir) -> None:
    make_store(tmp_data_dir, rows=3)
    con = sqlite3.connect(tmp_data_dir.store)
    con.execute(f"UPDATE {ALEMBIC_VERSION_TABLE} SET version_num = 'ffff_future'")
    con.commit()
    con.close()
    before = sha256(tmp_data_dir.store)

    s = Store.open(tmp_data_dir, **SHORT)
    try:
        assert s.read_only and s.too_new
        assert s.schema == SchemaInfo(current="ffff_future", latest=latest_revision())
        assert s.backup_path is None
        assert s.read_only_reason is not None and "newer" in s.read_only_reason
        assert_sentence(s.read_only_reason)
        with pytest.raises(ReadOnly) as err, s.write() as session:
            session.execute(INSERT_AUDIT, {"at": 99})
        assert_sentence(str(err.value))
        assert "update" in str(err.value).lower()
        with pytest.raises(ReadOnly), s.raw():
            pass
        with s.read() as session:  # reading still works
            assert session.execute(COUNT_AUDIT).scalar_one() == 3
    finally:
        s.close()

    assert sha256(tmp_data_dir.store) == before
    assert backups(tmp_data_dir.path) == []


# ---------------------------------------------------------------------------- corrupt and empty files
def _random_not_sqlite(n: int) -> bytes:
    data = os.urandom(n)
    return b"\x00" + data[1:]  # never the "SQLite format 3" header, however unlikely


def _truncated_store(data_dir: DataDir) -> bytes:
    """A real store cut in half: a valid header, but fewer pages than it declares."""
    make_store(data_dir, rows=200)
    data = data_dir.store.read_bytes()
    return data[: len(data) // 2]


@pytest.mark.parametrize("kind", ["random", "truncated"])
@pytest.mark.parametrize("kwargs", [{}, {"read_only": True}, {"create": False}], ids=["rw", "ro", "nocreate"])
def test_corrupt_file_is_reported_and_left_untouched(
    kind: str, kwargs: dict[str, bool], tmp_path: Path
) -> None:
    work = DataDir(tmp_path / "work", "flag")
    data = _random_not_sqlite(64 * 1024) if kind == "random" else _truncated_store(work)
    data_dir = DataDir(tmp_path / "corrupt", "flag")
    data_dir.path.mkdir()
    data_dir.store.write_bytes(data)
    before = sha256(data_dir.store)

    with pytest.raises(StoreUnavailable) as err:
        Store.open(data_dir, **SHORT, **kwargs)
    assert_sentence(str(err.value))
    assert "left untouched" in str(err.value)

    assert sha256(data_dir.store) == before
    leftovers = sorted(p.name for p in data_dir.path.iterdir())
    if kind == "random":
        assert leftovers == ["app.sqlite"], "no -wal/-shm/backup next to a file that is not a database"
    else:
        assert not [n for n in leftovers if ".bak-" in n], leftovers


def test_empty_file_is_treated_as_a_new_store(tmp_data_dir: DataDir) -> None:
    tmp_data_dir.path.mkdir()
    tmp_data_dir.store.touch(mode=0o600)
    s = Store.open(tmp_data_dir, **SHORT)
    try:
        assert not s.read_only and not s.too_new
        assert s.schema.current == latest_revision()
        assert s.backup_path is None  # nothing worth backing up
        with s.write() as session:
            session.execute(INSERT_AUDIT, {"at": 1})
        with s.read() as session:
            assert session.execute(COUNT_AUDIT).scalar_one() == 1
    finally:
        s.close()
    assert table_names(tmp_data_dir.store) >= REQUIRED_TABLES
    assert backups(tmp_data_dir.path) == []


# ---------------------------------------------------------------------------- missing
def test_missing_data_dir_without_create(tmp_data_dir: DataDir) -> None:
    with pytest.raises(StoreUnavailable) as err:
        Store.open(tmp_data_dir, create=False, **SHORT)
    assert_sentence(str(err.value))
    assert "--data-dir" in str(err.value)
    assert not tmp_data_dir.path.exists()


def test_missing_store_file_without_create(tmp_data_dir: DataDir) -> None:
    tmp_data_dir.path.mkdir()
    with pytest.raises(StoreUnavailable) as err:
        Store.open(tmp_data_dir, create=False, **SHORT)
    assert_sentence(str(err.value))
    assert list(tmp_data_dir.path.iterdir()) == []


def test_read_only_open_of_a_missing_store_creates_nothing_and_says_why(tmp_data_dir: DataDir) -> None:
    # A read-only open must not change the disk, and must not blame folder permissions that are fine.
    with pytest.raises(StoreUnavailable) as err:
        Store.open(tmp_data_dir, read_only=True, **SHORT)
    assert_sentence(str(err.value))
    assert not tmp_data_dir.path.exists(), "a read-only open created the data folder"
    assert "folder is read-only" not in str(err.value), str(err.value)


# ---------------------------------------------------------------------------- read-only
def test_read_only_request_reads_and_refuses_writes(tmp_data_dir: DataDir) -> None:
    make_store(tmp_data_dir, rows=2)
    before = sha256(tmp_data_dir.store)
    s = Store.open(tmp_data_dir, read_only=True, **SHORT)
    try:
        assert s.read_only and not s.too_new
        assert s.read_only_reason is not None
        assert_sentence(s.read_only_reason)
        with s.read() as session:
            assert session.execute(COUNT_AUDIT).scalar_one() == 2
        with pytest.raises(ReadOnly) as err, s.write() as session:
            session.execute(INSERT_AUDIT, {"at": 9})
        assert_sentence(str(err.value))
        with pytest.raises(ReadOnly), s.raw():
            pass
    finally:
        s.close()
    assert sha256(tmp_data_dir.store) == before


def test_read_only_request_never_migrates_or_backs_up(
    daemon_data_dir: DataDir, daemon_store: ModuleType
) -> None:
    before = sha256(daemon_data_dir.store)
    s = Store.open(daemon_data_dir, read_only=True, **SHORT)
    try:
        assert s.read_only and s.backup_path is None and s.schema.current is None
        with s.read() as session:
            assert session.execute(text("SELECT count(*) FROM projects")).scalar_one() == 4
    finally:
        s.close()
    assert sha256(daemon_data_dir.store) == before
    assert backups(daemon_data_dir.path) == []
    assert not any(n.startswith(PREFIX) for n in table_names(daemon_data_dir.store))


# Run as a user to whom file permissions apply: opens each data dir given on the command line and
# prints one JSON object {dir: outcome}.
_UNPRIVILEGED_PROBE = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from sqlalchemy import text
    from creative_memory.services.location.datadir import DataDir
    from creative_memory.services.common.errors import ReadOnly
    from creative_memory.services.store.store import Store

    results = {}
    for folder in sys.argv[1:]:
        out = results[folder] = {}
        try:
            s = Store.open(DataDir(Path(folder), "flag"), busy_timeout_s=0.2, lock_budget_s=0.6)
            out["read_only"] = s.read_only
            out["reason"] = s.read_only_reason
            with s.read() as session:
                out["count"] = session.execute(text("SELECT count(*) FROM creative_memory_audit")).scalar_one()
            try:
                with s.write() as session:
                    session.execute(text("DELETE FROM creative_memory_audit"))
                out["write"] = "succeeded"
            except ReadOnly as exc:
                out["write"] = "ReadOnly: " + str(exc)
            s.close()
        except Exception as exc:
            out["error"] = type(exc).__name__ + ": " + str(exc)
    print(json.dumps(results))
    """
)

# case: (data folder mode, app.sqlite mode)
PERMISSION_CASES = {
    # Only the folder is read-only: SQLite could not create -wal/-shm or journals there.
    "folder": (0o555, 0o666),
    "folder-and-file": (0o555, 0o444),
    # The folder is writable, the store file is not.
    "file": (0o777, 0o444),
    "unreadable": (0o777, 0o000),
}


@dataclass
class PermissionCase:
    data_dir: DataDir
    sha_before: str
    outcome: dict[str, Any]


def _unprivileged_prefix() -> list[str]:
    """How to run a command as a user to whom file permissions apply (root ignores them)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root and setpriv is unavailable: cannot test permissions as a normal user")
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]


@pytest.fixture(scope="module")
def as_normal_user() -> Iterator[dict[str, PermissionCase]]:
    """Stores with restricted permissions, each opened once by an unprivileged user (one subprocess)."""
    prefix = _unprivileged_prefix()
    # pytest's tmp_path lives under a 0700 folder the unprivileged user cannot enter.
    top = Path(tempfile.mkdtemp(prefix="cm-perm-"))
    top.chmod(0o755)
    cases: dict[str, PermissionCase] = {}
    try:
        # A copy of the code the user can read even when the checkout lives in a private folder.
        # It is found through PYTHONPATH, ahead of the editable install's finder.
        src = top / "src"
        package_root = src / "creative_memory"
        package_root.mkdir(parents=True)
        shutil.copy2(REPO_ROOT / "src" / "creative_memory" / "__init__.py", package_root / "__init__.py")
        for package in ("model", "services"):
            shutil.copytree(
                REPO_ROOT / "src" / "creative_memory" / package,
                package_root / package,
                ignore=shutil.ignore_patterns("__pycache__"),
            )
        for d in [src, *src.rglob("*")]:
            d.chmod(0o755 if d.is_dir() else 0o644)
        for name, (folder_mode, file_mode) in PERMISSION_CASES.items():
            data_dir = DataDir(top / name / "od data ☕", "flag")
            make_store(data_dir, rows=2)
            cases[name] = PermissionCase(data_dir, sha256(data_dir.store), {})
            data_dir.path.parent.chmod(0o755)
            data_dir.store.chmod(file_mode)
            data_dir.path.chmod(folder_mode)
        proc = subprocess.run(
            [
                *prefix,
                sys.executable,
                "-c",
                _UNPRIVILEGED_PROBE,
                *(str(c.data_dir.path) for c in cases.values()),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            env={
                "PATH": os.environ.get("PATH", ""),
                "HOME": str(top),
                "PYTHONDONTWRITEBYTECODE": "1",
                "PYTHONPATH": str(src),
            },
        )
        cannot_start = ("Permission denied", "No module named", "ModuleNotFoundError")
        if prefix and not proc.stdout.strip() and any(m in proc.stderr for m in cannot_start):
            pytest.skip(f"user 'nobody' cannot run this checkout's Python: {proc.stderr.strip()[-300:]}")
        assert proc.returncode == 0, proc.stderr
        outcomes = json.loads(proc.stdout.strip().splitlines()[-1])
        for case in cases.values():
            case.outcome = outcomes[str(case.data_dir.path)]
        yield cases
    finally:
        for case in cases.values():
            case.data_dir.path.chmod(0o755)
            case.data_dir.store.chmod(0o600)
        shutil.rmtree(top, ignore_errors=True)


@pytest.mark.parametrize(
    ("case", "named"),
    [("folder", "folder"), ("folder-and-file", "read-only"), ("file", "store")],
)
def test_read_only_folder_or_file_opens_read_only_for_a_normal_user(
    case: str, named: str, as_normal_user: dict[str, PermissionCase]
) -> None:
    c = as_normal_user[case]
    out = c.outcome
    assert "error" not in out, out
    assert out["read_only"] is True, out
    assert_sentence(out["reason"])
    assert "read-only" in out["reason"] and named in out["reason"], out["reason"]
    assert out["count"] == 2  # reading works
    assert out["write"].startswith("ReadOnly: "), out
    assert_sentence(out["write"].removeprefix("ReadOnly: "))
    assert sha256(c.data_dir.store) == c.sha_before


def test_unreadable_store_is_reported_for_a_normal_user(as_normal_user: dict[str, PermissionCase]) -> None:
    c = as_normal_user["unreadable"]
    assert c.outcome.get("error", "").startswith("StoreUnavailable: "), c.outcome
    assert_sentence(c.outcome["error"].removeprefix("StoreUnavailable: "))
    assert "permission" in c.outcome["error"].lower(), c.outcome  # says what to fix
    assert sorted(p.name for p in c.data_dir.path.iterdir()) == ["app.sqlite"]
    c.data_dir.store.chmod(0o600)
    assert sha256(c.data_dir.store) == c.sha_before  # nothing was lost: the owner still has it all


# ---------------------------------------------------------------------------- locked
def test_write_lock_held_elsewhere_is_reported_and_reads_continue(store: Store) -> None:
    other = sqlite3.connect(store.path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute(
            "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
            "VALUES (0, 'daemon', 'host', 'held', '', 'ok')"
        )
        body_ran = False
        with pytest.raises(StoreLocked) as err, store.write() as session:  # the lock budget is honoured
            body_ran = True
            session.execute(INSERT_AUDIT, {"at": 1})
        assert not body_ran
        assert_sentence(str(err.value))
        assert "try again" in str(err.value)

        with store.read() as session:  # WAL: readers are not blocked by the writer
            assert session.execute(COUNT_AUDIT).scalar_one() == 0
    finally:
        other.execute("ROLLBACK")
        other.close()

    with store.write() as session:
        session.execute(INSERT_AUDIT, {"at": 2})
    with store.read() as session:
        assert session.execute(text("SELECT at FROM creative_memory_audit")).scalars().all() == [2]


# ---------------------------------------------------------------------------- the error family
@pytest.mark.parametrize(
    ("cls", "code"),
    [
        (InvalidInput, 3),
        (StoreUnavailable, 4),
        (StoreTooNew, 4),
        (ReadOnly, 4),
        (StoreLocked, 4),
        (RefusedForSafety, 5),
    ],
)
def test_error_exit_codes_match_the_cli_contract(cls: type[CreativeMemoryError], code: int) -> None:
    assert issubclass(cls, CreativeMemoryError)
    assert cls.exit_code == code
    err = cls("Something is wrong; do this.")
    assert str(err) == err.sentence == "Something is wrong; do this."
    assert cls.kind not in ("", CreativeMemoryError.kind)  # a specific kind for the GUI/CLI to map


# ---------------------------------------------------------------------------- fixtures in the repo
SHARED_FIXTURES = REPO_ROOT.parent / "shared" / "fixtures"


@pytest.mark.skipif(
    not SHARED_FIXTURES.is_dir(), reason="no shared/fixtures beside the checkout to compare with"
)
def test_in_repo_fixture_copies_match_shared() -> None:
    ours = (REPO_ROOT / "tests" / "fixtures" / "daemon_store.py").read_text(encoding="utf-8").splitlines()
    shared = (SHARED_FIXTURES / "make_daemon_store.py").read_text(encoding="utf-8").splitlines()
    assert [line for line in ours if not line.startswith("# ruff: noqa")] == shared
    cmp = filecmp.dircmp(
        SHARED_FIXTURES / "od-data-dir" / "memory", REPO_ROOT / "tests/fixtures/od-data-dir/memory"
    )
    assert (cmp.left_only, cmp.right_only) == ([], [])
    _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
    assert (mismatch, errors) == ([], [])

"""SQLite failures told apart by result code, and the one retry loop for a busy store (services.store.retry).

Every failure here is a real one, raised by SQLite on a file in a temp folder; the retry loop is
driven by a clock that advances only by what it sleeps, so no test waits or measures time.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from creative_memory.services.common.errors import ReadOnly, StoreLocked, StoreUnavailable
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store import retry
from creative_memory.services.store.store import Store


class FakeClock:
    """A monotonic clock that moves only when the retry loop sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "app.sqlite"
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    return path


@pytest.fixture
def holder(db: Path) -> Iterator[sqlite3.Connection]:
    """Another connection that holds the write lock until the test lets go."""
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    yield con
    if con.in_transaction:
        con.execute("ROLLBACK")
    con.close()


def _waiter(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(db, timeout=0, isolation_level=None)


def _busy_error(db: Path) -> sqlite3.OperationalError:
    con = _waiter(db)
    try:
        con.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        return exc
    finally:
        con.close()
    raise AssertionError("BEGIN IMMEDIATE succeeded although another connection holds the lock")


def test_a_held_write_lock_is_busy_by_its_code_directly_and_under_sqlalchemy(
    db: Path, holder: sqlite3.Connection
) -> None:
    exc = _busy_error(db)
    assert retry.sqlite_code(exc) == sqlite3.SQLITE_BUSY
    assert retry.kind_of(exc) == "busy" and retry.is_busy(exc)
    wrapped = OperationalError("BEGIN IMMEDIATE", None, exc)
    assert retry.kind_of(wrapped) == "busy" and retry.is_busy(wrapped)


def test_read_only_full_and_damaged_files_are_told_apart(tmp_path: Path, db: Path) -> None:
    ro = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as read_only:
        ro.execute("INSERT INTO t VALUES (1)")
    ro.close()
    assert retry.kind_of(read_only.value) == "read_only"

    full_db = sqlite3.connect(tmp_path / "small.sqlite")
    full_db.execute("CREATE TABLE big (b BLOB)")
    page_count = full_db.execute("PRAGMA page_count").fetchone()[0]
    full_db.execute(f"PRAGMA max_page_count={page_count + 2}")
    with pytest.raises(sqlite3.OperationalError) as full:
        full_db.execute("INSERT INTO big VALUES (zeroblob(1000000))")
    full_db.close()
    assert retry.kind_of(full.value) == "full"

    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is not a database, only text that is long enough to be read " * 64)
    con = sqlite3.connect(garbage)
    with pytest.raises(sqlite3.DatabaseError) as damaged:
        con.execute("SELECT name FROM sqlite_master").fetchall()
    con.close()
    assert retry.kind_of(damaged.value) == "damaged"

    with pytest.raises(sqlite3.OperationalError) as syntax:
        sqlite3.connect(db).execute("SELEC 1")
    assert retry.kind_of(syntax.value) == "other" and not retry.is_busy(syntax.value)
    # not reported by SQLite: no code, no kind
    assert retry.sqlite_code(ValueError("database is locked")) is None
    assert retry.kind_of(sqlite3.ProgrammingError("closed")) is None


def test_the_retry_waits_while_busy_and_succeeds_once_the_lock_is_let_go(
    db: Path, holder: sqlite3.Connection
) -> None:
    clock = FakeClock()
    waiter = _waiter(db)

    def sleep(seconds: float) -> None:
        clock.sleep(seconds)
        if len(clock.slept) == 3:
            holder.execute("COMMIT")

    retry.retry_while_busy(lambda: waiter.execute("BEGIN IMMEDIATE"), budget_s=5, sleep=sleep, clock=clock)
    assert waiter.in_transaction
    assert clock.slept == [0.05, 0.1, 0.2]  # backoff doubles
    waiter.execute("ROLLBACK")
    waiter.close()


def test_the_retry_gives_up_with_the_busy_error_when_the_budget_is_spent(
    db: Path, holder: sqlite3.Connection
) -> None:
    clock = FakeClock()
    waiter = _waiter(db)
    with pytest.raises(sqlite3.OperationalError) as err:
        retry.retry_while_busy(
            lambda: waiter.execute("BEGIN IMMEDIATE"), budget_s=2.0, sleep=clock.sleep, clock=clock
        )
    waiter.close()
    assert retry.is_busy(err.value)
    assert clock.slept == [0.05, 0.1, 0.2, 0.4, 0.8]  # the next wait (1 s) would pass the budget
    assert clock.now <= 2.0


def test_the_retry_never_waits_on_a_failure_that_is_not_a_lock(db: Path) -> None:
    clock = FakeClock()
    con = sqlite3.connect(db)
    with pytest.raises(sqlite3.OperationalError):
        retry.retry_while_busy(
            lambda: con.execute("INSERT INTO nowhere VALUES (1)"), budget_s=5, sleep=clock.sleep, clock=clock
        )
    with pytest.raises(ValueError):
        retry.retry_while_busy(lambda: int("x"), budget_s=5, sleep=clock.sleep, clock=clock)
    con.close()
    assert clock.slept == []


def test_the_store_turns_each_kind_into_its_sentence(
    tmp_path: Path, db: Path, holder: sqlite3.Connection
) -> None:
    store = Store.open(DataDir(tmp_path / "data", "flag"), busy_timeout_s=0.2, lock_budget_s=0.6)
    try:
        assert isinstance(store._translate(_busy_error(db)), StoreLocked)
        ro = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        with pytest.raises(sqlite3.OperationalError) as read_only:
            ro.execute("INSERT INTO t VALUES (1)")
        ro.close()
        assert isinstance(store._translate(read_only.value), ReadOnly)
        small = sqlite3.connect(tmp_path / "small.sqlite")
        small.execute("CREATE TABLE big (b BLOB)")
        small.execute(f"PRAGMA max_page_count={small.execute('PRAGMA page_count').fetchone()[0] + 2}")
        with pytest.raises(sqlite3.OperationalError) as full:
            small.execute("INSERT INTO big VALUES (zeroblob(1000000))")
        small.close()
        sentence = store._translate(full.value)
        assert isinstance(sentence, StoreUnavailable)
        assert "is full, so nothing was changed" in str(sentence)
    finally:
        store.close()

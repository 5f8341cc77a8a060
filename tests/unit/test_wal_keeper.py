"""The WAL keeper of a long write checkpoints as SQLite's automatic checkpoint would: once
CHECKPOINT_PAGES frames wait for one, counted from the WAL index, not from the log file's size
(which never shrinks, so once it had grown every chunk was followed by a checkpoint)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from creative_memory.services.store import writes
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import CHECKPOINT_PAGES, LOG_BOUND, wal_frames_waiting, wal_kept

_ROW = "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) VALUES (?, 'u', 'cli', ?, '', 'ok')"


def _shm(store: Store) -> Path:
    return store.path.with_name(store.path.name + "-shm")


def _write_pages(con: sqlite3.Connection, n: int, start: int = 0) -> None:
    """Rows large enough that each commit adds several frames."""
    for i in range(start, start + n):
        con.execute("BEGIN IMMEDIATE")
        con.execute(_ROW, (i, "x" * 3000))
        con.execute("COMMIT")


def _counted_runs(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The frames waiting when each keeper checkpoint began (noted before it copies)."""
    runs: list[int] = []
    original = writes.WalKeeper._checkpoint_here

    def counted(self: writes.WalKeeper) -> None:
        runs.append(wal_frames_waiting(_shm(store)))
        original(self)

    monkeypatch.setattr(writes.WalKeeper, "_checkpoint_here", counted)
    return runs


def test_frames_waiting_are_what_sqlite_counts(store: Store) -> None:
    with store.raw() as con:
        con.execute("PRAGMA wal_autocheckpoint=0")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert wal_frames_waiting(_shm(store)) == 0
        _write_pages(con, 20)
        waiting = wal_frames_waiting(_shm(store))
        _busy, log, done = con.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert waiting == log > 20  # every frame of the log waited for this checkpoint
        assert done == log
        assert wal_frames_waiting(_shm(store)) == 0  # all copied: nothing waits
        wal_size = store.path.with_name(store.path.name + "-wal").stat().st_size
        _write_pages(con, 3, start=100)  # SQLite writes the log from its start again
        assert 0 < wal_frames_waiting(_shm(store)) < log
        assert (
            store.path.with_name(store.path.name + "-wal").stat().st_size == wal_size
        )  # the file did not shrink


def test_an_unreadable_index_counts_as_full(tmp_path: Path) -> None:
    assert wal_frames_waiting(tmp_path / "missing-shm") == CHECKPOINT_PAGES
    (tmp_path / "short-shm").write_bytes(b"\0" * 20)
    assert wal_frames_waiting(tmp_path / "short-shm") == CHECKPOINT_PAGES


def test_a_grown_log_is_not_checkpointed_after_every_chunk(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = _counted_runs(store, monkeypatch)
    with wal_kept(store) as keeper:
        # Grow the log past the threshold: the keeper checkpoints it once enough frames wait.
        i = 0
        while not runs:
            with keeper.transaction(store) as con:
                keeper.defer(con)
                con.execute(_ROW, (i, "x" * 3000))
            keeper.checkpoint()
            keeper.wait()
            i += 1
            assert i < 2 * CHECKPOINT_PAGES
        assert runs[0] >= CHECKPOINT_PAGES
        assert i > CHECKPOINT_PAGES // 4  # not at the first commits: a commit adds a few frames
        after_growth = len(runs)
        # Then small chunks in the big file: no checkpoint until the frames add up again.
        for i in range(20):
            with keeper.transaction(store) as con:
                keeper.defer(con)
                con.execute(_ROW, (10_000 + i, "small"))
            keeper.checkpoint()
        keeper.wait()
        assert len(runs) == after_growth


def test_a_forgets_commits_leave_the_checkpoint_to_the_keeper(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inside ``checkpoints_between`` (a forget's writes), ``Store.write`` commits never checkpoint
    under the lock — SQLite's automatic checkpoint ran there, about 10 ms a commit at L — and the
    keeper's thread copies the log once enough frames wait, beside the next transaction; once the
    log holds ``LOG_BOUND`` frames, a transaction waits for all of it to be copied, so that it
    writes the log from its start again: the log does not grow by everything written."""
    runs = _counted_runs(store, monkeypatch)
    with store.raw() as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    wal = store.path.with_name(store.path.name + "-wal")
    with writes.checkpoints_between(store):
        i = 0
        while len(runs) < 12:
            with store.write() as session:
                # a chunk of a few hundred pages: the next begins while the keeper copies this one
                session.connection().exec_driver_sql(_ROW, [(i * 1000 + k, "x" * 3000) for k in range(200)])
                (auto,) = session.connection().exec_driver_sql("PRAGMA wal_autocheckpoint").one()
                assert auto == 0
            # No commit copied anything itself: until the keeper's first run, every frame waits
            # (read first: the keeper's thread notes its run before it copies).
            waiting = wal_frames_waiting(_shm(store))
            if not runs:
                assert waiting > i
            i += 1
            assert i < 24 * CHECKPOINT_PAGES
        assert runs[0] >= CHECKPOINT_PAGES
        # Twelve rounds of over a thousand frames each, and the log (which never shrinks) held at
        # most the bound and the round that crossed it.
        page = int(store.path.stat().st_size and 4096)
        assert LOG_BOUND + 2 * CHECKPOINT_PAGES < 12 * CHECKPOINT_PAGES  # less than was written
        assert wal.stat().st_size < (LOG_BOUND + 2 * CHECKPOINT_PAGES) * (page + 24)
    # Outside, a write is as before: its connection checkpoints by itself.
    with store.write() as session:
        (auto,) = session.connection().exec_driver_sql("PRAGMA wal_autocheckpoint").one()
        assert auto == 1000


def test_a_failed_checkpoint_between_two_writes_fails_neither(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkpoint is housekeeping: one that fails is logged, and the writes go on (SQLite's
    automatic checkpoint never failed a commit either)."""

    def fails(self: writes.WalKeeper) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(writes.WalKeeper, "_checkpoint_here", fails)
    with writes.checkpoints_between(store):
        for i in range(CHECKPOINT_PAGES):  # enough frames for several checkpoints to be tried
            with store.write() as session:
                session.connection().exec_driver_sql(_ROW, (i, "x" * 3000))
    with store.read() as session:
        (n,) = session.connection().exec_driver_sql("SELECT count(*) FROM creative_memory_audit").one()
    assert n == CHECKPOINT_PAGES

"""Every hold of the write lock by this program is timed (services.store.lock_clock): the store's write
transactions, the chunks of a long write and the TRUNCATE checkpoints — what the coexistence
benchmark reports as "our longest hold" beside the daemon's longest wait."""

from __future__ import annotations

import gc
import logging
import subprocess
import sys
import threading

import pytest
from sqlalchemy import func, select

from creative_memory.model.tables import Audit
from creative_memory.services.store import held_files
from creative_memory.services.store.lock_clock import BUDGET_MS, GAP_MS, HOLDS, STREAK_MS, LockClock
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import wal_kept


@pytest.fixture(autouse=True)
def clean_clock() -> None:
    HOLDS.reset()


def test_a_write_transaction_is_one_hold(store: Store) -> None:
    with store.write() as s:
        s.add(Audit(at=1, user_id="u", actor="cli", action="probe", target="", outcome="ok"))
    assert HOLDS.count == 1
    assert HOLDS.longest_what == "a write transaction"
    with store.read() as s:  # a read takes no write lock
        assert s.query(Audit).count() == 1
    assert HOLDS.count == 1


def test_a_rolled_back_write_is_still_a_hold(store: Store) -> None:
    with pytest.raises(RuntimeError), store.write() as s:
        s.add(Audit(at=1, user_id="u", actor="cli", action="probe", target="", outcome="ok"))
        raise RuntimeError("changed my mind")
    assert HOLDS.count == 1
    with store.read() as s:
        assert s.query(Audit).count() == 0


def test_chunks_of_a_long_write_and_truncate_checkpoints_are_holds(store: Store) -> None:
    with wal_kept(store) as keeper:
        for i in range(3):
            with keeper.transaction(store) as con:
                con.execute(
                    "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
                    "VALUES (?, 'u', 'cli', 'probe', '', 'ok')",
                    (i,),
                )
    assert HOLDS.count == 3
    assert HOLDS.longest_what == "a chunk of a long write"
    HOLDS.reset()
    assert store.checkpoint_truncate()
    assert HOLDS.count == 1
    assert HOLDS.longest_what == "a TRUNCATE checkpoint"


def test_a_hold_over_the_budget_is_logged_with_what_held_it(caplog: pytest.LogCaptureFixture) -> None:
    clock = LockClock()
    with caplog.at_level(logging.WARNING, logger="cm.store"):
        clock.record(BUDGET_MS - 1, "a short one")
        assert caplog.records == []
        clock.record(BUDGET_MS + 60, "a slow chunk")
    assert [r.getMessage() for r in caplog.records] == [
        "a slow chunk held the write lock 310 ms (budget 250 ms)"
    ]
    assert (clock.count, clock.longest_what, clock.longest_ms) == (2, "a slow chunk", BUDGET_MS + 60)
    assert clock.total_ms == 2 * BUDGET_MS + 59
    clock.reset()
    assert (clock.count, clock.longest_ms, clock.total_ms) == (0, 0.0, 0.0)


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds * 1000, 3))
        self.now += seconds


def test_after_a_streak_of_holds_the_lock_is_let_go_for_a_pause() -> None:
    t = FakeTime()
    clock = LockClock(monotonic=t.monotonic, sleep=t.sleep, neighbours=lambda: True)  # someone may wait
    for _ in range(2):  # 2 × 45 ms back to back: under the streak, no pause
        clock.breathe()
        t.now += 0.045
        clock.record(45, "a chunk")
    assert t.slept == []
    clock.breathe()
    t.now += 0.045
    clock.record(45, "a chunk")  # 135 ms held without a pause
    t.now += 0.005  # 5 ms later the next transaction wants the lock
    clock.breathe()
    assert t.slept == [GAP_MS - 5]
    assert clock.pauses == 1
    clock.breathe()  # the streak starts again after the pause
    assert t.slept == [GAP_MS - 5]


def test_time_away_from_the_lock_counts_as_a_pause() -> None:
    t = FakeTime()
    clock = LockClock(monotonic=t.monotonic, sleep=t.sleep, neighbours=lambda: True)  # someone may wait
    for _ in range(10):  # 10 × 80 ms held, each followed by 60 ms of reading: never a wait
        clock.breathe()
        t.now += 0.080
        clock.record(80, "a chunk")
        t.now += 0.060
    assert (t.slept, clock.pauses) == ([], 0)
    assert STREAK_MS < 2 * 80 and GAP_MS <= 60


def test_the_garbage_collector_waits_while_the_lock_is_held(store: Store) -> None:
    assert gc.isenabled()
    with store.write() as s:
        assert not gc.isenabled()  # a full collection would lengthen the hold
        with HOLDS.holding("a nested hold (another thread's, say)"):
            assert not gc.isenabled()
        assert not gc.isenabled()  # still held by the outer transaction
        s.add(Audit(at=1, user_id="u", actor="cli", action="probe", target="", outcome="ok"))
    assert gc.isenabled()
    with pytest.raises(RuntimeError), store.write():
        raise RuntimeError("a failed write")
    assert gc.isenabled()


def test_a_collector_turned_off_elsewhere_stays_off(store: Store) -> None:
    gc.disable()
    try:
        with store.write():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_worker_threads_hold_leaves_the_collector_alone(store: Store) -> None:
    """In the window the store runs on a worker thread: the collector is neither paused nor
    restarted there, so no collection begins on that thread because of a hold (it could free Qt
    objects away from the GUI thread)."""
    seen: list[bool] = []

    def work() -> None:
        with store.write():
            seen.append(gc.isenabled())

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert seen == [True]
    assert HOLDS.count == 1  # still timed


def test_a_recorded_retrievals_write_is_a_hold(store: Store) -> None:
    with store.hot_write() as con:
        con.execute(
            "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
            "VALUES (1, 'u', 'cli', 'probe', '', 'ok')"
        )
    assert (HOLDS.count, HOLDS.longest_what) == (1, "a recorded retrieval")


def test_no_pause_when_no_other_process_has_the_store_open() -> None:
    t = FakeTime()
    others = [False]
    clock = LockClock(monotonic=t.monotonic, sleep=t.sleep, neighbours=lambda: others[0])
    for _ in range(3):  # 135 ms held back to back
        clock.breathe()
        t.now += 0.045
        clock.record(45, "a chunk")
    clock.breathe()
    assert (t.slept, clock.pauses, clock.skipped) == ([], 0, 1)
    others[0] = True  # a process opens the store: the next streak pauses for it
    for _ in range(3):
        clock.breathe()
        t.now += 0.045
        clock.record(45, "a chunk")
    clock.breathe()
    assert (t.slept, clock.pauses, clock.skipped) == ([GAP_MS], 1, 1)


def test_another_process_with_the_store_open_is_seen_and_ours_are_not(store: Store) -> None:
    """``F_GETLK`` on the WAL index's DMS byte: this process's own connections never count; a
    second process reading the store does, until it exits; the question drops no lock of ours."""
    if sys.platform not in ("linux", "darwin"):
        assert held_files.others_have_open(store.path)  # cannot be told: assume a neighbour
        return
    assert not held_files.others_have_open(store.path)
    with store.read() as s:  # with a connection of ours open (the WAL index in use)
        s.execute(select(func.count()).select_from(Audit)).scalar()
        assert not held_files.others_have_open(store.path)
        assert not held_files.others_have_a_store_open()
    code = (
        "import sqlite3, sys, time\n"
        f"c = sqlite3.connect({str(store.path)!r})\n"
        "c.execute('SELECT count(*) FROM sqlite_master').fetchall()\n"
        "print('open', flush=True)\n"
        "sys.stdin.readline()\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "open"
        assert held_files.others_have_open(store.path)
        assert held_files.others_have_a_store_open()
        with store.read() as s:
            s.execute(select(func.count()).select_from(Audit)).scalar()
            assert held_files.others_have_open(store.path)
    finally:
        proc.communicate("\n", timeout=30)
    assert not held_files.others_have_open(store.path)
    with store.write() as s:  # our own locks are intact: writing still works
        s.add(Audit(at=1, user_id="u", actor="cli", action="probe", target="", outcome="ok"))

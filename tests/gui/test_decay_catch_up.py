"""A store left for months has many records due to decay or archival when the window opens: the
catch-up runs in slices on the store thread, so the tabs' calls go between them instead of waiting
for all of it; the status bar says how far it has come; another process's change meanwhile is
shown at the next poll, the catch-up's own slices reload nothing."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from harness import T0, event
from test_live_refresh import commit_from_elsewhere

from creative_memory.gui import controller as controller_module
from creative_memory.services.common.clock import DAY_MS
from creative_memory.services.derivation import decay as decay_module


def due_in(path: Any, now: int) -> int:
    """Records of the window's user due at ``now`` in the store at ``path`` (open or not)."""
    con = sqlite3.connect(path)
    try:
        return len(
            con.execute(
                decay_module._DUE_IDS, ("local", now, now - decay_module.ARCHIVE_DAYS * DAY_MS)
            ).fetchall()
        )
    finally:
        con.close()


def due_count(ctrl: Any) -> int:
    return due_in(ctrl.store.path, ctrl.now())


@pytest.fixture
def months_later(ctrl: Any, seed: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """40 records learned, then the window opened 400 days later; every slice writes two rows."""
    seed([event(i, pattern=f"pattern_{i}") for i in range(40)])
    ctrl.ctx.now_override = T0 + 400 * DAY_MS
    monkeypatch.setattr(decay_module, "_FIRST_CHUNK", 2)
    monkeypatch.setattr(decay_module, "_STEP", 2)
    monkeypatch.setattr(decay_module, "DEADLINE_S", 0.0)
    monkeypatch.setattr(controller_module, "DECAY_SLICE_S", 0.0)
    return ctrl


def test_the_catch_up_leaves_the_store_thread_to_the_tabs_between_its_slices(
    months_later: Any, run_async: Any
) -> None:
    ctrl = months_later
    total = due_count(ctrl)
    assert total >= 30
    progress: list[tuple[int, int]] = []
    ctrl.decayProgress.connect(lambda done, of: progress.append((done, of)))
    answered_during: list[bool] = []

    async def a_tab_meanwhile() -> None:
        while not progress:
            await asyncio.sleep(0.001)
        await ctrl.run(due_count, ctrl)  # a tab's read, asked while the catch-up runs
        answered_during.append(progress[-1][0] < total)

    async def both() -> None:
        await asyncio.gather(ctrl._catch_up_decay(ctrl.store), a_tab_meanwhile())

    run_async(both(), timeout=30)
    assert answered_during == [True], "the tab's call waited for the whole catch-up"
    assert progress[-1] == (total, total)
    dones = [d for d, _ in progress]
    assert dones == sorted(dones) and len(progress) > 5
    assert due_count(ctrl) == 0


def test_a_change_from_elsewhere_during_the_catch_up_is_shown_while_it_runs(
    months_later: Any, run_async: Any
) -> None:
    """The catch-up's own slices reload nothing; another program's commit meanwhile is shown at
    the next poll, as at any other time, not when the catch-up ends."""
    ctrl = months_later
    run_async(ctrl._poll())  # the version the window starts from
    seen: list[str] = []
    ctrl.externalChange.connect(lambda: seen.append("external"))
    ctrl.changed.connect(lambda what: seen.append(what))
    progress: list[int] = []
    ctrl.decayProgress.connect(lambda done, _of: progress.append(done))
    before: list[int] = []
    after: list[tuple[bool, int]] = []

    async def poll_meanwhile() -> None:
        while not progress:
            await asyncio.sleep(0.001)
        for _ in range(3):  # only our own slices commit: nothing to show yet
            await ctrl._poll()
            before.append(seen.count("external"))
        commit_from_elsewhere(ctrl, 1)
        await ctrl._poll()
        after.append((ctrl._catching_up, seen.count("external")))
        while ctrl._catching_up:
            await ctrl._poll()
            await asyncio.sleep(0.001)

    async def both() -> None:
        await asyncio.gather(ctrl._catch_up_decay(ctrl.store), poll_meanwhile())

    run_async(both(), timeout=30)
    assert before == [0, 0, 0]
    assert after == [(True, 1)], "the other program's change waited for the end of the catch-up"
    assert seen.count("external") == 1, seen  # not shown a second time at the end
    assert "preferences" in seen  # the aged preferences, once, at the end
    assert due_count(ctrl) == 0


def test_a_change_while_the_catch_up_reads_what_is_due_is_shown_when_it_ends(
    months_later: Any, run_async: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A commit the catch-up cannot yet tell from its own (before its connection is open) is not
    lost: it is shown when the catch-up ends."""
    ctrl = months_later
    run_async(ctrl._poll())
    seen: list[str] = []
    ctrl.externalChange.connect(lambda: seen.append("external"))
    made = controller_module._start_decay_run

    def slow_start(*args: Any, **kwargs: Any) -> Any:
        commit_from_elsewhere(ctrl, 2)
        return made(*args, **kwargs)

    monkeypatch.setattr(controller_module, "_start_decay_run", slow_start)

    async def poll_while_reading() -> None:
        await asyncio.sleep(0)
        await ctrl._poll()  # queued behind the reading of what is due

    async def both() -> None:
        await asyncio.gather(ctrl._catch_up_decay(ctrl.store), poll_while_reading())

    run_async(both(), timeout=30)
    assert seen.count("external") == 1, seen
    assert due_count(ctrl) == 0


def test_switching_stores_stops_the_old_stores_catch_up(
    months_later: Any, run_async: Any, tmp_path: Any
) -> None:
    """Another store opened while a catch-up runs: it stops after the slice under way instead of
    writing on into the closed store, and the new store's live refresh is not held by it."""
    from creative_memory.services.location.datadir import DataDir

    ctrl = months_later
    old_path = ctrl.store.path
    progress: list[int] = []
    ctrl.decayProgress.connect(lambda done, _of: progress.append(done))
    ctrl._catch_up = ctrl.start(ctrl._catch_up_decay(ctrl.store), name="decay-catch-up")

    async def switch_after_a_few_slices() -> None:
        while len(progress) < 3:
            await asyncio.sleep(0.001)
        await ctrl.switch_store(DataDir(tmp_path / "other", "flag"))

    run_async(switch_after_a_few_slices(), timeout=30)
    left = due_in(old_path, ctrl.now())
    assert left > 0, "the old store's catch-up ran to its end"
    run_async(asyncio.sleep(0.3))
    assert due_in(old_path, ctrl.now()) == left  # nothing more written into the closed store
    assert not ctrl._catching_up
    assert ctrl.store.path != old_path


def test_a_catch_up_that_ends_after_its_store_was_closed_reopens_nothing(
    months_later: Any, run_async: Any
) -> None:
    """The store closed under a running catch-up (not through a switch, which stops it first):
    its end shows nothing and asks for no store, so the closed one is not opened again."""
    ctrl = months_later
    commit_from_elsewhere(ctrl, 3)  # a change the catch-up would show at its end
    progress: list[int] = []
    ctrl.decayProgress.connect(lambda done, _of: progress.append(done))
    seen: list[str] = []
    ctrl.externalChange.connect(lambda: seen.append("external"))

    async def close_after_a_few_slices() -> None:
        while len(progress) < 3:
            await asyncio.sleep(0.001)
        await ctrl.run(ctrl.ctx.close)

    async def both() -> None:
        await asyncio.gather(ctrl._catch_up_decay(ctrl.store), close_after_a_few_slices())

    run_async(both(), timeout=30)
    assert ctrl.ctx.open_store is None
    assert seen == []


def _switch_while_the_catch_up_is(
    ctrl: Any, run_async: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, step: str
) -> list[Any]:
    """Start the catch-up and switch stores while it is ``step``: "reading" what is due (its
    DecayRun being made on the store thread), or "closing" (its connection's close queued behind
    a tab's call); return the runs it made."""
    from creative_memory.services.location.datadir import DataDir

    made: list[Any] = []
    reading = threading.Event()
    go_on = threading.Event()
    tab_done = threading.Event()

    class Held(decay_module.DecayRun):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            if step == "reading":
                reading.set()
                go_on.wait(10)
            super().__init__(*args, **kwargs)
            made.append(self)

        def changed_elsewhere(self) -> bool:  # the catch-up's last call before its close
            if step == "closing":  # a tab's call, queued before the close (on the store thread)
                ctrl.worker._executor.submit(tab_done.wait, 10)
            return super().changed_elsewhere()

    monkeypatch.setattr(decay_module, "DecayRun", Held)  # what the catch-up's run is made of
    ctrl._catch_up = ctrl.start(ctrl._catch_up_decay(ctrl.store), name="decay-catch-up")

    async def switch() -> None:
        if step == "reading":
            while not reading.is_set():
                await asyncio.sleep(0.001)
            await ctrl.stop_catch_up()  # delivered while the store call runs
            go_on.set()
        else:
            while not made or ctrl._catching_up:
                await asyncio.sleep(0.001)
            # the catch-up has ended; its close waits behind the tab's call
            task = ctrl._catch_up
            stopping = asyncio.ensure_future(ctrl.stop_catch_up())
            while not task.cancelling():
                await asyncio.sleep(0)
            tab_done.set()
            await stopping
        await ctrl.switch_store(DataDir(tmp_path / "other", "flag"))

    run_async(switch(), timeout=30)
    return made


def _open_here(db: Path) -> list[str]:
    """The store's files this process has a descriptor of."""
    names = {str(db.resolve()) + tail for tail in ("", "-wal", "-shm")}
    found = []
    for fd in Path("/proc/self/fd").iterdir():
        with contextlib.suppress(OSError):
            if (target := str(fd.readlink())) in names:
                found.append(target)
    return found


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads the process's descriptors from /proc")
@pytest.mark.parametrize("step", ["reading", "closing"])
def test_a_catch_up_stopped_in_any_of_its_calls_leaves_no_connection_to_the_old_store(
    months_later: Any, run_async: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    """Another store opened while the catch-up reads what is due (seconds on a cold disk) or
    while it lets its connection go: the run's kept connection is closed, on the store thread,
    before the old store is; no descriptor of this process is left on the old store's files."""
    ctrl = months_later
    old_path = ctrl.store.path
    made = _switch_while_the_catch_up_is(ctrl, run_async, tmp_path, monkeypatch, step)
    assert made and made[0].store.path == old_path  # (the new store's opening makes one too)
    assert ctrl.store.path != old_path
    assert not _open_here(old_path), "a connection to the old store was left open"

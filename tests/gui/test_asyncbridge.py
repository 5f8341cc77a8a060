"""The qasync bridge: store calls on one worker thread, kept tasks, errors reported, bounded quitting,
dialogs awaited without exec()."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QPushButton

from creative_memory.gui.asyncbridge import (
    AppContext,
    async_slot,
    close_qt_loop,
    new_qt_loop,
    run_app,
    wait_dialog,
    wait_signal,
)
from creative_memory.gui.storeworker import STORE_THREAD_PREFIX, StoreWorker, WorkerShutDown
from creative_memory.gui.tasks import TaskKeeper, default_keeper

REPO_ROOT = Path(__file__).resolve().parents[2]
RunAsync = Callable[..., Any]


@pytest.fixture
def worker() -> Any:
    w = StoreWorker()
    yield w
    assert w.shutdown(timeout=5.0)


# --- StoreWorker ---------------------------------------------------------------------------------


def test_store_calls_run_on_the_store_thread_and_return_results(
    run_async: RunAsync, worker: StoreWorker
) -> None:
    def store_call(a: int, *, b: int) -> tuple[str, int]:
        return threading.current_thread().name, a + b

    async def scenario() -> tuple[str, tuple[str, int]]:
        loop_thread = threading.current_thread().name
        return loop_thread, await worker.run(store_call, 2, b=3)

    loop_thread, (store_thread, total) = run_async(scenario())
    assert loop_thread == threading.main_thread().name
    assert store_thread.startswith(STORE_THREAD_PREFIX)
    assert total == 5
    assert not StoreWorker.is_worker_thread()


def test_store_calls_are_serial_on_one_thread(run_async: RunAsync, worker: StoreWorker) -> None:
    seen: list[tuple[int, int]] = []

    def store_call(i: int) -> None:
        seen.append((i, threading.get_ident()))
        time.sleep(0.002)

    async def scenario() -> None:
        await asyncio.gather(*(worker.run(store_call, i) for i in range(20)))

    run_async(scenario())
    assert [i for i, _ in seen] == list(range(20))
    assert len({ident for _, ident in seen}) == 1
    assert seen[0][1] != threading.get_ident()


def test_store_call_exception_reaches_the_awaiting_coroutine(
    run_async: RunAsync, worker: StoreWorker
) -> None:
    def failing() -> None:
        raise LookupError("no such pattern")

    async def scenario() -> None:
        await worker.run(failing)

    with pytest.raises(LookupError, match="no such pattern"):
        run_async(scenario())


def test_shutdown_with_a_long_running_call_is_bounded(run_async: RunAsync) -> None:
    worker = StoreWorker()
    release = threading.Event()
    started = threading.Event()
    ran_queued = threading.Event()

    def long_call() -> str:
        started.set()
        release.wait(30)
        return "finished"

    async def scenario() -> tuple[bool, bool, str, bool]:
        running = asyncio.ensure_future(worker.run(long_call))
        queued = asyncio.ensure_future(worker.run(ran_queued.set))
        while not started.is_set():
            await asyncio.sleep(0.01)
        assert worker.busy
        clean = worker.shutdown(timeout=0.3)
        # shutdown came back while the started call was still held: it did not wait for it
        held = not release.is_set() and not running.done()
        # The queued call was cancelled before it ran: its awaiting future says so.
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(queued, 5)
        release.set()
        result = await asyncio.wait_for(running, 5)
        return clean, held, result, queued.cancelled()

    clean, held, result, queued_cancelled = run_async(scenario())
    assert clean is False
    assert held
    assert result == "finished"  # a started call runs to its end
    assert queued_cancelled
    assert not ran_queued.is_set()
    assert worker.shutdown(timeout=5.0) is True  # the thread ended once the call returned

    async def after() -> None:
        await worker.run(time.sleep, 0)

    with pytest.raises(WorkerShutDown):
        run_async(after())


def test_shutdown_does_not_wait_for_an_optional_call_but_for_any_other(run_async: RunAsync) -> None:
    """The window's own work (run_optional) does not hold the program's end; a call someone asked
    for is waited for until it has finished."""
    release = threading.Event()
    started = threading.Event()

    def held() -> str:
        started.set()
        release.wait(30)
        return "finished"

    async def scenario(optional: bool) -> tuple[bool, float, bool]:
        worker = StoreWorker()
        call = asyncio.ensure_future(worker.run_optional(held) if optional else worker.run(held))
        while not started.is_set():
            await asyncio.sleep(0.01)
        if not optional:  # it finishes a moment after the shutdown began
            threading.Timer(0.2, release.set).start()
        t0 = time.monotonic()
        clean = worker.shutdown(timeout=5.0)
        took = time.monotonic() - t0
        release.set()
        await asyncio.wait_for(call, 5)
        return clean, took, worker.left_optional

    clean, took, left = run_async(scenario(True))
    assert (clean, left) == (False, True) and took < 0.15  # left unfinished, at once
    started.clear()
    release.clear()
    clean, took, left = run_async(scenario(False))
    assert (clean, left) == (True, False) and took >= 0.15  # waited for until it had finished


def test_a_change_asked_for_is_made_even_when_the_window_closes_before_it_starts(run_async: RunAsync) -> None:
    """A person asks for a change (a forget, a switch) while the store thread is busy, then closes
    the window: the quit cancels the awaiting tasks. The change is made anyway and the shutdown
    waits for it; a read queued the same way is dropped (nobody needs its answer any more)."""
    release = threading.Event()
    started = threading.Event()
    made: list[str] = []

    def busy() -> str:
        started.set()
        release.wait(30)
        return "busy"

    async def scenario() -> tuple[bool, float]:
        worker = StoreWorker()
        first = asyncio.ensure_future(worker.run_optional(busy))  # the window's own work, running
        while not started.is_set():
            await asyncio.sleep(0.01)
        change = asyncio.ensure_future(worker.run_change(lambda: made.append("forget") or "forgotten"))
        read = asyncio.ensure_future(worker.run(lambda: made.append("read") or "rows"))
        await asyncio.sleep(0.05)
        assert worker.changes_pending == 1
        change.cancel()  # the quit cancels every kept task
        read.cancel()
        threading.Timer(0.2, release.set).start()
        t0 = time.monotonic()
        clean = worker.shutdown(timeout=0.05, change_timeout=10.0)
        took = time.monotonic() - t0
        first.cancel()
        return clean, took

    clean, took = run_async(scenario())
    assert made == ["forget"]  # the change ran, after the busy call; the read did not
    assert clean and 0.15 <= took < 5  # waited for the change, past the plain timeout


def test_shutdown_of_an_unused_worker_is_immediate() -> None:
    worker = StoreWorker()
    assert worker.shutdown(timeout=5.0)  # True: nothing was running, so the thread ended
    assert worker.closed


# --- TaskKeeper and async_slot -----------------------------------------------------------------


class Panel(QObject):
    """A stand-in for a tab: a button whose click starts a coroutine that calls the store."""

    done = Signal()

    def __init__(self, keeper: TaskKeeper, worker: StoreWorker) -> None:
        super().__init__()
        self.task_keeper = keeper
        self.worker = worker
        self.button = QPushButton()
        self.button.clicked.connect(self.on_clicked)
        self.log: list[tuple[str, str]] = []

    @async_slot()
    async def on_clicked(self) -> None:
        loop_thread = threading.current_thread().name
        store_thread = await self.worker.run(lambda: threading.current_thread().name)
        self.log.append((loop_thread, store_thread))
        self.done.emit()

    @async_slot()
    async def on_value(self, value: int) -> None:
        self.log.append(("value", str(value)))

    @async_slot()
    async def fail(self) -> None:
        await asyncio.sleep(0)
        raise ValueError("boom from a slot")


def test_async_slot_runs_on_the_loop_and_the_store_call_on_the_worker(
    qapp: QApplication, run_async: RunAsync, worker: StoreWorker
) -> None:
    keeper = TaskKeeper()
    panel = Panel(keeper, worker)

    async def scenario() -> None:
        panel.button.click()  # clicked(bool) → the slot takes no argument: the bool is dropped
        assert len(keeper) == 1  # the keeper holds the task while it runs
        await wait_signal(panel.done, timeout=5)
        assert await keeper.drain(5)

    run_async(scenario())
    assert panel.log == [(threading.main_thread().name, panel.log[0][1])]
    assert panel.log[0][1].startswith(STORE_THREAD_PREFIX)
    assert len(keeper) == 0  # released when done


def test_async_slot_passes_the_arguments_it_takes(run_async: RunAsync, worker: StoreWorker) -> None:
    keeper = TaskKeeper()
    panel = Panel(keeper, worker)

    async def scenario() -> None:
        task = panel.on_value(7, "extra signal argument")
        assert isinstance(task, asyncio.Task)
        await task

    run_async(scenario())
    assert panel.log == [("value", "7")]


def test_async_slot_rejects_a_plain_function() -> None:
    with pytest.raises(TypeError):
        async_slot()(lambda: None)  # type: ignore[arg-type]


def test_slot_exception_reaches_the_error_callback(run_async: RunAsync, worker: StoreWorker) -> None:
    errors: list[BaseException] = []
    keeper = TaskKeeper(on_error=errors.append)
    panel = Panel(keeper, worker)

    async def scenario() -> None:
        panel.fail()
        await keeper.drain(5)

    run_async(scenario())
    assert len(errors) == 1
    assert isinstance(errors[0], ValueError)
    assert str(errors[0]) == "boom from a slot"


def test_cancellation_is_not_an_error(run_async: RunAsync) -> None:
    errors: list[BaseException] = []
    keeper = TaskKeeper(on_error=errors.append)

    async def sleeper() -> None:
        await asyncio.sleep(60)

    async def scenario() -> None:
        keeper.start(sleeper())
        await asyncio.sleep(0)
        keeper.cancel_all()
        assert await keeper.drain(5)

    run_async(scenario())
    assert errors == []


def test_a_failing_error_callback_is_contained(run_async: RunAsync) -> None:
    def broken_callback(exc: BaseException) -> None:
        raise RuntimeError("the dialog failed too")

    keeper = TaskKeeper(on_error=broken_callback)

    async def fails() -> None:
        raise ValueError("first failure")

    async def scenario() -> None:
        keeper.start(fails())
        assert await keeper.drain(5)

    run_async(scenario())  # nothing escapes


def test_cancel_all_and_drain_finish_within_a_bound(run_async: RunAsync) -> None:
    keeper = TaskKeeper()
    cleaned: list[int] = []
    stubborn_release = asyncio.Event()

    async def polite(i: int) -> None:
        try:
            await asyncio.sleep(60)
        finally:
            await asyncio.sleep(0.01)  # cleanup that itself awaits
            cleaned.append(i)

    async def stubborn() -> None:
        while True:
            try:
                await stubborn_release.wait()
                return
            except asyncio.CancelledError:
                continue  # refuses to stop

    async def scenario() -> tuple[bool, bool, int]:
        for i in range(5):
            keeper.start(polite(i))
        await asyncio.sleep(0)
        assert keeper.cancel_all() == 5
        first = await keeper.drain(2.0)

        keeper.start(stubborn())
        await asyncio.sleep(0)
        keeper.cancel_all()
        second = await keeper.drain(0.2)
        still_running = len(keeper)  # drain gave up while the stubborn task still ran
        stubborn_release.set()
        assert await keeper.drain(5)
        return first, second, still_running

    first, second, still_running = run_async(scenario())
    assert first is True
    assert sorted(cleaned) == [0, 1, 2, 3, 4]
    assert second is False  # reported, not hung
    assert still_running == 1


def test_a_slot_started_while_qt_events_are_pumped_runs(qtbot: Any, qloop: Any, worker: StoreWorker) -> None:
    """Qt events processed outside run_async (qtbot.wait…) still find the loop running, as in the
    app: the task a click starts runs, and its store call comes back."""
    keeper = TaskKeeper(loop=qloop)
    panel = Panel(keeper, worker)
    with qtbot.waitSignal(panel.done, timeout=5000):
        qtbot.mouseClick(panel.button, Qt.MouseButton.LeftButton)
    assert panel.log and panel.log[0][1].startswith(STORE_THREAD_PREFIX)


def test_starting_after_the_loop_closed_is_quiet(qapp: QApplication) -> None:
    loop = new_qt_loop(qapp)
    keeper = TaskKeeper(loop=loop)
    close_qt_loop(loop)
    ran: list[bool] = []

    async def never() -> None:
        ran.append(True)

    future = keeper.start(never())  # e.g. a widget emitting while the app is torn down
    assert future.cancelled()
    assert ran == []
    assert len(keeper) == 0


def test_default_keeper_is_used_without_task_keeper(run_async: RunAsync) -> None:
    ran: list[str] = []

    class Plain:
        @async_slot()
        async def go(self) -> None:
            ran.append("yes")

    async def scenario() -> None:
        task = Plain().go()
        assert task in default_keeper().tasks
        await task

    run_async(scenario())
    assert ran == ["yes"]


# --- dialogs ------------------------------------------------------------------------------------


def test_wait_dialog_resolves_when_accepted(qtbot: Any, run_async: RunAsync) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    QTimer.singleShot(50, dialog.accept)
    result = run_async(wait_dialog(dialog), timeout=5)
    assert result == QDialog.DialogCode.Accepted.value
    assert not dialog.isVisible()


def test_wait_dialog_returns_rejected_and_custom_codes(qtbot: Any, run_async: RunAsync) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    QTimer.singleShot(30, dialog.reject)
    assert run_async(wait_dialog(dialog), timeout=5) == QDialog.DialogCode.Rejected.value
    QTimer.singleShot(30, lambda: dialog.done(7))
    assert run_async(wait_dialog(dialog), timeout=5) == 7


def test_wait_dialog_does_not_block_the_loop(qtbot: Any, run_async: RunAsync) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    ticks: list[int] = []

    async def ticker() -> None:
        for i in range(5):
            await asyncio.sleep(0.01)
            ticks.append(i)
        dialog.accept()

    async def scenario() -> int:
        ticking = asyncio.ensure_future(ticker())
        result = await wait_dialog(dialog)
        await ticking
        return result

    assert run_async(scenario(), timeout=5) == QDialog.DialogCode.Accepted.value
    assert ticks == [0, 1, 2, 3, 4]


def test_wait_dialog_cancelled_closes_the_dialog(qtbot: Any, run_async: RunAsync) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)

    async def scenario() -> None:
        task = asyncio.ensure_future(wait_dialog(dialog))
        await asyncio.sleep(0.05)
        assert dialog.isVisible()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    run_async(scenario(), timeout=5)
    assert not dialog.isVisible()


def test_wait_dialog_destroyed_dialog_counts_as_rejected(run_async: RunAsync) -> None:
    dialog = QDialog()

    async def scenario() -> int:
        waiting = asyncio.ensure_future(wait_dialog(dialog))
        await asyncio.sleep(0.02)
        dialog.deleteLater()
        return await waiting

    assert run_async(scenario(), timeout=5) == QDialog.DialogCode.Rejected.value


# --- run_app ------------------------------------------------------------------------------------


def test_run_app_cancels_tasks_and_stops_the_worker_on_quit(qapp: QApplication) -> None:
    seen: dict[str, Any] = {}

    async def background(ctx: AppContext) -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            seen["cancelled"] = True
            await asyncio.sleep(0.01)  # a short cleanup still runs during the drain
            seen["cleaned"] = True
            raise

    async def main(ctx: AppContext) -> None:
        window = QMainWindow()
        seen["window"] = window
        window.show()
        seen["store_thread"] = await ctx.worker.run(lambda: threading.current_thread().name)
        ctx.keeper.start(background(ctx))
        QTimer.singleShot(100, window.close)

    code = run_app(main, shutdown_timeout=2.0, hard_exit_if_stuck=False)
    assert code == 0
    assert seen["store_thread"].startswith(STORE_THREAD_PREFIX)
    assert seen.get("cancelled") and seen.get("cleaned")
    seen["window"].deleteLater()


_STUCK_SCRIPT = textwrap.dedent(
    """
    import asyncio, logging, sys, time
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMainWindow
    from creative_memory.gui.asyncbridge import run_app

    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    MODE = sys.argv[1]

    async def main(ctx):
        window = QMainWindow()
        window.show()
        ctx.window = window
        if MODE == "stuck":
            ctx.keeper.start(ctx.worker.run(time.sleep, 60))
            while not ctx.worker.busy:
                await asyncio.sleep(0.01)
        print("window shown", flush=True)
        if MODE != "sigint":
            QTimer.singleShot(200, window.close)

    sys.exit(run_app(main, shutdown_timeout=0.5))
    """
)


@pytest.mark.parametrize("mode", ["clean", "stuck"])
def test_run_app_exit_does_not_hang(tmp_path: Path, mode: str) -> None:
    script = tmp_path / "app.py"
    script.write_text(_STUCK_SCRIPT, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run(
        [sys.executable, str(script), mode],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=45,
    )
    # (the stuck call sleeps 60 s, as long as the subprocess may take: waiting for it would time out)
    assert proc.returncode == 0, proc.stderr
    assert "window shown" in proc.stdout
    if mode == "stuck":
        assert "Leaving without waiting" in proc.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_quits_cleanly(tmp_path: Path) -> None:
    import signal

    script = tmp_path / "app.py"
    script.write_text(_STUCK_SCRIPT, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.Popen(
        [sys.executable, str(script), "sigint"],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "window shown"
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "Quitting" in err

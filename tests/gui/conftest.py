"""GUI test fixtures: offscreen Qt, UI settings in a temp folder, a qasync loop per test."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import asyncio
import gc
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication

import creative_memory.gui  # noqa: F401  (first: the PySide6 6.12 refcount guard, see gui/__init__.py)
from creative_memory.gui.asyncbridge import close_qt_loop, new_qt_loop

T = TypeVar("T")


@pytest.fixture(autouse=True)
def collect_garbage_on_the_gui_thread() -> Iterator[None]:
    """Free earlier tests' Qt objects here, on the GUI thread (before and after each test).

    A collection that happens to run on the store thread would destroy QObjects off their thread
    (a closed loop's timer object, a window): Qt then cannot unregister their timers and a later
    test crashes when one fires.
    """
    gc.collect()
    yield
    from creative_memory.gui.collector import collector

    collector().release_all()  # a window the test left open turns automatic collection back on
    gc.collect()


@pytest.fixture(autouse=True)
def cm_settings_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every GUI test keeps QSettings in its own temp folder (never the real user config)."""
    settings_dir = tmp_path / "cm-settings"
    monkeypatch.setenv("CM_SETTINGS_DIR", str(settings_dir))
    return settings_dir


def _wait_on_qt(loop: asyncio.AbstractEventLoop, awaitable: Awaitable[T]) -> T:
    """Run Qt's event loop (nested, like qtbot.waitSignal) until ``awaitable`` is done.

    The asyncio loop stays marked as running throughout, so every task step, timer and store
    callback sees it, whether it fires here or in any other Qt event processing of the test.
    """
    future = asyncio.ensure_future(awaitable, loop=loop)
    if not future.done():
        waiter = QEventLoop()
        future.add_done_callback(lambda _f: waiter.quit())
        waiter.exec()
    return future.result()


@pytest.fixture
def qloop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """A qasync loop around pytest-qt's QApplication for one test, running as in the app.

    In the app the loop runs for the whole session, so Qt events always find it running. In a test
    Qt events are also processed outside ``run_async`` (``qtbot.wait…``, pytest-qt's teardown), so
    the loop is marked as the running loop for the whole test (``asyncio._set_running_loop``, the
    hook asyncio provides for loop implementations) and tasks a signal starts run wherever Qt
    processes events; ``run_async`` just runs Qt's loop until its coroutine is done.

    Closing a test's only window (a dialog) must not quit the application mid-test, so
    quit-on-last-window-closed is off while the loop exists. Afterwards leftover tasks are
    cancelled and the loop is closed and retired (see ``close_qt_loop``).
    """
    quit_on_last = qapp.quitOnLastWindowClosed()
    qapp.setQuitOnLastWindowClosed(False)
    loop = new_qt_loop(qapp)
    asyncio._set_running_loop(loop)
    try:
        yield loop
    finally:
        try:
            leftovers = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for task in leftovers:
                task.cancel()
            if leftovers:
                _wait_on_qt(loop, asyncio.gather(*leftovers, return_exceptions=True))
        finally:
            asyncio._set_running_loop(None)
            close_qt_loop(loop)  # closed, and kept alive so Qt never frees it off the GUI thread
            qapp.setQuitOnLastWindowClosed(quit_on_last)


@pytest.fixture
def run_async(qloop: asyncio.AbstractEventLoop) -> Callable[..., Any]:
    """``run_async(coro, timeout=10)``: run a coroutine on the qasync loop, bounded in time."""

    def run(awaitable: Awaitable[T], timeout: float = 10.0) -> T:
        async def bounded() -> T:
            return await asyncio.wait_for(awaitable, timeout)

        return _wait_on_qt(qloop, bounded())

    return run


# The app environment fixtures (a real store, the store worker, a controller, the main window).
from harness import ctrl, seed, wait_until, window  # noqa: E402, F401

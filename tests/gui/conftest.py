"""GUI test fixtures: offscreen Qt, UI settings in a temp folder, a qasync loop per test."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
import qasync
from PySide6.QtWidgets import QApplication

T = TypeVar("T")


@pytest.fixture(autouse=True)
def cm_settings_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every GUI test keeps QSettings in its own temp folder (never the real user config)."""
    settings_dir = tmp_path / "cm-settings"
    monkeypatch.setenv("CM_SETTINGS_DIR", str(settings_dir))
    return settings_dir


@pytest.fixture
def qloop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """A qasync loop around pytest-qt's QApplication, closed (and its leftovers cancelled) after.

    Closing a test's only window (a dialog) must not quit the application mid-test, so
    quit-on-last-window-closed is off while the loop exists.
    """
    quit_on_last = qapp.quitOnLastWindowClosed()
    qapp.setQuitOnLastWindowClosed(False)
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        leftovers = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for task in leftovers:
            task.cancel()
        if leftovers:
            loop.run_until_complete(asyncio.gather(*leftovers, return_exceptions=True))
        loop.close()
        asyncio.set_event_loop(None)
        qapp.setQuitOnLastWindowClosed(quit_on_last)


@pytest.fixture
def run_async(qloop: asyncio.AbstractEventLoop) -> Callable[..., Any]:
    """``run_async(coro, timeout=10)``: run a coroutine on the qasync loop, bounded in time."""

    def run(awaitable: Awaitable[T], timeout: float = 10.0) -> T:
        async def bounded() -> T:
            return await asyncio.wait_for(awaitable, timeout)

        return qloop.run_until_complete(bounded())

    return run


# The app environment fixtures (a real store, the store worker, a controller, the main window).
from harness import ctrl, seed, wait_until, window  # noqa: E402, F401

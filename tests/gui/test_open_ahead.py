"""At the window's start, the question whether opening the store changes anything
(``Controller.look``) also opens a store that needs no question and reads what ``open()`` reads
first, on the store thread while the window paints. ``open()`` then uses that instead of asking
again; a change made meanwhile is still seen by the first poll, and a store that needs a question
is only looked at."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import open_controller, store_context

from creative_memory.gui.controller import Controller
from creative_memory.gui.storeworker import StoreWorker
from creative_memory.gui.tasks import TaskKeeper
from creative_memory.services.common.errors import StoreLocked
from creative_memory.services.context import Context
from creative_memory.services.controls import status as plain_status
from creative_memory.services.inspection.overview import overview_facts


@pytest.fixture
def status_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each read of the status, noted."""
    calls: list[str] = []
    real = plain_status.status

    def counted(*args: Any, **kwargs: Any) -> plain_status.MemoryStatus:
        calls.append("status")
        return real(*args, **kwargs)

    monkeypatch.setattr(plain_status, "status", counted)
    return calls


@pytest.fixture
def fresh(
    qloop: asyncio.AbstractEventLoop, run_async: Callable[..., Any], tmp_path: Path
) -> Iterator[tuple[Controller, Context]]:
    """A store whose tables are current, and a new window's controller over it, not opened yet."""
    for _c in open_controller(qloop, run_async, tmp_path):
        pass
    ctx = store_context(tmp_path)
    worker = StoreWorker()
    ctrl = Controller(ctx, worker, TaskKeeper(lambda exc: None, loop=qloop), poll_ms=100)
    try:
        yield ctrl, ctx
    finally:
        ctrl.stop_polling()
        ctrl.keeper.cancel_all()
        worker.shutdown(timeout=5)
        ctx.close()


def test_a_current_store_is_opened_ahead_and_read_once(
    run_async: Callable[..., Any],
    fresh: tuple[Controller, Context],
    status_calls: list[str],
) -> None:
    status_calls.clear()
    ctrl, ctx = fresh
    facts = run_async(ctrl.look())
    assert facts.exists and not facts.needs_migration
    assert status_calls == ["status"]  # read on the store thread with the opening
    # Another program writes before the window's open(): the first poll must see it.
    with sqlite3.connect(ctx.data_dir.store) as con:
        con.execute(
            "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
            "VALUES (1, 'local', 'cli', 'probe', '', 'ok')"
        )
    seen: list[bool] = []
    ctrl.externalChange.connect(lambda: seen.append(True))
    run_async(ctrl.open())
    assert status_calls == ["status"]  # not asked again
    assert ctrl.status is not None and ctrl.status == plain_status.status(ctrl.store, "local", ctrl.now())
    # The Overview's first read comes with it, once, while the first screen loads.
    ctrl.first_screen_pending = True  # as the window sets it
    ahead = ctrl.overview_read_ahead()
    assert ahead is not None and ahead == overview_facts(ctrl.store, "local", ctrl.now())
    assert ctrl.overview_read_ahead() is None
    # The version it compares with was read before the write: the change is shown (by the
    # poll, or by the decay catch-up's end when the poll came during it).
    if ctrl._catch_up is not None:
        run_async(ctrl._catch_up)
    run_async(ctrl._poll())
    assert seen == [True]


def test_a_store_opened_again_is_read_again(
    run_async: Callable[..., Any],
    fresh: tuple[Controller, Context],
    status_calls: list[str],
) -> None:
    """What was read ahead belongs to the store object opened then: once that was closed, open()
    reads its own."""
    ctrl, ctx = fresh
    run_async(ctrl.look())
    run_async(ctrl.run(ctx.close))
    status_calls.clear()
    run_async(ctrl.open())
    assert status_calls == ["status"]
    assert ctrl.overview_read_ahead() is None  # the Overview reads its own


def test_the_overview_read_ahead_is_not_shown_for_another_store(
    run_async: Callable[..., Any], fresh: tuple[Controller, Context]
) -> None:
    """Read with one store's opening, the Overview's facts are not handed out once another store
    object is the one open."""
    ctrl, ctx = fresh
    run_async(ctrl.look())
    run_async(ctrl.open())
    run_async(ctrl.run(ctx.close))
    run_async(ctrl.run(ctx.store))  # opened again: another store object
    ctrl.first_screen_pending = True
    assert ctrl.overview_read_ahead() is None


def test_the_overview_read_ahead_is_for_the_first_screen_only(
    run_async: Callable[..., Any], fresh: tuple[Controller, Context]
) -> None:
    """A window that opens on another tab shows the Overview later: it reads its own facts then,
    not those read at the start."""
    ctrl, _ctx = fresh
    ctrl.first_screen_pending = True  # as the window sets it
    run_async(ctrl.look())
    run_async(ctrl.open())
    ctrl.first_screen_pending = False  # the first screen (another tab) has loaded
    assert ctrl.overview_read_ahead() is None


def test_a_store_that_fails_to_open_ahead_fails_the_open(
    run_async: Callable[..., Any],
    fresh: tuple[Controller, Context],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Opening ahead fails (here: the store stays locked): the look answers as before, and the
    window's open() raises that failure, where the window says it (``store_failed``)."""
    ctrl, _ctx = fresh

    def locked(*args: Any, **kwargs: Any) -> Any:
        raise StoreLocked("Open Design is writing to the store; try again in a moment.")

    with monkeypatch.context() as m:
        m.setattr(Context, "store", locked)
        facts = run_async(ctrl.look())
        assert facts.exists and not facts.needs_migration
    with pytest.raises(StoreLocked):
        run_async(ctrl.open())

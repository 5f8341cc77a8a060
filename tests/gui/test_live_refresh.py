"""Live refresh under another writer (decision 0060): a change committed while the store thread is
busy is polled as soon as the running call ends, the status reload waits for the visible tab's
refresh, and the window says when the visible tab shows the latest change and when each pass of
a tab's refresh began and ended (what the live-refresh bench measures)."""

from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any

from harness import event


def commit_from_elsewhere(ctrl: Any, n: int) -> None:
    """A commit by another connection, as the daemon's would be (seen through data_version)."""
    other = sqlite3.connect(ctrl.ctx.data_dir.store)
    try:
        other.execute("CREATE TABLE IF NOT EXISTS elsewhere (n INTEGER)")
        other.execute("INSERT INTO elsewhere VALUES (?)", (n,))
        other.commit()
    finally:
        other.close()


def test_a_poll_while_the_store_thread_is_busy_runs_when_the_call_ends(
    ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    run_async(ctrl._poll())  # the version the window starts from
    seen: list[bool] = []
    ctrl.externalChange.connect(lambda: seen.append(True))
    gate = threading.Event()
    ctrl.start(ctrl.run(gate.wait, 10))
    wait_until(lambda: ctrl.worker.busy)
    commit_from_elsewhere(ctrl, 1)
    try:
        ctrl._tick()  # the timer's tick, the store thread busy: skipped before, a whole interval lost
    finally:
        gate.set()
    wait_until(lambda: bool(seen))
    assert seen == [True]


def test_after_a_change_the_status_reloads_once_the_visible_tab_has_refreshed(
    window: Any, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed([event(1), event(2, pattern="dense_grids", ptype="layout")])
    window.tabs.setCurrentIndex(1)  # Projects: its refresh is one store call after the change
    wait_until(window.showing_latest)
    run_async(ctrl._poll())
    at_status: list[bool] = []
    ctrl.statusChanged.connect(lambda _status: at_status.append(window.showing_latest()))
    commit_from_elsewhere(ctrl, 1)
    run_async(ctrl._poll())
    assert at_status == [True]  # the tab's reads went first; the status did not queue before them
    assert window.showing_latest()


def test_showing_latest_is_false_from_a_change_until_the_visible_tab_has_loaded(
    window: Any, ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    window.tabs.setCurrentIndex(5)  # Activity marks itself fresh when its refresh starts
    wait_until(window.showing_latest)
    passes: list[tuple[str, float]] = []
    window.tabRefreshed.connect(lambda key, began: passes.append((key, began)))
    gate = threading.Event()
    ctrl.start(ctrl.run(gate.wait, 10))
    wait_until(lambda: ctrl.worker.busy)
    before = time.time()
    try:
        window._on_external()
        wait_until(lambda: not window.current_page().stale)  # its refresh has started...
        assert not window.showing_latest()  # ...but has not read the store yet
    finally:
        gate.set()
    wait_until(window.showing_latest)
    assert [key for key, _began in passes] == ["activity"]  # one pass, begun after the change
    assert passes[0][1] >= before


def test_a_change_noticed_while_a_tab_refreshes_leaves_it_to_refresh_again(
    window: Any, ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    """The tab reads, the user moves to another tab, a change is noticed before the read returns:
    the first tab must still know it is out of date, and refresh when it is shown again."""
    for index in (0, 1, 2):  # Overview, Projects, Inspector
        window.tabs.setCurrentIndex(index)
        page = window.current_page()
        wait_until(window.showing_latest)
        gate = threading.Event()
        ctrl.start(ctrl.run(gate.wait, 10))
        wait_until(lambda: ctrl.worker.busy)
        try:
            page.stale = True
            window.refresh_current()  # its read queues behind the busy store thread
            wait_until(lambda key=page.key: key in window._refreshing)
            window.tabs.setCurrentIndex(5)  # the user looks at Activity meanwhile
            window._mark_all_stale()  # a change is noticed before the read returns
        finally:
            gate.set()
        wait_until(lambda key=page.key: key not in window._refreshing)
        assert page.stale, page.key
        window.tabs.setCurrentIndex(index)
        wait_until(window.showing_latest)
        assert not page.stale

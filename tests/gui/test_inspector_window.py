"""The Inspector's sliding window of pages: bounded rows, keyset re-reads, selection kept by key."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtTest import QAbstractItemModelTester

from creative_memory.gui.itemmodels.preferences import PreferenceTableModel
from creative_memory.gui.tabs.inspector import view as inspector_view
from creative_memory.gui.tabs.inspector.view import InspectorTab
from creative_memory.services.demo import demo
from creative_memory.services.inspection.queries import PrefFilter

PAGE, PAGES = 50, 3  # a window of 150 rows over the S demo store's ~1000


def all_ids(ctrl: Any, order: str) -> list[int]:
    con = sqlite3.connect(str(ctrl.store.path))
    try:
        return [
            r[0]
            for r in con.execute(
                f"SELECT id FROM creative_memory_preferences WHERE user_id=? ORDER BY {order}", (ctrl.user,)
            )
        ]
    finally:
        con.close()


def ids(model: PreferenceTableModel) -> list[int]:
    return [r[0] for r in model.rows()]


@pytest.fixture
def small_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        inspector_view,
        "PreferenceTableModel",
        functools.partial(PreferenceTableModel, page_size=PAGE, window_pages=PAGES),
    )


@pytest.fixture
def tab(ctrl: Any, small_window: None) -> Iterator[InspectorTab]:
    demo.generate(ctrl.store, ctrl.user, size="S", seed=3, now=ctrl.now())
    t = InspectorTab(ctrl)
    t.archived_box.setChecked(True)
    t.resize(1000, 600)
    t.show()
    yield t
    if shiboken6.isValid(t):
        t.close()
        shiboken6.delete(t)


def settle(model: PreferenceTableModel, wait_until: Callable[..., None]) -> None:
    wait_until(lambda: not model.is_loading(), timeout=10.0)


def test_the_window_slides_both_ways_holding_a_contiguous_slice_and_never_more_than_its_size(
    ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    demo.generate(ctrl.store, ctrl.user, size="S", seed=3, now=ctrl.now())
    expected = all_ids(ctrl, "strength DESC, id DESC")
    assert len(expected) > 6 * PAGE
    model = PreferenceTableModel(ctrl, page_size=PAGE, window_pages=PAGES)
    tester = QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    most = [0]
    model.rowsInserted.connect(lambda *_a: most.__setitem__(0, max(most[0], model.rowCount())))
    assert run_async(model.reload())
    settle(model, wait_until)
    assert model.total == len(expected) and model.max_rows == PAGE * PAGES
    assert not model.can_fetch_previous()
    pages = 0
    while model.canFetchMore():
        model.fetchMore()
        settle(model, wait_until)
        pages += 1
        start = expected.index(ids(model)[0])
        assert ids(model) == expected[start : start + model.rowCount()]  # a slice of the order, no gap
        assert model.rowCount() <= model.max_rows and model.total == len(expected)
    assert pages >= len(expected) // PAGE - 1
    assert most[0] == model.max_rows  # full, never over
    assert ids(model) == expected[-model.max_rows :] and model.can_fetch_previous()
    # back to the top: the dropped rows are read again (the page before the window, by keyset)
    while model.can_fetch_previous():
        model.fetch_previous()
        settle(model, wait_until)
        start = expected.index(ids(model)[0])
        assert ids(model) == expected[start : start + model.rowCount()]
        assert model.rowCount() <= model.max_rows
    assert ids(model) == expected[: model.max_rows] and model.canFetchMore()
    del tester
    assert not ctrl.errors


def test_the_window_slides_in_a_text_filter_and_an_ascending_sort_too(
    ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    demo.generate(ctrl.store, ctrl.user, size="S", seed=3, now=ctrl.now())
    model = PreferenceTableModel(ctrl, page_size=20, window_pages=2, flt=PrefFilter(text="a"))
    model.set_sort("last_injected_at", False, reload=False)
    assert run_async(model.reload())
    settle(model, wait_until)
    seen: list[int] = ids(model)
    while model.canFetchMore():
        model.fetchMore()
        settle(model, wait_until)
        new = ids(model)
        seen += new[new.index(seen[-1]) + 1 :]
    assert len(seen) == model.total == len(set(seen))
    while model.can_fetch_previous():
        model.fetch_previous()
        settle(model, wait_until)
    assert ids(model) == seen[:40]


def test_selection_survives_scrolling_away_and_back(
    tab: InspectorTab, run_async: Any, wait_until: Any
) -> None:
    run_async(tab.refresh())
    model = tab.model
    sm = tab.table.selectionModel()
    sm.setCurrentIndex(
        model.index(3, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    sm.select(
        model.index(7, 0), QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    )
    keys = tab.selected_keys()
    current = tab.current_key()
    assert len(keys) == 2 and current == keys[0]
    # scroll down until both rows have left the window
    for _ in range(30):
        tab.table.scrollToBottom()
        settle(model, wait_until)
        if not model.rows_of_keys(set(keys)):
            break
    assert not model.rows_of_keys(set(keys)) and model.can_fetch_previous()
    assert model.rowCount() <= model.max_rows
    assert tab.selected_keys() == keys and tab.selected_count() == 2
    assert tab.count_label.text().endswith("2 selected")
    # a refresh (another process wrote) keeps them selected though they are not in the window
    top = model.key_at(0)
    run_async(tab.refresh())
    assert tab.selected_keys() == keys and model.key_at(0) == top
    # and back to the top: they are selected rows again, and the current row is back
    for _ in range(30):
        tab.table.scrollToTop()
        settle(model, wait_until)
        if not model.can_fetch_previous():
            break
    assert not model.can_fetch_previous()
    rows = model.rows_of_keys(set(keys))
    assert set(rows) == set(keys)
    assert sorted(i.row() for i in sm.selectedRows()) == sorted(rows.values())
    assert tab.current_key() == current and tab.selected_count() == 2


def test_a_new_selection_forgets_the_rows_selected_outside_the_window(
    tab: InspectorTab, run_async: Any, wait_until: Any
) -> None:
    run_async(tab.refresh())
    model = tab.model
    sm = tab.table.selectionModel()
    sm.setCurrentIndex(
        model.index(0, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    away = tab.selected_keys()
    for _ in range(30):
        tab.table.scrollToBottom()
        settle(model, wait_until)
        if not model.rows_of_keys(set(away)):
            break
    assert tab.selected_keys() == away
    row = model.rowCount() - 1
    sm.setCurrentIndex(
        model.index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )  # a click on another row
    assert tab.selected_keys() == [model.key_at(row)]
    tab.table.clearSelection()
    assert tab.selected_keys() == [] and tab.selected_count() == 0
    # a new filter starts at the top and keeps only what it shows
    tab.filter_edit.setText("zzz-nothing")
    tab.filter_edit.flush()
    settle(model, wait_until)
    assert model.total == 0 and tab.selected_keys() == []


def test_the_view_keeps_its_rows_on_screen_while_the_window_moves(
    tab: InspectorTab, run_async: Any, wait_until: Any
) -> None:
    run_async(tab.refresh())
    model = tab.model
    for _ in range(8):  # far enough that the window has dropped rows at the top
        tab.table.scrollToBottom()
        settle(model, wait_until)
    assert model.can_fetch_previous()
    bar = tab.table.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    shown = model.key_at(tab.table.rowAt(0))
    model.fetch_previous()  # PAGE rows added above the view (and PAGE dropped below)
    settle(model, wait_until)
    assert model.key_at(tab.table.rowAt(0)) == shown
    model.fetchMore()  # PAGE rows added below (and PAGE dropped above)
    settle(model, wait_until)
    assert model.key_at(tab.table.rowAt(0)) == shown


def test_the_detail_pane_is_read_when_the_walk_through_pages_stops(
    tab: InspectorTab, ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    """While a page is on its way (Ctrl+End or Page Down held) the current row is about to move
    again: its explanation is not read then, beside the page and the paint, but once the walk stops."""
    import threading

    run_async(tab.refresh())
    model = tab.model
    gate = threading.Event()
    ctrl.start(ctrl.run(gate.wait, 10))  # the store thread busy: the next page waits behind it
    tab.table.setCurrentIndex(model.index(model.rowCount() - 1, 0))
    model.fetchMore()
    assert model.fetching_page()
    read = tab.detail._detail_gen
    run_async(tab._load_detail())  # what the detail timer runs
    assert tab.detail._detail_gen == read and tab._detail_timer.isActive()  # put off: nothing read
    gate.set()
    settle(model, wait_until)
    assert not model.fetching_page()
    key = model.key_at(tab.table.currentIndex().row())
    wait_until(lambda: tab.detail.detail_key() == key)
    assert tab.detail._detail_gen > read

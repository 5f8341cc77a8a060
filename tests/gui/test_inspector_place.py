"""The Inspector keeps its place: after a sort, a typed filter, a facet, a forget and a live
refresh, the selection, the current row, the detail pane, the count and Forget agree, and a row
the filter hides is neither selected nor shown in the detail pane."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import shiboken6
from harness import event  # the fixtures (ctrl, seed, window, wait_until) come from conftest
from PySide6.QtCore import QPoint, Qt

from creative_memory.gui.dialogs.forget import plan_targets
from creative_memory.gui.itemmodels.preferences import PreferenceKey, PreferenceTableModel, column_of
from creative_memory.gui.tabs.inspector import view as inspector_view
from creative_memory.gui.tabs.inspector.view import InspectorTab
from creative_memory.services.forget import forgetting

AIRY = PreferenceKey("global", "spacing", "airy_spacing", "positive")
DENSE = PreferenceKey("global", "layout", "dense_grids", "positive")
GRID = PreferenceKey("global", "layout", "grid_rhythm", "positive")
NEON = PreferenceKey("global", "color", "neon_accents", "positive")


def strong(pattern: str, ptype: str, *, start: int, count: int) -> list[str]:
    return [
        event(
            start + i,
            pattern=pattern,
            ptype=ptype,
            signal="explicit_tag",
            tag="love this",
            session=f"s{start + i}",
        )
        for i in range(count)
    ]


@pytest.fixture
def tab(ctrl: Any, seed: Any, run_async: Any, wait_until: Any) -> Iterator[InspectorTab]:
    # different strengths (more evidence, more strength), so the sort orders differ
    seed(
        strong("airy_spacing", "spacing", start=1, count=2)
        + strong("dense_grids", "layout", start=20, count=5)
        + strong("grid_rhythm", "layout", start=40, count=3)
        + strong("neon_accents", "color", start=60, count=4)
    )
    t = InspectorTab(ctrl)
    t.resize(1200, 740)
    t.show()
    run_async(t.refresh())
    yield t
    if shiboken6.isValid(t):
        t.close()
        shiboken6.delete(t)


def settle(tab: InspectorTab, wait_until: Callable[..., None]) -> None:
    """Let reloads finish and the detail pane follow the current row."""
    wait_until(lambda: not tab.model.is_loading())
    wait_until(lambda: not tab._detail_timer.isActive() and tab.detail.detail_key() == tab.current_key())


def highlighted(tab: InspectorTab) -> list[PreferenceKey]:
    rows = sorted(i.row() for i in tab.table.selectionModel().selectedRows())
    return [k for k in (tab.model.key_at(r) for r in rows) if k is not None]


def shown(tab: InspectorTab) -> set[PreferenceKey]:
    return {k for k in (tab.model.key_at(r) for r in range(tab.model.rowCount())) if k is not None}


def assert_agree(tab: InspectorTab, selected: list[PreferenceKey], current: PreferenceKey | None) -> None:
    """What is selected, current, highlighted, in the detail pane, counted and forgettable agree."""
    assert set(tab.selected_keys()) == set(selected)
    assert set(highlighted(tab)) == set(selected)  # every row of this store fits in the window
    assert set(selected) <= shown(tab)
    assert tab.current_key() == current
    assert tab.detail.detail_key() == current
    assert current is None or current in shown(tab)
    if current is None:
        assert tab.detail.currentWidget() is tab.detail.detail_empty
    text = tab.count_label.text()
    if selected:
        assert text.endswith(f"· {len(selected)} selected"), text
    else:
        assert "selected" not in text, text
    assert tab.forget.forget_action.isEnabled() == bool(selected)
    assert tab.forget.block_action.isEnabled() == bool(selected)
    assert tab.whatif_action.isEnabled() == bool(selected)


def select(tab: InspectorTab, wait_until: Callable[..., None], *keys: PreferenceKey) -> None:
    assert tab.select_key(keys[0])
    sm = tab.table.selectionModel()
    for k in keys[1:]:
        row = tab.model.rows_of_keys({k})[k]
        sm.select(tab.model.index(row, 0), sm.SelectionFlag.Select | sm.SelectionFlag.Rows)
    settle(tab, wait_until)
    assert_agree(tab, list(keys), keys[0])


def header_click(qtbot: Any, tab: InspectorTab, column: int) -> None:
    header = tab.table.horizontalHeader()
    tab.table.scrollTo(tab.model.index(0, column))
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def test_sorting_keeps_the_selection_the_current_row_and_the_detail(
    tab: InspectorTab, qtbot: Any, wait_until: Any
) -> None:
    select(tab, wait_until, GRID, AIRY)
    order = [tab.model.key_at(r) for r in range(tab.model.rowCount())]
    header_click(qtbot, tab, column_of("preference"))
    wait_until(lambda: [tab.model.key_at(r) for r in range(tab.model.rowCount())] != order)
    settle(tab, wait_until)
    assert tab.model.sort_key == "pattern"
    assert_agree(tab, [GRID, AIRY], GRID)
    descending = tab.model.descending
    order = [tab.model.key_at(r) for r in range(tab.model.rowCount())]
    header_click(qtbot, tab, column_of("preference"))  # and the other way round
    wait_until(lambda: [tab.model.key_at(r) for r in range(tab.model.rowCount())] == order[::-1])
    assert tab.model.descending != descending
    settle(tab, wait_until)
    assert_agree(tab, [GRID, AIRY], GRID)
    current = tab.model.rows_of_keys({GRID})[GRID]
    assert tab.table.selectionModel().currentIndex().row() == current


def test_sorting_keeps_selected_rows_the_new_order_puts_outside_the_window(
    ctrl: Any, seed: Any, qtbot: Any, run_async: Any, wait_until: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 60 patterns, the later ones with more evidence; a window of 3 pages of 10 rows
    lines: list[str] = []
    for i in range(60):
        lines += strong(f"pattern_{i:02d}", "layout", start=1000 * i, count=2 + i // 3)
    seed(lines)
    monkeypatch.setattr(
        inspector_view,
        "PreferenceTableModel",
        functools.partial(PreferenceTableModel, page_size=10, window_pages=3),
    )
    t = InspectorTab(ctrl)
    try:
        t.resize(1200, 400)  # a few rows on screen: scrolling to the bottom reads the next page
        t.show()
        run_async(t.refresh())
        strongest = [t.model.key_at(r) for r in range(2)]
        assert all(k is not None and k.pattern >= "pattern_50" for k in strongest)
        select(t, wait_until, *[k for k in strongest if k])
        header_click(qtbot, t, column_of("preference"))
        wait_until(lambda: t.model.sort_key == "pattern")
        settle(t, wait_until)
        assert not t.model.descending and t.model.key_at(0).pattern == "pattern_00"  # type: ignore[union-attr]
        assert not highlighted(t)  # both are past the window now, and still selected
        assert set(t.selected_keys()) == set(strongest)
        assert t.current_key() == strongest[0] == t.detail.detail_key()
        assert t.count_label.text().endswith("· 2 selected")
        assert t.forget.forget_action.isEnabled() and t.whatif_action.isEnabled()
        # walking to them finds them selected, the first one current
        for _ in range(30):
            t.table.scrollToBottom()
            wait_until(lambda: not t.model.is_loading())
            if len(t.model.rows_of_keys(set(strongest))) == 2:
                break
        assert set(highlighted(t)) == set(strongest) and t.current_key() == strongest[0]
    finally:
        t.close()
        shiboken6.delete(t)


def test_typing_a_filter_drops_the_rows_it_hides_from_the_selection_and_the_detail(
    tab: InspectorTab, qtbot: Any, wait_until: Any
) -> None:
    select(tab, wait_until, DENSE, GRID)
    tab.filter_edit.setFocus()
    qtbot.keyClicks(tab.filter_edit, "rhythm")
    tab.filter_edit.flush()
    wait_until(lambda: shown(tab) == {GRID})
    settle(tab, wait_until)
    # the current row is hidden: the one still-selected row becomes current, the detail shows it
    assert_agree(tab, [GRID], GRID)
    tab.filter_edit.setText("zzz")
    tab.filter_edit.flush()
    wait_until(lambda: tab.model.total == 0)
    settle(tab, wait_until)
    assert_agree(tab, [], None)
    tab.filter_edit.setText("")
    tab.filter_edit.flush()
    wait_until(lambda: len(shown(tab)) == 4)
    settle(tab, wait_until)
    assert_agree(tab, [], None)  # what the filter hid is not selected again behind the person's back


def test_a_facet_drops_the_rows_it_hides_and_keeps_the_rest(tab: InspectorTab, wait_until: Any) -> None:
    select(tab, wait_until, NEON, DENSE)
    tab.type_combo.setCurrentIndex(tab.type_combo.findData("layout"))
    wait_until(lambda: shown(tab) == {DENSE, GRID})
    settle(tab, wait_until)
    assert_agree(tab, [DENSE], DENSE)
    tab.type_combo.setCurrentIndex(tab.type_combo.findData("spacing"))
    wait_until(lambda: shown(tab) == {AIRY})
    settle(tab, wait_until)
    assert_agree(tab, [], None)


def test_forgetting_with_a_facet_on_leaves_nothing_selected_that_is_gone(
    tab: InspectorTab, ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    tab.type_combo.setCurrentIndex(tab.type_combo.findData("layout"))
    wait_until(lambda: shown(tab) == {DENSE, GRID})
    settle(tab, wait_until)
    select(tab, wait_until, DENSE)
    task = ctrl.start(tab.forget_selected())
    wait_until(lambda: tab.forget.forget_dialog is not None and tab.forget.forget_dialog.isVisible())
    assert tab.forget.forget_dialog is not None
    tab.forget.forget_dialog.forget_button.click()
    wait_until(task.done)
    assert task.result() is not None
    assert tab.forget.receipt_dialog is not None
    tab.forget.receipt_dialog.close()
    wait_until(lambda: shown(tab) == {GRID})
    settle(tab, wait_until)
    assert tab.model.total == 1 and tab.count_label.text() == "1 preference"
    assert_agree(tab, [], None)
    # the person goes on from there: a click selects the row left, and Forget is there for it
    select(tab, wait_until, GRID)


def test_a_live_refresh_drops_a_selected_row_that_is_gone_and_keeps_the_others(
    tab: InspectorTab, ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    tab.type_combo.setCurrentIndex(tab.type_combo.findData("layout"))
    wait_until(lambda: shown(tab) == {DENSE, GRID})
    settle(tab, wait_until)
    select(tab, wait_until, DENSE, GRID)
    # another program forgets the current row; the window refreshes as it does on a change
    forgetting.forget(
        ctrl.store,
        ctrl.user,
        plan_targets([DENSE]),
        blocks=ctrl.ctx.blocks,
        actor=ctrl.ctx.actor,
        now=ctrl.now(),
    )
    run_async(tab.refresh())
    settle(tab, wait_until)
    assert shown(tab) == {GRID}
    assert_agree(tab, [GRID], GRID)
    forgetting.forget(
        ctrl.store,
        ctrl.user,
        plan_targets([GRID]),
        blocks=ctrl.ctx.blocks,
        actor=ctrl.ctx.actor,
        now=ctrl.now(),
    )
    run_async(tab.refresh())
    settle(tab, wait_until)
    assert tab.model.total == 0
    assert_agree(tab, [], None)
    assert not tab.detail.isVisible()

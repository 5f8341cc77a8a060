"""Every action on every tab and dialog is reachable from the keyboard.

The walk presses Tab (as a keyboard does: to whatever has the focus) round each tab of the window,
with every banner shown and something selected everywhere, so that every action is enabled; then
round every dialog. Every enabled interactive widget must get the focus at least once — a widget Tab
never reaches fails the test by name. Table actions are checked from the keyboard too: the Menu key
and Shift+F10 open a table's context menu at the current row, Ctrl+C copies, and Ctrl+F on a tab
without a search box says where to search.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from harness import event
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QRadioButton, QWidget
from walk import describe, keyboard_targets, tab_walk

from creative_memory.gui.dialogs.forget import ForgetDialog
from creative_memory.gui.dialogs.import_confirm import ImportConfirmDialog
from creative_memory.gui.dialogs.import_mode import ImportDialog
from creative_memory.gui.dialogs.passphrase import PassphraseDialog
from creative_memory.gui.dialogs.pause import PauseDialog
from creative_memory.gui.dialogs.progress import ProgressDialog
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.dialogs.reset import ResetDialog
from creative_memory.gui.dialogs.store import StoreDialog
from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab
from creative_memory.gui.tabs.inspector.view import InspectorTab
from creative_memory.gui.tabs.preview.view import PreviewTab
from creative_memory.model.constants import Actor, Origin
from creative_memory.services.controls import controls
from creative_memory.services.forget.erasure import Receipt, Target
from creative_memory.services.forget.forget_scope import ErasePlan, ScopeRow
from creative_memory.services.inspection.queries import ResetCounts
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.whereabouts import ListedStore
from creative_memory.services.transfer.importing import ImportPlan


def _every_banner(window: Any, ctrl: Any, run_async: Any) -> None:
    controls.pause(ctrl.store, ctrl.user, until=None, what="learning", actor=Actor.GUI, now=ctrl.now())
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=ctrl.now())
    run_async(ctrl.reload_status())
    window.store_info.keychain_fallback = True
    window._on_status(ctrl.status)
    window.demo_banner.show_message("warning", "Demo data — not your memory.", "&Back to my memory")


def _select_everything(page: Any, run_async: Any, wait_until: Any) -> None:
    """Make every action of ``page`` available: a row selected in each list, a filter set, a project."""
    if isinstance(page, InspectorTab):
        page.filter_edit.setText("airy")
        page.filter_edit.flush()
        wait_until(lambda: page.model.filter.text == "airy" and not page.model.is_loading())
        sm = page.table.selectionModel()
        sm.setCurrentIndex(page.model.index(0, 0), sm.SelectionFlag.ClearAndSelect | sm.SelectionFlag.Rows)
        wait_until(
            lambda: page.detail.detail_key() is not None and page.detail.events_view.topLevelItemCount() > 0
        )
        page.detail.events_view.setCurrentItem(page.detail.events_view.topLevelItem(0))
    elif isinstance(page, DiagnosticsTab):
        page.table.selectRow(0)
        wait_until(lambda: page.events_model.rowCount() > 0)
        page.events_view.selectRow(0)
        kept = page.findChild(QWidget, "kept_panel")
        wait_until(lambda: kept is not None and kept.isVisibleTo(page))
    elif isinstance(page, PreviewTab):
        page.project_combo.setCurrentIndex(page.project_combo.findData("p1"))
        wait_until(lambda: page.disabled_check.isEnabled())
    elif hasattr(page, "table") and page.table.model() is not None and page.table.model().rowCount():
        page.table.selectRow(0)


def _radio_group(button: QRadioButton) -> list[QRadioButton]:
    group = button.group()
    if group is not None:
        return [b for b in group.buttons() if isinstance(b, QRadioButton)]
    parent = button.parentWidget()
    return (
        [b for b in parent.findChildren(QRadioButton) if b.parentWidget() is parent] if parent else [button]
    )


def _arrows_reach(radios: list[QWidget], stops: list[QWidget]) -> list[QWidget]:
    """Tab stops once in a group of choices and the arrows move inside it: the members the arrow
    keys reach from the member Tab reached."""
    reached: list[QWidget] = []
    for r in radios:
        if r in reached or not isinstance(r, QRadioButton):
            continue
        group = _radio_group(r)
        entry = next((g for g in group if g in stops), None)
        if entry is None:
            continue
        entry.setFocus(Qt.FocusReason.TabFocusReason)
        for key in (Qt.Key.Key_Down,) * len(group) + (Qt.Key.Key_Up,) * len(group):
            QTest.keyClick(QApplication.focusWidget(), key)
            if QApplication.focusWidget() in group and QApplication.focusWidget() not in reached:
                reached.append(QApplication.focusWidget())
    return reached


def _walk_and_check(root: QWidget, start: QWidget, where: str) -> list[QWidget]:
    targets = keyboard_targets(root)
    start.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    stops = tab_walk(root, targets)
    by_arrows = _arrows_reach([t for t in targets if t not in stops], stops)
    missed = [describe(t) for t in targets if t not in stops and t not in by_arrows]
    assert missed == [], f"{where}: Tab never reaches {missed}"
    return stops


def test_tab_reaches_every_control_on_every_tab(
    window: Any, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    window.show()
    window.activateWindow()
    overview = window.pages[0]
    run_async(overview.refresh())  # an empty store: the Overview offers the demo store
    stops = [w.objectName() for w in _walk_and_check(window, window.tabs.tabBar(), "empty")]
    # in the order they are read: the memory card (its notes switch included), then the cards below
    assert stops[:5] == ["memory_switch", "pause_button", "memory_notes", "demo_button", "open_folder"]
    seed(
        [event(i, project="p1", session=f"s{i}") for i in range(1, 6)]
        + [event(10 + i, pattern="serif_headlines", ptype="typography", project="p2") for i in range(1, 6)]
    )
    retrieval.run(
        ctrl.store,
        retrieval.RetrievalRequest(ctrl.user, project_id="p1", now=ctrl.now(), origin=Origin.DAEMON),
    )
    _every_banner(window, ctrl, run_async)
    window.show()
    window.activateWindow()
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        run_async(page.refresh())
        _select_everything(page, run_async, wait_until)
        stops = _walk_and_check(window, window.tabs.tabBar(), page.key)
        assert len(stops) >= 5, page.key  # the banners' buttons and the tab's own controls


@pytest.fixture
def dialogs(tmp_path: Path) -> Iterator[list[QDialog]]:
    rows = [
        ScopeRow("layout", "airy_spacing", None, None, "positive", 1, 4),
        ScopeRow("layout", "airy_spacing", "p1", "Deck", "negative", 0, 2),
    ]
    receipt = Receipt(
        preferences=3,
        events_deleted=40,
        events_rewritten=0,
        diagnostics=2,
        verified=True,
        checkpointed=True,
        duration_ms=12.5,
    )
    store_rows = [
        ListedStore(
            data_dir=tmp_path / "a",
            route="packaged",
            channel="stable",
            namespace=None,
            size=1024,
            modified=0.0,
            daemon_tables=True,
        )
    ]
    made: list[QDialog] = [
        PauseDialog(now_ms=1_793_000_000_000),
        ResetDialog(
            counts=ResetCounts(preferences=3, events=9, retrievals=2), backup_path=tmp_path / "b.json"
        ),
        ForgetDialog(rows, [rows[0].key], ErasePlan(1, 1, 4), block=False),
        ImportDialog(path=tmp_path / "bundle.json"),
        PassphraseDialog(confirm=True),
        ReceiptDialog(receipt),
        ReceiptDialog(receipt, patterns=1, targets=[Target("layout", "airy_spacing")]),
        StoreDialog(None, store_rows, tmp_path / "a"),
        ImportConfirmDialog(
            None,
            name="bundle.json",
            user="local",
            plan=ImportPlan(
                "bundle", "merge", "bob", "local", False, 3, changes=["memory: on → off"], notes=["A note."]
            ),
        ),
        ProgressDialog(title="Work", text="Working…", cancellable=True, show_after_ms=0),
    ]
    yield made
    for d in made:
        if shiboken6.isValid(d):
            d.close()
            shiboken6.delete(d)


def test_tab_reaches_every_control_of_every_dialog(qtbot: Any, dialogs: list[QDialog]) -> None:
    for d in dialogs:
        d.show()
        d.activateWindow()
        first = next((w for w in keyboard_targets(d) if w.focusPolicy() & Qt.FocusPolicy.TabFocus), d)
        _walk_and_check(d, first, type(d).__name__)
        d.close()


def _menu_of(view: Any) -> QMenu:
    menu = getattr(view, "context_menu", None)
    assert isinstance(menu, QMenu) and menu.isVisible()
    return menu


def test_table_actions_open_from_the_menu_key_and_shift_f10_and_copy_copies(
    window: Any, ctrl: Any, seed: Any, run_async: Any, qtbot: Any, wait_until: Any
) -> None:
    seed([event(i, project="p1", session=f"s{i}") for i in range(1, 4)])
    window.show()
    window.activateWindow()
    inspector = next(p for p in window.pages if isinstance(p, InspectorTab))
    window.tabs.setCurrentWidget(inspector)
    run_async(inspector.refresh())
    inspector.filter_edit.setFocus()
    qtbot.keyClick(inspector.filter_edit, Qt.Key.Key_Down)  # into the table, on the first row
    assert QApplication.focusWidget() is inspector.table
    qtbot.keyClick(inspector.table, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    menu = _menu_of(inspector.table)
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == ["Forget…", "Forget and block…", "Preview as if forgotten", "&Copy"]
    assert menu.activeAction() is not None and menu.activeAction().text() == "Forget…"
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    wait_until(lambda: not shiboken6.isValid(menu) or not menu.isVisible())
    window.activateWindow()
    wait_until(lambda: window.isActiveWindow())
    inspector.table.setFocus()
    qtbot.keyClick(inspector.table, Qt.Key.Key_Menu)
    assert [a.text() for a in _menu_of(inspector.table).actions() if not a.isSeparator()] == texts
    _menu_of(inspector.table).close()

    QGuiApplication.clipboard().clear()
    inspector.table.setFocus()
    qtbot.keyClick(inspector.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    copied = QGuiApplication.clipboard().text()
    assert copied.split("\t")[:3] == ["Prefers airy spacing", "in project p1 only", "faint"]


def test_ctrl_f_on_a_tab_without_a_search_box_says_where_to_search(
    window: Any, qtbot: Any, run_async: Any
) -> None:
    for i in (0, 4):  # Overview, Preview
        window.tabs.setCurrentIndex(i)
        window.statusBar().clearMessage()
        qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
        assert "Ctrl+3 searches preferences" in window.statusBar().currentMessage(), i


def test_escape_clears_the_search_box_of_every_tab_that_has_one(
    window: Any, qtbot: Any, run_async: Any
) -> None:
    window.show()
    window.activateWindow()
    searched = 0
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        run_async(page.refresh())
        qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
        box = QApplication.focusWidget()
        if not page.focus_filter():
            continue
        searched += 1
        qtbot.keyClicks(box, "grid")
        assert box.text() == "grid", page.key
        qtbot.keyClick(box, Qt.Key.Key_Escape)
        assert box.text() == "", page.key
    assert searched == 4  # Projects, Inspector, Diagnostics, Activity

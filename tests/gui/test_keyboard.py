"""Keyboard everywhere and names for screen readers: unique mnemonics on every tab (with every banner
shown), Ctrl+F to each tab's search (Diagnostics included), Down/Enter from a filter into its table,
Tab out of a table, Escape clears; every interactive widget of every tab and dialog has a name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import event
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from walk import duplicates, unnamed

from creative_memory.gui.dialogs.forget import ForgetDialog
from creative_memory.gui.dialogs.import_mode import ImportDialog
from creative_memory.gui.dialogs.passphrase import PassphraseDialog
from creative_memory.gui.dialogs.pause import PauseDialog
from creative_memory.gui.dialogs.reset import ResetDialog
from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab
from creative_memory.gui.tabs.inspector.view import InspectorTab
from creative_memory.model.constants import Actor, Origin
from creative_memory.services.controls import controls
from creative_memory.services.forget.forget_scope import ErasePlan, ScopeRow
from creative_memory.services.inspection.queries import ResetCounts
from creative_memory.services.retrieval import retrieval


def _every_banner(window: Any, ctrl: Any, run_async: Any) -> None:
    controls.pause(ctrl.store, ctrl.user, until=None, what="learning", actor=Actor.GUI, now=ctrl.now())
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=ctrl.now())
    run_async(ctrl.reload_status())
    window.store_info.keychain_fallback = True
    window._on_status(ctrl.status)
    window.demo_banner.show_message("warning", "Demo data — not your memory.", "&Back to my memory")


def test_every_tab_has_unique_mnemonics_and_names_every_control(
    window: Any, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed([event(i, project="p1") for i in range(1, 6)])
    _every_banner(window, ctrl, run_async)
    assert window.banner.isVisible() and window.notice.isVisible()
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        run_async(page.refresh())
        assert duplicates(window.centralWidget()) == {}, page.key
        assert unnamed(window) == [], page.key


def _dialogs(tmp_path: Path) -> list[QWidget]:
    rows = [
        ScopeRow("layout", "airy_spacing", None, None, "positive", 1, 4),
        ScopeRow("layout", "airy_spacing", "p1", "Deck", "negative", 0, 2),
    ]
    return [
        PauseDialog(now_ms=1_793_000_000_000),
        ResetDialog(
            counts=ResetCounts(preferences=3, events=9, retrievals=2), backup_path=tmp_path / "b.json"
        ),
        ForgetDialog(rows, [rows[0].key], ErasePlan(1, 1, 4), block=False),
        ImportDialog(path=tmp_path / "bundle.json"),
        PassphraseDialog(confirm=True),
    ]


def test_every_dialog_names_every_control_and_has_unique_mnemonics(qtbot: Any, tmp_path: Path) -> None:
    for d in _dialogs(tmp_path):
        qtbot.addWidget(d)
        d.show()
        assert unnamed(d) == [], type(d).__name__
        assert duplicates(d) == {}, type(d).__name__
        d.close()


def test_destructive_dialogs_default_to_cancel_and_enter_resets_once_confirmed(
    qtbot: Any, tmp_path: Path
) -> None:
    d = ResetDialog(
        counts=ResetCounts(preferences=3, events=9, retrievals=2), backup_path=tmp_path / "b.json"
    )
    qtbot.addWidget(d)
    d.show()
    d.backup_check.setChecked(False)
    assert d.cancel_button.isDefault() and not d.reset_button.isEnabled()
    qtbot.keyClick(d.confirm_edit, Qt.Key.Key_Return)  # nothing typed: Enter does nothing
    assert d.result() == 0 and d.isVisible()
    qtbot.keyClicks(d.confirm_edit, "RESET")
    with qtbot.waitSignal(d.accepted, timeout=2000):
        qtbot.keyClick(d.confirm_edit, Qt.Key.Key_Return)
    rows = [ScopeRow("layout", "airy_spacing", None, None, "positive", 1, 4)]
    f = ForgetDialog(rows, [rows[0].key], ErasePlan(1, 1, 4), block=False)
    qtbot.addWidget(f)
    f.show()
    assert f.cancel_button.isDefault() and not f.forget_button.isDefault()
    assert f.forget_button.text() == "&Forget" and f.cancel_button.text() == "&Cancel"


def test_ctrl_f_goes_to_each_tabs_search_and_diagnostics_searches_by_pattern_and_project(
    window: Any, ctrl: Any, seed: Any, run_async: Any, qtbot: Any, wait_until: Any
) -> None:
    seed(
        [event(i, project="p1") for i in range(1, 6)]
        + [event(10 + i, pattern="serif_headlines", ptype="typography", project="p2") for i in range(1, 6)]
    )
    for project in ("p1", "p2"):
        retrieval.run(
            ctrl.store,
            retrieval.RetrievalRequest(ctrl.user, project_id=project, now=ctrl.now(), origin=Origin.DAEMON),
        )
    expected = {
        "projects": "filter_edit",
        "inspector": "filter_edit",
        "diagnostics": "search_edit",
        "activity": "filter_edit",
    }
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        run_async(page.refresh())
        if page.key in expected:
            qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
            assert QApplication.focusWidget() is getattr(page, expected[page.key]), page.key
    diagnostics = next(p for p in window.pages if isinstance(p, DiagnosticsTab))
    window.tabs.setCurrentWidget(diagnostics)
    run_async(diagnostics.refresh())
    assert diagnostics.model.rowCount() == 2
    qtbot.keyClicks(diagnostics.search_edit, "serif headlines")
    diagnostics.search_edit.flush()
    wait_until(lambda: diagnostics.model.rowCount() == 1)
    top = diagnostics.model.row_at(0)
    assert top is not None and top.project_id == "p2"
    # Down enters the list; Escape in the box clears the search.
    qtbot.keyClick(diagnostics.search_edit, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is diagnostics.table
    diagnostics.search_edit.setFocus()
    qtbot.keyClick(diagnostics.search_edit, Qt.Key.Key_Escape)
    wait_until(lambda: diagnostics.model.rowCount() == 2)


def test_down_and_enter_from_the_filter_enter_the_table_and_tab_leaves_it(
    window: Any, ctrl: Any, seed: Any, run_async: Any, qtbot: Any, wait_until: Any
) -> None:
    seed(
        [event(i) for i in range(1, 6)]
        + [event(10 + i, pattern="serif_headlines", ptype="typography") for i in range(1, 6)]
    )
    inspector = next(p for p in window.pages if isinstance(p, InspectorTab))
    window.tabs.setCurrentWidget(inspector)
    run_async(inspector.refresh())
    wait_until(lambda: inspector.model.rowCount() == 2)
    inspector.filter_edit.setFocus()
    qtbot.keyClick(inspector.filter_edit, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is inspector.table
    assert inspector.table.currentIndex().row() == 0
    qtbot.keyClick(inspector.table, Qt.Key.Key_Down)
    assert inspector.table.currentIndex().row() == 1  # arrows move inside the table
    qtbot.keyClick(inspector.table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not inspector.table  # Tab leaves it
    inspector.filter_edit.setFocus()
    qtbot.keyClicks(inspector.filter_edit, "serif")
    qtbot.keyClick(inspector.filter_edit, Qt.Key.Key_Return)
    wait_until(lambda: inspector.model.rowCount() == 1)
    wait_until(lambda: QApplication.focusWidget() is inspector.table)
    inspector.filter_edit.setFocus()
    qtbot.keyClick(inspector.filter_edit, Qt.Key.Key_Escape)
    assert inspector.filter_edit.text() == ""


@pytest.fixture(autouse=True)
def _no_demo_store_outside_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CM_DEMO_DIR", str(tmp_path / "demo"))

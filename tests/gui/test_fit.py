"""Every tab fits a 720 × 600 window on a realistic store: every control shown can be reached
(inside the window, or in a scroll area that scrolls to it), no button's words are cut, name
columns take the room their names need (up to a cap) and a cell whose text is cut has it whole as
its tooltip."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fit_check import (
    cut_cells_without_tooltip,
    hidden_switches,
    interactive_widgets,
    narrow_name_columns,
    squeezed,
    unreachable,
)
from harness import speaking
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableView

from creative_memory.gui.controller import Controller
from creative_memory.model.constants import Actor
from creative_memory.services.controls import controls
from creative_memory.services.demo import demo
from creative_memory.services.demo.demostore import show_everything
from creative_memory.services.forget import erasure, forgetting

#: names as a design studio gives them, one longer than any column should be
NAMES = {
    "p_brand_refresh": "Brand refresh — autumn campaign",
    "p_investor_deck": "Investor deck",
    "p_cafe_menu": "Café menu ☕",
    "p_portfolio_site": "Portfolio site",
    "p_product_launch": "Product launch: Halcyon smart kettle, landing page and social posts",
    "p_annual_report": "Annual report 2026",
    "p_wedding_invite": "Wedding invitation",
}

#: the columns that show names, per table: the project's name; the action and its outcome
NAME_COLUMNS = {"projects_table": {0}, "audit": {2, 4}}


@pytest.fixture
def store_ctrl(tmp_path: Path, daemon_store: ModuleType, request: pytest.FixtureRequest) -> Controller:
    """A controller over the daemon's file filled as the screenshots are, with named projects and
    an activity log."""
    folder = tmp_path / "data"
    folder.mkdir(parents=True)
    daemon_store.create(str(folder / "app.sqlite"))
    with sqlite3.connect(folder / "app.sqlite") as db:
        db.executemany(
            "INSERT INTO projects (id, name, created_at, updated_at) VALUES (?, ?, 0, 0)", NAMES.items()
        )
    ctrl: Controller = request.getfixturevalue("ctrl")
    now = ctrl.now()
    demo.generate(ctrl.store, ctrl.user, size="S", seed=7, now=now)
    show_everything(ctrl.store, ctrl.user, now)
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=now)
    controls.set_enabled(ctrl.store, ctrl.user, True, actor=Actor.CLI, now=now)
    controls.pause(ctrl.store, ctrl.user, until=None, what="learning", actor=Actor.GUI, now=now)
    controls.resume(ctrl.store, ctrl.user, what="learning", actor=Actor.GUI, now=now)
    controls.set_project(ctrl.store, ctrl.user, "p_cafe_menu", use_memory=False, actor=Actor.CLI, now=now)
    forgetting.forget(
        ctrl.store,
        ctrl.user,
        [erasure.Target("layout", "dense_grids")],
        blocks=ctrl.ctx.blocks,
        actor=Actor.GUI,
        now=now,
    )
    return ctrl


def _laid_out(window: Any, run_async: Callable[..., Any], width: int, height: int) -> None:
    window.resize(width, height)
    run_async(asyncio.sleep(0.1))
    assert (window.width(), window.height()) == (width, height), "the window cannot be this small"


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """English, or what ``creative-memory --lang de`` installs (removed again after the test)."""
    if request.param == "en":
        yield "en"
        return
    with speaking(qapp, "de"):
        yield "de"


@pytest.mark.parametrize("width, height", [(720, 600), (1100, 720)])
def test_every_tab_fits(
    language: str, store_ctrl: Controller, qtbot: Any, run_async: Callable[..., Any], width: int, height: int
) -> None:
    from creative_memory.gui.main_window import MainWindow
    from creative_memory.gui.settings import AppSettings

    window = MainWindow(store_ctrl, AppSettings())
    qtbot.addWidget(window)
    window.show()
    window.store_opened()
    _laid_out(window, run_async, width, height)
    problems: list[str] = []
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        run_async(page.refresh(), timeout=30)
        run_async(asyncio.sleep(0.3))
        shown = interactive_widgets(window)
        assert len(shown) >= 2, page.key
        for widget in shown:
            for problem in (unreachable(window, widget), squeezed(widget)):
                if problem:
                    problems.append(f"{page.key}: {problem}")
        for table in page.findChildren(QTableView):
            if not table.isVisibleTo(window) or table.model() is None:
                continue
            problems += [f"{page.key}: {p}" for p in cut_cells_without_tooltip(table)]
            problems += [f"{page.key}: {p}" for p in hidden_switches(table)]
            columns = NAME_COLUMNS.get(table.objectName())
            if columns:
                problems += [f"{page.key}: {p}" for p in narrow_name_columns(table, columns)]
    assert not problems, "\n".join(problems)


def test_activity_columns_fit_after_a_saved_state_with_cut_columns(
    ctrl: Controller, qtbot: Any, run_async: Callable[..., Any]
) -> None:
    """Widths saved by an older window (the action and the outcome cut to a few letters) do not
    come back: the columns are as wide as their words."""
    from PySide6.QtWidgets import QHeaderView

    from creative_memory.gui.settings import AppSettings
    from creative_memory.gui.tabs.activity.view import ActivityTab

    forgetting.forget(
        ctrl.store,
        ctrl.user,
        [erasure.Target("layout", "dense_grids")],
        blocks=ctrl.ctx.blocks,
        actor=Actor.GUI,
        now=ctrl.now(),
    )
    controls.set_project(
        ctrl.store, ctrl.user, "p_cafe_menu", use_memory=False, actor=Actor.CLI, now=ctrl.now()
    )
    old = ActivityTab(ctrl)
    qtbot.addWidget(old)
    header = old.table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    for column in (2, 4):
        header.resizeSection(column, 20)
    old.save_state()

    tab = ActivityTab(ctrl)
    qtbot.addWidget(tab)
    tab.resize(720, 500)
    tab.show()
    run_async(tab.refresh())
    run_async(asyncio.sleep(0.1))
    assert tab.model.rowCount() >= 2
    assert AppSettings().restore_header("activity", QHeaderView(Qt.Orientation.Horizontal))
    assert not narrow_name_columns(tab.table, NAME_COLUMNS["audit"])
    assert not cut_cells_without_tooltip(tab.table)

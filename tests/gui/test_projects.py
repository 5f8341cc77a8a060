"""The Projects tab over a store that also holds the daemon's own tables: rows from the daemon's
``projects`` table and from events, the two switches (written at once, seen by the CLI), filter,
sorting, selection kept across refreshes, revert on failure, read-only, the model tester, and
screenshots in light and dark palettes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import shiboken6
from harness import event
from PySide6.QtCore import QModelIndex, QPoint, Qt, qInstallMessageHandler
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import QApplication, QMessageBox

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.projects import COL, COLUMNS, ID_ROLE, ProjectsFilterProxy, ProjectsModel
from creative_memory.gui.tabs.projects.view import ProjectsTab
from creative_memory.services.common.errors import StoreLocked
from creative_memory.services.controls import controls
from creative_memory.services.controls.controls import ProjectRow
from creative_memory.services.retrieval import retrieval

REPO = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("CM_SHOTS_DIR") or tempfile.gettempdir()) / "cm-shots"
DAEMON_IDS = {"p_brand", "p_nda", "p_deck", "p_café"}


def cli(ctrl: Controller, tmp_path: Path, *args: str) -> Any:
    env = dict(os.environ)
    env.update(
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(tmp_path / "cli-config")
    )
    out = subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(ctrl.ctx.data_dir.path), *args],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def projects(ctrl: Controller) -> dict[str, ProjectRow]:
    return {r.id: r for r in controls.projects(ctrl.store, ctrl.user)}


@pytest.fixture
def daemon_ctrl(tmp_path: Path, daemon_store: ModuleType, request: pytest.FixtureRequest) -> Controller:
    """The harness controller over a data dir whose app.sqlite the daemon created first."""
    folder = tmp_path / "data"
    folder.mkdir(parents=True)
    daemon_store.create(str(folder / "app.sqlite"))
    c: Controller = request.getfixturevalue("ctrl")
    return c


@pytest.fixture
def make_tab() -> Iterator[Callable[[Controller], ProjectsTab]]:
    """Tabs are deleted on the GUI thread at teardown (never by a collection on the store thread)."""
    made: list[ProjectsTab] = []

    def make(c: Controller) -> ProjectsTab:
        t = ProjectsTab(c)
        t.resize(1000, 600)
        t.show()
        made.append(t)
        return t

    yield make
    for t in made:
        if shiboken6.isValid(t):
            t.close()
            shiboken6.delete(t)


@pytest.fixture
def tab(daemon_ctrl: Controller, seed: Any, make_tab: Any, run_async: Any) -> ProjectsTab:
    seed(
        [
            event(1, project="p_brand", pattern="airy_spacing"),
            event(2, project="p_brand", pattern="airy_spacing"),
            event(3, project="p_events_only", pattern="bold_type", ptype="typography"),
            event(4, pattern="muted_palette", ptype="color"),
        ]
    )
    t = make_tab(daemon_ctrl)
    run_async(t.refresh())
    return t


def cell(t: ProjectsTab, project_id: str, key: str) -> QModelIndex:
    row = t.model.row_of(project_id)
    return t.proxy.mapFromSource(t.model.index(row, COL[key]))


def error_boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


# --------------------------------------------------------------------------- rows
def test_rows_come_from_the_daemon_table_and_from_events(tab: ProjectsTab) -> None:
    ids = set(tab.visible_ids())
    assert ids == DAEMON_IDS | {"p_events_only"}
    brand = tab.model.project(tab.model.row_of("p_brand"))
    assert brand.name == "Brand refresh — Q3" and brand.in_daemon and brand.events == 2
    assert cell(tab, "p_brand", "name").data() == "Brand refresh — Q3"
    assert cell(tab, "p_café", "name").data() == "Café menu ☕"
    only = cell(tab, "p_events_only", "name")
    assert only.data() == "(known from events only)"
    assert "events only" in only.data(Qt.ItemDataRole.ToolTipRole)
    assert cell(tab, "p_brand", "last_activity").data() != "—"
    assert cell(tab, "p_deck", "last_activity").data() == "—"
    assert cell(tab, "p_brand", "use_memory").data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert tab.count_label.text() == "5 project(s)"
    assert tab.stack.currentWidget() is tab.table


def test_preference_count_is_the_project_scoped_one(
    daemon_ctrl: Controller, seed: Any, make_tab: Any, run_async: Any
) -> None:
    seed([event(i, project="p_deck", pattern="grid_layout", session=f"s{i}") for i in range(1, 6)])
    t = make_tab(daemon_ctrl)
    run_async(t.refresh())
    expected = projects(daemon_ctrl)["p_deck"].preferences
    assert expected > 0
    assert cell(t, "p_deck", "preferences").data() == str(expected)


def test_an_empty_store_shows_the_empty_state(ctrl: Controller, make_tab: Any, run_async: Any) -> None:
    t = make_tab(ctrl)
    run_async(t.refresh())
    assert t.stack.currentWidget() is t.empty
    assert "No projects yet" in t.empty.text()
    assert not t.empty.actionButton().isVisible()


# --------------------------------------------------------------------------- switches
def test_toggling_use_memory_writes_it_and_the_cli_sees_it(
    tab: ProjectsTab, daemon_ctrl: Controller, wait_until: Any, tmp_path: Path
) -> None:
    assert tab.toggle("p_nda", "use_memory", False)
    # Optimistic: the cell changes at once.
    assert cell(tab, "p_nda", "use_memory").data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    wait_until(lambda: not projects(daemon_ctrl)["p_nda"].use_memory and tab.pending_writes == 0)
    row = projects(daemon_ctrl)["p_nda"]
    assert row.learn_from_project, "only the one switch changed"
    listed = {r["id"]: r for r in cli(daemon_ctrl, tmp_path, "project", "list", "--json")}
    assert listed["p_nda"]["use_memory"] is False and listed["p_nda"]["learn_from_project"] is True
    assert (
        "p_nda" in controls.status(daemon_ctrl.store, daemon_ctrl.user, daemon_ctrl.now()).projects_disabled
    )
    assert not error_boxes()


def test_space_on_the_global_memory_cell_keeps_global_preferences_out_of_the_project(
    tab: ProjectsTab, daemon_ctrl: Controller, seed: Any, wait_until: Any, qtbot: Any
) -> None:
    # "Use global memory in this project" off: the project's own preference is still injected,
    # the global one is not; the project's other switches are untouched.
    seed(
        [event(10 + i, pattern="muted_palette", ptype="color", session=f"g{i}") for i in range(5)]
        + [event(20 + i, project="p_brand", pattern="airy_spacing", session=f"b{i}") for i in range(5)]
    )

    def block() -> str:
        now = daemon_ctrl.now()
        return retrieval.run(
            daemon_ctrl.store,
            retrieval.RetrievalRequest(daemon_ctrl.user, project_id="p_brand", now=now, dry_run=True),
        ).block

    assert "muted palette" in block() and "airy spacing" in block()
    index = cell(tab, "p_brand", "use_global_memory")
    tab.table.setFocus()
    tab.table.setCurrentIndex(index)
    qtbot.keyClick(tab.table.viewport(), Qt.Key.Key_Space)
    wait_until(lambda: not projects(daemon_ctrl)["p_brand"].use_global_memory and tab.pending_writes == 0)
    row = projects(daemon_ctrl)["p_brand"]
    assert row.use_memory and row.learn_from_project
    assert "muted palette" not in block() and "airy spacing" in block()
    assert not error_boxes()


def test_space_on_the_learn_cell_switches_learning_off_and_on(
    tab: ProjectsTab, daemon_ctrl: Controller, wait_until: Any, qtbot: Any, tmp_path: Path
) -> None:
    index = cell(tab, "p_events_only", "learn_from_project")
    tab.table.setFocus()
    tab.table.setCurrentIndex(index)
    qtbot.keyClick(tab.table.viewport(), Qt.Key.Key_Space)
    wait_until(lambda: not projects(daemon_ctrl)["p_events_only"].learn_from_project)
    wait_until(lambda: tab.pending_writes == 0)
    assert projects(daemon_ctrl)["p_events_only"].use_memory
    listed = {r["id"]: r for r in cli(daemon_ctrl, tmp_path, "--json", "project", "list")}
    assert listed["p_events_only"]["learn_from_project"] is False

    tab.table.setCurrentIndex(cell(tab, "p_events_only", "learn_from_project"))
    qtbot.keyClick(tab.table.viewport(), Qt.Key.Key_Space)
    wait_until(lambda: projects(daemon_ctrl)["p_events_only"].learn_from_project)


def test_clicking_the_check_box_toggles(
    tab: ProjectsTab, daemon_ctrl: Controller, wait_until: Any, qtbot: Any
) -> None:
    index = cell(tab, "p_deck", "use_memory")
    rect = tab.table.visualRect(index)
    # The check indicator sits at the start of the cell.
    pos = QPoint(
        rect.left() + tab.table.style().pixelMetric(tab.table.style().PixelMetric.PM_IndicatorWidth) // 2 + 4,
        rect.center().y(),
    )
    qtbot.mouseClick(tab.table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    wait_until(lambda: not projects(daemon_ctrl)["p_deck"].use_memory)


def test_a_failed_write_puts_the_switch_back_and_says_so(
    tab: ProjectsTab, daemon_ctrl: Controller, wait_until: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def locked(*_a: Any, **_k: Any) -> Any:
        raise StoreLocked("The store is busy (Open Design is writing); try again in a moment.")

    monkeypatch.setattr(controls, "set_project", locked)
    tab.toggle("p_brand", "use_memory", False)
    assert cell(tab, "p_brand", "use_memory").data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    wait_until(
        lambda: (
            cell(tab, "p_brand", "use_memory").data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        )
    )
    wait_until(lambda: any("put back" in b.text() and "busy" in b.informativeText() for b in error_boxes()))
    for box in error_boxes():
        box.close()
    monkeypatch.undo()
    assert projects(daemon_ctrl)["p_brand"].use_memory


def test_read_only_removes_the_check_boxes(tab: ProjectsTab) -> None:
    tab.set_read_only(True)
    index = cell(tab, "p_brand", "use_memory")
    assert not (index.flags() & Qt.ItemFlag.ItemIsUserCheckable)
    assert not tab.model.setData(
        tab.proxy.mapToSource(index), Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole
    )
    assert "read-only" in tab.table.toolTip()
    tab.set_read_only(False)
    assert cell(tab, "p_brand", "use_memory").flags() & Qt.ItemFlag.ItemIsUserCheckable


# --------------------------------------------------------------------------- filter, sort, selection
def test_filter_narrows_by_name_or_id_and_ctrl_f_focuses_it(tab: ProjectsTab, qtbot: Any) -> None:
    assert tab.focus_filter() and tab.filter_edit.hasFocus()
    qtbot.keyClicks(tab.filter_edit, "brand")
    tab.filter_edit.flush()
    assert tab.visible_ids() == ["p_brand"]
    assert tab.count_label.text() == "1 of 5 projects"

    tab.filter_edit.clear()
    qtbot.keyClicks(tab.filter_edit, "MENU")  # a name word, any case
    tab.filter_edit.flush()
    assert tab.visible_ids() == ["p_café"]

    tab.filter_edit.clear()
    qtbot.keyClicks(tab.filter_edit, "events_only")  # an id
    tab.filter_edit.flush()
    assert tab.visible_ids() == ["p_events_only"]

    tab.filter_edit.clear()
    qtbot.keyClicks(tab.filter_edit, "known events")  # the placeholder of unnamed rows is not a name
    tab.filter_edit.flush()
    assert tab.visible_ids() == []

    tab.filter_edit.clear()
    qtbot.keyClicks(tab.filter_edit, "zzz")
    tab.filter_edit.flush()
    assert tab.visible_ids() == [] and tab.stack.currentWidget() is tab.empty
    assert "zzz" in tab.empty.text()
    tab.empty.actionButton().click()  # "Clear the filter"
    assert len(tab.visible_ids()) == 5 and tab.stack.currentWidget() is tab.table


def test_sorting_by_preferences_and_by_name(tab: ProjectsTab) -> None:
    tab.table.sortByColumn(COL["name"], Qt.SortOrder.AscendingOrder)
    names = [tab.proxy.index(r, COL["name"]).data() for r in range(tab.proxy.rowCount())]
    named = [n for n in names if not n.startswith("(")]
    assert names[: len(named)] == sorted(named, key=str.casefold), "named projects first, by name"
    assert names[-1] == "(known from events only)"
    tab.table.sortByColumn(COL["id"], Qt.SortOrder.DescendingOrder)
    assert tab.visible_ids() == sorted(tab.visible_ids(), key=str.casefold, reverse=True)
    tab.table.sortByColumn(COL["preferences"], Qt.SortOrder.DescendingOrder)
    counts = [int(tab.proxy.index(r, COL["preferences"]).data()) for r in range(tab.proxy.rowCount())]
    assert counts == sorted(counts, reverse=True)


def test_refresh_keeps_the_selection_and_adds_new_projects(
    tab: ProjectsTab, seed: Any, run_async: Any
) -> None:
    assert tab.select_project("p_deck")
    before = tab.model.rowCount()
    seed([event(50, project="p_new", pattern="airy_spacing")])
    run_async(tab.refresh())
    assert tab.model.rowCount() == before + 1
    assert tab.selected_project() == "p_deck"
    assert "p_new" in tab.visible_ids()


# --------------------------------------------------------------------------- the model
def rows(n: int, *, prefix: str = "p") -> list[ProjectRow]:
    return [
        ProjectRow(
            id=f"{prefix}{i}",
            name=f"Project {i}" if i % 2 else None,
            use_memory=bool(i % 3),
            use_global_memory=True,
            learn_from_project=True,
            preferences=i,
            events=i * 2,
            last_activity=f"2026-11-{10 + i:02d}T09:00:00.000Z" if i % 4 else None,
            in_daemon=bool(i % 2),
        )
        for i in range(n)
    ]


def test_model_passes_the_item_model_tester_through_changes(qtbot: Any) -> None:
    messages: list[str] = []
    previous = qInstallMessageHandler(lambda _mode, _context, message: messages.append(message))
    try:
        model = ProjectsModel()
        proxy = ProjectsFilterProxy()
        proxy.setSourceModel(model)
        mode = QAbstractItemModelTester.FailureReportingMode.Warning
        testers = [QAbstractItemModelTester(model, mode), QAbstractItemModelTester(proxy, mode)]
        proxy.sort(COL["preferences"], Qt.SortOrder.DescendingOrder)
        model.set_rows(rows(6))
        model.set_rows(rows(9))  # appended
        model.set_rows([r for r in rows(9) if r.id not in ("p1", "p2", "p5")])  # removed, in runs
        changed = rows(9)
        changed[3].use_memory = not changed[3].use_memory
        model.set_rows(changed)  # changed in place, the removed ones back
        proxy.set_filter_text("project 3")
        proxy.set_filter_text("")
        model.setData(
            model.index(0, COL["use_memory"]), Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole
        )
        model.set_read_only(True)
        model.set_rows([])
        assert model.rowCount() == 0
        del testers
    finally:
        qInstallMessageHandler(previous)
    problems = [m for m in messages if "FAIL" in m or "modeltest" in m.lower()]
    assert not problems, problems


def test_a_refresh_that_changes_many_rows_says_so_once(qtbot: Any) -> None:
    """Under a writer most projects' counts change at every refresh: one dataChanged for the span
    of changed rows, not one per row (each made the sorting proxy re-sort and the view lay out)."""
    model = ProjectsModel()
    proxy = ProjectsFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(COL["preferences"], Qt.SortOrder.DescendingOrder)
    model.set_rows(rows(20))
    spans: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda a, b, *_r: spans.append((a.row(), b.row())))
    changed = rows(20)
    for i in (3, 11, 17):
        changed[i].preferences += 100
    model.set_rows(changed)
    assert spans == [(3, 17)]
    assert [proxy.index(i, COL["id"]).data(ID_ROLE) for i in range(3)] == ["p17", "p11", "p3"]
    model.set_rows(changed)  # nothing changed: nothing said
    assert spans == [(3, 17)]


def test_a_refresh_of_counts_alone_leaves_the_other_columns_out(qtbot: Any) -> None:
    """Counts alone changed: the signal covers the count columns only, so a proxy sorted by name
    keeps its order without re-sorting, and one sorted by preferences still re-sorts; any other
    change covers every column."""
    model = ProjectsModel()
    by_name, by_count = ProjectsFilterProxy(), ProjectsFilterProxy()
    for proxy in (by_name, by_count):
        proxy.setSourceModel(model)
    by_name.sort(COL["name"], Qt.SortOrder.AscendingOrder)
    by_count.sort(COL["preferences"], Qt.SortOrder.DescendingOrder)
    model.set_rows(rows(8))
    names = [by_name.index(i, COL["id"]).data(ID_ROLE) for i in range(8)]
    spans: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(lambda a, b, *_r: spans.append((a.row(), a.column(), b.row(), b.column())))
    changed = rows(8)
    changed[2].preferences += 100
    changed[5].events += 3
    changed[5].last_activity = "2026-11-27T10:00:00Z"
    model.set_rows(changed)
    last = len(COLUMNS) - 1
    assert spans == [(2, COL["preferences"], 5, last)]
    assert [by_name.index(i, COL["id"]).data(ID_ROLE) for i in range(8)] == names
    assert by_count.index(0, COL["id"]).data(ID_ROLE) == "p2"
    assert by_count.index(0, COL["preferences"]).data() == model.index(2, COL["preferences"]).data()
    changed = rows(8)
    changed[4].use_memory = not changed[4].use_memory
    model.set_rows(changed)
    assert spans[-1] == (2, 0, 5, last)  # rows 2 and 5 back to their counts, row 4's switch


def test_model_check_state_round_trip_and_signal(qtbot: Any) -> None:
    model = ProjectsModel()
    model.set_rows(rows(3))
    index = model.index(1, COL["learn_from_project"])
    with qtbot.waitSignal(model.toggleRequested, timeout=1000) as blocker:
        assert model.setData(index, Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
    assert blocker.args == ["p1", "learn_from_project", False]
    assert index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert index.data(ID_ROLE) == "p1"
    assert not model.setData(index, "nonsense", Qt.ItemDataRole.CheckStateRole)
    assert not model.setData(
        model.index(1, COL["name"]), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole
    )
    assert model.set_flag("p1", "learn_from_project", True)
    assert index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked


# --------------------------------------------------------------------------- accessibility, screenshots
def test_controls_have_names_and_tooltips(tab: ProjectsTab) -> None:
    for widget in (tab.filter_edit, tab.table):
        assert widget.accessibleName() and widget.toolTip()
    header = tab.model
    for col in range(header.columnCount()):
        assert header.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert (
        cell(tab, "p_brand", "use_memory").data(Qt.ItemDataRole.AccessibleTextRole)
        == "Use this project's memory: on"
    )
    assert cell(tab, "p_brand", "use_global_memory").data(Qt.ItemDataRole.AccessibleTextRole) == (
        "Use global memory in this project: on"
    )


@pytest.mark.slow
def test_screenshots_light_and_dark_with_demo_data(
    daemon_ctrl: Controller, make_tab: Any, run_async: Any, qapp: Any, qtbot: Any, wait_until: Any
) -> None:
    from creative_memory.gui.theme import apply_scheme
    from creative_memory.services.demo import demo

    run_async(
        daemon_ctrl.run(
            demo.generate, daemon_ctrl.store, daemon_ctrl.user, size="S", seed=7, now=daemon_ctrl.now()
        ),
        timeout=120,
    )
    t = make_tab(daemon_ctrl)
    t.resize(1100, 700)
    run_async(t.refresh())
    assert t.toggle("p_nda", "use_memory", False)
    assert cell(t, "p_nda", "use_memory").data() == "Off"
    wait_until(lambda: t.pending_writes == 0 and not projects(daemon_ctrl)["p_nda"].use_memory)
    assert cell(t, "p_nda", "use_memory").data() == "Off"
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for dark in (False, True):
            apply_scheme(qapp, dark=dark)
            qtbot.wait(50)
            header = t.table.horizontalHeader()
            # No header title is cut off, and ids fit their column.
            for col in range(1, t.model.columnCount()):
                title = t.model.headerData(col, Qt.Orientation.Horizontal)
                widest_line = max(header.fontMetrics().horizontalAdvance(line) for line in title.split("\n"))
                assert header.sectionSize(col) >= widest_line, title
            widest = max(t.table.fontMetrics().horizontalAdvance(i) for i in t.visible_ids())
            assert header.sectionSize(COL["id"]) >= widest
            image = t.grab().toImage()
            assert image.save(str(SHOTS / f"projects-{'dark' if dark else 'light'}.png"))
            corner = image.pixelColor(QPoint(3, 3))
            assert (corner.lightnessF() < 0.5) == dark
    finally:
        apply_scheme(qapp, dark=False)

"""The Activity tab over a real store: the audit log with actors, the SQL filter, keyset paging,
export, fingerprints instead of forgotten text, Ctrl+F, and screenshots.

Screenshots go to ``$CM_SHOTS_DIR`` (default: ``cm-shots`` in the system temp folder).
"""

from __future__ import annotations

import asyncio
import csv
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import pytest
from harness import event, speaking
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt

from creative_memory.gui.itemmodels.audit import AuditModel
from creative_memory.gui.tabs.activity.view import ActivityTab
from creative_memory.gui.theme import apply_scheme
from creative_memory.model.constants import Actor
from creative_memory.services.controls import audit, controls
from creative_memory.services.forget import erasure, forgetting

SHOTS = Path(os.environ.get("CM_SHOTS_DIR") or tempfile.gettempdir()) / "cm-shots"


@pytest.fixture
def tab(ctrl: Any, qtbot: Any) -> ActivityTab:
    t = ActivityTab(ctrl)
    qtbot.addWidget(t)
    t.resize(1000, 600)
    t.show()
    return t


def cells(tab: ActivityTab) -> list[list[str]]:
    m = tab.model
    return [[m.index(r, c).data() for c in range(m.columnCount())] for r in range(m.rowCount())]


def stored(ctrl: Any, text: str | None = None) -> list[dict[str, Any]]:
    with ctrl.store.read() as session:
        return [e.as_json() for e in audit.entries(session, ctrl.user, limit=1_000_000, text=text)]


def test_control_actions_appear_with_their_actor_newest_first(
    tab: ActivityTab, ctrl: Any, run_async: Any
) -> None:
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=ctrl.now())
    controls.set_enabled(ctrl.store, ctrl.user, True, actor=Actor.CLI, now=ctrl.now())
    controls.set_project(ctrl.store, ctrl.user, "p7", use_memory=False, actor=Actor.CLI, now=ctrl.now())
    run_async(tab.refresh())
    headers = [tab.model.headerData(i, Qt.Orientation.Horizontal) for i in range(tab.model.columnCount())]
    assert headers == ["Time", "Who", "Action", "Target", "Outcome"]
    rows = cells(tab)
    assert [r[1:] for r in rows] == [
        ["od-memory (command line)", "project switches", "project p7: its own memory off", "ok"],
        ["od-memory (command line)", "switch memory on", "memory", "ok"],
        ["Creative Memory Studio", "switch memory off", "memory", "ok"],
    ]
    assert all(len(r[0]) == 19 for r in rows)  # local "yyyy-MM-dd HH:mm:ss"
    assert tab.count_label.text() == "3 entries"

    # A live refresh adds new entries at the top and keeps the selected one selected.
    tab.table.selectRow(2)
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=ctrl.now())
    run_async(tab.refresh())
    assert [r[2] for r in cells(tab)] == [
        "switch memory off",
        "project switches",
        "switch memory on",
        "switch memory off",
    ]
    selected = tab.table.selectionModel().selectedRows()
    assert [i.row() for i in selected] == [3]


def test_filter_narrows_in_sql(
    tab: ActivityTab, ctrl: Any, run_async: Any, qtbot: Any, wait_until: Any
) -> None:
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=ctrl.now())
    controls.set_enabled(ctrl.store, ctrl.user, True, actor=Actor.CLI, now=ctrl.now())
    controls.set_project(ctrl.store, ctrl.user, "p7", use_memory=False, actor=Actor.CLI, now=ctrl.now())
    run_async(tab.refresh())
    assert tab.model.rowCount() == 3

    qtbot.keyClicks(tab.filter_edit, "disable")  # typed, applied after the pause
    wait_until(lambda: tab.model.rowCount() == 1)
    assert cells(tab)[0][1:3] == ["Creative Memory Studio", "switch memory off"]

    tab.filter_edit.setText("p7")
    run_async(tab.apply_filter())
    assert [r[3] for r in cells(tab)] == ["project p7: its own memory off"]

    tab.filter_edit.setText("cli")
    run_async(tab.apply_filter())
    assert [r[1] for r in cells(tab)] == ["od-memory (command line)"] * 2

    tab.filter_edit.setText("nothing like this")
    run_async(tab.apply_filter())
    assert tab.model.rowCount() == 0 and tab.stack.currentWidget() is tab.empty
    assert "No activity matches" in tab.empty.text()
    tab.empty.actionButton().click()  # "Clear filter"
    wait_until(lambda: tab.model.rowCount() == 3)
    assert tab.filter_edit.text() == ""


def _filtered(tab: ActivityTab, run_async: Any, text: str) -> list[list[str]]:
    tab.filter_edit.setText(text)
    run_async(tab.apply_filter())
    return cells(tab)


def test_filter_matches_the_words_shown_not_only_the_codes_stored(
    tab: ActivityTab, ctrl: Any, run_async: Any, qapp: Any, seed: Any
) -> None:
    """The log stores codes (``forget+block``, ``host``, ``p7: use_memory=off``, ``fp:…``); the
    table shows words. A person filters by the words they read, in their language, and the
    export writes what the filter shows."""
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.HOST, now=ctrl.now())
    controls.set_project(ctrl.store, ctrl.user, "p7", use_memory=False, actor=Actor.CLI, now=ctrl.now())
    seed([event(i, pattern="muted_palette", at_ms=ctrl.now() - 60_000 + i) for i in range(2)])
    forgetting.forget(
        ctrl.store,
        ctrl.user,
        [erasure.Target("layout", "muted_palette")],
        blocks=ctrl.ctx.blocks,
        block=True,
        actor=Actor.GUI,
        now=ctrl.now(),
    )
    run_async(tab.refresh())
    assert tab.model.rowCount() == 3
    tab.model.project_names = {"p7": "Brand refresh"}  # Open Design's name of the project

    assert [r[2] for r in _filtered(tab, run_async, "forget and block")] == ["forget and block"]
    assert [r[1] for r in _filtered(tab, run_async, "open design")] == ["Open Design"]
    assert [r[3] for r in _filtered(tab, run_async, "brand")] == ["Brand refresh: its own memory off"]
    assert [r[3] for r in _filtered(tab, run_async, "its own memory")] == [
        "Brand refresh: its own memory off"
    ]
    found = _filtered(tab, run_async, "forgotten pattern")
    assert len(found) == 1 and found[0][3].startswith("a forgotten pattern (fingerprint")
    # LIKE's wildcards are letters here: "%" and "_" match only themselves
    assert _filtered(tab, run_async, "%") == []
    assert _filtered(tab, run_async, "use_memory") != []  # the stored code, as typed
    assert _filtered(tab, run_async, "use%memory") == []

    target = Path(tempfile.mkdtemp()) / "activity.json"
    tab.filter_edit.setText("forget and block")
    run_async(tab.apply_filter())
    assert run_async(tab.export_to(target, "json")) == 1
    assert [e["action"] for e in json.loads(target.read_text())] == ["forget+block"]

    with speaking(qapp, "de"):
        assert [r[2] for r in _filtered(tab, run_async, "vergessen und sperren")] == ["vergessen und sperren"]
        assert [r[1] for r in _filtered(tab, run_async, "gedächtnis ausgeschaltet")] == ["Open Design"]


def test_export_csv_and_json_with_mode_0600(
    tab: ActivityTab, ctrl: Any, run_async: Any, tmp_path: Path
) -> None:
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=ctrl.now())
    controls.set_enabled(ctrl.store, ctrl.user, True, actor=Actor.CLI, now=ctrl.now())
    run_async(tab.refresh())

    path = tmp_path / "activity.csv"
    assert run_async(tab.export_to(path, "csv")) == 2
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["actor"], r["action"], r["target"], r["outcome"]) for r in rows] == [
        ("cli", "enable", "memory", "ok"),
        ("gui", "disable", "memory", "ok"),
    ]
    assert [int(r["id"]) for r in rows] == [e["id"] for e in stored(ctrl)]

    tab.filter_edit.setText("gui")
    run_async(tab.apply_filter())
    path = tmp_path / "gui.json"
    assert run_async(tab.export_to(path, "json")) == 1
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == stored(ctrl, "gui")
    assert "Exported 1 entries" in tab.message.text()


def test_forgotten_patterns_appear_only_as_fingerprints(
    tab: ActivityTab, ctrl: Any, seed: Any, run_async: Any, tmp_path: Path
) -> None:
    seed(
        [event(i, pattern="secret_moodboard", project="p1", at_ms=ctrl.now() - 60_000 + i) for i in range(3)]
    )
    forgetting.forget(
        ctrl.store,
        ctrl.user,
        [erasure.Target("layout", "secret_moodboard")],
        blocks=ctrl.ctx.blocks,
        actor=Actor.GUI,
        now=ctrl.now(),
    )
    run_async(tab.refresh())
    rows = cells(tab)
    forget = [r for r in rows if r[2] == "forget"]
    assert len(forget) == 1
    assert forget[0][1] == "Creative Memory Studio" and forget[0][3].startswith(
        "a forgotten pattern (fingerprint "
    )
    for row in rows:
        for text in row:
            assert "secret" not in text and "moodboard" not in text
    target_tip = tab.model.index(rows.index(forget[0]), 3).data(Qt.ItemDataRole.ToolTipRole)
    assert "fingerprint" in target_tip
    path = tmp_path / "a.json"
    run_async(tab.export_to(path, "json"))
    assert "moodboard" not in path.read_text(encoding="utf-8")


def test_paging_reaches_every_entry(tab: ActivityTab, ctrl: Any, run_async: Any, wait_until: Any) -> None:
    for i in range(230):
        controls.set_enabled(
            ctrl.store, ctrl.user, bool(i % 2), actor=Actor.CLI if i % 3 else Actor.GUI, now=ctrl.now()
        )
    every = [e["id"] for e in stored(ctrl)]
    assert len(every) == 230
    run_async(tab.refresh())
    assert tab.model.rowCount() == 200 and tab.model.canFetchMore(QModelIndex())
    assert "scroll down for more" in tab.count_label.text()
    tab.table.scrollToBottom()  # the view asks for the next page
    wait_until(lambda: tab.model.rowCount() == 230)
    assert [tab.model.row_at(i).id for i in range(230)] == every  # type: ignore[union-attr]
    assert not tab.model.canFetchMore(QModelIndex())
    # A filter pages too, from the top.
    tab.filter_edit.setText("gui")
    run_async(tab.apply_filter())
    assert tab.model.rowCount() == len(stored(ctrl, "gui"))


def test_audit_model_passes_the_item_model_tester(
    ctrl: Any, run_async: Any, qtmodeltester: Any, wait_until: Any
) -> None:
    for i in range(7):
        controls.set_enabled(ctrl.store, ctrl.user, bool(i % 2), actor=Actor.CLI, now=ctrl.now())
    model = AuditModel(ctrl)
    model.page_size = 3  # several pages with a handful of rows
    qtmodeltester.check(model, force_py=True)
    run_async(model.reload())
    assert model.rowCount() == 3 and model.canFetchMore(QModelIndex())
    while model.canFetchMore(QModelIndex()):
        model.fetchMore(QModelIndex())
        wait_until(lambda: not model.is_fetching())
    every = [e["id"] for e in stored(ctrl)]
    assert [model.row_at(i).id for i in range(model.rowCount())] == every  # type: ignore[union-attr]
    assert all(isinstance(r, audit.AuditEntry) for r in model.rows)
    assert model.index(0, 0).data(Qt.ItemDataRole.UserRole) == every[0]
    controls.set_enabled(ctrl.store, ctrl.user, True, actor=Actor.GUI, now=ctrl.now())
    run_async(model.reload())  # as many rows as were loaded, the new entry at the top
    assert model.rowCount() == 7 and model.index(0, 1).data() == "Creative Memory Studio"
    assert [model.row_at(i).id for i in range(1, 7)] == every[:6]  # type: ignore[union-attr]


def test_ctrl_f_focuses_the_filter_box(window: Any, qtbot: Any, run_async: Any) -> None:
    index = next(i for i, p in enumerate(window.pages) if p.key == "activity")
    run_async(asyncio.sleep(0.2))  # let the window's first refresh finish on the loop
    window.tabs.setCurrentIndex(index)
    page = window.pages[index]
    run_async(page.refresh())
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(page.filter_edit.hasFocus, timeout=2000)


def test_screenshots_light_and_dark(ctrl: Any, qtbot: Any, qapp: Any, seed: Any, run_async: Any) -> None:
    from creative_memory.services.demo import demo

    demo.generate(ctrl.store, ctrl.user, size="S", seed=3, now=ctrl.now())
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=ctrl.now())
    controls.set_enabled(ctrl.store, ctrl.user, True, actor=Actor.CLI, now=ctrl.now())
    controls.pause(ctrl.store, ctrl.user, until=None, what="learning", actor=Actor.GUI, now=ctrl.now())
    controls.resume(ctrl.store, ctrl.user, what="learning", actor=Actor.GUI, now=ctrl.now())
    for pid in ("p_cafe_menu", "p_brand_refresh"):
        controls.set_project(ctrl.store, ctrl.user, pid, use_memory=False, actor=Actor.CLI, now=ctrl.now())
    forgetting.forget(
        ctrl.store,
        ctrl.user,
        [erasure.Target("layout", "dense_grids")],
        blocks=ctrl.ctx.blocks,
        actor=Actor.GUI,
        now=ctrl.now(),
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab = ActivityTab(ctrl)
    qtbot.addWidget(tab)
    tab.resize(1200, 600)
    tab.show()
    try:
        for dark in (False, True):
            apply_scheme(qapp, dark=dark)
            run_async(tab.refresh())
            tab.table.selectionModel().select(
                tab.model.index(1, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
            )
            run_async(asyncio.sleep(0.1))
            image = tab.grab().toImage()
            assert not image.isNull() and tab.model.rowCount() == 7
            assert image.save(str(SHOTS / f"activity-{'dark' if dark else 'light'}.png"))
        apply_scheme(qapp, dark=False)
        tab.filter_edit.setText("no such entry")
        run_async(tab.apply_filter())
        assert tab.grab().save(str(SHOTS / "activity-empty-light.png"))
    finally:
        apply_scheme(qapp, dark=False)

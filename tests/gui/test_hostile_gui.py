"""Untrusted text in the window, and the one question before a file is replaced."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from harness import event
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from creative_memory.gui.itemmodels.projects import COL
from creative_memory.gui.tabs.overview.view import OverviewTab
from creative_memory.gui.tabs.preview.view import PreviewTab
from creative_memory.gui.tabs.projects.view import ProjectsTab
from creative_memory.gui.visible import copied_message
from creative_memory.model.inert import FSI, PDI

FIXTURE_MEMORY = Path(__file__).resolve().parents[1] / "fixtures" / "od-data-dir" / "memory"
EVIL = "abc\u202edcba.exe"


def test_a_project_name_with_a_right_to_left_override_reads_as_written(
    ctrl: Any, seed: Any, qtbot: Any, run_async: Any
) -> None:
    seed([event(1, project="p_evil")])
    con = sqlite3.connect(ctrl.ctx.data_dir.store)
    con.execute("CREATE TABLE IF NOT EXISTS projects (id TEXT PRIMARY KEY, name TEXT)")
    con.execute("INSERT INTO projects VALUES ('p_evil', ?)", (EVIL + "\x1b[2J",))
    con.commit()
    con.close()
    tab = ProjectsTab(ctrl)
    qtbot.addWidget(tab)
    run_async(tab.refresh())
    shown = tab.model.index(tab.model.row_of("p_evil"), COL["name"]).data()
    assert shown == f"{FSI}abc[RLO]dcba.exe[ESC][2J{PDI}"  # the override is named, not obeyed
    assert "\u202e" not in shown and "\x1b" not in shown


def test_preview_copy_is_exact_and_warns_about_control_characters(
    ctrl: Any, seed: Any, qtbot: Any, run_async: Any
) -> None:
    memory = ctrl.ctx.data_dir.path / "memory"
    shutil.copytree(FIXTURE_MEMORY, memory)
    profile = memory / "user_profile.md"
    profile.write_text(profile.read_text() + "\nPrefers \x1b]52;c;aGk=\x07 teal and \u202e.\n")
    seed([event(1)])
    tab = PreviewTab(ctrl)
    qtbot.addWidget(tab)
    run_async(tab.refresh())
    preview = tab.current_preview
    assert preview is not None
    if "\x1b" not in preview.text:
        pytest.skip("the Personal memory reader drops this entry's control characters itself")
    QApplication.clipboard().clear()
    tab.copy_button.click()
    assert QApplication.clipboard().text() == preview.text  # exactly what the model gets
    assert "\x1b" not in tab.text_view.toPlainText() and "[ESC]]52;c;aGk=[BEL]" in tab.text_view.toPlainText()
    assert "control or direction characters" in tab.status_label.text()


def test_copied_message_warns_only_when_needed() -> None:
    assert "control" not in copied_message("## Creative memory\n- airy spacing\n")
    assert "control or direction characters" in copied_message("a\x1b[2Jb")
    assert "control or direction characters" in copied_message("a\u202eb")


def _answer(button: str) -> None:
    def click() -> None:
        for w in QApplication.topLevelWidgets():
            if isinstance(w, QMessageBox) and w.objectName() == "replace_file_dialog" and w.isVisible():
                if button == "replace":
                    w.findChild(type(w.buttons()[0]), "replace_button").click()
                else:
                    w.button(QMessageBox.StandardButton.Cancel).click()
                return
        QTimer.singleShot(20, click)

    QTimer.singleShot(20, click)


def test_export_asks_before_replacing_a_file(
    ctrl: Any, seed: Any, qtbot: Any, run_async: Any, tmp_path: Path
) -> None:
    seed([event(1), event(2)])
    tab = OverviewTab(ctrl)
    qtbot.addWidget(tab)
    target = tmp_path / "backup.json"
    target.write_text("precious")
    _answer("cancel")
    assert run_async(tab.export_to(target)) is None
    assert target.read_text() == "precious"
    _answer("replace")
    result = run_async(tab.export_to(target))
    assert result is not None and result.events == 2
    assert target.read_text().startswith("{")
    store_file = ctrl.ctx.data_dir.store
    before = store_file.read_bytes()[:100]
    assert run_async(tab.export_to(store_file)) is None  # the store itself: refused, never asked
    assert store_file.read_bytes()[:100] == before
    for w in QApplication.topLevelWidgets():
        if isinstance(w, QMessageBox) and w.isVisible():
            assert "database" in w.informativeText() + w.text() or "data folder" in w.informativeText()
            w.close()


# ---------------------------------------------------------------- the window always ends
def _gui(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    tmp = tmp_path / "tmp"
    tmp.mkdir(exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TMPDIR": str(tmp), "CM_OFFSCREEN_DEADLINE_S": "60"}
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.gui.app", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("case", ["target_is_a_file", "corrupt_store", "blank"])
def test_screenshot_errors_end_the_run_with_a_sentence_and_no_temporary_folder(
    tmp_path: Path, case: str
) -> None:
    if case == "target_is_a_file":
        target = tmp_path / "shots"
        target.write_text("not a folder")
        r = _gui(tmp_path, "--screenshot", str(target))
        assert "is a file, not a folder" in r.stderr
    elif case == "corrupt_store":
        data = tmp_path / "od"
        data.mkdir()
        (data / "app.sqlite").write_bytes(b"this is not a database" * 100)
        r = _gui(tmp_path, "--screenshot", str(tmp_path / "out"), "--data-dir", str(data))
    else:
        r = _gui(tmp_path, "--screenshot", "  ")
        assert "--screenshot is empty" in r.stderr
    assert r.returncode not in (0, None), r.stderr
    assert "Traceback" not in r.stderr
    assert [ln for ln in r.stderr.splitlines() if ln.startswith("creative-memory: ")], r.stderr
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_run_whose_output_is_gone_still_ends(tmp_path: Path) -> None:
    """An offscreen run whose standard output and error lead nowhere (the script that started it
    has ended) ends with an error code: the sentence it cannot write, or the deadline's, kept it
    from ending, and the window then waited for ever with the store open."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TMPDIR": str(tmp), "CM_OFFSCREEN_DEADLINE_S": "20"}
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody reads: every write fails (a broken pipe)
    try:
        p = subprocess.Popen(
            [sys.executable, "-m", "creative_memory.gui.app", "--self-test"],
            stdin=subprocess.DEVNULL, stdout=write_end, stderr=write_end, env=env,
        )  # fmt: skip
    finally:
        os.close(write_end)
    try:
        code = p.wait(timeout=120)  # a guard against a hang, not a measure: the deadline is 20 s
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert code not in (0, None)


# ---------------------------------------------------------------- forget one polarity
def test_the_inspector_can_forget_one_polarity_and_keep_the_other(
    ctrl: Any, seed: Any, qtbot: Any, run_async: Any, wait_until: Any
) -> None:
    from PySide6.QtCore import Qt

    from creative_memory.gui.itemmodels.preferences import PreferenceKey
    from creative_memory.gui.tabs.inspector.view import InspectorTab
    from creative_memory.services.inspection import queries

    seed(
        [event(i, pattern="dense_grids", signal="thumbs_up", session=f"s{i}") for i in range(1, 4)]
        + [
            event(i, pattern="dense_grids", polarity="negative", signal="thumbs_down", session=f"s{i}")
            for i in range(10, 14)
        ]
    )
    tab = InspectorTab(ctrl)
    qtbot.addWidget(tab)
    tab.resize(1000, 600)
    tab.show()
    run_async(tab.refresh())
    assert tab.select_key(PreferenceKey("global", "layout", "dense_grids", "negative"))
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
    wait_until(lambda: tab.forget.forget_dialog is not None and tab.forget.forget_dialog.isVisible())
    dialog = tab.forget.forget_dialog
    # The whole pattern is ticked, the selected (avoid) row first (decision 0108); narrowed to one
    # polarity, like `od-memory forget --polarity`, by unticking the other.
    texts = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert texts[0] == "dense grids (layout) — global, avoid: 1 preference, 4 events"
    assert all(dialog.list.item(i).checkState() == Qt.CheckState.Checked for i in range(dialog.list.count()))
    for i in range(1, dialog.list.count()):
        dialog.list.item(i).setCheckState(Qt.CheckState.Unchecked)
    wait_until(lambda: dialog.plan.preferences == 1 and dialog.forget_button.isEnabled())
    dialog.forget_button.click()
    wait_until(lambda: tab.forget.receipt_dialog is not None and tab.forget.receipt_dialog.isVisible())
    tab.forget.receipt_dialog.close()
    with ctrl.store.read() as session:
        left = {(p.pattern, p.polarity) for p in queries.inspect(session, ctrl.user)}
    assert ("dense_grids", "positive") in left and ("dense_grids", "negative") not in left

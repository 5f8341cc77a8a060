"""The Overview tab over real stores: switch, pause/resume, self-test, export/import, reset, demo,
read-only, and screenshots in light and dark palettes."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from harness import event, open_controller
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QMessageBox, QWidget

from creative_memory.gui.controller import Controller
from creative_memory.gui.tabs.overview.text import state_sentence
from creative_memory.gui.tabs.overview.view import OverviewTab
from creative_memory.model.constants import Actor, Origin
from creative_memory.model.tables import ALEMBIC_VERSION_TABLE
from creative_memory.services.controls import controls
from creative_memory.services.controls.status import MemoryStatus, StatusCounts, UntilResumed
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import crypto

REPO = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("CM_SHOTS_DIR") or tempfile.gettempdir()) / "cm-shots"
HOUR = 3_600_000


# --------------------------------------------------------------------------- helpers
def cli(ctrl: Controller, tmp_path: Path, *args: str) -> Any:
    """Run ``od-memory --json --data-dir <the tab's store> ARGS`` in a separate process."""
    env = dict(os.environ)
    env.update(
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(tmp_path / "cli-config")
    )
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "creative_memory.cli.main",
            "--json",
            "--data-dir",
            str(ctrl.ctx.data_dir.path),
            *args,
        ],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def from_iso(text: str) -> int:
    return round(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


def sql_count(ctrl: Controller, table: str) -> int:
    con = sqlite3.connect(ctrl.store.path)
    try:
        return int(con.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        con.close()


def status(ctrl: Controller) -> MemoryStatus:
    return controls.status(ctrl.store, ctrl.user, ctrl.now())


@pytest.fixture
def fresh_ctrl(qloop: Any, run_async: Callable[..., Any], tmp_path: Path) -> Iterator[Controller]:
    """A second controller over a second, empty store (the "other machine")."""
    yield from open_controller(qloop, run_async, tmp_path / "other")


@pytest.fixture
def make_tab() -> Iterator[Callable[[Controller], OverviewTab]]:
    """Build tabs; at teardown they are closed and deleted here, on the GUI thread (never left to a
    garbage collection that might run on the store thread)."""
    made: list[OverviewTab] = []

    def make(c: Controller) -> OverviewTab:
        t = OverviewTab(c)
        made.append(t)
        return t

    yield make
    for t in made:
        if shiboken6.isValid(t):
            t.close()
            shiboken6.delete(t)


@pytest.fixture
def tab(
    ctrl: Controller, make_tab: Callable[[Controller], OverviewTab], run_async: Callable[..., Any]
) -> OverviewTab:
    t = make_tab(ctrl)
    t.resize(1100, 760)
    t.show()
    run_async(t.refresh())
    return t


def some_events(n: int = 6) -> list[str]:
    lines = []
    for i in range(n):
        lines.append(event(i, pattern="airy_spacing", project="p_brand" if i % 2 else None))
        lines.append(event(100 + i, pattern="serif_headings", ptype="typography", session="s2"))
    return lines


def error_boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def close_error_boxes() -> None:
    for box in error_boxes():
        box.close()


# --------------------------------------------------------------------------- switch
def test_switch_turns_memory_off_and_on_and_the_cli_sees_it(
    tab: OverviewTab, ctrl: Controller, qtbot: Any, wait_until: Any, tmp_path: Path
) -> None:
    assert tab.switch.isChecked() and tab.switch.accessibleName() == "Creative memory"
    assert "learning from your reactions" in tab.state_label.text()

    qtbot.mouseClick(tab.switch, Qt.MouseButton.LeftButton)  # anywhere on the switch
    wait_until(lambda: not status(ctrl).enabled)
    wait_until(lambda: tab.switch.isEnabled() and tab.state_label.text().startswith("Off"))
    assert not tab.switch.isChecked()
    assert cli(ctrl, tmp_path, "status")["enabled"] is False

    tab.switch.setFocus()
    qtbot.keyClick(tab.switch, Qt.Key.Key_Space)  # keyboard works too
    wait_until(lambda: status(ctrl).enabled)
    assert cli(ctrl, tmp_path, "status")["enabled"] is True
    assert not ctrl.errors  # type: ignore[attr-defined]


def test_switch_follows_changes_made_elsewhere(tab: OverviewTab, ctrl: Controller, run_async: Any) -> None:
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.CLI, now=ctrl.now())
    run_async(ctrl.reload_status())  # what the live poll does on an external change
    assert not tab.switch.isChecked()


# --------------------------------------------------------------------------- pause / resume
def open_pause(tab: OverviewTab, wait_until: Any) -> Any:
    tab.pause_button.click()
    wait_until(
        lambda: tab.memory_actions.pause_dialog is not None and tab.memory_actions.pause_dialog.isVisible()
    )
    return tab.memory_actions.pause_dialog


def test_pause_for_one_hour_then_resume(tab: OverviewTab, ctrl: Controller, wait_until: Any) -> None:
    dialog = open_pause(tab, wait_until)
    before = ctrl.now()
    dialog.set_preset("hour")
    dialog.ok_button().click()
    wait_until(lambda: status(ctrl).learning_paused and status(ctrl).using_paused)
    st = status(ctrl)
    for end_text in (st.learning_paused_until, st.using_paused_until):
        end = from_iso(end_text)
        assert abs(end - (before + HOUR)) < 60_000, (end_text, before)
    assert st.paused_until_resumed == UntilResumed()
    wait_until(lambda: tab.resume_button.isVisible())
    wait_until(lambda: tab.state_label.text().startswith("Paused — learning and using — until"))

    tab.resume_button.click()
    wait_until(lambda: not status(ctrl).learning_paused and not status(ctrl).using_paused)
    wait_until(lambda: not tab.resume_button.isVisible())


def test_pause_until_i_resume(tab: OverviewTab, ctrl: Controller, wait_until: Any) -> None:
    dialog = open_pause(tab, wait_until)
    dialog.set_preset("resume")
    dialog.ok_button().click()
    wait_until(lambda: status(ctrl).paused_until_resumed == UntilResumed(learning=True, using=True))
    wait_until(lambda: "until you resume" in tab.state_label.text())


def test_pause_learning_only_until_tomorrow(tab: OverviewTab, ctrl: Controller, wait_until: Any) -> None:
    dialog = open_pause(tab, wait_until)
    dialog.set_preset("tomorrow")
    dialog.set_what("learning")
    expected = dialog.choice().until
    dialog.ok_button().click()
    wait_until(lambda: status(ctrl).learning_paused)
    st = status(ctrl)
    assert not st.using_paused
    assert from_iso(st.learning_paused_until) == expected
    wait_until(lambda: "learning is paused" in tab.state_label.text())


def test_cancelling_the_pause_dialog_changes_nothing(
    tab: OverviewTab, ctrl: Controller, wait_until: Any
) -> None:
    dialog = open_pause(tab, wait_until)
    dialog.reject()
    wait_until(lambda: tab.memory_actions.pause_dialog is None)
    st = status(ctrl)
    assert not st.learning_paused and not st.using_paused


def test_state_sentence_names_each_state() -> None:
    assert state_sentence(MemoryStatus("local", enabled=False)).startswith("Off")
    both = MemoryStatus(
        "local",
        learning_paused_until="2026-11-24T09:00:00.000Z",
        using_paused_until="2026-11-24T09:00:00.000Z",
        learning_paused=True,
        using_paused=True,
    )
    assert "learning and using" in state_sentence(both) and "Nov" in state_sentence(both)
    using = MemoryStatus("local", using_paused_until="2026-11-24T09:00:00.000Z", using_paused=True)
    assert "using is paused" in state_sentence(using)


# --------------------------------------------------------------------------- counts, store, keychain
def test_counts_store_location_and_keychain_line(
    tab: OverviewTab, ctrl: Controller, seed: Any, run_async: Any
) -> None:
    assert tab.empty_hint.isVisible(), "an empty store offers demo data"
    seed(some_events(6))
    run_async(tab.refresh())
    st = status(ctrl)
    assert tab.count_labels["events"].text() == str(st.counts.events) == "12"
    assert tab.count_labels["preferences"].text() == str(st.counts.preferences)
    assert "never" in tab.count_labels["last_retrieval"].text()
    assert "2026" in tab.count_labels["last_event"].text()
    assert not tab.empty_hint.isVisible()
    assert tab.location_label.toolTip() == str(ctrl.ctx.data_dir.path)
    assert tab.rule_label.text() == "chosen with --data-dir"
    assert tab.keychain_label.text() == ctrl.ctx.secrets.status().detail
    assert "No system keychain" in tab.keychain_label.text()


# --------------------------------------------------------------------------- self-test
def test_self_test_button_shows_every_check_passing(tab: OverviewTab, wait_until: Any, qtbot: Any) -> None:
    qtbot.mouseClick(tab.selftest_button, Qt.MouseButton.LeftButton)
    wait_until(lambda: bool(tab.check_marks()), timeout=20)
    names = [name for name, _ok in tab.check_marks()]
    assert {"baseline", "memory_off", "using_paused", "project_disabled", "settings_unchanged"} <= set(names)
    assert all(ok for _name, ok in tab.check_marks())
    marks = [tab.selftest_results.findChild(QLabel, f"check_mark_{i}") for i in range(len(names))]
    assert [m.text() for m in marks] == ["✓"] * len(names)
    assert tab.selftest_summary.text().startswith("✓ All")
    assert tab.selftest_results.isVisible()
    # The recorded retrievals show in the counts at once.
    wait_until(lambda: tab.count_labels["retrievals"].text() != "0")


# --------------------------------------------------------------------------- export / import
@pytest.mark.parametrize("passphrase", [None, "correct horse battery"])
def test_export_then_merge_import_into_a_fresh_store_restores_the_counts(
    tab: OverviewTab,
    ctrl: Controller,
    fresh_ctrl: Controller,
    seed: Any,
    run_async: Any,
    tmp_path: Path,
    make_tab: Any,
    passphrase: str | None,
) -> None:
    seed(some_events(8))
    before = status(ctrl).counts
    target = tmp_path / "export.json"
    result = run_async(tab.export_to(target, passphrase))
    assert result is not None and result.path == target and result.encrypted == (passphrase is not None)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert crypto.is_encrypted(target.read_bytes()) == (passphrase is not None)
    assert "Exported 16 events" in tab.transfer_result.text()

    other = make_tab(fresh_ctrl)
    run_async(other.refresh())
    imported = run_async(other.import_from(target, "merge", passphrase), timeout=30)
    assert imported is not None and imported.events == before.events
    after = status(fresh_ctrl).counts
    assert (after.events, after.preferences) == (before.events, before.preferences)
    assert other.count_labels["events"].text() == str(before.events)

    # Importing the same file again skips every event (merge is idempotent).
    again = run_async(other.import_from(target, "merge", passphrase), timeout=30)
    assert again is not None and again.events == 0 and again.skipped == before.events


def test_an_encrypted_import_with_the_wrong_passphrase_says_so_and_changes_nothing(
    tab: OverviewTab,
    fresh_ctrl: Controller,
    seed: Any,
    run_async: Any,
    tmp_path: Path,
    make_tab: Any,
    wait_until: Any,
) -> None:
    seed(some_events(3))
    target = tmp_path / "secret.json"
    assert run_async(tab.export_to(target, "right passphrase")) is not None
    other = make_tab(fresh_ctrl)
    assert run_async(other.import_from(target, "merge", "wrong passphrase"), timeout=30) is None
    wait_until(lambda: any("passphrase is wrong" in b.informativeText() for b in error_boxes()))
    close_error_boxes()
    assert status(fresh_ctrl).counts.events == 0


def test_import_reads_the_file_and_its_passphrase_before_asking_merge_or_replace(
    tab: OverviewTab,
    ctrl: Controller,
    fresh_ctrl: Controller,
    seed: Any,
    run_async: Any,
    tmp_path: Path,
    make_tab: Any,
    wait_until: Any,
    qtbot: Any,
) -> None:
    seed(some_events(3))
    target = tmp_path / "secret.json"
    assert run_async(tab.export_to(target, "right passphrase")) is not None
    other = make_tab(fresh_ctrl)
    other.resize(1100, 760)
    other.show()
    run_async(other.refresh())
    actions = other.transfer_actions
    task = fresh_ctrl.start(actions.import_asked(target), name="test-import")
    # first the passphrase: how to apply the file is not asked before the file is open
    wait_until(lambda: actions.passphrase_dialog is not None and actions.passphrase_dialog.isVisible())
    ask = actions.passphrase_dialog
    assert ask is not None and actions.import_dialog is None
    field_height = ask.passphrase_edit.height()
    qtbot.keyClicks(ask.passphrase_edit, "wrong passphrase")
    qtbot.keyClick(ask.passphrase_edit, Qt.Key.Key_Return)
    # a wrong passphrase asks for the passphrase again, with a sentence, and nothing else
    wait_until(lambda: ask.isVisible() and ask.problem.isVisible(), timeout=30)
    assert "does not open secret.json" in ask.problem.text()
    assert actions.import_dialog is None and not error_boxes() and not task.done()
    assert ask.passphrase_edit.height() == field_height  # the sentence did not squash the field
    assert ask.passphrase_edit.selectedText() == "wrong passphrase"
    qtbot.keyClicks(ask.passphrase_edit, "right passphrase")
    qtbot.keyClick(ask.passphrase_edit, Qt.Key.Key_Return)
    # then what the file holds, and merge or replace
    wait_until(lambda: actions.import_dialog is not None and actions.import_dialog.isVisible(), timeout=30)
    dialog = actions.import_dialog
    assert dialog is not None and actions.passphrase_dialog is None
    holds = dialog.holds_label.text()
    assert holds.startswith("secret.json holds 6 events of the memory of user local, exported ")
    assert holds.endswith("It is encrypted; the passphrase opened it.")
    assert dialog.mode() == "merge"
    dialog.buttons.accepted.emit()
    wait_until(task.done, timeout=30)
    result = task.result()
    assert result is not None and result.events == 6
    assert status(fresh_ctrl).counts.events == 6
    assert not error_boxes()


def test_an_import_that_is_not_a_bundle_says_so_before_asking_anything(
    fresh_ctrl: Controller, run_async: Any, tmp_path: Path, make_tab: Any, wait_until: Any
) -> None:
    broken = tmp_path / "notes.json"
    broken.write_text("{not json")
    other = make_tab(fresh_ctrl)
    run_async(other.refresh())
    assert run_async(other.transfer_actions.import_asked(broken)) is None
    wait_until(lambda: any("not a JSON file" in b.informativeText() for b in error_boxes()))
    close_error_boxes()
    assert other.transfer_actions.import_dialog is None


def test_cancelling_the_passphrase_of_an_import_changes_nothing(
    tab: OverviewTab,
    fresh_ctrl: Controller,
    seed: Any,
    run_async: Any,
    tmp_path: Path,
    make_tab: Any,
    wait_until: Any,
) -> None:
    seed(some_events(2))
    target = tmp_path / "secret.json"
    assert run_async(tab.export_to(target, "right passphrase")) is not None
    other = make_tab(fresh_ctrl)
    actions = other.transfer_actions
    task = fresh_ctrl.start(actions.import_asked(target), name="test-import")
    wait_until(lambda: actions.passphrase_dialog is not None and actions.passphrase_dialog.isVisible())
    assert actions.passphrase_dialog is not None
    actions.passphrase_dialog.reject()
    wait_until(task.done)
    assert task.result() is None and actions.import_dialog is None and not error_boxes()
    assert status(fresh_ctrl).counts.events == 0


def test_export_into_a_missing_folder_shows_a_sentence(
    tab: OverviewTab, tmp_path: Path, run_async: Any, wait_until: Any
) -> None:
    assert run_async(tab.export_to(tmp_path / "nope" / "x.json")) is None
    wait_until(lambda: any("does not exist" in b.informativeText() for b in error_boxes()))
    close_error_boxes()


def test_save_a_report_writes_the_page_and_says_where(
    tab: OverviewTab, seed: Any, run_async: Any, tmp_path: Path
) -> None:
    seed(some_events(4))
    target = tmp_path / "memory.html"
    assert tab.report_button.isVisibleTo(tab) and tab.report_button.accessibleName()
    written = run_async(tab.transfer_actions.save_report(target))
    assert written == target.resolve()
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "What creative memory knows about" in page
    assert "Saved the report to" in tab.transfer_result.text()


def test_a_report_into_a_missing_folder_shows_a_sentence_and_writes_nothing(
    tab: OverviewTab, tmp_path: Path, run_async: Any, wait_until: Any
) -> None:
    assert run_async(tab.transfer_actions.save_report(tmp_path / "nope" / "r.html")) is None
    wait_until(lambda: any("does not exist" in b.informativeText() for b in error_boxes()))
    close_error_boxes()
    assert not (tmp_path / "nope").exists()


# --------------------------------------------------------------------------- reset
def open_reset(tab: OverviewTab, wait_until: Any) -> Any:
    tab.reset_button.click()
    wait_until(
        lambda: tab.reset_actions.reset_dialog is not None and tab.reset_actions.reset_dialog.isVisible()
    )
    return tab.reset_actions.reset_dialog


def test_reset_cancel_changes_nothing(
    tab: OverviewTab, ctrl: Controller, seed: Any, run_async: Any, wait_until: Any, qtbot: Any
) -> None:
    seed(some_events(4))
    run_async(tab.refresh())
    before = status(ctrl).counts
    dialog = open_reset(tab, wait_until)
    assert f"{before.events} raw events" in dialog.findChild(QLabel, "reset_what").text()
    assert not dialog.reset_button.isEnabled()
    qtbot.keyClicks(dialog.confirm_edit, "RESET")
    assert dialog.reset_button.isEnabled()
    dialog.cancel_button.click()
    wait_until(lambda: tab.reset_actions.reset_dialog is None)
    assert status(ctrl).counts == before


def test_confirmed_reset_backs_up_erases_everything_and_shows_a_receipt(
    tab: OverviewTab, ctrl: Controller, seed: Any, run_async: Any, wait_until: Any, qtbot: Any, tmp_path: Path
) -> None:
    seed(some_events(5))
    for project in (None, None, None):
        retrieval.run(
            ctrl.store,
            retrieval.RetrievalRequest(ctrl.user, project_id=project, now=ctrl.now(), origin=Origin.DAEMON),
        )
    run_async(tab.refresh())
    before = status(ctrl).counts
    assert before.events == 10 and before.preferences > 0
    diagnostics = sql_count(ctrl, "creative_memory_retrieval_events")
    assert diagnostics > before.retrievals == 3
    dialog = open_reset(tab, wait_until)
    # Every count in the dialog is the one the receipt then shows.
    assert (
        f"3 recorded retrievals and their {diagnostics} stage diagnostics"
        in dialog.findChild(QLabel, "reset_what").text()
    )
    backup = tmp_path / "backup.json"
    dialog.backup_edit.setText(str(backup))
    qtbot.keyClicks(dialog.confirm_edit, "RESE")
    assert not dialog.reset_button.isEnabled()
    qtbot.keyClicks(dialog.confirm_edit, "T")
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    wait_until(
        lambda: tab.reset_actions.receipt_dialog is not None and tab.reset_actions.receipt_dialog.isVisible(),
        timeout=30,
    )

    assert status(ctrl).counts == StatusCounts()
    receipt = tab.reset_actions.receipt_dialog
    assert receipt is not None
    assert receipt.values["events_deleted"].text() == str(before.events)
    assert receipt.values["preferences"].text() == str(before.preferences)
    assert receipt.values["diagnostics"].text() == str(diagnostics)
    assert receipt.values["verified"].text().startswith("yes")
    assert receipt.values["backup"].text() == str(backup)
    # The backup was written first, owner-only, and holds what was erased.
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert len(json.loads(backup.read_text())["events"]) == before.events
    assert tab.count_labels["events"].text() == "0" and tab.empty_hint.isVisible()


def test_reset_stops_when_the_backup_cannot_be_written(
    tab: OverviewTab, ctrl: Controller, seed: Any, run_async: Any, tmp_path: Path, wait_until: Any
) -> None:
    seed(some_events(2))
    before = status(ctrl).counts
    assert run_async(tab.reset_store(backup=tmp_path / "missing" / "b.json")) is None
    wait_until(lambda: any("nothing was erased" in b.text() for b in error_boxes()))
    close_error_boxes()
    assert status(ctrl).counts == before


# --------------------------------------------------------------------------- demo data
def test_demo_data_opens_a_separate_store_and_never_touches_the_real_one(
    tab: OverviewTab,
    ctrl: Controller,
    run_async: Any,
    wait_until: Any,
    qloop: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CM_DEMO_DIR", str(tmp_path / "demo"))
    real = ctrl.store.path
    assert tab.empty_hint.isVisible() and tab.demo_button.isVisible()
    assert tab.demo_button.text() == "Explore with &demo data"

    task = qloop.create_task(tab.load_demo("S"))
    wait_until(lambda: tab.work.progress_dialog is not None)
    assert tab.work.progress_dialog is not None and tab.work.progress_dialog.cancellable
    tab.work.progress_dialog.request_cancel()
    assert run_async(task, timeout=60) is None
    wait_until(lambda: any("cancelled" in b.text() for b in error_boxes()))
    close_error_boxes()
    assert status(ctrl).counts.events == 0
    assert ctrl.ctx.data_dir.rule == "demo" and ctrl.store.path == tmp_path / "demo" / "app.sqlite"

    counts = run_async(tab.load_demo("S"), timeout=120)
    assert counts is not None and counts.events > 1000
    assert status(ctrl).counts.events == counts.events
    con = sqlite3.connect(real)
    assert con.execute("SELECT count(*) FROM creative_memory_events").fetchone() == (0,)
    con.close()
    # Exploring again opens the same demo store without generating it twice.
    assert run_async(tab.load_demo("S"), timeout=60) is None
    assert status(ctrl).counts.events == counts.events


# --------------------------------------------------------------------------- read-only
@pytest.fixture
def read_only_ctrl(tmp_path: Path, request: pytest.FixtureRequest) -> Controller:
    """A store written by a "newer version" (unknown schema): it opens read-only."""
    s = Store.open(DataDir(tmp_path / "data", "flag"))
    s.close()
    con = sqlite3.connect(tmp_path / "data" / "app.sqlite")
    con.execute(f"UPDATE {ALEMBIC_VERSION_TABLE} SET version_num = 'ffffffffffff'")
    con.commit()
    con.close()
    c: Controller = request.getfixturevalue("ctrl")
    assert c.store.read_only
    return c


def test_read_only_store_disables_every_writing_control(
    read_only_ctrl: Controller, make_tab: Any, run_async: Any
) -> None:
    t = make_tab(read_only_ctrl)
    t.show()
    t.set_read_only(True)
    run_async(t.refresh())
    for widget in t.writing_controls():
        assert not widget.isEnabled(), widget.objectName()
        assert "read-only" in widget.toolTip(), widget.objectName()
    assert t.export_button.isEnabled(), "exporting only reads the store"
    assert "read-only" in t.file_label.text()
    t.set_read_only(False)
    assert t.reset_button.isEnabled() and "read-only" not in t.reset_button.toolTip()


# --------------------------------------------------------------------------- accessibility
def test_every_interactive_widget_has_a_name_a_tooltip_and_a_mnemonic(tab: OverviewTab) -> None:
    buttons = tab.findChildren(QAbstractButton)
    assert len(buttons) >= 9
    keys = []
    for b in buttons:
        assert b.accessibleName(), b.text()
        assert b.toolTip(), b.text()
        assert "&" in b.text(), f"no mnemonic on {b.text()!r}"
        keys.append(b.text()[b.text().index("&") + 1].lower())
    assert len(keys) == len(set(keys)), f"mnemonics clash: {sorted(keys)}"
    # Tab order starts at the switch and reaches the danger zone.
    chain, w = [], tab.switch
    for _ in range(40):
        chain.append(w)
        w = w.nextInFocusChain()
    assert chain.index(tab.reset_button) > chain.index(tab.export_button) > chain.index(tab.switch)


def test_narrow_window_uses_one_column(tab: OverviewTab, qtbot: Any) -> None:
    tab.resize(520, 700)
    qtbot.waitUntil(lambda: tab._columns == 1, timeout=2000)
    qtbot.waitUntil(
        lambda: tab.danger_box.geometry().left() == tab.counts_box.geometry().left(), timeout=2000
    )
    assert (
        tab.danger_box.geometry().top()
        > tab.selftest_box.geometry().bottom()
        > tab.counts_box.geometry().bottom()
    )
    tab.resize(1200, 700)
    qtbot.waitUntil(lambda: tab._columns == 2, timeout=2000)
    qtbot.waitUntil(
        lambda: tab.selftest_box.geometry().left() > tab.counts_box.geometry().right(), timeout=2000
    )


# --------------------------------------------------------------------------- screenshots
def clipped(root: QWidget) -> list[str]:
    """Visible labels and buttons narrower than their text needs (clipped text)."""
    bad = []
    for w in root.findChildren(QWidget):
        if not w.isVisible():
            continue
        if isinstance(w, QLabel) and not w.wordWrap() and w.text():
            if w.width() + 1 < w.sizeHint().width():
                bad.append(f"label {w.text()!r}: {w.width()} < {w.sizeHint().width()}")
        elif isinstance(w, QAbstractButton) and w.text() and w.width() + 1 < w.sizeHint().width():
            bad.append(f"button {w.text()!r}: {w.width()} < {w.sizeHint().width()}")
    return bad


@pytest.mark.slow
def test_screenshots_light_and_dark_with_demo_data(
    tab: OverviewTab, ctrl: Controller, run_async: Any, qapp: Any, qtbot: Any
) -> None:
    from creative_memory.gui.theme import apply_scheme
    from creative_memory.services.demo import demo

    run_async(ctrl.run(demo.generate, ctrl.store, ctrl.user, size="S", seed=7, now=ctrl.now()), timeout=120)
    run_async(tab.run_self_test(), timeout=30)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for dark in (False, True):
            apply_scheme(qapp, dark=dark)
            tab.resize(1100, 760)
            run_async(tab.refresh())
            qtbot.wait(50)
            assert not clipped(tab), clipped(tab)
            image = tab.grab().toImage()
            path = SHOTS / f"overview-{'dark' if dark else 'light'}.png"
            assert image.save(str(path))
            # The palette really changed: the window colour at a margin follows the scheme.
            corner = image.pixelColor(QPoint(3, image.height() - 3))
            assert (corner.lightnessF() < 0.5) == dark
    finally:
        apply_scheme(qapp, dark=False)


def test_rebuild_button_re_derives_from_the_events_and_records_it(
    tab: OverviewTab, ctrl: Controller, seed: Any, wait_until: Any
) -> None:
    seed(some_events())
    with ctrl.store.write() as s:  # damage the cache: the rebuild must put it back from the events
        s.execute(sqlite3_text("DELETE FROM creative_memory_preferences"))
    assert status(ctrl).counts.preferences == 0
    tab.rebuild_button.click()
    wait_until(lambda: status(ctrl).counts.preferences > 0 and tab.rebuild_button.isEnabled())
    assert "Rebuilt" in tab.selftest_summary.text()
    from creative_memory.services.controls import audit

    with ctrl.store.read() as s:
        assert any(e.action == "rebuild" and e.actor == "gui" for e in audit.entries(s, ctrl.user))
    assert not ctrl.errors


def test_rebuild_button_first_finishes_a_forget_that_died_since_the_store_was_opened(
    tab: OverviewTab, ctrl: Controller, seed: Any, wait_until: Any
) -> None:
    """A forget that failed half-way leaves its plan in the lease (decision 0035); the rebuild alone
    would refuse to derive from the events it left (decision 0070): the button finishes it first."""
    seed(some_events())
    plan = f'{{"now":{ctrl.now()},"targets":[["typography","serif_headings",null,null,false]]}}'
    with ctrl.store.write() as s:
        s.execute(sqlite3_text("DELETE FROM creative_memory_preferences"))
        s.execute(
            sqlite3_text(
                "INSERT INTO creative_memory_leases (user_id, operation, started_at, heartbeat_at, pid) "
                "VALUES (:u, :op, 0, 0, NULL)"
            ),
            {"u": ctrl.user, "op": f"forget\n{plan}"},
        )
    tab.rebuild_button.click()
    wait_until(lambda: status(ctrl).counts.preferences > 0 and tab.rebuild_button.isEnabled())
    assert "Rebuilt" in tab.selftest_summary.text()
    assert sql_count(ctrl, "creative_memory_leases") == 0
    with ctrl.store.read() as s:
        left = s.execute(
            sqlite3_text(
                "SELECT (SELECT count(*) FROM creative_memory_preferences WHERE pattern = 'serif_headings') + "
                "(SELECT count(*) FROM creative_memory_events WHERE instr(payload, 'serif_headings') > 0)"
            )
        ).scalar()
    assert left == 0
    assert not ctrl.errors


def sqlite3_text(sql: str) -> Any:
    from sqlalchemy import text

    return text(sql)


def test_a_ticked_encrypt_box_locks_the_report_with_the_passphrase_asked_for(
    tab: OverviewTab, seed: Any, run_async: Any, wait_until: Any, qtbot: Any, tmp_path: Path
) -> None:
    import asyncio

    from creative_memory.services.inspection import report_lock

    seed(some_events(4))
    tab.encrypt_check.setChecked(True)
    target = tmp_path / "locked.html"
    actions = tab.transfer_actions

    async def answer() -> None:
        while actions.passphrase_dialog is None or not actions.passphrase_dialog.isVisible():
            await asyncio.sleep(0.02)
        ask = actions.passphrase_dialog
        qtbot.keyClicks(ask.passphrase_edit, "correct horse")
        qtbot.keyClicks(ask.confirm_edit, "correct horse")
        ask.buttons.button(ask.buttons.StandardButton.Ok).click()

    async def both() -> Any:
        written, _ = await asyncio.gather(actions.report_to(target), answer())
        return written

    assert run_async(both(), timeout=60) == target.resolve()
    page = report_lock.unlock(target.read_text(encoding="utf-8"), "correct horse")
    assert "What creative memory knows about" in page
    assert "locked" in tab.transfer_result.text()

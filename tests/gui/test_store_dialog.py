"""Overview → "Where it is stored": Change… lists every store found and switches the window to the
one picked (remembered as the choice); a store in the first release's folder is offered a move; the
first open of Open Design's store is announced in the card."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from harness import event
from PySide6.QtCore import Qt

from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs import store as dialogs_store
from creative_memory.gui.main_window import MainWindow
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.storeworker import StoreWorker
from creative_memory.gui.tasks import TaskKeeper
from creative_memory.model.constants import Actor
from creative_memory.services.context import Context
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location import datadir
from creative_memory.services.location.datadir import DataDir


def daemon_store(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "app.sqlite"
    con = sqlite3.connect(path)
    for name in ("projects", "conversations", "messages"):
        con.execute(f"CREATE TABLE {name} (id TEXT PRIMARY KEY)")
    con.commit()
    con.close()
    return path


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake HOME with Open Design's packaged store in it, and no OD_DATA_DIR."""
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("HOME", str(h))
    monkeypatch.delenv("OD_DATA_DIR")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("CM_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.chdir(h)
    return h


@contextmanager
def open_window(
    qloop: asyncio.AbstractEventLoop, run_async: Callable[..., Any], qtbot: Any, dd: DataDir, cfg: Path
) -> Iterator[tuple[Controller, MainWindow]]:
    ctx = Context(
        data_dir=dd, user="local", actor=Actor.GUI, config_dir=cfg, busy_timeout_s=1.0, lock_budget_s=2.0
    )
    worker = StoreWorker()
    keeper = TaskKeeper(lambda exc: None, loop=qloop)
    ctrl = Controller(ctx, worker, keeper, poll_ms=100)
    window = MainWindow(ctrl, AppSettings())
    qtbot.addWidget(window)
    window.show()
    run_async(ctrl.open())
    window.store_opened()
    try:
        yield ctrl, window
    finally:
        ctrl.stop_polling()
        keeper.cancel_all()
        worker.shutdown(timeout=5)
        ctx.close()


@pytest.fixture
def packaged(home: Path) -> Path:
    data = home / ".config" / "Open Design" / "namespaces" / "release-stable-linux" / "data"
    daemon_store(data)
    return data


def test_change_lists_every_store_and_switches_to_the_one_picked(
    qloop: Any, run_async: Any, qtbot: Any, wait_until: Any, home: Path, packaged: Path, tmp_path: Path
) -> None:
    other = home / ".od"
    daemon_store(other)
    dd = datadir.resolve_data_dir()
    assert (dd.rule, dd.path) == ("discovered", packaged)
    with open_window(qloop, run_async, qtbot, dd, tmp_path / "cfg") as (ctrl, window):
        tab = window.pages[0]
        # The first open of Open Design's store was announced, backup included.
        assert tab.store_notice.isVisible() and "creative_memory_*" in tab.store_notice.text()
        assert "Backup copy made" in tab.store_notice.text()
        assert tab.change_store_button.isVisible() and not tab.move_store_button.isVisible()
        tab.change_store_button.click()
        wait_until(lambda: tab.property("store_dialog") is not None)
        dialog = tab.property("store_dialog")
        assert dialog.table.rowCount() == 2
        cells = {
            dialog.table.item(r, 0).text(): [dialog.table.item(r, c).text() for c in range(5)]
            for r in range(2)
        }
        assert cells[str(packaged)][1] == "stable" and cells[str(packaged)][4] == "yes"
        assert cells[str(other)][4] == "yes"
        # Keyboard: the table has focus; Down selects the other store, Enter uses it.
        dialog.table.setFocus()
        row = next(r for r in range(2) if dialog.table.item(r, 0).text() == str(other))
        dialog.table.selectRow(row)
        qtbot.keyClick(dialog.table, Qt.Key.Key_Return)
        wait_until(lambda: ctrl.ctx.data_dir.path == other and not ctrl.worker.busy)
        wait_until(lambda: tab.location_label.toolTip() == str(other))
        assert ctrl.ctx.data_dir.rule == "remembered"
        assert datadir.remembered() == other
        assert datadir.resolve_data_dir().path == other  # the next start opens it too
        assert ctrl.store.path == other / "app.sqlite" and not ctrl.store.read_only


def test_a_store_in_the_first_releases_folder_is_offered_a_move(
    qloop: Any, run_async: Any, qtbot: Any, wait_until: Any, home: Path, tmp_path: Path
) -> None:
    legacy = home / ".local" / "share" / "Open Design"
    dd = DataDir(legacy, "flag")
    with open_window(qloop, run_async, qtbot, dd, tmp_path / "cfg") as (ctrl, window):
        rep = ingest_jsonl(
            ctrl.store, "\n".join(event(i) for i in range(3)), default_user="local", now=ctrl.now()
        )
        assert rep.accepted == 3
    dd = datadir.resolve_data_dir()
    assert dd.legacy and dd.path == legacy
    with open_window(qloop, run_async, qtbot, dd, tmp_path / "cfg") as (ctrl, window):
        tab = window.pages[0]
        assert tab.move_store_button.isVisible()
        assert "first release" in tab.rule_label.text()
        assert run_async(dialogs_store.move_legacy(ctrl, tab, confirm=False))
        own = datadir.default_data_dir()
        assert ctrl.ctx.data_dir.path == own and not (legacy / "app.sqlite").exists()
        assert not legacy.exists()  # the emptied folder is gone, so Open Design may adopt it
        assert ctrl.store.path == own / "app.sqlite"
        with ctrl.store.read() as s:
            assert s.connection().exec_driver_sql("SELECT count(*) FROM creative_memory_events").scalar() == 3
        wait_until(lambda: not tab.move_store_button.isVisible())
        assert datadir.resolve_data_dir().path == own  # found there next time


def test_nothing_found_the_window_creates_its_own_store_says_so_and_a_chosen_folder_is_used(
    qloop: Any, run_async: Any, qtbot: Any, home: Path, tmp_path: Path
) -> None:
    dd = datadir.resolve_data_dir()
    assert dd.rule == "default" and not dd.store.exists()
    with open_window(qloop, run_async, qtbot, dd, tmp_path / "cfg") as (ctrl, window):
        tab = window.pages[0]
        assert dd.store.is_file()
        assert "Open Design was not found on this computer" in tab.store_notice.text()
        assert "until it is" in tab.rule_label.text()
        assert datadir.remembered() is None  # the embedded default is not a choice
        chosen = tmp_path / "my store"
        chosen.mkdir()
        assert run_async(dialogs_store.use_folder(ctrl, tab, chosen))
        assert ctrl.store.path == chosen / "app.sqlite" and chosen.joinpath("app.sqlite").is_file()
        assert datadir.remembered() == chosen and tab.location_label.toolTip() == str(chosen)
        assert not tab.store_notice.isVisible()


def test_before_its_tables_go_into_open_designs_store_the_window_says_so_and_may_be_declined(
    qloop: Any, run_async: Any, qtbot: Any, wait_until: Any, home: Path, packaged: Path, tmp_path: Path
) -> None:
    dd = datadir.resolve_data_dir()
    before = (packaged / "app.sqlite").read_bytes()
    ctx = Context(data_dir=dd, user="local", actor=Actor.GUI, config_dir=tmp_path / "cfg")
    worker = StoreWorker()
    ctrl = Controller(ctx, worker, TaskKeeper(lambda exc: None, loop=qloop))
    try:
        for answer, expected in (("Quit", False), ("Continue", True)):
            task = qloop.create_task(dialogs_store.confirm_first_open(ctrl, None))
            wait_until(lambda: ctrl.property("first_open_box") is not None)
            box = ctrl.property("first_open_box")
            assert "creative_memory_*" in box.text() and "backup copy" in box.text()
            next(b for b in box.buttons() if b.text().replace("&", "") == answer).click()
            assert run_async(task) is expected
        # Only looked: nothing was added, copied or created beside the store.
        assert (packaged / "app.sqlite").read_bytes() == before
        assert sorted(p.name for p in packaged.iterdir()) == ["app.sqlite"]
    finally:
        worker.shutdown(timeout=5)
        ctx.close()


def test_a_missing_od_data_dir_is_created_only_after_the_window_asks(
    qloop: Any,
    run_async: Any,
    qtbot: Any,
    wait_until: Any,
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Decision 0074: Quit (the default) changes nothing; "Create it here" lets the store be made."""
    missing = tmp_path / "unmounted" / "od"
    monkeypatch.setenv("OD_DATA_DIR", str(missing))
    ctx = Context(
        data_dir=datadir.resolve_data_dir(), user="local", actor=Actor.GUI, config_dir=tmp_path / "cfg"
    )
    ctx.create_folder = False  # as the window starts
    worker = StoreWorker()
    ctrl = Controller(ctx, worker, TaskKeeper(lambda exc: None, loop=qloop))
    try:
        for answer, expected in (("Quit", False), ("Create it here", True)):
            task = qloop.create_task(dialogs_store.confirm_create_folder(ctrl, None))
            wait_until(lambda: ctrl.property("create_folder_box") is not None)
            box = ctrl.property("create_folder_box")
            assert str(missing) in box.text() and "OD_DATA_DIR" in box.text()
            assert box.defaultButton().text().replace("&", "") == "Quit"
            if not expected:
                assert not (tmp_path / "unmounted").exists()
            next(b for b in box.buttons() if b.text().replace("&", "") == answer).click()
            assert run_async(task) is expected
            assert ctx.create_folder is expected
        assert not missing.exists()  # asked, not made: opening the store makes it
        run_async(ctrl.open())
        assert (missing / "app.sqlite").is_file()
    finally:
        worker.shutdown(timeout=5)
        ctx.close()

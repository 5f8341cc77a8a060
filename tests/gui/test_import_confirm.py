"""The Overview's import asks before it changes settings or project switches, or imports another
user's memory; declining changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import event, open_controller
from PySide6.QtCore import Qt

from creative_memory.gui.controller import Controller
from creative_memory.gui.tabs.overview.view import OverviewTab
from creative_memory.model.constants import Actor
from creative_memory.services.controls import controls
from creative_memory.services.transfer import exporting


@pytest.fixture
def other_ctrl(qloop: Any, run_async: Callable[..., Any], tmp_path: Path) -> Iterator[Controller]:
    yield from open_controller(qloop, run_async, tmp_path / "other")


@pytest.fixture
def tabs() -> Iterator[Callable[[Controller], OverviewTab]]:
    made: list[OverviewTab] = []

    def make(c: Controller) -> OverviewTab:
        t = OverviewTab(c)
        t.resize(720, 700)
        t.show()
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()
        t.deleteLater()


def bundle_with_a_switch(ctrl: Controller, seed: Any, tmp_path: Path, user: str | None = None) -> Path:
    seed([event(i, project="p_nda" if i % 2 else None) for i in range(4)])
    controls.set_project(
        ctrl.store, ctrl.user, "p_nda", learn_from_project=False, actor=Actor.GUI, now=ctrl.now()
    )
    path = tmp_path / "bundle.json"
    exporting.export_bundle(ctrl.store, ctrl.user, path, now=ctrl.now(), actor=Actor.GUI)
    if user is not None:  # the same bundle, as another user's
        path.write_text(path.read_text().replace('"user_id":"local"', f'"user_id":"{user}"'))
    return path


def events_of(c: Controller) -> int:
    return int(controls.status(c.store, c.user, c.now()).counts.events)


@pytest.mark.parametrize("answer", ["cancel", "import"])
def test_an_import_that_changes_a_project_switch_asks_first(
    ctrl: Controller,
    other_ctrl: Controller,
    seed: Any,
    tabs: Any,
    run_async: Any,
    wait_until: Any,
    qloop: Any,
    tmp_path: Path,
    answer: str,
    qtbot: Any,
) -> None:
    path = bundle_with_a_switch(ctrl, seed, tmp_path)
    tab = tabs(other_ctrl)
    task = qloop.create_task(tab.import_from(path, "merge"))
    wait_until(
        lambda: (
            tab.transfer_actions.import_confirm_dialog is not None
            and tab.transfer_actions.import_confirm_dialog.isVisible()
        )
    )
    dialog = tab.transfer_actions.import_confirm_dialog
    assert dialog is not None
    assert "project p_nda: learn on → off" in dialog.text.text()
    assert events_of(other_ctrl) == 0  # nothing is written while it asks
    dialog.grab().save(str(tmp_path / "confirm.png"))
    if answer == "cancel":
        qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Enter declines: Cancel is the default button
        assert run_async(task, timeout=30) is None
        assert events_of(other_ctrl) == 0
        assert controls.projects(other_ctrl.store, other_ctrl.user) == []
        assert "Nothing was imported" in tab.transfer_result.text()
    else:
        dialog.accept()
        result = run_async(task, timeout=30)
        assert result is not None and result.events == 4
        rows = {r.id: r for r in controls.projects(other_ctrl.store, other_ctrl.user)}
        assert rows["p_nda"].learn_from_project is False


def test_another_users_bundle_says_whose_it_is(
    ctrl: Controller,
    other_ctrl: Controller,
    seed: Any,
    tabs: Any,
    run_async: Any,
    wait_until: Any,
    qloop: Any,
    tmp_path: Path,
) -> None:
    path = bundle_with_a_switch(ctrl, seed, tmp_path, user="bob")
    tab = tabs(other_ctrl)
    task = qloop.create_task(tab.import_from(path, "merge"))
    wait_until(
        lambda: (
            tab.transfer_actions.import_confirm_dialog is not None
            and tab.transfer_actions.import_confirm_dialog.isVisible()
        )
    )
    dialog = tab.transfer_actions.import_confirm_dialog
    assert dialog is not None and "holds the memory of user “bob”" in dialog.text.text()
    dialog.accept()
    result = run_async(task, timeout=30)
    assert result is not None and result.events == 4 and result.user == "local"

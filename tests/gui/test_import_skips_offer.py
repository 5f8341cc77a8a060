"""After a reset that keeps the blocks and the project switches, importing the backup in the window
lists what it skipped by pattern and project, and offers — from the keyboard — to lift those blocks
and turn the project's learning back on, then imports again: only what was skipped comes in, and
the activity log has each lift."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from harness import event
from PySide6.QtCore import Qt

from creative_memory.gui.controller import Controller
from creative_memory.gui.tabs.overview.view import OverviewTab
from creative_memory.model.constants import Actor
from creative_memory.services.controls import audit, controls
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.forget.reset import reset
from creative_memory.services.ingest import blocklist

SHOTS = Path(os.environ.get("CM_SHOTS_DIR") or tempfile.gettempdir()) / "cm-shots"


@pytest.fixture
def tab(ctrl: Controller, run_async: Callable[..., Any]) -> Iterator[OverviewTab]:
    t = OverviewTab(ctrl)
    t.resize(1100, 900)
    t.show()
    run_async(t.refresh())
    yield t
    t.close()
    shiboken6.delete(t)


def backup_then_reset(ctrl: Controller, seed: Callable[[list[str]], Any], tmp_path: Path) -> Path:
    """Drop shadows (3 events), neon accents (2), project brand (2), plain (1); exported; then the
    two patterns forgotten and blocked, brand's learning off, and memory reset."""
    lines = [event(i, pattern="drop_shadows") for i in range(3)]
    lines += [event(10 + i, pattern="neon_accents", ptype="color") for i in range(2)]
    lines += [event(20 + i, project="brand") for i in range(2)]
    lines += [event(30)]
    seed(lines)
    bundle = tmp_path / "backup.json"
    from creative_memory.services.transfer.exporting import export_bundle

    export_bundle(ctrl.store, ctrl.user, bundle, now=ctrl.now(), actor=Actor.CLI)
    forgetting.forget(
        ctrl.store,
        ctrl.user,
        [erasure.Target("layout", "drop_shadows"), erasure.Target("color", "neon_accents")],
        blocks=ctrl.ctx.blocks,
        block=True,
        actor=Actor.CLI,
        now=ctrl.now(),
    )
    controls.set_project(
        ctrl.store, ctrl.user, "brand", learn_from_project=False, actor=Actor.CLI, now=ctrl.now()
    )
    reset(ctrl.store, ctrl.user, confirm=True, actor=Actor.CLI, now=ctrl.now())
    return bundle


def test_the_import_lists_its_skips_and_offers_to_lift_them_and_import_again(
    tab: OverviewTab,
    ctrl: Controller,
    seed: Callable[[list[str]], Any],
    run_async: Callable[..., Any],
    wait_until: Callable[..., None],
    qtbot: Any,
    tmp_path: Path,
) -> None:
    bundle = backup_then_reset(ctrl, seed, tmp_path)
    actions = tab.transfer_actions
    assert not tab.lift_button.isVisible()
    first = run_async(actions.import_from(bundle, "merge"), timeout=30)
    assert first is not None and first.events == 1
    text = tab.transfer_result.text()
    assert "Blocked: 5 event(s) — layout drop_shadows (3), color neon_accents (2)." in text
    assert "Project brand does not learn: 2 event(s)." in text
    assert tab.lift_button.isVisible() and tab.lift_button.isEnabled()
    if SHOTS.is_dir():
        tab.transfer_box.grab().save(str(SHOTS / "overview-import-skips.png"))

    # From the keyboard: the button, then the dialog with every box ticked.
    tab.lift_button.setFocus()
    qtbot.keyClick(tab.lift_button, Qt.Key.Key_Space)
    wait_until(lambda: actions.lift_dialog is not None and actions.lift_dialog.isVisible())
    dialog = actions.lift_dialog
    assert dialog is not None
    boxes = [b.text() for b, _p in dialog.block_checks] + [b.text() for b, _p in dialog.project_checks]
    assert boxes == [
        "Lift the block on layout drop_shadows (3 event(s))",
        "Lift the block on color neon_accents (2 event(s))",
        "Learn from project brand again (2 event(s))",
    ]
    if SHOTS.is_dir():
        dialog.grab().save(str(SHOTS / "lift-skips-dialog.png"))
    # Keep neon accents blocked: untick it with the keyboard.
    neon = dialog.block_checks[1][0]
    neon.setFocus()
    qtbot.keyClick(neon, Qt.Key.Key_Space)
    assert not neon.isChecked()
    qtbot.keyClick(dialog.ok, Qt.Key.Key_Return)
    wait_until(lambda: actions.lift_dialog is None and status_events(ctrl) == 6, timeout=30)

    wait_until(lambda: "Imported 5 events" in tab.transfer_result.text(), timeout=30)
    text = tab.transfer_result.text()
    assert "Already here: 1 event(s)." in text and "Blocked: 2 event(s) — color neon_accents (2)." in text
    assert tab.lift_button.isVisible()  # neon accents still stands in the way
    assert len(blocklist.list_blocks(ctrl.store, ctrl.user)) == 1
    entries = audit.all_entries(ctrl.store, ctrl.user)
    assert [e.action for e in entries].count("lift block") == 1
    assert any(e.action == "project" and e.target == "brand: learn=on" for e in entries)
    assert not any("drop_shadows" in f"{e.target} {e.outcome}" for e in entries)


def test_an_import_that_skips_only_duplicates_offers_nothing(
    tab: OverviewTab,
    ctrl: Controller,
    seed: Callable[[list[str]], Any],
    run_async: Callable[..., Any],
    tmp_path: Path,
) -> None:
    seed([event(1), event(2)])
    bundle = tmp_path / "b.json"
    assert run_async(tab.export_to(bundle)) is not None
    again = run_async(tab.transfer_actions.import_from(bundle, "merge"), timeout=30)
    assert again is not None and again.skipped == 2
    assert "Already here: 2 event(s)." in tab.transfer_result.text()
    assert not tab.lift_button.isVisible()


def status_events(ctrl: Controller) -> int:
    return controls.status(ctrl.store, ctrl.user, ctrl.now()).counts.events

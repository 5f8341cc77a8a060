"""The Blocked patterns dialog (Overview, danger zone): each block as it is kept — fingerprint,
what it blocks, when, why, never the name — and a Lift button whose lift is in the activity log
and lets the pattern be learned again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import shiboken6
from harness import event

from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs.blocks import BlocksDialog
from creative_memory.gui.tabs.overview.view import OverviewTab
from creative_memory.model.constants import Actor
from creative_memory.services.controls import audit
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest import blocklist
from creative_memory.services.ingest.ingest import ingest_jsonl


def block(ctrl: Controller, pattern: str, reason: str | None = None) -> None:
    r = forgetting.forget(
        ctrl.store,
        ctrl.user,
        [erasure.Target("layout", pattern)],
        blocks=ctrl.ctx.blocks,
        block=True,
        actor=Actor.CLI,
        now=ctrl.now(),
        reason=reason,
    )
    assert r.blocked


def test_the_dialog_lists_blocks_without_names_and_lifts_one(
    ctrl: Controller, seed: Callable[[list[str]], Any], run_async: Callable[..., Any]
) -> None:
    seed([event(1, pattern="drop_shadows"), event(2, pattern="lens_flare")])
    block(ctrl, "drop_shadows", reason="drop shadows look dated")
    block(ctrl, "lens_flare")
    dialog = BlocksDialog(ctrl)
    try:
        run_async(dialog.load())
        assert dialog.table.rowCount() == 2 and not dialog.empty.isVisible()
        cells = [dialog.table.item(r, c).text() for r in range(2) for c in range(4)]
        assert not any("drop" in c.lower() or "lens" in c.lower() for c in cells)
        assert "[the blocked name] look dated" in cells
        assert not dialog.lift_button.isEnabled()
        dialog.table.selectRow(0)
        assert dialog.lift_button.isEnabled()
        first = dialog.selected()
        assert first is not None
        assert run_async(dialog.lift(first))
        assert dialog.table.rowCount() == 1
        assert [b.id for b in blocklist.list_blocks(ctrl.store, ctrl.user)] == [dialog.blocks[0].id]
        with ctrl.store.read() as s:
            lifts = [e for e in audit.entries(s, ctrl.user) if e.action == "lift block"]
        assert len(lifts) == 1 and lifts[0].target == f"fp:{first.prefix}"
        rep = ingest_jsonl(
            ctrl.store,
            event(3, pattern="drop_shadows") + "\n" + event(4, pattern="lens_flare"),
            default_user=ctrl.user,
            now=ctrl.now(),
            blocks=ctrl.ctx.blocks,
        )
        assert rep.accepted == 1 and rep.ignored == {"blocked": 1}
    finally:
        shiboken6.delete(dialog)


def test_the_overview_opens_it_and_a_read_only_store_cannot_lift(
    ctrl: Controller, seed: Callable[[list[str]], Any], run_async: Callable[..., Any], wait_until: Any
) -> None:
    seed([event(1, pattern="drop_shadows")])
    block(ctrl, "drop_shadows")
    tab = OverviewTab(ctrl)
    try:
        tab.show()
        run_async(tab.refresh())
        tab.blocks_button.click()
        wait_until(
            lambda: (
                tab.reset_actions.blocks_dialog is not None and tab.reset_actions.blocks_dialog.isVisible()
            )
        )
        dialog = tab.reset_actions.blocks_dialog
        assert dialog is not None
        wait_until(lambda: dialog.table.rowCount() == 1)
        dialog.reject()
        wait_until(lambda: tab.reset_actions.blocks_dialog is None)
    finally:
        tab.close()
        shiboken6.delete(tab)
    read_only = BlocksDialog(ctrl, read_only=True)
    try:
        run_async(read_only.load())
        read_only.table.selectRow(0)
        assert not read_only.lift_button.isEnabled()
    finally:
        shiboken6.delete(read_only)


def test_tab_leaves_the_table_and_the_reason_is_shown_in_full(
    ctrl: Controller, seed: Callable[[list[str]], Any], run_async: Callable[..., Any], qtbot: Any
) -> None:
    """Found in review: Tab walked the table's cells for ever (each also selecting another block to
    lift), and the reason was cut to "…" in its narrow column."""
    from PySide6.QtCore import Qt

    seed([event(1, pattern="drop_shadows"), event(2, pattern="lens_flare")])
    block(ctrl, "drop_shadows", reason="dark on dark is unreadable, and it always looks dated in print")
    block(ctrl, "lens_flare")
    dialog = BlocksDialog(ctrl)
    try:
        dialog.show()
        run_async(dialog.load())
        assert not dialog.table.tabKeyNavigation()
        dialog.table.setFocus()
        dialog.table.selectRow(0)
        qtbot.keyClick(dialog.table, Qt.Key.Key_Tab)
        assert not dialog.table.hasFocus() and dialog.selected() == dialog.blocks[0]
        assert dialog.why.isVisible()
        assert dialog.why.text() == "Why: dark on dark is unreadable, and it always looks dated in print"
        dialog.table.selectRow(1)
        assert dialog.why.text() == "Why: no reason was given when it was blocked."
    finally:
        shiboken6.delete(dialog)

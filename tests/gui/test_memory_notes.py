"""Memory notes in the window: the Overview's switch, and a note's link — the Diagnostics tab opened
on one retrieval, with Forget… and Show in Inspector for each preference it used."""

from __future__ import annotations

import sqlite3
from typing import Any

from harness import event
from PySide6.QtCore import Qt

from creative_memory.gui.itemmodels.preferences import PreferenceKey
from creative_memory.model.constants import Actor, Origin
from creative_memory.services.controls import notes
from creative_memory.services.controls.status import MemoryStatus
from creative_memory.services.retrieval import retrieval


def _lines() -> list[str]:
    out = []
    n = 0
    for ptype, pattern, polarity in (
        ("layout", "airy_spacing", "positive"),
        ("color", "muted_palette", "positive"),
        ("effects", "drop_shadows", "negative"),
    ):
        for i in range(5):
            n += 1
            out.append(event(n, pattern=pattern, ptype=ptype, polarity=polarity, session=f"s{i % 3}"))
    return out


def _stored_notes(ctrl: Any) -> int:
    con = sqlite3.connect(ctrl.store.path)
    try:
        row = con.execute(
            "SELECT memory_notes FROM creative_memory_settings WHERE user_id = 'local'"
        ).fetchone()
        return int(row[0]) if row else 0
    finally:
        con.close()


def test_the_overview_switch_is_off_by_default_and_writes_the_setting(
    window: Any, ctrl: Any, qtbot: Any, run_async: Any, wait_until: Any
) -> None:
    check = window.pages[0].notes_check
    assert check.objectName() == "memory_notes" and not check.isChecked() and check.isEnabled()
    assert check.accessibleName() == "Show memory notes in chat"
    window.tabs.setCurrentIndex(0)
    check.setFocus()
    qtbot.keyClick(check, Qt.Key.Key_Space)
    wait_until(lambda: _stored_notes(ctrl) == 1)
    assert check.isChecked()
    # Switched off elsewhere (the CLI): the window follows its next status.
    notes.set_notes(ctrl.store, ctrl.user, False, actor=Actor.CLI, now=ctrl.now())
    run_async(ctrl.reload_status())
    assert not check.isChecked()


def test_a_retrieval_id_opens_diagnostics_on_it_with_what_it_used(
    window: Any, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed(_lines())
    ids = [
        retrieval.run(
            ctrl.store,
            retrieval.RetrievalRequest(
                ctrl.user,
                project_id=None,
                now=ctrl.now(),
                origin=Origin.DAEMON,
            ),
        ).retrieval_id
        for _ in range(3)
    ]
    target = ids[1]  # not the newest: the tab must select it, not the first row
    assert run_async(window.show_retrieval(target))
    tab = window.current_page()
    assert tab.key == "diagnostics" and tab.selected_retrieval().id == target
    panel = tab.kept_panel
    assert panel.list.count() == 3, (panel.list.count(), panel.isHidden(), tab.events_model.events)
    assert panel.isVisible()
    assert sorted(k.pattern for k in panel.kept()) == ["airy_spacing", "drop_shadows", "muted_palette"]
    assert all(
        panel.list.item(i).text().startswith(("Prefers ", "Avoids ")) for i in range(panel.list.count())
    )
    assert not run_async(window.show_retrieval(9999))
    assert "#9999 is not in this store" in tab.message.text()


def test_show_in_inspector_and_forget_from_the_retrieval(
    window: Any, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed(_lines())
    rid = retrieval.run(
        ctrl.store,
        retrieval.RetrievalRequest(
            ctrl.user,
            project_id=None,
            now=ctrl.now(),
            origin=Origin.DAEMON,
        ),
    ).retrieval_id
    assert run_async(window.show_retrieval(rid))
    panel = window.current_page().kept_panel
    key = PreferenceKey("global", "effects", "drop_shadows", "negative")
    panel.list.setCurrentRow(panel.kept().index(key))
    panel.show_button.click()  # the main window hands it to the Inspector
    inspector = window.current_page()
    assert inspector.key == "inspector"
    wait_until(lambda: inspector.current_key() == key)
    assert inspector.filter_edit.text() == "drop_shadows"

    assert run_async(window.show_retrieval(rid))
    panel.list.setCurrentRow(panel.kept().index(key))
    panel.forget_button.click()
    wait_until(
        lambda: inspector.forget.forget_dialog is not None and inspector.forget.forget_dialog.isVisible()
    )
    assert window.current_page().key == "diagnostics"  # asked without leaving the retrieval
    assert not panel.forget_button.isEnabled()  # the Inspector says a forget is under way
    inspector.forget.forget_dialog.forget_button.click()
    wait_until(
        lambda: inspector.forget.receipt_dialog is not None and inspector.forget.receipt_dialog.isVisible()
    )
    after = retrieval.run(
        ctrl.store, retrieval.RetrievalRequest(ctrl.user, project_id=None, now=ctrl.now(), dry_run=True)
    )
    assert "drop_shadows" not in {p.pattern for p in after.result.negatives}
    assert {p.pattern for p in after.result.positives} == {"airy_spacing", "muted_palette"}


def test_the_retrieval_option_takes_a_positive_id(capsys: Any) -> None:
    from creative_memory.gui.app import build_parser

    assert build_parser().parse_args(["--retrieval", "42"]).retrieval == 42
    for bad in ("0", "abc", "-3"):
        try:
            build_parser().parse_args(["--retrieval", bad])
        except SystemExit as exc:
            assert exc.code == 2
        else:
            raise AssertionError(f"--retrieval {bad} was accepted")
    assert "is not a retrieval id" in capsys.readouterr().err


def test_a_status_or_selection_while_the_store_is_switched_never_reopens_it(
    window: Any, ctrl: Any, seed: Any, run_async: Any
) -> None:
    # Switching folders closes the store, then points the context elsewhere: a widget that asked
    # for ctrl.store in between reopened the old store, and the window stayed on it.
    seed(_lines())
    rid = retrieval.run(
        ctrl.store,
        retrieval.RetrievalRequest(
            ctrl.user,
            project_id=None,
            now=ctrl.now(),
            origin=Origin.DAEMON,
        ),
    ).retrieval_id
    assert run_async(window.show_retrieval(rid))
    panel = window.current_page().kept_panel
    run_async(ctrl.run(ctrl.ctx.close))
    ctrl.statusChanged.emit(MemoryStatus(ctrl.user, memory_notes=True))
    panel.list.setCurrentRow(1)
    assert ctrl.ctx.open_store is None
    assert not window.pages[0].notes_check.isEnabled() and not panel.forget_button.isEnabled()

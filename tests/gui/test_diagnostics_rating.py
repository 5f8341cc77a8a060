"""Rating a retrieval from the Diagnostics tab: Helped, Too much, Not relevant here (a preference
it used), Missed something… (a small dialog); each stores a recall_rating event through the service,
says what happened and tells the other tabs; a rating the service would refuse is disabled with its
reason, and a refusal is a sentence. Screenshots at 720 px and wide, light and dark, in German."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from harness import event, speaking
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from walk import duplicates, unnamed

from creative_memory.gui.dialogs.missed import MissedDialog
from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab
from creative_memory.gui.theme import apply_scheme
from creative_memory.model.constants import Origin
from creative_memory.services.controls import audit
from creative_memory.services.retrieval import retrieval

SHOTS = Path(os.environ.get("CM_SHOTS_DIR") or tempfile.gettempdir()) / "cm-shots"


def seed_two(seed: Any, ctrl: Any) -> None:
    """p1 prefers airy spacing and avoids drop shadows: both injected into p1's prompts."""
    now = ctrl.now()
    lines = [event(i, project="p1", at_ms=now - (30 - i) * 60_000) for i in range(1, 6)]
    lines += [
        event(10 + i, project="p1", pattern="drop_shadows", ptype="effects", polarity="negative",
              at_ms=now - (20 - i) * 60_000)
        for i in range(1, 6)
    ]  # fmt: skip
    seed(lines)


def record(ctrl: Any, project: str | None = "p1", **kw: Any) -> int:
    rid = retrieval.run(
        ctrl.store,
        retrieval.RetrievalRequest(ctrl.user, project_id=project, now=ctrl.now(), origin=Origin.DAEMON, **kw),
    ).retrieval_id
    assert rid is not None
    return rid


def ratings(ctrl: Any) -> list[dict[str, Any]]:
    con = sqlite3.connect(ctrl.store.path)
    try:
        rows = con.execute(
            "SELECT payload, project_id FROM creative_memory_events "
            "WHERE signal_type = 'recall_rating' ORDER BY seq"
        ).fetchall()
    finally:
        con.close()
    return [{**json.loads(p), "project_id": project} for p, project in rows]


def audit_outcomes(ctrl: Any) -> list[str]:
    with ctrl.store.read() as session:
        return [e.outcome for e in audit.entries(session, ctrl.user, limit=20) if e.action == "rate"]


@pytest.fixture
def tab(ctrl: Any, qtbot: Any) -> DiagnosticsTab:
    t = DiagnosticsTab(ctrl)
    qtbot.addWidget(t)
    t.resize(1100, 760)
    t.show()
    return t


def show(tab: DiagnosticsTab, rid: int, run_async: Any, wait_until: Any) -> None:
    run_async(tab.refresh())
    assert tab.select_retrieval(rid)
    wait_until(lambda: tab.events.shown_retrieval == rid and tab.rater._row is not None)


def test_helped_and_too_much_store_a_rating_say_so_and_tell_the_other_tabs(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any, qtbot: Any
) -> None:
    seed_two(seed, ctrl)
    rid = record(ctrl)
    show(tab, rid, run_async, wait_until)
    r = tab.rater
    assert r.helped_button.isEnabled() and r.too_much_button.isEnabled() and r.missed_button.isEnabled()
    assert "leans a little more" in r.helped_button.toolTip()
    with qtbot.waitSignal(ctrl.changed, timeout=3000):
        r.helped_button.click()
    wait_until(lambda: "rated helped" in tab.message.text())
    assert tab.message.isVisible()
    with qtbot.waitSignal(ctrl.changed, timeout=3000):
        r.too_much_button.click()
    wait_until(lambda: "rated too much" in tab.message.text())
    stored = ratings(ctrl)
    assert [e["recall"]["outcome"] for e in stored] == ["helped", "too_much"]
    assert {(p["pattern"], p["polarity"]) for p in stored[0]["patterns"]} == {
        ("airy_spacing", "positive"),
        ("drop_shadows", "negative"),
    }
    assert stored[0]["project_id"] == "p1" and stored[1]["patterns"] == []
    assert audit_outcomes(ctrl)[:2] == ["too much", "helped"]
    assert r.helped_button.isEnabled()  # enabled again once the rating is stored


def test_not_relevant_rates_the_selected_preference_and_needs_one_selected(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any, qtbot: Any
) -> None:
    seed_two(seed, ctrl)
    rid = record(ctrl)
    show(tab, rid, run_async, wait_until)
    panel, button = tab.kept_panel, tab.rater.not_relevant_button
    assert button.parent() is panel and button.isVisible()
    panel.list.setCurrentRow(-1)
    assert not button.isEnabled()
    assert button.toolTip() == "Select a preference it used, then say it was not relevant here."
    row = next(i for i in range(panel.list.count()) if "drop" in panel.list.item(i).text())
    panel.list.setCurrentRow(row)
    assert button.isEnabled() and "used less" in button.toolTip()
    with qtbot.waitSignal(ctrl.changed, timeout=3000):
        button.click()
    wait_until(lambda: "not relevant in retrieval" in tab.message.text())
    assert "drop shadows" in tab.message.text() or "drop_shadows" in tab.message.text()
    (stored,) = ratings(ctrl)
    assert stored["recall"]["outcome"] == "not_relevant"
    assert stored["patterns"] == [
        {"preference_type": "effects", "pattern": "drop_shadows", "polarity": "negative"}
    ]
    # The list is reloaded after the rating and keeps the same preference selected.
    wait_until(lambda: panel.current_key() is not None and panel.current_key().pattern == "drop_shadows")


def _open_missed(tab: DiagnosticsTab, wait_until: Any) -> MissedDialog:
    tab.rater.missed_button.click()
    found: list[MissedDialog] = []

    def opened() -> bool:
        found[:] = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, MissedDialog) and w.isVisible()
        ]
        return bool(found)

    wait_until(opened)
    return found[0]


def test_missed_opens_a_dialog_that_names_a_type_a_pattern_and_a_polarity(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any, qtbot: Any
) -> None:
    seed_two(seed, ctrl)
    rid = record(ctrl)
    show(tab, rid, run_async, wait_until)
    dialog = _open_missed(tab, wait_until)
    assert unnamed(dialog) == [] and duplicates(dialog) == {}
    assert dialog.type_combo.findText("layout") >= 0  # the kinds memory knows are offered
    dialog.ok_button.click()  # nothing named: the dialog says what is missing and stays open
    assert dialog.isVisible() and dialog.problem.isVisible()
    assert "kind of preference" in dialog.problem.text()
    dialog.type_combo.setCurrentText("color")
    qtbot.keyClicks(dialog.pattern_edit, "neon_gradients")
    qtbot.keyClick(dialog.avoid_radio, Qt.Key.Key_Space)
    assert dialog.avoid_radio.isChecked()
    with qtbot.waitSignal(ctrl.changed, timeout=3000):
        dialog.ok_button.click()
    wait_until(lambda: "named as missed" in tab.message.text())
    (stored,) = ratings(ctrl)
    assert stored["recall"]["outcome"] == "missed"
    assert stored["patterns"] == [
        {"preference_type": "color", "pattern": "neon_gradients", "polarity": "negative"}
    ]


def test_cancelling_missed_stores_nothing_and_a_refusal_is_a_sentence(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed_two(seed, ctrl)
    rid = record(ctrl)
    show(tab, rid, run_async, wait_until)
    dialog = _open_missed(tab, wait_until)
    dialog.cancel_button.click()
    run_async(asyncio.sleep(0.1))
    assert ratings(ctrl) == []
    # What it injected already cannot have been missed: the service's sentence is shown.
    dialog = _open_missed(tab, wait_until)
    dialog.type_combo.setCurrentText("layout")
    dialog.pattern_edit.setText("airy_spacing")
    dialog.ok_button.click()
    wait_until(lambda: "was not rated" in tab.message.text())
    assert "already, so it was not missed" in tab.message.text()
    dialog = _open_missed(tab, wait_until)
    dialog.type_combo.setCurrentText("layout")
    dialog.pattern_edit.setText("bad name!")
    dialog.ok_button.click()
    wait_until(lambda: "pattern" in tab.message.text() and "bad name" not in tab.message.text()[:5])
    assert ratings(ctrl) == []
    assert tab.rater.missed_button.isEnabled()


def test_what_the_service_would_refuse_is_disabled_with_its_reason(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed_two(seed, ctrl)
    temporary = record(ctrl, temporary=True)
    empty = record(ctrl, "p1", types=["typography"])
    r = tab.rater
    buttons = (r.helped_button, r.too_much_button, r.not_relevant_button, r.missed_button)
    show(tab, temporary, run_async, wait_until)
    assert not any(b.isEnabled() for b in buttons)
    assert "temporary conversation" in r.helped_button.toolTip()
    assert r.note.isVisible() and "temporary conversation" in r.note.text()
    show(tab, empty, run_async, wait_until)
    assert not r.helped_button.isEnabled() and not r.too_much_button.isEnabled()
    assert "put nothing into the prompt" in r.too_much_button.toolTip()
    assert r.missed_button.isEnabled() and not r.note.isVisible()
    # a dry run was recorded nowhere
    run_async(tab.run_retrieval("p1", dry_run=True))
    assert tab.events.shown_retrieval is None
    assert not any(b.isEnabled() for b in buttons)
    assert "dry run" in r.missed_button.toolTip()
    # nothing selected
    tab.events.show_nothing()
    assert not r.missed_button.isEnabled() and "Select a recorded retrieval" in r.missed_button.toolTip()
    # The service refuses the same: asking anyway stores nothing and says why.
    assert run_async(r.rate("helped")) is None
    assert ratings(ctrl) == []


def test_a_read_only_store_cannot_be_rated(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any, monkeypatch: Any
) -> None:
    seed_two(seed, ctrl)
    rid = record(ctrl)
    show(tab, rid, run_async, wait_until)
    monkeypatch.setattr(ctrl.store, "read_only", True)
    tab.set_read_only(True)
    assert not tab.rater.helped_button.isEnabled()
    assert "read-only" in tab.rater.helped_button.toolTip()


def test_the_rating_buttons_have_mnemonics_names_and_tooltips(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any, qtbot: Any
) -> None:
    seed_two(seed, ctrl)
    rid = record(ctrl)
    show(tab, rid, run_async, wait_until)
    r = tab.rater
    for b in (r.helped_button, r.too_much_button, r.not_relevant_button, r.missed_button):
        assert "&" in b.text() and b.accessibleName() and b.toolTip()
    assert duplicates(tab) == {} and unnamed(tab) == []
    # Alt+H rates the retrieval helped from the keyboard.
    tab.activateWindow()
    tab.table.setFocus()
    with qtbot.waitSignal(ctrl.changed, timeout=3000):
        qtbot.keyClick(tab, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)
    wait_until(lambda: "rated helped" in tab.message.text())


# --------------------------------------------------------------------------- screenshots
@pytest.mark.parametrize("german", [False, True])
def test_screenshots_of_the_rating_row_narrow_and_wide(
    ctrl: Any, qtbot: Any, qapp: Any, seed: Any, run_async: Any, wait_until: Any, german: bool
) -> None:
    seed_two(seed, ctrl)
    rid = record(ctrl)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with speaking(qapp, "de") if german else contextlib.nullcontext():
        try:
            tab = DiagnosticsTab(ctrl)
            qtbot.addWidget(tab)
            tab.show()
            for dark in (False, True):
                apply_scheme(qapp, dark=dark)
                for width in (720, 1280):
                    tab.resize(width, 760)
                    show(tab, rid, run_async, wait_until)
                    tab.kept_panel.list.setCurrentRow(1)
                    run_async(asyncio.sleep(0.2))
                    image = tab.grab().toImage()
                    assert not image.isNull()
                    lang = "de" if german else "en"
                    name = f"diagnostics-rating-{lang}-{'dark' if dark else 'light'}-{width}.png"
                    assert image.save(str(SHOTS / name))
                    assert tab.rater.helped_button.isVisible() and tab.rater.not_relevant_button.isVisible()
        finally:
            apply_scheme(qapp, dark=False)

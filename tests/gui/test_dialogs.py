"""The Overview's dialogs: pause choices, passphrase rules, the typed RESET, progress from a thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QDateTime, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QLabel

from creative_memory.gui.dialogs.import_mode import ImportDialog
from creative_memory.gui.dialogs.passphrase import PassphraseDialog
from creative_memory.gui.dialogs.pause import PauseDialog, preset_end
from creative_memory.gui.dialogs.progress import ProgressDialog
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.dialogs.reset import ResetDialog
from creative_memory.services.forget.erasure import Receipt
from creative_memory.services.inspection.queries import ResetCounts

NOW = 1_793_000_000_000  # 2026-10-26T…Z
HOUR = 3_600_000


def click(qtbot: Any, button: Any) -> None:
    """Click a check or radio button on its indicator (its centre may be past the text)."""
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(6, button.height() // 2))


_made: list[QDialog] = []


@pytest.fixture(autouse=True)
def delete_dialogs() -> Iterator[None]:
    """Dialogs made here are deleted on the GUI thread at teardown (not by a later collection)."""
    yield
    while _made:
        d = _made.pop()
        if shiboken6.isValid(d):
            d.close()
            shiboken6.delete(d)


def shown(qtbot: Any, dialog: QDialog) -> QDialog:
    _made.append(dialog)
    dialog.show()
    return dialog


# --------------------------------------------------------------------------- pause
def test_pause_dialog_defaults_to_one_hour_of_both(qtbot: Any) -> None:
    d = shown(qtbot, PauseDialog(now_ms=NOW))
    choice = d.choice()
    assert (choice.preset, choice.until, choice.what) == ("hour", NOW + HOUR, "both")
    assert d.ok_button().isEnabled()


def test_pause_dialog_returns_the_clicked_preset_and_what(qtbot: Any) -> None:
    d = shown(qtbot, PauseDialog(now_ms=NOW))
    click(qtbot, d.preset_buttons["week"])
    click(qtbot, d.what_buttons["learning"])
    assert d.choice().preset == "week"
    assert d.choice().until == NOW + 7 * 24 * HOUR
    assert d.choice().what == "learning"

    click(qtbot, d.preset_buttons["resume"])
    click(qtbot, d.what_buttons["using"])
    assert d.choice().until is None and d.choice().what == "using"
    assert "until you resume" in d.ends_label.text()


def test_the_presets_people_pause_with(qtbot: Any) -> None:
    d = shown(qtbot, PauseDialog(now_ms=NOW))
    labels = [b.text() for b in d.preset_buttons.values()]
    assert labels == [
        "For &1 hour",
        "For &2 hours",
        "Until &tomorrow, 08:00",
        "For 1 &week",
        "Until I &resume",
        "Until a &date and time:",
    ]
    click(qtbot, d.preset_buttons["two_hours"])
    assert (d.choice().preset, d.choice().until) == ("two_hours", NOW + 2 * HOUR)
    assert preset_end("two_hours", NOW) == NOW + 2 * HOUR


def test_until_tomorrow_is_eight_in_the_morning_local_time(qtbot: Any) -> None:
    d = shown(qtbot, PauseDialog(now_ms=NOW))
    d.set_preset("tomorrow")
    end = datetime.fromtimestamp(d.choice().until / 1000).astimezone()  # type: ignore[operator]
    today = datetime.fromtimestamp(NOW / 1000).astimezone().date()
    assert end.date() == today + timedelta(days=1)
    assert (end.hour, end.minute, end.second) == (8, 0, 0)
    assert preset_end("tomorrow", NOW) == d.choice().until


def test_a_chosen_date_time_selects_the_custom_preset(qtbot: Any) -> None:
    d = shown(qtbot, PauseDialog(now_ms=NOW))
    target = NOW + 3 * 24 * HOUR + 30 * 60_000
    d.until_edit.setDateTime(QDateTime.fromMSecsSinceEpoch(target))
    assert d.choice().preset == "custom"
    # The editor shows minutes; seconds are whatever the edit kept (within a minute).
    assert abs(d.choice().until - target) < 60_000  # type: ignore[operator]
    # Choosing a preset again moves the editor to that preset's end.
    d.set_preset("hour")
    assert d.until_edit.dateTime().toMSecsSinceEpoch() == NOW + HOUR


def type_until(qtbot: Any, d: PauseDialog, text: str) -> None:
    """Choose "Until a date and time", Tab to its field and type ``text`` there."""
    qtbot.waitExposed(d)
    d.activateWindow()
    qtbot.waitUntil(d.isActiveWindow)
    button = d.preset_buttons["custom"]
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert d.preset() == "custom"
    qtbot.keyClick(button, Qt.Key.Key_Tab)
    assert d.focusWidget() is d.until_edit
    QTest.keyClicks(d.until_edit, text)


@pytest.mark.parametrize("typed", ["2026-12-02 09:30", "202612020930"])
def test_a_date_and_time_can_be_typed_digit_by_digit(qtbot: Any, typed: str) -> None:
    d = shown(qtbot, PauseDialog(now_ms=NOW))
    assert isinstance(d, PauseDialog)
    type_until(qtbot, d, typed)
    assert d.until_edit.dateTime().toString("yyyy-MM-dd HH:mm") == "2026-12-02 09:30"
    assert d.choice().preset == "custom" and d.ok_button().isEnabled()
    assert d.ends_label.text() == "Learning and using will be paused until Wednesday, 2 December 2026, 09:30."


def test_the_date_field_starts_at_its_first_digits_not_at_a_weekday(qtbot: Any) -> None:
    d = shown(qtbot, PauseDialog(now_ms=NOW))
    assert isinstance(d, PauseDialog)
    assert "ddd" not in d.until_edit.displayFormat() and "MMM" not in d.until_edit.displayFormat()
    type_until(qtbot, d, "")
    assert d.until_edit.currentSectionIndex() == 0
    # a day before today's, typed on the way to a later month, is not refused mid-typing
    QTest.keyClicks(d.until_edit, "2027-01-01 00:00")
    assert d.until_edit.dateTime().toString("yyyy-MM-dd HH:mm") == "2027-01-01 00:00"


def test_a_custom_time_in_the_past_is_refused_with_a_sentence(qtbot: Any) -> None:
    now = int(QDateTime.currentMSecsSinceEpoch())
    d = shown(qtbot, PauseDialog(now_ms=now))
    d.until_edit.setMinimumDateTime(QDateTime.fromMSecsSinceEpoch(now - 10 * HOUR))
    d.set_until(now - HOUR)
    assert not d.ok_button().isEnabled()
    assert d.problem.isVisible() and "future" in d.problem.text()
    d.accept()
    assert d.isVisible() and d.result() != QDialog.DialogCode.Accepted


# --------------------------------------------------------------------------- passphrase
@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        ("short", "short", "at least 8"),
        ("long enough 1", "long enough 2", "do not match"),
        ("", "", "Enter a passphrase"),
    ],
)
def test_passphrase_dialog_refuses_short_or_mismatched_with_a_visible_sentence(
    qtbot: Any, first: str, second: str, words: str
) -> None:
    d = shown(qtbot, PassphraseDialog(confirm=True))
    qtbot.waitExposed(d)
    heights = (d.passphrase_edit.height(), d.confirm_edit.height())
    qtbot.keyClicks(d.passphrase_edit, first)
    qtbot.keyClicks(d.confirm_edit, second)
    assert not d.problem.isVisible()
    d.buttons.button(d.buttons.StandardButton.Ok).click()
    assert d.isVisible(), "the dialog must stay open"
    assert d.problem.isVisible() and words in d.problem.text()
    # the dialog grows for the sentence: the fields keep their height (they were squashed to ~10 px)
    qtbot.waitUntil(lambda: d.problem.height() >= d.problem.heightForWidth(d.problem.width()))
    assert (d.passphrase_edit.height(), d.confirm_edit.height()) == heights
    # Typing again hides the stale sentence.
    qtbot.keyClicks(d.passphrase_edit, "x")
    assert not d.problem.isVisible()


def test_passphrase_dialog_accepts_a_matching_long_passphrase(qtbot: Any) -> None:
    d = shown(qtbot, PassphraseDialog(confirm=True, keychain_available=True))
    qtbot.keyClicks(d.passphrase_edit, "correct horse")
    qtbot.keyClicks(d.confirm_edit, "correct horse")
    d.remember_check.setChecked(True)
    with qtbot.waitSignal(d.accepted, timeout=1000):
        d.buttons.button(d.buttons.StandardButton.Ok).click()
    assert d.passphrase() == "correct horse" and d.remember()


def test_remember_is_unavailable_without_a_keychain(qtbot: Any) -> None:
    d = shown(qtbot, PassphraseDialog(confirm=True, keychain_available=False))
    d.remember_check.setChecked(True)
    assert not d.remember_check.isEnabled() and not d.remember()
    assert "keychain" in d.remember_check.toolTip()


def test_opening_an_encrypted_file_asks_once_and_has_no_minimum(qtbot: Any) -> None:
    d = shown(qtbot, PassphraseDialog(confirm=False, offer_remember=False))
    assert not d.confirm_edit.isVisible() and not d.remember_check.isVisible()
    qtbot.keyClicks(d.passphrase_edit, "abc")
    with qtbot.waitSignal(d.accepted, timeout=1000):
        d.accept()
    assert d.passphrase() == "abc"


# --------------------------------------------------------------------------- import mode
def test_import_dialog_defaults_to_merge(qtbot: Any, tmp_path: Path) -> None:
    d = shown(qtbot, ImportDialog(path=tmp_path / "bundle.json"))
    assert d.mode() == "merge"
    click(qtbot, d.replace_button)
    assert d.mode() == "replace"


# --------------------------------------------------------------------------- reset
def test_reset_needs_the_typed_word_and_names_the_counts(qtbot: Any, tmp_path: Path) -> None:
    counts = ResetCounts(preferences=12, events=345, retrievals=6)
    d = shown(qtbot, ResetDialog(counts=counts, backup_path=tmp_path / "b.json", user="local"))
    what = d.findChild(type(d.problem), "reset_what").text()
    assert "12 learned preferences" in what and "345 raw events" in what and "6 recorded retrievals" in what
    assert not d.reset_button.isEnabled()
    qtbot.keyClicks(d.confirm_edit, "reset")
    assert not d.reset_button.isEnabled(), "lower case is not the word"
    d.confirm_edit.clear()
    qtbot.keyClicks(d.confirm_edit, "RESE")
    assert not d.reset_button.isEnabled()
    qtbot.keyClick(d.confirm_edit, Qt.Key.Key_Return)  # Enter must not accept early
    assert d.isVisible() and d.result() != QDialog.DialogCode.Accepted
    qtbot.keyClicks(d.confirm_edit, "T")
    assert d.reset_button.isEnabled()
    assert d.backup_path() == tmp_path / "b.json"
    d.backup_check.setChecked(False)
    assert d.backup_path() is None and not d.backup_edit.isEnabled()
    with qtbot.waitSignal(d.accepted, timeout=1000):
        qtbot.mouseClick(d.reset_button, Qt.MouseButton.LeftButton)


def test_reset_refuses_a_backup_without_a_path(qtbot: Any, tmp_path: Path) -> None:
    d = shown(qtbot, ResetDialog(counts=ResetCounts(), backup_path=tmp_path / "b.json"))
    qtbot.keyClicks(d.confirm_edit, "RESET")
    d.backup_edit.clear()
    assert not d.reset_button.isEnabled() and d.problem.isVisible()


def test_reset_cancel_rejects(qtbot: Any, tmp_path: Path) -> None:
    d = shown(qtbot, ResetDialog(counts=ResetCounts(), backup_path=tmp_path / "b.json"))
    with qtbot.waitSignal(d.rejected, timeout=1000):
        d.cancel_button.click()


# --------------------------------------------------------------------------- progress, receipt
def test_progress_reports_from_another_thread_and_cancels(qtbot: Any) -> None:
    d = ProgressDialog(title="Work", text="Working…", cancellable=True, show_after_ms=0)
    _made.append(d)
    qtbot.waitUntil(d.isVisible, timeout=2000)

    worker = threading.Thread(target=lambda: (d.report(30, 120), d.step("Half way")))
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: d.bar.value() == 30, timeout=2000)
    assert d.bar.maximum() == 120 and d.label.text() == "Half way"
    assert not d.is_cancelled()
    qtbot.keyClick(d, Qt.Key.Key_Escape)
    assert d.is_cancelled() and d.isVisible(), "Escape asks to cancel; the dialog stays until the work stops"
    assert not d.cancel_button.isEnabled()
    d.finish()
    assert not d.isVisible()


def test_progress_without_cancel_cannot_be_closed_early(qtbot: Any) -> None:
    d = ProgressDialog(title="Work", text="Working…", cancellable=False, show_after_ms=0)
    _made.append(d)
    qtbot.waitUntil(d.isVisible, timeout=2000)
    assert not d.cancel_button.isVisible()
    qtbot.keyClick(d, Qt.Key.Key_Escape)
    d.close()
    assert d.isVisible() and not d.is_cancelled()
    d.finish()
    assert not d.isVisible()


def test_receipt_lists_what_was_erased(qtbot: Any) -> None:
    receipt = Receipt(
        preferences=3,
        events_deleted=40,
        events_rewritten=0,
        diagnostics=2,
        verified=True,
        checkpointed=True,
        duration_ms=12.5,
    )
    d = shown(qtbot, ReceiptDialog(receipt, backup=Path("backup.json")))
    assert d.values["preferences"].text() == "3"
    assert d.values["events_deleted"].text() == "40"
    assert d.values["diagnostics"].text() == "2"
    assert d.values["verified"].text().startswith("yes")
    assert d.values["backup"].text() == "backup.json"
    # a reset's receipt: no pattern count, nothing blocked, no notes to show
    assert "patterns" not in d.values and "blocked" not in d.values and "events_rewritten" not in d.values
    assert d.findChild(QLabel, "receipt_heading").text() == "Reset and verified"
    assert not d.notes_label.isVisible()


def test_one_receipt_dialog_serves_forget_and_reset(qtbot: Any) -> None:
    unproven = Receipt(
        preferences=1,
        events_deleted=2,
        events_rewritten=1,
        diagnostics=0,
        verified=False,
        checkpointed=False,
        occurrences=2,
        blocked=True,
        notes=["Another program kept an old snapshot open."],
        duration_ms=3.0,
    )
    forget = shown(qtbot, ReceiptDialog(unproven, patterns=1))
    assert forget.values["patterns"].text() == "1" and forget.values["blocked"].text() == "yes"
    assert forget.values["verified"].text() == "no — a byte search still found 2 occurrence(s)"
    assert forget.findChild(QLabel, "receipt_heading").text() == "Forgotten, but not verified"
    assert forget.notes_label.text() == "• Another program kept an old snapshot open."
    assert "backup" not in forget.values
    reset = shown(qtbot, ReceiptDialog(unproven))
    assert reset.findChild(QLabel, "receipt_heading").text() == "Reset, but not verified"
    # a reset's service notes do not mention the write-ahead log it could not empty: the dialog does
    assert reset.notes_label.text().count("•") == 2 and "write-ahead log" in reset.notes_label.text()

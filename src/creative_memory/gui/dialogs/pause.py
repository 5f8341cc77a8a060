"""Pause learning and/or using: a preset (an hour, two hours, until tomorrow 08:00, a week, until
resumed) or a chosen end, and what to pause."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import error_label, plain, wrap
from creative_memory.gui.icons import icon

Preset = Literal["hour", "two_hours", "tomorrow", "week", "resume", "custom"]
What = Literal["both", "learning", "using"]
PRESETS: tuple[Preset, ...] = ("hour", "two_hours", "tomorrow", "week", "resume", "custom")
WHATS: tuple[What, ...] = ("both", "learning", "using")
TOMORROW_HOUR = 8


def local_datetime(ms: int) -> datetime:
    """A UTC epoch in ms as an aware local datetime."""
    return datetime.fromtimestamp(ms / 1000).astimezone()


def to_ms(dt: datetime) -> int:
    return round(dt.timestamp() * 1000)


def preset_end(preset: Preset, now_ms: int) -> int | None:
    """When a pause chosen with ``preset`` at ``now_ms`` ends (ms), or None for "until I resume".

    "Until tomorrow" is 08:00 local time on the next calendar day.
    """
    now = local_datetime(now_ms)
    if preset == "hour":
        return now_ms + 3_600_000
    if preset == "two_hours":
        return now_ms + 2 * 3_600_000
    if preset == "week":
        return now_ms + 7 * 86_400_000
    if preset == "tomorrow":
        day = (now + timedelta(days=1)).date()
        naive = datetime(day.year, day.month, day.day, TOMORROW_HOUR, 0)
        return to_ms(naive.astimezone())
    if preset == "resume":
        return None
    raise ValueError(f"no fixed end for preset {preset!r}")


def edit_format(locale: QLocale) -> str:
    """The date and time field's format in ``locale``: its short date and time, typed digit by
    digit — two-digit days, months and hours, a four-digit year and no weekday or month name,
    so the first field is the day (or the month, where the month comes first) and typing
    ``02122026`` fills it. Without a real locale (C), ISO order."""
    if locale.language() == QLocale.Language.C:
        return "yyyy-MM-dd HH:mm"
    text = locale.dateTimeFormat(QLocale.FormatType.ShortFormat)
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "'":  # a quoted literal, kept as it is
            end = text.find("'", i + 1)
            end = len(text) - 1 if end < 0 else end
            out.append(text[i : end + 1])
            i = end + 1
            continue
        run = 1
        while i + run < len(text) and text[i + run] == ch:
            run += 1
        if ch == "y":
            out.append("yyyy")
        elif ch in "dMHhm" and run <= 2:
            out.append(ch * 2)
        else:
            out.append(ch * run)
        i += run
    return "".join(out)


def spoken_end(ms: int, locale: QLocale) -> str:
    """When a pause ends, as a sentence says it in ``locale``: the long date (with the weekday)
    and the time, local time."""
    dt = QDateTime.fromMSecsSinceEpoch(ms).toLocalTime()
    date = locale.toString(dt.date(), QLocale.FormatType.LongFormat)
    return f"{date}, {locale.toString(dt.time(), QLocale.FormatType.ShortFormat)}"


class DateTimeField(QDateTimeEdit):
    """A date and time typed as people write it: ``02.12.2026 09:30`` as well as ``021220260930``.

    Qt moves to the next field by itself once a field's digits are complete; the separator a
    person types next would then skip a field. A separator right after such a move is taken as
    the one already made."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._moved_on = False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if len(text) == 1 and not text.isalnum() and text.isprintable() and self._moved_on:
            self._moved_on = False
            event.accept()
            return
        before = self.currentSectionIndex()
        super().keyPressEvent(event)
        self._moved_on = len(text) == 1 and text.isdigit() and self.currentSectionIndex() != before


@dataclass(frozen=True)
class PauseChoice:
    preset: Preset
    until: int | None  # ms since the epoch; None = until resumed
    what: What


class PauseDialog(QDialog):
    """Pause learning and/or using: presets (1 hour, 2 hours, until tomorrow 08:00, 1 week, until I resume)
    or a date and time, and what to pause (both, learning only, using only)."""

    def __init__(self, parent: QWidget | None = None, *, now_ms: int) -> None:
        # Built top to bottom in reading order, which is also its keyboard order (Qt's focus chain
        # follows the order widgets are made): the parts below are made in that order.
        super().__init__(parent)
        self.setObjectName("pause_dialog")
        self.setWindowTitle(self.tr("Pause creative memory"))
        self.setAccessibleName(self.tr("Pause creative memory"))
        self._now_ms = now_ms
        self._syncing = False

        intro = wrap(
            self.tr("A pause ends by itself at the time you choose; you can also resume earlier."), self
        )

        when_box = self._build_when(now_ms)
        what_box = self._build_what()
        self.problem = error_label(self)
        self.ends_label = QLabel(self)
        self.ends_label.setObjectName("pause_ends")
        self.ends_label.setWordWrap(True)

        self._build_buttons()

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(when_box)
        layout.addWidget(what_box)
        layout.addWidget(self.ends_label)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 58)

        self.preset_group.idToggled.connect(self._on_preset)
        self.until_edit.dateTimeChanged.connect(self._on_edit)
        self.what_group.idToggled.connect(lambda *_: self._update())
        self.preset_buttons["hour"].setChecked(True)
        self.what_buttons["both"].setChecked(True)
        self._on_preset(0, True)
        self.preset_buttons["hour"].setFocus()

    def _build_when(self, now_ms: int) -> QGroupBox:
        """ "How long": the presets and the date and time of "Until a date and time"."""
        when_box = QGroupBox(self.tr("How long"), self)
        when_layout = QGridLayout(when_box)
        self.preset_group = QButtonGroup(self)
        labels: dict[Preset, tuple[str, str]] = {
            "hour": (self.tr("For &1 hour"), self.tr("Pause for one hour from now")),
            "two_hours": (self.tr("For &2 hours"), self.tr("Pause for two hours from now")),
            "tomorrow": (
                self.tr("Until &tomorrow, 08:00"),
                self.tr("Pause until eight in the morning tomorrow (local time)"),
            ),
            "week": (self.tr("For 1 &week"), self.tr("Pause for seven days from now")),
            "resume": (self.tr("Until I &resume"), self.tr("Pause with no end; resume it yourself")),
            "custom": (
                self.tr("Until a &date and time:"),
                self.tr("Pause until the date and time you choose"),
            ),
        }
        self.preset_buttons: dict[Preset, QRadioButton] = {}
        for i, key in enumerate(PRESETS):
            text, tip = labels[key]
            button = QRadioButton(text, when_box)
            button.setObjectName(f"preset_{key}")
            button.setToolTip(tip)
            button.setAccessibleName(plain(text).rstrip(":"))
            self.preset_group.addButton(button, i)
            self.preset_buttons[key] = button
            when_layout.addWidget(button, i, 0)
        self.until_edit = DateTimeField(when_box)
        self.until_edit.setObjectName("pause_until")
        self.until_edit.setCalendarPopup(True)
        # Digits typed in the person's order (no weekday first, where digits do nothing). No
        # minimum: a day typed before today's (on the way to a later month) would be refused
        # mid-typing; an end in the past is said below the fields instead.
        self.until_edit.setDisplayFormat(edit_format(self.locale()))
        self.until_edit.setCurrentSectionIndex(0)
        self.until_edit.setAccessibleName(self.tr("Pause until (date and time)"))
        self.until_edit.setToolTip(
            self.tr("The local date and time when the pause ends by itself; type the digits or pick a day")
        )
        when_layout.addWidget(self.until_edit, len(PRESETS) - 1, 1)
        when_layout.setColumnStretch(1, 1)
        return when_box

    def _build_what(self) -> QGroupBox:
        """ "What to pause": both, learning only, using only."""
        what_box = QGroupBox(self.tr("What to pause"), self)
        what_layout = QVBoxLayout(what_box)
        self.what_group = QButtonGroup(self)
        what_labels: dict[What, tuple[str, str]] = {
            "both": (
                self.tr("&Both learning and using"),
                self.tr("Nothing new is learned and nothing is added to prompts"),
            ),
            "learning": (
                self.tr("&Learning only"),
                self.tr("Keep using what is remembered, but learn nothing new from your work"),
            ),
            "using": (
                self.tr("&Using only"),
                self.tr("Keep learning, but add nothing to Open Design's prompts"),
            ),
        }
        self.what_buttons: dict[What, QRadioButton] = {}
        for i, what_key in enumerate(WHATS):
            text, tip = what_labels[what_key]
            button = QRadioButton(text, what_box)
            button.setObjectName(f"what_{what_key}")
            button.setToolTip(tip)
            button.setAccessibleName(plain(text))
            self.what_group.addButton(button, i)
            self.what_buttons[what_key] = button
            what_layout.addWidget(button)
        return what_box

    def _build_buttons(self) -> None:
        """Pause and Cancel."""
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = self.ok_button()
        ok.setText(self.tr("&Pause"))
        ok.setIcon(icon("pause"))
        ok.setToolTip(self.tr("Start the pause"))
        ok.setAccessibleName(self.tr("Pause"))
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setToolTip(self.tr("Close without pausing"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def ok_button(self) -> QPushButton:
        button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert button is not None
        return button

    # choices -----------------------------------------------------------------------------------
    def preset(self) -> Preset:
        for key, button in self.preset_buttons.items():
            if button.isChecked():
                return key
        return "hour"

    def what(self) -> What:
        for key, button in self.what_buttons.items():
            if button.isChecked():
                return key
        return "both"

    def until(self) -> int | None:
        preset = self.preset()
        if preset == "custom":
            return int(self.until_edit.dateTime().toMSecsSinceEpoch())
        return preset_end(preset, self._now_ms)

    def choice(self) -> PauseChoice:
        return PauseChoice(self.preset(), self.until(), self.what())

    def set_preset(self, preset: Preset) -> None:
        self.preset_buttons[preset].setChecked(True)

    def set_what(self, what: What) -> None:
        self.what_buttons[what].setChecked(True)

    def set_until(self, ms: int) -> None:
        """Choose a date and time (selects the "date and time" preset)."""
        self.until_edit.setDateTime(QDateTime.fromMSecsSinceEpoch(ms))
        self.set_preset("custom")

    # behaviour -----------------------------------------------------------------------------------
    def _on_preset(self, _id: int, checked: bool) -> None:
        if not checked:
            return
        preset = self.preset()
        if preset not in ("custom", "resume"):
            end = preset_end(preset, self._now_ms)
            if end is not None:
                self._syncing = True
                try:
                    self.until_edit.setDateTime(QDateTime.fromMSecsSinceEpoch(end))
                finally:
                    self._syncing = False
        self._update()

    def _on_edit(self, _dt: QDateTime) -> None:
        if not self._syncing and self.preset() != "custom":
            self.set_preset("custom")
        self._update()

    def problem_text(self) -> str | None:
        until = self.until()
        if until is not None and until <= self._now_ms:
            return self.tr("The end of the pause must be in the future; choose a later date and time.")
        return None

    def summary(self) -> str:
        """The sentence under the choices: what is paused, and until when."""
        until = self.until()
        what = self.what()
        if until is None:
            return {
                "both": self.tr("Learning and using will stay paused until you resume."),
                "learning": self.tr("Learning will stay paused until you resume."),
                "using": self.tr("Using will stay paused until you resume."),
            }[what]
        sentence = {
            "both": self.tr("Learning and using will be paused until {when}."),
            "learning": self.tr("Learning will be paused until {when}."),
            "using": self.tr("Using will be paused until {when}."),
        }[what]
        return sentence.format(when=spoken_end(until, self.locale()))

    def _update(self) -> None:
        self.ends_label.setText(self.summary())
        problem = self.problem_text()
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        self.ok_button().setEnabled(problem is None)

    def accept(self) -> None:
        self._update()
        if self.problem_text() is None:
            super().accept()

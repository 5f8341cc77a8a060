"""Dialogs of the Overview tab: pause, passphrase, import mode, reset, progress and receipt.

Every dialog here is opened with ``open()`` and awaited with :func:`gui.asyncbridge.wait_dialog`
(never ``exec()``); each exposes its choices as plain values so tests can drive it without a file
dialog or a nested event loop. File choosers are awaited the same way (:func:`ask_save_path`,
:func:`ask_open_path`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from PySide6.QtCore import QCoreApplication, QDateTime, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QFont, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import wait_dialog
from creative_memory.gui.icons import icon
from creative_memory.gui.widgets import accent_colour

MIN_PASSPHRASE = 8  # the same minimum as services.crypto (checked here so the dialog can say so)

Preset = Literal["hour", "two_hours", "tomorrow", "week", "resume", "custom"]
What = Literal["both", "learning", "using"]
PRESETS: tuple[Preset, ...] = ("hour", "two_hours", "tomorrow", "week", "resume", "custom")
WHATS: tuple[What, ...] = ("both", "learning", "using")
TOMORROW_HOUR = 8


def tr(text: str) -> str:
    return QCoreApplication.translate("Dialogs", text)


def _plain(text: str) -> str:
    """A label without its mnemonic marker, for accessible names."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _error_label(parent: QWidget) -> QLabel:
    """A sentence in the palette's error colour, hidden until there is something to say."""
    label = QLabel(parent)
    label.setObjectName("dialogProblem")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setVisible(False)
    _colour_error(label)
    return label


def _colour_error(label: QLabel) -> None:
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, accent_colour("error", label.palette()))
    label.setPalette(palette)


def _wrap(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


# --------------------------------------------------------------------------- pause
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


@dataclass(frozen=True)
class PauseChoice:
    preset: Preset
    until: int | None  # ms since the epoch; None = until resumed
    what: What


class PauseDialog(QDialog):
    """Pause learning and/or using: presets (1 hour, 2 hours, until tomorrow 08:00, 1 week, until I resume)
    or a date and time, and what to pause (both, learning only, using only)."""

    def __init__(self, parent: QWidget | None = None, *, now_ms: int) -> None:
        super().__init__(parent)
        self.setObjectName("pause_dialog")
        self.setWindowTitle(tr("Pause creative memory"))
        self.setAccessibleName(tr("Pause creative memory"))
        self._now_ms = now_ms
        self._syncing = False

        intro = _wrap(
            tr("A pause ends by itself at the time you choose; you can also resume earlier."), self
        )

        # how long --------------------------------------------------------------------------
        when_box = QGroupBox(tr("How long"), self)
        when_layout = QGridLayout(when_box)
        self.preset_group = QButtonGroup(self)
        labels: dict[Preset, tuple[str, str]] = {
            "hour": (tr("For &1 hour"), tr("Pause for one hour from now")),
            "two_hours": (tr("For &2 hours"), tr("Pause for two hours from now")),
            "tomorrow": (
                tr("Until &tomorrow, 08:00"),
                tr("Pause until eight in the morning tomorrow (local time)"),
            ),
            "week": (tr("For 1 &week"), tr("Pause for seven days from now")),
            "resume": (tr("Until I &resume"), tr("Pause with no end; resume it yourself")),
            "custom": (tr("Until a &date and time:"), tr("Pause until the date and time you choose")),
        }
        self.preset_buttons: dict[Preset, QRadioButton] = {}
        for i, key in enumerate(PRESETS):
            text, tip = labels[key]
            button = QRadioButton(text, when_box)
            button.setObjectName(f"preset_{key}")
            button.setToolTip(tip)
            button.setAccessibleName(_plain(text).rstrip(":"))
            self.preset_group.addButton(button, i)
            self.preset_buttons[key] = button
            when_layout.addWidget(button, i, 0)
        self.until_edit = QDateTimeEdit(when_box)
        self.until_edit.setObjectName("pause_until")
        self.until_edit.setCalendarPopup(True)
        self.until_edit.setDisplayFormat("ddd d MMM yyyy, HH:mm")
        self.until_edit.setAccessibleName(tr("Pause until (date and time)"))
        self.until_edit.setToolTip(tr("The local date and time when the pause ends by itself"))
        self.until_edit.setMinimumDateTime(QDateTime.fromMSecsSinceEpoch(now_ms))
        when_layout.addWidget(self.until_edit, len(PRESETS) - 1, 1)
        when_layout.setColumnStretch(1, 1)

        # what --------------------------------------------------------------------------------
        what_box = QGroupBox(tr("What to pause"), self)
        what_layout = QVBoxLayout(what_box)
        self.what_group = QButtonGroup(self)
        what_labels: dict[What, tuple[str, str]] = {
            "both": (
                tr("&Both learning and using"),
                tr("Nothing new is learned and nothing is added to prompts"),
            ),
            "learning": (
                tr("&Learning only"),
                tr("Keep using what is remembered, but learn nothing new from your work"),
            ),
            "using": (
                tr("&Using only"),
                tr("Keep learning, but add nothing to Open Design's prompts"),
            ),
        }
        self.what_buttons: dict[What, QRadioButton] = {}
        for i, what_key in enumerate(WHATS):
            text, tip = what_labels[what_key]
            button = QRadioButton(text, what_box)
            button.setObjectName(f"what_{what_key}")
            button.setToolTip(tip)
            button.setAccessibleName(_plain(text))
            self.what_group.addButton(button, i)
            self.what_buttons[what_key] = button
            what_layout.addWidget(button)

        self.problem = _error_label(self)
        self.ends_label = QLabel(self)
        self.ends_label.setObjectName("pause_ends")
        self.ends_label.setWordWrap(True)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = self.ok_button()
        ok.setText(tr("&Pause"))
        ok.setIcon(icon("pause"))
        ok.setToolTip(tr("Start the pause"))
        ok.setAccessibleName(tr("Pause"))
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setToolTip(tr("Close without pausing"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

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
            return tr("The end of the pause must be in the future; choose a later date and time.")
        return None

    def _update(self) -> None:
        until = self.until()
        what = {
            "both": tr("Learning and using"),
            "learning": tr("Learning"),
            "using": tr("Using"),
        }[self.what()]
        if until is None:
            self.ends_label.setText(tr("{what} will stay paused until you resume.").format(what=what))
        else:
            when = QDateTime.fromMSecsSinceEpoch(until).toString("ddd d MMM yyyy, HH:mm")
            self.ends_label.setText(tr("{what} will be paused until {when}.").format(what=what, when=when))
        problem = self.problem_text()
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        self.ok_button().setEnabled(problem is None)

    def accept(self) -> None:
        self._update()
        if self.problem_text() is None:
            super().accept()


# --------------------------------------------------------------------------- passphrase
class PassphraseDialog(QDialog):
    """Ask for a passphrase.

    ``confirm=True`` (choosing one for an export): a second field that must match, at least
    :data:`MIN_PASSPHRASE` characters, and optionally "Remember it in the keychain". ``confirm=False``
    (opening an encrypted file): one field. A refused passphrase keeps the dialog open and says why.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        confirm: bool = True,
        offer_remember: bool = True,
        keychain_available: bool = True,
        title: str | None = None,
        prompt: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("passphrase_dialog")
        self._confirm = confirm
        self._offer_remember = offer_remember
        title = title or (tr("Encrypt the export") if confirm else tr("Passphrase needed"))
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        prompt = prompt or (
            tr(
                "Choose a passphrase of at least {n} characters. Without it the export cannot be "
                "opened, so keep it somewhere safe."
            ).format(n=MIN_PASSPHRASE)
            if confirm
            else tr("This file is encrypted. Enter the passphrase it was exported with.")
        )
        intro = _wrap(prompt, self)

        self.passphrase_edit = QLineEdit(self)
        self.passphrase_edit.setObjectName("passphrase")
        self.passphrase_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase_edit.setAccessibleName(tr("Passphrase"))
        self.passphrase_edit.setToolTip(tr("The passphrase (hidden as you type)"))
        self.confirm_edit = QLineEdit(self)
        self.confirm_edit.setObjectName("passphrase_confirm")
        self.confirm_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.confirm_edit.setAccessibleName(tr("Repeat the passphrase"))
        self.confirm_edit.setToolTip(tr("Type the same passphrase again"))
        self.show_check = QCheckBox(tr("S&how the passphrase"), self)
        self.show_check.setToolTip(tr("Show the characters instead of dots"))
        self.show_check.setAccessibleName(tr("Show the passphrase"))
        self.show_check.toggled.connect(self._on_show)
        self.remember_check = QCheckBox(tr("&Remember it in the system keychain"), self)
        self.remember_check.setObjectName("remember_passphrase")
        self.remember_check.setAccessibleName(tr("Remember the passphrase in the system keychain"))
        if keychain_available:
            self.remember_check.setToolTip(
                tr("Keep the passphrase in the keychain so importing this file on this computer does not ask")
            )
        else:
            self.remember_check.setEnabled(False)
            self.remember_check.setToolTip(tr("No system keychain was found, so it cannot be remembered"))

        form = QFormLayout()
        pass_label = QLabel(tr("&Passphrase:"), self)
        pass_label.setBuddy(self.passphrase_edit)
        form.addRow(pass_label, self.passphrase_edit)
        if confirm:
            confirm_label = QLabel(tr("Repe&at:"), self)
            confirm_label.setBuddy(self.confirm_edit)
            form.addRow(confirm_label, self.confirm_edit)
        else:
            self.confirm_edit.setVisible(False)

        self.problem = _error_label(self)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("&Encrypt") if confirm else tr("&Open"))
        ok.setToolTip(tr("Use this passphrase"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(tr("Go back without a passphrase"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.show_check)
        layout.addWidget(self.remember_check)
        self.remember_check.setVisible(offer_remember)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)
        self.passphrase_edit.textChanged.connect(self._clear_problem)
        self.confirm_edit.textChanged.connect(self._clear_problem)
        self.passphrase_edit.setFocus()

    def passphrase(self) -> str:
        return self.passphrase_edit.text()

    def remember(self) -> bool:
        return self._offer_remember and self.remember_check.isEnabled() and self.remember_check.isChecked()

    def set_passphrase(self, text: str, confirm: str | None = None) -> None:
        self.passphrase_edit.setText(text)
        self.confirm_edit.setText(text if confirm is None else confirm)

    def problem_text(self) -> str | None:
        text = self.passphrase()
        if not text:
            return tr("Enter a passphrase.")
        if self._confirm:
            if len(text) < MIN_PASSPHRASE:
                return tr("The passphrase is too short: use at least {n} characters.").format(n=MIN_PASSPHRASE)
            if text != self.confirm_edit.text():
                return tr("The two passphrases do not match; type the same passphrase twice.")
        return None

    def _clear_problem(self) -> None:
        self.problem.setVisible(False)

    def _on_show(self, show: bool) -> None:
        mode = QLineEdit.EchoMode.Normal if show else QLineEdit.EchoMode.Password
        self.passphrase_edit.setEchoMode(mode)
        self.confirm_edit.setEchoMode(mode)

    def accept(self) -> None:
        problem = self.problem_text()
        if problem is not None:
            self.problem.setText(problem)
            self.problem.setVisible(True)
            self.problem.setAccessibleName(problem)
            self.passphrase_edit.setFocus()
            return
        super().accept()


# --------------------------------------------------------------------------- import mode
ImportMode = Literal["merge", "replace"]


class ImportDialog(QDialog):
    """Merge a file into this memory, or replace this memory with it."""

    def __init__(self, parent: QWidget | None = None, *, path: Path) -> None:
        super().__init__(parent)
        self.setObjectName("import_dialog")
        self.setWindowTitle(tr("Import creative memory"))
        self.setAccessibleName(tr("Import creative memory"))
        intro = _wrap(tr("Import from {name}:").format(name=path.name), self)
        intro.setToolTip(str(path))
        self.merge_button = QRadioButton(tr("&Merge: add its events to the memory here"), self)
        self.merge_button.setToolTip(tr("Events that are already here are skipped; nothing is erased"))
        self.merge_button.setAccessibleName(tr("Merge"))
        merge_note = _wrap(tr("Events already here are skipped; nothing is erased."), self)
        self.replace_button = QRadioButton(tr("&Replace: erase the memory here, then import"), self)
        self.replace_button.setToolTip(
            tr("Your preferences and events are erased first; settings from the file replace yours")
        )
        self.replace_button.setAccessibleName(tr("Replace"))
        replace_note = _wrap(
            tr("Your current preferences and events are erased first; settings from a bundle replace yours."),
            self,
        )
        for note in (merge_note, replace_note):
            note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            note.setIndent(self.fontMetrics().horizontalAdvance("M") * 2)
        self.merge_button.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.merge_button)
        group.addButton(self.replace_button)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("&Import"))
        ok.setToolTip(tr("Import the file"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(tr("Close without importing"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.merge_button)
        layout.addWidget(merge_note)
        layout.addWidget(self.replace_button)
        layout.addWidget(replace_note)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)

    def mode(self) -> ImportMode:
        return "replace" if self.replace_button.isChecked() else "merge"


# --------------------------------------------------------------------------- reset
RESET_WORD = "RESET"


class ResetDialog(QDialog):
    """Names what will be erased (with the current counts), asks for RESET to be typed, and offers
    to export a backup first. The Reset button is enabled only when RESET has been typed."""

    browseRequested = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        counts: dict[str, int],
        backup_path: Path,
        user: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("reset_dialog")
        self.setWindowTitle(tr("Reset creative memory"))
        self.setAccessibleName(tr("Reset creative memory"))
        self.counts = dict(counts)

        heading = QLabel(tr("Erase all creative memory?"), self)
        font = QFont(heading.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        heading.setFont(font)

        loc = self.locale()
        lines = [
            tr("• {n} learned preferences (every tier, including archived ones)").format(
                n=loc.toString(int(counts.get("preferences", 0)))
            ),
            tr("• {n} raw events they were learned from").format(n=loc.toString(int(counts.get("events", 0)))),
            tr("• {n} recorded retrievals and their {d} stage diagnostics").format(
                n=loc.toString(int(counts.get("retrievals", 0))),
                d=loc.toString(int(counts.get("diagnostics", 0))),
            ),
        ]
        who = tr(" of user “{user}”").format(user=user) if user else ""
        what = _wrap(tr("This erases, for good,{who}:").format(who=who) + "\n" + "\n".join(lines), self)
        what.setObjectName("reset_what")
        kept = _wrap(
            tr(
                "The store is then compacted and searched to prove nothing recoverable remains. The "
                "activity log keeps one line saying a reset happened. Open Design's own projects and "
                "chats are not touched."
            ),
            self,
        )
        self.settings_check = QCheckBox(
            tr("Also reset &settings: the switch, pauses, project switches and the blocklist"), self
        )
        self.settings_check.setObjectName("reset_settings")
        self.settings_check.setAccessibleName(tr("Also reset settings"))
        self.settings_check.setToolTip(
            tr("Unchecked, your switches and blocked patterns stay as they are")
        )

        # backup ---------------------------------------------------------------------------------
        self.backup_check = QCheckBox(tr("E&xport a backup first, to:"), self)
        self.backup_check.setObjectName("reset_backup")
        self.backup_check.setAccessibleName(tr("Export a backup first"))
        self.backup_check.setToolTip(
            tr("Write everything to a file (readable only by you) before erasing; import it to undo")
        )
        self.backup_check.setChecked(True)
        self.backup_edit = QLineEdit(str(backup_path), self)
        self.backup_edit.setObjectName("reset_backup_path")
        self.backup_edit.setAccessibleName(tr("Backup file"))
        self.backup_edit.setToolTip(tr("Where the backup is written"))
        self.browse_button = QPushButton(tr("&Browse…"), self)
        self.browse_button.setAccessibleName(tr("Choose the backup file"))
        self.browse_button.setToolTip(tr("Choose where the backup is written"))
        self.browse_button.clicked.connect(self.browseRequested)
        backup_row = QHBoxLayout()
        backup_row.addWidget(self.backup_edit, 1)
        backup_row.addWidget(self.browse_button)
        self.backup_check.toggled.connect(self._update)

        # typed confirmation ------------------------------------------------------------------------
        self.confirm_edit = QLineEdit(self)
        self.confirm_edit.setObjectName("reset_confirm")
        self.confirm_edit.setAccessibleName(tr("Type RESET to confirm"))
        self.confirm_edit.setToolTip(tr("Type the word RESET in capitals to enable the Reset button"))
        confirm_label = QLabel(tr("&Type RESET to confirm:"), self)
        confirm_label.setBuddy(self.confirm_edit)
        confirm_row = QHBoxLayout()
        confirm_row.addWidget(confirm_label)
        confirm_row.addWidget(self.confirm_edit, 1)

        self.buttons = QDialogButtonBox(self)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setToolTip(tr("Close without erasing anything"))
        self.reset_button = QPushButton(tr("&Reset"), self)
        self.reset_button.setObjectName("reset_ok")
        self.reset_button.setIcon(icon("reset"))
        self.reset_button.setAccessibleName(tr("Reset"))
        self.reset_button.setToolTip(tr("Erase all creative memory now (type RESET first)"))
        self.reset_button.setAutoDefault(False)
        self.buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.cancel_button.setDefault(True)
        self.reset_button.clicked.connect(self.accept)
        self.cancel_button.clicked.connect(self.reject)

        self.problem = _error_label(self)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(what)
        layout.addWidget(kept)
        layout.addWidget(self.settings_check)
        layout.addSpacing(self.fontMetrics().height() // 2)
        layout.addWidget(self.backup_check)
        layout.addLayout(backup_row)
        layout.addSpacing(self.fontMetrics().height() // 2)
        layout.addLayout(confirm_row)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.confirm_edit.textChanged.connect(self._update)
        self.backup_edit.textChanged.connect(self._update)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)
        self._update()
        self.confirm_edit.setFocus()

    def confirmed(self) -> bool:
        return self.confirm_edit.text().strip() == RESET_WORD

    def backup_path(self) -> Path | None:
        if not self.backup_check.isChecked():
            return None
        text = self.backup_edit.text().strip()
        return Path(text).expanduser() if text else None

    def include_settings(self) -> bool:
        return self.settings_check.isChecked()

    def _problem_text(self) -> str | None:
        if self.backup_check.isChecked() and not self.backup_edit.text().strip():
            return tr("Choose a file for the backup, or uncheck “Export a backup first”.")
        return None

    def _update(self) -> None:
        self.backup_edit.setEnabled(self.backup_check.isChecked())
        self.browse_button.setEnabled(self.backup_check.isChecked())
        problem = self._problem_text()
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        self.reset_button.setEnabled(self.confirmed() and problem is None)

    def accept(self) -> None:
        if self.confirmed() and self._problem_text() is None:
            super().accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter in the RESET field must not trigger anything but an enabled Reset button.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.reset_button.isEnabled():
                self.accept()
            event.accept()
            return
        super().keyPressEvent(event)


# --------------------------------------------------------------------------- progress
class ProgressDialog(QDialog):
    """Progress of a long operation running on the store thread.

    :meth:`report` and :meth:`step` may be called from any thread (they emit queued signals);
    :meth:`is_cancelled` too. With ``cancellable``, Cancel (and Escape) asks the operation to stop;
    otherwise the dialog cannot be closed until :meth:`finish`. It appears only after
    ``show_after_ms`` so that quick operations do not flash it.
    """

    progressed = Signal(int, int)
    stepped = Signal(str)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        title: str,
        text: str,
        cancellable: bool = False,
        show_after_ms: int = 250,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("progress_dialog")
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self._cancel = threading.Event()
        self._finished = False
        self.cancellable = cancellable

        self.label = _wrap(text, self)
        self.label.setObjectName("progress_text")
        self.bar = QProgressBar(self)
        self.bar.setObjectName("progress_bar")
        self.bar.setAccessibleName(title)
        self.bar.setToolTip(tr("How much of the work is done"))
        self.bar.setRange(0, 0)  # busy until the first report
        self.bar.setTextVisible(True)
        self.bar.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.buttons = QDialogButtonBox(self)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setToolTip(tr("Stop; what was done so far is undone"))
        self.cancel_button.setAccessibleName(tr("Cancel"))
        self.cancel_button.clicked.connect(self.request_cancel)
        self.cancel_button.setVisible(cancellable)

        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 55)

        self.progressed.connect(self._on_progress)
        self.stepped.connect(self._on_step)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._show)
        self._timer.start(max(0, show_after_ms))

    # any thread ---------------------------------------------------------------------------------
    def report(self, done: int, total: int) -> None:
        self.progressed.emit(int(done), int(total))

    def step(self, text: str) -> None:
        self.stepped.emit(str(text))

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    # GUI thread -----------------------------------------------------------------------------------
    def request_cancel(self) -> None:
        if not self.cancellable or self._cancel.is_set():
            return
        self._cancel.set()
        self.cancel_button.setEnabled(False)
        self.label.setText(tr("Cancelling…"))

    def finish(self) -> None:
        """Close for good (the work ended)."""
        self._finished = True
        self._timer.stop()
        if self.isVisible():
            self.done(int(QDialog.DialogCode.Accepted.value))
        self.deleteLater()

    def _show(self) -> None:
        if not self._finished:
            self.open()

    def _on_progress(self, done: int, total: int) -> None:
        if total <= 0:
            self.bar.setRange(0, 0)
            return
        # QProgressBar holds ints; keep the numbers in range for very large totals.
        scale = max(1, total // 1_000_000)
        self.bar.setRange(0, total // scale)
        self.bar.setValue(min(done, total) // scale)

    def _on_step(self, text: str) -> None:
        if not self._cancel.is_set():
            self.label.setText(text)

    def reject(self) -> None:
        if self._finished:
            super().reject()
        elif self.cancellable:
            self.request_cancel()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._finished:
            super().closeEvent(event)
            return
        event.ignore()
        if self.cancellable:
            self.request_cancel()


# --------------------------------------------------------------------------- receipt
class ReceiptDialog(QDialog):
    """What an erasure (reset) removed and whether the byte search proved it."""

    def __init__(self, parent: QWidget | None = None, *, receipt: dict[str, Any], title: str | None = None,
                 backup: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("receipt_dialog")
        title = title or tr("Reset finished")
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        erased = receipt.get("erased", {})
        loc = self.locale()
        verified = bool(receipt.get("verified"))

        heading = QLabel(tr("Deletion receipt"), self)
        font = QFont(heading.font())
        font.setBold(True)
        heading.setFont(font)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        rows = [
            (tr("Preferences erased:"), loc.toString(int(erased.get("preferences", 0)))),
            (tr("Events erased:"), loc.toString(int(erased.get("events_deleted", 0)))),
            (tr("Stage diagnostics erased:"), loc.toString(int(erased.get("diagnostics", 0)))),
        ]
        if erased.get("events_rewritten"):
            rows.append((tr("Events rewritten:"), loc.toString(int(erased["events_rewritten"]))))
        rows.append(
            (
                tr("Verified:"),
                tr("✓ Yes — a byte search of the store files found nothing recoverable")
                if verified
                else tr("✗ Not proven — see the notes below"),
            )
        )
        if backup is not None:
            rows.append((tr("Backup:"), str(backup)))
        rows.append((tr("Took:"), tr("{ms} ms").format(ms=loc.toString(float(receipt.get("duration_ms", 0)), "f", 0))))
        self.values: dict[str, str] = {}
        for name, value in rows:
            label = _wrap(value, self)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(name, label)
            self.values[name.rstrip(":")] = value
        notes = list(receipt.get("notes", []))
        if not verified and not receipt.get("checkpointed", True):
            notes.append(
                tr("The write-ahead log could not be emptied (another program holds the store open); "
                    "old page images may remain until Open Design closes it.")
            )
        self.notes = _wrap("\n".join(notes), self)
        self.notes.setVisible(bool(notes))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setToolTip(tr("Close the receipt"))
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addLayout(form)
        layout.addWidget(self.notes)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 60)


# --------------------------------------------------------------------------- file choosers
async def ask_save_path(parent: QWidget | None, title: str, suggested: Path) -> Path | None:
    """A save-file chooser, awaited (no nested loop). None when cancelled."""
    dialog = QFileDialog(parent, title, str(suggested))
    dialog.setObjectName("save_file_dialog")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setOption(QFileDialog.Option.DontConfirmOverwrite)  # gui.replace asks, once, for every path
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setNameFilter(tr("Creative memory (*.json);;All files (*)"))
    dialog.setDefaultSuffix("json")
    dialog.selectFile(str(suggested))
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
    try:
        result = await wait_dialog(dialog)
        files = dialog.selectedFiles()
        if result != int(QDialog.DialogCode.Accepted.value) or not files:
            return None
        return Path(files[0])
    finally:
        dialog.deleteLater()


async def ask_open_path(parent: QWidget | None, title: str, folder: Path) -> Path | None:
    """An open-file chooser, awaited (no nested loop). None when cancelled."""
    dialog = QFileDialog(parent, title, str(folder))
    dialog.setObjectName("open_file_dialog")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setNameFilter(tr("Creative memory or preferences.json (*.json);;All files (*)"))
    try:
        result = await wait_dialog(dialog)
        files = dialog.selectedFiles()
        if result != int(QDialog.DialogCode.Accepted.value) or not files:
            return None
        return Path(files[0])
    finally:
        dialog.deleteLater()


__all__ = [
    "MIN_PASSPHRASE",
    "RESET_WORD",
    "ImportDialog",
    "PassphraseDialog",
    "PauseChoice",
    "PauseDialog",
    "ProgressDialog",
    "ReceiptDialog",
    "ResetDialog",
    "ask_open_path",
    "ask_save_path",
    "preset_end",
]

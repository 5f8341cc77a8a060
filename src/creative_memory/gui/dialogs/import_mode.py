"""Import, once the file is read: what it holds, then merge it into this memory or replace this
memory with it."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import wrap
from creative_memory.gui.visible import number, shown_id
from creative_memory.services.transfer.import_plan import ImportContents

ImportMode = Literal["merge", "replace"]


class ImportDialog(QDialog):
    """What the file holds (it has been read, and opened if encrypted), then: merge it into this
    memory, or replace this memory with it."""

    def __init__(
        self, parent: QWidget | None = None, *, path: Path, contents: ImportContents | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("import_dialog")
        self.setWindowTitle(self.tr("Import creative memory"))
        self.setAccessibleName(self.tr("Import creative memory"))
        self.holds_label = wrap(self.holds_text(path, contents), self)
        self.holds_label.setObjectName("import_holds")
        self.holds_label.setToolTip(str(path))
        intro = wrap(self.tr("How should it be applied?"), self)
        self.merge_button = QRadioButton(self.tr("&Merge: add its events to the memory here"), self)
        self.merge_button.setToolTip(self.tr("Events that are already here are skipped; nothing is erased"))
        self.merge_button.setAccessibleName(self.tr("Merge"))
        merge_note = wrap(self.tr("Events already here are skipped; nothing is erased."), self)
        self.replace_button = QRadioButton(self.tr("&Replace: erase the memory here, then import"), self)
        self.replace_button.setToolTip(
            self.tr("Your preferences and events are erased first; settings from the file replace yours")
        )
        self.replace_button.setAccessibleName(self.tr("Replace"))
        replace_note = wrap(
            self.tr(
                "Your current preferences and events are erased first; settings from a bundle replace yours."
            ),
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
        ok.setText(self.tr("&Import"))
        ok.setToolTip(self.tr("Import the file"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            self.tr("Close without importing")
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.holds_label)
        layout.addWidget(intro)
        layout.addWidget(self.merge_button)
        layout.addWidget(merge_note)
        layout.addWidget(self.replace_button)
        layout.addWidget(replace_note)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)

    def holds_text(self, path: Path, contents: ImportContents | None) -> str:
        """What the file holds, in a sentence."""
        name = path.name
        if contents is None:
            return self.tr("Import from {name}.").format(name=name)
        n = contents.events
        if contents.kind == "legacy":
            many = self.tr("1 preference") if n == 1 else self.tr("{n} preferences").format(n=number(n))
            return self.tr("{name} is a prototype preferences.json with {preferences}.").format(
                name=name, preferences=many
            )
        events = self.tr("1 event") if n == 1 else self.tr("{n} events").format(n=number(n))
        user = shown_id(contents.user or "")
        if contents.exported_at is None:
            text = self.tr("{name} holds {events} of the memory of user {user}.")
            text = text.format(name=name, events=events, user=user)
        else:
            when = QLocale().toString(
                QDateTime.fromMSecsSinceEpoch(contents.exported_at).toLocalTime(),
                QLocale.FormatType.ShortFormat,
            )
            text = self.tr("{name} holds {events} of the memory of user {user}, exported {when}.")
            text = text.format(name=name, events=events, user=user, when=when)
        if contents.encrypted:
            text += " " + self.tr("It is encrypted; the passphrase opened it.")
        return text

    def mode(self) -> ImportMode:
        return "replace" if self.replace_button.isChecked() else "merge"

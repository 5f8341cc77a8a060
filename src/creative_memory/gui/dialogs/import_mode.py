"""Import: merge the file into this memory, or replace this memory with it."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

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

ImportMode = Literal["merge", "replace"]


class ImportDialog(QDialog):
    """Merge a file into this memory, or replace this memory with it."""

    def __init__(self, parent: QWidget | None = None, *, path: Path) -> None:
        super().__init__(parent)
        self.setObjectName("import_dialog")
        self.setWindowTitle(self.tr("Import creative memory"))
        self.setAccessibleName(self.tr("Import creative memory"))
        intro = wrap(self.tr("Import from {name}:").format(name=path.name), self)
        intro.setToolTip(str(path))
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

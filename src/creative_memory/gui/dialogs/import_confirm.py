"""Confirm an import: whose memory the file holds and which settings and switches it changes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from creative_memory.services.transfer import import_plan


class ImportConfirmDialog(QDialog):
    """Says whose memory the file holds and which settings and switches the import changes."""

    def __init__(self, parent: QWidget | None, *, name: str, plan: import_plan.ImportPlan, user: str) -> None:
        super().__init__(parent)
        self.setObjectName("import_confirm_dialog")
        self.setWindowTitle(self.tr("Import creative memory"))
        self.setAccessibleName(self.tr("Confirm the import"))
        lines: list[str] = [self.tr("Import {name}?").format(name=name), ""]
        if plan.bundle_user is not None and plan.bundle_user != user:
            lines.append(
                self.tr(
                    "{name} holds the memory of user “{other}”. Importing adds it to the memory of “{user}”."
                ).format(name=name, other=plan.bundle_user, user=user)
            )
        if plan.changes:
            lines.append(self.tr("The import changes these settings:"))
            lines.extend("• " + c for c in plan.changes)
        for note in plan.notes:
            lines.extend(["", note])
        layout = QVBoxLayout(self)
        self.text = QLabel("\n".join(lines), self)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setMinimumWidth(min(self.fontMetrics().horizontalAdvance("M") * 34, 640))
        layout.addWidget(self.text)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("&Import"))
        ok.setToolTip(self.tr("Import the file and apply these changes"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            self.tr("Close without importing")
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        # Declining is the default: Enter and Escape both keep everything as it is.
        ok.setAutoDefault(False)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)
        cancel.setFocus()

"""The receipt of a reset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import tr, wrap


class ResetReceiptDialog(QDialog):
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
            label = wrap(value, self)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(name, label)
            self.values[name.rstrip(":")] = value
        notes = list(receipt.get("notes", []))
        if not verified and not receipt.get("checkpointed", True):
            notes.append(
                tr("The write-ahead log could not be emptied (another program holds the store open); "
                    "old page images may remain until Open Design closes it.")
            )
        self.notes = wrap("\n".join(notes), self)
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

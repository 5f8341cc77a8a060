"""Reset: what will be erased, the typed confirmation and the optional backup."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import error_label, wrap
from creative_memory.gui.icons import icon

if TYPE_CHECKING:
    from creative_memory.services.inspection.queries import ResetCounts

RESET_WORD = "RESET"


class ResetDialog(QDialog):
    """Names what will be erased (with the current counts), asks for RESET to be typed, and offers
    to export a backup first. The Reset button is enabled only when RESET has been typed."""

    browseRequested = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        counts: ResetCounts,
        backup_path: Path,
        user: str = "",
    ) -> None:
        # Built top to bottom in reading order, which is also its keyboard order (Qt's focus chain
        # follows the order widgets are made): the parts below are made in that order.
        super().__init__(parent)
        self.setObjectName("reset_dialog")
        self.setWindowTitle(self.tr("Reset creative memory"))
        self.setAccessibleName(self.tr("Reset creative memory"))
        self.counts = counts

        heading, what, kept = self._build_what(counts, user)
        self._build_settings_check()
        backup_row = self._build_backup(backup_path)
        confirm_row = self._build_confirm()
        self._build_buttons()

        self.problem = error_label(self)
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

    def _build_what(self, counts: ResetCounts, user: str) -> tuple[QLabel, QLabel, QLabel]:
        """The heading, what will be erased (with the counts) and what is kept."""
        heading = QLabel(self.tr("Erase all creative memory?"), self)
        font = QFont(heading.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        heading.setFont(font)

        loc = self.locale()
        lines = [
            self.tr("• {n} learned preferences (every tier, including archived ones)").format(
                n=loc.toString(counts.preferences)
            ),
            self.tr("• {n} raw events they were learned from").format(n=loc.toString(counts.events)),
            self.tr("• {n} recorded retrievals and their {d} stage diagnostics").format(
                n=loc.toString(counts.retrievals),
                d=loc.toString(counts.diagnostics),
            ),
        ]
        who = self.tr(" of user “{user}”").format(user=user) if user else ""
        what = wrap(self.tr("This erases, for good,{who}:").format(who=who) + "\n" + "\n".join(lines), self)
        what.setObjectName("reset_what")
        kept = wrap(
            self.tr(
                "The store is then compacted and searched to prove nothing recoverable remains. The "
                "activity log keeps one line saying a reset happened. Open Design's own projects and "
                "chats are not touched."
            ),
            self,
        )
        return heading, what, kept

    def _build_settings_check(self) -> None:
        self.settings_check = QCheckBox(
            self.tr("Also reset &settings: the switch, pauses, project switches and the blocklist"), self
        )
        self.settings_check.setObjectName("reset_settings")
        self.settings_check.setAccessibleName(self.tr("Also reset settings"))
        self.settings_check.setToolTip(
            self.tr("Unchecked, your switches and blocked patterns stay as they are")
        )

    def _build_backup(self, backup_path: Path) -> QHBoxLayout:
        """ "Export a backup first, to:", the file and Browse; returns the row of the last two."""
        self.backup_check = QCheckBox(self.tr("E&xport a backup first, to:"), self)
        self.backup_check.setObjectName("reset_backup")
        self.backup_check.setAccessibleName(self.tr("Export a backup first"))
        self.backup_check.setToolTip(
            self.tr("Write everything to a file (readable only by you) before erasing; import it to undo")
        )
        self.backup_check.setChecked(True)
        self.backup_edit = QLineEdit(str(backup_path), self)
        self.backup_edit.setObjectName("reset_backup_path")
        self.backup_edit.setAccessibleName(self.tr("Backup file"))
        self.backup_edit.setToolTip(self.tr("Where the backup is written"))
        self.browse_button = QPushButton(self.tr("&Browse…"), self)
        self.browse_button.setAccessibleName(self.tr("Choose the backup file"))
        self.browse_button.setToolTip(self.tr("Choose where the backup is written"))
        self.browse_button.clicked.connect(self.browseRequested)
        backup_row = QHBoxLayout()
        backup_row.addWidget(self.backup_edit, 1)
        backup_row.addWidget(self.browse_button)
        self.backup_check.toggled.connect(self._update)
        return backup_row

    def _build_confirm(self) -> QHBoxLayout:
        """The typed confirmation: "Type RESET to confirm:" and its field."""
        self.confirm_edit = QLineEdit(self)
        self.confirm_edit.setObjectName("reset_confirm")
        self.confirm_edit.setAccessibleName(self.tr("Type RESET to confirm"))
        self.confirm_edit.setToolTip(self.tr("Type the word RESET in capitals to enable the Reset button"))
        confirm_label = QLabel(self.tr("&Type RESET to confirm:"), self)
        confirm_label.setBuddy(self.confirm_edit)
        confirm_row = QHBoxLayout()
        confirm_row.addWidget(confirm_label)
        confirm_row.addWidget(self.confirm_edit, 1)
        return confirm_row

    def _build_buttons(self) -> None:
        """Cancel (the default) and Reset."""
        self.buttons = QDialogButtonBox(self)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setToolTip(self.tr("Close without erasing anything"))
        self.reset_button = QPushButton(self.tr("&Reset"), self)
        self.reset_button.setObjectName("reset_ok")
        self.reset_button.setIcon(icon("reset"))
        self.reset_button.setAccessibleName(self.tr("Reset"))
        self.reset_button.setToolTip(self.tr("Erase all creative memory now (type RESET first)"))
        self.reset_button.setAutoDefault(False)
        self.buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.cancel_button.setDefault(True)
        self.reset_button.clicked.connect(self.accept)
        self.cancel_button.clicked.connect(self.reject)

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
            return self.tr("Choose a file for the backup, or uncheck “Export a backup first”.")
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

"""The line that says where the program writes its log (decision 0041), hidden when it writes none."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QWidget

from creative_memory.gui.logging_setup import current_log_file


class LogFileLine(QLabel):
    """ "Program log (warnings and errors): <path>", selectable, in the placeholder colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("log_file")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.setAccessibleName(self.tr("Program log file"))
        self.update_path()

    def update_path(self) -> None:
        """Show the file the log is written to now (hidden when it goes to the console only)."""
        path = current_log_file()
        self.setVisible(path is not None)
        if path is not None:
            self.setText(self.tr("Program log (warnings and errors): {path}").format(path=path))
            self.setToolTip(self.tr("Attach this file, and the older ones beside it, to a problem report"))

"""The window a person sees while the program opens: painted before anything heavy is imported.

Opening the main window means importing the store layer (SQLAlchemy, pydantic, the engine) and the
six tabs, which takes seconds on a slow disk or a large store. This window needs only Qt: it takes
the place and size the main window will have (the remembered geometry), says what is being opened,
and is replaced by the main window as soon as that is built. Closing it cancels the start.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QMainWindow, QVBoxLayout, QWidget

from creative_memory.gui.settings import AppSettings

DEFAULT_SIZE = (1100, 720)  # the main window's size when nothing is remembered


def _centred(text: str, *, big: bool = False) -> str:
    inner = f"<big>{escape(text)}</big>" if big else escape(text)
    return f'<div align="center">{inner}</div>'


class StartWindow(QMainWindow):
    def __init__(self, store_location: str, settings: AppSettings | None = None) -> None:
        super().__init__()
        self.setObjectName("start_window")
        self.setWindowTitle(self.tr("Creative Memory Studio"))
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.addStretch(1)
        # Centred through the label's own markup: touching PySide6's ``Qt`` namespace costs ~12 ms
        # of start-up, spent after this window is painted instead.
        self.message = QLabel(_centred(self.tr("Opening your creative memory…"), big=True), central)
        self.message.setObjectName("start_message")
        self.location = QLabel(_centred(store_location), central)
        self.location.setObjectName("start_location")
        self.location.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addWidget(self.location)
        layout.addStretch(2)
        self.setCentralWidget(central)
        self.setAccessibleName(self.tr("Opening Creative Memory Studio"))
        self.resize(*DEFAULT_SIZE)
        if settings is not None:
            settings.restore_window(self)

    def show_painted(self) -> None:
        """Show the window and paint it now, before the caller goes on with the slow part."""
        self.show()
        self.repaint()
        QCoreApplication.processEvents()

    def hand_over(self, window: QWidget) -> None:
        """Put ``window`` where this one is, show it, and go (in that order: the program quits when
        its last window closes)."""
        if not self.isMaximized() and not self.isFullScreen():
            window.setGeometry(self.geometry())
        window.show()
        self.hide()
        self.deleteLater()

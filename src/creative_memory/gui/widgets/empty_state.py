"""The empty state of a table: a centred icon and sentence, with an optional action button."""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QPalette,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.icons import tinted_icon


class EmptyState(QWidget):
    """A centred icon and sentence for an empty table ("Nothing learned yet…"), with an optional
    action button (emits :attr:`actionTriggered`)."""

    actionTriggered = Signal()

    def __init__(
        self,
        text: str = "",
        icon_name: str = "info",
        parent: QWidget | None = None,
        *,
        action_text: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._icon_name = icon_name
        self._icon = QLabel(self)
        self._icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._label = QLabel(self)
        self._label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._label.setWordWrap(True)
        self._label.setTextFormat(Qt.TextFormat.PlainText)
        self._label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._button = QPushButton(self)
        self._button.setVisible(False)
        self._button.clicked.connect(self.actionTriggered)

        # The sentence wraps at a readable width and stays centred: a row with stretch either side
        # (an alignment flag on a word-wrapped label breaks its height-for-width and clips it).
        text_row = QHBoxLayout()
        text_row.addStretch(1)
        text_row.addWidget(self._label, 100)  # takes the width first, up to its maximum
        text_row.addStretch(1)

        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addLayout(text_row)
        layout.addWidget(self._button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self.setText(text)
        self.setAction(action_text)
        self._update_icon()

    def text(self) -> str:
        return self._label.text()

    def setText(self, text: str) -> None:
        self._label.setText(text)
        self.setAccessibleName(text)
        width = self.fontMetrics().averageCharWidth() * 60
        self._label.setMaximumWidth(width)

    def setIconName(self, name: str) -> None:
        self._icon_name = name
        self._update_icon()

    def actionButton(self) -> QPushButton:
        return self._button

    def setAction(self, text: str | None, tooltip: str | None = None) -> None:
        if text:
            self._button.setText(text)
            self._button.setAccessibleName(text.replace("&", ""))
            self._button.setToolTip(tooltip or text.replace("&", ""))
        self._button.setVisible(bool(text))

    def _update_icon(self) -> None:
        size = self.fontMetrics().height() * 3
        placeholder = self.palette().color(QPalette.ColorRole.PlaceholderText)
        self._icon.setPixmap(tinted_icon(self._icon_name, placeholder).pixmap(QSize(size, size)))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._update_icon()
        super().changeEvent(event)

"""What the Overview's cards share: a button with its icon and tip, a wrapped line of text, a
value label, and clearing a layout (no store access)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QWidget,
)

from creative_memory.gui.icons import icon

if TYPE_CHECKING:
    pass


def card_button(
    parent: QWidget, text: str, tip: str, icon_name: str | None = None, name: str | None = None
) -> QPushButton:
    button = QPushButton(text, parent)
    button.setToolTip(tip)
    button.setAccessibleName(text.replace("&", "").rstrip("…"))
    if icon_name:
        button.setIcon(icon(icon_name))
    if name:
        button.setObjectName(name)
    return button


def card_text(parent: QWidget, text: str = "", *, muted: bool = False) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if muted:
        label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def value_label(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setWordWrap(True)
    return label


def clear_layout(layout: Any) -> None:
    """Remove and delete every item of a layout, nested layouts included."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            continue
        widget = item.widget()
        if widget is not None:
            widget.deleteLater()
        child = item.layout()
        if child is not None:
            clear_layout(child)
            child.deleteLater()

"""What the dialogs share: their translation context, plain labels and the problem line in the
palette's error colour."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QLabel,
    QWidget,
)

from creative_memory.gui.widgets.banner import accent_colour


def plain(text: str) -> str:
    """A label without its mnemonic marker, for accessible names."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def error_label(parent: QWidget) -> QLabel:
    """A sentence in the palette's error colour, hidden until there is something to say."""
    label = QLabel(parent)
    label.setObjectName("dialogProblem")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setVisible(False)
    colour_error(label)
    return label


def colour_error(label: QLabel) -> None:
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, accent_colour("error", label.palette()))
    label.setPalette(palette)


def wrap(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def heading_font(widget: QWidget) -> QFont:
    """The widget's font, bold and 15 % larger: a dialog's heading."""
    font = QFont(widget.font())
    font.setBold(True)
    size = font.pointSizeF()
    if size > 0:
        font.setPointSizeF(size * 1.15)
    return font

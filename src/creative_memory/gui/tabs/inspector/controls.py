"""What the Inspector's parts share when they build their controls: a tool button for an action,
and a control's accessible name with its tooltip."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolButton, QWidget


def named(widget: QWidget, name: str, tooltip: str) -> None:
    widget.setAccessibleName(name)
    widget.setToolTip(tooltip)


def action_button(action: QAction, parent: QWidget, name: str) -> QToolButton:
    """A tool button showing ``action``'s icon and text, named for screen readers and tests."""
    b = QToolButton(parent)
    b.setDefaultAction(action)
    b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    b.setAutoRaise(False)
    b.setAccessibleName(action.text().replace("&", "").rstrip("…"))
    b.setToolTip(action.toolTip())
    b.setObjectName(name)
    return b

"""The Preview tab."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from gui.controller import Controller
from gui.tabs.base import Tab, tr


class PreviewTab(Tab):
    key = "preview"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Preview")))

    def title(self) -> str:
        return tr("Preview")

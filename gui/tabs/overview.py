"""The Overview tab."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from gui.controller import Controller
from gui.tabs.base import Tab, tr


class OverviewTab(Tab):
    key = "overview"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Overview")))

    def title(self) -> str:
        return tr("Overview")

"""The Diagnostics tab."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from gui.controller import Controller
from gui.tabs.base import Tab, tr


class DiagnosticsTab(Tab):
    key = "diagnostics"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Diagnostics")))

    def title(self) -> str:
        return tr("Diagnostics")

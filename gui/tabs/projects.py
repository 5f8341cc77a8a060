"""The Projects tab."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from gui.controller import Controller
from gui.tabs.base import Tab, tr


class ProjectsTab(Tab):
    key = "projects"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Projects")))

    def title(self) -> str:
        return tr("Projects")

"""What every tab provides to the main window."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtWidgets import QWidget

from creative_memory.gui.controller import Controller

log = logging.getLogger("cm.gui")


class Tab(QWidget):
    """A page of the main window.

    ``refresh()`` reloads what the tab shows from the store (off the UI thread, through the
    controller) and must keep the selection and scroll position. The main window calls it when the
    tab becomes visible after a change, on F5, and on live updates while the tab is visible.
    """

    #: the object name used in settings and screenshots ("overview", "inspector", …)
    key = "tab"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.task_keeper = ctrl.keeper
        self.setObjectName(self.key)
        self.stale = True

    def title(self) -> str:
        return self.key.capitalize()

    async def refresh(self) -> None:
        """Reload from the store. Override."""
        self.stale = False

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Around a refresh's reads: the tab counts as up to date from their start, so that a
        change noticed while they run marks it stale again; if they fail, it stays stale."""
        self.stale = False
        try:
            yield
        except BaseException:
            self.stale = True
            raise

    def focus_filter(self) -> bool:
        """Ctrl+F: put the focus in this tab's filter box; False if the tab has none."""
        return False

    def set_read_only(self, read_only: bool) -> None:
        """Disable the controls that write when the store is read-only. Override."""

    def save_state(self) -> None:
        """Persist splitter and header states (QSettings). Override."""

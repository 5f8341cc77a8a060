"""The main window's six tabs, each built when it is first shown or asked for.

The window opens with a place for every tab (its title, tooltip and Ctrl+1…6 shortcut) and builds
only the tab it shows first; a tab's module is imported when the tab is built, so the window opens
without the tabs nobody has looked at. :class:`TabPlaces` keeps the places and the tabs built.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QTabWidget, QWidget

from creative_memory.gui.controller import Controller
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.visible import QT_TRANSLATE_NOOP

TabT = TypeVar("TabT", bound=Tab)


@dataclass(frozen=True)
class TabSpec:
    """A tab of the window before it is built: its key, its class (the module, and the class's
    name, which is also the context its title is translated in) and its title (the class's
    ``title()`` says the same)."""

    key: str
    module: str
    name: str
    title: str

    def translated_title(self) -> str:
        return QCoreApplication.translate(self.name, self.title)


#: the six tabs in their order; each is built when it is first shown or asked for (``TabPlaces.at``)
TABS = (
    TabSpec("overview", "creative_memory.gui.tabs.overview.view", "OverviewTab", QT_TRANSLATE_NOOP("OverviewTab", "Overview")),
    TabSpec("projects", "creative_memory.gui.tabs.projects.view", "ProjectsTab", QT_TRANSLATE_NOOP("ProjectsTab", "Projects")),
    TabSpec("inspector", "creative_memory.gui.tabs.inspector.view", "InspectorTab", QT_TRANSLATE_NOOP("InspectorTab", "Inspector")),
    TabSpec("diagnostics", "creative_memory.gui.tabs.diagnostics.view", "DiagnosticsTab", QT_TRANSLATE_NOOP("DiagnosticsTab", "Diagnostics")),
    TabSpec("preview", "creative_memory.gui.tabs.preview.view", "PreviewTab", QT_TRANSLATE_NOOP("PreviewTab", "Preview")),
    TabSpec("activity", "creative_memory.gui.tabs.activity.view", "ActivityTab", QT_TRANSLATE_NOOP("ActivityTab", "Activity")),
)  # fmt: skip


class TabPlaces:
    """The tab widget's six places and the tabs built in them. ``prepared(page)`` is called once
    for each tab right after it is built (the window connects it and tells it the store's state)."""

    def __init__(
        self, tabs: QTabWidget, owner: QWidget, ctrl: Controller, prepared: Callable[[Tab], None]
    ) -> None:
        self.tabs = tabs
        self._ctrl = ctrl
        self._prepared = prepared
        self._pages: list[Tab | None] = [None] * len(TABS)
        for i, spec in enumerate(TABS, start=1):
            title = spec.translated_title()
            tabs.addTab(QWidget(tabs), title)
            tip = QCoreApplication.translate("MainWindow", "{title} (Ctrl+{n})").format(title=title, n=i)
            tabs.setTabToolTip(i - 1, tip)
            shortcut = QShortcut(QKeySequence(f"Ctrl+{i}"), owner)
            shortcut.activated.connect(lambda idx=i - 1: tabs.setCurrentIndex(idx))

    def built(self) -> list[Tab]:
        """The tabs built so far (a tab not yet built has nothing to update or save)."""
        return [page for page in self._pages if page is not None]

    def every(self) -> list[Tab]:
        """Every tab in order (those not shown yet are built now)."""
        return [self.at(i) for i in range(len(TABS))]

    def current(self) -> Tab:
        return self.at(self.tabs.currentIndex())

    def of(self, kind: type[TabT]) -> TabT:
        """The tab of this class (built now if it was not yet)."""
        for i, spec in enumerate(TABS):
            if spec.name == kind.__name__:
                return cast("TabT", self.at(i))
        return next(p for p in self.every() if isinstance(p, kind))

    def at(self, index: int) -> Tab:
        """The tab at ``index``, built the first time it is asked for in the place kept for it."""
        page = self._pages[index]
        if page is not None:
            return page
        spec = TABS[index]
        kind = cast("type[Tab]", getattr(importlib.import_module(spec.module), spec.name))
        page = kind(self._ctrl)
        self._pages[index] = page
        tabs = self.tabs
        current = tabs.currentIndex()
        blocked = tabs.blockSignals(True)  # the place is swapped, the current tab stays
        try:
            place = tabs.widget(index)
            tip = tabs.tabToolTip(index)
            tabs.removeTab(index)
            tabs.insertTab(index, page, page.title())
            tabs.setTabToolTip(index, tip)
            tabs.setCurrentIndex(current)
        finally:
            tabs.blockSignals(blocked)
        if place is not None:
            place.deleteLater()
        self._prepared(page)
        return page

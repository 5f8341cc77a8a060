"""The Inspector tab: every learned preference, why it exists, and Forget.

Top: a filter box (Ctrl+F) and the actions (Forget…, Forget and block…, Preview as if forgotten);
then facet filters and the count. Middle: the preferences table (:class:`PreferenceTableModel`:
SQL-side filter and sort, keyset paging), or an empty state. Bottom: the detail pane for the
current row — every field, the sentence about the last retrieval, the strength-over-time chart and
the events that built it.

Every store call runs through the controller (off the GUI thread). A refresh (F5, a write of ours,
a write by another process) reloads as many rows as are loaded and puts the selection, the current
row and the scroll position back (by preference key, not row number).
"""

from __future__ import annotations

import asyncio
import itertools
import logging

from PySide6.QtCore import (
    QEvent,
    Qt,
    QTimer,
)
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.controller import Controller
from creative_memory.gui.flow import flow
from creative_memory.gui.icons import icon
from creative_memory.gui.itemmodels.preferences import COLUMNS
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.inspector.detail import DetailPane, load_explain, retrieval_sentence
from creative_memory.gui.tabs.inspector.filters import InspectorFilters
from creative_memory.gui.tabs.inspector.forget import ForgetActions
from creative_memory.gui.tabs.inspector.layout import DETAIL_DELAY_MS, load_facets

log = logging.getLogger("cm.gui")


class InspectorTab(ForgetActions, DetailPane, InspectorFilters):
    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._build_actions()
        self._build_filters()
        self._build_table()
        self._build_detail()

        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("inspector_splitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.table_stack)
        self.splitter.addWidget(self.detail_stack)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setAccessibleName(self.tr("Preferences and details"))

        self.filter_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 34)
        top = flow(self, self.filter_edit, self.forget_button, self.block_button, self.whatif_button,
                   self.forget_all_button, self.refresh_button)
        chain = [self.filter_edit, self.forget_button, self.block_button, self.whatif_button,
                 self.forget_all_button, self.refresh_button, self.scope_combo]
        for a, b in itertools.pairwise(chain):
            QWidget.setTabOrder(a, b)  # the visual order (the buttons were made before the filter box)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(self.facet_row)
        layout.addWidget(self.splitter, 1)

        self._detail_timer = QTimer(self)
        self._detail_timer.setSingleShot(True)
        self._detail_timer.setInterval(DETAIL_DELAY_MS)
        self._detail_timer.timeout.connect(self._load_detail)

        self.model.modelAboutToBeReset.connect(self._before_reset)
        self.model.modelReset.connect(self._after_reset)
        self.model.reloaded.connect(self._after_reload)
        self.model.totalChanged.connect(lambda _n: self._update_count())
        self.model.totalChanged.connect(lambda _n: self._update_actions())
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)

        self.model.set_faint_colour(self.palette().color(QPalette.ColorRole.PlaceholderText))
        self._restore_state()
        self._update_actions()
        self._update_count()

    def title(self) -> str:
        return self.tr("Inspector")

    async def refresh(self) -> None:
        """Reload facets and rows (as many as are loaded), keeping selection and scroll.

        Calls that arrive while one runs are folded into one more pass after it.
        """
        if self._refresh_future is not None:
            self._refresh_again = True
            await asyncio.shield(self._refresh_future)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._refresh_future = future
        try:
            self._refresh_again = True
            while self._refresh_again:
                self._refresh_again = False
                with self.reading():
                    await self._refresh_once()
        finally:
            self._refresh_future = None
            if not future.done():
                future.set_result(None)

    async def _refresh_once(self) -> None:
        facets = await self.ctrl.run(load_facets, self.ctrl.store, self.ctrl.user)
        self._facets = facets
        self._fill_scope(facets.projects)
        self._fill_types(facets.types)
        self.model.set_filter(self.current_filter(), reload=False)
        await self.model.reload(min_rows=self.model.rowCount(), tag="refresh")

    def focus_filter(self) -> bool:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()
        return True

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        self._update_actions()
        self._update_session_button()

    def save_state(self) -> None:
        settings = AppSettings()
        settings.save_splitter("inspector", self.splitter)
        settings.save_splitter("inspector_detail", self.detail_splitter)
        settings.save_header("inspector", self.table.horizontalHeader())
        settings.set_value("inspector/show_archived", self.archived_box.isChecked())
        settings.sync()

    def _restore_state(self) -> None:
        settings = AppSettings()
        settings.restore_splitter("inspector", self.splitter)
        settings.restore_splitter("inspector_detail", self.detail_splitter)
        header = self.table.horizontalHeader()
        if settings.restore_header("inspector", header):
            section = header.sortIndicatorSection()
            if 0 <= section < len(COLUMNS):
                self.model.set_sort(
                    COLUMNS[section].sort, header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder,
                    reload=False,
                )
        archived = settings.value("inspector/show_archived", False)
        self.archived_box.blockSignals(True)
        self.archived_box.setChecked(str(archived).lower() in ("true", "1"))
        self.archived_box.blockSignals(False)
        self.model.set_filter(self.current_filter(), reload=False)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self.model.set_faint_colour(self.palette().color(QPalette.ColorRole.PlaceholderText))
            # icons are drawn in the palette's text colour: ask again for the new one
            for action, name in self._action_icons.items():
                action.setIcon(icon(name))
            if self.field_values:
                self._render_fields()
        super().changeEvent(event)

    def whatif_pairs(self) -> list[tuple[str, str, str]]:
        """(type, pattern, scope) of the selection: the what-if forgets each in its own scope only."""
        pairs: list[tuple[str, str, str]] = []
        seen: set[tuple[str, str, str]] = set()
        for k in self.selected_keys():
            tp = (k.preference_type, k.pattern, k.scope)
            if tp not in seen:
                seen.add(tp)
                pairs.append(tp)
        return pairs

    def preview_as_if_forgotten(self) -> None:
        """Hand the selection to the Preview tab (nothing is changed) and show it there."""
        pairs = self.whatif_pairs()
        self.ctrl.whatif_forgotten = pairs  # type: ignore[attr-defined]
        self.whatIfForget.emit(pairs)
        tabs = self._host_tabs()
        if tabs is None or not pairs:
            return
        for i in range(tabs.count()):
            page = tabs.widget(i)
            if page is not None and page.objectName() == "preview":
                check = page.findChild(QCheckBox, "whatif_forgotten")
                if check is not None and not check.isChecked():
                    check.setChecked(True)
                tabs.setCurrentIndex(i)
                break

    def _host_tabs(self) -> QTabWidget | None:
        w = self.parentWidget()
        while w is not None:
            if isinstance(w, QTabWidget):
                return w
            w = w.parentWidget()
        return None

    @async_slot()
    async def _on_refresh(self) -> None:
        await self.refresh()


__all__ = ["InspectorTab", "load_explain", "load_facets", "retrieval_sentence"]

"""The Inspector tab: every learned preference, why it exists, and Forget.

Top: a filter box (Ctrl+F) and the actions (Forget…, Forget and block…, Preview as if forgotten);
then facet filters and the count. Middle: the preferences table (:class:`PreferenceTableModel`:
SQL-side filter and sort, keyset paging), or an empty state. Bottom: the detail pane for the
current row — every field, the sentence about the last retrieval, the strength-over-time chart and
the events that built it.

The tab composes its parts and connects their signals: :class:`.filters.FilterBar` (the filter box
and the facets), :class:`.selection.PreferenceList` (the table and its selection),
:class:`.detail.DetailPane` and :class:`.forget.ForgetActions`. "Preview as if forgotten" is
:attr:`InspectorTab.whatIfForget`, which the main window hands to the Preview tab.

Every store call runs through the controller (off the GUI thread). A refresh (F5, a write of ours,
a write by another process) reloads as many rows as are loaded and puts the selection, the current
row and the scroll position back (by preference key, not row number).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QPalette
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.controller import Controller
from creative_memory.gui.flow import flow, group
from creative_memory.gui.icons import icon
from creative_memory.gui.itemmodels.preferences import COLUMNS, PreferenceKey, PreferenceTableModel
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.tabs.inspector.controls import action_button
from creative_memory.gui.tabs.inspector.detail import DetailPane, load_explain, retrieval_sentence
from creative_memory.gui.tabs.inspector.filters import FilterBar
from creative_memory.gui.tabs.inspector.forget import ForgetActions
from creative_memory.gui.tabs.inspector.selection import PreferenceList
from creative_memory.services.forget.erasure import Receipt
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.queries import Facets, PrefFilter

log = logging.getLogger("cm.gui")

#: how long the current row must stay current before its detail is loaded (ms)
DETAIL_DELAY_MS = 60

load_facets = queries.load_facets  # runs on the store thread


class InspectorTab(Tab):
    key = "inspector"

    #: "Preview as if forgotten": [(preference_type, pattern, scope), …] of the selection
    whatIfForget = Signal(list)
    #: the detail pane now shows this key (None: nothing selected / gone)
    detailShown = Signal(object)
    #: a forget finished; the argument is the receipt
    forgotten = Signal(object)

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self.model = PreferenceTableModel(ctrl, self, flt=PrefFilter(show_archived=False))
        self._facets = Facets()
        self._refresh_future: asyncio.Future[None] | None = None
        self._refresh_again = False
        self._filter_t0: float | None = None
        #: milliseconds from the last filter change to its rows being shown (for benchmarks)
        self.last_filter_latency_ms: float | None = None

        # The parts, made in the order the keyboard walks them (the top row's buttons are put
        # after the filter box in _lay_out).
        self.filters = FilterBar(self)
        self.count_label = self._build_count()
        self.rows = PreferenceList(self.model, self)
        self.forget = ForgetActions(ctrl, self.rows, self, self.refresh)
        self._build_actions()
        self.detail = DetailPane(ctrl, self.model, self)
        self._alias_controls()
        self._lay_out()

        self._detail_timer = QTimer(self)
        self._detail_timer.setSingleShot(True)
        self._detail_timer.setInterval(DETAIL_DELAY_MS)
        self._detail_timer.timeout.connect(self._load_detail)
        self._connect()

        self.model.set_faint_colour(self.palette().color(QPalette.ColorRole.PlaceholderText))
        self._restore_state()
        self._update_actions()
        self._update_count()

    def _build_actions(self) -> None:
        """Preview as if forgotten and Refresh; the buttons of these and of Forget's actions."""
        self.whatif_action = QAction(icon("self-test"), self.tr("Preview as if forgotten"), self)
        self.whatif_action.setObjectName("whatif_action")
        self.whatif_action.setToolTip(
            self.tr(
                "Show in the Preview tab the memory block as it would be without the selected patterns; "
                "nothing is changed"
            )
        )
        self.whatif_action.triggered.connect(self.preview_as_if_forgotten)

        self.refresh_action = QAction(icon("refresh"), self.tr("Refresh"), self)
        self.refresh_action.setObjectName("inspector_refresh_action")
        self.refresh_action.setToolTip(self.tr("Reload the preferences from the store (F5)"))
        self.refresh_action.triggered.connect(self._on_refresh)

        self.forget.make_buttons()
        self.whatif_button = action_button(self.whatif_action, self, "whatif_button")
        self.refresh_button = action_button(self.refresh_action, self, "inspector_refresh_button")
        self.refresh_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.refresh_button.setAccessibleName(self.tr("Refresh"))
        self._action_icons: dict[QAction, str] = {
            **self.forget.icons(),
            self.whatif_action: "self-test",
            self.refresh_action: "refresh",
        }
        # the Menu key or Shift+F10 opens these at the current row; Delete forgets, Ctrl+C copies
        add_context_actions(
            self.rows.table, [self.forget.forget_action, self.forget.block_action, self.whatif_action]
        )

    def _build_count(self) -> QLabel:
        label = QLabel(self)
        label.setObjectName("inspector_count")
        label.setAccessibleName(self.tr("Number of preferences"))
        label.setToolTip(self.tr("How many preferences match the filters"))
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return label

    def _alias_controls(self) -> None:
        """The controls the tab places, by the names the window's tests and benchmarks use."""
        f = self.filters
        self.filter_edit = f.filter_edit
        self.scope_combo, self.type_combo = f.scope_combo, f.type_combo
        self.polarity_combo, self.status_combo = f.polarity_combo, f.status_combo
        self.tier_buttons, self.archived_box = f.tier_buttons, f.archived_box
        self.table, self.table_stack, self.empty = self.rows.table, self.rows, self.rows.empty
        self.forget_button, self.block_button = self.forget.forget_button, self.forget.block_button
        self.forget_all_button = self.forget.forget_all_button
        self.detail_stack = self.detail

    def _lay_out(self) -> None:
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("inspector_splitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.rows)
        self.splitter.addWidget(self.detail)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setAccessibleName(self.tr("Preferences and details"))

        self.filter_edit.set_view(self.table)
        self.filter_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 34)
        top = flow(
            self,
            self.filter_edit,
            self.forget_button,
            self.block_button,
            self.whatif_button,
            self.forget_all_button,
            self.refresh_button,
        )
        chain = [
            self.filter_edit,
            self.forget_button,
            self.block_button,
            self.whatif_button,
            self.forget_all_button,
            self.refresh_button,
            self.scope_combo,
        ]
        for a, b in itertools.pairwise(chain):
            QWidget.setTabOrder(a, b)  # the visual order (the buttons were made after the filters)
        f = self.filters
        facet_row = flow(
            self,
            f.scope_combo,
            f.type_combo,
            f.polarity_combo,
            f.status_combo,
            group(self, f.tier_label, *f.tier_buttons.values()),
            f.archived_box,
            self.count_label,
        )
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(facet_row)
        layout.addWidget(self.splitter, 1)

    def _connect(self) -> None:
        self.filters.changed.connect(self._apply_filter)
        # the text index is built as soon as typing starts, during the debounce
        self.filters.textEdited.connect(lambda _text: self.model.warm_text_index())
        self.rows.empty.actionTriggered.connect(self.clear_filters)
        self.rows.restored.connect(self._after_restore)
        self.rows.selectionChanged.connect(self._selection_changed)
        self.rows.currentChanged.connect(self._detail_timer.start)
        self.detail.shown.connect(self.detailShown)
        self.detail.forgetSessionAsked.connect(self.forget.forget_session_asked)
        self.forget.forgotten.connect(self.forgotten)
        self.model.reloaded.connect(self._after_reload)
        self.model.totalChanged.connect(lambda _n: self._update_count())
        self.model.totalChanged.connect(lambda _n: self._update_actions())

    # ------------------------------------------------------------------ Tab contract
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
        self.model.cells.names = dict(facets.names)
        self.filters.fill_scope(facets.projects, facets.names)
        self.filters.fill_types(facets.types)
        self.model.set_filter(self.current_filter(), reload=False)
        await self.model.reload(min_rows=self.model.rowCount(), tag="refresh")

    def focus_filter(self) -> bool:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()
        return True

    def set_read_only(self, read_only: bool) -> None:
        self.forget.set_read_only(read_only)
        self.detail.set_read_only(read_only)

    def save_state(self) -> None:
        settings = AppSettings()
        settings.save_splitter("inspector", self.splitter)
        settings.save_splitter("inspector_detail", self.detail.detail_splitter)
        settings.save_header("inspector_columns", self.table.horizontalHeader())
        settings.set_value("inspector/show_archived", self.archived_box.isChecked())
        settings.sync()

    def _restore_state(self) -> None:
        settings = AppSettings()
        settings.restore_splitter("inspector", self.splitter)
        settings.restore_splitter("inspector_detail", self.detail.detail_splitter)
        header = self.table.horizontalHeader()
        if settings.restore_header("inspector_columns", header):
            section = header.sortIndicatorSection()
            if 0 <= section < len(COLUMNS):
                self.model.set_sort(
                    COLUMNS[section].sort,
                    header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder,
                    reload=False,
                )
        archived = settings.value("inspector/show_archived", False)
        self.filters.set_show_archived(str(archived).lower() in ("true", "1"))
        self.model.set_filter(self.current_filter(), reload=False)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self.model.set_faint_colour(self.palette().color(QPalette.ColorRole.PlaceholderText))
            # icons are drawn in the palette's text colour: ask again for the new one
            for action, name in self._action_icons.items():
                action.setIcon(icon(name))
        super().changeEvent(event)

    # ------------------------------------------------------------------ the filters and the list
    def current_filter(self) -> PrefFilter:
        return self.filters.current_filter()

    def clear_filters(self) -> None:
        self.filters.clear()

    def _apply_filter(self) -> None:
        self._filter_t0 = time.perf_counter()
        self.model.set_filter(self.current_filter())

    def _after_reload(self) -> None:
        if self._filter_t0 is not None:
            self.last_filter_latency_ms = (time.perf_counter() - self._filter_t0) * 1000
            self._filter_t0 = None
        shown = self.rows.update_empty(
            nothing_learned=not self._facets.any,
            filtered=self.filters.is_filtered(),
            archived_shown=self.archived_box.isChecked(),
        )
        self.detail.setVisible(shown)  # one empty state, not two
        self._update_count()

    def _after_restore(self, refreshed: bool) -> None:
        """A reload put the selection back: the detail follows the current row (after a refresh
        the data may have changed: reloaded quietly)."""
        current = self.current_key()
        if current is None:
            self.detail.show_nothing()
        elif current != self.detail.detail_key() or refreshed:
            self._detail_timer.start()
        self._update_actions()
        self._update_count()

    def _selection_changed(self) -> None:
        self._update_actions()
        self._update_count()

    def _update_actions(self) -> None:
        self.forget.update_actions()
        self.whatif_action.setEnabled(self.rows.has_selection())

    def _update_count(self) -> None:
        text = self.rows.count_text()
        self.count_label.setText(text)
        self.count_label.setAccessibleDescription(text)

    def selected_keys(self) -> list[PreferenceKey]:
        return self.rows.selected_keys()

    def selected_count(self) -> int:
        return self.rows.selected_count()

    def current_key(self) -> PreferenceKey | None:
        return self.rows.current_key()

    def select_key(self, key: PreferenceKey) -> bool:
        return self.rows.select_key(key)

    async def show_key(self, key: PreferenceKey) -> bool:
        """Filter to ``key``'s pattern and select it (another tab's Show in Inspector); whether it
        is listed."""
        self.clear_filters()
        self.filter_edit.setText(key.pattern)
        self.filter_edit.flush()
        await self.refresh()
        found = self.select_key(key)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        return found

    # ------------------------------------------------------------------ the detail pane
    @async_slot()
    async def _load_detail(self) -> None:
        if self.model.fetching_page():
            # Walking pages (Ctrl+End or Page Down held): the current row moves again as soon as the
            # page is in, so its explanation would be read for nothing, on the store thread, beside
            # the page and the paint (decision 0058). Read it once the walk stops.
            self._detail_timer.start()
            return
        key = self.current_key()
        if key is None:
            self.detail.show_nothing()
            return
        await self.detail.load(key, self.current_key)

    # ------------------------------------------------------------------ forget and what-if
    async def forget_selected(self, *, block: bool = False) -> Receipt | None:
        return await self.forget.forget_selected(block=block)

    async def forget_keys(self, keys: Sequence[PreferenceKey], *, block: bool = False) -> Receipt | None:
        return await self.forget.forget_keys(keys, block=block)

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
        """Hand the selection to the Preview tab (nothing is changed): the main window connects
        :attr:`whatIfForget` to the Preview tab, which it then shows."""
        self.whatIfForget.emit(self.whatif_pairs())

    @async_slot()
    async def _on_refresh(self) -> None:
        await self.refresh()


__all__ = ["InspectorTab", "load_explain", "load_facets", "retrieval_sentence"]

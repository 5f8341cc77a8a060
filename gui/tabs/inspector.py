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
import time
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QLocale,
    QModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs.forget import ForgetDialog
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.flow import flow, group
from creative_memory.gui.icons import icon
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.models.preferences import (
    C_STRENGTH,
    COLUMNS,
    PreferenceKey,
    PreferenceTableModel,
    format_time,
)
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.base import Tab, tr
from creative_memory.gui.tabs.inspector_detail import DetailPane, load_explain, retrieval_sentence
from creative_memory.gui.tabs.inspector_forget import FORGET_ALL_LIMIT, ForgetActions
from creative_memory.gui.tabs.inspector_selection import KeptView
from creative_memory.gui.visible import shown_id, shown_name
from creative_memory.gui.widgets import EmptyState, FilterLineEdit, StrengthBarDelegate
from creative_memory.services import queries
from creative_memory.services.erasure import Receipt
from creative_memory.services.queries import PrefFilter
from creative_memory.services.session_forget import SessionReceipt

log = logging.getLogger("cm.gui")

#: at most this many events are listed in the detail pane (the newest)
DETAIL_DELAY_MS = 60


# --------------------------------------------------------------------------- store-thread reads
load_facets = queries.load_facets


def _n(value: int) -> str:
    return QLocale().toString(int(value))


def _named(widget: QWidget, name: str, tooltip: str) -> None:
    widget.setAccessibleName(name)
    widget.setToolTip(tooltip)


class InspectorTab(ForgetActions, DetailPane, KeptView, Tab):
    key = "inspector"

    #: "Preview as if forgotten": [(preference_type, pattern), …] of the selection
    whatIfForget = Signal(list)
    #: the detail pane now shows this key (None: nothing selected / gone)
    detailShown = Signal(object)
    #: a forget finished; the argument is the receipt
    forgotten = Signal(object)

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self.model = PreferenceTableModel(ctrl, self, flt=PrefFilter(show_archived=False))
        self._read_only = False
        self._filter_text = ""
        self._facets: dict[str, Any] = {"types": [], "projects": [], "any": False}
        self._refresh_future: asyncio.Future[None] | None = None
        self._refresh_again = False
        self._restoring = False
        self._reset_state: tuple[list[PreferenceKey], PreferenceKey | None, int, int] | None = None
        self._detail_gen = 0
        self._detail_key: PreferenceKey | None = None
        self._detail_data: dict[str, Any] | None = None
        self._forgetting = False
        self._filter_t0: float | None = None
        #: milliseconds from the last filter change to its rows being shown (for benchmarks)
        self.last_filter_latency_ms: float | None = None
        self.forget_dialog: ForgetDialog | None = None
        self.session_dialog: QMessageBox | None = None
        self.last_session_receipt: SessionReceipt | None = None
        self.receipt_dialog: ReceiptDialog | None = None
        self.last_receipt: Receipt | None = None

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
        self.splitter.setAccessibleName(tr("Preferences and details"))

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

    # ------------------------------------------------------------------ building
    def title(self) -> str:
        return tr("Inspector")

    def _make_button(self, action: QAction) -> QToolButton:
        b = QToolButton(self)
        b.setDefaultAction(action)
        b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        b.setAutoRaise(False)
        b.setAccessibleName(action.text().replace("&", "").rstrip("…"))
        b.setToolTip(action.toolTip())
        return b

    def _build_actions(self) -> None:
        self.forget_action = QAction(icon("forget"), tr("Forget…"), self)
        self.forget_action.setObjectName("forget_action")
        self.forget_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.forget_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.forget_action.setToolTip(tr("Erase the selected preferences and their evidence (Delete)"))
        self.forget_action.triggered.connect(self._on_forget)

        self.block_action = QAction(icon("block"), tr("Forget and block…"), self)
        self.block_action.setObjectName("forget_block_action")
        self.block_action.setToolTip(
            tr("Erase the selected preferences and never learn these patterns again")
        )
        self.block_action.triggered.connect(self._on_forget_block)

        self.whatif_action = QAction(icon("self-test"), tr("Preview as if forgotten"), self)
        self.whatif_action.setObjectName("whatif_action")
        self.whatif_action.setToolTip(
            tr("Show in the Preview tab the memory block as it would be without the selected patterns; "
               "nothing is changed")
        )
        self.whatif_action.triggered.connect(self.preview_as_if_forgotten)

        self.forget_all_action = QAction(icon("forget"), tr("Forget all shown…"), self)
        self.forget_all_action.setObjectName("forget_all_action")
        self.forget_all_action.triggered.connect(self._on_forget_all)

        self.refresh_action = QAction(icon("refresh"), tr("Refresh"), self)
        self.refresh_action.setObjectName("inspector_refresh_action")
        self.refresh_action.setToolTip(tr("Reload the preferences from the store (F5)"))
        self.refresh_action.triggered.connect(self._on_refresh)

        self.forget_button = self._make_button(self.forget_action)
        self.forget_button.setObjectName("forget_button")
        self.block_button = self._make_button(self.block_action)
        self.block_button.setObjectName("forget_block_button")
        self.whatif_button = self._make_button(self.whatif_action)
        self.whatif_button.setObjectName("whatif_button")
        self.forget_all_button = self._make_button(self.forget_all_action)
        self.forget_all_button.setObjectName("forget_all_button")
        self._action_icons = {
            self.forget_action: "forget",
            self.block_action: "block",
            self.whatif_action: "self-test",
            self.forget_all_action: "forget",
            self.refresh_action: "refresh",
        }
        self.refresh_button = self._make_button(self.refresh_action)
        self.refresh_button.setObjectName("inspector_refresh_button")
        self.refresh_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.refresh_button.setAccessibleName(tr("Refresh"))

    def _build_filters(self) -> None:
        self.filter_edit = FilterLineEdit(self, placeholder=tr("Filter by pattern, type or project…"))
        self.filter_edit.setObjectName("inspector_filter")
        _named(self.filter_edit, tr("Filter preferences"),
               tr("Type words that the pattern, type or project must contain (Ctrl+F); Escape clears"))
        self.filter_edit.filterChanged.connect(self._on_filter_text)

        self.scope_combo = QComboBox(self)
        self.scope_combo.setObjectName("scope_filter")
        _named(self.scope_combo, tr("Scope"), tr("Show global preferences, project ones, or one project's"))
        self.type_combo = QComboBox(self)
        self.type_combo.setObjectName("type_filter")
        _named(self.type_combo, tr("Type"), tr("Show one type of preference"))
        self.polarity_combo = QComboBox(self)
        self.polarity_combo.setObjectName("polarity_filter")
        _named(self.polarity_combo, tr("Polarity"), tr("Show wanted (positive) or avoided (negative) preferences"))
        self.polarity_combo.addItem(tr("Both polarities"), "")
        self.polarity_combo.addItem(tr("Positive"), "positive")
        self.polarity_combo.addItem(tr("Negative"), "negative")
        self.status_combo = QComboBox(self)
        self.status_combo.setObjectName("status_filter")
        _named(self.status_combo, tr("Status"), tr("Show one status only"))
        self.status_combo.addItem(tr("Any status"), "")
        self.status_combo.addItem(tr("Stable"), "stable")
        self.status_combo.addItem(tr("Under review"), "under_review")
        self.status_combo.addItem(tr("Archived"), "archived")
        self._fill_scope([])
        self._fill_types([])

        self.tier_label = QLabel(tr("Tier:"), self)
        self.tier_buttons: dict[str, QToolButton] = {}
        for tier, text in (("high", tr("High")), ("medium", tr("Medium")), ("low", tr("Low"))):
            b = QToolButton(self)
            b.setText(text)
            b.setCheckable(True)
            b.setObjectName(f"tier_{tier}")
            _named(b, tr("Tier {tier}").format(tier=text),
                   tr("Show {tier} confidence preferences (none checked: every tier)").format(tier=text.lower()))
            b.toggled.connect(self._on_facets)
            self.tier_buttons[tier] = b

        self.archived_box = QCheckBox(tr("Show archived"), self)
        self.archived_box.setObjectName("show_archived")
        _named(self.archived_box, tr("Show archived"),
               tr("Also show preferences not seen for 180 days (they are never injected)"))

        self.count_label = QLabel(self)
        self.count_label.setObjectName("inspector_count")
        self.count_label.setAccessibleName(tr("Number of preferences"))
        self.count_label.setToolTip(tr("How many preferences match the filters"))
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

        for combo in (self.scope_combo, self.type_combo, self.polarity_combo, self.status_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.currentIndexChanged.connect(self._on_facets)
        self.archived_box.toggled.connect(self._on_facets)

        self.facet_row = flow(
            self, self.scope_combo, self.type_combo, self.polarity_combo, self.status_combo,
            group(self, self.tier_label, *self.tier_buttons.values()), self.archived_box, self.count_label,
        )

    def _fill_scope(self, projects: Sequence[str]) -> None:
        current = self.scope_combo.currentData() or "all"
        self.scope_combo.blockSignals(True)
        try:
            self.scope_combo.clear()
            self.scope_combo.addItem(tr("All scopes"), "all")
            self.scope_combo.addItem(tr("Global only"), "global")
            self.scope_combo.addItem(tr("Any project"), "project")
            names = list(projects)
            if current.startswith("project:") and current[8:] not in names:
                names.append(current[8:])
            if names:
                self.scope_combo.insertSeparator(self.scope_combo.count())
            for p in names:
                self.scope_combo.addItem(tr("Project {project}").format(project=shown_id(p)), f"project:{p}")
            i = self.scope_combo.findData(current)
            self.scope_combo.setCurrentIndex(max(i, 0))
        finally:
            self.scope_combo.blockSignals(False)

    def _fill_types(self, types: Sequence[str]) -> None:
        current = self.type_combo.currentData() or ""
        self.type_combo.blockSignals(True)
        try:
            self.type_combo.clear()
            self.type_combo.addItem(tr("All types"), "")
            names = list(types)
            if current and current not in names:
                names.append(current)
            for t in names:
                self.type_combo.addItem(shown_name(t), t)
            i = self.type_combo.findData(current)
            self.type_combo.setCurrentIndex(max(i, 0))
        finally:
            self.type_combo.blockSignals(False)

    def _build_table(self) -> None:
        self.table = QTableView(self)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        self.filter_edit.set_view(self.table)
        self.table.setObjectName("inspector_table")
        _named(self.table, tr("Preferences"),
               tr("Learned preferences; select rows to see details, Delete forgets them"))
        self.table.setModel(self.model)
        self._keep_view()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setShowGrid(False)
        self.table.setCornerButtonEnabled(False)
        self.table.setItemDelegateForColumn(C_STRENGTH, StrengthBarDelegate(self.table))
        self.table.verticalHeader().setVisible(False)
        fm = self.table.fontMetrics()
        self.table.verticalHeader().setDefaultSectionSize(fm.height() + max(6, fm.height() // 2))
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.table.horizontalHeader()
        header.setObjectName("inspector_header")
        header.setSectionsMovable(True)
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        header.setSortIndicatorShown(True)
        header.setMinimumSectionSize(fm.averageCharWidth() * 4)
        self._set_default_widths()
        header.setSortIndicator(C_STRENGTH, Qt.SortOrder.DescendingOrder)
        self.table.setSortingEnabled(True)
        # the Menu key or Shift+F10 opens these at the current row; Delete forgets, Ctrl+C copies
        add_context_actions(self.table, [self.forget_action, self.block_action, self.whatif_action])

        self.empty = EmptyState(tr("Nothing learned yet."), "info", self)
        self.empty.setObjectName("inspector_empty")
        self.empty.actionTriggered.connect(self.clear_filters)

        self.table_stack = QStackedWidget(self)
        self.table_stack.setObjectName("inspector_table_stack")
        self.table_stack.addWidget(self.table)
        self.table_stack.addWidget(self.empty)

    def _set_default_widths(self) -> None:
        """Column widths from sample contents and the header titles (no pixel constants)."""
        fm = self.table.fontMetrics()
        hfm = self.table.horizontalHeader().fontMetrics()
        cw = fm.averageCharWidth()
        sample_date = format_time(1_798_761_540_000, False)  # a date with two-digit parts
        samples = {
            "scope": "p_brand_refresh",
            "type": "iconography",
            "pattern": "asymmetric_compositions",
            "polarity": max((self.model.word("positive"), self.model.word("negative")), key=fm.horizontalAdvance),
            "strength": "0000000.00",
            "tier": max((self.model.word(t) for t in ("low", "medium", "high")), key=fm.horizontalAdvance),
            "status": self.model.word("under_review"),
            "sources": "thumbs up, rep",
            "counts": "000 / 000",
            "last_seen": sample_date,
            "decay_at": sample_date,
            "last_injected": sample_date,
        }
        header = self.table.horizontalHeader()
        for i, c in enumerate(COLUMNS):
            title = str(self.model.headerData(i, Qt.Orientation.Horizontal))
            need = max(fm.horizontalAdvance(samples.get(c.name, "")), hfm.horizontalAdvance(title) + cw * 2)
            header.resizeSection(i, need + cw * 2)

    # ------------------------------------------------------------------ Tab contract
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
                await self._refresh_once()
            self.stale = False
        finally:
            self._refresh_future = None
            if not future.done():
                future.set_result(None)

    async def _refresh_once(self) -> None:
        facets = await self.ctrl.run(load_facets, self.ctrl.store, self.ctrl.user)
        self._facets = facets
        self._fill_scope(facets["projects"])
        self._fill_types(facets["types"])
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

    # ------------------------------------------------------------------ filters
    def current_filter(self) -> PrefFilter:
        scope_value = str(self.scope_combo.currentData() or "all")
        project_id: str | None = None
        scope = "all"
        if scope_value.startswith("project:"):
            scope, project_id = "project", scope_value[len("project:"):]
        elif scope_value in ("global", "project"):
            scope = scope_value
        status = str(self.status_combo.currentData() or "")
        tiers = frozenset(t for t, b in self.tier_buttons.items() if b.isChecked())
        return PrefFilter(
            text=self._filter_text,
            scope=scope,  # type: ignore[arg-type]
            project_id=project_id,
            preference_type=str(self.type_combo.currentData() or "") or None,
            polarity=str(self.polarity_combo.currentData() or "") or None,
            tiers=tiers,
            statuses=frozenset({status}) if status else frozenset(),
            show_archived=self.archived_box.isChecked() or status == "archived",
        )

    def is_filtered(self) -> bool:
        """Whether any filter narrows the list (beyond hiding archived preferences)."""
        flt = self.current_filter()
        return flt != PrefFilter(show_archived=flt.show_archived)

    def _on_filter_text(self, text: str) -> None:
        self._filter_text = text
        self._apply_filter()

    def _on_facets(self, *_args: Any) -> None:
        archived_only = self.status_combo.currentData() == "archived"
        self.archived_box.setEnabled(not archived_only)
        self._apply_filter()

    def _apply_filter(self) -> None:
        self._filter_t0 = time.perf_counter()
        self.model.set_filter(self.current_filter())

    def clear_filters(self) -> None:
        for w in (self.scope_combo, self.type_combo, self.polarity_combo, self.status_combo, *self.tier_buttons.values()):
            w.blockSignals(True)
        try:
            self.scope_combo.setCurrentIndex(0)
            self.type_combo.setCurrentIndex(0)
            self.polarity_combo.setCurrentIndex(0)
            self.status_combo.setCurrentIndex(0)
            for b in self.tier_buttons.values():
                b.setChecked(False)
        finally:
            for w in (self.scope_combo, self.type_combo, self.polarity_combo, self.status_combo,
                      *self.tier_buttons.values()):
                w.blockSignals(False)
        self.archived_box.setEnabled(True)
        self.filter_edit.blockSignals(True)
        self.filter_edit.clear()
        self.filter_edit.blockSignals(False)
        self.filter_edit.flush()
        self._filter_text = ""
        self._apply_filter()

    # ------------------------------------------------------------------ reloads keep the view
    def _after_reload(self) -> None:
        if self._filter_t0 is not None:
            self.last_filter_latency_ms = (time.perf_counter() - self._filter_t0) * 1000
            self._filter_t0 = None
        self._update_empty()
        self._update_count()

    def _update_empty(self) -> None:
        total = self.model.total or 0
        if total > 0 or self.model.rowCount() > 0:
            self.table_stack.setCurrentWidget(self.table)
            self.detail_stack.setVisible(True)
            return
        self.detail_stack.setVisible(False)  # one empty state, not two
        if not self._facets.get("any") and not self.is_filtered():
            self.empty.setText(
                tr("Nothing learned yet. Preferences appear here as Open Design sees what you accept, "
                   "refine, tag or reject.")
            )
            self.empty.setAction(None)
        elif not self.is_filtered() and not self.archived_box.isChecked():
            self.empty.setText(tr("Every preference is archived (not seen for 180 days)."))
            self.empty.setAction(tr("Show archived"), tr("Also show archived preferences"))
        else:
            self.empty.setText(tr("No preference matches these filters."))
            self.empty.setAction(tr("Clear filters"), tr("Remove every filter and show all preferences"))
        self.table_stack.setCurrentWidget(self.empty)

    def _update_count(self) -> None:
        total = self.model.total
        if total is None:
            text = tr("Loading…") if self.model.is_loading() else ""
        elif total == 1:
            text = tr("1 preference")
        else:
            text = tr("{n} preferences").format(n=_n(total))
        selected = self.selected_count() if total else 0
        if selected:
            text = tr("{count} · {n} selected").format(count=text, n=_n(selected))
        self.count_label.setText(text)
        self.count_label.setAccessibleDescription(text)

    # ------------------------------------------------------------------ selection
    def _selection_changed(self, *_args: Any) -> None:
        if self._restoring:
            return
        self._update_actions()
        self._update_count()

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._restoring:
            return
        self._detail_timer.start()

    def _update_actions(self) -> None:
        has = self.table.selectionModel().hasSelection()
        writable = not self._read_only and not self._forgetting
        self.forget_action.setEnabled(has and writable)
        self.block_action.setEnabled(has and writable)
        self.whatif_action.setEnabled(has)
        if self._read_only:
            for a in (self.forget_action, self.block_action):
                a.setToolTip(tr("This store is read-only; nothing can be forgotten"))
        else:
            self.forget_action.setToolTip(tr("Erase the selected preferences and their evidence (Delete)"))
            self.block_action.setToolTip(tr("Erase the selected preferences and never learn these patterns again"))
        self.forget_button.setToolTip(self.forget_action.toolTip())
        self.block_button.setToolTip(self.block_action.toolTip())
        total = self.model.total or 0
        filtered = self.model.filter != PrefFilter(show_archived=self.model.filter.show_archived)
        self.forget_all_action.setEnabled(writable and filtered and 0 < total <= FORGET_ALL_LIMIT)
        self.forget_all_action.setText(tr("Forget all {n} shown…").format(n=_n(total)) if filtered else
                                       tr("Forget all shown…"))
        self.forget_all_action.setToolTip(
            tr("Forget every preference this filter shows ({n}); the dialog lists them all").format(n=_n(total))
            if filtered else tr("Filter first: this forgets every preference the filter shows")
        )
        self.forget_all_button.setToolTip(self.forget_all_action.toolTip())

    # ------------------------------------------------------------------ detail pane
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self.model.set_faint_colour(self.palette().color(QPalette.ColorRole.PlaceholderText))
            # icons are drawn in the palette's text colour: ask again for the new one
            for action, name in self._action_icons.items():
                action.setIcon(icon(name))
            if self.field_values:
                self._render_fields()
        super().changeEvent(event)

    # ------------------------------------------------------------------ what-if
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

    # ------------------------------------------------------------------ misc
    @async_slot()
    async def _on_refresh(self) -> None:
        await self.refresh()


__all__ = ["InspectorTab", "load_explain", "load_facets", "retrieval_sentence"]

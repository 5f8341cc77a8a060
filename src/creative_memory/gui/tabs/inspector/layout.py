"""The Inspector's controls, built: the actions, the filter box and facet filters, the table
(:class:`InspectorLayout`, the base of the tab's other parts)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QStackedWidget,
    QTableView,
    QToolButton,
    QWidget,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs.forget import ForgetDialog
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.flow import flow, group
from creative_memory.gui.icons import icon
from creative_memory.gui.itemmodels.preferences import (
    C_STRENGTH,
    COLUMNS,
    PreferenceKey,
    PreferenceTableModel,
    format_time,
)
from creative_memory.gui.itemmodels.window_view import KeySelectionModel, follow_window
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.visible import shown_id, shown_name
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.gui.widgets.strength import StrengthBarDelegate
from creative_memory.services.forget.erasure import Receipt
from creative_memory.services.forget.session_forget import SessionReceipt
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.explain import Explanation
from creative_memory.services.inspection.queries import Facets, PrefFilter

#: how long the current row must stay current before its detail is loaded (ms)
DETAIL_DELAY_MS = 60

load_facets = queries.load_facets  # runs on the store thread


def _named(widget: QWidget, name: str, tooltip: str) -> None:
    widget.setAccessibleName(name)
    widget.setToolTip(tooltip)


class InspectorLayout(Tab):
    """The Inspector's signals, state and controls; the filters, the detail pane and Forget build on it."""

    key = "inspector"

    #: "Preview as if forgotten": [(preference_type, pattern), …] of the selection
    whatIfForget = Signal(list)
    #: the detail pane now shows this key (None: nothing selected / gone)
    detailShown = Signal(object)
    #: a forget finished; the argument is the receipt
    forgotten = Signal(object)

    if TYPE_CHECKING:  # the tab's other parts (filters, the detail pane, Forget) define these
        def _on_forget(self) -> None: ...
        def _on_forget_block(self) -> None: ...
        def _on_forget_all(self) -> None: ...
        def _on_refresh(self) -> Any: ...
        def _on_filter_text(self, text: str) -> None: ...
        def _on_facets(self, *_args: Any) -> None: ...
        def clear_filters(self) -> None: ...
        def preview_as_if_forgotten(self) -> None: ...

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self.model = PreferenceTableModel(ctrl, self, flt=PrefFilter(show_archived=False))
        self._read_only = False
        self._filter_text = ""
        self._facets = Facets()
        self._refresh_future: asyncio.Future[None] | None = None
        self._refresh_again = False
        self._restoring = False
        self._reset_state: tuple[list[PreferenceKey], PreferenceKey | None, int, int] | None = None
        self._detail_gen = 0
        self._detail_key: PreferenceKey | None = None
        self._detail_data: Explanation | None = None
        self._forgetting = False
        self._filter_t0: float | None = None
        #: milliseconds from the last filter change to its rows being shown (for benchmarks)
        self.last_filter_latency_ms: float | None = None
        self.forget_dialog: ForgetDialog | None = None
        self.session_dialog: QMessageBox | None = None
        self.last_session_receipt: SessionReceipt | None = None
        self.receipt_dialog: ReceiptDialog | None = None
        self.last_receipt: Receipt | None = None

    def _make_button(self, action: QAction) -> QToolButton:
        b = QToolButton(self)
        b.setDefaultAction(action)
        b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        b.setAutoRaise(False)
        b.setAccessibleName(action.text().replace("&", "").rstrip("…"))
        b.setToolTip(action.toolTip())
        return b

    def _build_actions(self) -> None:
        self.forget_action = QAction(icon("forget"), QCoreApplication.translate("InspectorLayout", "Forget…"), self)
        self.forget_action.setObjectName("forget_action")
        self.forget_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.forget_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.forget_action.setToolTip(QCoreApplication.translate("InspectorLayout", "Erase the selected preferences and their evidence (Delete)"))
        self.forget_action.triggered.connect(self._on_forget)

        self.block_action = QAction(icon("block"), QCoreApplication.translate("InspectorLayout", "Forget and block…"), self)
        self.block_action.setObjectName("forget_block_action")
        self.block_action.setToolTip(
            QCoreApplication.translate("InspectorLayout", "Erase the selected preferences and never learn these patterns again")
        )
        self.block_action.triggered.connect(self._on_forget_block)

        self.whatif_action = QAction(icon("self-test"), QCoreApplication.translate("InspectorLayout", "Preview as if forgotten"), self)
        self.whatif_action.setObjectName("whatif_action")
        self.whatif_action.setToolTip(
            QCoreApplication.translate("InspectorLayout", "Show in the Preview tab the memory block as it would be without the selected patterns; "
                                                          "nothing is changed")
        )
        self.whatif_action.triggered.connect(self.preview_as_if_forgotten)

        self.forget_all_action = QAction(icon("forget"), QCoreApplication.translate("InspectorLayout", "Forget all shown…"), self)
        self.forget_all_action.setObjectName("forget_all_action")
        self.forget_all_action.triggered.connect(self._on_forget_all)

        self.refresh_action = QAction(icon("refresh"), QCoreApplication.translate("InspectorLayout", "Refresh"), self)
        self.refresh_action.setObjectName("inspector_refresh_action")
        self.refresh_action.setToolTip(QCoreApplication.translate("InspectorLayout", "Reload the preferences from the store (F5)"))
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
        self.refresh_button.setAccessibleName(QCoreApplication.translate("InspectorLayout", "Refresh"))

    def _build_filters(self) -> None:
        self.filter_edit = FilterLineEdit(self, placeholder=QCoreApplication.translate("InspectorLayout", "Filter by pattern, type or project…"))
        self.filter_edit.setObjectName("inspector_filter")
        _named(self.filter_edit, QCoreApplication.translate("InspectorLayout", "Filter preferences"),
               QCoreApplication.translate("InspectorLayout", "Type words that the pattern, type or project must contain (Ctrl+F); Escape clears"))
        self.filter_edit.filterChanged.connect(self._on_filter_text)
        # the text index is built as soon as typing starts, during the debounce
        self.filter_edit.textEdited.connect(lambda _text: self.model.warm_text_index())

        self.scope_combo = QComboBox(self)
        self.scope_combo.setObjectName("scope_filter")
        _named(self.scope_combo, QCoreApplication.translate("InspectorLayout", "Scope"), QCoreApplication.translate("InspectorLayout", "Show global preferences, project ones, or one project's"))
        self.type_combo = QComboBox(self)
        self.type_combo.setObjectName("type_filter")
        _named(self.type_combo, QCoreApplication.translate("InspectorLayout", "Type"), QCoreApplication.translate("InspectorLayout", "Show one type of preference"))
        self.polarity_combo = QComboBox(self)
        self.polarity_combo.setObjectName("polarity_filter")
        _named(self.polarity_combo, QCoreApplication.translate("InspectorLayout", "Polarity"), QCoreApplication.translate("InspectorLayout", "Show wanted (positive) or avoided (negative) preferences"))
        self.polarity_combo.addItem(QCoreApplication.translate("InspectorLayout", "Both polarities"), "")
        self.polarity_combo.addItem(QCoreApplication.translate("InspectorLayout", "Positive"), "positive")
        self.polarity_combo.addItem(QCoreApplication.translate("InspectorLayout", "Negative"), "negative")
        self.status_combo = QComboBox(self)
        self.status_combo.setObjectName("status_filter")
        _named(self.status_combo, QCoreApplication.translate("InspectorLayout", "Status"), QCoreApplication.translate("InspectorLayout", "Show one status only"))
        self.status_combo.addItem(QCoreApplication.translate("InspectorLayout", "Any status"), "")
        self.status_combo.addItem(QCoreApplication.translate("InspectorLayout", "Stable"), "stable")
        self.status_combo.addItem(QCoreApplication.translate("InspectorLayout", "Under review"), "under_review")
        self.status_combo.addItem(QCoreApplication.translate("InspectorLayout", "Archived"), "archived")
        self._fill_scope([])
        self._fill_types([])

        self._build_tier_buttons()

        self.archived_box = QCheckBox(QCoreApplication.translate("InspectorLayout", "Show archived"), self)
        self.archived_box.setObjectName("show_archived")
        _named(self.archived_box, QCoreApplication.translate("InspectorLayout", "Show archived"),
               QCoreApplication.translate("InspectorLayout", "Also show preferences not seen for 180 days (they are never injected)"))

        self.count_label = QLabel(self)
        self.count_label.setObjectName("inspector_count")
        self.count_label.setAccessibleName(QCoreApplication.translate("InspectorLayout", "Number of preferences"))
        self.count_label.setToolTip(QCoreApplication.translate("InspectorLayout", "How many preferences match the filters"))
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

        for combo in (self.scope_combo, self.type_combo, self.polarity_combo, self.status_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.currentIndexChanged.connect(self._on_facets)
        self.archived_box.toggled.connect(self._on_facets)

        self.facet_row = flow(
            self, self.scope_combo, self.type_combo, self.polarity_combo, self.status_combo,
            group(self, self.tier_label, *self.tier_buttons.values()), self.archived_box, self.count_label,
        )

    def _build_tier_buttons(self) -> None:
        """"Tier:" and a checkable button for each tier."""
        self.tier_label = QLabel(QCoreApplication.translate("InspectorLayout", "Tier:"), self)
        self.tier_buttons: dict[str, QToolButton] = {}
        for tier, text in (("high", QCoreApplication.translate("InspectorLayout", "High")), ("medium", QCoreApplication.translate("InspectorLayout", "Medium")), ("low", QCoreApplication.translate("InspectorLayout", "Low"))):
            b = QToolButton(self)
            b.setText(text)
            b.setCheckable(True)
            b.setObjectName(f"tier_{tier}")
            _named(b, QCoreApplication.translate("InspectorLayout", "Tier {tier}").format(tier=text),
                   QCoreApplication.translate("InspectorLayout", "Show {tier} confidence preferences (none checked: every tier)").format(tier=text.lower()))
            b.toggled.connect(self._on_facets)
            self.tier_buttons[tier] = b

    def _fill_scope(self, projects: Sequence[str]) -> None:
        current = self.scope_combo.currentData() or "all"
        self.scope_combo.blockSignals(True)
        try:
            self.scope_combo.clear()
            self.scope_combo.addItem(QCoreApplication.translate("InspectorLayout", "All scopes"), "all")
            self.scope_combo.addItem(QCoreApplication.translate("InspectorLayout", "Global only"), "global")
            self.scope_combo.addItem(QCoreApplication.translate("InspectorLayout", "Any project"), "project")
            names = list(projects)
            if current.startswith("project:") and current[8:] not in names:
                names.append(current[8:])
            if names:
                self.scope_combo.insertSeparator(self.scope_combo.count())
            for p in names:
                self.scope_combo.addItem(QCoreApplication.translate("InspectorLayout", "Project {project}").format(project=shown_id(p)), f"project:{p}")
            i = self.scope_combo.findData(current)
            self.scope_combo.setCurrentIndex(max(i, 0))
        finally:
            self.scope_combo.blockSignals(False)

    def _fill_types(self, types: Sequence[str]) -> None:
        current = self.type_combo.currentData() or ""
        self.type_combo.blockSignals(True)
        try:
            self.type_combo.clear()
            self.type_combo.addItem(QCoreApplication.translate("InspectorLayout", "All types"), "")
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
        _named(self.table, QCoreApplication.translate("InspectorLayout", "Preferences"),
               QCoreApplication.translate("InspectorLayout", "Learned preferences; select rows to see details, Delete forgets them"))
        self.table.setModel(self.model)
        # the selection outlives rows leaving the model's window; the view follows the window (0043)
        default_selection = self.table.selectionModel()
        self.table.setSelectionModel(KeySelectionModel(self.model, self.table))
        default_selection.deleteLater()
        follow_window(self.table, self.model)
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

        self.empty = EmptyState(QCoreApplication.translate("InspectorLayout", "Nothing learned yet."), "info", self)
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

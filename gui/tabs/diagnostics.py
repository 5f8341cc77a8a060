"""The Diagnostics tab: recorded retrievals, their stage events and traces, a retrieval on demand.

The list pages by id (newest first) through :class:`gui.models.diagnostics.RetrievalsModel`;
filtering happens in SQL. Selecting a retrieval loads its stage events in the order the engine
emitted them; the selected event's whole trace and fields show word-wrapped beside the list.
"Run a retrieval now" runs the engine for a project: as a dry run (the default) whose events are
shown here and stored nowhere, or — only when "Dry run" is unchecked — as a recorded retrieval with
origin ``gui``, which never counts as an injection.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDateTime, QEvent, QItemSelectionModel, QModelIndex, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QFileDialog,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.controller import Controller
from creative_memory.gui.errors import show_error
from creative_memory.gui.flow import flow, group
from creative_memory.gui.icons import palette_icon
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.models.diagnostics import (
    EVENT_TYPES,
    RetrievalFilter,
    RetrievalsModel,
    Row,
    export_retrievals,
    fetch_retrieval_events,
    format_for,
    local_time,
)
from creative_memory.gui.models.stage_events import StageEventsModel, event_details
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.base import Tab, tr
from creative_memory.gui.tabs.project_picker import fill_projects
from creative_memory.gui.widgets import EmptyState, FilterLineEdit
from creative_memory.model.constants import Mode, Origin
from creative_memory.services import controls, retrieval
from creative_memory.services.errors import CreativeMemoryError

ORIGINS: tuple[tuple[str, str], ...] = (
    ("daemon", "Open Design (daemon)"),
    ("cli", "Command line"),
    ("gui", "Recorded here (Diagnostics)"),
    ("preview", "Preview (older versions)"),
    ("self_test", "Self-test"),
)
MODES: tuple[tuple[Mode, str], ...] = (
    (Mode.GENERATION, "Generation"),
    (Mode.CRITIQUE, "Critique"),
    (Mode.LEGACY, "Legacy format"),
)


def row_height(widget: QWidget) -> int:
    """A compact, font-relative table row height."""
    return widget.fontMetrics().height() + max(6, widget.fontMetrics().height() // 2)


def _named(widget: QWidget, name: str, tooltip: str) -> None:
    widget.setAccessibleName(name)
    widget.setToolTip(tooltip)


class DiagnosticsTab(Tab):
    key = "diagnostics"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._read_only = False
        self._events_generation = 0
        self._shown_retrieval: int | None = None
        self._showing_dry_run = False
        self._projects: list[dict[str, Any]] = []
        self.model = RetrievalsModel(ctrl, self)
        self.events_model = StageEventsModel(self)

        # --- filters -------------------------------------------------------------------------
        self.origin_combo = QComboBox(self)
        self.origin_combo.setObjectName("origin_filter")
        self.origin_combo.addItem(tr("All origins"), None)
        for value, label in ORIGINS:
            self.origin_combo.addItem(tr(label), value)
        _named(self.origin_combo, tr("Origin filter"), tr("Show retrievals made by this caller only"))

        self.project_combo = QComboBox(self)
        self.project_combo.setObjectName("project_filter")
        self.project_combo.addItem(tr("All projects"), None)
        self.project_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.project_combo.setMinimumContentsLength(18)
        _named(self.project_combo, tr("Project filter"), tr("Show retrievals for this project only"))

        self.event_combo = QComboBox(self)
        self.event_combo.setObjectName("event_filter")
        self.event_combo.addItem(tr("Any event"), None)
        for value, label in EVENT_TYPES:
            self.event_combo.addItem(tr(label), value)
            self.event_combo.setItemData(self.event_combo.count() - 1, value, Qt.ItemDataRole.ToolTipRole)
        _named(
            self.event_combo,
            tr("Event type filter"),
            tr("Show only retrievals in which a stage emitted this diagnostic event"),
        )

        now = QDateTime.currentDateTime()
        self.since_check = QCheckBox(tr("&From"), self)
        self.since_check.setObjectName("since_enabled")
        _named(self.since_check, tr("Filter from a time"), tr("Show only retrievals at or after this time"))
        self.since_edit = self._date_edit(now.addDays(-7), "since")
        _named(self.since_edit, tr("From time"), tr("The earliest time to show (local time)"))
        self.until_check = QCheckBox(tr("&Until"), self)
        self.until_check.setObjectName("until_enabled")
        _named(self.until_check, tr("Filter up to a time"), tr("Show only retrievals up to this time"))
        self.until_edit = self._date_edit(now, "until")
        _named(self.until_edit, tr("To time"), tr("The latest time to show (local time, the whole minute)"))

        self.search_edit = FilterLineEdit(self, placeholder=tr("Search by pattern, type or project…"))
        self.search_edit.setObjectName("diagnostics_search")
        _named(
            self.search_edit,
            tr("Search retrievals"),
            tr("Show retrievals that name this pattern, type or project (Ctrl+F); Escape clears"),
        )

        self.clear_button = QPushButton(tr("C&lear filters"), self)
        self.clear_button.setObjectName("clear_filters")
        _named(self.clear_button, tr("Clear filters"), tr("Show every recorded retrieval again"))

        self.search_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 24)
        filters = flow(
            self,
            group(self, self._buddy(tr("&Origin:"), self.origin_combo), self.origin_combo),
            group(self, self._buddy(tr("&Project:"), self.project_combo), self.project_combo),
            group(self, self._buddy(tr("E&vent:"), self.event_combo), self.event_combo),
            group(self, self._buddy(tr("&Search:"), self.search_edit), self.search_edit),
            group(self, self.since_check, self.since_edit),
            group(self, self.until_check, self.until_edit),
            self.clear_button,
        )

        # --- run now and export -------------------------------------------------------------
        self.run_project_combo = QComboBox(self)
        self.run_project_combo.setObjectName("run_project")
        self.run_project_combo.addItem(tr("No project (global only)"), None)
        self.run_project_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.run_project_combo.setMinimumContentsLength(18)
        _named(self.run_project_combo, tr("Project to retrieve for"), tr("The project the retrieval runs for"))
        self.run_mode_combo = QComboBox(self)
        self.run_mode_combo.setObjectName("run_mode")
        for mode, label in MODES:
            self.run_mode_combo.addItem(tr(label), str(mode))
        _named(self.run_mode_combo, tr("Block format"), tr("Which prompt block format to build"))
        self.dry_run_check = QCheckBox(tr("&Dry run"), self)
        self.dry_run_check.setObjectName("dry_run")
        _named(
            self.dry_run_check,
            tr("Dry run"),
            tr("Run the engine and show its stage events here without recording anything"),
        )
        self.dry_run_check.setChecked(True)
        self.run_button = QPushButton(tr("&Run (dry run)"), self)
        self.run_button.setObjectName("run_now")
        _named(
            self.run_button,
            tr("Run a retrieval now"),
            tr("Retrieve for the chosen project now; a recorded run appears at the top of the list"),
        )
        self.export_button = QPushButton(tr("E&xport…"), self)
        self.export_button.setObjectName("export")
        _named(self.export_button, tr("Export"), tr("Save the filtered list as JSON or CSV"))

        run_title = QLabel(tr("Run a retrieval now:"), self)
        bold = run_title.font()
        bold.setBold(True)
        run_title.setFont(bold)
        top_row = flow(
            self,
            group(self, run_title, self._buddy(tr("Pro&ject:"), self.run_project_combo), self.run_project_combo),
            group(self, self._buddy(tr("&Mode:"), self.run_mode_combo), self.run_mode_combo),
            self.dry_run_check,
            self.run_button,
            self.export_button,
        )

        self.message = QLabel(self)
        self.message.setObjectName("diagnostics_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAccessibleName(tr("Last action"))
        self.message.setVisible(False)

        # --- the retrievals list ------------------------------------------------------------
        self.table = QTableView(self)
        self.table.setObjectName("retrievals")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(row_height(self))
        self.table.setTabKeyNavigation(False)
        self.table.setAccessibleName(tr("Retrievals"))
        add_context_actions(self.table)  # Copy (Ctrl+C), from the Menu key or Shift+F10 too
        self.table.setToolTip(tr("Recorded retrievals, newest first; select one to see its stage events"))
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setHighlightSections(False)
        for col in range(self.model.columnCount()):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)

        self.empty = EmptyState(parent=self)
        self.empty.setObjectName("retrievals_empty")
        self.empty.actionTriggered.connect(self._clear_filters)
        self.list_stack = QStackedWidget(self)
        self.list_stack.addWidget(self.table)
        self.list_stack.addWidget(self.empty)

        self.count_label = QLabel(self)
        self.count_label.setObjectName("retrievals_count")
        self.count_label.setAccessibleName(tr("How many retrievals are shown"))

        list_box = QWidget(self)
        list_layout = QVBoxLayout(list_box)
        list_layout.setContentsMargins(0, 0, 0, 0)
        list_layout.addWidget(self.list_stack, 1)
        list_layout.addWidget(self.count_label)

        # --- the selected retrieval's stage events -------------------------------------------
        self.summary = QLabel(self)
        self.summary.setObjectName("retrieval_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setAccessibleName(tr("Selected retrieval"))
        self.summary.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        self.events_view = QTableView(self)
        self.events_view.setObjectName("stage_events")
        self.events_view.setModel(self.events_model)
        self.events_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.events_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.events_view.setWordWrap(True)
        self.events_view.setAlternatingRowColors(True)
        self.events_view.verticalHeader().setVisible(False)
        self.events_view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.events_view.setTabKeyNavigation(False)
        self.events_view.setAccessibleName(tr("Stage events"))
        add_context_actions(self.events_view)
        self.events_view.setToolTip(tr("The stage events of the selected retrieval, in the order they happened"))
        eh = self.events_view.horizontalHeader()
        eh.setHighlightSections(False)
        eh.setStretchLastSection(True)
        for col in range(3):
            eh.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        eh.setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        eh.resizeSection(3, self.fontMetrics().averageCharWidth() * 34)

        self.detail = QPlainTextEdit(self)
        self.detail.setObjectName("event_detail")
        self.detail.setReadOnly(True)
        self.detail.setTabChangesFocus(True)
        self.detail.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.detail.setAccessibleName(tr("Stage event detail"))
        self.detail.setToolTip(tr("The whole trace and every field of the selected stage event"))
        self.detail.setPlaceholderText(tr("Select a stage event to read its whole trace."))

        events_split = QSplitter(Qt.Orientation.Horizontal, self)
        events_split.setObjectName("diagnostics_events_split")
        events_split.addWidget(self.events_view)
        events_split.addWidget(self.detail)
        events_split.setStretchFactor(0, 3)
        events_split.setStretchFactor(1, 1)
        events_split.setChildrenCollapsible(False)
        self.events_split = events_split

        events_box = QWidget(self)
        events_layout = QVBoxLayout(events_box)
        events_layout.setContentsMargins(0, 0, 0, 0)
        events_layout.addWidget(self.summary)
        events_layout.addWidget(events_split, 1)

        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("diagnostics_split")
        self.splitter.addWidget(list_box)
        self.splitter.addWidget(events_box)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addLayout(top_row)
        layout.addWidget(self.message)
        layout.addWidget(self.splitter, 1)

        # --- behaviour ------------------------------------------------------------------------
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(250)
        self._filter_timer.timeout.connect(self._apply_filters)
        for combo in (self.origin_combo, self.project_combo, self.event_combo):
            combo.currentIndexChanged.connect(self._apply_filters)
        self.since_check.toggled.connect(self._on_time_toggled)
        self.until_check.toggled.connect(self._on_time_toggled)
        self.since_edit.dateTimeChanged.connect(self._filter_timer.start)
        self.until_edit.dateTimeChanged.connect(self._filter_timer.start)
        self.clear_button.clicked.connect(self._clear_filters)
        self.search_edit.filterChanged.connect(lambda _t: self._apply_filters())
        chain = [self.event_combo, self.search_edit, self.since_check, self.since_edit, self.until_check,
                 self.until_edit, self.clear_button]
        for a, b in itertools.pairwise(chain):
            QWidget.setTabOrder(a, b)  # the visual order
        self.search_edit.set_view(self.table)
        self.run_button.clicked.connect(self._run_clicked)
        self.dry_run_check.toggled.connect(self._update_run_label)
        self.export_button.clicked.connect(self._export_clicked)
        selection = self.table.selectionModel()
        selection.currentRowChanged.connect(self._on_current_changed)
        self.events_view.selectionModel().currentRowChanged.connect(self._on_event_changed)
        self.model.rowsLoaded.connect(self._update_list_state)
        self.model.modelReset.connect(self._update_list_state)
        self._on_time_toggled()
        self._update_list_state()
        self._show_nothing_selected()
        self._update_icons()

        settings = AppSettings()
        settings.restore_splitter("diagnostics", self.splitter)
        settings.restore_splitter("diagnostics_events", self.events_split)
        settings.restore_header("diagnostics_retrievals", header)

    # ------------------------------------------------------------------ small builders
    def _update_icons(self) -> None:
        self.run_button.setIcon(palette_icon("self-test", self.palette()))
        self.export_button.setIcon(palette_icon("export", self.palette()))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._update_icons()

    def _buddy(self, text: str, widget: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(widget)
        return label

    def _date_edit(self, value: QDateTime, name: str) -> QDateTimeEdit:
        edit = QDateTimeEdit(value, self)
        edit.setObjectName(f"{name}_time")
        edit.setCalendarPopup(True)
        edit.setDisplayFormat("yyyy-MM-dd HH:mm")
        return edit

    # ------------------------------------------------------------------ Tab contract
    def title(self) -> str:
        return tr("Diagnostics")

    async def refresh(self) -> None:
        self.stale = False
        self._follow_now()
        self._projects = await self.ctrl.run(controls.projects, self.ctrl.store, self.ctrl.user)
        self.model.project_names = {str(p["id"]): str(p["name"]) for p in self._projects if p.get("name")}
        fill_projects(self.project_combo, self._projects, tr("All projects"))
        fill_projects(self.run_project_combo, self._projects, tr("No project (global only)"))
        changed = self.model.set_filter(self.current_filter())
        scroll = self.table.verticalScrollBar().value()
        await self.model.reload(reset=changed)
        self.table.verticalScrollBar().setValue(scroll)
        await self._after_load(reload_events=True)

    def focus_filter(self) -> bool:
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()
        return True

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        if read_only:
            self.dry_run_check.setChecked(True)
            self.dry_run_check.setToolTip(tr("This store is read-only: a retrieval can only be a dry run"))
        else:
            self.dry_run_check.setToolTip(
                tr("Run the engine and show its stage events here without recording anything")
            )
        self.dry_run_check.setEnabled(not read_only)

    def save_state(self) -> None:
        settings = AppSettings()
        settings.save_splitter("diagnostics", self.splitter)
        settings.save_splitter("diagnostics_events", self.events_split)
        settings.save_header("diagnostics_retrievals", self.table.horizontalHeader())

    # ------------------------------------------------------------------ filters
    def current_filter(self) -> RetrievalFilter:
        since = until = None
        if self.since_check.isChecked():
            since = self.since_edit.dateTime().toMSecsSinceEpoch()
        if self.until_check.isChecked():
            until = self.until_edit.dateTime().toMSecsSinceEpoch() + 59_999
        return RetrievalFilter(
            origin=self.origin_combo.currentData(),
            project_id=self.project_combo.currentData(),
            event_type=self.event_combo.currentData(),
            since=since,
            until=until,
            text=self.search_edit.text().strip() or None,
        )

    def set_filter(
        self,
        *,
        origin: str | None = None,
        project_id: str | None = None,
        event_type: str | None = None,
        since: QDateTime | None = None,
        until: QDateTime | None = None,
    ) -> None:
        """Set every filter control at once and reload the list once."""
        widgets = (self.origin_combo, self.project_combo, self.event_combo, self.since_check, self.until_check)
        for w in widgets:
            w.blockSignals(True)
        try:
            for combo, value in (
                (self.origin_combo, origin),
                (self.project_combo, project_id),
                (self.event_combo, event_type),
            ):
                index = combo.findData(value) if value is not None else 0
                if index < 0:
                    combo.addItem(str(value), value)
                    index = combo.count() - 1
                combo.setCurrentIndex(index)
            self.since_check.setChecked(since is not None)
            self.until_check.setChecked(until is not None)
            if since is not None:
                self.since_edit.setDateTime(since)
            if until is not None:
                self.until_edit.setDateTime(until)
        finally:
            for w in widgets:
                w.blockSignals(False)
        self._on_time_toggled()

    def _follow_now(self) -> None:
        """Keep the unused time bounds near the present, so ticking one starts from a sensible time."""
        now = QDateTime.currentDateTime()
        for check, edit, value in (
            (self.since_check, self.since_edit, now.addDays(-7)),
            (self.until_check, self.until_edit, now),
        ):
            if not check.isChecked():
                edit.blockSignals(True)
                edit.setDateTime(value)
                edit.blockSignals(False)

    def _on_time_toggled(self) -> None:
        self.since_edit.setEnabled(self.since_check.isChecked())
        self.until_edit.setEnabled(self.until_check.isChecked())
        self._apply_filters()

    def _clear_filters(self) -> None:
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.flush()
        self.search_edit.blockSignals(False)
        self.set_filter()

    def _apply_filters(self) -> None:
        self._filter_timer.stop()
        if self.model.set_filter(self.current_filter()):
            self.ctrl.start(self.apply_filter(), name="diagnostics-filter")

    async def apply_filter(self) -> None:
        """Reload the list for the current filter controls (at once, from the top)."""
        self._filter_timer.stop()
        self.model.set_filter(self.current_filter())
        await self.model.reload(reset=True)
        await self._after_load(reload_events=False)

    def _filtering(self) -> bool:
        return self.model.filter != RetrievalFilter()

    # ------------------------------------------------------------------ list state and selection
    def _update_list_state(self) -> None:
        rows = self.model.rowCount()
        if rows == 0 and self.model.loaded_once():
            if self._filtering():
                self.empty.setText(tr("No retrieval matches these filters."))
                self.empty.setAction(tr("Clear filters"), tr("Show every recorded retrieval again"))
            else:
                self.empty.setText(
                    tr(
                        "No retrievals recorded yet. Open Design records one each time it adds "
                        "Creative memory to a prompt; “Run a retrieval now” records one from here."
                    )
                )
                self.empty.setAction(None)
            self.list_stack.setCurrentWidget(self.empty)
        else:
            self.list_stack.setCurrentWidget(self.table)
        more = self.model.has_more()
        self.count_label.setVisible(rows > 0)
        self.count_label.setText(
            tr("{n} retrievals loaded — scroll down for more").format(n=rows)
            if more
            else tr("{n} retrievals").format(n=rows)
            if rows != 1
            else tr("1 retrieval")
        )
        self.export_button.setEnabled(rows > 0)

    async def _after_load(self, *, reload_events: bool) -> None:
        self._update_list_state()
        current = self.table.selectionModel().currentIndex()
        if current.isValid():
            row = self.model.row_at(current.row())
            if row is not None and (reload_events or row["id"] != self._shown_retrieval):
                await self.show_retrieval(row)
            return
        if self._showing_dry_run:
            return
        if self.model.rowCount() > 0:
            self.select_row(0)
        else:
            self._show_nothing_selected()

    def select_row(self, row: int) -> None:
        index = self.model.index(row, 0)
        self.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        )
        self.table.scrollTo(index)

    def select_retrieval(self, retrieval_id: int) -> bool:
        row = self.model.row_of_id(retrieval_id)
        if row >= 0:
            self.select_row(row)
        return row >= 0

    def selected_retrieval(self) -> Row | None:
        current = self.table.selectionModel().currentIndex()
        return self.model.row_at(current.row()) if current.isValid() else None

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = self.model.row_at(current.row()) if current.isValid() else None
        if row is None:
            if not self._showing_dry_run:
                self._show_nothing_selected()
            return
        self._showing_dry_run = False
        self.ctrl.start(self.show_retrieval(row), name="diagnostics-events")

    def _show_nothing_selected(self) -> None:
        self._shown_retrieval = None
        self._events_generation += 1
        self.summary.setText(tr("Select a retrieval to see its stage events."))
        self.events_model.set_events([])
        self.detail.clear()

    async def show_retrieval(self, row: Row) -> None:
        """Load and show the stage events of one recorded retrieval."""
        self._events_generation += 1
        generation = self._events_generation
        events = await self.ctrl.run(fetch_retrieval_events, self.ctrl.store, int(row["id"]))
        if generation != self._events_generation:
            return
        self._shown_retrieval = int(row["id"])
        self.summary.setText(self._summary(row, len(events)))
        self._set_events(events)

    def _summary(self, row: Row, n_events: int) -> str:
        parts = [
            tr("Retrieval #{id}").format(id=row["id"]),
            local_time(row.get("at")),
            str(row.get("origin") or ""),
            self.model.project_label(row.get("project_id")),
            str(row.get("mode") or ""),
            tr("kept +{pos} / −{neg}").format(pos=row.get("kept_positive", 0), neg=row.get("kept_negative", 0)),
            tr("{n} tokens").format(n=row.get("tokens", 0)),
            tr("{n} stage events").format(n=n_events),
        ]
        text = " · ".join(p for p in parts if p)
        if row.get("empty_reason"):
            text += "\n" + tr(retrieval.describe_empty(row["empty_reason"], self._empty_numbers(row.get("project_id"))))
        return text

    def _set_events(self, events: list[Row]) -> None:
        self.events_model.set_events(events)
        self.detail.clear()
        if events:
            index = self.events_model.index(0, 0)
            self.events_view.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
            )
        self.events_view.scrollToTop()

    def _on_event_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        events = self.events_model.events
        if current.isValid() and 0 <= current.row() < len(events):
            self.detail.setPlainText(event_details(events[current.row()]))
        else:
            self.detail.clear()

    def shown_events(self) -> list[Row]:
        return self.events_model.events

    # ------------------------------------------------------------------ run a retrieval now
    def _update_run_label(self, dry: bool) -> None:
        self.run_button.setText(tr("&Run (dry run)") if dry else tr("&Run a recorded retrieval"))

    @async_slot()
    async def _run_clicked(self) -> None:
        mode = Mode(self.run_mode_combo.currentData())
        try:
            await self.run_retrieval(
                self.run_project_combo.currentData(), mode=mode, dry_run=self.dry_run_check.isChecked()
            )
        except CreativeMemoryError as exc:
            show_error(self, exc, action=tr("The retrieval could not run."))

    async def run_retrieval(
        self, project_id: str | None, *, mode: Mode = Mode.GENERATION, dry_run: bool = False
    ) -> retrieval.RetrievalOutcome:
        """Run the engine now; recorded runs are selected at the top, dry runs shown unrecorded."""
        dry = dry_run or self._read_only or self.ctrl.store.read_only
        self.run_button.setEnabled(False)
        try:
            outcome = await self.ctrl.run(
                retrieval.run,
                self.ctrl.store,
                self.ctrl.user,
                project_id=project_id,
                now=self.ctrl.now(),
                mode=mode,
                origin=Origin.GUI,
                dry_run=dry,
            )
        finally:
            self.run_button.setEnabled(True)
        result = outcome.result
        where = self.model.project_label(project_id)
        kept = tr("kept +{pos} / −{neg}, {tokens} tokens").format(
            pos=len(result.positives), neg=len(result.negatives), tokens=outcome.tokens
        )
        if outcome.retrieval_id is None:
            self.table.selectionModel().clearSelection()
            self._showing_dry_run = True
            self.table.selectionModel().setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
            self._events_generation += 1
            self._shown_retrieval = None
            summary = tr("Dry run (not recorded) · {where} · {mode} · {kept}").format(
                where=where, mode=str(mode), kept=kept
            )
            if result.empty_reason:
                summary += "\n" + tr(retrieval.describe_empty(result.empty_reason, self._empty_numbers(project_id)))
            self.summary.setText(summary)
            self._set_events([e.as_json() for e in result.events])
            self._say(tr("Dry run for {where}: {kept}. Nothing was recorded.").format(where=where, kept=kept))
        else:
            self._showing_dry_run = False
            await self.model.reload()
            text = tr("Recorded retrieval #{id} for {where}: {kept}.").format(
                id=outcome.retrieval_id, where=where, kept=kept
            )
            if not self.select_retrieval(outcome.retrieval_id):
                text += " " + tr("The current filters hide it.")
            self._say(text)
            self.ctrl.notify("diagnostics")
        return outcome

    def _empty_numbers(self, project_id: str | None) -> dict[str, Any]:
        name = next((p.get("name") for p in self._projects if p.get("id") == project_id), None)
        return {"project_id": project_id, "project_name": name if name != project_id else None}

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(True)

    # ------------------------------------------------------------------ export
    @async_slot()
    async def _export_clicked(self) -> None:
        dialog = QFileDialog(self, tr("Export retrievals"))
        dialog.setObjectName("export_dialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        json_filter, csv_filter = tr("JSON (*.json)"), tr("CSV (*.csv)")
        dialog.setNameFilters([json_filter, csv_filter])
        dialog.setDefaultSuffix("json")
        dialog.selectFile("retrievals.json")
        dialog.filterSelected.connect(
            lambda f: dialog.setDefaultSuffix("csv" if f == csv_filter else "json")
        )
        if await wait_dialog(dialog) != QFileDialog.DialogCode.Accepted.value:
            return
        files = dialog.selectedFiles()
        if not files:
            return
        fallback = "csv" if dialog.selectedNameFilter() == csv_filter else "json"
        path = files[0]
        try:
            await self.export_to(path, format_for(path, fallback))
        except (CreativeMemoryError, OSError) as exc:
            show_error(self, exc, action=tr("The retrievals could not be exported."))

    async def export_to(self, path: str | Path, fmt: str) -> int:
        """Write every retrieval the current filter matches to ``path`` (mode 0600); returns how many."""
        n = await self.ctrl.run(
            export_retrievals, self.ctrl.store, self.ctrl.user, self.model.filter, Path(path), fmt
        )
        self._say(tr("Exported {n} retrievals to {path}.").format(n=n, path=str(path)))
        return n

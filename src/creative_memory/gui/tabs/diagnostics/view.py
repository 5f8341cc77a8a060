"""The Diagnostics tab: recorded retrievals, their stage events and traces, a retrieval on demand.

The list pages by id (newest first) through :class:`gui.itemmodels.diagnostics.RetrievalsModel`;
filtering happens in SQL. Selecting a retrieval loads its stage events in the order the engine
emitted them; the selected event's whole trace and fields show word-wrapped beside the list.
"Run a retrieval now" runs the engine for a project: as a dry run (the default) whose events are
shown here and stored nowhere, or — only when "Dry run" is unchecked — as a recorded retrieval with
origin ``gui``, which never counts as an injection.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QDateTime, QEvent, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
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

from creative_memory.gui.controller import Controller
from creative_memory.gui.flow import FlowLayout, flow, group
from creative_memory.gui.icons import palette_icon
from creative_memory.gui.itemmodels.diagnostics import EVENT_TYPES, RetrievalsModel
from creative_memory.gui.itemmodels.stage_events import StageEventsModel
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.diagnostics.common import MODES, ORIGINS, fill_projects, named, row_height
from creative_memory.gui.tabs.diagnostics.filters import FilterActions
from creative_memory.gui.tabs.diagnostics.run import RunActions
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.gui.widgets.log_line import LogFileLine
from creative_memory.services.controls.project_choices import project_choices


class DiagnosticsTab(FilterActions, RunActions):
    key = "diagnostics"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self.model = RetrievalsModel(ctrl, self)
        self.events_model = StageEventsModel(self)
        filters = self._build_filters()
        top_row = self._build_run_row()
        list_box = self._build_list()
        events_box = self._build_events()
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
        self.log_label = LogFileLine(self)
        layout.addWidget(self.log_label)
        self._connect()
        self._on_time_toggled()
        self._update_list_state()
        self._show_nothing_selected()
        self._update_icons()

        settings = AppSettings()
        settings.restore_splitter("diagnostics", self.splitter)
        settings.restore_splitter("diagnostics_events", self.events_split)
        settings.restore_header("diagnostics_retrievals", self.table.horizontalHeader())

    # ------------------------------------------------------------------ building
    def _build_filters(self) -> FlowLayout:
        """Origin, project, event type, search, a time window, and Clear filters."""
        self.origin_combo = QComboBox(self)
        self.origin_combo.setObjectName("origin_filter")
        self.origin_combo.addItem(self.tr("All origins"), None)
        for value, label in ORIGINS:
            self.origin_combo.addItem(self.tr(label), value)
        named(self.origin_combo, self.tr("Origin filter"), self.tr("Show retrievals made by this caller only"))

        self.project_combo = QComboBox(self)
        self.project_combo.setObjectName("project_filter")
        self.project_combo.addItem(self.tr("All projects"), None)
        self.project_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.project_combo.setMinimumContentsLength(18)
        named(self.project_combo, self.tr("Project filter"), self.tr("Show retrievals for this project only"))

        self.event_combo = QComboBox(self)
        self.event_combo.setObjectName("event_filter")
        self.event_combo.addItem(self.tr("Any event"), None)
        for value, label in EVENT_TYPES:
            self.event_combo.addItem(self.tr(label), value)
            self.event_combo.setItemData(self.event_combo.count() - 1, value, Qt.ItemDataRole.ToolTipRole)
        named(
            self.event_combo,
            self.tr("Event type filter"),
            self.tr("Show only retrievals in which a stage emitted this diagnostic event"),
        )

        self._build_time_window()

        self.search_edit = FilterLineEdit(self, placeholder=self.tr("Search by pattern, type or project…"))
        self.search_edit.setObjectName("diagnostics_search")
        named(
            self.search_edit,
            self.tr("Search retrievals"),
            self.tr("Show retrievals that name this pattern, type or project (Ctrl+F); Escape clears"),
        )

        self.clear_button = QPushButton(self.tr("C&lear filters"), self)
        self.clear_button.setObjectName("clear_filters")
        named(self.clear_button, self.tr("Clear filters"), self.tr("Show every recorded retrieval again"))

        self.search_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 24)
        return flow(
            self,
            group(self, self._buddy(self.tr("&Origin:"), self.origin_combo), self.origin_combo),
            group(self, self._buddy(self.tr("&Project:"), self.project_combo), self.project_combo),
            group(self, self._buddy(self.tr("E&vent:"), self.event_combo), self.event_combo),
            group(self, self._buddy(self.tr("&Search:"), self.search_edit), self.search_edit),
            group(self, self.since_check, self.since_edit),
            group(self, self.until_check, self.until_edit),
            self.clear_button,
        )

    def _build_time_window(self) -> None:
        """From and Until, each a check box and a date and time (the last week, unchecked)."""
        now = QDateTime.currentDateTime()
        self.since_check = QCheckBox(self.tr("&From"), self)
        self.since_check.setObjectName("since_enabled")
        named(self.since_check, self.tr("Filter from a time"), self.tr("Show only retrievals at or after this time"))
        self.since_edit = self._date_edit(now.addDays(-7), "since")
        named(self.since_edit, self.tr("From time"), self.tr("The earliest time to show (local time)"))
        self.until_check = QCheckBox(self.tr("&Until"), self)
        self.until_check.setObjectName("until_enabled")
        named(self.until_check, self.tr("Filter up to a time"), self.tr("Show only retrievals up to this time"))
        self.until_edit = self._date_edit(now, "until")
        named(self.until_edit, self.tr("To time"), self.tr("The latest time to show (local time, the whole minute)"))

    def _build_run_row(self) -> FlowLayout:
        """Run a retrieval now (project, mode, dry run) and Export; the line that says what happened."""
        self.run_project_combo = QComboBox(self)
        self.run_project_combo.setObjectName("run_project")
        self.run_project_combo.addItem(self.tr("No project (global only)"), None)
        self.run_project_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.run_project_combo.setMinimumContentsLength(18)
        named(self.run_project_combo, self.tr("Project to retrieve for"), self.tr("The project the retrieval runs for"))
        self.run_mode_combo = QComboBox(self)
        self.run_mode_combo.setObjectName("run_mode")
        for mode, label in MODES:
            self.run_mode_combo.addItem(self.tr(label), str(mode))
        named(self.run_mode_combo, self.tr("Block format"), self.tr("Which prompt block format to build"))
        self.dry_run_check = QCheckBox(self.tr("&Dry run"), self)
        self.dry_run_check.setObjectName("dry_run")
        named(
            self.dry_run_check,
            self.tr("Dry run"),
            self.tr("Run the engine and show its stage events here without recording anything"),
        )
        self.dry_run_check.setChecked(True)
        self.run_button = QPushButton(self.tr("&Run (dry run)"), self)
        self.run_button.setObjectName("run_now")
        named(
            self.run_button,
            self.tr("Run a retrieval now"),
            self.tr("Retrieve for the chosen project now; a recorded run appears at the top of the list"),
        )
        self.export_button = QPushButton(self.tr("E&xport…"), self)
        self.export_button.setObjectName("export")
        named(self.export_button, self.tr("Export"), self.tr("Save the filtered list as JSON or CSV"))

        run_title = QLabel(self.tr("Run a retrieval now:"), self)
        bold = run_title.font()
        bold.setBold(True)
        run_title.setFont(bold)
        row = flow(
            self,
            group(self, run_title, self._buddy(self.tr("Pro&ject:"), self.run_project_combo), self.run_project_combo),
            group(self, self._buddy(self.tr("&Mode:"), self.run_mode_combo), self.run_mode_combo),
            self.dry_run_check,
            self.run_button,
            self.export_button,
        )

        self.message = QLabel(self)
        self.message.setObjectName("diagnostics_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAccessibleName(self.tr("Last action"))
        self.message.setVisible(False)
        return row

    def _build_list(self) -> QWidget:
        """The retrievals, newest first (or why there are none), and how many are shown."""
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
        self.table.setAccessibleName(self.tr("Retrievals"))
        add_context_actions(self.table)  # Copy (Ctrl+C), from the Menu key or Shift+F10 too
        self.table.setToolTip(self.tr("Recorded retrievals, newest first; select one to see its stage events"))
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
        self.count_label.setAccessibleName(self.tr("How many retrievals are shown"))

        list_box = QWidget(self)
        list_layout = QVBoxLayout(list_box)
        list_layout.setContentsMargins(0, 0, 0, 0)
        list_layout.addWidget(self.list_stack, 1)
        list_layout.addWidget(self.count_label)
        return list_box

    def _build_events(self) -> QWidget:
        """The selected retrieval's summary, its stage events and the selected event's whole trace."""
        self.summary = QLabel(self)
        self.summary.setObjectName("retrieval_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setAccessibleName(self.tr("Selected retrieval"))
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
        self.events_view.setAccessibleName(self.tr("Stage events"))
        add_context_actions(self.events_view)
        self.events_view.setToolTip(self.tr("The stage events of the selected retrieval, in the order they happened"))
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
        self.detail.setAccessibleName(self.tr("Stage event detail"))
        self.detail.setToolTip(self.tr("The whole trace and every field of the selected stage event"))
        self.detail.setPlaceholderText(self.tr("Select a stage event to read its whole trace."))

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
        return events_box

    def show_log_file(self) -> None:
        self.log_label.update_path()

    def _connect(self) -> None:
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
        return self.tr("Diagnostics")

    async def refresh(self) -> None:
        self.stale = False
        self.show_log_file()
        self._follow_now()
        self._projects = await self.ctrl.run(project_choices, self.ctrl.store, self.ctrl.user)
        self.model.project_names = {p.id: p.name for p in self._projects if p.name}
        fill_projects(self.project_combo, self._projects, self.tr("All projects"))
        fill_projects(self.run_project_combo, self._projects, self.tr("No project (global only)"))
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
            self.dry_run_check.setToolTip(self.tr("This store is read-only: a retrieval can only be a dry run"))
        else:
            self.dry_run_check.setToolTip(
                self.tr("Run the engine and show its stage events here without recording anything")
            )
        self.dry_run_check.setEnabled(not read_only)

    def save_state(self) -> None:
        settings = AppSettings()
        settings.save_splitter("diagnostics", self.splitter)
        settings.save_splitter("diagnostics_events", self.events_split)
        settings.save_header("diagnostics_retrievals", self.table.horizontalHeader())

"""The Diagnostics tab: recorded retrievals, their stage events and traces, a retrieval on demand.

The list pages by id (newest first) through :class:`gui.itemmodels.diagnostics.RetrievalsModel`;
filtering happens in SQL. Selecting a retrieval loads its stage events in the order the engine
emitted them; the selected event's whole trace and fields show word-wrapped beside the list.
"Run a retrieval now" runs the engine for a project: as a dry run (the default) whose events are
shown here and stored nowhere, or — only when "Dry run" is unchecked — as a recorded retrieval with
origin ``gui``, which never counts as an injection.

The tab composes its parts and connects their signals: :class:`.filters.RetrievalFilters` (the
filters), :class:`.run.RunActions` (run now, export, the line that says what happened),
:class:`.retrievals.RetrievalList` (the list), :class:`.events.EventsPane` (the shown retrieval's
stage events) and :class:`.kept.KeptPanel` (what it used), whose requests the main window connects.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDateTime, QEvent, QModelIndex, Qt
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.diagnostics import RetrievalsModel
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.tabs.diagnostics.events import EventsPane
from creative_memory.gui.tabs.diagnostics.filters import RetrievalFilters
from creative_memory.gui.tabs.diagnostics.kept import KeptPanel
from creative_memory.gui.tabs.diagnostics.rate import RateActions
from creative_memory.gui.tabs.diagnostics.retrievals import RetrievalList
from creative_memory.gui.tabs.diagnostics.run import RunActions
from creative_memory.gui.widgets.log_line import LogFileLine
from creative_memory.model.constants import Mode
from creative_memory.model.records import DiagEvent
from creative_memory.services.controls.project_choices import project_choices
from creative_memory.services.inspection.retrieval_log import RecordedRetrieval
from creative_memory.services.retrieval import retrieval
from creative_memory.services.transfer.list_export import RetrievalFilter


class DiagnosticsTab(Tab):
    key = "diagnostics"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._showing_dry_run = False
        self.model = RetrievalsModel(ctrl, self)
        # The parts, made in the order the keyboard walks them.
        self.filters = RetrievalFilters(self)
        self.runner = RunActions(ctrl, self.model, self)
        self.retrievals = RetrievalList(self.model, self)
        self.events = EventsPane(ctrl, self.model, self)
        self._alias_controls()
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("diagnostics_split")
        self.splitter.addWidget(self.retrievals.box)
        self.splitter.addWidget(self.events.box)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(self.filters.row)
        layout.addLayout(self.runner.row)
        layout.addWidget(self.message)
        layout.addWidget(self.splitter, 1)
        self.log_label = LogFileLine(self)
        layout.addWidget(self.log_label)
        self._connect()
        self.filters.update_time_window()
        self._update_list_state()
        self.events.show_nothing()
        self.runner.update_icons(self.palette())

        settings = AppSettings()
        settings.restore_splitter("diagnostics", self.splitter)
        settings.restore_splitter("diagnostics_events", self.events_split)
        settings.restore_header("diagnostics_retrievals", self.table.horizontalHeader())
        # made last, so that the keyboard reaches it after the rest of the tab
        self.kept_panel = KeptPanel(self.ctrl, self)
        self.events.add_kept_panel(self.kept_panel)
        self.rater = RateActions(self.ctrl, self.kept_panel, self)
        self.events.add_rate_row(self.rater.row)
        self.events.shown.connect(self.rater.set_retrieval)
        self.rater.said.connect(self.runner.say)

    def _alias_controls(self) -> None:
        """The parts' controls, by the names the window's tests and the kept panel's helpers use."""
        f, r = self.filters, self.runner
        self.origin_combo, self.project_combo, self.event_combo = (
            f.origin_combo,
            f.project_combo,
            f.event_combo,
        )
        self.since_check, self.since_edit = f.since_check, f.since_edit
        self.until_check, self.until_edit = f.until_check, f.until_edit
        self.search_edit, self.clear_button = f.search_edit, f.clear_button
        self.run_project_combo, self.run_mode_combo = r.run_project_combo, r.run_mode_combo
        self.dry_run_check, self.run_button, self.export_button = (
            r.dry_run_check,
            r.run_button,
            r.export_button,
        )
        self.message = r.message
        self.table, self.empty = self.retrievals.table, self.retrievals.empty
        self.list_stack, self.count_label = self.retrievals.list_stack, self.retrievals.count_label
        self.events_model, self.summary = self.events.events_model, self.events.summary
        self.events_view, self.detail, self.events_split = (
            self.events.events_view,
            self.events.detail,
            self.events.events_split,
        )

    def _connect(self) -> None:
        self.filters.changed.connect(self._apply_filters)
        self.filters.search_edit.set_view(self.table)
        self.runner.dryRunShown.connect(self._show_dry_run)
        self.runner.recorded.connect(self._show_recorded)
        self.retrievals.clearFiltersAsked.connect(self.filters.clear)
        self.retrievals.currentChanged.connect(self._on_current_changed)
        self.model.rowsLoaded.connect(self._update_list_state)
        self.model.modelReset.connect(self._update_list_state)

    def show_log_file(self) -> None:
        self.log_label.update_path()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.runner.update_icons(self.palette())

    # ------------------------------------------------------------------ Tab contract
    def title(self) -> str:
        return self.tr("Diagnostics")

    async def refresh(self) -> None:
        self.stale = False
        self.show_log_file()
        self.filters.follow_now()
        projects = await self.ctrl.run(project_choices, self.ctrl.store, self.ctrl.user)
        self.model.project_names = {p.id: p.name for p in projects if p.name}
        self.kept_panel.project_names = dict(self.model.project_names)
        self.filters.fill_projects(projects)
        self.runner.fill_projects(projects)
        self.events.set_projects(projects)
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
        self.runner.set_read_only(read_only)
        self.rater.update_buttons()

    def save_state(self) -> None:
        settings = AppSettings()
        settings.save_splitter("diagnostics", self.splitter)
        settings.save_splitter("diagnostics_events", self.events_split)
        settings.save_header("diagnostics_retrievals", self.table.horizontalHeader())

    # ------------------------------------------------------------------ the filters and the list
    def current_filter(self) -> RetrievalFilter:
        return self.filters.current_filter()

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
        self.filters.set_filter(
            origin=origin, project_id=project_id, event_type=event_type, since=since, until=until
        )

    def _apply_filters(self) -> None:
        if self.model.set_filter(self.current_filter()):
            self.ctrl.start(self.apply_filter(), name="diagnostics-filter")

    async def apply_filter(self) -> None:
        """Reload the list for the current filter controls (at once, from the top)."""
        self.filters.settle()
        self.model.set_filter(self.current_filter())
        await self.model.reload(reset=True)
        await self._after_load(reload_events=False)

    def _update_list_state(self) -> None:
        self.retrievals.update_state(filtering=self.model.filter != RetrievalFilter())
        self.export_button.setEnabled(self.model.rowCount() > 0)

    async def _after_load(self, *, reload_events: bool) -> None:
        self._update_list_state()
        current = self.table.selectionModel().currentIndex()
        if current.isValid():
            row = self.model.row_at(current.row())
            if row is not None and (reload_events or row.id != self.events.shown_retrieval):
                await self.show_retrieval(row)
            return
        if self._showing_dry_run:
            return
        if self.model.rowCount() > 0:
            self.select_row(0)
        else:
            self.events.show_nothing()

    def select_row(self, row: int) -> None:
        self.retrievals.select_row(row)

    def select_retrieval(self, retrieval_id: int) -> bool:
        return self.retrievals.select_retrieval(retrieval_id)

    def selected_retrieval(self) -> RecordedRetrieval | None:
        return self.retrievals.selected_retrieval()

    def _on_current_changed(self, row: RecordedRetrieval | None) -> None:
        if row is None:
            if not self._showing_dry_run:
                self.events.show_nothing()
            return
        self._showing_dry_run = False
        self.ctrl.start(self.show_retrieval(row), name="diagnostics-events")

    # ------------------------------------------------------------------ the shown retrieval
    async def show_retrieval(self, row: RecordedRetrieval) -> None:
        """Load and show the stage events of one recorded retrieval."""
        await self.events.show_retrieval(row)

    def shown_events(self) -> list[DiagEvent]:
        return self.events.shown_events()

    def _show_dry_run(self, summary: str, events: list[DiagEvent]) -> None:
        """A dry run is shown instead of a retrieval of the list (none is selected)."""
        self._showing_dry_run = True
        self.retrievals.clear_current()
        self.events.show_dry_run(summary, events)

    def _show_recorded(self, retrieval_id: int) -> None:
        self._showing_dry_run = False
        self.select_retrieval(retrieval_id)

    # ------------------------------------------------------------------ run now and export
    async def run_retrieval(
        self, project_id: str | None, *, mode: Mode = Mode.GENERATION, dry_run: bool = False
    ) -> retrieval.RetrievalOutcome:
        """Run the engine now; recorded runs are selected at the top, dry runs shown unrecorded."""
        return await self.runner.run_retrieval(project_id, mode=mode, dry_run=dry_run)

    async def export_to(self, path: str | Path, fmt: str) -> int:
        """Write every retrieval the current filter matches to ``path``; returns how many."""
        return await self.runner.export_to(path, fmt)

    async def open_retrieval(self, retrieval_id: int) -> bool:
        """Show one retrieval in the Diagnostics tab (filters cleared), selected in the list.

        The list pages newest first: pages are loaded until the retrieval is among them. False (and a
        sentence in the tab) when the store has no such retrieval, e.g. once it was pruned.
        """
        self.set_filter()
        await self.refresh()
        model = self.model
        while model.row_of_id(retrieval_id) < 0 and model.has_more():
            last = model.row_at(model.rowCount() - 1)
            if last is not None and last.id < retrieval_id:
                break
            model.fetchMore(QModelIndex())
            while model.is_fetching():
                await asyncio.sleep(0.01)
        if self.select_retrieval(retrieval_id):
            row = self.selected_retrieval()
            if row is not None:
                # Selecting started a load of its events in a task: let it begin, then load them here
                # (the latest load wins), so they are shown when this returns.
                await asyncio.sleep(0)
                await self.show_retrieval(row)
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        self.message.setText(
            QCoreApplication.translate(
                "DiagnosticsKept",
                "Retrieval #{id} is not in this store. Recorded retrievals are kept for the retention "
                "period, then deleted; the newest ones are listed below.",
            ).format(id=retrieval_id)
        )
        self.message.setVisible(True)
        return False

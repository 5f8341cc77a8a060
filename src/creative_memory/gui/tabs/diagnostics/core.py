"""What the Diagnostics tab's parts share: its controls, the list's state and the selected
retrieval's stage events.

:class:`DiagnosticsCore` is the base of the filter and run actions (:mod:`.filters`, :mod:`.run`)
and of the tab (:mod:`.view`), which builds the controls declared here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStackedWidget,
    QTableView,
    QWidget,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.diagnostics import (
    RetrievalsModel,
    fetch_retrieval_events,
)
from creative_memory.gui.itemmodels.paged import local_time
from creative_memory.gui.itemmodels.rows import Row
from creative_memory.gui.itemmodels.stage_events import StageEventsModel, event_details
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.visible import said
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.services.retrieval import retrieval
from creative_memory.services.transfer.list_export import RetrievalFilter

if TYPE_CHECKING:
    from creative_memory.services.controls.project_choices import ProjectChoice


class DiagnosticsCore(Tab):
    """The list of retrievals and the stage events of the one selected (or of a dry run)."""

    model: RetrievalsModel
    events_model: StageEventsModel
    origin_combo: QComboBox
    project_combo: QComboBox
    event_combo: QComboBox
    since_check: QCheckBox
    since_edit: QDateTimeEdit
    until_check: QCheckBox
    until_edit: QDateTimeEdit
    search_edit: FilterLineEdit
    clear_button: QPushButton
    run_project_combo: QComboBox
    run_mode_combo: QComboBox
    dry_run_check: QCheckBox
    run_button: QPushButton
    export_button: QPushButton
    message: QLabel
    table: QTableView
    empty: EmptyState
    list_stack: QStackedWidget
    count_label: QLabel
    summary: QLabel
    events_view: QTableView
    detail: QPlainTextEdit
    _filter_timer: QTimer

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._read_only = False
        self._events_generation = 0
        self._shown_retrieval: int | None = None
        self._showing_dry_run = False
        self._projects: list[ProjectChoice] = []

    def _filtering(self) -> bool:
        return self.model.filter != RetrievalFilter()

    def _update_list_state(self) -> None:
        rows = self.model.rowCount()
        if rows == 0 and self.model.loaded_once():
            if self._filtering():
                self.empty.setText(self.tr("No retrieval matches these filters."))
                self.empty.setAction(self.tr("Clear filters"), self.tr("Show every recorded retrieval again"))
            else:
                self.empty.setText(
                    self.tr(
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
            self.tr("%n retrievals loaded — scroll down for more", None, rows)
            if more
            else self.tr("{n} retrievals").format(n=rows)
            if rows != 1
            else self.tr("1 retrieval")
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
        self.summary.setText(self.tr("Select a retrieval to see its stage events."))
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
            self.tr("Retrieval #{id}").format(id=row["id"]),
            local_time(row.get("at")),
            str(row.get("origin") or ""),
            self.model.project_label(row.get("project_id")),
            str(row.get("mode") or ""),
            self.tr("kept +{pos} / −{neg}").format(pos=row.get("kept_positive", 0), neg=row.get("kept_negative", 0)),
            self.tr("{n} tokens").format(n=row.get("tokens", 0)),
            self.tr("{n} stage events").format(n=n_events),
        ]
        text = " · ".join(p for p in parts if p)
        if row.get("empty_reason"):
            text += "\n" + said(retrieval.explain_empty(row["empty_reason"], self._empty_numbers(row.get("project_id"))))
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

    def _empty_numbers(self, project_id: str | None) -> dict[str, Any]:
        name = next((p.name for p in self._projects if p.id == project_id), None)
        return {"project_id": project_id, "project_name": name if name != project_id else None}

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(True)

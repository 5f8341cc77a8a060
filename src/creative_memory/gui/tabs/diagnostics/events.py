"""The Diagnostics tab's lower half: the shown retrieval's summary, its stage events in the order the
engine emitted them, and the selected event's whole trace and fields, word-wrapped beside the list.

:class:`EventsPane` builds it on the tab (which places :attr:`EventsPane.box`) and shows a recorded
retrieval (:meth:`EventsPane.show_retrieval`, read from the store), a dry run
(:meth:`EventsPane.show_dry_run`) or nothing; the tab hands it the panel of what the retrieval used
(:meth:`EventsPane.add_kept_panel`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLayout,
    QPlainTextEdit,
    QSizePolicy,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.diagnostics import RetrievalsModel, fetch_retrieval_events
from creative_memory.gui.itemmodels.paged import local_time
from creative_memory.gui.itemmodels.stage_events import StageEventsModel, event_details
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.tabs.diagnostics.common import empty_numbers
from creative_memory.gui.tabs.diagnostics.kept import KeptPanel
from creative_memory.gui.visible import said
from creative_memory.model.records import DiagEvent
from creative_memory.services.controls.project_choices import ProjectChoice
from creative_memory.services.inspection.retrieval_log import RecordedRetrieval
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.labels import mode_label, origin_label


class EventsPane(QObject):
    """The summary, the stage events and the trace; their widgets are children of ``host``."""

    #: what is shown changed, once its stage events are in: the recorded retrieval's row (None for
    #: nothing or a dry run) and whether it is a dry run
    shown = Signal(object, bool)

    def __init__(self, ctrl: Controller, model: RetrievalsModel, host: QWidget) -> None:
        super().__init__(host)
        self.ctrl = ctrl
        self.model = model  # the list's model: project names
        self.events_model = StageEventsModel(host)
        self._generation = 0  # the latest load wins
        self._shown_retrieval: int | None = None
        self._shown_row: RecordedRetrieval | None = None
        self._projects: list[ProjectChoice] = []

        self.summary = QLabel(host)
        self.summary.setObjectName("retrieval_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setAccessibleName(self.tr("Selected retrieval"))
        self.summary.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        self.events_view = QTableView(host)
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
        self.events_view.setToolTip(
            self.tr("The stage events of the selected retrieval, in the order they happened")
        )
        eh = self.events_view.horizontalHeader()
        eh.setHighlightSections(False)
        eh.setStretchLastSection(True)
        for col in range(3):
            eh.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        eh.setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        eh.resizeSection(3, host.fontMetrics().averageCharWidth() * 34)

        self.detail = QPlainTextEdit(host)
        self.detail.setObjectName("event_detail")
        self.detail.setReadOnly(True)
        self.detail.setTabChangesFocus(True)
        self.detail.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.detail.setAccessibleName(self.tr("Stage event detail"))
        self.detail.setToolTip(self.tr("The whole trace and every field of the selected stage event"))
        self.detail.setPlaceholderText(self.tr("Select a stage event to read its whole trace."))

        events_split = QSplitter(Qt.Orientation.Horizontal, host)
        events_split.setObjectName("diagnostics_events_split")
        events_split.addWidget(self.events_view)
        events_split.addWidget(self.detail)
        events_split.setStretchFactor(0, 3)
        events_split.setStretchFactor(1, 1)
        events_split.setChildrenCollapsible(False)
        self.events_split = events_split

        self.box = QWidget(host)
        self._layout = QVBoxLayout(self.box)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.summary)
        self._layout.addWidget(events_split, 1)

        self.events_view.selectionModel().currentRowChanged.connect(self._on_event_changed)

    def add_kept_panel(self, panel: KeptPanel) -> None:
        """What the shown retrieval used, between its summary and its stage events; it follows
        whatever is shown (a recorded retrieval or a dry run)."""
        self._layout.insertWidget(self._layout.indexOf(self.summary) + 1, panel)
        self.events_model.modelReset.connect(lambda: panel.set_events(self.events_model.events))

    def add_rate_row(self, row: QLayout) -> None:
        """The rating buttons of what is shown, between its summary and what it used."""
        self._layout.insertLayout(self._layout.indexOf(self.summary) + 1, row)

    def set_projects(self, projects: Sequence[ProjectChoice]) -> None:
        """The projects, for the sentence on why a retrieval kept nothing."""
        self._projects = list(projects)
        self.events_model.project_names = {p.id: p.name for p in projects if p.name}

    @property
    def shown_retrieval(self) -> int | None:
        """The id of the recorded retrieval shown (None: nothing, or a dry run)."""
        return self._shown_retrieval

    @property
    def shown_row(self) -> RecordedRetrieval | None:
        """The recorded retrieval shown (None: nothing, or a dry run)."""
        return self._shown_row

    def shown_events(self) -> list[DiagEvent]:
        return self.events_model.events

    def show_nothing(self) -> None:
        self._shown_retrieval = None
        self._shown_row = None
        self._generation += 1
        self.summary.setText(self.tr("Select a retrieval to see its stage events."))
        self.events_model.set_events([])
        self.detail.clear()
        self.shown.emit(None, False)

    async def show_retrieval(self, row: RecordedRetrieval) -> None:
        """Load and show the stage events of one recorded retrieval."""
        self._generation += 1
        generation = self._generation
        events = await self.ctrl.run(fetch_retrieval_events, self.ctrl.store, row.id)
        if generation != self._generation:
            return
        self._shown_retrieval = row.id
        self._shown_row = row
        self.summary.setText(self._summary(row, len(events)))
        self._set_events(events)
        self.shown.emit(row, False)

    def show_dry_run(self, summary: str, events: Sequence[DiagEvent]) -> None:
        """A dry run's summary and stage events (it was recorded nowhere)."""
        self._generation += 1
        self._shown_retrieval = None
        self._shown_row = None
        self.summary.setText(summary)
        self._set_events(events)
        self.shown.emit(None, True)

    def _summary(self, row: RecordedRetrieval, n_events: int) -> str:
        parts = [
            self.tr("Retrieval #{id}").format(id=row.id),
            local_time(row.at),
            said(origin_label(row.origin)),
            self.model.project_label(row.project_id),
            said(mode_label(row.mode)),
            self.tr("kept +{pos} / −{neg}").format(pos=row.kept_positive, neg=row.kept_negative),
            self.tr("{n} tokens").format(n=row.tokens),
            self.tr("{n} stage events").format(n=n_events),
        ]
        text = " · ".join(p for p in parts if p)
        if row.empty_reason:
            numbers = empty_numbers(self._projects, row.project_id)
            text += "\n" + said(retrieval.explain_empty(row.empty_reason, numbers))
        return text

    def _set_events(self, events: Sequence[DiagEvent]) -> None:
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
            self.detail.setPlainText(event_details(events[current.row()], self.events_model.project_names))
        else:
            self.detail.clear()

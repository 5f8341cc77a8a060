"""The Diagnostics tab's list of retrievals, newest first (or why there are none), and how many are
shown.

:class:`RetrievalList` builds the list on the tab (which places :attr:`RetrievalList.box`) over the
tab's :class:`RetrievalsModel`, says which retrieval is current with
:attr:`RetrievalList.currentChanged`, and asks for the filters to be cleared from its empty state
with :attr:`RetrievalList.clearFiltersAsked`."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.itemmodels.diagnostics import RetrievalsModel
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.tabs.diagnostics.common import row_height
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.services.inspection.retrieval_log import RecordedRetrieval


class RetrievalList(QObject):
    """The table of retrievals and its empty state; their widgets are children of ``host``."""

    #: the current retrieval changed: its RecordedRetrieval, or None when none is current
    currentChanged = Signal(object)
    #: "Clear filters" in the empty state
    clearFiltersAsked = Signal()

    def __init__(self, model: RetrievalsModel, host: QWidget) -> None:
        super().__init__(host)
        self.model = model
        self.table = QTableView(host)
        self.table.setObjectName("retrievals")
        self.table.setModel(model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(row_height(host))
        self.table.setTabKeyNavigation(False)
        self.table.setAccessibleName(self.tr("Retrievals"))
        add_context_actions(self.table)  # Copy (Ctrl+C), from the Menu key or Shift+F10 too
        self.table.setToolTip(
            self.tr("Recorded retrievals, newest first; select one to see its stage events")
        )
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setHighlightSections(False)
        for col in range(model.columnCount()):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)

        self.empty = EmptyState(parent=host)
        self.empty.setObjectName("retrievals_empty")
        self.empty.actionTriggered.connect(self.clearFiltersAsked)
        self.list_stack = QStackedWidget(host)
        self.list_stack.addWidget(self.table)
        self.list_stack.addWidget(self.empty)

        self.count_label = QLabel(host)
        self.count_label.setObjectName("retrievals_count")
        self.count_label.setAccessibleName(self.tr("How many retrievals are shown"))

        self.box = QWidget(host)
        list_layout = QVBoxLayout(self.box)
        list_layout.setContentsMargins(0, 0, 0, 0)
        list_layout.addWidget(self.list_stack, 1)
        list_layout.addWidget(self.count_label)

        self.table.selectionModel().currentRowChanged.connect(self._on_current_changed)

    def update_state(self, *, filtering: bool) -> None:
        """The table, or why it is empty (``filtering``: the filters hide every retrieval), and the count."""
        rows = self.model.rowCount()
        if rows == 0 and self.model.loaded_once():
            if filtering:
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

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.currentChanged.emit(self.model.row_at(current.row()) if current.isValid() else None)

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

    def selected_retrieval(self) -> RecordedRetrieval | None:
        current = self.table.selectionModel().currentIndex()
        return self.model.row_at(current.row()) if current.isValid() else None

    def clear_current(self) -> None:
        """No retrieval selected or current (a dry run is shown instead)."""
        self.table.selectionModel().clearSelection()
        self.table.selectionModel().setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)

"""The Diagnostics tab's filters: origin, project, event type, a search and a time window.

:class:`RetrievalFilters` builds them on the tab (which places :attr:`RetrievalFilters.row`), says
when they change with :attr:`RetrievalFilters.changed` (the times after a short pause, so that the
list reloads once per change) and turns them into a :class:`RetrievalFilter`."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from PySide6.QtCore import QDateTime, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QDateTimeEdit, QPushButton, QWidget

from creative_memory.gui.flow import flow, group
from creative_memory.gui.itemmodels.diagnostics import EVENT_TYPES
from creative_memory.gui.tabs.diagnostics.common import ORIGINS, buddy, fill_projects, named
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.services.controls.project_choices import ProjectChoice
from creative_memory.services.transfer.list_export import RetrievalFilter

#: how long the time bounds must stay put before the list follows them (ms)
TIME_DELAY_MS = 250


class RetrievalFilters(QObject):
    """The filter controls; their widgets are children of ``host``."""

    #: a filter changed: the list should follow now
    changed = Signal()

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.origin_combo = QComboBox(host)
        self.origin_combo.setObjectName("origin_filter")
        self.origin_combo.addItem(self.tr("All origins"), None)
        for value, label in ORIGINS:
            self.origin_combo.addItem(self.tr(label), value)
        named(
            self.origin_combo, self.tr("Origin filter"), self.tr("Show retrievals made by this caller only")
        )

        self.project_combo = QComboBox(host)
        self.project_combo.setObjectName("project_filter")
        self.project_combo.addItem(self.tr("All projects"), None)
        self.project_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.project_combo.setMinimumContentsLength(18)
        named(self.project_combo, self.tr("Project filter"), self.tr("Show retrievals for this project only"))

        self.event_combo = QComboBox(host)
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

        self._build_time_window(host)

        self.search_edit = FilterLineEdit(host, placeholder=self.tr("Search by pattern, type or project…"))
        self.search_edit.setObjectName("diagnostics_search")
        named(
            self.search_edit,
            self.tr("Search retrievals"),
            self.tr("Show retrievals that name this pattern, type or project (Ctrl+F); Escape clears"),
        )

        self.clear_button = QPushButton(self.tr("C&lear filters"), host)
        self.clear_button.setObjectName("clear_filters")
        named(self.clear_button, self.tr("Clear filters"), self.tr("Show every recorded retrieval again"))

        self.search_edit.setMinimumWidth(host.fontMetrics().averageCharWidth() * 24)
        self.row = flow(
            host,
            group(host, buddy(host, self.tr("&Origin:"), self.origin_combo), self.origin_combo),
            group(host, buddy(host, self.tr("&Project:"), self.project_combo), self.project_combo),
            group(host, buddy(host, self.tr("E&vent:"), self.event_combo), self.event_combo),
            group(host, buddy(host, self.tr("&Search:"), self.search_edit), self.search_edit),
            group(host, self.since_check, self.since_edit),
            group(host, self.until_check, self.until_edit),
            self.clear_button,
        )
        self._connect()

    def _build_time_window(self, host: QWidget) -> None:
        """From and Until, each a check box and a date and time (the last week, unchecked)."""
        now = QDateTime.currentDateTime()
        self.since_check = QCheckBox(self.tr("&From"), host)
        self.since_check.setObjectName("since_enabled")
        named(
            self.since_check,
            self.tr("Filter from a time"),
            self.tr("Show only retrievals at or after this time"),
        )
        self.since_edit = _date_edit(host, now.addDays(-7), "since")
        named(self.since_edit, self.tr("From time"), self.tr("The earliest time to show (local time)"))
        self.until_check = QCheckBox(self.tr("&Until"), host)
        self.until_check.setObjectName("until_enabled")
        named(
            self.until_check, self.tr("Filter up to a time"), self.tr("Show only retrievals up to this time")
        )
        self.until_edit = _date_edit(host, now, "until")
        named(
            self.until_edit,
            self.tr("To time"),
            self.tr("The latest time to show (local time, the whole minute)"),
        )

    def _connect(self) -> None:
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(TIME_DELAY_MS)
        self._timer.timeout.connect(self.changed)
        for combo in (self.origin_combo, self.project_combo, self.event_combo):
            combo.currentIndexChanged.connect(self._changed_now)
        self.since_check.toggled.connect(self.update_time_window)
        self.until_check.toggled.connect(self.update_time_window)
        self.since_edit.dateTimeChanged.connect(self._timer.start)
        self.until_edit.dateTimeChanged.connect(self._timer.start)
        self.clear_button.clicked.connect(self.clear)
        self.search_edit.filterChanged.connect(lambda _t: self._changed_now())
        chain = [
            self.event_combo,
            self.search_edit,
            self.since_check,
            self.since_edit,
            self.until_check,
            self.until_edit,
            self.clear_button,
        ]
        for a, b in itertools.pairwise(chain):
            QWidget.setTabOrder(a, b)  # the visual order

    def _changed_now(self) -> None:
        self.settle()
        self.changed.emit()

    def settle(self) -> None:
        """Forget a change of the times still waiting: the list follows every filter now."""
        self._timer.stop()

    # ------------------------------------------------------------------ reading and setting
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
        """Set every filter control at once and say :attr:`changed` once."""
        widgets = (
            self.origin_combo,
            self.project_combo,
            self.event_combo,
            self.since_check,
            self.until_check,
        )
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
        self.update_time_window()

    def clear(self) -> None:
        """Every filter back to showing everything (one :attr:`changed`)."""
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.flush()
        self.search_edit.blockSignals(False)
        self.set_filter()

    def update_time_window(self) -> None:
        """A time bound can be edited while it is ticked; the list follows the ticks at once."""
        self.since_edit.setEnabled(self.since_check.isChecked())
        self.until_edit.setEnabled(self.until_check.isChecked())
        self._changed_now()

    def follow_now(self) -> None:
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

    def fill_projects(self, projects: Sequence[ProjectChoice]) -> None:
        """The project filter's choices (the chosen one kept)."""
        fill_projects(self.project_combo, projects, self.tr("All projects"))


def _date_edit(host: QWidget, value: QDateTime, name: str) -> QDateTimeEdit:
    edit = QDateTimeEdit(value, host)
    edit.setObjectName(f"{name}_time")
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd HH:mm")
    return edit

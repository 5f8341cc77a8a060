"""The Diagnostics tab's filters: origin, project, event type, a time window and a search; the
list reloads once per change."""

from __future__ import annotations

from PySide6.QtCore import QDateTime

from creative_memory.gui.tabs.diagnostics.core import DiagnosticsCore
from creative_memory.services.transfer.list_export import RetrievalFilter


class FilterActions(DiagnosticsCore):
    """Reading and setting the filter controls."""

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

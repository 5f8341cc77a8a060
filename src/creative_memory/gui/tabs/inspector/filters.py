"""What the Inspector's list shows and which rows are selected: the filters, keeping the selection,
current row and scroll position across reloads, the count and the empty state, and which actions
the selection allows."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QItemSelection, QItemSelectionModel, QModelIndex, QTimer
from PySide6.QtWidgets import QAbstractItemView, QStackedWidget

from creative_memory.gui.itemmodels.preferences import PreferenceKey
from creative_memory.gui.itemmodels.window_view import KeySelectionModel
from creative_memory.gui.tabs.inspector.forget import FORGET_ALL_LIMIT
from creative_memory.gui.tabs.inspector.layout import InspectorLayout
from creative_memory.gui.visible import number as _n
from creative_memory.services.inspection.queries import PrefFilter


class InspectorFilters(InspectorLayout):
    """The list's filters and selection."""

    if TYPE_CHECKING:  # the detail pane and the tab define these
        detail_stack: QStackedWidget
        _detail_timer: QTimer

        def _show_no_detail(self) -> None: ...

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

    def _before_reset(self) -> None:
        self._reset_state = (
            self.selected_keys(),
            self.current_key(),
            self.table.verticalScrollBar().value(),
            self.table.horizontalScrollBar().value(),
        )

    def _after_reset(self) -> None:
        state, self._reset_state = self._reset_state, None
        if state is None:
            return
        keys, current, vscroll, hscroll = state
        keep_scroll = self.model.reset_tag == "refresh"
        self._restoring = True
        try:
            wanted = set(keys)
            if current is not None:
                wanted.add(current)
            where = self.model.rows_of_keys(wanted)
            sm = self.table.selectionModel()
            selection = QItemSelection()
            last = self.model.columnCount() - 1
            for k in keys:
                row = where.get(k)
                if row is not None:
                    selection.select(self.model.index(row, 0), self.model.index(row, last))
            if not selection.isEmpty():
                sm.select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            current_row = where.get(current) if current is not None else None
            # rows selected outside the window stay selected across a refresh (not a new query)
            self._kept_selection().keep_away(
                [k for k in keys if k not in where] if keep_scroll else [],
                current if keep_scroll and current_row is None else None,
            )
            if current_row is not None:
                sm.setCurrentIndex(self.model.index(current_row, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
            if keep_scroll:
                # Lay out now so the scroll range fits the rows, then put the view back where it was.
                self.table.doItemsLayout()
                self.table.verticalScrollBar().setValue(vscroll)
                self.table.horizontalScrollBar().setValue(hscroll)
            elif current_row is not None:
                self.table.scrollTo(self.model.index(current_row, 0), QAbstractItemView.ScrollHint.EnsureVisible)
            else:
                self.table.scrollToTop()
        finally:
            self._restoring = False
        new_current = self.current_key()
        if new_current is None:
            self._show_no_detail()
        elif new_current != self._detail_key or keep_scroll:
            self._detail_timer.start()  # after a refresh the data may have changed: reload quietly
        self._update_actions()
        self._update_count()

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
        if not self._facets.any and not self.is_filtered():
            self.empty.setText(
                QCoreApplication.translate("InspectorFilters", "Nothing learned yet. Preferences appear here as Open Design sees what you accept, "
                                                               "refine, tag or reject.")
            )
            self.empty.setAction(None)
        elif not self.is_filtered() and not self.archived_box.isChecked():
            self.empty.setText(QCoreApplication.translate("InspectorFilters", "Every preference is archived (not seen for 180 days)."))
            self.empty.setAction(QCoreApplication.translate("InspectorFilters", "Show archived"), QCoreApplication.translate("InspectorFilters", "Also show archived preferences"))
        else:
            self.empty.setText(QCoreApplication.translate("InspectorFilters", "No preference matches these filters."))
            self.empty.setAction(QCoreApplication.translate("InspectorFilters", "Clear filters"), QCoreApplication.translate("InspectorFilters", "Remove every filter and show all preferences"))
        self.table_stack.setCurrentWidget(self.empty)

    def _update_count(self) -> None:
        total = self.model.total
        if total is None:
            text = QCoreApplication.translate("InspectorFilters", "Loading…") if self.model.is_loading() else ""
        elif total == 1:
            text = QCoreApplication.translate("InspectorFilters", "1 preference")
        else:
            text = QCoreApplication.translate("InspectorFilters", "{n} preferences").format(n=_n(total))
        selected = self.selected_count() if total else 0
        if selected:
            text = QCoreApplication.translate("InspectorFilters", "{count} · {n} selected").format(count=text, n=_n(selected))
        self.count_label.setText(text)
        self.count_label.setAccessibleDescription(text)

    def _kept_selection(self) -> KeySelectionModel:
        sm = self.table.selectionModel()
        assert isinstance(sm, KeySelectionModel)
        return sm

    def selected_keys(self) -> list[PreferenceKey]:
        """The selected rows' keys: those in the window (in order), then those outside it
        (decision 0043)."""
        out: list[PreferenceKey] = []
        for idx in sorted(self.table.selectionModel().selectedRows(), key=lambda i: i.row()):
            k = self.model.key_at(idx.row())
            if k is not None:
                out.append(k)
        return out + self._kept_selection().away_keys()

    def selected_count(self) -> int:
        """How many rows are selected (from the selection ranges, which may overlap)."""
        rows: set[int] = set()
        selection = self.table.selectionModel().selection()
        for i in range(selection.size()):
            r = selection.at(i)
            rows.update(range(r.top(), r.bottom() + 1))
        return len(rows) + len(self._kept_selection().away_keys())

    def current_key(self) -> PreferenceKey | None:
        idx = self.table.selectionModel().currentIndex()
        return self.model.key_at(idx.row()) if idx.isValid() else self._kept_selection().away_current()

    def select_key(self, key: PreferenceKey) -> bool:
        """Make ``key`` the current, only selected row (if it is in the window)."""
        row = self.model.rows_of_keys({key}).get(key)
        if row is None:
            return False
        self.table.selectionModel().setCurrentIndex(
            self.model.index(row, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(self.model.index(row, 0))
        return True

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
                a.setToolTip(QCoreApplication.translate("InspectorFilters", "This store is read-only; nothing can be forgotten"))
        else:
            self.forget_action.setToolTip(QCoreApplication.translate("InspectorFilters", "Erase the selected preferences and their evidence (Delete)"))
            self.block_action.setToolTip(QCoreApplication.translate("InspectorFilters", "Erase the selected preferences and never learn these patterns again"))
        self.forget_button.setToolTip(self.forget_action.toolTip())
        self.block_button.setToolTip(self.block_action.toolTip())
        total = self.model.total or 0
        filtered = self.model.filter != PrefFilter(show_archived=self.model.filter.show_archived)
        self.forget_all_action.setEnabled(writable and filtered and 0 < total <= FORGET_ALL_LIMIT)
        self.forget_all_action.setText(QCoreApplication.translate("InspectorFilters", "Forget all {n} shown…").format(n=_n(total)) if filtered else
                                       QCoreApplication.translate("InspectorFilters", "Forget all shown…"))
        self.forget_all_action.setToolTip(
            QCoreApplication.translate("InspectorFilters", "Forget every preference this filter shows ({n}); the dialog lists them all").format(n=_n(total))
            if filtered else QCoreApplication.translate("InspectorFilters", "Filter first: this forgets every preference the filter shows")
        )
        self.forget_all_button.setToolTip(self.forget_all_action.toolTip())

"""The Inspector's selection and view across reloads and a moving window of rows.

A mixin of :class:`gui.tabs.inspector.InspectorTab`: a reload (filter, sort, refresh) puts the
selection, the current row and — for a refresh — the scroll position back by preference key; the
table's :class:`~creative_memory.gui.models.window_view.KeySelectionModel` keeps the keys of
selected rows that the window has dropped, so what is selected is the rows in the window plus
those (Forget acts on both).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QTimer
from PySide6.QtWidgets import QAbstractItemView, QTableView

from creative_memory.gui.models.preferences import PreferenceKey, PreferenceTableModel
from creative_memory.gui.models.window_view import KeySelectionModel, follow_window


class KeptView:
    """Selection, current row and scroll position kept across reloads and window moves."""

    if TYPE_CHECKING:
        model: PreferenceTableModel
        table: QTableView
        _restoring: bool
        _reset_state: tuple[list[PreferenceKey], PreferenceKey | None, int, int] | None
        _detail_timer: QTimer
        _detail_key: PreferenceKey | None

        def _show_no_detail(self) -> None: ...
        def _update_actions(self) -> None: ...
        def _update_count(self) -> None: ...

    def _keep_view(self) -> None:
        """Give the table the selection model that outlives the window, and follow the window."""
        old = self.table.selectionModel()
        self.table.setSelectionModel(KeySelectionModel(self.model, self.table))
        if old is not None:
            old.deleteLater()
        follow_window(self.table, self.model)

    # ------------------------------------------------------------------ reloads keep the view
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
            # rows selected outside the window stay selected across a refresh (not a new query)
            current_row = where.get(current) if current is not None else None
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

    # ------------------------------------------------------------------ selection
    def _kept_selection(self) -> KeySelectionModel:
        sm = self.table.selectionModel()
        assert isinstance(sm, KeySelectionModel)
        return sm

    def selected_keys(self) -> list[PreferenceKey]:
        """The selected rows' keys: those in the window (in order), then those outside it."""
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



__all__ = ["KeptView"]

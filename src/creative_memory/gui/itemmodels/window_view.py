"""A table view over a :class:`~creative_memory.gui.itemmodels.preference_window.PreferenceWindow`:
the view stays on the rows it shows while the window moves, and a selection outlives its rows
leaving the window.

* :func:`follow_window` asks for the page before the window when the view is scrolled to the
  window's top, and moves the scroll position by the rows added or dropped above the view, so the
  rows on screen stay where they are.
* :class:`KeySelectionModel` remembers, by preference key, the selected (and the current) rows
  that leave the window, and selects them again when they come back. A new selection that
  clears the old one (a click, Ctrl+A, Escape) forgets them too.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, QObject
from PySide6.QtWidgets import QAbstractItemView, QTableView

from creative_memory.gui.itemmodels.preference_window import PreferenceWindow
from creative_memory.services.inspection.inspector_query import PreferenceKey

Flag = QItemSelectionModel.SelectionFlag


class KeySelectionModel(QItemSelectionModel):
    """A selection model that keeps the keys of selected rows the window has dropped."""

    def __init__(self, model: PreferenceWindow, parent: QObject) -> None:
        super().__init__(model, parent)
        self._window = model
        self._away: dict[PreferenceKey, None] = {}  # an ordered set
        self._away_current: PreferenceKey | None = None
        model.rowsLeaving.connect(self._leaving)
        model.rowsInserted.connect(self._arriving)

    def away_keys(self) -> list[PreferenceKey]:
        """The selected keys that are not in the window now."""
        return list(self._away)

    def away_current(self) -> PreferenceKey | None:
        """The current row's key while that row is outside the window."""
        return self._away_current

    def keep_away(self, keys: list[PreferenceKey], current: PreferenceKey | None = None) -> None:
        """Remember ``keys`` (and ``current``) as selected outside the window (after a reset that
        did not find them)."""
        self._away = dict.fromkeys(keys)
        self._away_current = current

    def select(self, selection: Any, command: Any) -> None:
        if Flag(command) & Flag.Clear:
            self._away.clear()
            self._away_current = None
        super().select(selection, command)

    def clearSelection(self) -> None:
        self._away.clear()
        super().clearSelection()

    def clear(self) -> None:
        self._away.clear()
        self._away_current = None
        super().clear()

    def _leaving(self, first: int, last: int) -> None:
        selection = self.selection()
        for i in range(selection.size()):
            r = selection.at(i)
            for row in range(max(first, r.top()), min(last, r.bottom()) + 1):
                key = self._window.key_at(row)
                if key is not None:
                    self._away[key] = None
        current = self.currentIndex()
        if current.isValid() and first <= current.row() <= last:
            self._away_current = self._window.key_at(current.row())
            # no current row meanwhile: Qt would make a neighbour current, and the view would
            # scroll to it — back to the window's end, which would move the window back
            self.setCurrentIndex(QModelIndex(), Flag.NoUpdate)

    def _arriving(self, parent: QModelIndex, first: int, last: int) -> None:
        if parent.isValid() or not (self._away or self._away_current):
            return
        found = QItemSelection()
        last_column = self._window.columnCount() - 1
        current_row = -1
        for row in range(first, last + 1):
            key = self._window.key_at(row)
            if key is None:
                continue
            if key in self._away:
                del self._away[key]
                found.select(self._window.index(row, 0), self._window.index(row, last_column))
            if key == self._away_current:
                current_row = row
        if not found.isEmpty():
            super().select(found, Flag.Select)
        if current_row >= 0:
            self._away_current = None
            self.setCurrentIndex(self._window.index(current_row, 0), Flag.NoUpdate)


def follow_window(view: QTableView, model: PreferenceWindow) -> None:
    """Keep ``view`` on its rows while ``model``'s window moves; fetch earlier rows at its top."""
    bar = view.verticalScrollBar()

    def rows_step() -> int:
        if view.verticalScrollMode() == QAbstractItemView.ScrollMode.ScrollPerItem:
            return 1
        return view.verticalHeader().defaultSectionSize()

    def shift(parent: QModelIndex, first: int, last: int, sign: int) -> None:
        if parent.isValid() or first != 0 or model.rowCount() == 0:
            return
        value = bar.value() + sign * (last - first + 1) * rows_step()
        view.doItemsLayout()  # the new scroll range, now
        bar.setValue(value)

    def at_top(*_args: Any) -> None:
        if bar.value() == bar.minimum() and model.can_fetch_previous():
            model.fetch_previous()

    model.rowsInserted.connect(lambda p, f, la: shift(p, f, la, 1))
    model.rowsRemoved.connect(lambda p, f, la: shift(p, f, la, -1))
    bar.valueChanged.connect(at_top)
    model.pageFetched.connect(at_top)


__all__ = ["KeySelectionModel", "follow_window"]

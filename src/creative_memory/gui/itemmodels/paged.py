"""The keyset-paged table model the Diagnostics and Activity lists share, and the local time their
rows show.

:class:`PagedTableModel` holds a *window* of rows (a service's values, each with an integer ``id``), newest first. The
first page arrives through :meth:`PagedTableModel.reload`; further pages through Qt's
``canFetchMore``/``fetchMore``, which start an asynchronous fetch through the controller (the store
thread) and insert the rows when they arrive. A reload keeps the rows it already had as the same
rows (removals, insertions and ``dataChanged`` instead of a reset), so a view keeps its selection
and current index across live refreshes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import (
    QDateTime,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.rows import Column, Index, RowsTableModel, shown

PAGE_SIZE = 200


class HasId(Protocol):
    """A row of a paged table: its id orders the rows (newest first) and keys the pages."""

    @property
    def id(self) -> int: ...


PagedRowT = TypeVar("PagedRowT", bound=HasId)


def iso_to_ms(text: str | None) -> int | None:
    """``2026-10-26T09:00:00.000Z`` → milliseconds since the epoch (None stays None)."""
    if not text:
        return None
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


def local_time(text: str | None) -> str:
    """An ISO UTC time as local date and time to the second ("2026-10-26 10:00:00")."""
    ms = iso_to_ms(text)
    if ms is None:
        return ""
    return QDateTime.fromMSecsSinceEpoch(ms).toLocalTime().toString("yyyy-MM-dd HH:mm:ss")


class PagedTableModel(RowsTableModel[PagedRowT]):
    """A table of rows ordered by ``id`` descending, loaded page by page (keyset paging).

    Subclasses give :attr:`columns` and :meth:`fetcher`, a function run on the store
    thread as ``fetcher()(before_id, limit)`` returning at most ``limit`` rows with ids below
    ``before_id`` (all rows when None), newest first.
    """

    #: a fetch started (True) or ended (False); for a busy indicator and for tests
    loadingChanged = Signal(bool)
    #: rows arrived (a reload or a page)
    rowsLoaded = Signal()

    page_size = PAGE_SIZE

    def __init__(self, ctrl: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self._has_more = False
        self._fetching = False
        self._generation = 0
        self._settled = 0  # the generation whose reload has finished (or failed)
        self._loaded_once = False

    # ------------------------------------------------------------------ to override
    def fetcher(self) -> Callable[[int | None, int], list[PagedRowT]]:
        raise NotImplementedError

    def display(self, row: PagedRowT, column: Column[PagedRowT]) -> str:
        return shown(column.value(row))

    def tooltip(self, row: PagedRowT, column: Column[PagedRowT]) -> str | None:
        text = self.display(row, column)
        return text or None

    def alignment(self, key: str) -> Qt.AlignmentFlag | None:
        return None

    # ------------------------------------------------------------------ state
    @property
    def rows(self) -> list[PagedRowT]:
        return list(self._rows)

    def row_at(self, row: int) -> PagedRowT | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of_id(self, row_id: int) -> int:
        for i, r in enumerate(self._rows):
            if r.id == row_id:
                return i
        return -1

    def is_fetching(self) -> bool:
        return self._fetching

    def has_more(self) -> bool:
        return self._has_more

    def loaded_once(self) -> bool:
        return self._loaded_once

    def _set_fetching(self, fetching: bool) -> None:
        if fetching != self._fetching:
            self._fetching = fetching
            self.loadingChanged.emit(fetching)

    # ------------------------------------------------------------------ Qt model API
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        cell = self.cell(index)
        if cell is None:
            return None
        row, column = cell
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.display(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = self.alignment(column.key)
            return None if align is None else int(align | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return row.id
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return super().headerData(section, orientation, role)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.columns[section].header
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = self.alignment(self.columns[section].key)
            return None if align is None else int(align | Qt.AlignmentFlag.AlignVCenter)
        return None

    def canFetchMore(self, parent: Index) -> bool:
        return not parent.isValid() and self._has_more and not self._fetching

    def fetchMore(self, parent: Index) -> None:
        if not self.canFetchMore(parent):
            return
        self._set_fetching(True)
        self.ctrl.start(self._fetch_more(self._generation), name=f"{type(self).__name__}.fetchMore")

    async def _fetch_more(self, generation: int) -> None:
        before = self._rows[-1].id if self._rows else None
        fetch = self.fetcher()
        try:
            page = await self.ctrl.run(fetch, before, self.page_size + 1)
        finally:
            if generation == self._generation:
                self._set_fetching(False)
        if generation != self._generation:
            return  # a reload (e.g. a new filter) replaced the rows meanwhile
        more = len(page) > self.page_size
        page = page[: self.page_size]
        known = {r.id for r in self._rows}
        page = [r for r in page if r.id not in known]
        if page:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(page) - 1)
            self._rows.extend(page)
            self.endInsertRows()
        self._has_more = more
        self.rowsLoaded.emit()

    async def reload(self, *, reset: bool = False) -> None:
        """Load the newest rows again: at least a page, and as many as are loaded now.

        With ``reset`` (the filter changed) the rows are replaced outright; otherwise rows that are
        still there stay the same rows, new ones are inserted and vanished ones removed. When a newer
        reload starts meanwhile, this one's rows are dropped and it returns once the newer one has
        finished, so awaiting any reload means the model shows the latest state.
        """
        self._generation += 1
        generation = self._generation
        want = self.page_size if reset else max(self.page_size, len(self._rows))
        fetch = self.fetcher()
        self._set_fetching(True)
        try:
            rows = await self.ctrl.run(fetch, None, want + 1)
        except BaseException:
            if generation == self._generation:
                self._set_fetching(False)
                self._settled = generation
            raise
        if generation != self._generation:
            while self._settled < self._generation:
                await asyncio.sleep(0.01)
            return
        self._set_fetching(False)
        more = len(rows) > want
        rows = rows[:want]
        try:
            if reset or not self._loaded_once:
                self.beginResetModel()
                self._rows = rows
                self.endResetModel()
            else:
                self._merge(rows)
            self._has_more = more
            self._loaded_once = True
        finally:
            self._settled = generation
        self.rowsLoaded.emit()

    def clear(self) -> None:
        self._generation += 1
        self._settled = self._generation
        self._set_fetching(False)
        self.beginResetModel()
        self._rows = []
        self._has_more = False
        self.endResetModel()

    def _merge(self, new: list[PagedRowT]) -> None:
        """Turn the current rows into ``new`` (both id-descending) with minimal row changes."""
        new_ids = {r.id for r in new}
        i = len(self._rows) - 1
        while i >= 0:
            if self._rows[i].id in new_ids:
                i -= 1
                continue
            j = i
            while j > 0 and self._rows[j - 1].id not in new_ids:
                j -= 1
            self.beginRemoveRows(QModelIndex(), j, i)
            del self._rows[j : i + 1]
            self.endRemoveRows()
            i = j - 1
        old_ids = {r.id for r in self._rows}
        changed: list[int] = []
        pos = k = 0
        while k < len(new):
            if new[k].id in old_ids:
                if self._rows[pos] != new[k]:
                    self._rows[pos] = new[k]
                    changed.append(pos)
                pos += 1
                k += 1
                continue
            start = k
            while k < len(new) and new[k].id not in old_ids:
                k += 1
            self.beginInsertRows(QModelIndex(), pos, pos + (k - start) - 1)
            self._rows[pos:pos] = new[start:k]
            self.endInsertRows()
            pos += k - start
        if changed:
            last = self.columnCount() - 1
            self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), last))


# --------------------------------------------------------------------------- retrievals

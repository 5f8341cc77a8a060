"""The pages after and before the Inspector's window of rows (decision 0043).

A mixin of :class:`~creative_memory.gui.itemmodels.preference_window.PreferenceWindow`: the view asks
for the rows after the window with :meth:`WindowPages.canFetchMore`/:meth:`WindowPages.fetchMore` and
for the rows before it with :meth:`WindowPages.fetch_previous`. Each only starts a load and returns;
the page is inserted on the GUI thread when it arrives, and as many rows leave the window at the
other end (``beginRemoveRows``), so the window never holds more than its
:attr:`~creative_memory.gui.itemmodels.preference_window.PreferenceWindow.max_rows`.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex

from creative_memory.services.inspection.inspector_query import R_ID, InspectorRow, cursor_of, load_page

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from creative_memory.gui.controller import Controller
    from creative_memory.services.inspection.inspector_text import TextIndex
    from creative_memory.services.inspection.queries import PrefFilter

Row = InspectorRow
Index = QModelIndex | QPersistentModelIndex


class WindowPages:
    """Fetch the page after or before the window and move the window over it."""

    if TYPE_CHECKING:
        _ctrl: Controller
        _rows: list[Row]
        _ids: set[int]
        _flt: PrefFilter
        _sort: str
        _descending: bool
        _gen: int
        _more: bool
        _earlier: bool
        _fetching: bool
        _reloads: int
        _page_size: int
        _max_rows: int
        _text_index: TextIndex | None
        pageFetched: SignalInstance
        rowsLeaving: SignalInstance

        def _update_loading(self) -> None: ...
        def beginRemoveRows(self, parent: Index, first: int, last: int) -> None: ...
        def endRemoveRows(self) -> None: ...
        def beginInsertRows(self, parent: Index, first: int, last: int) -> None: ...
        def endInsertRows(self) -> None: ...

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008 (Qt default)
        if parent.isValid():
            return False
        return self._more

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008 (Qt default)
        """Start loading the page after the window; returns at once (rows are inserted when they
        arrive, and as many are dropped from the window's top)."""
        if parent.isValid() or not self._more or not self._can_start():
            return
        self._start_fetch(cursor_of(self._rows[-1], self._sort), forward=True)

    def fetch_previous(self) -> None:
        """Start loading the page before the window; returns at once (rows are inserted at the
        top when they arrive, and as many are dropped from the window's end)."""
        if not self._earlier or not self._can_start():
            return
        self._start_fetch(cursor_of(self._rows[0], self._sort), forward=False)

    def _can_start(self) -> bool:
        return not (self._fetching or self._reloads or not self._rows)

    def fetching_page(self) -> bool:
        """Whether a page before or after the window is on its way (the view is walking pages)."""
        return self._fetching

    def _start_fetch(self, after: tuple[Any, int], *, forward: bool) -> None:
        self._fetching = True
        self._update_loading()
        self._ctrl.start(self._fetch(self._gen, after, forward), name="inspector-fetch-page")

    async def _fetch(self, gen: int, after: tuple[Any, int], forward: bool) -> None:
        # the rows before the window: the opposite order from the window's first row, reversed
        descending = self._descending if forward else not self._descending
        try:
            page = await self._ctrl.run(
                load_page,
                self._ctrl.store,
                self._ctrl.user,
                self._flt,
                self._sort,
                descending,
                after,
                self._page_size,
                False,
                self._text_index,
            )
        except BaseException:
            if gen == self._gen:
                self._fetching = False
                self._update_loading()
            raise
        if gen != self._gen:
            return  # an older query's page: a reload has replaced it
        if self._text_index is None and page.index is not None:
            self._text_index = page.index
        full = len(page.rows) >= self._page_size
        # Another process may have changed the order between pages: never show a row twice.
        fresh = [r for r in page.rows if r[R_ID] not in self._ids]
        # still "fetching" while the rows change: a fetch asked for from inside the model's signals
        # would start from a window that is half moved
        if forward:
            self._append(fresh)
            self._more = full
        else:
            fresh.reverse()
            self._prepend(fresh)
            self._earlier = full
        self._fetching = False
        self._update_loading()
        self.pageFetched.emit(len(fresh))

    def _append(self, fresh: list[Row]) -> None:
        if not fresh:
            return
        excess = len(self._rows) + len(fresh) - self._max_rows
        if excess > 0:  # first drop as many rows from the top: never more than the window
            self.rowsLeaving.emit(0, excess - 1)
            self.beginRemoveRows(QModelIndex(), 0, excess - 1)
            self._ids.difference_update(r.id for r in self._rows[:excess])
            del self._rows[:excess]
            self._earlier = True
            self.endRemoveRows()
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
        self._rows.extend(fresh)
        self._ids.update(r.id for r in fresh)
        self.endInsertRows()

    def _prepend(self, fresh: list[Row]) -> None:
        if not fresh:
            return
        excess = len(self._rows) + len(fresh) - self._max_rows
        if excess > 0:  # first drop as many rows from the end
            keep = len(self._rows) - excess
            self.rowsLeaving.emit(keep, len(self._rows) - 1)
            self.beginRemoveRows(QModelIndex(), keep, len(self._rows) - 1)
            self._ids.difference_update(r.id for r in self._rows[keep:])
            del self._rows[keep:]
            self._more = True
            self.endRemoveRows()
        self.beginInsertRows(QModelIndex(), 0, len(fresh) - 1)
        self._rows[:0] = fresh
        self._ids.update(r.id for r in fresh)
        self.endInsertRows()

    async def fetch_all(self) -> None:
        """Fetch pages until there are no more (the window keeps the last :attr:`max_rows`)."""
        while self._more:
            if self._reloads:
                await asyncio.sleep(0.01)
                continue
            gen = self._gen
            if not self._fetching:
                self.fetchMore()
            while self._fetching and gen == self._gen:
                await asyncio.sleep(0.005)


__all__ = ["Index", "Row", "WindowPages"]

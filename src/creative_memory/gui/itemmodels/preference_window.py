"""The Inspector table's rows: a sliding window of keyset pages over the filter's whole result.

Rows are :class:`~creative_memory.services.inspection.inspector_query.InspectorRow` tuples that the services
load on the store thread (``inspector_query.load_page``, through the controller); the model never
touches a session and holds no query. Changing the filter or the sort order starts a reload: a new
*generation*, so a page that belongs to an older query and arrives late is dropped. The first page
is shown as soon as it is read; the filter's total (a count) arrives after it.

The model holds at most :attr:`PreferenceWindow.max_rows` rows — a window over the result, not the
result. The view asks for the rows after the window with :meth:`canFetchMore`/:meth:`fetchMore`
(which only starts a load and returns; the page is inserted on the GUI thread when it arrives) and
for the rows before it with :meth:`fetch_previous` (``gui.itemmodels.window_view`` calls it when the
view is scrolled to the window's top). A page added at one end drops as many rows at the other
end (``beginRemoveRows``), so scrolling through 100,000 rows keeps a few pages in memory; scrolling
back reads the dropped rows again by keyset (the first or last row's ``(value, id)`` cursor, in
the opposite order for the rows before), so a page costs the same anywhere in a large table.
Decision 0043.
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Signal

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.window_pages import Index, Row, WindowPages
from creative_memory.services.inspection.inspector_query import (
    R_PATTERN,
    R_POLARITY,
    R_SCOPE,
    R_TYPE,
    SORT_INDEX,
    PreferenceKey,
    cursor_of,
    key_of,
    load_page,
    load_text_index,
    load_total,
)
from creative_memory.services.inspection.inspector_text import TextIndex
from creative_memory.services.inspection.queries import PrefFilter

PAGE_SIZE: Final = 200
#: the window holds at most this many pages
WINDOW_PAGES: Final = 10


def _from_row(row: Row, sort: str, descending: bool) -> tuple[Any, int]:
    """The keyset cursor that starts at ``row`` itself (ids are integers: one past it)."""
    value, rid = cursor_of(row, sort)
    return (value, rid + 1 if descending else rid - 1)


class PreferenceWindow(WindowPages, QAbstractTableModel):
    """The paging and the window of rows; :class:`~.preferences.PreferenceTableModel` shows them.
    The pages after and before the window are fetched by :class:`~.window_pages.WindowPages`."""

    #: a reload (filter, sort or refresh) has been applied (after ``modelReset``)
    reloaded = Signal()
    #: the filter's total row count is known (or changed)
    totalChanged = Signal(int)
    #: rows of a further page were added at either end (the number of rows)
    pageFetched = Signal(int)
    #: a reload or a page load started (True) or every one of them ended (False)
    loadingChanged = Signal(bool)
    #: rows first..last are about to leave the window (before ``rowsAboutToBeRemoved``, which
    #: a selection model has already handled when its other listeners hear it)
    rowsLeaving = Signal(int, int)

    def __init__(
        self,
        ctrl: Controller,
        parent: QObject | None = None,
        *,
        page_size: int = PAGE_SIZE,
        window_pages: int = WINDOW_PAGES,
        flt: PrefFilter | None = None,
    ) -> None:
        super().__init__(parent)
        self._ctrl = ctrl
        self._page_size = max(1, int(page_size))
        self._max_rows = self._page_size * max(2, int(window_pages))
        self._rows: list[Row] = []
        self._ids: set[int] = set()
        self._flt = flt if flt is not None else PrefFilter()
        self._shown_flt = self._flt  # the filter of the rows in the window
        self._sort = "strength"
        self._descending = True
        self._gen = 0
        self._more = False  # rows after the window
        self._earlier = False  # rows before the window (dropped from it, or a refresh started there)
        self._fetching = False
        self._reloads = 0
        self._counting = 0
        self._loading = False
        self._total: int | None = None
        self._loaded_once = False
        self._text_index: TextIndex | None = None
        self._epoch = 0  # a refresh (the store changed) makes an index built before it stale
        self._warming: asyncio.Task[None] | None = None
        #: the tag of the reload whose reset is being applied ("" outside a reset)
        self.reset_tag = ""

    # ------------------------------------------------------------------ state
    @property
    def filter(self) -> PrefFilter:
        return self._flt

    @property
    def shown_filter(self) -> PrefFilter:
        """The filter of the rows in the window: :attr:`filter` once its reload is applied
        (``modelAboutToBeReset`` still sees the old one, ``modelReset`` the new one)."""
        return self._shown_flt

    @property
    def sort_key(self) -> str:
        return self._sort

    @property
    def descending(self) -> bool:
        return self._descending

    @property
    def total(self) -> int | None:
        """The filter's row count (None before the first reload, and while a reload counts)."""
        return self._total

    @property
    def generation(self) -> int:
        return self._gen

    @property
    def page_size(self) -> int:
        return self._page_size

    @property
    def max_rows(self) -> int:
        """The most rows the window holds."""
        return self._max_rows

    @property
    def loaded_once(self) -> bool:
        return self._loaded_once

    def is_loading(self) -> bool:
        return self._reloads > 0 or self._fetching or self._counting > 0

    def _update_loading(self) -> None:
        now = self.is_loading()
        if now != self._loading:
            self._loading = now
            self.loadingChanged.emit(now)

    def rows(self) -> list[Row]:
        """The rows of the window (do not modify)."""
        return self._rows

    def row_at(self, row: int) -> Row | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def key_at(self, row: int) -> PreferenceKey | None:
        r = self.row_at(row)
        return key_of(r) if r is not None else None

    def rows_of_keys(self, keys: set[PreferenceKey]) -> dict[PreferenceKey, int]:
        """Where the given keys are in the window (one pass, stops when all are found)."""
        found: dict[PreferenceKey, int] = {}
        if not keys:
            return found
        # A PreferenceKey equals (and hashes as) the plain tuple: no object per row.
        for i, r in enumerate(self._rows):
            k = (r[R_SCOPE], r[R_TYPE], r[R_PATTERN], r[R_POLARITY])
            if k in keys:
                found[PreferenceKey(*k)] = i
                if len(found) == len(keys):
                    break
        return found

    def holds_whole_result(self) -> bool:
        """Whether every row of the filter's result is in the window (none before or after it)."""
        return not self._more and not self._earlier

    def can_fetch_previous(self) -> bool:
        """Whether rows before the window exist (the window was moved on, or started there)."""
        return self._earlier

    # ------------------------------------------------------------------ loading
    def set_filter(self, flt: PrefFilter, *, reload: bool = True) -> asyncio.Task[bool] | None:
        """Show what ``flt`` selects; returns the reload task when it started one.

        A change reloads only once the model has loaded (or is loading): before the first
        :meth:`reload` it just remembers the filter.
        """
        if flt == self._flt:
            return None
        self._flt = flt
        return self._changed(reload)

    def set_sort(self, sort: str, descending: bool, *, reload: bool = True) -> asyncio.Task[bool] | None:
        if sort not in SORT_INDEX:
            raise ValueError(f"cannot sort by {sort!r}")
        if (sort, bool(descending)) == (self._sort, self._descending):
            return None
        self._sort, self._descending = sort, bool(descending)
        return self._changed(reload)

    def _changed(self, reload: bool) -> asyncio.Task[bool] | None:
        if not reload or not (self._loaded_once or self._reloads):
            return None
        return self.request_reload()

    def request_reload(self, *, min_rows: int = 0) -> asyncio.Task[bool]:
        """Start a reload on the controller's loop (returns the task).

        The model counts as loading from this call on (not only once the task runs)."""
        self._reloads += 1
        self._update_loading()

        async def go() -> bool:
            try:
                return await self.reload(min_rows=min_rows)
            finally:
                self._reloads -= 1
                self._update_loading()

        task: asyncio.Task[bool] = self._ctrl.start(go(), name="inspector-reload")
        return task

    async def reload(self, *, min_rows: int = 0, tag: str = "") -> bool:
        """Load the first page (at least ``min_rows`` rows, to keep a scrolled view full), reset the
        model, then count the filter's rows. False when a newer reload made this one obsolete.

        A "refresh" of a window that had moved on starts again at the window's first row; any
        other reload starts at the top. ``tag`` is available as :attr:`reset_tag` while the reset
        signals run ("refresh" tells the view to keep its scroll position; a new filter or sort
        scrolls to the top)."""
        self._gen += 1
        gen = self._gen
        flt, sort, descending = self._flt, self._sort, self._descending
        limit = min(max(self._page_size, int(min_rows)), self._max_rows)
        # build the text index ahead of the first keystroke on the first load; a refresh (the
        # store changed) drops it, and it is built again when typing starts (warm_text_index) or
        # by the page of a text filter, not after every refresh: under a writer the window
        # refreshes every second or two, and each build is 0.2-0.8 s of the store thread at L
        warm = not self._loaded_once
        start = None
        if tag == "refresh" and self._earlier and self._rows:
            start = _from_row(self._rows[0], sort, descending)
        self._fetching = False  # a page of the old query that is still on its way will be dropped
        self._reloads += 1
        self._update_loading()
        try:
            # A refresh means the store changed: the text index is rebuilt (when a text filter needs it).
            if tag != "refresh" and flt.text.strip() and self._text_index is None and self._warming:
                await asyncio.wait([self._warming])  # the index being built ahead: not a second one
            index = None if tag == "refresh" else self._text_index
            page = await self._ctrl.run(
                load_page,
                self._ctrl.store,
                self._ctrl.user,
                flt,
                sort,
                descending,
                start,
                limit,
                False,
                index,
            )
        finally:
            self._reloads -= 1
            self._update_loading()
        if gen != self._gen:
            return False
        # keep the index while the store is unchanged (clearing the filter box and typing again
        # must not rebuild it); a refresh replaces it (None until a text filter needs it)
        if tag == "refresh":
            self._epoch += 1
        self._text_index = page.index if tag == "refresh" else (page.index or self._text_index)
        counted = start is not None or len(page.rows) >= limit
        self.reset_tag = tag
        self.beginResetModel()
        self._shown_flt = flt
        self._rows = page.rows
        self._ids = {r.id for r in page.rows}
        self._more = len(page.rows) >= limit
        self._earlier = start is not None
        self._loaded_once = True
        if counted:
            self._total = None  # counted next, after the rows are shown
        self.endResetModel()
        self.reset_tag = ""
        if not counted:  # the whole result is in the window: no count needed
            self._set_total(len(page.rows))
        self.reloaded.emit()
        if counted:
            await self._count(gen, flt, page.index or self._text_index)
        if warm and self._text_index is None and gen == self._gen:
            self._warming = self._ctrl.start(self._warm_index(self._epoch), name="inspector-text-index")
        return gen == self._gen

    def warm_text_index(self) -> None:
        """Build the text filter's index now if there is none (someone started typing): the
        filter's first page then need not build it after the debounce."""
        if self._text_index is None and self._warming is None and self._loaded_once:
            self._warming = self._ctrl.start(self._warm_index(self._epoch), name="inspector-text-index")

    async def _warm_index(self, epoch: int) -> None:
        try:
            index = await self._ctrl.run(load_text_index, self._ctrl.store, self._ctrl.user)
        finally:
            self._warming = None
        if self._text_index is None and epoch == self._epoch:
            self._text_index = index

    async def _count(self, gen: int, flt: PrefFilter, index: TextIndex | None) -> None:
        self._counting += 1
        self._update_loading()
        try:
            # one turn of the event loop first: Qt paints the new rows (posted events come before
            # the loop's timers) before the count's work on the store thread competes with it
            await asyncio.sleep(0)
            total = await self._ctrl.run(load_total, self._ctrl.store, self._ctrl.user, flt, index)
        finally:
            self._counting -= 1
        if gen == self._gen:
            self._set_total(total)
        self._update_loading()

    def _set_total(self, total: int) -> None:
        changed = total != self._total
        self._total = total
        if changed:
            self.totalChanged.emit(total)

    # ------------------------------------------------------------------ Qt model API
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt default)
        return 0 if parent.isValid() else len(self._rows)


__all__ = ["PAGE_SIZE", "WINDOW_PAGES", "PreferenceWindow"]

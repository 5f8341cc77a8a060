"""The Inspector's table model: preferences filtered and sorted in SQL, fetched page by page.

Rows are :class:`~creative_memory.services.inspector_query.InspectorRow` tuples that the services
load on the store thread (``inspector_query.load_page``, through the controller); the model never
touches a session and holds no query. Changing the filter or the sort order starts a reload: a new
*generation*, so a page that belongs to an older query and arrives late is dropped. The view asks
for more rows with :meth:`canFetchMore`/:meth:`fetchMore`; ``fetchMore`` only starts a load and
returns — the rows are inserted (``beginInsertRows``/``endInsertRows``) on the GUI thread when the
page arrives. Paging is keyset paging (the last row's ``(value, id)`` cursor), so a page costs the
same at the end of a large table as at the start.

Names (type, pattern, the project of the scope) are untrusted text: a cell shows their readable
form with controls made visible and right-to-left text isolated (:func:`shown_name`); the stored
name is in the tooltip and under :data:`RAW_ROLE`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.preference_columns import (
    C_INJECTED,
    C_STRENGTH,
    COLUMN_NAMES,
    COLUMNS,
    CellText,
    column_for_sort,
    column_of,
    format_qdatetime,
    format_time,
)
from creative_memory.gui.widgets import STRENGTH_ROLE
from creative_memory.services.inspector_query import (
    R_ID,
    R_INJECTED,
    R_PATTERN,
    R_POLARITY,
    R_SCOPE,
    R_STATUS,
    R_TYPE,
    SORT_INDEX,
    InspectorRow,
    PreferenceKey,
    TextIndex,
    cursor_of,
    key_of,
    load_page,
)
from creative_memory.services.queries import PrefFilter

log = logging.getLogger("cm.gui")

PAGE_SIZE: Final = 200

Row = InspectorRow
Index = QModelIndex | QPersistentModelIndex

#: the custom role that gives a row's :class:`PreferenceKey`
KEY_ROLE: Final = Qt.ItemDataRole.UserRole + 51
#: the custom role that gives a cell's raw (unformatted) value
RAW_ROLE: Final = Qt.ItemDataRole.UserRole + 52

# data() runs for every painted cell and role: compare plain ints, answer prepared values.
_DISPLAY: Final = int(Qt.ItemDataRole.DisplayRole.value)
_ACCESSIBLE_TEXT: Final = int(Qt.ItemDataRole.AccessibleTextRole.value)
_ALIGNMENT: Final = int(Qt.ItemDataRole.TextAlignmentRole.value)
_FOREGROUND: Final = int(Qt.ItemDataRole.ForegroundRole.value)
_TOOLTIP: Final = int(Qt.ItemDataRole.ToolTipRole.value)
_STRENGTH: Final = int(STRENGTH_ROLE)
_KEY: Final = int(KEY_ROLE)
_RAW: Final = int(RAW_ROLE)
_ROW_FLAGS: Final = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
_NO_FLAGS: Final = Qt.ItemFlag.NoItemFlags
_ALIGN_LEFT: Final = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
_ALIGN_RIGHT: Final = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)


class PreferenceTableModel(QAbstractTableModel):
    """Preferences of the controller's user, as the filter and sort order ask, paged from SQL."""

    #: a reload (filter, sort or refresh) has been applied (after ``modelReset``)
    reloaded = Signal()
    #: the filter's total row count is known (or changed)
    totalChanged = Signal(int)
    #: rows of a further page were appended (the number of rows)
    pageFetched = Signal(int)
    #: a reload or a page load started (True) or every one of them ended (False)
    loadingChanged = Signal(bool)

    def __init__(
        self,
        ctrl: Controller,
        parent: QObject | None = None,
        *,
        page_size: int = PAGE_SIZE,
        flt: PrefFilter | None = None,
    ) -> None:
        super().__init__(parent)
        self._ctrl = ctrl
        self._page_size = max(1, int(page_size))
        self._rows: list[Row] = []
        self._ids: set[int] = set()
        self._flt = flt if flt is not None else PrefFilter()
        self._sort = "strength"
        self._descending = True
        self._gen = 0
        self._more = False
        self._fetching = False
        self._reloads = 0
        self._loading = False
        self._total: int | None = None
        self._loaded_once = False
        self._text_index: TextIndex | None = None
        #: the tag of the reload whose reset is being applied ("" outside a reset)
        self.reset_tag = ""
        self.cells = CellText()
        self._formatters = self.cells.formatters
        self._faint = QColor(QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText))

    # ------------------------------------------------------------------ state
    @property
    def filter(self) -> PrefFilter:
        return self._flt

    @property
    def sort_key(self) -> str:
        return self._sort

    @property
    def descending(self) -> bool:
        return self._descending

    @property
    def total(self) -> int | None:
        """The filter's row count from the last reload (None before the first)."""
        return self._total

    @property
    def generation(self) -> int:
        return self._gen

    @property
    def page_size(self) -> int:
        return self._page_size

    @property
    def loaded_once(self) -> bool:
        return self._loaded_once

    def is_loading(self) -> bool:
        return self._reloads > 0 or self._fetching

    def _update_loading(self) -> None:
        now = self.is_loading()
        if now != self._loading:
            self._loading = now
            self.loadingChanged.emit(now)

    def rows(self) -> list[Row]:
        """The loaded rows (do not modify)."""
        return self._rows

    def row_at(self, row: int) -> Row | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def key_at(self, row: int) -> PreferenceKey | None:
        r = self.row_at(row)
        return key_of(r) if r is not None else None

    def rows_of_keys(self, keys: set[PreferenceKey]) -> dict[PreferenceKey, int]:
        """Where the given keys are among the loaded rows (one pass, stops when all are found)."""
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

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Server-side sort: reload ordered by the column (then by id, for a total order)."""
        if not 0 <= column < len(COLUMNS):
            return
        self.set_sort(COLUMNS[column].sort, order == Qt.SortOrder.DescendingOrder)

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
        """Load the first page (at least ``min_rows`` rows, to keep a scrolled view full) and the
        total, then reset the model. False when a newer reload made this one obsolete.

        ``tag`` is available as :attr:`reset_tag` while the reset signals run ("refresh" tells the
        view to keep its scroll position; a new filter or sort scrolls to the top)."""
        self._gen += 1
        gen = self._gen
        flt, sort, descending = self._flt, self._sort, self._descending
        limit = max(self._page_size, int(min_rows))
        self._fetching = False  # a page of the old query that is still on its way will be dropped
        self._reloads += 1
        self._update_loading()
        try:
            # A refresh means the store changed: the text index is rebuilt (when a text filter needs it).
            index = None if tag == "refresh" else self._text_index
            page = await self._ctrl.run(
                load_page, self._ctrl.store, self._ctrl.user, flt, sort, descending, None, limit, True, index
            )
        finally:
            self._reloads -= 1
            self._update_loading()
        if gen != self._gen:
            return False
        # keep the index while the store is unchanged (clearing the filter box and typing again
        # must not rebuild it); a refresh replaces it (None until a text filter needs it)
        self._text_index = page.index if tag == "refresh" else (page.index or self._text_index)
        self.reset_tag = tag
        self.beginResetModel()
        self._rows = page.rows
        self._ids = {r.id for r in page.rows}
        self._more = len(page.rows) >= limit
        self._loaded_once = True
        self.endResetModel()
        self.reset_tag = ""
        total = page.total if page.total is not None else len(page.rows)
        changed = total != self._total
        self._total = total
        if changed:
            self.totalChanged.emit(total)
        self.reloaded.emit()
        return True

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008 (Qt default)
        if parent.isValid():
            return False
        return self._more

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008 (Qt default)
        """Start loading the next page; returns at once (rows are inserted when they arrive)."""
        if parent.isValid() or not self._more or self._fetching or self._reloads or not self._rows:
            return
        self._fetching = True
        self._update_loading()
        after = cursor_of(self._rows[-1], self._sort)
        self._ctrl.start(self._fetch(self._gen, after), name="inspector-fetch-more")

    async def _fetch(self, gen: int, after: tuple[Any, int]) -> None:
        try:
            page = await self._ctrl.run(
                load_page,
                self._ctrl.store,
                self._ctrl.user,
                self._flt,
                self._sort,
                self._descending,
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
        self._fetching = False
        if self._text_index is None and page.index is not None:
            self._text_index = page.index
        # Another process may have changed the order between pages: never show a row twice.
        fresh = [r for r in page.rows if r[R_ID] not in self._ids]
        if fresh:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
            self._rows.extend(fresh)
            self._ids.update(r.id for r in fresh)
            self.endInsertRows()
        self._more = len(page.rows) >= self._page_size
        self._update_loading()
        self.pageFetched.emit(len(fresh))

    async def fetch_all(self) -> None:
        """Fetch pages until there are no more (tests and "select all" use it)."""
        while self._more:
            if self._reloads:
                await asyncio.sleep(0.01)
                continue
            gen = self._gen
            if not self._fetching:
                self.fetchMore()
            while self._fetching and gen == self._gen:
                await asyncio.sleep(0.005)

    # ------------------------------------------------------------------ Qt model API
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt default)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt default)
        return 0 if parent.isValid() else len(COLUMNS)

    def flags(self, index: Index) -> Qt.ItemFlag:
        return _ROW_FLAGS if index.isValid() else _NO_FLAGS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        return self.cells.header(section, role)

    def word(self, raw: str) -> str:
        """The translated display word for a stored value (polarity, tier, status …)."""
        return self.cells.word(raw)

    def display(self, row: Row, column: int) -> str:
        return self.cells.display(row, column)

    def set_faint_colour(self, colour: QColor) -> None:
        """The text colour of archived rows and of "never" (the view's placeholder colour)."""
        self._faint = QColor(colour)
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(COLUMNS) - 1), [_FOREGROUND]
            )

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        r, c = index.row(), index.column()
        if r < 0 or c < 0 or r >= len(self._rows) or c >= len(COLUMNS) or not index.isValid():
            return None
        row = self._rows[r]
        if role in (_DISPLAY, _ACCESSIBLE_TEXT):
            return self._formatters[c](row)
        if role == _ALIGNMENT:
            return _ALIGN_RIGHT if COLUMNS[c].numeric else _ALIGN_LEFT
        if role == _FOREGROUND:
            if row[R_STATUS] == "archived" or (c == C_INJECTED and row[R_INJECTED] is None):
                return self._faint
            return None
        if role == _STRENGTH:
            return float(row.strength) if c == C_STRENGTH else None
        if role == _TOOLTIP:
            return self.cells.tooltip(row, c)
        if role == _KEY:
            return key_of(row)
        if role == _RAW:
            return row[SORT_INDEX[COLUMNS[c].sort]]
        return None


__all__ = [
    "COLUMNS",
    "COLUMN_NAMES",
    "C_STRENGTH",
    "KEY_ROLE",
    "PAGE_SIZE",
    "RAW_ROLE",
    "PreferenceKey",
    "PreferenceTableModel",
    "column_for_sort",
    "column_of",
    "format_qdatetime",
    "format_time",
    "key_of",
]

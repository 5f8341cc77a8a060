"""The Inspector's table model: preferences filtered and sorted in SQL, fetched page by page.

Rows are plain tuples (see the ``R_*`` indices) loaded on the store thread through the controller;
the model never touches a session. Changing the filter or the sort order starts a reload: a new
*generation*, so a page that belongs to an older query and arrives late is dropped. The view asks
for more rows with :meth:`canFetchMore`/:meth:`fetchMore`; ``fetchMore`` only starts a load and
returns — the rows are inserted (``beginInsertRows``/``endInsertRows``) on the GUI thread when the
page arrives. Paging is keyset paging (``services.queries.page_query`` with the last row's
``(value, id)`` cursor), so a page costs the same at the end of a large table as at the start.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final, NamedTuple

from PySide6.QtCore import (
    QAbstractTableModel,
    QDateTime,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from sqlalchemy import func, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import Join

from creative_memory.gui.controller import Controller
from creative_memory.gui.widgets import STRENGTH_ROLE
from creative_memory.model.constants import project_of
from creative_memory.model.tables import Preference
from creative_memory.services import queries
from creative_memory.services.queries import PrefFilter
from creative_memory.services.store import Store

log = logging.getLogger("cm.gui")

PAGE_SIZE: Final = 200
#: a text filter matching at most this many rows reads exactly those rows and sorts them
DRIVE_LIMIT: Final = 3000

Row = tuple[Any, ...]
Index = QModelIndex | QPersistentModelIndex

# The layout of a row tuple (the first 15 are the selected columns, in this order).
(
    R_ID,
    R_SCOPE,
    R_PROJECT,
    R_TYPE,
    R_PATTERN,
    R_POLARITY,
    R_STRENGTH,
    R_TIER,
    R_STATUS,
    R_SOURCES,
    R_ACCEPTS,
    R_REJECTS,
    R_LAST_SEEN,
    R_DECAY,
    R_INJECTED,
    R_SOURCES_TEXT,
) = range(16)

ROW_COLUMNS: Final = (
    Preference.id,
    Preference.scope,
    Preference.project_id,
    Preference.preference_type,
    Preference.pattern,
    Preference.polarity,
    Preference.strength,
    Preference.confidence,
    Preference.status,
    Preference.sources,
    Preference.accept_count,
    Preference.reject_count,
    Preference.last_seen,
    Preference.decay_at,
    Preference.last_injected_at,
)

#: where the value of each sortable key (``services.queries.SORTABLE``) sits in a row
SORT_INDEX: Final[dict[str, int]] = {
    "scope": R_SCOPE,
    "preference_type": R_TYPE,
    "pattern": R_PATTERN,
    "polarity": R_POLARITY,
    "strength": R_STRENGTH,
    "confidence": R_TIER,
    "status": R_STATUS,
    "sources": R_SOURCES,
    "accept_count": R_ACCEPTS,
    "reject_count": R_REJECTS,
    "last_seen": R_LAST_SEEN,
    "decay_at": R_DECAY,
    "last_injected_at": R_INJECTED,
}

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


class PreferenceKey(NamedTuple):
    """What identifies a preference across reloads and re-derivations (row ids may change)."""

    scope: str
    preference_type: str
    pattern: str
    polarity: str

    @property
    def project_id(self) -> str | None:
        return project_of(self.scope)


def key_of(row: Row) -> PreferenceKey:
    return PreferenceKey(row[R_SCOPE], row[R_TYPE], row[R_PATTERN], row[R_POLARITY])


@dataclass(frozen=True)
class Column:
    name: str
    sort: str  # a key of services.queries.SORTABLE
    numeric: bool = False


COLUMNS: Final = (
    Column("scope", "scope"),
    Column("type", "preference_type"),
    Column("pattern", "pattern"),
    Column("polarity", "polarity"),
    Column("strength", "strength", numeric=True),
    Column("tier", "confidence"),
    Column("status", "status"),
    Column("sources", "sources"),
    Column("counts", "accept_count", numeric=True),
    Column("last_seen", "last_seen"),
    Column("decay_at", "decay_at"),
    Column("last_injected", "last_injected_at"),
)
COLUMN_NAMES: Final = tuple(c.name for c in COLUMNS)
C_STRENGTH: Final = COLUMN_NAMES.index("strength")
_C_INJECTED: Final = COLUMN_NAMES.index("last_injected")


def column_of(name: str) -> int:
    return COLUMN_NAMES.index(name)


def column_for_sort(sort: str) -> int:
    for i, c in enumerate(COLUMNS):
        if c.sort == sort:
            return i
    return C_STRENGTH


# --------------------------------------------------------------------------- store thread
class TextIndex:
    """What the text filter searches — pattern, type and scope of every preference — in memory.

    ``LIKE '%word%'`` cannot use an index, and a scan of 100,000 rows in SQLite costs far more
    than the 50 ms a keystroke may take, so the words are matched here (one lower-cased string per
    preference) and SQL then reads only the matching ids: ``json_each(ids) CROSS JOIN
    preferences``, or ``id NOT IN (the others)`` when most rows match. Built on the store thread
    the first time a text filter is used after a refresh (every refresh drops it). The matching
    rule is the services' own: every word must occur, case-insensitively, in the pattern, the type
    or the scope (stored values are ASCII, so ``str.lower`` agrees with SQLite's ``LIKE``).
    """

    __slots__ = ("_hay", "_ids", "_last")

    def __init__(self, ids: list[int], haystacks: list[str]) -> None:
        self._ids = ids
        self._hay = haystacks
        self._last: tuple[str, list[int], list[int]] | None = None

    @classmethod
    def load(cls, session: Session, user_id: str) -> TextIndex:
        # The plain DB-API cursor: 100,000 small rows, no ORM row objects (several times faster).
        table = Preference.__tablename__
        cursor = session.connection().connection.driver_connection.execute(  # type: ignore[union-attr]
            f"SELECT id, pattern, preference_type, scope FROM {table} WHERE user_id = ?", (user_id,)
        )
        rows = cursor.fetchall()
        ids = [r[0] for r in rows]
        # newline separates the fields: a word (no whitespace) never matches across two
        hay = [f"{r[1]}\n{r[2]}\n{r[3]}".lower() for r in rows]
        return cls(ids, hay)

    def __len__(self) -> int:
        return len(self._ids)

    def split(self, text: str) -> tuple[list[int], list[int]]:
        """(ids that match every word of ``text``, ids that do not)."""
        key = " ".join(text.lower().split())
        if self._last is not None and self._last[0] == key:
            return self._last[1], self._last[2]
        words = key.split()
        hay = self._hay
        # list comprehensions over positions: no generator per row (that is 5x slower)
        found = [i for i, h in enumerate(hay) if words[0] in h] if words else list(range(len(hay)))
        for w in words[1:]:
            found = [i for i in found if w in hay[i]]
        ids = self._ids
        hit = [ids[i] for i in found]
        if len(found) == len(ids):
            miss: list[int] = []
        else:
            taken = set(found)
            miss = [pid for i, pid in enumerate(ids) if i not in taken]
        self._last = (key, hit, miss)
        return hit, miss


class _CrossJoin(Join):
    """``a CROSS JOIN b ON …``: in SQLite this keeps ``a`` (the id list) the outer loop."""

    inherit_cache = True


@compiles(_CrossJoin)
def _compile_cross_join(element: _CrossJoin, compiler: Any, **kw: Any) -> str:
    # The ordinary join (FROM-linter edges included), with SQLite's order-keeping keyword; the
    # left side is "json_each(?) AS ids", which holds no " JOIN " of its own.
    return str(compiler.visit_join(element, **kw)).replace(" JOIN ", " CROSS JOIN ", 1)


def _id_list(ids: list[int]) -> Any:
    return func.json_each(json.dumps(ids)).table_valued("value").alias("ids")


def _driven_by(ids: list[int]) -> _CrossJoin:
    listed = _id_list(ids)
    return _CrossJoin(listed, Preference.__table__, Preference.id == listed.c.value)


def plan_queries(
    user_id: str,
    flt: PrefFilter,
    *,
    sort: str,
    descending: bool,
    after: tuple[Any, int] | None,
    limit: int,
    index: TextIndex | None,
) -> tuple[Any, list[tuple[int, Any]]]:
    """The page query (selecting the row tuple) and the signed count queries whose sum is the
    total — the same rows, order and number as ``queries.page_query``/``queries.count``."""
    if not flt.text.strip() or index is None:
        page = queries.page_query(user_id, flt, sort=sort, descending=descending, after=after, limit=limit)
        count = select(func.count()).select_from(Preference).where(*flt.where(user_id))
        return page.with_only_columns(*ROW_COLUMNS), [(1, count)]
    hit, miss = index.split(flt.text)
    rest = replace(flt, text="")
    page = queries.page_query(user_id, rest, sort=sort, descending=descending, after=after, limit=limit)
    if len(hit) <= min(len(miss), DRIVE_LIMIT):
        # few rows match: read just those rows, then sort them
        page = page.select_from(_driven_by(hit))
    elif len(hit) <= len(miss):
        # many match: walk the sort order and keep the listed ids (a page fills up quickly)
        page = page.where(Preference.id.in_(select(_id_list(hit).c.value)))
    else:
        # most match: walk the sort order and skip the others
        page = page.where(Preference.id.not_in(select(_id_list(miss).c.value)))
    if len(hit) <= len(miss):
        counts = [(1, _count_of(user_id, rest, hit))]
    else:  # all rows of the other filters, less those that do not match the words
        counts = [
            (1, select(func.count()).select_from(Preference).where(*rest.where(user_id))),
            (-1, _count_of(user_id, rest, miss)),
        ]
    return page.with_only_columns(*ROW_COLUMNS), counts


def _count_of(user_id: str, flt: PrefFilter, ids: list[int]) -> Any:
    """How many of ``ids`` pass ``flt``: row by row for a short list, else one pass over an index."""
    if len(ids) <= DRIVE_LIMIT:
        return select(func.count()).select_from(_driven_by(ids)).where(*flt.where(user_id))
    return (
        select(func.count())
        .select_from(Preference)
        .where(*flt.where(user_id), Preference.id.in_(select(_id_list(ids).c.value)))
    )


@dataclass(frozen=True)
class Page:
    rows: list[Row]
    total: int | None
    index: TextIndex | None = None


def _sources_text(raw: str | None) -> str:
    try:
        items = json.loads(raw or "[]")
    except (TypeError, ValueError):
        return ""
    if not isinstance(items, list):
        return ""
    return ", ".join(str(s).replace("_", " ") for s in items)


def load_page(
    store: Store,
    user_id: str,
    flt: PrefFilter,
    sort: str,
    descending: bool,
    after: tuple[Any, int] | None,
    limit: int,
    with_count: bool,
    index: TextIndex | None = None,
) -> Page:
    """One page of rows (runs on the store thread); with the filter's total when asked.

    A text filter uses ``index`` (built here when None and handed back in :attr:`Page.index`)."""
    with store.read() as session:
        if flt.text.strip() and index is None:
            index = TextIndex.load(session, user_id)
        page_q, count_qs = plan_queries(
            user_id, flt, sort=sort, descending=descending, after=after, limit=limit, index=index
        )
        rows: list[Row] = [(*r, _sources_text(r[R_SOURCES])) for r in session.execute(page_q)]
        total = sum(sign * int(session.scalar(q) or 0) for sign, q in count_qs) if with_count else None
    return Page(rows, total, index)


def cursor_of(row: Row, sort: str) -> tuple[Any, int]:
    """The keyset cursor after ``row`` for ``sort`` (mirrors ``services.queries.cursor_of``)."""
    value = row[SORT_INDEX[sort]]
    if sort == "last_injected_at" and value is None:
        value = -1
    return (value, row[R_ID])


# --------------------------------------------------------------------------- formatting
def _formats(with_time: bool) -> str:
    locale = QLocale()
    if locale.language() == QLocale.Language.C:  # no real locale (CI, offscreen): ISO-like, compact
        return "yyyy-MM-dd HH:mm" if with_time else "yyyy-MM-dd"
    kind = QLocale.FormatType.ShortFormat
    return locale.dateTimeFormat(kind) if with_time else locale.dateFormat(kind)


@functools.lru_cache(maxsize=8192)
def format_time(ms: int | None, with_time: bool = True) -> str:
    """A timestamp (ms since the epoch) in the user's locale, local time; '' for None."""
    if ms is None:
        return ""
    dt = QDateTime.fromMSecsSinceEpoch(int(ms))
    return QLocale().toString(dt, _formats(with_time))


def format_qdatetime(dt: QDateTime, with_time: bool = True) -> str:
    return QLocale().toString(dt.toLocalTime(), _formats(with_time))


# --------------------------------------------------------------------------- the model
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
        self._title_cache: dict[str, str] | None = None
        self._tip_cache: dict[str, str] | None = None
        self._word_cache: dict[str, str] | None = None
        self._formatters = self._make_formatters()
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
        self._ids = {r[R_ID] for r in page.rows}
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
            self._ids.update(r[R_ID] for r in fresh)
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
        name = COLUMNS[section].name
        if role == Qt.ItemDataRole.DisplayRole:
            return self._titles()[name]
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole):
            return self._header_tips()[name]
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._titles()[name]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = Qt.AlignmentFlag.AlignRight if COLUMNS[section].numeric else Qt.AlignmentFlag.AlignLeft
            return int((align | Qt.AlignmentFlag.AlignVCenter).value)
        if role == Qt.ItemDataRole.InitialSortOrderRole:
            # numbers and times: the largest / latest first; words: A to Z
            first_desc = COLUMNS[section].numeric or name in ("last_seen", "decay_at", "last_injected")
            return Qt.SortOrder.DescendingOrder if first_desc else Qt.SortOrder.AscendingOrder
        return None

    def _titles(self) -> dict[str, str]:
        if self._title_cache is None:
            self._title_cache = self._make_titles()
        return self._title_cache

    def _header_tips(self) -> dict[str, str]:
        if self._tip_cache is None:
            self._tip_cache = self._make_tips()
        return self._tip_cache

    def _words(self) -> dict[str, str]:
        if self._word_cache is None:
            self._word_cache = self._make_words()
        return self._word_cache

    def _make_titles(self) -> dict[str, str]:
        return {
            "scope": self.tr("Scope"),
            "type": self.tr("Type"),
            "pattern": self.tr("Pattern"),
            "polarity": self.tr("Polarity"),
            "strength": self.tr("Strength"),
            "tier": self.tr("Tier"),
            "status": self.tr("Status"),
            "sources": self.tr("Sources"),
            "counts": self.tr("Accepts / rejects"),
            "last_seen": self.tr("Last seen"),
            "decay_at": self.tr("Decay due"),
            "last_injected": self.tr("Last injected"),
        }

    def _make_tips(self) -> dict[str, str]:
        return {
            "scope": self.tr("Global, or the project the preference was learned in"),
            "type": self.tr("The kind of preference (typography, color, layout …)"),
            "pattern": self.tr("What was learned"),
            "polarity": self.tr("Positive: wanted; negative: to avoid"),
            "strength": self.tr("How strong the preference is, from 0 to 1 (injected from 0.40)"),
            "tier": self.tr("Confidence tier: low below 0.35, high above 0.65"),
            "status": self.tr("Stable, under review (recently contradicted) or archived (not seen for 180 days)"),
            "sources": self.tr("The kinds of signal that built it"),
            "counts": self.tr("How many signals accepted and rejected it (sorts by accepts)"),
            "last_seen": self.tr("When a signal last named it"),
            "decay_at": self.tr("When it weakens next if nothing names it again"),
            "last_injected": self.tr("When it was last put into a generation prompt"),
        }

    def _make_words(self) -> dict[str, str]:
        return {
            "global": self.tr("global"),
            "positive": self.tr("positive"),
            "negative": self.tr("negative"),
            "low": self.tr("low"),
            "medium": self.tr("medium"),
            "high": self.tr("high"),
            "stable": self.tr("stable"),
            "under_review": self.tr("under review"),
            "archived": self.tr("archived"),
            "never": self.tr("never"),
        }

    def word(self, raw: str) -> str:
        """The translated display word for a stored value (polarity, tier, status …)."""
        return self._words().get(raw, raw.replace("_", " "))

    def display(self, row: Row, column: int) -> str:
        return self._formatters[column](row)

    def _make_formatters(self) -> tuple[Callable[[Row], str], ...]:
        word = self.word

        def scope(row: Row) -> str:
            if row[R_SCOPE] == "global":
                return word("global")
            return str(row[R_PROJECT] or project_of(row[R_SCOPE]) or row[R_SCOPE])

        def injected(row: Row) -> str:
            return format_time(row[R_INJECTED], False) if row[R_INJECTED] is not None else word("never")

        by_name: dict[str, Callable[[Row], str]] = {
            "scope": scope,
            "type": lambda row: str(row[R_TYPE]),
            "pattern": lambda row: str(row[R_PATTERN]),
            "polarity": lambda row: word(row[R_POLARITY]),
            "strength": lambda row: f"{row[R_STRENGTH]:.2f}",
            "tier": lambda row: word(row[R_TIER]),
            "status": lambda row: word(row[R_STATUS]),
            "sources": lambda row: str(row[R_SOURCES_TEXT]),
            "counts": lambda row: f"{row[R_ACCEPTS]} / {row[R_REJECTS]}",
            "last_seen": lambda row: format_time(row[R_LAST_SEEN], False),
            "decay_at": lambda row: format_time(row[R_DECAY], False),
            "last_injected": injected,
        }
        return tuple(by_name[c.name] for c in COLUMNS)

    def set_faint_colour(self, colour: QColor) -> None:
        """The text colour of archived rows and of "never" (the view's placeholder colour)."""
        self._faint = QColor(colour)
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(COLUMNS) - 1), [_FOREGROUND]
            )

    def _tooltip(self, row: Row, column: int) -> str:
        name = COLUMNS[column].name
        if name == "scope":
            if row[R_SCOPE] == "global":
                return self.tr("Global: learned across projects")
            return self.tr("Learned in project {project}").format(project=row[R_PROJECT] or row[R_SCOPE])
        if name == "strength":
            return self.tr("Strength {value:.3f} of 1").format(value=row[R_STRENGTH])
        if name == "counts":
            return self.tr("{accepts} accepting and {rejects} rejecting signals").format(
                accepts=row[R_ACCEPTS], rejects=row[R_REJECTS]
            )
        if name in ("last_seen", "decay_at", "last_injected"):
            ms = row[{"last_seen": R_LAST_SEEN, "decay_at": R_DECAY, "last_injected": R_INJECTED}[name]]
            if ms is None:
                return self._header_tips()[name]
            return f"{self._titles()[name]}: {format_time(ms)}"
        return self.display(row, column)

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
            if row[R_STATUS] == "archived" or (c == _C_INJECTED and row[R_INJECTED] is None):
                return self._faint
            return None
        if role == _STRENGTH:
            return float(row[R_STRENGTH]) if c == C_STRENGTH else None
        if role == _TOOLTIP:
            return self._tooltip(row, c)
        if role == _KEY:
            return key_of(row)
        if role == _RAW:
            return row[SORT_INDEX[COLUMNS[c].sort]]
        return None


__all__ = [
    "COLUMNS",
    "COLUMN_NAMES",
    "KEY_ROLE",
    "PAGE_SIZE",
    "RAW_ROLE",
    "Page",
    "PreferenceKey",
    "PreferenceTableModel",
    "TextIndex",
    "column_for_sort",
    "column_of",
    "cursor_of",
    "format_qdatetime",
    "format_time",
    "key_of",
    "load_page",
    "plan_queries",
]

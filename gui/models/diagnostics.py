"""Qt item models for the Diagnostics tab, and the keyset-paged table model they share with Activity.

:class:`PagedTableModel` holds a *window* of rows (dicts with an integer ``id``), newest first. The
first page arrives through :meth:`PagedTableModel.reload`; further pages through Qt's
``canFetchMore``/``fetchMore``, which start an asynchronous fetch through the controller (the store
thread) and insert the rows when they arrive. A reload keeps the rows it already had as the same
rows (removals, insertions and ``dataChanged`` instead of a reset), so a view keeps its selection
and current index across live refreshes.

The fetch functions (``fetch_retrievals`` …) run on the store thread and return plain dicts.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDateTime,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.visible import shown_id
from creative_memory.services import queries, safefile
from creative_memory.services.retrieval import describe_empty
from creative_memory.services.store import Store

Index = QModelIndex | QPersistentModelIndex
Row = dict[str, Any]

PAGE_SIZE = 200
EXPORT_PAGE = 500
EXPORT_FORMATS = ("json", "csv")


def tr(text: str) -> str:
    return QCoreApplication.translate("Diagnostics", text)


# --------------------------------------------------------------------------- time and files
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


def _csv_cell(value: Any) -> Any:
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return "" if value is None else value


def write_rows(
    path: Path, fmt: str, rows: Sequence[Row], columns: Sequence[str], *, protected: Sequence[Path] = ()
) -> None:
    """Write ``rows`` as JSON (a list of objects) or CSV (``columns``, header first) to ``path``.

    Through services.safefile: never onto a store, a data folder's file, a folder or a device; the
    file dialog already asked before replacing an existing file. Written 0600 beside the target and
    renamed, so a reader never sees half a file and nobody else can read what was exported.
    """
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"export format must be one of {EXPORT_FORMATS}, not {fmt!r}")
    target = safefile.check_target(path, force=True, protected=protected)
    buf = io.StringIO(newline="")
    if fmt == "json":
        json.dump(list(rows), buf, ensure_ascii=False, indent=2)
        buf.write("\n")
    else:
        writer = csv.writer(buf)
        writer.writerow(columns)
        for row in rows:
            writer.writerow([_csv_cell(row.get(c)) for c in columns])
    safefile.write_atomic(target, buf.getvalue().encode("utf-8"), what="export")


def format_for(path: str | Path, fallback: str = "json") -> str:
    """The export format a file name asks for (its suffix), else ``fallback``."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return suffix if suffix in EXPORT_FORMATS else fallback


# --------------------------------------------------------------------------- the paged model
class PagedTableModel(QAbstractTableModel):
    """A table of rows ordered by ``id`` descending, loaded page by page (keyset paging).

    Subclasses give :attr:`columns` (key, header) and :meth:`fetcher`, a function run on the store
    thread as ``fetcher()(before_id, limit)`` returning at most ``limit`` rows with ids below
    ``before_id`` (all rows when None), newest first.
    """

    #: a fetch started (True) or ended (False); for a busy indicator and for tests
    loadingChanged = Signal(bool)
    #: rows arrived (a reload or a page)
    rowsLoaded = Signal()

    columns: tuple[tuple[str, str], ...] = ()
    page_size = PAGE_SIZE

    def __init__(self, ctrl: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self._rows: list[Row] = []
        self._has_more = False
        self._fetching = False
        self._generation = 0
        self._settled = 0  # the generation whose reload has finished (or failed)
        self._loaded_once = False

    # ------------------------------------------------------------------ to override
    def fetcher(self) -> Callable[[int | None, int], list[Row]]:
        raise NotImplementedError

    def display(self, row: Row, key: str) -> str:
        value = row.get(key)
        return "" if value is None else str(value)

    def tooltip(self, row: Row, key: str) -> str | None:
        text = self.display(row, key)
        return text or None

    def alignment(self, key: str) -> Qt.AlignmentFlag | None:
        return None

    # ------------------------------------------------------------------ state
    @property
    def rows(self) -> list[Row]:
        return list(self._rows)

    def row_at(self, row: int) -> Row | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of_id(self, row_id: int) -> int:
        for i, r in enumerate(self._rows):
            if r["id"] == row_id:
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
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.parent().isValid():
            return None
        r, c = index.row(), index.column()
        if not (0 <= r < len(self._rows) and 0 <= c < len(self.columns)):
            return None
        row = self._rows[r]
        key = self.columns[c][0]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.display(row, key)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row, key)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = self.alignment(key)
            return None if align is None else int(align | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return row.get("id")
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return super().headerData(section, orientation, role)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.columns[section][1]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = self.alignment(self.columns[section][0])
            return None if align is None else int(align | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def canFetchMore(self, parent: Index) -> bool:
        return not parent.isValid() and self._has_more and not self._fetching

    def fetchMore(self, parent: Index) -> None:
        if not self.canFetchMore(parent):
            return
        self._set_fetching(True)
        self.ctrl.start(self._fetch_more(self._generation), name=f"{type(self).__name__}.fetchMore")

    async def _fetch_more(self, generation: int) -> None:
        before = self._rows[-1]["id"] if self._rows else None
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
        known = {r["id"] for r in self._rows}
        page = [r for r in page if r["id"] not in known]
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

    def _merge(self, new: list[Row]) -> None:
        """Turn the current rows into ``new`` (both id-descending) with minimal row changes."""
        new_ids = {r["id"] for r in new}
        i = len(self._rows) - 1
        while i >= 0:
            if self._rows[i]["id"] in new_ids:
                i -= 1
                continue
            j = i
            while j > 0 and self._rows[j - 1]["id"] not in new_ids:
                j -= 1
            self.beginRemoveRows(QModelIndex(), j, i)
            del self._rows[j : i + 1]
            self.endRemoveRows()
            i = j - 1
        old_ids = {r["id"] for r in self._rows}
        changed: list[int] = []
        pos = k = 0
        while k < len(new):
            if new[k]["id"] in old_ids:
                if self._rows[pos] != new[k]:
                    self._rows[pos] = new[k]
                    changed.append(pos)
                pos += 1
                k += 1
                continue
            start = k
            while k < len(new) and new[k]["id"] not in old_ids:
                k += 1
            self.beginInsertRows(QModelIndex(), pos, pos + (k - start) - 1)
            self._rows[pos:pos] = new[start:k]
            self.endInsertRows()
            pos += k - start
        if changed:
            last = self.columnCount() - 1
            self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), last))


# --------------------------------------------------------------------------- retrievals
@dataclass(frozen=True)
class RetrievalFilter:
    """What the retrievals list shows; None means no restriction. Times are ms since the epoch."""

    origin: str | None = None
    project_id: str | None = None
    event_type: str | None = None
    since: int | None = None
    until: int | None = None
    text: str | None = None

    def kwargs(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "origin": self.origin,
            "project_id": self.project_id,
            "event_type": self.event_type,
            "since": self.since,
            "until": self.until,
        }


def fetch_retrievals(
    store: Store, user_id: str, flt: RetrievalFilter, before_id: int | None, limit: int
) -> list[Row]:
    """One page of retrievals (store thread)."""
    return queries.retrieval_page(store, user_id, before_id=before_id, limit=limit, **flt.kwargs())


def fetch_retrieval_events(store: Store, retrieval_id: int) -> list[Row]:
    """The stage events of one retrieval, in order (store thread)."""
    return queries.load_retrieval_events(store, retrieval_id)


RETRIEVAL_EXPORT_COLUMNS = (
    "id",
    "at",
    "origin",
    "project_id",
    "mode",
    "kept_positive",
    "kept_negative",
    "kept_high",
    "kept_medium",
    "tokens",
    "duration_ms",
    "empty_reason",
    "block_sha256",
)


def export_retrievals(store: Store, user_id: str, flt: RetrievalFilter, path: Path, fmt: str) -> int:
    """Write every retrieval the filter matches (JSON with its stage events; CSV one line each)."""
    rows = queries.all_retrievals(store, user_id, with_events=fmt == "json", page=EXPORT_PAGE, **flt.kwargs())
    write_rows(path, fmt, rows, RETRIEVAL_EXPORT_COLUMNS, protected=[store.data_dir.path])
    return len(rows)


#: diagnostic event types (engine notes), in stage order, with the label the filter shows
EVENT_TYPES: tuple[tuple[str, str], ...] = (
    ("memory_disabled", "Memory off"),
    ("memory_paused", "Using paused"),
    ("project_memory_disabled", "Project ignores memory"),
    ("project_override_suppression", "Project override suppression"),
    ("below_threshold", "Below threshold"),
    ("hard_cap_applied", "Hard cap applied"),
    ("diversity_ceiling_applied", "Polarity ceiling applied"),
    ("diversity_backfill", "Polarity backfill"),
    ("category_ceiling_applied", "Category ceiling applied"),
    ("category_backfill", "Category backfill"),
    ("token_budget_exceeded", "Token budget exceeded"),
    ("kept", "Kept"),
)

_EMPTY_SHORT = {
    "memory_disabled": "memory off",
    "memory_paused": "paused",
    "project_memory_disabled": "project off",
    "nothing_above_threshold": "nothing eligible",
}


class RetrievalsModel(PagedTableModel):
    """Recorded retrievals, newest first, narrowed by a :class:`RetrievalFilter`."""

    def __init__(self, ctrl: Controller, parent: QObject | None = None) -> None:
        super().__init__(ctrl, parent)
        self.columns = (
            ("at", tr("Time")),
            ("origin", tr("Origin")),
            ("project_id", tr("Project")),
            ("mode", tr("Mode")),
            ("kept", tr("Kept +/−")),
            ("tokens", tr("Tokens")),
            ("duration_ms", tr("Duration")),
        )
        self._filter = RetrievalFilter()
        self.project_names: dict[str, str] = {}

    @property
    def filter(self) -> RetrievalFilter:
        return self._filter

    def set_filter(self, flt: RetrievalFilter) -> bool:
        """Change the filter; True when it changed (then call :meth:`reload` with ``reset``)."""
        if flt == self._filter:
            return False
        self._filter = flt
        return True

    def fetcher(self) -> Callable[[int | None, int], list[Row]]:
        store, user, flt = self.ctrl.store, self.ctrl.user, self._filter

        def fetch(before_id: int | None, limit: int) -> list[Row]:
            return fetch_retrievals(store, user, flt, before_id, limit)

        return fetch

    def project_label(self, project_id: str | None) -> str:
        if not project_id:
            return tr("(no project)")
        name = self.project_names.get(project_id)  # the daemon's names are untrusted text: shown inert
        return f"{shown_id(name)} ({shown_id(project_id)})" if name and name != project_id else shown_id(project_id)

    def display(self, row: Row, key: str) -> str:
        if key == "at":
            return local_time(row.get("at"))
        if key == "project_id":
            return self.project_label(row.get("project_id"))
        if key == "kept":
            text = f"+{row.get('kept_positive', 0)} / −{row.get('kept_negative', 0)}"
            reason = row.get("empty_reason")
            if reason:
                text += f"  ({tr(_EMPTY_SHORT.get(str(reason), str(reason)))})"
            return text
        if key == "duration_ms":
            ms = float(row.get("duration_ms") or 0.0)
            return f"{ms:.2f} ms" if ms < 100 else f"{ms:.0f} ms"
        return super().display(row, key)

    def tooltip(self, row: Row, key: str) -> str | None:
        if key == "at":
            return str(row.get("at") or "")
        if key == "kept":
            lines = [
                tr("{pos} preferred, {neg} avoided ({high} high, {medium} medium)").format(
                    pos=row.get("kept_positive", 0),
                    neg=row.get("kept_negative", 0),
                    high=row.get("kept_high", 0),
                    medium=row.get("kept_medium", 0),
                )
            ]
            if row.get("empty_reason"):
                lines.append(tr(describe_empty(row["empty_reason"], {"project_id": row.get("project_id")})))
            return "\n".join(lines)
        if key == "tokens":
            return tr("Estimated tokens of the Creative memory block (4 characters a token)")
        return super().tooltip(row, key)

    def alignment(self, key: str) -> Qt.AlignmentFlag | None:
        if key in ("tokens", "duration_ms"):
            return Qt.AlignmentFlag.AlignRight
        return None


__all__ = [
    "EVENT_TYPES",
    "EXPORT_FORMATS",
    "PAGE_SIZE",
    "PagedTableModel",
    "RetrievalFilter",
    "RetrievalsModel",
    "export_retrievals",
    "fetch_retrieval_events",
    "fetch_retrievals",
    "format_for",
    "local_time",
    "write_rows",
]

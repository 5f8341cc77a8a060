"""The Projects tab's model: every project with its two switches, as a small in-memory table.

Project counts are small (tens, maybe hundreds), so the model holds every row and the view sorts and
filters through a :class:`QSortFilterProxyModel`. Rows are updated in place by id (no reset), so a
refresh keeps the selection and the scroll position.

The switch columns are checkable. ``setData(…, CheckStateRole)`` changes the row at once (optimistic)
and emits :attr:`ProjectsModel.toggleRequested`; whoever writes it to the store (the tab) calls
:meth:`ProjectsModel.set_flag` with the old value to revert a failed write.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QLocale,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QGuiApplication, QPalette

from creative_memory.gui.itemmodels.project_words import check_value, headers, local_time, two_lines
from creative_memory.model.inert import for_display

if TYPE_CHECKING:
    from creative_memory.services.controls.controls import ProjectRow

Index = QModelIndex | QPersistentModelIndex

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole + 2
NAME_ROLE = Qt.ItemDataRole.UserRole + 3  # the daemon's name, "" when it has none

COLUMNS: tuple[str, ...] = (
    "name",
    "id",
    "use_global_memory",
    "use_memory",
    "learn_from_project",
    "preferences",
    "last_activity",
)
# The three switches, named as the seed names them (docs/decisions/0025).
CHECK_COLUMNS: tuple[str, ...] = ("use_global_memory", "use_memory", "learn_from_project")
COL = {key: i for i, key in enumerate(COLUMNS)}
_NCOLS = len(COLUMNS)
_CHECKABLE = tuple(key in CHECK_COLUMNS for key in COLUMNS)
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_CHECK_FLAGS = _ROW_FLAGS | Qt.ItemFlag.ItemIsUserCheckable
_CHECKED, _UNCHECKED = Qt.CheckState.Checked, Qt.CheckState.Unchecked
_DISPLAY, _TOOLTIP, _CHECK_STATE, _ACCESSIBLE_TEXT = (
    int(r.value)
    for r in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.CheckStateRole,
        Qt.ItemDataRole.AccessibleTextRole,
    )
)
_ID, _NAME, _SORT = int(ID_ROLE), int(NAME_ROLE), int(SORT_ROLE)
_ALIGNMENT, _FOREGROUND, _FONT = (
    int(r.value)
    for r in (Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.FontRole)
)
_ALIGN_LEFT = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
_ALIGN_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
#: the roles :meth:`ProjectsModel.data` may answer (None for any other, at once)
_ANSWERED = frozenset(
    {_DISPLAY, _TOOLTIP, _CHECK_STATE, _ACCESSIBLE_TEXT, _ID, _NAME, _SORT, _ALIGNMENT, _FOREGROUND, _FONT}
)
_NOT_YET = object()
#: the columns from "preferences" on show these fields (the events in a tooltip), and no other does
_COUNTS = ("preferences", "events", "last_activity")
assert COLUMNS[COL["preferences"] :] == ("preferences", "last_activity")


def _counts_of(row: ProjectRow) -> dict[str, Any]:
    return {k: getattr(row, k) for k in _COUNTS}


class ProjectsModel(QAbstractTableModel):
    """Rows as returned by ``services.controls.controls.projects``: id, name, use_global_memory, use_memory,
    learn_from_project, preferences, events, last_activity, in_daemon."""

    #: (project id, field "use_global_memory" | "use_memory" | "learn_from_project", new value)
    toggleRequested = Signal(str, str, bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[ProjectRow] = []
        self._index: dict[str, int] = {}
        self._read_only = False
        self._headers = headers()
        self._shown: dict[tuple[str, Any], Any] = {}  # (column, value) -> its display text
        self._on_off: tuple[str, str] | None = None

    # ------------------------------------------------------------------ shape
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        key = COLUMNS[section]
        title, tip = self._headers[key]
        if role == Qt.ItemDataRole.DisplayRole:  # a switch's column is as narrow as its title on two lines
            return two_lines(title) if key in CHECK_COLUMNS else title
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return title
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip
        return None

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        # one call into Python per index the proxy maps, not two (Qt's asks rowCount and columnCount)
        if 0 <= row < len(self._rows) and 0 <= column < _NCOLS and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return _NO_FLAGS
        return _CHECK_FLAGS if _CHECKABLE[index.column()] and not self._read_only else _ROW_FLAGS

    # ------------------------------------------------------------------ data
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # runs for every role of every painted cell: plain ints compared, words made once
        row_number = index.row()  # -1 for an invalid index
        if role not in _ANSWERED or not 0 <= row_number < len(self._rows):
            return None
        row = self._rows[row_number]
        key = COLUMNS[index.column()]
        if role == _ID:
            return row.id
        if role == _NAME:
            return row.name or ""
        if key in CHECK_COLUMNS:
            return self._switch_data(row, key, role)
        if role == _DISPLAY:
            shown = self._shown.get((key, getattr(row, key)), _NOT_YET)
            if shown is _NOT_YET:  # the same value shows the same text: made once
                shown = self._shown[(key, getattr(row, key))] = self._display(row, key)
            return shown
        if role == _SORT:
            return self._sort_key(row, key)
        if role == _TOOLTIP:
            return self._tooltip(row, key)
        return self._look(row, key, role)

    def _switch_data(self, row: ProjectRow, key: str, role: int) -> Any:
        """A switch cell: its check state, On/Off, its sort key, its tooltip and accessible text."""
        on = bool(getattr(row, key))
        if role == _CHECK_STATE:
            return _CHECKED if on else _UNCHECKED
        if role == _DISPLAY:
            if self._on_off is None:
                self._on_off = (self.tr("Off"), self.tr("On"))
            return self._on_off[on]
        if role == _SORT:
            return int(on)
        if role == _TOOLTIP:
            title = self._headers[key][0]
            state = self.tr("on") if on else self.tr("off")
            return self.tr("{what} is {state} for {project}. Click or press Space to switch it.").format(
                what=title, state=state, project=self._label(row)
            )
        if role == _ACCESSIBLE_TEXT:
            return self.tr("{what}: {state}").format(
                what=self._headers[key][0], state=self.tr("on") if on else self.tr("off")
            )
        return None

    def _display(self, row: ProjectRow, key: str) -> Any:
        if key == "name":  # a name from Open Design is untrusted text: controls visible, bidi isolated
            return for_display(row.name) if row.name else self.tr("(known from events only)")
        if key == "id":
            return row.id
        if key == "preferences":
            return QLocale().toString(int(row.preferences))
        if key == "last_activity":
            return local_time(row.last_activity) or self.tr("—")
        return None

    @staticmethod
    def _sort_key(row: ProjectRow, key: str) -> Any:
        if key == "name":  # named projects first, then the ones known from events only (by id)
            return ("0" + row.name if row.name else "1" + row.id).casefold()
        if key == "id":
            return row.id.casefold()
        if key == "preferences":
            return int(row.preferences)
        if key == "last_activity":
            return row.last_activity or ""
        return None

    def _tooltip(self, row: ProjectRow, key: str) -> Any:
        if key == "name":
            if not row.in_daemon:
                return self.tr(
                    "{shown}: Open Design's project list does not have this project; memory events name it."
                ).format(shown=self._display(row, "name"))
            return for_display(row.name or "")
        if key == "last_activity":
            return row.last_activity or self.tr("No memory events yet")
        if key == "preferences":
            return self.tr("{n} project-scoped preferences; {e} events").format(
                n=row.preferences, e=row.events
            )
        return row.id

    @staticmethod
    def _look(row: ProjectRow, key: str, role: int) -> Any:
        """Alignment, and the placeholder colour and italics of a project known from events only."""
        if role == _ALIGNMENT:
            return _ALIGN_RIGHT if key == "preferences" else _ALIGN_LEFT
        if role == _FOREGROUND and key == "name" and not row.name:
            app = QGuiApplication.instance()
            palette = QGuiApplication.palette() if app is not None else QPalette()
            return palette.color(QPalette.ColorRole.PlaceholderText)
        if role == _FONT and key == "name" and not row.name:
            font = QFont()
            font.setItalic(True)
            return font
        return None

    @staticmethod
    def _label(row: ProjectRow) -> str:
        return for_display(row.name or row.id)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not index.isValid():
            return False
        key = COLUMNS[index.column()]
        if key not in CHECK_COLUMNS or self._read_only or not 0 <= index.row() < len(self._rows):
            return False
        on = check_value(value)
        if on is None:
            return False
        row = self._rows[index.row()]
        if bool(getattr(row, key)) == on:
            return True
        setattr(row, key, on)
        self._changed(index.row(), index.column())
        self.toggleRequested.emit(row.id, key, on)
        return True

    # ------------------------------------------------------------------ updates
    def set_read_only(self, read_only: bool) -> None:
        if read_only == self._read_only:
            return
        self._read_only = read_only
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, len(COLUMNS) - 1))

    @property
    def read_only(self) -> bool:
        return self._read_only

    def rows(self) -> list[ProjectRow]:
        return [replace(r) for r in self._rows]

    def row_of(self, project_id: str) -> int:
        return self._index.get(project_id, -1)

    def project(self, row: int) -> ProjectRow:
        return replace(self._rows[row])

    def set_flag(self, project_id: str, key: str, value: bool) -> bool:
        """Set one switch of one row (a revert after a failed write, or a confirmed value)."""
        row = self.row_of(project_id)
        if row < 0 or key not in CHECK_COLUMNS:
            return False
        if bool(getattr(self._rows[row], key)) != value:
            setattr(self._rows[row], key, value)
            self._changed(row, COL[key])
        return True

    def update_row(self, new: ProjectRow) -> None:
        """Replace one row's values (by id), adding it if it is new."""
        row = self.row_of(new.id)
        if row < 0:
            self._append([replace(new)])
            return
        if self._rows[row] != new:
            self._rows[row] = replace(new)
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def set_rows(self, rows: list[ProjectRow]) -> None:
        """Bring the model to ``rows`` with removals, in-place changes and appends (no reset)."""
        wanted = {r.id: r for r in rows}
        # Remove vanished rows, bottom-up, in contiguous runs.
        gone = sorted((i for i, r in enumerate(self._rows) if r.id not in wanted), reverse=True)
        while gone:
            last = gone.pop(0)
            first = last
            while gone and gone[0] == first - 1:
                first = gone.pop(0)
            self.beginRemoveRows(QModelIndex(), first, last)
            del self._rows[first : last + 1]
            self.endRemoveRows()
        self._reindex()
        # Change the rows that stay; one signal for their span (one per row re-sorted the proxy per
        # row), over the columns that changed: counts alone (a writer's usual change) leave the
        # other columns out, so a proxy sorted by one of those need not re-sort
        changed: list[int] = []
        counts_only = True
        for i, r in enumerate(self._rows):
            new = wanted.pop(r.id)
            if new != r:
                counts_only = counts_only and replace(r, **_counts_of(new)) == new
                self._rows[i] = replace(new)
                changed.append(i)
        if changed:
            first = COL["preferences"] if counts_only else 0
            self.dataChanged.emit(self.index(changed[0], first), self.index(changed[-1], len(COLUMNS) - 1))
        # Append the new ones in the order given.
        if wanted:
            self._append([replace(r) for r in rows if r.id in wanted])

    def _append(self, rows: list[ProjectRow]) -> None:
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        self._rows.extend(rows)
        self._reindex()
        self.endInsertRows()

    def _reindex(self) -> None:
        self._index = {r.id: i for i, r in enumerate(self._rows)}

    def _changed(self, row: int, column: int) -> None:
        index = self.index(row, column)
        self.dataChanged.emit(index, index)


class ProjectsFilterProxy(QSortFilterProxyModel):
    """Keeps the rows whose name or id contains every word of the filter (case-insensitive);
    sorts by :data:`SORT_ROLE`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    @property
    def filter_text(self) -> str:
        return " ".join(self._words)

    def set_filter_text(self, text: str) -> None:
        words = text.casefold().split()
        if words == self._words:
            return
        self.beginFilterChange()
        self._words = words
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._words:
            return True
        model = self.sourceModel()
        index = model.index(source_row, COL["name"], source_parent)
        hay = f"{index.data(NAME_ROLE) or ''}\n{index.data(ID_ROLE) or ''}".casefold()
        return all(word in hay for word in self._words)

    def multiData(self, index: Index, span: QModelRoleDataSpan | QModelRoleData) -> None:
        """The roles a painted cell asks for at once (seven), read from the model in Python: Qt's
        own would call into Python twice per role (the model's index, then its data)."""
        model = self.sourceModel()
        if not isinstance(model, ProjectsModel):
            super().multiData(index, span)
            return
        source = self.mapToSource(index)
        for slot in span:  # type: ignore[union-attr]
            value = model.data(source, slot.role())
            if value is None:
                slot.clearData()
            else:
                slot.setData(value)

    @staticmethod
    def _tie_key(index: Index) -> str:
        model = index.model()
        name = model.index(index.row(), COL["name"], index.parent()).data(SORT_ROLE)
        return f"{name}\n{index.data(ID_ROLE)}"

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if a == b:  # a stable, meaningful tie-break: by name, then id
            return self._tie_key(left) < self._tie_key(right)
        if a is None or b is None:
            return a is None and b is not None
        return bool(a < b)


__all__ = [
    "CHECK_COLUMNS",
    "COL",
    "COLUMNS",
    "ID_ROLE",
    "NAME_ROLE",
    "SORT_ROLE",
    "ProjectsFilterProxy",
    "ProjectsModel",
    "local_time",
]

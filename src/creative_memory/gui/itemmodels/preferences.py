"""The Inspector's table model: a window of preference rows (filtered and sorted in SQL, paged
by keyset: :mod:`~creative_memory.gui.itemmodels.preference_window`) shown cell by cell.

Names (type, pattern, the project of the scope) are untrusted text: a cell shows their readable
form with controls made visible and right-to-left text isolated (:func:`shown_name`); the stored
name is in the tooltip and under :data:`RAW_ROLE`.
"""

from __future__ import annotations

import logging
from typing import Any, Final

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
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
from creative_memory.gui.itemmodels.preference_window import PAGE_SIZE, WINDOW_PAGES, PreferenceWindow
from creative_memory.gui.widgets.strength import STRENGTH_ROLE
from creative_memory.services.inspection.inspector_query import (
    R_INJECTED,
    R_STATUS,
    SORT_INDEX,
    InspectorRow,
    PreferenceKey,
    key_of,
)
from creative_memory.services.inspection.queries import PrefFilter

log = logging.getLogger("cm.gui")

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
#: the roles :meth:`PreferenceTableModel.data` answers (None for every other role)
_ANSWERED: Final = frozenset(
    {_DISPLAY, _ACCESSIBLE_TEXT, _ALIGNMENT, _FOREGROUND, _STRENGTH, _TOOLTIP, _KEY, _RAW}
)
_ROW_FLAGS: Final = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
)
_NO_FLAGS: Final = Qt.ItemFlag.NoItemFlags
_ALIGN_LEFT: Final = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
_ALIGN_RIGHT: Final = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)


class PreferenceTableModel(PreferenceWindow):
    """Preferences of the controller's user, as the filter and sort order ask: a window of pages
    read from SQL (:class:`~.preference_window.PreferenceWindow`), shown cell by cell."""

    def __init__(
        self,
        ctrl: Controller,
        parent: QObject | None = None,
        *,
        page_size: int = PAGE_SIZE,
        window_pages: int = WINDOW_PAGES,
        flt: PrefFilter | None = None,
    ) -> None:
        super().__init__(ctrl, parent, page_size=page_size, window_pages=window_pages, flt=flt)
        self.cells = CellText()
        self._formatters = self.cells.formatters
        self._faint = QColor(QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Server-side sort: reload ordered by the column (then by id, for a total order)."""
        if not 0 <= column < len(COLUMNS):
            return
        self.set_sort(COLUMNS[column].sort, order == Qt.SortOrder.DescendingOrder)

    # ------------------------------------------------------------------ Qt model API
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
        if role not in _ANSWERED:  # most of the roles a painted cell is asked for (font, decoration …)
            return None
        r, c = index.row(), index.column()  # an invalid index is at row -1
        if r < 0 or c < 0 or r >= len(self._rows) or c >= len(COLUMNS):
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
    "WINDOW_PAGES",
    "PreferenceKey",
    "PreferenceTableModel",
    "column_for_sort",
    "column_of",
    "format_qdatetime",
    "format_time",
    "key_of",
]

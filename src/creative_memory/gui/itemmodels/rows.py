"""What a flat table of rows (one dict per row, columns by key) shares: the counts, finding the
row and column key of an index, and the flags. The recorded retrievals and activity pages
(:mod:`.paged`) and one retrieval's stage events (:mod:`.stage_events`) are such tables."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
Row = dict[str, Any]


class RowsTableModel(QAbstractTableModel):
    """Rows in :attr:`_rows`, columns as (key, header) in :attr:`columns`."""

    columns: tuple[tuple[str, str], ...] = ()
    _rows: list[Row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def cell(self, index: Index) -> tuple[Row, str] | None:
        """The row and the column key of a valid index of this table, else None."""
        if not index.isValid() or index.parent().isValid():
            return None
        r, c = index.row(), index.column()
        if not (0 <= r < len(self._rows) and 0 <= c < len(self.columns)):
            return None
        return self._rows[r], self.columns[c][0]

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

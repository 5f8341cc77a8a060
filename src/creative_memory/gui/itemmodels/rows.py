"""What a flat table of typed rows shares: the counts, finding the row and the column of an index,
and the flags. A row is a service's own value (a recorded retrieval, a stage event, an audit entry)
and a :class:`Column` reads what it shows from that value's attributes, so the type checker finds
every column of a renamed field. The recorded retrievals and activity pages (:mod:`.paged`) and one
retrieval's stage events (:mod:`.stage_events`) are such tables."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
RowT = TypeVar("RowT")


@dataclass(frozen=True)
class Column(Generic[RowT]):
    """One column: the key a model's display and tooltip overrides name it by, its header, and the
    value a row shows in it (shown as text, nothing for None, unless the model says otherwise)."""

    key: str
    header: str
    value: Callable[[RowT], object]


class RowsTableModel(QAbstractTableModel, Generic[RowT]):
    """Rows in :attr:`_rows`, columns in :attr:`columns`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns: tuple[Column[RowT], ...] = ()
        self._rows: list[RowT] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def cell(self, index: Index) -> tuple[RowT, Column[RowT]] | None:
        """The row and the column of a valid index of this table, else None."""
        if not index.isValid() or index.parent().isValid():
            return None
        r, c = index.row(), index.column()
        if not (0 <= r < len(self._rows) and 0 <= c < len(self.columns)):
            return None
        return self._rows[r], self.columns[c]

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren


def shown(value: object) -> str:
    """A column's value as a cell's text: nothing for None."""
    return "" if value is None else str(value)

"""The stage events of one recorded retrieval, as the Diagnostics tab lists them: in the engine's
order, each with the preference it names (readable and inert) and what happened, in a sentence."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QObject,
    Qt,
)

from creative_memory.gui.itemmodels.rows import Index, Row, RowsTableModel
from creative_memory.gui.visible import for_display, said, shown_id, shown_name, shown_pair
from creative_memory.services.retrieval.event_reasons import event_said


def pattern_of(event: Row) -> str:
    """ "airy spacing (layout), positive" from the event's preference key, or its ``pattern`` field
    (names readable and inert)."""
    key = event.get("preference_key")
    if isinstance(key, str) and key:
        parts = key.split("/")
        if len(parts) >= 4:
            scope = "/".join(parts[:-3])
            text = f"{shown_pair(parts[-3], parts[-2])}, {parts[-1]}"
            return text if scope == "global" else f"{text} · {shown_id(scope.replace(':', ' '))}"
        return shown_id(key)
    pattern = event.get("pattern")
    return shown_name(str(pattern)) if pattern else ""


_EVENT_BASE_KEYS = frozenset({"type", "stage", "trace", "preference_key"})


def event_details(event: Row) -> str:
    """The whole event as text: the plain sentence, the trace, then every other field on its own line."""
    lines = [said(event_said(event)), str(event.get("trace") or "")]
    key = event.get("preference_key")
    if key:
        lines.append(f"preference_key: {key}")
    for name in sorted(k for k in event if k not in _EVENT_BASE_KEYS):
        value = event[name]
        if isinstance(value, dict | list | tuple):
            value = json.dumps(value, ensure_ascii=False, sort_keys=True)
        lines.append(f"{name}: {value}")
    return for_display("\n".join(lines), isolate=False, keep_newlines=True)


class StageEventsModel(RowsTableModel):
    """The stage events of one retrieval, in the order the engine emitted them."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns = (
            ("n", self.tr("#")),
            ("stage", self.tr("Stage")),
            ("type", self.tr("Type")),
            ("pattern", self.tr("Pattern")),
            ("trace", self.tr("What happened")),
        )
        self._rows: list[Row] = []

    @property
    def events(self) -> list[Row]:
        return list(self._rows)

    def set_events(self, events: Sequence[Row]) -> None:
        self.beginResetModel()
        self._rows = [dict(e) for e in events]
        self.endResetModel()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        cell = self.cell(index)
        if cell is None:
            return None
        event, key = cell
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if key == "n":
                return str(index.row() + 1)
            if key == "pattern":
                return pattern_of(event)
            if key == "trace":
                return for_display(said(event_said(event)))
            return str(event.get(key) or "")
        if role == Qt.ItemDataRole.ToolTipRole:
            return event_details(event)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = Qt.AlignmentFlag.AlignRight if key == "n" else Qt.AlignmentFlag.AlignLeft
            return int(align | Qt.AlignmentFlag.AlignTop)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.columns):
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return self.columns[section][1]
            return None
        return super().headerData(section, orientation, role)


__all__ = ["StageEventsModel", "event_details", "pattern_of"]

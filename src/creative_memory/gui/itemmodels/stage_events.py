"""The stage events of one recorded retrieval, as the Diagnostics tab lists them: in the engine's
order, each with the preference it names (readable and inert) and what happened, in a sentence."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    Qt,
)

from creative_memory.gui.itemmodels.preference_columns import preference_sentence, scope_words
from creative_memory.gui.itemmodels.rows import Column, Index, RowsTableModel, shown
from creative_memory.gui.visible import for_display, said, shown_id, shown_name
from creative_memory.model.constants import project_of
from creative_memory.model.records import DiagEvent
from creative_memory.services.retrieval.event_reasons import event_said
from creative_memory.services.retrieval.labels import event_label, stage_label


def pattern_of(event: DiagEvent, names: Mapping[str, str] | None = None) -> str:
    """ "Prefers airy spacing (layout)" from the event's preference key, with "in Brand refresh
    only" for a project's (``names``: Open Design's project names), or its ``pattern`` field (names
    readable and inert)."""
    key = event.preference_key
    if key:
        parts = key.split("/")
        if len(parts) >= 4:
            scope = "/".join(parts[:-3])
            text = f"{preference_sentence(parts[-1], parts[-2])} ({shown_name(parts[-3])})"
            pid = project_of(scope)
            if pid is None:
                return text
            return f"{text} · {scope_words(pid, (names or {}).get(pid))}"
        return shown_id(key)
    pattern = event.fields.get("pattern")
    return shown_name(str(pattern)) if pattern else ""


def what_happened(event: DiagEvent, names: Mapping[str, str] | None = None) -> str:
    """The event in a plain sentence (translated; names inert; projects by ``names``)."""
    return for_display(said(event_said(event, names)))


_EVENT_BASE_KEYS = frozenset({"type", "stage", "trace", "preference_key"})


def event_details(event: DiagEvent, names: Mapping[str, str] | None = None) -> str:
    """The whole event as text: the plain sentence, then, under "Stored as", the trace and every
    other field on its own line, as recorded (for a reviewer)."""
    lines = [
        said(event_said(event, names)),
        "",
        QCoreApplication.translate("StageEventsModel", "Stored as:"),
        event.trace or "",
    ]
    if event.preference_key:
        lines.append(f"preference_key: {event.preference_key}")
    for name, value in sorted((k, v) for k, v in event.fields.items() if k not in _EVENT_BASE_KEYS):
        if isinstance(value, dict | list | tuple):
            value = json.dumps(value, ensure_ascii=False, sort_keys=True)
        lines.append(f"{name}: {value}")
    return for_display("\n".join(lines), isolate=False, keep_newlines=True)


class StageEventsModel(RowsTableModel[DiagEvent]):
    """The stage events of one retrieval, in the order the engine emitted them."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns = (
            Column[DiagEvent]("n", self.tr("#"), lambda _e: None),  # the row's number, from its index
            Column[DiagEvent]("stage", self.tr("Stage"), lambda e: said(stage_label(e.stage))),
            Column[DiagEvent]("type", self.tr("What"), lambda e: said(event_label(e.type))),
            Column[DiagEvent]("pattern", self.tr("Preference"), lambda e: pattern_of(e, self.project_names)),
            Column[DiagEvent](
                "trace", self.tr("What happened"), lambda e: what_happened(e, self.project_names)
            ),
        )
        #: Open Design's names of projects by id (a project's preference says "in Brand refresh only")
        self.project_names: dict[str, str] = {}

    @property
    def events(self) -> list[DiagEvent]:
        return list(self._rows)

    def set_events(self, events: Sequence[DiagEvent]) -> None:
        self.beginResetModel()
        self._rows = list(events)
        self.endResetModel()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        cell = self.cell(index)
        if cell is None:
            return None
        event, column = cell
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if column.key == "n":
                return str(index.row() + 1)
            return shown(column.value(event) or "")
        if role == Qt.ItemDataRole.ToolTipRole:
            if column.key == "stage":
                return self.tr("Stored as stage {code}").format(code=event.stage)
            if column.key == "type":
                return self.tr("Stored as {code}").format(code=event.type)
            return event_details(event, self.project_names)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = Qt.AlignmentFlag.AlignRight if column.key == "n" else Qt.AlignmentFlag.AlignLeft
            return int(align | Qt.AlignmentFlag.AlignTop)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.columns):
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return self.columns[section].header
            return None
        return super().headerData(section, orientation, role)


__all__ = ["StageEventsModel", "event_details", "pattern_of", "what_happened"]

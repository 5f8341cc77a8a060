"""Qt item models for the Diagnostics tab: the recorded retrievals (a :class:`PagedTableModel`) and
the stage events of the one selected.

The fetch functions (``fetch_retrievals`` …) run on the store thread and return plain dicts; the
export is :func:`creative_memory.services.list_export.export_retrievals`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    Qt,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.models.paged import Index, PagedTableModel, Row, local_time
from creative_memory.services import retrieval_log
from creative_memory.services.engine.block import human
from creative_memory.services.list_export import RetrievalFilter
from creative_memory.services.reasons import event_sentence, readable
from creative_memory.services.retrieval import describe_empty
from creative_memory.services.store import Store


def tr(text: str) -> str:
    return QCoreApplication.translate("Diagnostics", text)


# --------------------------------------------------------------------------- retrievals
def fetch_retrievals(
    store: Store, user_id: str, flt: RetrievalFilter, before_id: int | None, limit: int
) -> list[Row]:
    """One page of retrievals (store thread)."""
    return retrieval_log.retrieval_page(store, user_id, before_id=before_id, limit=limit, **flt.kwargs())


def fetch_retrieval_events(store: Store, retrieval_id: int) -> list[Row]:
    """The stage events of one retrieval, in order (store thread)."""
    return retrieval_log.load_retrieval_events(store, retrieval_id)




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
        name = self.project_names.get(project_id)
        return f"{name} ({project_id})" if name and name != project_id else project_id

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


# --------------------------------------------------------------------------- stage events
def pattern_of(event: Row) -> str:
    """"airy spacing (layout), positive" from the event's preference key, or its ``pattern`` field."""
    key = event.get("preference_key")
    if isinstance(key, str) and key:
        parts = key.split("/")
        if len(parts) >= 4:
            scope = "/".join(parts[:-3])
            text = f"{readable(parts[-3], parts[-2])}, {parts[-1]}"
            return text if scope == "global" else f"{text} · {scope.replace(':', ' ')}"
        return key
    pattern = event.get("pattern")
    return human(str(pattern)) if pattern else ""


_EVENT_BASE_KEYS = frozenset({"type", "stage", "trace", "preference_key"})


def event_details(event: Row) -> str:
    """The whole event as text: the plain sentence, the trace, then every other field on its own line."""
    lines = [event_sentence(event), str(event.get("trace") or "")]
    key = event.get("preference_key")
    if key:
        lines.append(f"preference_key: {key}")
    for name in sorted(k for k in event if k not in _EVENT_BASE_KEYS):
        value = event[name]
        if isinstance(value, dict | list | tuple):
            value = json.dumps(value, ensure_ascii=False, sort_keys=True)
        lines.append(f"{name}: {value}")
    return "\n".join(lines)


class StageEventsModel(QAbstractTableModel):
    """The stage events of one retrieval, in the order the engine emitted them."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns = (
            ("n", tr("#")),
            ("stage", tr("Stage")),
            ("type", tr("Type")),
            ("pattern", tr("Pattern")),
            ("trace", tr("What happened")),
        )
        self._events: list[Row] = []

    @property
    def events(self) -> list[Row]:
        return list(self._events)

    def set_events(self, events: Sequence[Row]) -> None:
        self.beginResetModel()
        self._events = [dict(e) for e in events]
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._events)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.parent().isValid():
            return None
        r, c = index.row(), index.column()
        if not (0 <= r < len(self._events) and 0 <= c < len(self.columns)):
            return None
        event = self._events[r]
        key = self.columns[c][0]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if key == "n":
                return str(r + 1)
            if key == "pattern":
                return pattern_of(event)
            if key == "trace":
                return event_sentence(event)
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

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren


__all__ = [
    "EVENT_TYPES",
    "RetrievalsModel",
    "StageEventsModel",
    "event_details",
    "fetch_retrieval_events",
    "fetch_retrievals",
    "pattern_of",
]

"""The Diagnostics tab's list of recorded retrievals (a :class:`PagedTableModel`); the stage events
of the one selected are :mod:`gui.itemmodels.stage_events`.

The fetch functions (``fetch_retrievals`` …) run on the store thread and return the services' own
values (:class:`RecordedRetrieval`, the engine's :class:`DiagEvent`); the export is :func:`creative_memory.services.transfer.list_export.export_retrievals`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QObject,
    Qt,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.paged import PagedTableModel, local_time
from creative_memory.gui.itemmodels.rows import Column
from creative_memory.gui.visible import QT_TRANSLATE_NOOP, project_shown, project_tip, said
from creative_memory.model.records import DiagEvent
from creative_memory.services.inspection import retrieval_log
from creative_memory.services.inspection.retrieval_log import RecordedRetrieval
from creative_memory.services.retrieval.labels import mode_label, origin_label
from creative_memory.services.retrieval.retrieval import explain_empty
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.list_export import RetrievalFilter


# --------------------------------------------------------------------------- retrievals
def fetch_retrievals(
    store: Store, user_id: str, flt: RetrievalFilter, before_id: int | None, limit: int
) -> list[RecordedRetrieval]:
    """One page of retrievals (store thread), the table's rows."""
    return retrieval_log.retrieval_page(store, user_id, before_id=before_id, limit=limit, **flt.kwargs())


def fetch_retrieval_events(store: Store, retrieval_id: int) -> list[DiagEvent]:
    """The stage events of one retrieval, in order (store thread): the engine's own events, the form
    a dry run's events are shown in too."""
    return retrieval_log.load_retrieval_events(store, retrieval_id)


#: diagnostic event types (engine notes), in stage order, with the label the filter shows (the
#: Diagnostics tab's RetrievalFilters translates it)
EVENT_TYPES: tuple[tuple[str, str], ...] = (
    ("temporary_conversation", QT_TRANSLATE_NOOP("RetrievalFilters", "Temporary conversation")),
    ("memory_disabled", QT_TRANSLATE_NOOP("RetrievalFilters", "Memory off")),
    ("memory_paused", QT_TRANSLATE_NOOP("RetrievalFilters", "Using paused")),
    ("project_memory_disabled", QT_TRANSLATE_NOOP("RetrievalFilters", "Project ignores memory")),
    ("project_override_suppression", QT_TRANSLATE_NOOP("RetrievalFilters", "Project override suppression")),
    ("below_threshold", QT_TRANSLATE_NOOP("RetrievalFilters", "Below threshold")),
    ("rated_not_relevant", QT_TRANSLATE_NOOP("RetrievalFilters", "Lowered here by a rating")),
    ("rated_too_much", QT_TRANSLATE_NOOP("RetrievalFilters", "Narrowed here by a rating")),
    ("hard_cap_applied", QT_TRANSLATE_NOOP("RetrievalFilters", "Hard cap applied")),
    ("diversity_ceiling_applied", QT_TRANSLATE_NOOP("RetrievalFilters", "Polarity ceiling applied")),
    ("diversity_backfill", QT_TRANSLATE_NOOP("RetrievalFilters", "Polarity backfill")),
    ("category_ceiling_applied", QT_TRANSLATE_NOOP("RetrievalFilters", "Category ceiling applied")),
    ("category_backfill", QT_TRANSLATE_NOOP("RetrievalFilters", "Category backfill")),
    ("token_budget_exceeded", QT_TRANSLATE_NOOP("RetrievalFilters", "Token budget exceeded")),
    ("kept", QT_TRANSLATE_NOOP("RetrievalFilters", "Kept")),
)

_EMPTY_SHORT = {
    "temporary_conversation": QT_TRANSLATE_NOOP("RetrievalsModel", "temporary"),
    "memory_disabled": QT_TRANSLATE_NOOP("RetrievalsModel", "memory off"),
    "memory_paused": QT_TRANSLATE_NOOP("RetrievalsModel", "paused"),
    "project_memory_disabled": QT_TRANSLATE_NOOP("RetrievalsModel", "project off"),
    "nothing_above_threshold": QT_TRANSLATE_NOOP("RetrievalsModel", "nothing eligible"),
}


Retrieval = RecordedRetrieval


class RetrievalsModel(PagedTableModel[Retrieval]):
    """Recorded retrievals, newest first, narrowed by a :class:`RetrievalFilter`."""

    def __init__(self, ctrl: Controller, parent: QObject | None = None) -> None:
        super().__init__(ctrl, parent)
        self.columns = (
            Column[Retrieval]("at", self.tr("Time"), lambda r: r.at),
            Column[Retrieval]("origin", self.tr("Origin"), lambda r: r.origin),
            Column[Retrieval]("project_id", self.tr("Project"), lambda r: r.project_id),
            Column[Retrieval]("mode", self.tr("Mode"), lambda r: r.mode),
            Column[Retrieval]("kept", self.tr("Kept +/−"), lambda r: (r.kept_positive, r.kept_negative)),
            Column[Retrieval]("tokens", self.tr("Tokens"), lambda r: r.tokens),
            Column[Retrieval]("duration_ms", self.tr("Duration"), lambda r: r.duration_ms),
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

    def fetcher(self) -> Callable[[int | None, int], list[Retrieval]]:
        store, user, flt = self.ctrl.store, self.ctrl.user, self._filter

        def fetch(before_id: int | None, limit: int) -> list[Retrieval]:
            return fetch_retrievals(store, user, flt, before_id, limit)

        return fetch

    def project_label(self, project_id: str | None) -> str:
        """The project by Open Design's name (shown inert); its id is in the tooltip."""
        if not project_id:
            return self.tr("(no project)")
        return project_shown(project_id, self.project_names.get(project_id))

    def display(self, row: Retrieval, column: Column[Retrieval]) -> str:
        if column.key == "at":
            return local_time(row.at)
        if column.key == "project_id":
            return self.project_label(row.project_id)
        if column.key == "origin":
            return said(origin_label(row.origin))
        if column.key == "mode":
            return said(mode_label(row.mode))
        if column.key == "kept":
            text = f"+{row.kept_positive} / −{row.kept_negative}"
            reason = row.empty_reason
            if reason:
                text += f"  ({self.tr(_EMPTY_SHORT.get(reason, reason))})"
            return text
        if column.key == "duration_ms":
            ms = float(row.duration_ms or 0.0)
            return f"{ms:.2f} ms" if ms < 100 else f"{ms:.0f} ms"
        return super().display(row, column)

    def tooltip(self, row: Retrieval, column: Column[Retrieval]) -> str | None:
        if column.key == "at":
            return row.at or ""
        if column.key == "project_id":
            return project_tip(row.project_id, self.project_names.get(row.project_id or "")) or None
        if column.key == "kept":
            lines = [
                self.tr("{pos} preferred, {neg} avoided ({high} high, {medium} medium)").format(
                    pos=row.kept_positive,
                    neg=row.kept_negative,
                    high=row.kept_high,
                    medium=row.kept_medium,
                )
            ]
            if row.empty_reason:
                lines.append(
                    said(
                        explain_empty(
                            row.empty_reason,
                            {
                                "project_id": row.project_id,
                                "project_name": self.project_names.get(row.project_id or ""),
                            },
                        )
                    )
                )
            return "\n".join(lines)
        if column.key == "tokens":
            return self.tr("Estimated tokens of the Creative memory block (4 characters a token)")
        return super().tooltip(row, column)

    def alignment(self, key: str) -> Qt.AlignmentFlag | None:
        if key in ("tokens", "duration_ms"):
            return Qt.AlignmentFlag.AlignRight
        return None


__all__ = [
    "EVENT_TYPES",
    "RetrievalsModel",
    "fetch_retrieval_events",
    "fetch_retrievals",
]

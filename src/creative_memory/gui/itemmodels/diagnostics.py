"""The Diagnostics tab's list of recorded retrievals (a :class:`PagedTableModel`); the stage events
of the one selected are :mod:`gui.itemmodels.stage_events`.

The fetch functions (``fetch_retrievals`` …) run on the store thread and return plain dicts; the
export is :func:`creative_memory.services.transfer.list_export.export_retrievals`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QObject,
    Qt,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.paged import PagedTableModel, local_time
from creative_memory.gui.itemmodels.rows import Row
from creative_memory.gui.visible import QT_TRANSLATE_NOOP, said, shown_id
from creative_memory.services.inspection import retrieval_log
from creative_memory.services.retrieval.retrieval import explain_empty
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.list_export import RetrievalFilter


# --------------------------------------------------------------------------- retrievals
def fetch_retrievals(
    store: Store, user_id: str, flt: RetrievalFilter, before_id: int | None, limit: int
) -> list[Row]:
    """One page of retrievals (store thread), as the table's rows."""
    page = retrieval_log.retrieval_page(store, user_id, before_id=before_id, limit=limit, **flt.kwargs())
    return [r.as_json() for r in page]


def fetch_retrieval_events(store: Store, retrieval_id: int) -> list[Row]:
    """The stage events of one retrieval, in order (store thread), as the table's rows (the form a
    dry run's events are shown in too)."""
    return [e.as_json() for e in retrieval_log.load_retrieval_events(store, retrieval_id)]


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


class RetrievalsModel(PagedTableModel):
    """Recorded retrievals, newest first, narrowed by a :class:`RetrievalFilter`."""

    def __init__(self, ctrl: Controller, parent: QObject | None = None) -> None:
        super().__init__(ctrl, parent)
        self.columns = (
            ("at", self.tr("Time")),
            ("origin", self.tr("Origin")),
            ("project_id", self.tr("Project")),
            ("mode", self.tr("Mode")),
            ("kept", self.tr("Kept +/−")),
            ("tokens", self.tr("Tokens")),
            ("duration_ms", self.tr("Duration")),
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
            return self.tr("(no project)")
        name = self.project_names.get(project_id)  # the daemon's names are untrusted text: shown inert
        return (
            f"{shown_id(name)} ({shown_id(project_id)})"
            if name and name != project_id
            else shown_id(project_id)
        )

    def display(self, row: Row, key: str) -> str:
        if key == "at":
            return local_time(row.get("at"))
        if key == "project_id":
            return self.project_label(row.get("project_id"))
        if key == "kept":
            text = f"+{row.get('kept_positive', 0)} / −{row.get('kept_negative', 0)}"
            reason = row.get("empty_reason")
            if reason:
                text += f"  ({self.tr(_EMPTY_SHORT.get(str(reason), str(reason)))})"
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
                self.tr("{pos} preferred, {neg} avoided ({high} high, {medium} medium)").format(
                    pos=row.get("kept_positive", 0),
                    neg=row.get("kept_negative", 0),
                    high=row.get("kept_high", 0),
                    medium=row.get("kept_medium", 0),
                )
            ]
            if row.get("empty_reason"):
                lines.append(said(explain_empty(row["empty_reason"], {"project_id": row.get("project_id")})))
            return "\n".join(lines)
        if key == "tokens":
            return self.tr("Estimated tokens of the Creative memory block (4 characters a token)")
        return super().tooltip(row, key)

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

"""The Inspector's list of the events that built a preference, newest first: when, which signal
(a rating of an injection in words), its polarity, its project by name and its session by its place
in the list; the stored ids and what the event's page showed are in the tooltips. Names are
untrusted text, shown readable (:mod:`gui.visible`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from creative_memory.gui.itemmodels.preferences import format_time
from creative_memory.gui.tabs.inspector.controls import named
from creative_memory.gui.tabs.inspector.fields import format_iso
from creative_memory.gui.visible import (
    for_display,
    project_shown,
    project_tip,
    said,
    shown_id,
    shown_name,
    stored_name,
)
from creative_memory.services.inspection.explain import ExplainedEvent
from creative_memory.services.retrieval.labels import signal_label

#: the events list keeps each event's stored session id under this role (column 4)
SESSION_ROLE = Qt.ItemDataRole.UserRole + 71
#: at most this many events are listed (the newest); the heading says how many there are
EVENTS_SHOWN = 500


class EventList(QTreeWidget):
    """The events of one preference. ``word`` says a polarity in the window's language, ``name_of``
    a project's name in Open Design (None: it has none)."""

    def __init__(
        self, parent: QWidget, word: Callable[[str], str], name_of: Callable[[str], str | None]
    ) -> None:
        super().__init__(parent)
        self._word = word
        self._name_of = name_of
        self.setObjectName("detail_events")
        named(
            self,
            self.tr("Events that built it"),
            self.tr("The raw signals that name this pattern in this scope, newest first"),
        )
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setHeaderLabels(
            [self.tr("Time"), self.tr("Signal"), self.tr("Polarity"), self.tr("Project"), self.tr("Session")]
        )
        fm = self.fontMetrics()
        ew = fm.averageCharWidth()
        samples = (
            format_time(1_798_761_540_000),
            "manual refinement (too noisy)",
            max((word("positive"), word("negative")), key=fm.horizontalAdvance),
            "p_conference_poster",
            "s_00000",
        )
        for i, sample in enumerate(samples):
            self.header().resizeSection(i, fm.horizontalAdvance(sample) + ew * 3)

    def fill(self, events: Sequence[ExplainedEvent]) -> None:
        """The newest :data:`EVENTS_SHOWN` events, newest first."""
        shown = list(events)[-EVENTS_SHOWN:][::-1]
        self.setUpdatesEnabled(False)
        try:
            self.clear()
            # a session by its place in this list ("session 1" is the newest's): the id is in the tooltip
            numbers: dict[str, int] = {}
            for e in shown:
                if e.session_id:
                    numbers.setdefault(e.session_id, len(numbers) + 1)
            self.addTopLevelItems([self._item(e, numbers) for e in shown])
        finally:
            self.setUpdatesEnabled(True)

    def _item(self, e: ExplainedEvent, numbers: Mapping[str, int]) -> QTreeWidgetItem:
        tag = f" ({shown_name(e.tag)})" if e.tag else ""
        signal = self._rated(e.rating) if e.rating else said(signal_label(e.signal_type)) + tag
        name = self._name_of(e.project_id) if e.project_id else None
        item = QTreeWidgetItem(
            [
                format_iso(e.at),
                signal,
                self._word(e.polarity),
                project_shown(e.project_id, name) if e.project_id else self.tr("no project"),
                self.tr("session {n}").format(n=numbers[e.session_id]) if e.session_id else "",
            ]
        )
        if e.session_id:
            item.setToolTip(4, self.tr("Stored as session {id}").format(id=shown_id(e.session_id)))
        item.setData(4, SESSION_ROLE, e.session_id or None)
        item.setToolTip(0, e.at)
        tip = self.tr("Event {id} from {source}").format(id=stored_name(e.event_id), source=e.source)
        if e.because:
            tip += "\n" + self.tr("Its page showed: {because}").format(because=for_display(e.because))
        item.setToolTip(1, tip)
        if e.project_id:
            item.setToolTip(3, project_tip(e.project_id, name))
        return item

    def _rated(self, outcome: str) -> str:
        """A rating of an injection in words (decision 0088)."""
        words = {
            "helped": self.tr("rated: helped"),
            "too_much": self.tr("rated: too much"),
            "not_relevant": self.tr("rated: not relevant here"),
            "missed": self.tr("rated: missed"),
        }
        return words.get(outcome, self.tr("rated"))

    def selected_session(self) -> str | None:
        """The stored session id of the current event (not its shown form), if it has one."""
        item = self.currentItem()
        raw = item.data(4, SESSION_ROLE) if item is not None else None
        return str(raw) if raw else None

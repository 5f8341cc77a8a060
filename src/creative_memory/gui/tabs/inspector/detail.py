"""The Inspector's detail pane: the current preference's fields, the sentence about the last
injection, the strength-over-time chart and the events that built it.

:class:`DetailPane` is a widget of its own: the tab asks it to load a key (``load``) or to show
nothing, and it says what it shows with :attr:`DetailPane.shown` and asks for a session to be
forgotten with :attr:`DetailPane.forgetSessionAsked`. The explanation is loaded by
``services.inspection.explain.load_explain`` on the store thread.
Names are untrusted text: the title, the fields and the event list show them readable, with
controls visible and right-to-left text isolated (:mod:`gui.visible`), and the stored spelling
beside them for reviewers.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QFont, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.icons import icon
from creative_memory.gui.itemmodels.preference_columns import preference_sentence, scope_words
from creative_memory.gui.itemmodels.preferences import (
    PreferenceKey,
    PreferenceTableModel,
)
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.tabs.inspector.controls import named
from creative_memory.gui.tabs.inspector.event_list import EVENTS_SHOWN, SESSION_ROLE, EventList
from creative_memory.gui.tabs.inspector.fields import (
    field_text,
    field_titles,
    format_iso,
    record_fields,
    retrieval_sentence,
    when_ms,
)
from creative_memory.gui.visible import (
    for_display,
    project_tip,
    shown_name,
    stored_name,
)
from creative_memory.gui.visible import number as _n
from creative_memory.gui.widgets.chart import StrengthChart
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.services.common.errors import InvalidInput, NotFound
from creative_memory.services.inspection.explain import ExplainedEvent, Explanation
from creative_memory.services.inspection.explain import load_explain as load_explanation
from creative_memory.services.store.store import Store

#: the fewest average characters a value keeps beside its label before labels go above the values
VALUE_CHARS = 24


class FieldsView(QTextBrowser):
    """The fields of a preference: label beside value, or, when the pane is too narrow for both
    (a 720 px window), each label above its value — a value squeezed beside its label broke mid-word."""

    def __init__(self, parent: QWidget, on_width: Callable[[], None]) -> None:
        super().__init__(parent)
        self._on_width = on_width

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._on_width()


def load_explain(store: Store, user_id: str, key: PreferenceKey, now: int | None = None) -> Explanation:
    return load_explanation(store, user_id, key.preference_type, key.pattern, key.project_id, now=now)


class DetailPane(QStackedWidget):
    """The detail pane of the Inspector: an empty state, or the current preference (:meth:`load`,
    :meth:`show_detail`)."""

    #: the pane now shows this key (None: nothing selected / gone)
    shown = Signal(object)
    #: Forget this session…: the stored id of the selected event's session
    forgetSessionAsked = Signal(str)

    def __init__(self, ctrl: Controller, model: PreferenceTableModel, parent: QWidget) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.model = model
        self._read_only = False
        self._detail_gen = 0
        self._detail_key: PreferenceKey | None = None
        self._detail_data: Explanation | None = None
        self.setObjectName("inspector_detail")
        self.setAccessibleName(self.tr("Details of the current preference"))
        self.detail_empty = EmptyState(
            self.tr(
                "Select a preference to see the events that built it, its strength over time and "
                "whether the last retrieval used it."
            ),
            "info",
            self,
        )
        self.detail_empty.setObjectName("inspector_detail_empty")
        self.addWidget(self.detail_empty)
        self.info_pane = self._build_info_pane(self)
        right = self._build_events_pane(self)

        self.detail_splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.detail_splitter.setObjectName("inspector_detail_splitter")
        self.detail_splitter.setChildrenCollapsible(False)
        self.detail_splitter.addWidget(self.info_pane)
        self.detail_splitter.addWidget(right)
        self.detail_splitter.setStretchFactor(0, 2)
        self.detail_splitter.setStretchFactor(1, 3)
        self.addWidget(self.detail_splitter)

    def _build_info_pane(self, host: QWidget) -> QWidget:
        """Left: the title, the sentence about the last injection, every field."""
        info = QWidget(host)
        info_layout = QVBoxLayout(info)
        self.detail_title = QLabel(info)
        self.detail_title.setObjectName("detail_title")
        title_font = QFont(self.font())
        title_font.setBold(True)
        if title_font.pointSizeF() > 0:
            title_font.setPointSizeF(title_font.pointSizeF() * 1.2)
        self.detail_title.setFont(title_font)
        self.detail_title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail_title.setWordWrap(True)
        self.detail_title.setAccessibleName(self.tr("Pattern"))
        self.detail_subtitle = QLabel(info)
        self.detail_subtitle.setObjectName("detail_subtitle")
        self.detail_subtitle.setWordWrap(True)
        self.detail_subtitle.setAccessibleName(self.tr("Type, scope and polarity"))
        self.retrieval_label = QLabel(info)
        self.retrieval_label.setObjectName("retrieval_sentence")
        self.retrieval_label.setWordWrap(True)
        self.retrieval_label.setTextFormat(Qt.TextFormat.PlainText)
        self.retrieval_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.retrieval_label.setAccessibleName(self.tr("Last retrieval"))
        self.retrieval_label.setToolTip(
            self.tr("Whether the last recorded retrieval injected this preference, and why")
        )

        # For a preference learned from pages: what the extractor saw, in words (hidden otherwise).
        self.pages_label = QLabel(info)
        self.pages_label.setObjectName("pages_sentence")
        self.pages_label.setWordWrap(True)
        self.pages_label.setTextFormat(Qt.TextFormat.PlainText)
        self.pages_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pages_label.setAccessibleName(self.tr("Learned from pages"))
        self.pages_label.setToolTip(self.tr("What Open Design's pages showed about this preference"))
        self.pages_label.hide()

        # Every field, as a two-column table in a read-only text view: it wraps, scrolls and can
        # be selected and copied.
        self.fields_view = FieldsView(info, self._fields_width_changed)
        self._fields_stacked: bool | None = None
        self.fields_view.setObjectName("detail_fields")
        self.fields_view.setOpenLinks(False)
        self.fields_view.setFrameShape(QFrame.Shape.NoFrame)
        self.fields_view.viewport().setAutoFillBackground(False)
        named(self.fields_view, self.tr("Fields"), self.tr("Every stored field of this preference"))
        self.field_values: dict[str, str] = {}
        info_layout.setContentsMargins(0, 0, 0, 0)
        info_layout.addWidget(self.detail_title)
        info_layout.addWidget(self.detail_subtitle)
        info_layout.addWidget(self.retrieval_label)
        info_layout.addWidget(self.pages_label)
        info_layout.addWidget(self.fields_view, 1)
        info.setMinimumWidth(self.fontMetrics().averageCharWidth() * 30)
        return info

    def _build_events_pane(self, host: QWidget) -> QWidget:
        """Right: the strength chart, the events that built the preference, Forget this session."""
        right = QWidget(host)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self.chart_heading = QLabel(self.tr("Strength over time"), right)
        self.chart_heading.setObjectName("chart_heading")
        self.chart = StrengthChart(right)
        self.events_heading = QLabel(self.tr("Events that built it"), right)
        self.events_heading.setObjectName("events_heading")
        self.events_view = EventList(right, self.model.word, lambda pid: self.model.cells.names.get(pid))
        right_layout.addWidget(self.chart_heading)
        right_layout.addWidget(self.chart, 2)
        self.forget_session_button = QToolButton(right)
        self.forget_session_button.setObjectName("forget_session")
        self.forget_session_button.setText(self.tr("Forget this &session…"))
        self.forget_session_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.forget_session_button.setIcon(icon("forget"))
        named(
            self.forget_session_button,
            self.tr("Forget this session"),
            self.tr("Erase every event of the selected event's generation session and what it taught"),
        )
        self.forget_session_button.setEnabled(False)
        self.forget_session_button.clicked.connect(self._forget_session_clicked)
        # the same from the events list's context menu (Menu key, Shift+F10), with Copy
        self.forget_session_action = QAction(
            icon("forget"), self.tr("Forget this session…"), self.events_view
        )
        self.forget_session_action.setObjectName("forget_session_action")
        self.forget_session_action.setEnabled(False)
        self.forget_session_action.triggered.connect(self.forget_session_button.click)
        add_context_actions(self.events_view, [self.forget_session_action])
        self.events_view.currentItemChanged.connect(lambda *_: self._update_session_button())
        heading_row = QHBoxLayout()
        heading_row.addWidget(self.events_heading, 1)
        heading_row.addWidget(self.forget_session_button)
        right_layout.addLayout(heading_row)
        right_layout.addWidget(self.events_view, 3)
        return right

    def _field_titles(self) -> dict[str, str]:
        return field_titles()

    def show_nothing(self) -> None:
        self._detail_gen += 1
        self._detail_key = None
        self._detail_data = None
        self.chart.clear()
        self.events_view.clear()
        self.setCurrentWidget(self.detail_empty)
        self.shown.emit(None)

    async def load(self, key: PreferenceKey, current: Callable[[], PreferenceKey | None]) -> None:
        """Read ``key``'s explanation and show it, if ``current()`` is still ``key`` by then and no
        later load or :meth:`show_nothing` came first."""
        self._detail_gen += 1
        gen = self._detail_gen
        unreadable: str | None = None
        known: dict[str, object] | None = None
        try:
            data = await self.ctrl.run(load_explain, self.ctrl.store, self.ctrl.user, key, self.ctrl.now())
        except NotFound:
            if gen == self._detail_gen:
                self.show_nothing()
            return
        except InvalidInput as exc:
            # A name an older version stored that today's name rules refuse (a control or direction
            # character): show what the table holds and say why the rest cannot be read.
            known, unreadable = self._unreadable(key, str(exc))
            data = Explanation(
                preference=None,
                records=[],
                events=[],
                history=[],
                last_retrieval=None,
                project_name=None,
                why="",
            )
        if gen != self._detail_gen or key != current():
            return
        self.show_detail(key, data, unreadable, known)

    def _unreadable(self, key: PreferenceKey, why: str) -> tuple[dict[str, object], str]:
        """The fields the table row holds, and the sentence that says why the rest cannot be read."""
        row = self.model.row_at(self.model.rows_of_keys({key}).get(key, -1))
        known: dict[str, object] = {
            "scope": key.scope,
            "project_id": key.project_id,
            "preference_type": key.preference_type,
            "pattern": key.pattern,
            "polarity": key.polarity,
        }
        if row is not None:
            known.update(
                strength=row.strength,
                confidence=row.confidence,
                status=row.status,
                accept_count=row.accept_count,
                reject_count=row.reject_count,
                id=row.id,
            )
        sentence = self.tr(
            "The details of this preference cannot be read: {why} Forget it, or rebuild "
            "memory from the events (Overview)."
        ).format(why=why)
        return known, sentence

    def show_detail(
        self,
        key: PreferenceKey,
        data: Explanation,
        unreadable: str | None = None,
        known: Mapping[str, object] | None = None,
    ) -> None:
        """Show ``data`` for ``key``; when it could not be read, ``unreadable`` says why and
        ``known`` holds the fields the table row still tells."""
        self._detail_key = key
        self._detail_data = data
        records = data.records
        rec = next((r for r in records if r.polarity == key.polarity), data.preference)
        fields = (
            record_fields(rec, data.project_name)
            if rec is not None
            else {**(known or {}), "project_id": key.project_id, "project_name": data.project_name}
        )
        scope_text = scope_words(key.project_id, data.project_name)
        self.detail_title.setText(preference_sentence(key.polarity, key.pattern))
        self.detail_title.setToolTip(
            self.tr("Stored as {type} · {pattern} · {polarity}").format(
                type=stored_name(key.preference_type), pattern=stored_name(key.pattern), polarity=key.polarity
            )
        )
        self.detail_subtitle.setText(
            self.tr("{type} · {scope}").format(type=shown_name(key.preference_type), scope=scope_text)
        )
        self.detail_subtitle.setToolTip(
            project_tip(key.project_id, data.project_name)
            or self.tr("Type stored as {raw}").format(raw=stored_name(key.preference_type))
        )
        self.retrieval_label.setText(
            for_display(unreadable)
            if unreadable
            else retrieval_sentence(data.last_retrieval, key.project_id, data.project_name)
        )
        self.retrieval_label.setAccessibleDescription(self.retrieval_label.text())
        if data.from_pages:
            self.pages_label.setText(
                self.tr("From pages: {evidence}").format(evidence=for_display(data.from_pages))
            )
            self.pages_label.setAccessibleDescription(self.pages_label.text())
        self.pages_label.setVisible(bool(data.from_pages))
        self.field_values = {name: self._field_text(name, fields) for name in self._field_titles()}
        self._render_fields()

        current = {r.polarity: r.strength for r in records}
        self.chart.set_history(data.history, now=self.ctrl.now(), current=current)
        self._fill_events(data.events)
        self.setCurrentWidget(self.detail_splitter)
        self.shown.emit(key)

    def _fill_events(self, events: list[ExplainedEvent]) -> None:
        self.events_view.fill(events)
        if len(events) > EVENTS_SHOWN:
            self.events_heading.setText(
                self.tr("Events that built it (newest {shown} of {n})").format(
                    shown=_n(EVENTS_SHOWN), n=_n(len(events))
                )
            )
        else:
            self.events_heading.setText(self.tr("Events that built it ({n})").format(n=_n(len(events))))

    def _fields_stack(self) -> bool:
        """Whether each label goes above its value: the widest label and a gap leave less than
        :data:`VALUE_CHARS` average characters for the values."""
        fm = self.fields_view.fontMetrics()
        titles = self._field_titles()
        label = max((fm.horizontalAdvance(titles[k]) for k in self.field_values), default=0) + fm.height()
        room = self.fields_view.viewport().width() - 2 * int(self.fields_view.document().documentMargin())
        return room - label < fm.averageCharWidth() * VALUE_CHARS

    def _fields_width_changed(self) -> None:
        if self.field_values and self._fields_stack() != self._fields_stacked:
            self._render_fields()

    def _render_fields(self) -> None:
        palette = self.fields_view.palette()
        faint = palette.color(QPalette.ColorRole.PlaceholderText).name()
        titles = self._field_titles()
        self._fields_stacked = stacked = self._fields_stack()
        if stacked:
            rows = "".join(
                f'<tr><td style="color:{faint};">{html.escape(titles[k])}</td></tr>'
                f'<tr><td style="padding-left:1em; padding-bottom:3px;">{html.escape(v)}</td></tr>'
                for k, v in self.field_values.items()
            )
        else:
            rows = "".join(
                f'<tr><td style="color:{faint}; padding-right:1em; white-space:nowrap;">{html.escape(titles[k])}</td>'
                f"<td>{html.escape(v)}</td></tr>"
                for k, v in self.field_values.items()
            )
        self.fields_view.setHtml(f'<table cellspacing="0" cellpadding="1">{rows}</table>')

    def _field_text(self, name: str, rec: Mapping[str, object]) -> str:
        return field_text(name, rec, self.model.word, format_iso)

    def detail_key(self) -> PreferenceKey | None:
        return self._detail_key

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and self.field_values:
            self._render_fields()  # the labels' faint colour is the palette's
        super().changeEvent(event)

    # ------------------------------------------------------------------ forget a session
    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        self._update_session_button()

    def selected_session(self) -> str | None:
        return self.events_view.selected_session()

    def _update_session_button(self) -> None:
        self.forget_session_button.setEnabled(not self._read_only and self.selected_session() is not None)
        self.forget_session_action.setEnabled(self.forget_session_button.isEnabled())

    def _forget_session_clicked(self) -> None:
        session_id = self.selected_session()
        if session_id is not None:
            self.forgetSessionAsked.emit(session_id)


__all__ = [
    "EVENTS_SHOWN",
    "SESSION_ROLE",
    "DetailPane",
    "format_iso",
    "load_explain",
    "retrieval_sentence",
    "when_ms",
]

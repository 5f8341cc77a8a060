"""Diagnostics: the preferences a retrieval used, each with Forget… and Show in Inspector at hand
(asked of the Inspector by signals the main window connects), and opening the tab on one retrieval
(``creative-memory --retrieval ID``, a memory note's link)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.preference_columns import (
    preference_sentence,
    scope_words,
    strength_words,
)
from creative_memory.gui.itemmodels.preferences import PreferenceKey
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.visible import shown_name
from creative_memory.model.records import DiagEvent

KEY_ROLE = Qt.ItemDataRole.UserRole + 61


def kept_keys(events: Sequence[DiagEvent]) -> list[tuple[PreferenceKey, DiagEvent]]:
    """The preferences a retrieval kept, from its ``kept`` stage events (in the engine's order)."""
    out = []
    for e in events:
        parts = (e.preference_key or "").split("/")
        if e.type == "kept" and len(parts) == 4:
            out.append((PreferenceKey(*parts), e))
    return out


def item_text(key: PreferenceKey, event: DiagEvent, names: Mapping[str, str] | None = None) -> str:
    """One line of the list ("Avoids drop shadows — layout, everywhere, strong"); the confidence
    tier (said as a strength) is a field the engine gives every ``kept`` event; ``names``: Open
    Design's project names."""
    tier = str(event.fields.get("confidence", ""))
    return QCoreApplication.translate("DiagnosticsKept", "{preference} — {type}, {where}, {strength}").format(
        preference=preference_sentence(key.polarity, key.pattern),
        type=shown_name(key.preference_type),
        where=scope_words(key.project_id, (names or {}).get(key.project_id or "")),
        strength=strength_words().get(tier, tier),
    )


class KeptPanel(QWidget):
    """A short list of what the shown retrieval put into the prompt; Show in Inspector and Forget…
    are asked of the Inspector through :attr:`showInInspector` and :attr:`forgetAsked`, which the
    main window connects."""

    #: Show in Inspector: the preference's key
    showInInspector = Signal(object)
    #: Forget…: the preference's key (the Inspector asks and erases; :meth:`set_busy` meanwhile)
    forgetAsked = Signal(object)

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.task_keeper = ctrl.keeper
        self.setObjectName("kept_panel")
        self._busy = False
        self.title = QLabel(self.tr("Used in this retrieval:"), self)
        self.list = QListWidget(self)
        self.list.setObjectName("kept_list")
        self.list.setAccessibleName(self.tr("Preferences used in this retrieval"))
        self.list.setToolTip(self.tr("The preferences this retrieval put into the prompt"))
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setMaximumHeight(self.fontMetrics().height() * 6)
        self.title.setBuddy(self.list)
        self.forget_button = QPushButton(self.tr("Forg&et…"), self)
        self.forget_button.setObjectName("kept_forget")
        self.forget_button.setToolTip(self.tr("Erase the selected preference and its evidence (asks first)"))
        self.show_button = QPushButton(self.tr("Show in &Inspector"), self)
        self.show_button.setObjectName("kept_show")
        self.show_button.setToolTip(self.tr("Open the Inspector on the selected preference"))
        buttons = QVBoxLayout()
        buttons.addWidget(self.forget_button)
        buttons.addWidget(self.show_button)
        buttons.addStretch(1)
        self._buttons = buttons
        #: Open Design's names of projects by id (set with the Diagnostics tab's projects)
        self.project_names: dict[str, str] = {}
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.list, 1)
        row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addLayout(row)
        self.forget_button.clicked.connect(self._on_forget)
        self.show_button.clicked.connect(self._on_show)
        # the same two from the list's context menu (Menu key, Shift+F10), with Copy
        self.forget_action = QAction(self.tr("Forget…"), self.list)
        self.forget_action.setObjectName("kept_forget_action")
        self.forget_action.triggered.connect(self.forget_button.click)
        self.show_action = QAction(self.tr("Show in Inspector"), self.list)
        self.show_action.setObjectName("kept_show_action")
        self.show_action.triggered.connect(self.show_button.click)
        add_context_actions(self.list, [self.show_action, self.forget_action])
        self.list.itemActivated.connect(self._on_show)
        self.list.currentRowChanged.connect(self._update_buttons)
        self.list.clear()
        self.setVisible(False)

    def add_button(self, button: QPushButton) -> None:
        """Another action on the selected preference, under Show in Inspector (rating it, from the
        tab's rating part)."""
        self._buttons.insertWidget(self._buttons.count() - 1, button)

    def _store_read_only(self) -> bool:
        store = self.ctrl.ctx.open_store  # never (re)open a store from a selection signal
        return store is None or store.read_only

    def set_events(self, events: Sequence[DiagEvent]) -> None:
        """The preferences ``events`` kept; the selected one stays selected when it is among them."""
        before = self.current_key()
        self.list.blockSignals(True)
        try:
            self.list.clear()
            current = 0
            for key, event in kept_keys(events):
                item = QListWidgetItem(item_text(key, event, self.project_names))
                strength = event.fields.get("strength")
                item.setToolTip(
                    self.tr("Stored as {key}, strength {strength}").format(
                        key="/".join(key),
                        strength=f"{float(strength):.2f}" if isinstance(strength, int | float) else "?",
                    )
                )
                item.setData(KEY_ROLE, "/".join(key))  # a Qt role keeps text, not a named tuple
                if key == before:
                    current = self.list.count()
                self.list.addItem(item)
            self.setVisible(self.list.count() > 0)
            if self.list.count():
                self.list.setCurrentRow(current)
        finally:
            self.list.blockSignals(False)
        self.list.currentRowChanged.emit(self.list.currentRow())
        self._update_buttons()

    @staticmethod
    def _key(item: QListWidgetItem | None) -> PreferenceKey | None:
        parts = str(item.data(KEY_ROLE) or "").split("/") if item is not None else []
        return PreferenceKey(*parts) if len(parts) == 4 else None

    def kept(self) -> list[PreferenceKey]:
        keys = (self._key(self.list.item(i)) for i in range(self.list.count()))
        return [k for k in keys if k is not None]

    def current_key(self) -> PreferenceKey | None:
        return self._key(self.list.currentItem())

    def _update_buttons(self) -> None:
        has = self.current_key() is not None
        self.forget_button.setEnabled(has and not self._busy and not self._store_read_only())
        self.show_button.setEnabled(has)
        self.forget_action.setEnabled(self.forget_button.isEnabled())
        self.show_action.setEnabled(has)

    def set_busy(self, busy: bool) -> None:
        """While a forget runs (the Inspector's, which this panel asks for), Forget… waits."""
        self._busy = busy
        self._update_buttons()

    # ------------------------------------------------------------------ asked of the Inspector
    def _on_show(self, *_args: Any) -> None:
        key = self.current_key()
        if key is not None:
            self.show_in_inspector(key)

    def show_in_inspector(self, key: PreferenceKey) -> None:
        """Ask for the Inspector, filtered to the pattern, with the preference selected."""
        self.showInInspector.emit(key)

    def _on_forget(self) -> None:
        key = self.current_key()
        if key is not None:
            self.forget(key)

    def forget(self, key: PreferenceKey) -> None:
        """Ask for the Inspector's Forget of this one preference: its dialog (where the pattern is
        remembered, how much is erased), the erasure and the receipt — without leaving this tab."""
        if not self._busy and not self._store_read_only():
            self.forgetAsked.emit(key)

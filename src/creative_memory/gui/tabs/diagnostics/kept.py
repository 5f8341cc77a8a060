"""Diagnostics: the preferences a retrieval used, each with Forget… and Show in Inspector at hand,
and opening the tab on one retrieval (``creative-memory --retrieval ID``, a memory note's link)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.preferences import PreferenceKey
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.visible import shown_id, shown_name
from creative_memory.services.forget.erasure import Receipt

if TYPE_CHECKING:
    from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab

KEY_ROLE = Qt.ItemDataRole.UserRole + 61


def kept_keys(events: list[dict[str, Any]]) -> list[tuple[PreferenceKey, dict[str, Any]]]:
    """The preferences a retrieval kept, from its ``kept`` stage events (in the engine's order)."""
    out = []
    for e in events:
        parts = str(e.get("preference_key") or "").split("/")
        if e.get("type") == "kept" and len(parts) == 4:
            out.append((PreferenceKey(*parts), e))
    return out


def item_text(key: PreferenceKey, event: dict[str, Any]) -> str:
    verb = QCoreApplication.translate("DiagnosticsKept", "Prefer") if key.polarity == "positive" else QCoreApplication.translate("DiagnosticsKept", "Avoid")
    where = QCoreApplication.translate("DiagnosticsKept", "global") if key.project_id is None else shown_id(key.project_id)
    strength = event.get("strength")
    amount = f"{float(strength):.2f}" if isinstance(strength, int | float) else "?"
    return QCoreApplication.translate("DiagnosticsKept", "{verb} {pattern} — {type}, {where}, {strength} {tier}").format(
        verb=verb,
        pattern=shown_name(key.pattern),
        type=shown_name(key.preference_type),
        where=where,
        strength=amount,
        tier=event.get("confidence", ""),
    )


class KeptPanel(QWidget):
    """A short list of what the shown retrieval put into the prompt."""

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

    def _store_read_only(self) -> bool:
        store = self.ctrl.ctx.open_store  # never (re)open a store from a selection signal
        return store is None or store.read_only

    def set_events(self, events: list[dict[str, Any]]) -> None:
        self.list.clear()
        for key, event in kept_keys(events):
            item = QListWidgetItem(item_text(key, event))
            item.setData(KEY_ROLE, "/".join(key))  # a Qt role keeps text, not a named tuple
            self.list.addItem(item)
        self.setVisible(self.list.count() > 0)
        if self.list.count():
            self.list.setCurrentRow(0)
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

    # ------------------------------------------------------------------ Show in Inspector
    def _host_tabs(self) -> QTabWidget | None:
        w = self.parentWidget()
        while w is not None and not isinstance(w, QTabWidget):
            w = w.parentWidget()
        return w

    @async_slot()
    async def _on_show(self) -> None:
        key = self.current_key()
        if key is not None:
            await self.show_in_inspector(key)

    def _page(self, name: str) -> QWidget | None:
        tabs = self._host_tabs()
        for i in range(tabs.count() if tabs is not None else 0):
            page = tabs.widget(i)  # type: ignore[union-attr]
            if page is not None and page.objectName() == name:
                return page
        return None

    async def show_in_inspector(self, key: PreferenceKey) -> bool:
        """Switch to the Inspector, filtered to the pattern, with the preference selected."""
        page = self._page("inspector")
        tabs = self._host_tabs()
        if page is None or tabs is None:
            return False
        tabs.setCurrentWidget(page)
        page.clear_filters()  # type: ignore[attr-defined]
        page.filter_edit.setText(key.pattern)  # type: ignore[attr-defined]
        page.filter_edit.flush()  # type: ignore[attr-defined]
        await page.refresh()  # type: ignore[attr-defined]
        found = bool(page.select_key(key))  # type: ignore[attr-defined]
        page.table.setFocus(Qt.FocusReason.OtherFocusReason)  # type: ignore[attr-defined]
        return found

    # ------------------------------------------------------------------ Forget
    @async_slot()
    async def _on_forget(self) -> None:
        key = self.current_key()
        if key is not None:
            await self.forget(key)

    async def forget(self, key: PreferenceKey) -> Receipt | None:
        """The Inspector's Forget for this one preference: its dialog (where the pattern is
        remembered, how much is erased), the erasure and the receipt — without leaving this tab."""
        inspector = self._page("inspector")
        if inspector is None or self._busy or self._store_read_only():
            return None
        self._busy = True
        self._update_buttons()
        try:
            receipt: Receipt | None = await inspector.forget_keys([key])  # type: ignore[attr-defined]
        finally:
            self._busy = False
            self._update_buttons()
        return receipt


async def open_retrieval(tab: DiagnosticsTab, retrieval_id: int) -> bool:
    """Show one retrieval in the Diagnostics tab (filters cleared), selected in the list.

    The list pages newest first: pages are loaded until the retrieval is among them. False (and a
    sentence in the tab) when the store has no such retrieval, e.g. once it was pruned.
    """
    tab.set_filter()
    await tab.refresh()
    model = tab.model
    while model.row_of_id(retrieval_id) < 0 and model.has_more():
        last = model.row_at(model.rowCount() - 1)
        if last is not None and int(last["id"]) < retrieval_id:
            break
        model.fetchMore(QModelIndex())
        while model.is_fetching():
            await asyncio.sleep(0.01)
    if tab.select_retrieval(retrieval_id):
        row = tab.selected_retrieval()
        if row is not None:
            # Selecting started a load of its events in a task: let it begin, then load them here
            # (the latest load wins), so they are shown when this returns.
            await asyncio.sleep(0)
            await tab.show_retrieval(row)
        tab.table.setFocus(Qt.FocusReason.OtherFocusReason)
        return True
    tab.message.setText(
        QCoreApplication.translate("DiagnosticsKept",
            "Retrieval #{id} is not in this store. Recorded retrievals are kept for the retention "
            "period, then deleted; the newest ones are listed below."
        ).format(id=retrieval_id)
    )
    tab.message.setVisible(True)
    return False


def attach(tab: DiagnosticsTab) -> KeptPanel:
    """Put the panel between the selected retrieval's summary and its stage events; it follows
    whatever the tab shows (a recorded retrieval or a dry run)."""
    panel = KeptPanel(tab.ctrl, tab)
    box = tab.summary.parentWidget()
    layout = box.layout() if box is not None else None
    assert isinstance(layout, QVBoxLayout)
    layout.insertWidget(layout.indexOf(tab.summary) + 1, panel)
    tab.events_model.modelReset.connect(lambda: panel.set_events(tab.events_model.events))
    tab.kept_panel = panel  # type: ignore[attr-defined]
    return panel


async def open_in_diagnostics(tabs: QTabWidget, retrieval_id: int) -> bool:
    """Make the Diagnostics tab current and show ``retrieval_id`` there."""
    for i in range(tabs.count()):
        page = tabs.widget(i)
        if page is not None and page.objectName() == "diagnostics":
            page.stale = False  # type: ignore[attr-defined]  # open_retrieval refreshes it once
            tabs.setCurrentIndex(i)
            return await open_retrieval(page, retrieval_id)  # type: ignore[arg-type]
    return False

"""The Overview tab: the master switch, pause/resume, where the store is, what is remembered, the
self-test, export/import, and the danger zone (reset).

The tab composes its parts and connects them: the cards (:mod:`.cards`, widgets that show what
they are given), placed in two columns when there is room and one otherwise, and the action parts
:class:`.actions.MemoryActions`, :class:`.transfer.TransferActions` and :class:`.reset.ResetActions`
(``QObject``s with the helpers they share in one :class:`.core.ActionSupport`), to which it connects
the cards' buttons. It reads what the cards show from the store and hands it to them; another switch
about memory (the memory notes) is put under the master switch with :meth:`OverviewTab.add_memory_switch`.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QScrollArea, QVBoxLayout, QWidget

from creative_memory.gui.controller import Controller
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.tabs.overview.cards import CountsCard, MemoryCard, StoreCard
from creative_memory.gui.tabs.overview.core import (
    ActionSupport,
    KeychainLine,
    keychain_status,
    overview_facts,
)
from creative_memory.gui.tabs.overview.tool_cards import DangerCard, SelfTestCard, TransferCard
from creative_memory.gui.visible import said
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.controls.status import MemoryStatus
from creative_memory.services.inspection.overview import OverviewFacts

if TYPE_CHECKING:
    from collections.abc import Callable

    from creative_memory.gui.tabs.overview.actions import MemoryActions
    from creative_memory.gui.tabs.overview.reset import ResetActions
    from creative_memory.gui.tabs.overview.transfer import TransferActions
    from creative_memory.services.demo.demo import DemoCounts
    from creative_memory.services.forget.erasure import Receipt
    from creative_memory.services.selftest import SelfTestReport
    from creative_memory.services.transfer.bundle import TransferResult


class OverviewTab(Tab):
    key = "overview"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._read_only_reason = ""
        self._status: MemoryStatus | None = None
        self._shared: bool | None = None  # whether the store file holds Open Design's tables
        #: another switch about memory under the master switch (the memory notes), once added
        self.notes_check: QWidget | None = None
        self._tooltips: dict[QWidget, str] = {}
        self._columns = 0
        self._column_layouts: list[QVBoxLayout] = []

        self.scroll_area = QScrollArea(self)
        self.scroll_area.setObjectName("overview_scroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.content = QWidget(self.scroll_area)
        self.content.setObjectName("overview_content")
        self.scroll_area.setWidget(self.content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll_area)

        self._build_cards()
        self.work = ActionSupport(ctrl, self)
        # The action parts are made when first used (their modules import the services they call)
        self._memory_actions: MemoryActions | None = None
        self._transfer_actions: TransferActions | None = None
        self._reset_actions: ResetActions | None = None
        self._keychain_available = False  # the system keychain holds the secret (the last refresh said)
        self._connect()
        self._show_location()

        self.grid = QGridLayout(self.content)
        em = self.fontMetrics().height()
        self.grid.setContentsMargins(em, em, em, em)
        self.grid.setHorizontalSpacing(em)
        self.grid.setVerticalSpacing(em)
        self._arrange(2)

        ctrl.statusChanged.connect(self._apply_status)
        if ctrl.status:
            self._apply_status(ctrl.status)

    def title(self) -> str:
        return self.tr("Overview")

    # ------------------------------------------------------------------ building
    def _build_cards(self) -> None:
        """The six cards, and their controls under the tab's names."""
        self.memory_box = memory = MemoryCard(self.content)
        self.switch, self.pause_button, self.resume_button = (
            memory.switch,
            memory.pause_button,
            memory.resume_button,
        )
        self.about_label, self.state_label = memory.about_label, memory.state_label
        self.counts_box = counts = CountsCard(self.content)
        self.count_labels, self.empty_hint = counts.count_labels, counts.empty_hint
        self.empty_text, self.demo_button = counts.empty_text, counts.demo_button
        self.store_box = store = StoreCard(self.content)
        self.location_label, self.rule_label = store.location_label, store.rule_label
        self.file_label, self.keychain_label = store.file_label, store.keychain_label
        self.open_folder_button, self.change_store_button = (
            store.open_folder_button,
            store.change_store_button,
        )
        self.move_store_button, self.store_notice = store.move_store_button, store.store_notice
        self.selftest_box = selftest = SelfTestCard(self.content)
        self.selftest_button, self.rebuild_button = selftest.selftest_button, selftest.rebuild_button
        self.selftest_summary, self.selftest_results = selftest.selftest_summary, selftest.selftest_results
        self.results_layout = selftest.results_layout
        self.transfer_box = transfer = TransferCard(self.content)
        self.export_button, self.encrypt_check = transfer.export_button, transfer.encrypt_check
        self.import_button, self.transfer_result = transfer.import_button, transfer.transfer_result
        self.report_button = transfer.report_button
        self.lift_button = transfer.lift_button
        self.danger_box = DangerCard(self.content)
        self.reset_button = self.danger_box.reset_button
        self.blocks_button = self.danger_box.blocks_button
        self.danger_box.restyle(self)

    @property
    def memory_actions(self) -> MemoryActions:
        """What the memory, store and self-test cards do (made on first use)."""
        if self._memory_actions is None:
            from creative_memory.gui.tabs.overview.actions import MemoryActions

            memory = MemoryActions(
                self.work, self.memory_box, self.counts_box, self.selftest_box, self.refresh
            )
            memory.statusChanged.connect(self._apply_status)
            self._memory_actions = memory
        return self._memory_actions

    @property
    def transfer_actions(self) -> TransferActions:
        """Export, import, lifting skips and the report (made on first use)."""
        if self._transfer_actions is None:
            from creative_memory.gui.tabs.overview.transfer import TransferActions

            self._transfer_actions = TransferActions(self.work, self.transfer_box, self.refresh)
            self._transfer_actions.keychain_available = self._keychain_available
        return self._transfer_actions

    @property
    def reset_actions(self) -> ResetActions:
        """Reset and the blocklist (made on first use)."""
        if self._reset_actions is None:
            from creative_memory.gui.tabs.overview.reset import ResetActions

            self._reset_actions = ResetActions(self.work, self.transfer_actions, self.refresh)
        return self._reset_actions

    def _on(self, part: str, slot: str) -> Callable[..., object]:
        """A button's slot: ``slot`` of the action part ``part`` (which takes no argument: a
        click's ``checked`` is not passed on), the part made when the button is first used."""

        def call(*_signal_args: object) -> object:
            return getattr(getattr(self, part), slot)()

        return call

    def _connect(self) -> None:
        memory, transfer, reset = "memory_actions", "transfer_actions", "reset_actions"
        self.switch.clicked.connect(self._on(memory, "switch_clicked"))
        self.pause_button.clicked.connect(self._on(memory, "pause_clicked"))
        self.resume_button.clicked.connect(self._on(memory, "resume_clicked"))
        self.demo_button.clicked.connect(self._on(memory, "demo_clicked"))
        self.open_folder_button.clicked.connect(self._on(memory, "open_folder"))
        self.change_store_button.clicked.connect(self._on(memory, "change_store_clicked"))
        self.move_store_button.clicked.connect(self._on(memory, "move_store_clicked"))
        self.selftest_button.clicked.connect(self._on(memory, "selftest_clicked"))
        self.rebuild_button.clicked.connect(self._on(memory, "rebuild_clicked"))
        self.export_button.clicked.connect(self._on(transfer, "export_clicked"))
        self.import_button.clicked.connect(self._on(transfer, "import_clicked"))
        self.lift_button.clicked.connect(self._on(transfer, "lift_clicked"))
        self.report_button.clicked.connect(self._on(transfer, "report_clicked"))
        self.reset_button.clicked.connect(self._on(reset, "reset_clicked"))
        self.blocks_button.clicked.connect(self._on(reset, "blocks_clicked"))

    def add_memory_switch(self, switch: QWidget) -> None:
        """Put another switch about memory (the memory notes) under the master switch's
        explanation; the keyboard reaches it after Resume."""
        self.memory_box.add_below(switch)
        self.notes_check = switch
        self._fix_tab_order()

    def _arrange(self, columns: int) -> None:
        """Two columns when there is room, one otherwise (the widgets keep their order)."""
        if columns == self._columns:
            return
        self._columns = columns
        boxes = (self.counts_box, self.store_box, self.selftest_box, self.transfer_box, self.danger_box)
        for box in (self.memory_box, *boxes):
            self.grid.removeWidget(box)
        for column in self._column_layouts:
            for box in boxes:
                column.removeWidget(box)
            self.grid.removeItem(column)
            column.deleteLater()
        em = self.fontMetrics().height()
        self.grid.addWidget(self.memory_box, 0, 0, 1, columns)
        groups = [boxes[:2], boxes[2:]] if columns == 2 else [boxes]
        self._column_layouts = []
        for i, group in enumerate(groups):
            column = QVBoxLayout()
            column.setSpacing(em)
            for box in group:
                column.addWidget(box)
            column.addStretch(1)
            self.grid.addLayout(column, 1, i)
            self.grid.setColumnStretch(i, 1)
            self._column_layouts.append(column)
        if columns == 1:
            self.grid.setColumnStretch(1, 0)
        self.grid.setRowStretch(1, 1)
        self._fix_tab_order()

    def _fix_tab_order(self) -> None:
        order: list[QWidget] = [
            self.switch,
            self.pause_button,
            self.resume_button,
            self.demo_button,
            self.open_folder_button,
            self.change_store_button,
            self.move_store_button,
            self.selftest_button,
            self.rebuild_button,
            self.export_button,
            self.encrypt_check,
            self.import_button,
            self.lift_button,
            self.reset_button,
            self.blocks_button,
        ]
        if self.notes_check is not None:  # the memory-notes switch, under the master switch
            order.insert(order.index(self.resume_button) + 1, self.notes_check)
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        wide = self.width() >= self.fontMetrics().averageCharWidth() * 120
        self._arrange(2 if wide else 1)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange) and hasattr(
            self, "danger_box"
        ):
            self.danger_box.restyle(self)

    # ------------------------------------------------------------------ read-only
    def writing_controls(self) -> list[QWidget]:
        return [
            self.switch,
            self.pause_button,
            self.resume_button,
            self.selftest_button,
            self.import_button,
            self.lift_button,
            self.reset_button,
            self.demo_button,
            self.rebuild_button,
        ]

    def set_read_only(self, read_only: bool) -> None:
        self.work.read_only = read_only
        self._show_location()  # called whenever a store is (re)opened
        try:
            self._read_only_reason = self.ctrl.store.read_only_reason or ""
        except CreativeMemoryError:
            self._read_only_reason = ""
        why = self.tr("This store is read-only, so this cannot be changed: {reason}").format(
            reason=self._read_only_reason or self.tr("no change can be made.")
        )
        for widget in self.writing_controls():
            if widget not in self._tooltips:
                self._tooltips[widget] = widget.toolTip()
            widget.setEnabled(not read_only)
            widget.setToolTip(why if read_only else self._tooltips[widget])
        self._show_store_state()

    # ------------------------------------------------------------------ showing
    def _show_location(self) -> None:
        dd = self.ctrl.ctx.data_dir
        self.store_box.show_location(
            dd.path, said(dd.how_sentence()), legacy=dd.legacy, notes=list(self.ctrl.ctx.notes)
        )

    def _show_store_state(self) -> None:
        try:
            store = self.ctrl.store
        except CreativeMemoryError as exc:
            self.store_box.show_store_error(str(exc))
            return
        self.store_box.show_store(
            store.path,
            read_only_reason=(store.read_only_reason or "") if store.read_only else None,
            demo=self.ctrl.ctx.data_dir.rule == "demo",
            shared=self._shared,
        )

    def _apply_status(self, status: MemoryStatus | None) -> None:
        if status is None:
            return
        self._status = status
        self.memory_box.show_status(status)
        self.counts_box.show_counts(status)

    def _apply_facts(self, facts: OverviewFacts) -> None:
        self._apply_status(facts.status)
        self.memory_box.show_switched_off(facts.switched_off)
        if self._shared != facts.shared:
            self._shared = facts.shared
            self._show_store_state()
        self.counts_box.show_facts(facts)
        self._show_location()  # the store may have been switched (the demo store, and back)
        self._show_store_state()

    def _apply_keychain(self, keychain: KeychainLine) -> None:
        self.store_box.show_keychain(
            said(keychain.sentence) if keychain.sentence is not None else keychain.detail
        )
        self._keychain_available = keychain.keyring
        if self._transfer_actions is not None:
            self._transfer_actions.keychain_available = keychain.keyring

    async def refresh(self) -> None:
        """The facts first, then the keychain line (a keychain may be slow to answer: what the
        store holds is shown meanwhile; while the window's first screen loads, the line follows
        it, and the keychain's module is not loaded before)."""
        with self.reading():
            facts = self.ctrl.overview_read_ahead()  # the window's first screen: read with the opening
            if facts is None:
                facts = await self.ctrl.run(overview_facts, self.ctrl.store, self.ctrl.user, self.ctrl.now())
            self._apply_facts(facts)
            if self.ctrl.first_screen_pending:
                self.ctrl.start(self._keychain_after_first_screen(), name="overview-keychain")
                return
            keychain = await self.ctrl.run(keychain_status, self.ctrl.ctx)
        self._apply_keychain(keychain)

    async def _keychain_after_first_screen(self) -> None:
        if self.ctrl.after_first_screen is not None:
            await self.ctrl.after_first_screen()
        self._apply_keychain(await self.ctrl.run(keychain_status, self.ctrl.ctx))

    def check_marks(self) -> list[tuple[str, bool]]:
        """(name, ok) of the self-test checks shown, for tests and accessibility."""
        return self.selftest_box.check_marks()

    # ------------------------------------------------------------------ the actions, for the window and tests
    async def run_self_test(self) -> SelfTestReport | None:
        return await self.memory_actions.run_self_test()

    async def load_demo(self, size: str = "S") -> DemoCounts | None:
        return await self.memory_actions.load_demo(size)

    async def export_to(
        self, path: Path | str, passphrase: str | None = None, *, remember: bool = False
    ) -> TransferResult | None:
        return await self.transfer_actions.export_to(path, passphrase, remember=remember)

    async def import_from(
        self, path: Path | str, mode: str = "merge", passphrase: str | None = None
    ) -> TransferResult | None:
        return await self.transfer_actions.import_from(path, mode, passphrase)

    async def reset_store(
        self, *, backup: Path | None = None, include_settings: bool = False
    ) -> Receipt | None:
        return await self.reset_actions.reset_store(backup=backup, include_settings=include_settings)

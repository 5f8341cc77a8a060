"""The Overview tab: the master switch, pause/resume, where the store is, what is remembered, the
self-test, export/import, and the danger zone (reset).

The tab places its cards (:mod:`.cards`) in two columns when there is room, one otherwise, and
connects their controls to its actions (:mod:`.actions`, :mod:`.transfer`, :mod:`.reset`); what
they share is in :mod:`.core`.
"""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QScrollArea, QVBoxLayout, QWidget

from creative_memory.gui.controller import Controller
from creative_memory.gui.tabs.overview.actions import MemoryActions
from creative_memory.gui.tabs.overview.cards import (
    CountsCard,
    DangerCard,
    MemoryCard,
    SelfTestCard,
    StoreCard,
    TransferCard,
)
from creative_memory.gui.tabs.overview.reset import ResetActions
from creative_memory.services.common.errors import CreativeMemoryError


class OverviewTab(MemoryActions, ResetActions):
    key = "overview"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
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
        self.switch, self.pause_button, self.resume_button = memory.switch, memory.pause_button, memory.resume_button
        self.about_label, self.state_label = memory.about_label, memory.state_label
        self.counts_box = counts = CountsCard(self.content)
        self.count_labels, self.empty_hint = counts.count_labels, counts.empty_hint
        self.empty_text, self.demo_button = counts.empty_text, counts.demo_button
        self.store_box = store = StoreCard(self.content)
        self.location_label, self.rule_label = store.location_label, store.rule_label
        self.file_label, self.keychain_label = store.file_label, store.keychain_label
        self.open_folder_button, self.change_store_button = store.open_folder_button, store.change_store_button
        self.move_store_button, self.store_notice = store.move_store_button, store.store_notice
        self.selftest_box = selftest = SelfTestCard(self.content)
        self.selftest_button, self.rebuild_button = selftest.selftest_button, selftest.rebuild_button
        self.selftest_summary, self.selftest_results = selftest.selftest_summary, selftest.selftest_results
        self.results_layout = selftest.results_layout
        self.transfer_box = transfer = TransferCard(self.content)
        self.export_button, self.encrypt_check = transfer.export_button, transfer.encrypt_check
        self.import_button, self.transfer_result = transfer.import_button, transfer.transfer_result
        self.danger_box = DangerCard(self.content)
        self.reset_button = self.danger_box.reset_button
        self.blocks_button = self.danger_box.blocks_button
        self.danger_box.restyle(self)

    def _connect(self) -> None:
        self.switch.clicked.connect(self._on_switch_clicked)
        self.pause_button.clicked.connect(self.pause_clicked)
        self.resume_button.clicked.connect(self.resume_clicked)
        self.demo_button.clicked.connect(self.demo_clicked)
        self.open_folder_button.clicked.connect(self.open_folder)
        self.change_store_button.clicked.connect(self.change_store_clicked)
        self.move_store_button.clicked.connect(self.move_store_clicked)
        self.selftest_button.clicked.connect(self.selftest_clicked)
        self.rebuild_button.clicked.connect(self.rebuild_clicked)
        self.export_button.clicked.connect(self.export_clicked)
        self.import_button.clicked.connect(self.import_clicked)
        self.reset_button.clicked.connect(self.reset_clicked)
        self.blocks_button.clicked.connect(self.blocks_clicked)

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
            self.switch, self.pause_button, self.resume_button, self.demo_button, self.open_folder_button,
            self.change_store_button, self.move_store_button, self.selftest_button, self.rebuild_button, self.export_button, self.encrypt_check, self.import_button,
            self.reset_button, self.blocks_button,
        ]
        notes = getattr(self, "notes_check", None)  # the memory-notes switch, under the master switch
        if isinstance(notes, QWidget):
            order.insert(order.index(self.resume_button) + 1, notes)
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        wide = self.width() >= self.fontMetrics().averageCharWidth() * 120
        self._arrange(2 if wide else 1)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange) and hasattr(self, "danger_box"):
            self.danger_box.restyle(self)

    # ------------------------------------------------------------------ read-only
    def writing_controls(self) -> list[QWidget]:
        return [self.switch, self.pause_button, self.resume_button, self.selftest_button, self.import_button,
                self.reset_button, self.demo_button, self.rebuild_button]

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
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

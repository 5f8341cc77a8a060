"""The Activity tab: the audit log — who changed which control, when, and how it ended.

Filtering runs in SQL (``services.controls.audit.entries(text=…)``) and rows arrive newest first, a page at a
time, as the list is scrolled. Forgotten patterns appear only as fingerprints (``fp:…``): the log
never repeats what was erased.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.controller import Controller
from creative_memory.gui.errors import show_error
from creative_memory.gui.icons import palette_icon
from creative_memory.gui.itemmodels.audit import AuditModel
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.tabs.diagnostics.common import row_height
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.controls.project_choices import project_choices
from creative_memory.services.transfer.list_export import export_audit, format_for


class ActivityTab(Tab):
    key = "activity"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self.model = AuditModel(ctrl, self)

        top = self._build_top()
        header = self._build_table()
        self.empty = EmptyState(parent=self)
        self.empty.setObjectName("activity_empty")
        self.empty.actionTriggered.connect(self._clear_filter)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.table)
        self.stack.addWidget(self.empty)

        bottom = self._build_bottom()

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        layout.addLayout(bottom)

        self.filter_edit.filterChanged.connect(self._filter_changed)
        self.export_button.clicked.connect(self._export_clicked)
        self.model.rowsLoaded.connect(self._update_state)
        self.model.modelReset.connect(self._update_state)
        self._update_state()
        AppSettings().restore_header("activity", header)
        self._fit_columns(header)  # a saved state keeps its order and sorting, not cut columns

    def _build_top(self) -> QHBoxLayout:
        """The filter box and Export…"""
        self.filter_edit = FilterLineEdit(
            self, placeholder=self.tr("Filter by actor, action, target or outcome…")
        )
        self.filter_edit.setObjectName("activity_filter")
        self.filter_edit.setAccessibleName(self.tr("Filter the activity log"))
        self.filter_edit.setToolTip(
            self.tr("Show entries whose actor, action, target or outcome contains this text (Ctrl+F)")
        )
        self.export_button = QPushButton(palette_icon("export", self.palette()), self.tr("E&xport…"), self)
        self.export_button.setObjectName("export")
        self.export_button.setAccessibleName(self.tr("Export"))
        self.export_button.setToolTip(self.tr("Save the filtered activity log as JSON or CSV"))

        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.export_button)
        return top

    def _build_table(self) -> QHeaderView:
        """The activity log's table; returns its header (restored from the settings last)."""
        self.table = QTableView(self)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        self.filter_edit.set_view(self.table)
        self.table.setObjectName("audit")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(row_height(self))
        self.table.setAccessibleName(self.tr("Activity log"))
        add_context_actions(self.table)  # Copy (Ctrl+C), from the Menu key or Shift+F10 too
        self.table.setToolTip(self.tr("Every change to a control, newest first"))
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        self._fit_columns(header)
        return header

    def _fit_columns(self, header: QHeaderView) -> None:
        """Every column as wide as its words, the target taking the rest of the room."""
        for col in range(self.model.columnCount()):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)

    def _build_bottom(self) -> QHBoxLayout:
        """How many entries are shown, and the last action's message."""
        self.count_label = QLabel(self)
        self.count_label.setObjectName("activity_count")
        self.count_label.setAccessibleName(self.tr("How many entries are shown"))
        self.message = QLabel(self)
        self.message.setObjectName("activity_message")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAccessibleName(self.tr("Last action"))
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label)
        bottom.addStretch(1)
        bottom.addWidget(self.message)
        return bottom

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.export_button.setIcon(palette_icon("export", self.palette()))

    # ------------------------------------------------------------------ Tab contract
    def title(self) -> str:
        return self.tr("Activity")

    async def refresh(self) -> None:
        self.stale = False
        changed = self.model.set_text_filter(self.filter_edit.text())
        projects = await self.ctrl.run(project_choices, self.ctrl.store, self.ctrl.user)
        self.model.project_names = {p.id: p.name for p in projects if p.name}
        scroll = self.table.verticalScrollBar().value()
        await self.model.reload(reset=changed)
        if not changed:
            self.table.verticalScrollBar().setValue(scroll)
        self._update_state()

    def focus_filter(self) -> bool:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()
        return True

    def save_state(self) -> None:
        AppSettings().save_header("activity", self.table.horizontalHeader())

    # ------------------------------------------------------------------ filter
    def _filter_changed(self, text: str) -> None:
        if self.model.set_text_filter(text):
            self.ctrl.start(self.apply_filter(), name="activity-filter")

    async def apply_filter(self) -> None:
        """Reload from the top for the filter box's text (at once, without the typing pause)."""
        self.filter_edit.blockSignals(True)
        try:
            self.filter_edit.flush()  # no second reload through filterChanged
        finally:
            self.filter_edit.blockSignals(False)
        self.model.set_text_filter(self.filter_edit.text())
        await self.model.reload(reset=True)
        self._update_state()

    def _clear_filter(self) -> None:
        self.filter_edit.clear()
        self.filter_edit.flush()

    def _update_state(self) -> None:
        rows = self.model.rowCount()
        if rows == 0 and self.model.loaded_once():
            if self.model.text_filter:
                self.empty.setText(
                    self.tr("No activity matches “{text}”.").format(text=self.model.text_filter)
                )
                self.empty.setAction(self.tr("Clear filter"), self.tr("Show the whole activity log again"))
            else:
                self.empty.setText(
                    self.tr(
                        "Nothing has been changed yet. Turning memory on or off, pausing, project switches, "
                        "forgetting and resets are listed here."
                    )
                )
                self.empty.setAction(None)
            self.stack.setCurrentWidget(self.empty)
        else:
            self.stack.setCurrentWidget(self.table)
        self.count_label.setVisible(rows > 0)
        if self.model.has_more():
            self.count_label.setText(self.tr("%n entries loaded — scroll down for more", None, rows))
        else:
            self.count_label.setText(
                self.tr("1 entry") if rows == 1 else self.tr("{n} entries").format(n=rows)
            )
        self.export_button.setEnabled(rows > 0)

    # ------------------------------------------------------------------ export
    @async_slot()
    async def _export_clicked(self) -> None:
        dialog = QFileDialog(self, self.tr("Export activity"))
        dialog.setObjectName("export_dialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        json_filter, csv_filter = self.tr("JSON (*.json)"), self.tr("CSV (*.csv)")
        dialog.setNameFilters([csv_filter, json_filter])
        dialog.setDefaultSuffix("csv")
        dialog.selectFile("activity.csv")
        dialog.filterSelected.connect(
            lambda f: dialog.setDefaultSuffix("json" if f == json_filter else "csv")
        )
        if await wait_dialog(dialog) != QFileDialog.DialogCode.Accepted.value:
            return
        files = dialog.selectedFiles()
        if not files:
            return
        fallback = "json" if dialog.selectedNameFilter() == json_filter else "csv"
        path = files[0]
        try:
            await self.export_to(path, format_for(path, fallback))
        except (CreativeMemoryError, OSError) as exc:
            show_error(self, exc, action=self.tr("The activity log could not be exported."))

    async def export_to(self, path: str | Path, fmt: str) -> int:
        """Write every entry the filter matches to ``path`` (mode 0600); returns how many."""
        n = await self.ctrl.change(
            export_audit,
            self.ctrl.store,
            self.ctrl.user,
            self.model.text_filter,
            Path(path),
            fmt,
            self.model.shown_words(),
        )
        self.message.setText(self.tr("Exported %n entries to {path}.", None, n).format(path=str(path)))
        return n

"""The blocked patterns: what each block keeps (a fingerprint, what it blocks, when, why — never the
name, which is not kept) and a Lift button (``od-memory block list|lift`` in the window)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.dialogs.common import error_label, wrap
from creative_memory.model.inert import for_display
from creative_memory.services.ingest import blocklist

if TYPE_CHECKING:
    from creative_memory.gui.controller import Controller


class BlocksDialog(QDialog):
    """A small list of the user's blocks with a Lift button; every lift is in the activity log."""

    def __init__(self, ctrl: Controller, parent: QWidget | None = None, *, read_only: bool = False) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.read_only = read_only
        self.blocks: list[blocklist.Block] = []
        self.setWindowTitle(self.tr("Blocked patterns"))
        self.setObjectName("blocks_dialog")
        about = wrap(
            self.tr(
                "A block keeps only keyed fingerprints of a pattern, never its name, so the list shows "
                "what is kept. Lifting a block lets the pattern be learned again."
            ),
            self,
        )
        self.table = QTableWidget(0, 4, self)
        self.table.setObjectName("blocks_table")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Fingerprint"), self.tr("Blocks"), self.tr("When"), self.tr("Why")]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        # Tab leaves the table (to the reason and the buttons) instead of walking its cells, each
        # of which would also select another block to lift.
        self.table.setTabKeyNavigation(False)
        self.table.setAccessibleName(self.tr("Blocked patterns"))
        self.empty = wrap(self.tr("Nothing is blocked."), self)
        # the selected block's reason in full, wrapped (its column is narrow in a small window)
        self.why = wrap("", self)
        self.why.setObjectName("blocks_why")
        self.why.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem = error_label(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.lift_button = QPushButton(self.tr("&Lift block…"), self)
        self.lift_button.setObjectName("lift_button")
        self.lift_button.setEnabled(False)
        buttons.addButton(self.lift_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.lift_button.clicked.connect(self.lift_clicked)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addWidget(self.table)
        layout.addWidget(self.why)
        layout.addWidget(self.empty)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(self.fontMetrics().averageCharWidth() * 90, self.fontMetrics().height() * 20)

    def kinds_text(self, kinds: tuple[str, ...]) -> str:
        names = {
            "pattern": self.tr("the pattern"),
            "text": self.tr("its words in diffs"),
            "unknown": self.tr("(older block)"),
        }
        return self.tr(" and ").join(names.get(k, k) for k in kinds)

    async def load(self) -> None:
        """Read the blocks (on the store thread) and show them."""
        self.blocks = await self.ctrl.run(blocklist.list_blocks, self.ctrl.store, self.ctrl.user)
        self.table.setRowCount(len(self.blocks))
        for row, b in enumerate(self.blocks):
            when = datetime.fromtimestamp(b.created_at / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")
            for col, text in enumerate((b.prefix, self.kinds_text(b.kinds), when, b.reason or "")):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, b.id)
                item.setToolTip(text)
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        self.table.setVisible(bool(self.blocks))
        self.empty.setVisible(not self.blocks)
        self._selection_changed()

    def selected(self) -> blocklist.Block | None:
        rows = self.table.selectionModel().selectedRows()
        return self.blocks[rows[0].row()] if rows else None

    def _selection_changed(self) -> None:
        block = self.selected()
        self.lift_button.setEnabled(not self.read_only and block is not None)
        if block is None:
            self.why.setText("")
        elif block.reason:
            self.why.setText(self.tr("Why: {reason}").format(reason=for_display(block.reason)))
        else:
            self.why.setText(self.tr("Why: no reason was given when it was blocked."))
        self.why.setVisible(block is not None)

    @async_slot()
    async def lift_clicked(self) -> None:
        block = self.selected()
        if block is None:
            return
        answer = QMessageBox.question(
            self,
            self.tr("Lift block"),
            self.tr(
                "Lift the block {fingerprint}? The pattern can be learned again, and its words are kept "
                "in diffs again."
            ).format(fingerprint=block.prefix),
        )
        if answer == QMessageBox.StandardButton.Yes:
            await self.lift(block)

    async def lift(self, block: blocklist.Block) -> bool:
        """Lift one block (written to the activity log) and show the list again."""
        self.problem.setVisible(False)
        try:
            await self.ctrl.change(
                blocklist.lift_block,
                self.ctrl.store,
                self.ctrl.user,
                str(block.id),
                actor=self.ctrl.ctx.actor,
                now=self.ctrl.now(),
            )
        except Exception as exc:
            self.problem.setText(self.tr("The block could not be lifted: {error}").format(error=exc))
            self.problem.setVisible(True)
            return False
        self.ctrl.notify("audit")
        await self.load()
        return True

"""Overview → "Where it is stored": Change… (every store found on this computer, or a folder of the
user's choosing, remembered as the choice) and Move… (a store left in the first release's default
folder goes to this program's own folder). Switching reopens the window on the new store."""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import wait_dialog
from creative_memory.gui.controller import Controller
from creative_memory.gui.errors import show_error
from creative_memory.gui.visible import QT_TRANSLATE_NOOP, said
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.location.datadir import DataDir, shown
from creative_memory.services.store import whereabouts
from creative_memory.services.store.whereabouts import ListedStore

log = logging.getLogger("cm.gui")
ACCEPTED = int(QDialog.DialogCode.Accepted.value)
CHOOSE_FOLDER = 2  # the dialog's result when "Choose a folder…" was pressed


def size_text(n: int) -> str:
    value = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return str(n)


def channel_text(row: ListedStore) -> str:
    if row.legacy:
        return QCoreApplication.translate("StoreDialog", "first release's folder")
    return str(row.channel or row.route)


class StoreDialog(QDialog):
    """Every store found on this computer: folder, channel, size, last write, whether Open Design's
    tables are in it. "Use this store" remembers the selected one; "Choose a folder…" asks for one."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("StoreDialog", "Folder"),
        QT_TRANSLATE_NOOP("StoreDialog", "Channel"),
        QT_TRANSLATE_NOOP("StoreDialog", "Size"),
        QT_TRANSLATE_NOOP("StoreDialog", "Last write"),
        QT_TRANSLATE_NOOP("StoreDialog", "Open Design's tables"),
    )

    def __init__(self, parent: QWidget | None, rows: list[ListedStore], current: Path) -> None:
        # Built top to bottom in reading order, which is also its keyboard order (Qt's focus chain
        # follows the order widgets are made): the parts below are made in that order.
        super().__init__(parent)
        self.setObjectName("store_dialog")
        self.setWindowTitle(self.tr("Where creative memory is stored"))
        self.setAccessibleName(self.tr("Where creative memory is stored"))
        self.rows = rows
        intro = QLabel(
            self.tr(
                "Stores found on this computer. The one you pick is remembered for the window and "
                "od-memory; OD_DATA_DIR and --data-dir still come first."
            ),
            self,
        )
        intro.setWordWrap(True)
        self._build_table(rows, current)
        self.empty = QLabel(self.tr("Open Design's store was not found on this computer."), self)
        self.empty.setVisible(not rows)

        buttons = self._build_buttons()

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        layout.addWidget(buttons)
        em = self.fontMetrics().height()
        wide = em * 66
        if parent is not None:
            wide = min(wide, max(parent.width() - 2 * em, em * 30))
        self.resize(wide, em * (10 + min(len(rows), 8) * 2))
        self.table.setFocus()
        self._update()

    def _build_table(self, rows: list[ListedStore], current: Path) -> None:
        """The stores found, one row each, the current one selected."""
        self.table = QTableWidget(len(rows), len(self.COLUMNS), self)
        self.table.setObjectName("store_table")
        self.table.setAccessibleName(self.tr("Stores found"))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in self.COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, len(self.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        for r, row in enumerate(rows):
            tables = (
                self.tr("unreadable")
                if row.daemon_tables is None
                else self.tr("yes")
                if row.daemon_tables
                else self.tr("no")
            )
            when = datetime.fromtimestamp(row.modified).strftime("%Y-%m-%d %H:%M") if row.modified else "—"
            cells = [str(row.data_dir), channel_text(row), size_text(row.size), when, tables]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(str(row.store) if c == 0 else text)
                self.table.setItem(r, c, item)
            if row.data_dir == current:
                self.table.selectRow(r)

    def _build_buttons(self) -> QDialogButtonBox:
        """Use this store, Choose a folder…, Cancel (the default)."""
        buttons = QDialogButtonBox(self)
        self.use_button = buttons.addButton(
            self.tr("&Use this store"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.use_button.setToolTip(self.tr("Open the selected store and remember it"))
        self.folder_button = QPushButton(self.tr("Choose a &folder…"), self)
        self.folder_button.setToolTip(self.tr("Pick the folder that holds app.sqlite"))
        buttons.addButton(self.folder_button, QDialogButtonBox.ButtonRole.ActionRole)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)
        self.use_button.clicked.connect(self._use)
        self.folder_button.clicked.connect(lambda: self.done(CHOOSE_FOLDER))
        cancel.clicked.connect(self.reject)
        self.table.itemSelectionChanged.connect(self._update)
        self.table.doubleClicked.connect(self._use)
        return buttons

    def selected(self) -> Path | None:
        rows = self.table.selectionModel().selectedRows()
        return self.rows[rows[0].row()].data_dir if rows else None

    def _update(self) -> None:
        self.use_button.setEnabled(self.selected() is not None)

    def _use(self) -> None:
        if self.selected() is not None:
            self.accept()

    def keyPressEvent(self, event: Any) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.table.hasFocus():
            self._use()
            return
        super().keyPressEvent(event)


async def switch_store(ctrl: Controller, window: QWidget, dd: DataDir) -> bool:
    """Close the open store and open ``dd`` in its place; the window follows."""
    # The new folder first: a store call queued meanwhile (a refresh, a poll) that opens the store
    # again must open the new one, never the old one into the same context.
    ctrl.ctx.data_dir = dd
    ctrl.ctx.create_folder = False  # a consent to create a folder was for that folder only
    await ctrl.close_store()
    ctrl.ctx.notes.clear()
    try:
        await ctrl.open()
    except CreativeMemoryError as exc:
        if hasattr(window, "store_failed"):
            window.store_failed(exc)
        return False
    for page in getattr(window, "pages", []):
        page.setEnabled(True)
    if hasattr(window, "store_opened"):
        window.store_opened()
    ctrl.start_polling()
    ctrl.notify("all")
    return True


async def ask_folder(parent: QWidget | None, start: Path) -> Path | None:
    dialog = QFileDialog(
        parent,
        QCoreApplication.translate("StoreDialog", "Choose the folder that holds app.sqlite"),
        str(start),
    )
    dialog.setObjectName("store_folder_dialog")
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    try:
        result = await wait_dialog(dialog)
        files = dialog.selectedFiles()
        return Path(files[0]) if result == ACCEPTED and files else None
    finally:
        dialog.deleteLater()


async def choose(ctrl: Controller, parent: QWidget) -> Path | None:
    """Show the stores found and return the folder the user picked (None when cancelled)."""
    dd = ctrl.ctx.data_dir
    rows = await ctrl.run(whereabouts.every_store, dd)
    dialog = StoreDialog(parent.window(), rows, dd.path)
    parent.setProperty("store_dialog", dialog)  # reachable for tests while it is open
    try:
        result = await wait_dialog(dialog)
        picked = dialog.selected()
    finally:
        parent.setProperty("store_dialog", None)
        dialog.deleteLater()
    if result == CHOOSE_FOLDER:
        return await ask_folder(parent.window(), dd.path)
    return picked if result == ACCEPTED else None


async def use_folder(ctrl: Controller, parent: QWidget, folder: Path) -> bool:
    """Remember ``folder`` as the user's choice and reopen the window on it."""
    try:
        used = await ctrl.change(whereabouts.use, str(folder))
    except CreativeMemoryError as exc:
        show_error(
            parent.window(),
            exc,
            action=QCoreApplication.translate("StoreDialog", "Could not use that folder."),
        )
        return False
    if used.data_dir is None:  # only a forgotten choice has none, and this remembers one
        return False
    return await switch_store(ctrl, parent.window(), DataDir(used.data_dir, "remembered"))


async def move_legacy(ctrl: Controller, parent: QWidget, *, confirm: bool = True) -> bool:
    """Offer to move a store out of the first release's default folder into this program's own."""
    dd = ctrl.ctx.data_dir
    if confirm:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            QCoreApplication.translate("StoreDialog", "Move the store"),
            QCoreApplication.translate(
                "StoreDialog",
                "This store is in the folder the first release used, which Open Design may use "
                "later. Move it to this program's own folder? It is copied, checked, and only then "
                "removed here.",
            ),
            QMessageBox.StandardButton.Cancel,
            parent.window(),
        )
        box.setObjectName("move_store_box")
        move = box.addButton(
            QCoreApplication.translate("StoreDialog", "&Move"), QMessageBox.ButtonRole.AcceptRole
        )
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        await wait_dialog(box)
        clicked = box.clickedButton()
        box.deleteLater()
        if clicked is not move:
            return False
    await ctrl.close_store()
    try:
        moved = await ctrl.change(whereabouts.move_legacy, dd)
    except CreativeMemoryError as exc:
        show_error(
            parent.window(),
            exc,
            action=QCoreApplication.translate("StoreDialog", "Could not move the store."),
        )
        return await switch_store(ctrl, parent.window(), dd)
    return await switch_store(ctrl, parent.window(), moved)


async def confirm_create_folder(ctrl: Controller, parent: QWidget | None) -> bool:
    """Before the window creates a data folder it was not told to create (a missing OD_DATA_DIR,
    --data-dir in a folder that is not there, a chosen folder that was moved): ask, naming the
    folder and the rule that chose it; False (Quit, the default) when the user declines. This
    program's own folder is created without a question, as always (decision 0074)."""
    dd = ctrl.ctx.data_dir
    if ctrl.ctx.create_folder or dd.creation_refused() is None:
        return True
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        QCoreApplication.translate("StoreDialog", "Create the data folder"),
        QCoreApplication.translate(
            "StoreDialog",
            "The data folder\n{folder}\n({how}) does not exist: perhaps its disk is not attached, or the "
            "name has a typo. Create it there now, or quit and change nothing?",
        ).format(folder=shown(dd.path), how=said(dd.how_sentence())),
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setObjectName("create_folder_box")
    go = box.addButton(
        QCoreApplication.translate("StoreDialog", "Create it &here"), QMessageBox.ButtonRole.AcceptRole
    )
    quit_ = box.addButton(
        QCoreApplication.translate("StoreDialog", "&Quit"), QMessageBox.ButtonRole.RejectRole
    )
    box.setDefaultButton(quit_)
    ctrl.setProperty("create_folder_box", box)  # reachable for tests while it is open
    try:
        await wait_dialog(box)
        ctrl.ctx.create_folder = box.clickedButton() is go
        return ctrl.ctx.create_folder
    finally:
        ctrl.setProperty("create_folder_box", None)
        box.deleteLater()


async def confirm_first_open(ctrl: Controller, parent: QWidget | None) -> bool:
    """Before the window adds its tables to a store (the first open of Open Design's store, or an
    upgrade), say what will be added and that a backup is made; False when the user declines."""
    try:
        facts = await ctrl.look()  # and, when nothing is to be asked, the store opened ahead
    except OSError:  # opening the store reports it in a sentence
        return True
    if not facts.exists or not facts.needs_migration:
        return True
    current = facts.schema_current
    what = (
        QCoreApplication.translate(
            "StoreDialog",
            "Creative memory keeps its own tables (creative_memory_*) in Open Design's store:\n{store}\n\n"
            "They are added now. Open Design's own tables are not changed.",
        )
        if current is None
        else QCoreApplication.translate(
            "StoreDialog", "Creative memory's tables in\n{store}\nare upgraded from schema {old} to {new}."
        )
    ).format(store=facts.store, old=current, new=facts.schema_latest)
    box = QMessageBox(
        QMessageBox.Icon.Information,
        QCoreApplication.translate("StoreDialog", "Prepare the store"),
        what
        + "\n\n"
        + QCoreApplication.translate(
            "StoreDialog",
            "A backup copy of the store is made beside it first (only the latest copy is kept).",
        ),
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setObjectName("first_open_box")
    go = box.addButton(
        QCoreApplication.translate("StoreDialog", "&Continue"), QMessageBox.ButtonRole.AcceptRole
    )
    box.addButton(QCoreApplication.translate("StoreDialog", "&Quit"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(go)
    ctrl.setProperty("first_open_box", box)  # reachable for tests while it is open
    try:
        await wait_dialog(box)
        return box.clickedButton() is go
    finally:
        ctrl.setProperty("first_open_box", None)
        box.deleteLater()

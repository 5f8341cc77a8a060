"""The Overview's reset: ask (with the counts and an optional backup), back up, erase everything,
show the receipt."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDialog

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.dialogs.blocks import BlocksDialog
from creative_memory.gui.dialogs.files import ask_save_path
from creative_memory.gui.dialogs.passphrase import PassphraseDialog
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.dialogs.reset import ResetDialog
from creative_memory.gui.tabs.overview.core import ActionSupport
from creative_memory.gui.tabs.overview.transfer import TransferActions
from creative_memory.services.forget import erasure, reset
from creative_memory.services.inspection import queries

ACCEPTED = int(QDialog.DialogCode.Accepted.value)


class ResetActions(QObject):
    """What the danger zone does (its backup is an export of ``transfer``)."""

    def __init__(
        self, work: ActionSupport, transfer: TransferActions, refresh: Callable[[], Awaitable[None]]
    ) -> None:
        super().__init__(work.host)
        self.work = work
        self.ctrl = work.ctrl
        self.task_keeper = work.ctrl.keeper
        self.transfer = transfer
        self._refresh = refresh
        self.reset_dialog: ResetDialog | None = None
        self.receipt_dialog: ReceiptDialog | None = None
        self.passphrase_dialog: PassphraseDialog | None = None
        self.blocks_dialog: BlocksDialog | None = None

    @async_slot()
    async def reset_clicked(self) -> None:
        counts = await self.ctrl.run(queries.reset_counts, self.ctrl.store, self.ctrl.user)
        dialog = ResetDialog(
            self.work.window(),
            counts=counts,
            backup_path=self.work.suggested_export_path("creative-memory-backup"),
            user=self.ctrl.user,
        )
        dialog.browseRequested.connect(lambda: self._browse_backup(dialog))
        self.reset_dialog = dialog
        try:
            result = await wait_dialog(dialog)
            backup, include_settings = dialog.backup_path(), dialog.include_settings()
        finally:
            self.reset_dialog = None
            dialog.deleteLater()
        if result != ACCEPTED:
            return
        passphrase: str | None = None
        if backup is not None and self.transfer.encrypt_check.isChecked():
            # "Encrypt with a passphrase" holds for the backup written before a reset as for an export.
            ask = PassphraseDialog(self.work.window(), confirm=True, keychain_available=False)
            self.passphrase_dialog = ask
            try:
                if await wait_dialog(ask) != ACCEPTED:
                    return  # no passphrase, no plain copy: nothing is written or erased
                passphrase = ask.passphrase()
            finally:
                self.passphrase_dialog = None
                ask.deleteLater()
        await self.reset_store(backup=backup, include_settings=include_settings, passphrase=passphrase)

    @async_slot()
    async def blocks_clicked(self) -> None:
        """The blocked patterns, with a Lift button (gui/dialogs/blocks.py)."""
        dialog = BlocksDialog(self.ctrl, self.work.window(), read_only=self.work.read_only)
        self.blocks_dialog = dialog
        try:
            await dialog.load()
            await wait_dialog(dialog)
        finally:
            self.blocks_dialog = None
            dialog.deleteLater()

    @async_slot()
    async def _browse_backup(self, dialog: ResetDialog) -> None:
        current = dialog.backup_path() or self.work.suggested_export_path("creative-memory-backup")
        path = await ask_save_path(dialog, self.tr("Back up creative memory to"), current)
        if path is not None:
            dialog.backup_edit.setText(str(path))

    async def reset_store(
        self, *, backup: Path | None = None, include_settings: bool = False, passphrase: str | None = None
    ) -> erasure.Receipt | None:
        """Export a backup (when asked; encrypted with ``passphrase``), erase everything, show the receipt."""
        if backup is not None:
            exported = await self.transfer.export_to(
                backup,
                passphrase,
                action=self.tr("The backup could not be written, so nothing was erased."),
                as_backup=True,
            )
            if exported is None:
                return None
            backup = exported.path
        progress = self.work.progress(self.tr("Resetting creative memory"), self.tr("Erasing…"))
        try:
            receipt = await self.ctrl.change(
                reset.reset,
                self.ctrl.store,
                self.ctrl.user,
                confirm=True,
                actor=self.work.actor(),
                now=self.ctrl.now(),
                include_settings=include_settings,
                progress=progress.step,
            )
        except Exception as exc:
            self.work.progress_done(progress)
            self.work.fail(exc, self.tr("The reset did not finish."))
            self.ctrl.notify("all")
            return None
        self.work.progress_done(progress)
        self.ctrl.notify("all")
        await self._refresh()
        receipt_dialog = ReceiptDialog(receipt, backup=backup, parent=self.work.window())
        receipt_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.receipt_dialog = receipt_dialog
        receipt_dialog.open()
        return receipt

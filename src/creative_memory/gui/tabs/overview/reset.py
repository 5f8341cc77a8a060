"""The Overview's reset: ask (with the counts and an optional backup), back up, erase everything,
show the receipt."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.dialogs.blocks import BlocksDialog
from creative_memory.gui.dialogs.files import ask_save_path
from creative_memory.gui.dialogs.passphrase import PassphraseDialog
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.dialogs.reset import ResetDialog
from creative_memory.gui.tabs.overview.transfer import TransferActions
from creative_memory.services.forget import erasure
from creative_memory.services.inspection import queries

ACCEPTED = int(QDialog.DialogCode.Accepted.value)


class ResetActions(TransferActions):
    """What the danger zone does (its backup is an export)."""

    @async_slot()
    async def reset_clicked(self) -> None:
        counts = await self.ctrl.run(queries.reset_counts, self.ctrl.store, self.ctrl.user)
        dialog = ResetDialog(
            self.window(),
            counts=counts,
            backup_path=self.suggested_export_path("creative-memory-backup"),
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
        if backup is not None and self.encrypt_check.isChecked():
            # "Encrypt with a passphrase" holds for the backup written before a reset as for an export.
            ask = PassphraseDialog(self.window(), confirm=True, keychain_available=False)
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
        dialog = BlocksDialog(self.ctrl, self.window(), read_only=self._read_only)
        self.blocks_dialog = dialog
        try:
            await dialog.load()
            await wait_dialog(dialog)
        finally:
            self.blocks_dialog = None
            dialog.deleteLater()

    @async_slot()
    async def _browse_backup(self, dialog: ResetDialog) -> None:
        current = dialog.backup_path() or self.suggested_export_path("creative-memory-backup")
        path = await ask_save_path(dialog, self.tr("Back up creative memory to"), current)
        if path is not None:
            dialog.backup_edit.setText(str(path))

    async def reset_store(
        self, *, backup: Path | None = None, include_settings: bool = False, passphrase: str | None = None
    ) -> erasure.Receipt | None:
        """Export a backup (when asked; encrypted with ``passphrase``), erase everything, show the receipt."""
        if backup is not None:
            exported = await self.export_to(
                backup, passphrase, action=self.tr("The backup could not be written, so nothing was erased.")
            )
            if exported is None:
                return None
            backup = exported.path
        progress = self._progress(self.tr("Resetting creative memory"), self.tr("Erasing…"))
        try:
            receipt = await self.ctrl.run(
                erasure.reset, self.ctrl.store, self.ctrl.user, confirm=True, actor=self._actor(),
                now=self.ctrl.now(), include_settings=include_settings, progress=progress.step,
            )
        except Exception as exc:
            self._progress_done(progress)
            self._fail(exc, self.tr("The reset did not finish."))
            self.ctrl.notify("all")
            return None
        self._progress_done(progress)
        self.ctrl.notify("all")
        await self.refresh()
        receipt_dialog = ReceiptDialog(receipt.as_json(), backup=backup, parent=self.window())
        receipt_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.receipt_dialog = receipt_dialog
        receipt_dialog.open()
        return receipt


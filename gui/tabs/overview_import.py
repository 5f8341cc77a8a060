"""The Overview's import: choose a file and a mode, give a passphrase, see what will change, import.

Before anything is written the import's plan (services.importing.plan_import) is read on the store
thread; when the file belongs to another user, or the import would change settings or project
switches, :class:`ImportConfirmDialog` lists exactly that and asks. Mixed into
:class:`creative_memory.gui.tabs.overview.OverviewTab` (uses its controller, progress and error
helpers).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.dialogs import ImportDialog, PassphraseDialog, ask_open_path
from creative_memory.gui.tabs.base import tr
from creative_memory.services import crypto, importing, portability
from creative_memory.services.secrets import passphrase_key

if TYPE_CHECKING:
    from creative_memory.gui.controller import Controller

ACCEPTED = QDialog.DialogCode.Accepted


class ImportConfirmDialog(QDialog):
    """Says whose memory the file holds and which settings and switches the import changes."""

    def __init__(self, parent: QWidget | None, *, name: str, plan: importing.ImportPlan, user: str) -> None:
        super().__init__(parent)
        self.setObjectName("import_confirm_dialog")
        self.setWindowTitle(tr("Import creative memory"))
        self.setAccessibleName(tr("Confirm the import"))
        lines: list[str] = [tr("Import {name}?").format(name=name), ""]
        if plan.bundle_user is not None and plan.bundle_user != user:
            lines.append(
                tr(
                    "{name} holds the memory of user “{other}”. Importing adds it to the memory of “{user}”."
                ).format(name=name, other=plan.bundle_user, user=user)
            )
        if plan.changes:
            lines.append(tr("The import changes these settings:"))
            lines.extend("• " + c for c in plan.changes)
        for note in plan.notes:
            lines.extend(["", note])
        layout = QVBoxLayout(self)
        self.text = QLabel("\n".join(lines), self)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setMinimumWidth(min(self.fontMetrics().horizontalAdvance("M") * 34, 640))
        layout.addWidget(self.text)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("&Import"))
        ok.setToolTip(tr("Import the file and apply these changes"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(tr("Close without importing"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        # Declining is the default: Enter and Escape both keep everything as it is.
        ok.setAutoDefault(False)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)
        cancel.setFocus()


class ImportActions:
    """The import half of the Overview tab."""

    ctrl: Controller
    import_dialog: ImportDialog | None
    passphrase_dialog: PassphraseDialog | None
    import_confirm_dialog: ImportConfirmDialog | None = None
    transfer_result: QLabel
    # provided by the tab
    window: Any
    _default_folder: Any
    _progress: Any
    _progress_done: Any
    _fail: Any
    _actor: Any
    refresh: Any

    @async_slot()
    async def import_clicked(self) -> None:
        path = await ask_open_path(self.window(), tr("Import creative memory"), self._default_folder())
        if path is None:
            return
        dialog = ImportDialog(self.window(), path=path)
        self.import_dialog = dialog
        try:
            if await wait_dialog(dialog) != ACCEPTED:
                return
            mode = dialog.mode()
        finally:
            self.import_dialog = None
            dialog.deleteLater()
        passphrase: str | None = None
        if await self.ctrl.run(crypto.file_is_encrypted, path):
            remembered = await self.ctrl.run(self.ctrl.ctx.secrets.recall_passphrase, passphrase_key(path))
            prompt = tr("{name} is encrypted. Enter the passphrase it was exported with.").format(
                name=path.name
            )
            if remembered:
                prompt += " " + tr("The passphrase remembered in the keychain for this file is filled in.")
            pdialog = PassphraseDialog(self.window(), confirm=False, offer_remember=False, prompt=prompt)
            if remembered:
                pdialog.set_passphrase(remembered)
            self.passphrase_dialog = pdialog
            try:
                if await wait_dialog(pdialog) != ACCEPTED:
                    return
                passphrase = pdialog.passphrase()
            finally:
                self.passphrase_dialog = None
                pdialog.deleteLater()
        await self.import_from(path, mode, passphrase)

    async def _confirmed(self, path: Path, plan: importing.ImportPlan) -> bool:
        """Ask when the file is another user's or the import changes settings; True when nothing to ask."""
        if not plan.changes and plan.bundle_user in (None, self.ctrl.user):
            return True
        dialog = ImportConfirmDialog(self.window(), name=path.name, plan=plan, user=self.ctrl.user)
        self.import_confirm_dialog = dialog
        try:
            return await wait_dialog(dialog) == ACCEPTED
        finally:
            self.import_confirm_dialog = None
            dialog.deleteLater()

    async def import_from(
        self, path: Path | str, mode: str = "merge", passphrase: str | None = None
    ) -> portability.TransferResult | None:
        """Import a bundle (or a prototype preferences.json); merge or replace, after asking."""
        path = Path(path)
        ask = (lambda: passphrase) if passphrase is not None else None
        store, user = self.ctrl.store, self.ctrl.user
        try:
            plan = await self.ctrl.run(
                importing.plan_import, store, user, path, mode=mode, passphrase=ask, as_user=user
            )
        except Exception as exc:
            self._fail(exc, tr("Could not import {name}.").format(name=path.name))
            return None
        if not await self._confirmed(path, plan):
            self.transfer_result.setText(tr("Nothing was imported from {name}.").format(name=path.name))
            self.transfer_result.setVisible(True)
            return None
        progress = self._progress(tr("Importing"), tr("Importing {name}…").format(name=path.name))
        try:
            result = await self.ctrl.run(
                importing.import_file,
                store,
                user,
                path,
                mode=mode,
                now=self.ctrl.now(),
                actor=self._actor(),
                passphrase=ask,
                blocks=self.ctrl.ctx.blocks,
                as_user=user,
            )
        except Exception as exc:
            self._progress_done(progress)
            self._fail(exc, tr("Could not import {name}.").format(name=path.name))
            return None
        self._progress_done(progress)
        self.transfer_result.setText(self._result_text(path, result))
        self.transfer_result.setVisible(True)
        self.ctrl.notify("all")
        await self.refresh()
        return result

    @staticmethod
    def _result_text(path: Path, result: portability.TransferResult) -> str:
        loc = QLocale()
        text = tr("Imported {events} events from {name}; {prefs} preferences now.").format(
            events=loc.toString(result.events), name=path.name, prefs=loc.toString(result.preferences)
        )
        if result.skipped:
            text += " " + tr(
                "{n} were already here, blocked or not learned under your settings and were skipped."
            ).format(n=loc.toString(result.skipped))
        return text

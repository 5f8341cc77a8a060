"""The Overview's export and import: choose a file (and a passphrase), see what will change, write.

An import reads the file first (whether it is a bundle, its passphrase, what it holds), then asks
how to apply it (merge or replace); a wrong passphrase asks for the passphrase again, only.

Before an import writes anything its plan (services.transfer.import_plan.plan_import) is read on the store
thread; when the file belongs to another user, or the import would change settings or project
switches, :class:`~creative_memory.gui.dialogs.import_confirm.ImportConfirmDialog` lists exactly
that and asks.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtCore import QLocale, QObject
from PySide6.QtWidgets import QDialog

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.dialogs.files import ask_open_path, ask_save_path
from creative_memory.gui.dialogs.import_confirm import ImportConfirmDialog
from creative_memory.gui.dialogs.import_mode import ImportDialog
from creative_memory.gui.dialogs.lift_skips import LiftSkipsDialog
from creative_memory.gui.dialogs.passphrase import PassphraseDialog
from creative_memory.gui.replace import replace_allowed
from creative_memory.gui.tabs.overview.core import ActionSupport
from creative_memory.gui.tabs.overview.text import breakable_path, import_result_text
from creative_memory.gui.tabs.overview.tool_cards import TransferCard
from creative_memory.services.keychain.secrets import passphrase_key
from creative_memory.services.transfer import backup, crypto, exporting, import_plan, importing
from creative_memory.services.transfer.bundle import TransferResult
from creative_memory.services.transfer.skips import SkippedPattern, SkippedProject, lift_skips

ACCEPTED = int(QDialog.DialogCode.Accepted.value)


class TransferActions(QObject):
    """What the export and import card does."""

    def __init__(
        self, work: ActionSupport, card: TransferCard, refresh: Callable[[], Awaitable[None]]
    ) -> None:
        super().__init__(work.host)
        self.work = work
        self.ctrl = work.ctrl
        self.task_keeper = work.ctrl.keeper
        self.encrypt_check = card.encrypt_check
        self.transfer_result = card.transfer_result
        self.lift_button = card.lift_button
        #: the last import that blocks or a project's switch left events out of: its file, its
        #: passphrase and its result, so that "Lift and import again" can import it again
        self.last_skips: tuple[Path, str | None, TransferResult] | None = None
        self.lift_dialog: LiftSkipsDialog | None = None
        self._refresh = refresh
        #: the system keychain holds secrets (the tab says so): an export may remember its passphrase
        self.keychain_available = False
        self.passphrase_dialog: PassphraseDialog | None = None
        self.import_dialog: ImportDialog | None = None
        self.import_confirm_dialog: ImportConfirmDialog | None = None

    # ------------------------------------------------------------------ export
    @async_slot()
    async def export_clicked(self) -> None:
        path = await ask_save_path(
            self.work.window(), self.tr("Export creative memory"), self.work.suggested_export_path()
        )
        if path is None:
            return
        passphrase: str | None = None
        remember = False
        if self.encrypt_check.isChecked():
            dialog = PassphraseDialog(
                self.work.window(), confirm=True, keychain_available=self.keychain_available
            )
            self.passphrase_dialog = dialog
            try:
                if await wait_dialog(dialog) != ACCEPTED:
                    return
                passphrase, remember = dialog.passphrase(), dialog.remember()
            finally:
                self.passphrase_dialog = None
                dialog.deleteLater()
        await self.export_to(path, passphrase, remember=remember)

    async def export_to(
        self,
        path: Path | str,
        passphrase: str | None = None,
        *,
        remember: bool = False,
        action: str | None = None,
        as_backup: bool = False,
    ) -> TransferResult | None:
        """Export everything to ``path`` (0600), encrypted when a passphrase is given; an existing
        file only after the person chose "Replace" (gui.replace)."""
        try:
            if (
                force := await replace_allowed(self.work.window(), Path(path), [self.ctrl.ctx.data_dir.path])
            ) is None:
                return None
            result = await self.ctrl.change(
                backup.write_backup if as_backup else exporting.export_bundle,
                self.ctrl.store,
                self.ctrl.user,
                Path(path),
                now=self.ctrl.now(),
                actor=self.work.actor(),
                passphrase=passphrase,
                force=force,
            )
        except Exception as exc:
            self.work.fail(exc, action or self.tr("Could not export creative memory."))
            return None
        loc = QLocale()
        text = self.tr("Exported {events} events ({prefs} preferences) to {path}{enc}.").format(
            events=loc.toString(result.events),
            prefs=loc.toString(result.preferences),
            path=result.path,
            enc=self.tr(", encrypted") if result.encrypted else "",
        )
        if passphrase is not None and remember:
            stored = await self.ctrl.change(
                self.ctrl.ctx.secrets.remember_passphrase, passphrase_key(result.path), passphrase
            )
            text += " " + (
                self.tr("The passphrase is remembered in the keychain.")
                if stored
                else self.tr("The passphrase could not be remembered: no system keychain is available.")
            )
        self.transfer_result.setText(breakable_path(text) if "/" in text else text)
        self.transfer_result.setVisible(True)
        self.ctrl.notify("audit")
        return result

    # ------------------------------------------------------------------ report
    @async_slot()
    async def report_clicked(self) -> None:
        suggested = self.work.suggested_export_path("creative-memory-report").with_suffix(".html")
        path = await ask_save_path(self.work.window(), self.tr("Save a report of creative memory"), suggested)
        if path is not None:
            await self.report_to(path)

    async def report_to(self, path: Path) -> Path | None:
        """Save the report to ``path``, locked when "Encrypt with a passphrase" is ticked (the
        passphrase is asked for first)."""
        passphrase: str | None = None
        if self.encrypt_check.isChecked():  # the same choice as the export's: a locked page
            dialog = PassphraseDialog(self.work.window(), confirm=True, keychain_available=False)
            self.passphrase_dialog = dialog
            try:
                if await wait_dialog(dialog) != ACCEPTED:
                    return None
                passphrase = dialog.passphrase()
            finally:
                self.passphrase_dialog = None
                dialog.deleteLater()
        return await self.save_report(path, passphrase)

    async def save_report(self, path: Path | str, passphrase: str | None = None) -> Path | None:
        """Write the report to ``path`` in the window's language, locked with ``passphrase`` when
        given; an existing file only after the person chose "Replace"."""
        from creative_memory.gui.language import spoken_language
        from creative_memory.services.inspection import report_html

        lang = spoken_language() if spoken_language() in report_html.LANGUAGES else "en"
        try:
            if (
                force := await replace_allowed(self.work.window(), Path(path), [self.ctrl.ctx.data_dir.path])
            ) is None:
                return None
            written = await self.ctrl.change(
                report_html.save_report,
                self.ctrl.store,
                self.ctrl.user,
                self.ctrl.now(),
                Path(path),
                lang,
                force=force,
                passphrase=passphrase,
            )
        except Exception as exc:
            self.work.fail(exc, self.tr("Could not save the report."))
            return None
        text = (
            self.tr("Saved the report to {path}, locked: it opens in a browser with the passphrase.")
            if passphrase is not None
            else self.tr("Saved the report to {path}.")
        ).format(path=written)
        self.transfer_result.setText(breakable_path(text))
        self.transfer_result.setVisible(True)
        return written

    # ------------------------------------------------------------------ import
    @async_slot()
    async def import_clicked(self) -> None:
        path = await ask_open_path(
            self.work.window(), self.tr("Import creative memory"), self.work.default_folder()
        )
        if path is None:
            return
        await self.import_asked(path)

    async def import_asked(self, path: Path) -> TransferResult | None:
        """Read the file first — is it one, its passphrase, what it holds — then ask how to apply it
        (merge or replace), then import. A wrong passphrase asks for the passphrase again, only."""
        read = await self._read_file(path)
        if read is None:
            return None
        contents, passphrase = read
        dialog = ImportDialog(self.work.window(), path=path, contents=contents)
        self.import_dialog = dialog
        try:
            if await wait_dialog(dialog) != ACCEPTED:
                return None
            mode = dialog.mode()
        finally:
            self.import_dialog = None
            dialog.deleteLater()
        return await self.import_from(path, mode, passphrase)

    async def _read_file(self, path: Path) -> tuple[import_plan.ImportContents, str | None] | None:
        """What ``path`` holds and the passphrase that opened it; None (after saying why, or when
        the person cancelled) when it cannot be imported."""
        cannot = self.tr("Could not import {name}.").format(name=path.name)
        if not await self.ctrl.run(crypto.file_is_encrypted, path):
            try:
                return await self.ctrl.run(import_plan.read_contents, path, None), None
            except Exception as exc:
                self.work.fail(exc, cannot)
                return None
        remembered = await self.ctrl.run(self.ctrl.ctx.secrets.recall_passphrase, passphrase_key(path))
        prompt = self.tr("{name} is encrypted. Enter the passphrase it was exported with.").format(
            name=path.name
        )
        if remembered:
            prompt += " " + self.tr("The passphrase remembered in the keychain for this file is filled in.")
        pdialog = PassphraseDialog(self.work.window(), confirm=False, offer_remember=False, prompt=prompt)
        if remembered:
            pdialog.set_passphrase(remembered)
        self.passphrase_dialog = pdialog
        try:
            while await wait_dialog(pdialog) == ACCEPTED:
                passphrase = pdialog.passphrase()
                try:
                    contents = await self.ctrl.run(
                        import_plan.read_contents, path, functools.partial(str, passphrase)
                    )
                except crypto.WrongPassphrase:
                    pdialog.show_problem(
                        self.tr(
                            "This passphrase does not open {name}: it is wrong, or the file was changed "
                            "after export. Type the passphrase again."
                        ).format(name=path.name)
                    )
                    continue
                except Exception as exc:
                    self.work.fail(exc, cannot)
                    return None
                return contents, passphrase
            return None
        finally:
            self.passphrase_dialog = None
            pdialog.deleteLater()

    async def _confirmed(self, path: Path, plan: import_plan.ImportPlan) -> bool:
        """Ask when the file is another user's or the import changes settings; True when nothing to ask."""
        if not plan.changes and plan.bundle_user in (None, self.ctrl.user):
            return True
        dialog = ImportConfirmDialog(self.work.window(), name=path.name, plan=plan, user=self.ctrl.user)
        self.import_confirm_dialog = dialog
        try:
            return await wait_dialog(dialog) == ACCEPTED
        finally:
            self.import_confirm_dialog = None
            dialog.deleteLater()

    async def import_from(
        self, path: Path | str, mode: str = "merge", passphrase: str | None = None, *, asked: bool = False
    ) -> TransferResult | None:
        """Import a bundle (or a prototype preferences.json); merge or replace, after asking (unless
        ``asked``: the same file again, after lifting what left its events out)."""
        path = Path(path)
        self._forget_skips()
        ask = (lambda: passphrase) if passphrase is not None else None
        store, user = self.ctrl.store, self.ctrl.user
        try:
            plan = await self.ctrl.run(
                import_plan.plan_import, store, user, path, mode=mode, passphrase=ask, as_user=user
            )
        except Exception as exc:
            self.work.fail(exc, self.tr("Could not import {name}.").format(name=path.name))
            return None
        if not asked and not await self._confirmed(path, plan):
            self.transfer_result.setText(self.tr("Nothing was imported from {name}.").format(name=path.name))
            self.transfer_result.setVisible(True)
            return None
        progress = self.work.progress(
            self.tr("Importing"), self.tr("Importing {name}…").format(name=path.name)
        )
        try:
            result = await self.ctrl.change(
                importing.import_file,
                store,
                user,
                path,
                mode=mode,
                now=self.ctrl.now(),
                actor=self.work.actor(),
                passphrase=ask,
                blocks=self.ctrl.ctx.blocks,
                as_user=user,
            )
        except Exception as exc:
            self.work.progress_done(progress)
            self.work.fail(exc, self.tr("Could not import {name}.").format(name=path.name))
            return None
        self.work.progress_done(progress)
        self.transfer_result.setText(import_result_text(path.name, result))
        self.transfer_result.setVisible(True)
        if result.liftable_blocks or result.skipped_projects:
            self.last_skips = (path, passphrase, result)
            self.lift_button.setVisible(True)
        self.ctrl.notify("all")
        await self._refresh()
        return result

    def _forget_skips(self) -> None:
        self.last_skips = None
        self.lift_button.setVisible(False)

    @async_slot()
    async def lift_clicked(self) -> None:
        """Offer to lift the blocks and switches that left the last import's events out."""
        if self.last_skips is None:
            return
        path, _passphrase, result = self.last_skips
        dialog = LiftSkipsDialog(self.work.window(), name=path.name, result=result)
        self.lift_dialog = dialog
        try:
            if await wait_dialog(dialog) != ACCEPTED:
                return
            blocks, projects = dialog.chosen_blocks(), dialog.chosen_projects()
        finally:
            self.lift_dialog = None
            dialog.deleteLater()
        await self.lift_and_import(blocks, projects)

    async def lift_and_import(
        self, blocks: list[SkippedPattern], projects: list[SkippedProject]
    ) -> TransferResult | None:
        """Lift ``blocks`` and turn learning on in ``projects`` (the activity log says so), then
        import the last file again as a merge: only what was skipped comes in."""
        if self.last_skips is None:
            return None
        path, passphrase, _result = self.last_skips
        try:
            await self.ctrl.change(
                lift_skips,
                self.ctrl.store,
                self.ctrl.ctx.blocks,
                self.ctrl.user,
                blocks,
                projects,
                actor=self.work.actor(),
                now=self.ctrl.now(),
            )
        except Exception as exc:
            self.work.fail(exc, self.tr("Could not lift the blocks or switches."))
            return None
        self.ctrl.notify("all")
        return await self.import_from(path, "merge", passphrase, asked=True)

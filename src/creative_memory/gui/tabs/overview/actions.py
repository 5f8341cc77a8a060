"""The Overview's actions on memory and the store: the master switch, pause and resume, the store
folder, the self-test, rebuild and the demo data.

Every action of the tab has a method that does the work after its dialog (``set_memory_enabled``,
``pause``, ``resume``, ``run_self_test``, ``rebuild``, ``load_demo`` here; ``export_to``,
``import_from`` in :mod:`.transfer`; ``reset_store`` in :mod:`.reset`), so the buttons and the
tests go through the same code; only the choosing (file dialogs, confirmations) is in the
``*_clicked`` handlers, which the tab connects to the cards' buttons.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.dialogs import store as store_dialogs
from creative_memory.gui.dialogs.pause import PauseDialog
from creative_memory.gui.errors import show_error
from creative_memory.gui.tabs.overview.cards import CountsCard, MemoryCard
from creative_memory.gui.tabs.overview.core import ActionSupport
from creative_memory.gui.tabs.overview.tool_cards import SelfTestCard
from creative_memory.services import selftest
from creative_memory.services.common.errors import Cancelled, CreativeMemoryError
from creative_memory.services.controls import audit, controls
from creative_memory.services.demo import demostore
from creative_memory.services.derivation.cache_state import DerivationInfo
from creative_memory.services.forget import forgetting

if TYPE_CHECKING:
    from creative_memory.services.demo.demo import DemoCounts

ACCEPTED = int(QDialog.DialogCode.Accepted.value)
DEMO_SEED = 1

record_action = audit.record_action


class MemoryActions(QObject):
    """What the memory, store and self-test cards do (and the demo data of the counts card)."""

    #: an action changed the memory status; the argument is the new MemoryStatus
    statusChanged = Signal(object)

    def __init__(
        self,
        work: ActionSupport,
        memory: MemoryCard,
        counts: CountsCard,
        selftest: SelfTestCard,
        refresh: Callable[[], Awaitable[None]],
    ) -> None:
        super().__init__(work.host)
        self.work = work
        self.ctrl = work.ctrl
        self.task_keeper = work.ctrl.keeper
        self.switch = memory.switch
        self.demo_button = counts.demo_button
        self.selftest = selftest
        self._refresh = refresh
        self.pause_dialog: PauseDialog | None = None

    # ------------------------------------------------------------------ master switch
    @async_slot()
    async def switch_clicked(self) -> None:
        await self.set_memory_enabled(self.switch.isChecked())

    async def set_memory_enabled(self, enabled: bool) -> bool:
        self.switch.setChecked(enabled)
        self.switch.setEnabled(False)
        try:
            status = await self.ctrl.change(
                controls.set_enabled,
                self.ctrl.store,
                self.ctrl.user,
                enabled,
                actor=self.work.actor(),
                now=self.ctrl.now(),
            )
        except Exception as exc:
            self.switch.setChecked(not enabled)
            self.work.fail(
                exc,
                self.tr("Could not turn creative memory on.")
                if enabled
                else self.tr("Could not turn creative memory off."),
            )
            return False
        finally:
            self.switch.setEnabled(not self.work.read_only)
        self.statusChanged.emit(status)
        self.ctrl.notify("settings", "audit")
        return True

    # ------------------------------------------------------------------ pause / resume
    @async_slot()
    async def pause_clicked(self) -> None:
        dialog = PauseDialog(self.work.window(), now_ms=self.ctrl.now())
        self.pause_dialog = dialog
        try:
            result = await wait_dialog(dialog)
            choice = dialog.choice()
        finally:
            self.pause_dialog = None
            dialog.deleteLater()
        if result == ACCEPTED:
            await self.pause(choice.until, choice.what)

    async def pause(self, until: int | None, what: controls.What = "both") -> bool:
        try:
            status = await self.ctrl.change(
                controls.pause,
                self.ctrl.store,
                self.ctrl.user,
                until=until,
                what=what,
                actor=self.work.actor(),
                now=self.ctrl.now(),
            )
        except Exception as exc:
            self.work.fail(exc, self.tr("Could not pause creative memory."))
            return False
        self.statusChanged.emit(status)
        self.ctrl.notify("settings", "audit")
        return True

    @async_slot()
    async def resume_clicked(self) -> None:
        await self.resume()

    async def resume(self, what: controls.What = "both") -> bool:
        try:
            status = await self.ctrl.change(
                controls.resume,
                self.ctrl.store,
                self.ctrl.user,
                what=what,
                actor=self.work.actor(),
                now=self.ctrl.now(),
            )
        except Exception as exc:
            self.work.fail(exc, self.tr("Could not resume creative memory."))
            return False
        self.statusChanged.emit(status)
        self.ctrl.notify("settings", "audit")
        return True

    # ------------------------------------------------------------------ store folder
    def open_folder(self) -> bool:
        url = QUrl.fromLocalFile(str(self.ctrl.ctx.data_dir.path))
        ok = QDesktopServices.openUrl(url)
        if not ok:
            show_error(
                self.work.window(),
                CreativeMemoryError(
                    self.tr(
                        "The folder {path} could not be opened in a file manager; open it by hand."
                    ).format(path=self.ctrl.ctx.data_dir.path)
                ),
            )
        return bool(ok)

    @async_slot()
    async def change_store_clicked(self) -> None:
        folder = await store_dialogs.choose(self.ctrl, self.work.host)
        if folder is not None:
            await store_dialogs.use_folder(self.ctrl, self.work.host, folder)

    @async_slot()
    async def move_store_clicked(self) -> None:
        await store_dialogs.move_legacy(self.ctrl, self.work.host)

    # ------------------------------------------------------------------ self-test
    @async_slot()
    async def selftest_clicked(self) -> None:
        await self.run_self_test()

    async def run_self_test(self) -> selftest.SelfTestReport | None:
        self.selftest.selftest_button.setEnabled(False)
        self.selftest.selftest_summary.setText(self.tr("Running the checks…"))
        try:
            report = await self.ctrl.change(
                selftest.run, self.ctrl.store, self.ctrl.user, now=self.ctrl.now(), actor=self.work.actor()
            )
        except Exception as exc:
            self.selftest.selftest_summary.setText(self.tr("The self-test could not run."))
            self.work.fail(exc, self.tr("The self-test could not run."))
            return None
        finally:
            self.selftest.selftest_button.setEnabled(not self.work.read_only)
        self.selftest.show_checks(report)
        self.ctrl.notify("diagnostics", "audit")
        await self._refresh()
        return report

    # ------------------------------------------------------------------ rebuild
    @async_slot()
    async def rebuild_clicked(self) -> None:
        await self.rebuild()

    async def rebuild(self) -> DerivationInfo | None:
        """Full re-derivation on the store thread, with progress; Cancel leaves the old cache as it was.
        Its counts (None when it was cancelled or failed)."""
        progress = self.work.progress(
            self.tr("Rebuilding preferences"),
            self.tr("Re-deriving every preference from the raw events…"),
            cancellable=True,
        )
        self.selftest.rebuild_button.setEnabled(False)
        try:
            rebuilt = await self.ctrl.change(
                forgetting.rebuild_on_request,
                self.ctrl.store,
                self.ctrl.user,
                self.ctrl.now(),
                blocks=self.ctrl.ctx.blocks,
                progress=progress.report,
                cancelled=progress.is_cancelled,
            )
            info = rebuilt.derivation
            await self.ctrl.change(
                record_action,
                self.ctrl.store,
                self.ctrl.user,
                self.work.actor(),
                "rebuild",
                "preferences",
                f"ok: {info.preferences}",
                self.ctrl.now(),
            )
        except Cancelled as exc:
            self.work.progress_done(progress)
            show_error(self.work.window(), exc)
            return None
        except Exception as exc:
            self.work.progress_done(progress)
            self.work.fail(exc, self.tr("Could not rebuild the preferences."))
            return None
        finally:
            self.selftest.rebuild_button.setEnabled(not self.work.read_only)
        self.work.progress_done(progress)
        self.selftest.selftest_summary.setText(
            self.tr("Rebuilt {n} preferences from {e} events in {s:.1f} s.").format(
                n=info.preferences, e=info.events, s=info.duration_ms / 1000
            )
        )
        self.ctrl.notify("preferences", "audit")
        return info

    # ------------------------------------------------------------------ demo data
    @async_slot()
    async def demo_clicked(self) -> None:
        await self.load_demo("S")

    async def load_demo(self, size: str = "S") -> DemoCounts | None:
        """Open the separate demo store (the window's), filling it with generated data on first use."""
        window = self.work.window()
        open_demo = getattr(window, "open_demo", None)
        if open_demo is None:  # the tab alone (tests): the controller switches stores itself
            await self.ctrl.switch_store(demostore.demo_data_dir())
        else:
            await open_demo()
        if not await self.ctrl.run(demostore.is_empty, self.ctrl.store, self.ctrl.user):
            return None
        progress = self.work.progress(
            self.tr("Loading demo data"),
            self.tr("Generating the demo data set ({size})…").format(size=size),
            cancellable=True,
        )
        self.demo_button.setEnabled(False)
        try:
            counts = await self.ctrl.change(
                demostore.fill,
                self.ctrl.store,
                self.ctrl.user,
                size=size,
                seed=DEMO_SEED,
                now=self.ctrl.now(),
                actor=self.work.actor(),
                progress=progress.report,
                cancelled=progress.is_cancelled,
                blocks=self.ctrl.ctx.blocks,
            )
        except Cancelled as exc:
            self.work.progress_done(progress)
            show_error(self.work.window(), exc)
            self.ctrl.notify("all")
            return None
        except Exception as exc:
            self.work.progress_done(progress)
            self.work.fail(exc, self.tr("Could not load the demo data."))
            return None
        finally:
            self.demo_button.setEnabled(not self.work.read_only)
        self.work.progress_done(progress)
        self.ctrl.notify("all")
        await self._refresh()
        return counts

"""The main window: the state banner, six tabs, the status bar, shortcuts and live refresh."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QMainWindow, QStatusBar, QTabWidget, QVBoxLayout, QWidget

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.banner_state import StoreInfo
from creative_memory.gui.collector import collector
from creative_memory.gui.controller import Controller
from creative_memory.gui.errors import show_error
from creative_memory.gui.first_screen import FirstScreen
from creative_memory.gui.icons import app_icon
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tab_places import TabPlaces, TabT
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.visible import number, said
from creative_memory.gui.window_banners import WindowBanners
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.controls.status import MemoryStatus

if TYPE_CHECKING:
    from creative_memory.gui.itemmodels.preferences import PreferenceKey
    from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab
    from creative_memory.gui.tabs.inspector.view import InspectorTab
    from creative_memory.services.context import Context
    from creative_memory.services.derivation.cache_state import DerivationInfo, Progress
    from creative_memory.services.keychain.secret_status import SecretStatus
    from creative_memory.services.store.store import Store

log = logging.getLogger("cm.gui")


def _rederive(store: Store, user_id: str, now: int, progress: Progress) -> DerivationInfo | None:
    """Re-derive preferences derived by older rules, on the store thread (where the derivation is
    imported: it is not needed before)."""
    from creative_memory.services.derivation.rederive import rederive_if_outdated

    return rederive_if_outdated(store, user_id, now, progress=progress)


class MainWindow(QMainWindow):
    #: a pass of a tab's refresh has ended: the tab's key and when the pass began (``time.time()``);
    #: what the tab shows is the store as of then (how live refresh is measured, decision 0060)
    tabRefreshed = Signal(str, float)

    def __init__(self, ctrl: Controller, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # cycles are collected on this thread only while the window is open (gui/collector.py)
        collector().hold()
        self._collector_held = True
        #: closing this window ends the program (the program's own window, not a test's): its
        #: close leaves the process's memory to the process's end (``GuiCollector.release``)
        self.ends_program = False
        self._store_loaded = False  # a store's tab has been loaded (then start-up's objects are frozen)
        self._decay_note: str | None = None  # the status bar's note of a long decay catch-up
        self._busy = False  # a long operation runs (the status bar says "Working…")
        self.first = FirstScreen()  # the first refresh after the store opened
        self.ctrl = ctrl
        ctrl.after_first_screen = self.first.settled  # what can wait waits for the first screen
        ctrl.first_screen_pending = True
        self.task_keeper = ctrl.keeper
        self.settings = settings
        self.store_info = StoreInfo()
        self.setWindowTitle(self.tr("Creative Memory Studio"))
        self.setWindowIcon(app_icon())
        self.setObjectName("main_window")

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self._build_banners(central, layout)
        self._real_data_dir = ctrl.ctx.data_dir
        #: the tabs whose refresh runs (the key), and whether it was asked for again meanwhile
        self._refreshing: dict[str, bool] = {}
        self._refreshed: list[asyncio.Future[None]] = []  # waiting until no refresh runs
        self._banner_timer = QTimer(self)
        self._banner_timer.setInterval(30_000)  # the time left of a pause counts down
        self._banner_timer.timeout.connect(lambda: self._on_status(self.ctrl.status))
        self._banner_timer.start()

        self.tabs = QTabWidget(central)
        self.tabs.setObjectName("tabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setAccessibleName(self.tr("Sections"))
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        self._build_pages(ctrl)
        self._build_status_bar()

        self.tabs.currentChanged.connect(self._on_tab_changed)
        ctrl.statusChanged.connect(self._on_status)
        ctrl.changed.connect(self._on_changed)
        ctrl.externalChange.connect(self._on_external)
        ctrl.before_status = self.refreshes_done
        ctrl.liveChanged.connect(self._set_live)
        ctrl.busyChanged.connect(self._on_busy)
        ctrl.decayProgress.connect(self._on_decay_progress)
        ctrl.storeSwitched.connect(self._store_switched)

        self.resize(1100, 720)
        settings.restore_window(self)
        last = settings.last_tab
        if 0 <= last < self.tabs.count():
            self.tabs.setCurrentIndex(last)
        self.places.current()  # the tab shown first is built now, the others when shown

    def _build_banners(self, central: QWidget, layout: QVBoxLayout) -> None:
        """The demo notice, the state banner and the notice, top to bottom (``gui/window_banners.py``)."""
        self.banners = WindowBanners(central, layout, self.ctrl, self.settings, self.store_info)
        self.banner, self.demo_banner, self.notice = (
            self.banners.state,
            self.banners.demo,
            self.banners.notice,
        )
        self.demo_banner.actionTriggered.connect(self._back_to_real)

    def _build_pages(self, ctrl: Controller) -> None:
        """The six tabs' places (each tab is built when first shown: ``gui/tab_places.py``), their
        Ctrl+1…6 shortcuts, Refresh/F5 and Find."""
        self._pages_enabled = True  # False while no store could be opened
        self.places = TabPlaces(self.tabs, self, ctrl, self._prepare_page)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self).activated.connect(
            self.refresh_current
        )
        QShortcut(QKeySequence("F5"), self).activated.connect(self.refresh_current)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self).activated.connect(self._focus_filter)

    @property
    def pages(self) -> list[Tab]:
        """Every tab in order (those not shown yet are built now)."""
        return self.places.every()

    def _prepare_page(self, page: Tab) -> None:
        """A tab just built: connected to the others and told the store's state."""
        self._connect_page(page)
        if not self._pages_enabled:
            page.setEnabled(False)
        elif self._store_loaded:
            page.set_read_only(self.ctrl.store.read_only)

    def _connect_page(self, page: Tab) -> None:
        """What one tab asks of another goes through here: a signal of the one, a slot of the
        other (connected when the tab is built); the Overview gets the memory-notes switch."""
        if page.key == "overview":
            from creative_memory.gui.memory_notes import attach as attach_memory_notes
            from creative_memory.gui.tabs.overview.view import OverviewTab

            attach_memory_notes(cast("OverviewTab", page), self.ctrl)
        elif page.key == "inspector":
            cast("InspectorTab", page).whatIfForget.connect(self._preview_as_if_forgotten)
        elif page.key == "diagnostics":
            from creative_memory.gui.tabs.inspector.view import InspectorTab

            inspector = self.page(InspectorTab)  # its forget panel forgets what Diagnostics shows
            kept = cast("DiagnosticsTab", page).kept_panel  # what a retrieval used
            kept.showInInspector.connect(self._show_in_inspector)
            kept.forgetAsked.connect(inspector.forget.forget_key_asked)
            inspector.forget.forgettingChanged.connect(kept.set_busy)

    async def show_retrieval(self, retrieval_id: int) -> bool:
        """Diagnostics made current on one recorded retrieval (``--retrieval ID``, a memory note's
        link); False, with a sentence in the tab, when the store has no such retrieval."""
        from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab

        diagnostics = self.page(DiagnosticsTab)
        diagnostics.stale = False  # open_retrieval refreshes it once
        self.tabs.setCurrentWidget(diagnostics)
        return await diagnostics.open_retrieval(retrieval_id)

    def page(self, kind: type[TabT]) -> TabT:
        """The tab of this class (built now if it was not yet)."""
        return self.places.of(kind)

    def _preview_as_if_forgotten(self, pairs: list[tuple[str, str, str]]) -> None:
        """The Inspector's "Preview as if forgotten": the Preview tab takes the selection and is shown."""
        from creative_memory.gui.tabs.preview.view import PreviewTab

        preview = self.page(PreviewTab)
        preview.show_as_if_forgotten(pairs)
        if pairs:
            self.tabs.setCurrentWidget(preview)

    def _show_in_inspector(self, key: PreferenceKey) -> None:
        """Diagnostics' Show in Inspector: the Inspector, filtered to the pattern, the preference selected."""
        from creative_memory.gui.tabs.inspector.view import InspectorTab

        inspector = self.page(InspectorTab)
        self.tabs.setCurrentWidget(inspector)
        self.ctrl.start(inspector.show_key(key), name="show-in-inspector")

    def _build_status_bar(self) -> None:
        """Where the store is, and whether it is watched live."""
        self.store_label = QLabel(self)
        self.store_label.setObjectName("store_path")
        self.store_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.live_label = QLabel(self)
        self.live_label.setObjectName("live_indicator")
        # Made here, not by statusBar(): a bar QMainWindow makes in C++ can take the address of an
        # object C++ freed while Python still held it, and PySide6 then hands back that old
        # object's wrapper (seen once: a QSpacerItem "has no attribute 'addWidget'").
        self.status_bar = QStatusBar(self)
        self.setStatusBar(self.status_bar)
        self.status_bar.addWidget(self.store_label, 1)
        self.status_bar.addPermanentWidget(self.live_label)
        self._set_live(True)

    # ------------------------------------------------------------------ store lifecycle
    def store_opened(self) -> None:
        store = self.ctrl.store
        self.store_info.read_only = store.read_only
        self.store_info.too_new = store.too_new
        self.store_info.reason = store.read_only_reason or ""
        dd = self.ctrl.ctx.data_dir
        self.store_label.setText(self.tr("Store: {path}").format(path=str(dd.store)))
        self.store_label.setToolTip(dd.describe())
        for page in self.places.built():  # a tab built later is told when it is built
            page.set_read_only(store.read_only)
        self._on_status(self.ctrl.status)
        self._store_loaded = True
        self.refresh_current()
        if not self.current_page().isEnabled():  # nothing to load: nothing waits for it
            self._first_screen_done()
        self.ctrl.start(self._check_keychain(), name="keychain-notice")
        if self.ctrl.outdated_rules is not None:
            self.ctrl.start(self._rederive(), name="rederive")

    async def _check_keychain(self) -> None:
        """Where the install secret is kept, asked on the store thread once the first screen is
        shown (a keychain can take long to answer, and its module is imported there): the notice
        says so when it is kept in a file (a moment after the first screen: :meth:`first_screen_settled`)."""
        await self.first_screen_settled()
        try:
            secret_status = await self.ctrl.run(_secret_status, self.ctrl.ctx)
        except CreativeMemoryError as exc:
            self.store_info.keychain_fallback = True
            self.store_info.keychain_detail = str(exc)
        else:
            if not secret_status.fallback:
                return
            self.store_info.keychain_fallback = True
            self.store_info.keychain_detail = (
                said(secret_status.sentence) if secret_status.sentence is not None else secret_status.detail
            )
        self._show_notice()

    async def first_screen(self) -> None:
        """Return once the window's first screen is shown (what can wait waits for it)."""
        await self.first.wait()

    async def first_screen_settled(self) -> None:
        """Return a moment after the first screen has painted and answered (``FirstScreen.settled``)."""
        await self.first.settled()

    def _first_screen_done(self) -> None:
        if self.first.done():
            self.ctrl.first_screen_pending = False

    async def _rederive(self) -> None:
        """Re-derive preferences derived by older rules (decision 0026), with progress."""
        from creative_memory.gui.dialogs.progress import ProgressDialog

        dialog = ProgressDialog(
            self,
            title=self.tr("Updating preferences"),
            text=self.tr(
                "The rules that turn your reactions into preferences have changed. Re-deriving every "
                "preference from the raw events…"
            ),
        )
        self.ctrl.busyChanged.emit(True)
        try:
            await self.ctrl.run(_rederive, self.ctrl.store, self.ctrl.user, self.ctrl.now(), dialog.report)
            self.ctrl.outdated_rules = None
        except CreativeMemoryError as exc:
            show_error(
                self, exc, action=self.tr("Could not re-derive the preferences; they are shown as stored.")
            )
        finally:
            dialog.finish()
            self.ctrl.busyChanged.emit(False)
        self.ctrl.notify("preferences", "audit")

    def store_failed(self, exc: BaseException) -> None:
        """The store could not be opened: say so across the window, keep the window usable."""
        self.banner.show_message("error", str(exc))
        self.store_label.setText(self.tr("No store open"))
        self._pages_enabled = False
        for page in self.places.built():
            page.setEnabled(False)
        self._set_live(False)

    # ------------------------------------------------------------------ banner
    def _on_status(self, status: MemoryStatus | None) -> None:
        self.banners.show_status(status)

    def _show_notice(self) -> None:
        self.banners.show_notice()

    # ------------------------------------------------------------------ the demo store
    @property
    def in_demo(self) -> bool:
        return self.ctrl.ctx.data_dir.rule == "demo"

    async def open_demo(self) -> None:
        """Open the separate demo store in place of the person's own (filled on first use)."""
        from creative_memory.services.demo.demostore import demo_data_dir

        if not self.in_demo:
            self._real_data_dir = self.ctrl.ctx.data_dir
            await self.ctrl.switch_store(demo_data_dir())

    async def back_to_real(self) -> None:
        if self.in_demo:
            await self.ctrl.switch_store(self._real_data_dir)

    @async_slot()
    async def _back_to_real(self) -> None:
        try:
            await self.back_to_real()
        except CreativeMemoryError as exc:
            show_error(self, exc)

    def _store_switched(self) -> None:
        self.banners.show_demo(self.in_demo)
        self._pages_enabled = True
        for page in self.places.built():
            page.setEnabled(True)
        self._mark_all_stale()
        self.store_opened()

    # ------------------------------------------------------------------ refresh plumbing
    def current_page(self) -> Tab:
        return self.places.current()

    def refresh_current(self) -> None:
        page = self.current_page()
        if page.isEnabled():
            self._refresh(page)

    def _refresh(self, page: Tab) -> None:
        """Refresh ``page``; asked again while its refresh runs, it runs once more after it (not
        beside it). Under a writer a change is noticed every second, and a refresh of a large
        store can take longer: refreshes that overlap only queue more work on the store thread."""
        if page.key in self._refreshing:
            self._refreshing[page.key] = True
            return
        self._refreshing[page.key] = False
        self.ctrl.start(self._refresh_passes(page), name=f"refresh-{page.key}")

    async def _refresh_passes(self, page: Tab) -> None:
        try:
            again = True
            while again:
                self._refreshing[page.key] = False
                began = time.time()
                await page.refresh()
                self.tabRefreshed.emit(page.key, began)
                again = self._refreshing[page.key]
        finally:
            del self._refreshing[page.key]
            if not self._refreshing:
                waiting, self._refreshed = self._refreshed, []
                for future in waiting:
                    if not future.done():
                        future.set_result(None)
            if self._store_loaded:
                self._first_screen_done()
        if self._store_loaded and self._collector_held:
            collector().settle()  # once: what start-up and the first tab made is never walked again

    async def refreshes_done(self, timeout: float = 2.0) -> None:
        """Return once no tab's refresh runs, or after ``timeout`` s (refreshes chained under a
        writer must not hold back the status for ever)."""
        if not self._refreshing:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._refreshed.append(future)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(future, timeout)

    def showing_latest(self) -> bool:
        """Whether the visible tab shows what the store held when it was last told of a change:
        not stale, and no refresh of it running or asked for."""
        page = self.current_page()
        return not page.stale and page.key not in self._refreshing

    def first_screen_loaded(self) -> bool:
        """Whether the window shows its first screen whole: the store is open and its status is in
        the banner, the visible tab shows the store's data (no refresh of it running or asked
        for), and no long operation is under way."""
        return (
            self._store_loaded and self.ctrl.status is not None and self.showing_latest() and not self._busy
        )

    def _on_tab_changed(self, index: int) -> None:
        self.settings.last_tab = index
        page = self.places.at(index)
        if page.stale and page.isEnabled():
            self._refresh(page)

    def _mark_all_stale(self) -> None:
        for page in self.places.built():  # a tab not built yet reads the store when it is
            page.stale = True

    def _on_changed(self, _what: str) -> None:
        self._mark_all_stale()
        self.refresh_current()

    def _on_external(self) -> None:
        self._mark_all_stale()
        self.refresh_current()

    def _focus_filter(self) -> None:
        if not self.current_page().focus_filter():  # Ctrl+F on a tab with no list to search
            self.status_bar.showMessage(
                self.tr(
                    "There is nothing to search on this tab: Ctrl+3 searches preferences in the Inspector, "
                    "Ctrl+4 retrievals in Diagnostics."
                ),
                8000,
            )

    def _set_live(self, live: bool) -> None:
        self.live_label.setText(self.tr("● Live") if live else self.tr("○ Not live"))
        self.live_label.setToolTip(
            self.tr("Changes made by Open Design appear here within a second or two.")
            if live
            else self.tr("The store cannot be read right now; the view is not updating.")
        )
        self.live_label.setAccessibleName(self.live_label.text())

    def _on_busy(self, busy: bool) -> None:
        self._busy = busy
        if busy:
            self.status_bar.showMessage(self.tr("Working…"))
        else:
            self.status_bar.clearMessage()

    def _on_decay_progress(self, done: int, total: int) -> None:
        """A long decay catch-up (a store left for months) in the status bar, until it ends."""
        if done < total:
            self._decay_note = self.tr(
                "Bringing memory up to today: {done} of {total} preferences aged by the time passed…"
            ).format(done=number(done), total=number(total))
            self.status_bar.showMessage(self._decay_note)
        elif self._decay_note is not None:
            if self.status_bar.currentMessage() == self._decay_note:
                self.status_bar.clearMessage()
            self._decay_note = None

    # ------------------------------------------------------------------ closing
    def closeEvent(self, event: QCloseEvent) -> None:
        self.ctrl.stop_polling()
        self.settings.save_window(self)
        self.settings.last_tab = self.tabs.currentIndex()
        for page in self.places.built():
            page.save_state()
        self.settings.sync()
        super().closeEvent(event)
        if self._collector_held:
            self._collector_held = False
            collector().release(ending=self.ends_program)


def _secret_status(ctx: Context) -> SecretStatus:
    """Where the install secret is kept (on the store thread: the keychain's module is imported
    there, and a keychain may take long to answer)."""
    return ctx.secrets.status()

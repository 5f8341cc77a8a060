"""The main window: the state banner, six tabs, the status bar, shortcuts and live refresh."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from PySide6.QtCore import QDateTime, QLocale, Qt
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QMainWindow, QTabWidget, QVBoxLayout, QWidget

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs import ProgressDialog
from creative_memory.gui.errors import show_error
from creative_memory.gui.icons import app_icon
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.activity import ActivityTab
from creative_memory.gui.tabs.base import Tab, tr
from creative_memory.gui.tabs.diagnostics import DiagnosticsTab
from creative_memory.gui.tabs.inspector import InspectorTab
from creative_memory.gui.tabs.overview import OverviewTab
from creative_memory.gui.tabs.preview import PreviewTab
from creative_memory.gui.tabs.projects import ProjectsTab
from creative_memory.gui.widgets import Banner
from creative_memory.services import controls
from creative_memory.services.errors import CreativeMemoryError
from creative_memory.services.rederive import rederive_if_outdated

log = logging.getLogger("cm.gui")


def format_until(iso_text: str | None, *, forever: bool) -> str:
    """'until Tue 24 Nov, 09:00' in local time, or 'until you resume'."""
    if forever or not iso_text:
        return tr("until you resume")
    dt = datetime.fromisoformat(iso_text.replace("Z", "+00:00"))
    local = QDateTime.fromMSecsSinceEpoch(int(dt.timestamp() * 1000)).toLocalTime()
    return tr("until {when}").format(when=QLocale().toString(local, "ddd d MMM, HH:mm"))


def banner_state(status: dict[str, Any], store_info: dict[str, Any]) -> tuple[str, str, str | None] | None:
    """(kind, text, action) for the banner, or None when memory is fully on. Pure, for tests."""
    lines: list[str] = []
    kind = "info"
    action: str | None = None
    if store_info.get("too_new"):
        kind = "error"
        lines.append(tr("Store written by a newer version: {reason}").format(reason=store_info.get("reason", "")))
    elif store_info.get("read_only"):
        kind = "warning"
        lines.append(tr("This store is read-only: {reason}").format(reason=store_info.get("reason", "")))
    if status:
        if not status.get("enabled", True):
            kind = "warning" if kind == "info" else kind
            lines.append(tr("Creative memory is off: nothing is learned and nothing is injected."))
            action = action or "enable"
        lp, up = status.get("learning_paused_until"), status.get("using_paused_until")
        forever = status.get("paused_until_resumed", {})
        if lp and up and lp == up:
            lines.append(
                tr("Paused — learning and using — {until}.").format(
                    until=format_until(lp, forever=bool(forever.get("learning")))
                )
            )
        else:
            if lp:
                lines.append(
                    tr("Paused — learning — {until}.").format(
                        until=format_until(lp, forever=bool(forever.get("learning")))
                    )
                )
            if up:
                lines.append(
                    tr("Paused — using — {until}.").format(until=format_until(up, forever=bool(forever.get("using"))))
                )
        if (lp or up) and action is None:
            action = "resume"
    if store_info.get("keychain_fallback"):
        lines.append(store_info.get("keychain_detail", tr("No system keychain was found.")))
    if not lines:
        return None
    return kind, "\n".join(lines), action


class MainWindow(QMainWindow):
    def __init__(self, ctrl: Controller, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.task_keeper = ctrl.keeper
        self.settings = settings
        self.store_info: dict[str, Any] = {}
        self.setWindowTitle(tr("Creative Memory Studio"))
        self.setWindowIcon(app_icon())
        self.setObjectName("main_window")

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.banner = Banner(central)
        self.banner.setObjectName("state_banner")
        self.banner.clear()
        self.banner.actionTriggered.connect(self._banner_action)
        layout.addWidget(self.banner)

        self.tabs = QTabWidget(central)
        self.tabs.setObjectName("tabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setAccessibleName(tr("Sections"))
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        self.pages: list[Tab] = [
            OverviewTab(ctrl),
            ProjectsTab(ctrl),
            InspectorTab(ctrl),
            DiagnosticsTab(ctrl),
            PreviewTab(ctrl),
            ActivityTab(ctrl),
        ]
        for i, page in enumerate(self.pages, start=1):
            self.tabs.addTab(page, page.title())
            self.tabs.setTabToolTip(i - 1, tr("{title} (Ctrl+{n})").format(title=page.title(), n=i))
            sc = QShortcut(QKeySequence(f"Ctrl+{i}"), self)
            sc.activated.connect(lambda idx=i - 1: self.tabs.setCurrentIndex(idx))
        QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self).activated.connect(self.refresh_current)
        QShortcut(QKeySequence("F5"), self).activated.connect(self.refresh_current)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self).activated.connect(self._focus_filter)

        self.store_label = QLabel(self)
        self.store_label.setObjectName("store_path")
        self.store_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.live_label = QLabel(self)
        self.live_label.setObjectName("live_indicator")
        self.statusBar().addWidget(self.store_label, 1)
        self.statusBar().addPermanentWidget(self.live_label)
        self._set_live(True)

        self.tabs.currentChanged.connect(self._on_tab_changed)
        ctrl.statusChanged.connect(self._on_status)
        ctrl.changed.connect(self._on_changed)
        ctrl.externalChange.connect(self._on_external)
        ctrl.liveChanged.connect(self._set_live)
        ctrl.busyChanged.connect(self._on_busy)

        self.resize(1100, 720)
        settings.restore_window(self)
        last = settings.last_tab
        if 0 <= last < self.tabs.count():
            self.tabs.setCurrentIndex(last)

    # ------------------------------------------------------------------ store lifecycle
    def store_opened(self) -> None:
        store = self.ctrl.store
        secret_status = None
        try:
            secret_status = self.ctrl.ctx.secrets.status()
        except CreativeMemoryError as exc:
            secret_status = None
            self.store_info["keychain_fallback"] = True
            self.store_info["keychain_detail"] = str(exc)
        self.store_info.update(
            {
                "read_only": store.read_only,
                "too_new": store.too_new,
                "reason": store.read_only_reason or "",
            }
        )
        if secret_status is not None and secret_status.fallback:
            self.store_info["keychain_fallback"] = True
            self.store_info["keychain_detail"] = secret_status.detail
        dd = self.ctrl.ctx.data_dir
        self.store_label.setText(tr("Store: {path}").format(path=str(dd.store)))
        self.store_label.setToolTip(dd.describe())
        for page in self.pages:
            page.set_read_only(store.read_only)
        self._on_status(self.ctrl.status)
        self.refresh_current()
        if self.ctrl.outdated_rules is not None:
            self.ctrl.start(self._rederive(), name="rederive")

    async def _rederive(self) -> None:
        """Re-derive preferences derived by older rules (decision 0026), with progress."""
        dialog = ProgressDialog(self, title=tr("Updating preferences"), text=tr(
            "The rules that turn your reactions into preferences have changed. Re-deriving every "
            "preference from the raw events…"))
        self.ctrl.busyChanged.emit(True)
        try:
            await self.ctrl.run(rederive_if_outdated, self.ctrl.store, self.ctrl.user, self.ctrl.now(),
                                progress=dialog.report)
            self.ctrl.outdated_rules = None
        except CreativeMemoryError as exc:
            show_error(self, exc, action=tr("Could not re-derive the preferences; they are shown as stored."))
        finally:
            dialog.finish()
            self.ctrl.busyChanged.emit(False)
        self.ctrl.notify("preferences", "audit")

    def store_failed(self, exc: BaseException) -> None:
        """The store could not be opened: say so across the window, keep the window usable."""
        self.banner.show_message("error", str(exc))
        self.store_label.setText(tr("No store open"))
        for page in self.pages:
            page.setEnabled(False)
        self._set_live(False)

    # ------------------------------------------------------------------ banner
    def _on_status(self, status: dict[str, Any]) -> None:
        state = banner_state(status, self.store_info)
        if state is None:
            self.banner.clear()
            return
        kind, text, action = state
        label = {"enable": tr("Turn on"), "resume": tr("Resume")}.get(action or "")
        self._banner_action_kind = action
        self.banner.show_message(kind, text, label)  # type: ignore[arg-type]

    @async_slot()
    async def _banner_action(self) -> None:
        action = getattr(self, "_banner_action_kind", None)
        if self.ctrl.store.read_only:
            return
        try:
            if action == "enable":
                await self.ctrl.run(controls.set_enabled, self.ctrl.store, self.ctrl.user, True,
                                    actor=self.ctrl.ctx.actor, now=self.ctrl.now())
            elif action == "resume":
                await self.ctrl.run(controls.resume, self.ctrl.store, self.ctrl.user, what="both",
                                    actor=self.ctrl.ctx.actor, now=self.ctrl.now())
        except CreativeMemoryError as exc:
            show_error(self, exc)
            return
        self.ctrl.notify("settings", "audit")

    # ------------------------------------------------------------------ refresh plumbing
    def current_page(self) -> Tab:
        page = self.tabs.currentWidget()
        assert isinstance(page, Tab)
        return page

    def refresh_current(self) -> None:
        page = self.current_page()
        if page.isEnabled():
            self.ctrl.start(page.refresh(), name=f"refresh-{page.key}")

    def _on_tab_changed(self, index: int) -> None:
        self.settings.last_tab = index
        page = self.pages[index]
        if page.stale and page.isEnabled():
            self.ctrl.start(page.refresh(), name=f"refresh-{page.key}")

    def _mark_all_stale(self) -> None:
        for page in self.pages:
            page.stale = True

    def _on_changed(self, _what: str) -> None:
        self._mark_all_stale()
        self.refresh_current()

    def _on_external(self) -> None:
        self._mark_all_stale()
        self.refresh_current()

    def _focus_filter(self) -> None:
        self.current_page().focus_filter()

    def _set_live(self, live: bool) -> None:
        self.live_label.setText(tr("● Live") if live else tr("○ Not live"))
        self.live_label.setToolTip(
            tr("Changes made by Open Design appear here within a second or two.")
            if live
            else tr("The store cannot be read right now; the view is not updating.")
        )
        self.live_label.setAccessibleName(self.live_label.text())

    def _on_busy(self, busy: bool) -> None:
        if busy:
            self.statusBar().showMessage(tr("Working…"))
        else:
            self.statusBar().clearMessage()

    # ------------------------------------------------------------------ closing
    def closeEvent(self, event: QCloseEvent) -> None:
        self.ctrl.stop_polling()
        self.settings.save_window(self)
        self.settings.last_tab = self.tabs.currentIndex()
        for page in self.pages:
            page.save_state()
        self.settings.sync()
        super().closeEvent(event)

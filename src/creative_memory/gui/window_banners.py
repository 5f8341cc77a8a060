"""The main window's three banners, top to bottom: the demo notice, the memory state (paused, off,
read-only…, with the action that undoes it) and a notice a person can hide (the keychain's)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QVBoxLayout, QWidget

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.banner_state import StoreInfo, banner_state, notice_state
from creative_memory.gui.controller import Controller
from creative_memory.gui.errors import show_error
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.widgets.banner import Banner
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.controls.status import MemoryStatus

DISMISSED = "notices/dismissed"


class WindowBanners(QObject):
    """The banners of one window, laid out in ``layout``; ``store_info`` is what the window knows
    of its store (read-only, the keychain), which the state and the notice are worded from."""

    def __init__(
        self,
        central: QWidget,
        layout: QVBoxLayout,
        ctrl: Controller,
        settings: AppSettings,
        store_info: StoreInfo,
    ) -> None:
        super().__init__(central)
        self.ctrl = ctrl
        self.settings = settings
        self.store_info = store_info
        self.task_keeper = ctrl.keeper  # async_slot starts its coroutines here
        self._action: str | None = None  # what the state banner's button does
        self._notice_key = ""  # which notice is shown (hidden for good once dismissed)
        self.state = _banner(central, "state_banner", self.tr("Memory state"))
        self.state.clear()
        self.state.actionTriggered.connect(self._state_action)
        self.demo = _banner(central, "demo_banner", self.tr("Demo data notice"))
        self.notice = _banner(central, "notice_banner", self.tr("Notice"))
        self.notice.actionTriggered.connect(self._dismiss_notice)
        layout.addWidget(self.demo)
        layout.addWidget(self.state)
        layout.addWidget(self.notice)

    def show_status(self, status: MemoryStatus | None) -> None:
        self.show_notice()
        state = banner_state(status, self.store_info, self.ctrl.now())
        if state is None:
            self.state.clear()
            return
        kind, text, action = state
        label = {"enable": self.tr("&Turn on"), "resume": self.tr("&Resume")}.get(action or "")
        self._action = action
        self.state.show_message(kind, text, label)  # type: ignore[arg-type]

    @async_slot()
    async def _state_action(self) -> None:
        from creative_memory.services.controls import controls

        ctrl = self.ctrl
        if ctrl.store.read_only:
            return
        try:
            if self._action == "enable":
                await ctrl.change(
                    controls.set_enabled, ctrl.store, ctrl.user, True, actor=ctrl.ctx.actor, now=ctrl.now()
                )
            elif self._action == "resume":
                await ctrl.change(
                    controls.resume, ctrl.store, ctrl.user, what="both", actor=ctrl.ctx.actor, now=ctrl.now()
                )
        except CreativeMemoryError as exc:
            show_error(self.state.window(), exc)
            return
        ctrl.notify("settings", "audit")

    def show_notice(self) -> None:
        state = notice_state(self.store_info)
        if state is None or state[0] in self._dismissed():
            self.notice.clear()
            return
        self._notice_key = state[0]
        self.notice.show_message("info", state[1], self.tr("O&K, hide this notice"))

    def _dismiss_notice(self) -> None:
        key = self._notice_key
        dismissed = self._dismissed()
        if key and key not in dismissed:
            self.settings.set_value(DISMISSED, ",".join([*dismissed, key]))
        self.notice.clear()

    def _dismissed(self) -> list[str]:
        """The notices hidden for good (kept in the settings, comma-separated)."""
        return [k for k in str(self.settings.value(DISMISSED, "") or "").split(",") if k]

    def show_demo(self, in_demo: bool) -> None:
        if in_demo:
            self.demo.show_message(
                "warning",
                self.tr("Demo data — not your memory. Nothing here is used by Open Design."),
                self.tr("&Back to my memory"),
            )
        else:
            self.demo.clear()


def _banner(parent: QWidget, name: str, accessible: str) -> Banner:
    banner = Banner(parent)
    banner.setObjectName(name)
    banner.setAccessibleName(accessible)
    return banner

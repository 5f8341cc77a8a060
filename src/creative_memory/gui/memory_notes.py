"""The Overview's "Show memory notes in chat" switch (off by default; docs/decisions/0014).

It is made here and handed to the Overview (:func:`attach`), which puts it under the master switch
(:meth:`OverviewTab.add_memory_switch`), so the Overview's own module does not grow."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QWidget

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.controller import Controller
from creative_memory.gui.errors import show_error
from creative_memory.gui.tabs.overview.view import OverviewTab
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.controls.status import MemoryStatus


class MemoryNotesCheck(QCheckBox):
    """Writes the setting through ``services.controls.notes``; shows the stored value from each status."""

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Show memor&y notes in chat"), parent)
        self.ctrl = ctrl
        self.task_keeper = ctrl.keeper
        self.setObjectName("memory_notes")
        self.setAccessibleName(self.tr("Show memory notes in chat"))
        self.setToolTip(
            self.tr(
                "After each generation, Open Design shows one short line such as “memory: 7 preferences "
                "used; 2 capped”, which opens that retrieval here. Off by default."
            )
        )
        self.clicked.connect(self._on_clicked)

    def apply_status(self, status: MemoryStatus | None) -> None:
        """Show the stored value (a status arrives only once the store is open)."""
        if status is not None:
            self.setChecked(status.memory_notes)
            self._enable()

    def _enable(self) -> None:
        store = self.ctrl.ctx.open_store  # never (re)open a store from a status signal
        read_only = store is None or store.read_only
        self.setEnabled(not read_only)
        if read_only:
            self.setToolTip(self.tr("This store is read-only, so this cannot be changed."))

    @async_slot()
    async def _on_clicked(self) -> None:
        await self.set_notes(self.isChecked())

    async def set_notes(self, on: bool) -> bool:
        from creative_memory.services.controls import notes  # with the ORM: not needed to start

        self.setEnabled(False)
        try:
            status = await self.ctrl.change(
                notes.set_notes,
                self.ctrl.store,
                self.ctrl.user,
                on,
                actor=self.ctrl.ctx.actor,
                now=self.ctrl.now(),
            )
        except CreativeMemoryError as exc:
            self.setChecked(not on)
            show_error(self, exc, action=self.tr("Could not change memory notes."))
            return False
        finally:
            self._enable()
        self.apply_status(status)
        self.ctrl.notify("settings", "audit")
        return True


def attach(overview: OverviewTab, ctrl: Controller) -> MemoryNotesCheck:
    """Put the switch under the master switch's explanation on the Overview's memory card."""
    check = MemoryNotesCheck(ctrl, overview)
    overview.add_memory_switch(check)
    ctrl.statusChanged.connect(check.apply_status)
    check.apply_status(ctrl.status)
    return check

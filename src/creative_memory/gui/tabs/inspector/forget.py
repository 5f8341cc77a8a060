"""The Inspector's Forget actions: the scope dialog, "Forget all shown", a session, and the receipt.

A mixin of :class:`gui.tabs.inspector.view.InspectorTab` (it uses the tab's controller, model, table and
buttons). Counting, planning and erasing run in ``services`` on the store thread; the dialogs are
opened with :func:`gui.asyncbridge.wait_dialog`, never ``exec()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QToolButton, QTreeWidget, QWidget

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.dialogs.forget import ForgetDialog, count_erasure, plan_targets
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.errors import show_error
from creative_memory.gui.itemmodels.preferences import PreferenceKey, PreferenceTableModel
from creative_memory.gui.visible import number as _n
from creative_memory.gui.visible import shown_id
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.forget import forget_scope, forgetting, session_forget
from creative_memory.services.forget.erasure import Receipt
from creative_memory.services.forget.session_forget import SessionReceipt
from creative_memory.services.inspection import queries

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtGui import QAction

    from creative_memory.gui.controller import Controller

#: the events list keeps each event's stored session id under this role (column 4)
SESSION_ROLE = Qt.ItemDataRole.UserRole + 71

#: "Forget all shown" lists every row in its dialog: at most this many
FORGET_ALL_LIMIT = 5_000


class ForgetActions:
    """Forget the selection, everything the filter shows, or what one session taught."""

    if TYPE_CHECKING:
        ctrl: Controller
        model: PreferenceTableModel
        events_view: QTreeWidget
        forget_session_button: QToolButton
        forget_session_action: QAction
        forget_all_action: QAction
        forget_dialog: ForgetDialog | None
        receipt_dialog: ReceiptDialog | None
        session_dialog: QMessageBox | None
        last_receipt: Receipt | None
        last_session_receipt: SessionReceipt | None
        forgotten: SignalInstance
        _read_only: bool
        _forgetting: bool

        def selected_keys(self) -> list[PreferenceKey]: ...
        def _update_actions(self) -> None: ...
        async def refresh(self) -> None: ...

    def _host(self) -> QWidget:
        """The tab itself, as the parent of the dialogs."""
        assert isinstance(self, QWidget)
        return self

    # ------------------------------------------------------------------ forget
    def _on_forget(self) -> None:
        self.ctrl.start(self.forget_selected(block=False), name="inspector-forget")

    def _on_forget_all(self) -> None:
        self.ctrl.start(self.forget_all_shown(), name="inspector-forget-all")

    def _on_forget_block(self) -> None:
        self.ctrl.start(self.forget_selected(block=True), name="inspector-forget-block")

    async def forget_selected(self, *, block: bool = False) -> Receipt | None:
        """Ask, then erase the selection (one forget call for every target); show the receipt."""
        return await self.forget_keys(self.selected_keys(), block=block)

    async def forget_all_shown(self, *, block: bool = False) -> Receipt | None:
        """Forget every row this filter shows (all of them ticked in the dialog)."""
        if self._read_only or self._forgetting:
            return None
        keys = await self.ctrl.run(
            queries.filter_keys, self.ctrl.store, self.ctrl.user, self.model.filter, FORGET_ALL_LIMIT
        )
        return await self.forget_keys(
            [PreferenceKey(scope, ptype, pattern, polarity) for scope, ptype, pattern, polarity in keys], block=block
        )

    async def forget_keys(self, keys: Sequence[PreferenceKey], *, block: bool = False) -> Receipt | None:
        if self._read_only or self._forgetting or not keys:
            return None
        pairs = list(dict.fromkeys((k.preference_type, k.pattern) for k in keys))
        ticked = [(k.preference_type, k.pattern, k.project_id, k.polarity) for k in keys]
        self._forgetting = True
        self._update_actions()
        try:
            rows = await self.ctrl.run(forget_scope.scope_rows, self.ctrl.store, self.ctrl.user, pairs)
            on = set(ticked)
            targets = forget_scope.targets_for([r for r in rows if r.key in on], rows) or plan_targets(keys)
            plan = await self.ctrl.run(count_erasure, self.ctrl.store, self.ctrl.user, targets)
            dialog = ForgetDialog(rows, ticked, plan, block=block, parent=self._host())
            dialog.checksChanged.connect(
                lambda ts: self.ctrl.start(self._recount(dialog, ts), name="forget-recount")
            )
            self.forget_dialog = dialog
            try:
                result = await wait_dialog(dialog)
                block = dialog.block_requested()
                targets = dialog.targets()
            finally:
                self.forget_dialog = None
                dialog.deleteLater()
            if result != int(QDialog.DialogCode.Accepted.value) or not targets:
                return None
            self.ctrl.busyChanged.emit(True)
            try:
                receipt = await self.ctrl.run(
                    forgetting.forget,
                    self.ctrl.store,
                    self.ctrl.user,
                    targets,
                    blocks=self.ctrl.ctx.blocks,
                    block=block,
                    actor=self.ctrl.ctx.actor,
                    now=self.ctrl.now(),
                )
            except CreativeMemoryError as exc:
                show_error(self._host(), exc, action=QCoreApplication.translate("ForgetActions", "Could not forget the selection."))
                return None
            finally:
                self.ctrl.busyChanged.emit(False)
        finally:
            self._forgetting = False
            self._update_actions()
        self.last_receipt = receipt
        self.ctrl.notify("preferences", "diagnostics", "audit")
        names = {str(r.project_id): str(r.project_name) for r in rows if r.project_id and r.project_name}
        self.receipt_dialog = ReceiptDialog(
            receipt.as_json(), patterns=len({(t.preference_type, t.pattern) for t in targets}),
            targets=targets, names=names, parent=self._host(),
        )
        self.receipt_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.receipt_dialog.destroyed.connect(self._receipt_gone)
        self.receipt_dialog.open()
        self.forgotten.emit(receipt)
        await self.refresh()
        return receipt

    async def _recount(self, dialog: ForgetDialog, targets: list[Any]) -> None:
        plan = await self.ctrl.run(count_erasure, self.ctrl.store, self.ctrl.user, targets)
        if self.forget_dialog is dialog and dialog.targets() == targets:
            dialog.set_plan(plan)

    # ------------------------------------------------------------------ forget a session
    def selected_session(self) -> str | None:
        item = self.events_view.currentItem()
        raw = item.data(4, SESSION_ROLE) if item is not None else None  # the stored id, not its shown form
        return str(raw) if raw else None

    def _update_session_button(self) -> None:
        self.forget_session_button.setEnabled(not self._read_only and self.selected_session() is not None)
        self.forget_session_action.setEnabled(self.forget_session_button.isEnabled())

    @async_slot()
    async def _forget_session_clicked(self) -> None:
        session_id = self.selected_session()
        if session_id is not None:
            await self.forget_session(session_id)

    async def forget_session(self, session_id: str) -> SessionReceipt | None:
        """Ask (Cancel is the default), then erase every event of the session and re-derive."""
        n = await self.ctrl.run(session_forget.session_events, self.ctrl.store, self.ctrl.user, session_id)
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            QCoreApplication.translate("ForgetActions", "Forget a session — Creative Memory Studio"),
            QCoreApplication.translate("ForgetActions", "Forget what session {session} taught?").format(session=shown_id(session_id)),
            QMessageBox.StandardButton.NoButton,
            self._host(),
        )
        box.setObjectName("forget_session_dialog")
        box.setInformativeText(
            QCoreApplication.translate("ForgetActions", "This deletes the {n} events of this generation session and re-derives every preference "
                                                        "they shaped from the events that remain. It cannot be undone.").format(n=_n(n))
        )
        confirm = box.addButton(QCoreApplication.translate("ForgetActions", "&Forget the session"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        cancel.setText(QCoreApplication.translate("ForgetActions", "&Cancel"))
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        self.session_dialog = box
        try:
            await wait_dialog(box)
            chosen = box.clickedButton()
        finally:
            self.session_dialog = None
            box.deleteLater()
        if chosen is not confirm:
            return None
        try:
            receipt = await self.ctrl.run(
                session_forget.forget_session, self.ctrl.store, self.ctrl.user, session_id,
                actor=self.ctrl.ctx.actor, now=self.ctrl.now(),
            )
        except CreativeMemoryError as exc:
            show_error(self._host(), exc, action=QCoreApplication.translate("ForgetActions", "Could not forget the session."))
            return None
        self.last_session_receipt = receipt
        self.ctrl.notify("preferences", "audit")
        await self.refresh()
        return receipt

    def _receipt_gone(self, *_args: Any) -> None:
        self.receipt_dialog = None


__all__ = ["FORGET_ALL_LIMIT", "ForgetActions"]

"""The Inspector's Forget actions: the scope dialog, "Forget all shown", a session, and the receipt.

:class:`ForgetActions` owns the Forget…, Forget and block… and Forget all shown… actions and their
buttons (the tab places them), asks for the rows of the tab's :class:`.selection.PreferenceList`,
and says what it erased with :attr:`ForgetActions.forgotten` and
:attr:`ForgetActions.sessionForgotten`. Counting, planning and erasing run in ``services`` on the
store thread; the dialogs are opened with :func:`gui.asyncbridge.wait_dialog`, never ``exec()``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs.forget import ForgetDialog, count_erasure, plan_targets
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.errors import show_error
from creative_memory.gui.icons import icon
from creative_memory.gui.itemmodels.preferences import PreferenceKey
from creative_memory.gui.tabs.inspector.controls import action_button
from creative_memory.gui.tabs.inspector.selection import PreferenceList
from creative_memory.gui.visible import number as _n
from creative_memory.gui.visible import shown_id
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.forget import forget_scope, forgetting, session_forget
from creative_memory.services.forget.erasure import Receipt, Target
from creative_memory.services.forget.session_forget import SessionReceipt
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.queries import PrefFilter

#: "Forget all shown" lists every row in its dialog: at most this many
FORGET_ALL_LIMIT = 5_000


class ForgetActions(QObject):
    """Forget the selection, everything the filter shows, or what one session taught."""

    #: a forget finished; the argument is the receipt
    forgotten = Signal(object)
    #: a session was forgotten; the argument is the session's receipt
    sessionForgotten = Signal(object)
    #: a forget of preferences started (True: from asking to the receipt) or ended (False)
    forgettingChanged = Signal(bool)

    def __init__(
        self, ctrl: Controller, rows: PreferenceList, host: QWidget, refresh: Callable[[], Awaitable[None]]
    ) -> None:
        super().__init__(host)
        self.ctrl = ctrl
        self.task_keeper = ctrl.keeper
        self.rows = rows
        self.model = rows.model
        self._host = host  # the parent of the buttons and the dialogs
        self._refresh = refresh
        self._read_only = False
        self._forgetting = False
        self.forget_dialog: ForgetDialog | None = None
        self.session_dialog: QMessageBox | None = None
        self.last_session_receipt: SessionReceipt | None = None
        self.receipt_dialog: ReceiptDialog | None = None
        self.last_receipt: Receipt | None = None

        self.forget_action = QAction(icon("forget"), self.tr("Forget…"), host)
        self.forget_action.setObjectName("forget_action")
        self.forget_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.forget_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.forget_action.setToolTip(self.tr("Erase the selected preferences and their evidence (Delete)"))
        self.forget_action.triggered.connect(self._on_forget)

        self.block_action = QAction(icon("block"), self.tr("Forget and block…"), host)
        self.block_action.setObjectName("forget_block_action")
        self.block_action.setToolTip(
            self.tr("Erase the selected preferences and never learn these patterns again")
        )
        self.block_action.triggered.connect(self._on_forget_block)

        self.forget_all_action = QAction(icon("forget"), self.tr("Forget all shown…"), host)
        self.forget_all_action.setObjectName("forget_all_action")
        self.forget_all_action.triggered.connect(self._on_forget_all)

    def make_buttons(self) -> None:
        """The buttons of Forget…, Forget and block… and Forget all shown… (the tab places them)."""
        self.forget_button = action_button(self.forget_action, self._host, "forget_button")
        self.block_button = action_button(self.block_action, self._host, "forget_block_button")
        self.forget_all_button = action_button(self.forget_all_action, self._host, "forget_all_button")

    def icons(self) -> dict[QAction, str]:
        """The actions and their icons' names (asked again when the palette changes)."""
        return {self.forget_action: "forget", self.block_action: "block", self.forget_all_action: "forget"}

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        self.update_actions()

    def update_actions(self) -> None:
        """Which actions the selection, the filter and the store allow, and their tooltips."""
        has = self.rows.has_selection()
        writable = not self._read_only and not self._forgetting
        self.forget_action.setEnabled(has and writable)
        self.block_action.setEnabled(has and writable)
        if self._read_only:
            for a in (self.forget_action, self.block_action):
                a.setToolTip(self.tr("This store is read-only; nothing can be forgotten"))
        else:
            self.forget_action.setToolTip(
                self.tr("Erase the selected preferences and their evidence (Delete)")
            )
            self.block_action.setToolTip(
                self.tr("Erase the selected preferences and never learn these patterns again")
            )
        self.forget_button.setToolTip(self.forget_action.toolTip())
        self.block_button.setToolTip(self.block_action.toolTip())
        total = self.model.total or 0
        filtered = self.model.filter != PrefFilter(show_archived=self.model.filter.show_archived)
        self.forget_all_action.setEnabled(writable and filtered and 0 < total <= FORGET_ALL_LIMIT)
        self.forget_all_action.setText(
            self.tr("Forget all {n} shown…").format(n=_n(total)) if filtered else self.tr("Forget all shown…")
        )
        self.forget_all_action.setToolTip(
            self.tr("Forget every preference this filter shows ({n}); the dialog lists them all").format(
                n=_n(total)
            )
            if filtered
            else self.tr("Filter first: this forgets every preference the filter shows")
        )
        self.forget_all_button.setToolTip(self.forget_all_action.toolTip())

    # ------------------------------------------------------------------ forget
    def _on_forget(self) -> None:
        self.ctrl.start(self.forget_selected(block=False), name="inspector-forget")

    def _on_forget_all(self) -> None:
        self.ctrl.start(self.forget_all_shown(), name="inspector-forget-all")

    def _on_forget_block(self) -> None:
        self.ctrl.start(self.forget_selected(block=True), name="inspector-forget-block")

    @async_slot()
    async def forget_key_asked(self, key: PreferenceKey) -> None:
        """Another tab asks to forget one preference (Diagnostics' "used in this retrieval")."""
        await self.forget_keys([key])

    async def forget_selected(self, *, block: bool = False) -> Receipt | None:
        """Ask, then erase the selection (one forget call for every target); show the receipt."""
        return await self.forget_keys(self.rows.selected_keys(), block=block)

    async def forget_all_shown(self, *, block: bool = False) -> Receipt | None:
        """Forget every row this filter shows (all of them ticked in the dialog)."""
        if self._read_only or self._forgetting:
            return None
        keys = await self.ctrl.run(
            queries.filter_keys, self.ctrl.store, self.ctrl.user, self.model.filter, FORGET_ALL_LIMIT
        )
        return await self.forget_keys(
            [PreferenceKey(scope, ptype, pattern, polarity) for scope, ptype, pattern, polarity in keys],
            block=block,
        )

    async def forget_keys(self, keys: Sequence[PreferenceKey], *, block: bool = False) -> Receipt | None:
        if self._read_only or self._forgetting or not keys:
            return None
        pairs = list(dict.fromkeys((k.preference_type, k.pattern) for k in keys))
        ticked = [(k.preference_type, k.pattern, k.project_id, k.polarity) for k in keys]
        self._forgetting = True
        self.forgettingChanged.emit(True)
        self.update_actions()
        try:
            rows = await self.ctrl.run(forget_scope.scope_rows, self.ctrl.store, self.ctrl.user, pairs)
            # Forgetting a pattern forgets all of it unless the person narrows it (issue 32, point 6;
            # decision 0108): every row of the selected patterns is ticked, the selected rows listed
            # first, and the person unticks what to keep.
            selected = set(ticked)
            rows = [r for r in rows if r.key in selected] + [r for r in rows if r.key not in selected]
            ticked = [r.key for r in rows]
            targets = forget_scope.targets_for(rows, rows) or plan_targets(keys)
            plan = await self.ctrl.run(count_erasure, self.ctrl.store, self.ctrl.user, targets)
            dialog = ForgetDialog(rows, ticked, plan, block=block, parent=self._host)
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
                receipt = await self.ctrl.change(
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
                # A forget a full disk stopped half-way keeps what it committed (its sentence says
                # what): the tabs show the memory as it is now.
                self.ctrl.notify("preferences", "diagnostics", "audit")
                show_error(self._host, exc, action=self.tr("Could not forget the selection."))
                return None
            finally:
                self.ctrl.busyChanged.emit(False)
        finally:
            self._forgetting = False
            self.forgettingChanged.emit(False)
            self.update_actions()
        self.last_receipt = receipt
        self.ctrl.notify("preferences", "diagnostics", "audit")
        names = {str(r.project_id): str(r.project_name) for r in rows if r.project_id and r.project_name}
        self.receipt_dialog = ReceiptDialog(
            receipt,
            patterns=len({(t.preference_type, t.pattern) for t in targets}),
            targets=targets,
            names=names,
            parent=self._host,
        )
        self.receipt_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.receipt_dialog.destroyed.connect(self._receipt_gone)
        self.receipt_dialog.open()
        self.forgotten.emit(receipt)
        await self._refresh()
        return receipt

    async def _recount(self, dialog: ForgetDialog, targets: list[Any]) -> None:
        plan = await self.ctrl.run(count_erasure, self.ctrl.store, self.ctrl.user, targets)
        if self.forget_dialog is dialog and dialog.targets() == targets:
            dialog.set_plan(plan)

    # ------------------------------------------------------------------ forget a session
    @async_slot()
    async def forget_session_asked(self, session_id: str) -> None:
        """The detail pane's Forget this session… (its signal carries the stored session id)."""
        await self.forget_session(session_id)

    async def forget_session(self, session_id: str) -> SessionReceipt | None:
        """Ask (Cancel is the default), then erase every event of the session and re-derive."""
        n = await self.ctrl.run(session_forget.session_events, self.ctrl.store, self.ctrl.user, session_id)
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Forget a session — Creative Memory Studio"),
            self.tr("Forget what session {session} taught?").format(session=shown_id(session_id)),
            QMessageBox.StandardButton.NoButton,
            self._host,
        )
        box.setObjectName("forget_session_dialog")
        box.setInformativeText(
            self.tr(
                "This deletes the {n} events of this generation session and re-derives every preference "
                "they shaped from the events that remain. It cannot be undone."
            ).format(n=_n(n))
        )
        confirm = box.addButton(self.tr("&Forget the session"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        cancel.setText(self.tr("&Cancel"))
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
            receipt = await self.ctrl.change(
                session_forget.forget_session,
                self.ctrl.store,
                self.ctrl.user,
                session_id,
                actor=self.ctrl.ctx.actor,
                now=self.ctrl.now(),
            )
        except CreativeMemoryError as exc:
            show_error(self._host, exc, action=self.tr("Could not forget the session."))
            return None
        self.last_session_receipt = receipt
        self.ctrl.notify("preferences", "diagnostics", "audit")
        # the deletion receipt, verified as a pattern forget's: what only this session taught
        self.receipt_dialog = ReceiptDialog(
            receipt.as_receipt(),
            patterns=len(receipt.gone),
            targets=[Target(t, p) for t, p in receipt.gone],
            parent=self._host,
        )
        self.receipt_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.receipt_dialog.destroyed.connect(self._receipt_gone)
        self.receipt_dialog.open()
        self.sessionForgotten.emit(receipt)
        await self._refresh()
        return receipt

    def _receipt_gone(self, *_args: Any) -> None:
        self.receipt_dialog = None


__all__ = ["FORGET_ALL_LIMIT", "ForgetActions"]

"""What the Overview's parts share: its cards and their controls, the dialogs in flight, showing the
status and the store, and the helpers every action uses (the actor, failing, progress).

:class:`OverviewCore` is the base of the action classes (:mod:`.actions`, :mod:`.transfer`) and of
the tab (:mod:`.view`), which builds the cards and assigns the attributes declared here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton, QWidget

from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs.blocks import BlocksDialog
from creative_memory.gui.dialogs.import_confirm import ImportConfirmDialog
from creative_memory.gui.dialogs.import_mode import ImportDialog
from creative_memory.gui.dialogs.passphrase import PassphraseDialog
from creative_memory.gui.dialogs.pause import PauseDialog
from creative_memory.gui.dialogs.progress import ProgressDialog
from creative_memory.gui.dialogs.receipt import ReceiptDialog
from creative_memory.gui.dialogs.reset import ResetDialog
from creative_memory.gui.errors import show_error
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.tabs.overview.cards import (
    CountsCard,
    DangerCard,
    MemoryCard,
    SelfTestCard,
    StoreCard,
    TransferCard,
)
from creative_memory.gui.tabs.overview.text import (
    TIERS,
    breakable_path,
    local_when,
    state_sentence,
    tier_name,
)
from creative_memory.gui.visible import said
from creative_memory.gui.widgets.switch import MemorySwitch
from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.common.sentence import Sentence
from creative_memory.services.controls.status import MemoryStatus
from creative_memory.services.inspection import queries
from creative_memory.services.keychain.secrets import SecretStore

if TYPE_CHECKING:
    from creative_memory.services.selftest import Check, SelfTestReport

log = logging.getLogger("cm.gui")

overview_facts = queries.overview_facts


@dataclass(frozen=True)
class KeychainLine:
    """The Overview's keychain line: what it says, and whether the system keychain holds the secret."""

    detail: str
    fallback: bool
    keyring: bool
    sentence: Sentence | None = None  # ``detail`` in the window's language (translated when shown)


def keychain_status(secrets: SecretStore) -> KeychainLine:
    """The keychain line (runs on the store thread: a keyring call may block)."""
    try:
        st = secrets.status()
    except CreativeMemoryError as exc:
        return KeychainLine(str(exc), fallback=True, keyring=False)
    return KeychainLine(st.detail, fallback=st.fallback, keyring=st.backend == "keyring", sentence=st.sentence)


class OverviewCore(Tab):
    """The Overview's state and display; the actions are in subclasses."""

    # the cards (built by the tab)
    memory_box: MemoryCard
    counts_box: CountsCard
    store_box: StoreCard
    selftest_box: SelfTestCard
    transfer_box: TransferCard
    danger_box: DangerCard
    # their controls, named on the tab as before the cards were widgets of their own
    switch: MemorySwitch
    pause_button: QPushButton
    resume_button: QPushButton
    state_label: QLabel
    count_labels: dict[str, QLabel]
    empty_hint: QWidget
    demo_button: QPushButton
    location_label: QLabel
    rule_label: QLabel
    file_label: QLabel
    keychain_label: QLabel
    open_folder_button: QPushButton
    change_store_button: QPushButton
    move_store_button: QPushButton
    store_notice: QLabel
    selftest_button: QPushButton
    rebuild_button: QPushButton
    selftest_summary: QLabel
    selftest_results: QWidget
    export_button: QPushButton
    encrypt_check: QCheckBox
    import_button: QPushButton
    transfer_result: QLabel
    reset_button: QPushButton
    blocks_button: QPushButton

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._read_only = False
        self._read_only_reason = ""
        self._keychain_ok = False
        self._status: MemoryStatus | None = None
        self.pause_dialog: PauseDialog | None = None
        self.passphrase_dialog: PassphraseDialog | None = None
        self.import_dialog: ImportDialog | None = None
        self.import_confirm_dialog: ImportConfirmDialog | None = None
        self.reset_dialog: ResetDialog | None = None
        self.blocks_dialog: BlocksDialog | None = None
        self.receipt_dialog: ReceiptDialog | None = None
        self.progress_dialog: ProgressDialog | None = None
        self.last_checks: list[Check] = []

    # ------------------------------------------------------------------ showing
    def _show_location(self) -> None:
        dd = self.ctrl.ctx.data_dir
        self.location_label.setText(breakable_path(dd.path))
        self.location_label.setToolTip(str(dd.path))
        rule = said(dd.how_sentence())
        self.rule_label.setText(rule)
        self.rule_label.setToolTip(f"{dd.path} ({rule})")
        self.move_store_button.setVisible(dd.legacy)
        self.store_notice.setText("\n".join(self.ctrl.ctx.notes))
        self.store_notice.setVisible(bool(self.ctrl.ctx.notes))

    def _show_store_state(self) -> None:
        try:
            store = self.ctrl.store
        except CreativeMemoryError as exc:
            self.file_label.setText(str(exc))
            return
        name = store.path.name
        if store.read_only:
            self.file_label.setText(
                self.tr("{name} — read-only: {reason}").format(name=name, reason=store.read_only_reason or "")
            )
        elif self.ctrl.ctx.data_dir.rule == "demo":
            self.file_label.setText(self.tr("{name} — demo data only; Open Design never reads it").format(name=name))
        else:
            self.file_label.setText(self.tr("{name} — shared with Open Design").format(name=name))
        self.file_label.setToolTip(str(store.path))

    def _apply_status(self, status: MemoryStatus | None) -> None:
        if status is None:
            return
        self._status = status
        self.switch.setChecked(status.enabled)
        self.state_label.setText(state_sentence(status))
        self.state_label.setAccessibleName(self.state_label.text())
        paused = status.learning_paused or status.using_paused
        self.resume_button.setVisible(paused)
        disabled = status.projects_disabled
        if disabled:
            self.state_label.setText(
                self.state_label.text()
                + "\n"
                + self.tr("%n project(s) have memory switched off for them (see Projects).", None, len(disabled))
            )
        counts = status.counts
        loc = QLocale()
        for key, n in (("preferences", counts.preferences), ("events", counts.events), ("retrievals", counts.retrievals)):
            self.count_labels[key].setText(loc.toString(n))
        empty = not counts.preferences and not counts.events
        self.empty_hint.setVisible(empty)

    def _apply_facts(self, facts: queries.OverviewFacts, keychain: KeychainLine) -> None:
        self._apply_status(facts.status)
        loc = QLocale()
        tiers = facts.tiers
        parts = [self.tr("{n} {tier}").format(n=loc.toString(int(tiers.get(t, 0))), tier=tier_name(t)) for t in TIERS]
        total = facts.status.counts.preferences
        archived = total - sum(int(v) for v in tiers.values())
        if archived > 0:
            parts.append(self.tr("{n} archived").format(n=loc.toString(archived)))
        self.count_labels["tiers"].setText(" · ".join(parts))
        self.count_labels["last_event"].setText(local_when(facts.last_event))
        self.count_labels["last_retrieval"].setText(local_when(facts.last_retrieval))
        self.keychain_label.setText(said(keychain.sentence) if keychain.sentence is not None else keychain.detail)
        self._keychain_ok = keychain.keyring
        self._show_location()  # the store may have been switched (the demo store, and back)
        self._show_store_state()

    async def refresh(self) -> None:
        with self.reading():
            facts = await self.ctrl.run(overview_facts, self.ctrl.store, self.ctrl.user, self.ctrl.now())
            keychain = await self.ctrl.run(keychain_status, self.ctrl.ctx.secrets)
        self._apply_facts(facts, keychain)

    def show_checks(self, report: SelfTestReport) -> None:
        self.last_checks = list(report.checks)
        self.selftest_box.show_checks(report)

    def check_marks(self) -> list[tuple[str, bool]]:
        """(name, ok) of the checks shown, for tests and accessibility."""
        return [(c.name, c.ok) for c in self.last_checks]

    # ------------------------------------------------------------------ helpers
    def _actor(self) -> Actor:
        return self.ctrl.ctx.actor

    def _fail(self, exc: BaseException, action: str) -> None:
        if isinstance(exc, CreativeMemoryError):
            log.info("%s %s", action, exc)
        show_error(self.window(), exc, action=action)

    def _default_folder(self) -> Path:
        return Path.home()

    def suggested_export_path(self, prefix: str = "creative-memory") -> Path:
        day = QDateTime.fromMSecsSinceEpoch(self.ctrl.now()).toString("yyyy-MM-dd")
        return self._default_folder() / f"{prefix}-{self.ctrl.user}-{day}.json"

    def _progress(self, title: str, text: str, *, cancellable: bool = False) -> ProgressDialog:
        dialog = ProgressDialog(self.window(), title=title, text=text, cancellable=cancellable)
        self.progress_dialog = dialog
        self.ctrl.busyChanged.emit(True)
        return dialog

    def _progress_done(self, dialog: ProgressDialog) -> None:
        dialog.finish()
        if self.progress_dialog is dialog:
            self.progress_dialog = None
        self.ctrl.busyChanged.emit(False)

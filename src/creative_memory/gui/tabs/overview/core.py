"""What the Overview's action parts share: the facts the tab reads, the keychain line, and
:class:`ActionSupport` — the controller, the widget their dialogs belong to, the read-only state,
failing and progress.

The tab (:mod:`.view`) makes one :class:`ActionSupport` and hands it to each action part
(:mod:`.actions`, :mod:`.transfer`, :mod:`.reset`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QDateTime, QObject
from PySide6.QtWidgets import QWidget

from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs.progress import ProgressDialog
from creative_memory.gui.errors import show_error
from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.common.sentence import Sentence
from creative_memory.services.inspection.overview import overview_facts as overview_facts

if TYPE_CHECKING:
    from creative_memory.services.context import Context

log = logging.getLogger("cm.gui")


@dataclass(frozen=True)
class KeychainLine:
    """The Overview's keychain line: what it says, and whether the system keychain holds the secret."""

    detail: str
    fallback: bool
    keyring: bool
    sentence: Sentence | None = None  # ``detail`` in the window's language (translated when shown)


def keychain_status(ctx: Context) -> KeychainLine:
    """The keychain line (runs on the store thread, where the keychain's module is imported: a
    keyring call may block)."""
    try:
        st = ctx.secrets.status()
    except CreativeMemoryError as exc:
        return KeychainLine(str(exc), fallback=True, keyring=False)
    return KeychainLine(
        st.detail, fallback=st.fallback, keyring=st.backend == "keyring", sentence=st.sentence
    )


class ActionSupport(QObject):
    """What every action of the Overview uses: who acts, where its dialogs go, how it fails, its
    progress dialog (one at a time), and whether the store is read-only."""

    def __init__(self, ctrl: Controller, host: QWidget) -> None:
        super().__init__(host)
        self.ctrl = ctrl
        self._host = host  # the tab: the parent of the dialogs
        #: the store is read-only (the tab says so); controls an action disabled stay disabled
        self.read_only = False
        self.progress_dialog: ProgressDialog | None = None

    @property
    def host(self) -> QWidget:
        return self._host

    def window(self) -> QWidget:
        return self._host.window()

    def actor(self) -> Actor:
        return self.ctrl.ctx.actor

    def fail(self, exc: BaseException, action: str) -> None:
        if isinstance(exc, CreativeMemoryError):
            log.info("%s %s", action, exc)
        show_error(self.window(), exc, action=action)

    def default_folder(self) -> Path:
        return Path.home()

    def suggested_export_path(self, prefix: str = "creative-memory") -> Path:
        day = QDateTime.fromMSecsSinceEpoch(self.ctrl.now()).toString("yyyy-MM-dd")
        return self.default_folder() / f"{prefix}-{self.ctrl.user}-{day}.json"

    def progress(self, title: str, text: str, *, cancellable: bool = False) -> ProgressDialog:
        dialog = ProgressDialog(self.window(), title=title, text=text, cancellable=cancellable)
        self.progress_dialog = dialog
        self.ctrl.busyChanged.emit(True)
        return dialog

    def progress_done(self, dialog: ProgressDialog) -> None:
        dialog.finish()
        if self.progress_dialog is dialog:
            self.progress_dialog = None
        self.ctrl.busyChanged.emit(False)

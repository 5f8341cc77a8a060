"""Progress of a long operation on the store thread, reported from that thread; Cancel when it
can stop."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QProgressBar,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import wrap


class ProgressDialog(QDialog):
    """Progress of a long operation running on the store thread.

    :meth:`report` and :meth:`step` may be called from any thread (they emit queued signals);
    :meth:`is_cancelled` too. With ``cancellable``, Cancel (and Escape) asks the operation to stop;
    otherwise the dialog cannot be closed until :meth:`finish`. It appears only after
    ``show_after_ms`` so that quick operations do not flash it.
    """

    progressed = Signal(int, int)
    stepped = Signal(str)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        title: str,
        text: str,
        cancellable: bool = False,
        show_after_ms: int = 250,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("progress_dialog")
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self._cancel = threading.Event()
        self._finished = False
        self.cancellable = cancellable

        self.label = wrap(text, self)
        self.label.setObjectName("progress_text")
        self.bar = QProgressBar(self)
        self.bar.setObjectName("progress_bar")
        self.bar.setAccessibleName(title)
        self.bar.setToolTip(self.tr("How much of the work is done"))
        self.bar.setRange(0, 0)  # busy until the first report
        self.bar.setTextVisible(True)
        self.bar.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.buttons = QDialogButtonBox(self)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setToolTip(self.tr("Stop; what was done so far is undone"))
        self.cancel_button.setAccessibleName(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.request_cancel)
        self.cancel_button.setVisible(cancellable)

        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 55)

        self.progressed.connect(self._on_progress)
        self.stepped.connect(self._on_step)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._show)
        self._timer.start(max(0, show_after_ms))

    # any thread ---------------------------------------------------------------------------------
    def report(self, done: int, total: int) -> None:
        self.progressed.emit(int(done), int(total))

    def step(self, text: str) -> None:
        self.stepped.emit(str(text))

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    # GUI thread -----------------------------------------------------------------------------------
    def request_cancel(self) -> None:
        if not self.cancellable or self._cancel.is_set():
            return
        self._cancel.set()
        self.cancel_button.setEnabled(False)
        self.label.setText(self.tr("Cancelling…"))

    def finish(self) -> None:
        """Close for good (the work ended)."""
        self._finished = True
        self._timer.stop()
        if self.isVisible():
            self.done(int(QDialog.DialogCode.Accepted.value))
        self.deleteLater()

    def _show(self) -> None:
        if not self._finished:
            self.open()

    def _on_progress(self, done: int, total: int) -> None:
        if total <= 0:
            self.bar.setRange(0, 0)
            return
        # QProgressBar holds ints; keep the numbers in range for very large totals.
        scale = max(1, total // 1_000_000)
        self.bar.setRange(0, total // scale)
        self.bar.setValue(min(done, total) // scale)

    def _on_step(self, text: str) -> None:
        if not self._cancel.is_set():
            self.label.setText(text)

    def reject(self) -> None:
        if self._finished:
            super().reject()
        elif self.cancellable:
            self.request_cancel()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._finished:
            super().closeEvent(event)
            return
        event.ignore()
        if self.cancellable:
            self.request_cancel()

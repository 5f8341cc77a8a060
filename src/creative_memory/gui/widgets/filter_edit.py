"""The filter box of the Projects, Inspector, Diagnostics and Activity tabs."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QToolButton, QWidget

from creative_memory.gui.icons import icon


class FilterLineEdit(QLineEdit):
    """A filter box: clear button, placeholder, and :attr:`filterChanged` emitted once typing has
    paused for :attr:`debounce_ms` (150 ms). Enter applies at once; Escape clears; Down (and Enter)
    move into the view it filters (:meth:`set_view`), on its current row or the first one."""

    filterChanged = Signal(str)

    DEFAULT_DEBOUNCE_MS = 150

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        placeholder: str | None = None,
        debounce_ms: int = DEFAULT_DEBOUNCE_MS,
    ) -> None:
        super().__init__(parent)
        self._last_emitted = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self.flush)
        self.setClearButtonEnabled(True)
        self.setPlaceholderText(placeholder if placeholder is not None else self.tr("Filter…"))
        self.setAccessibleName(self.tr("Filter"))
        self.setToolTip(self.tr("Type to filter; Enter applies at once, Escape clears"))
        self.addAction(icon("filter"), QLineEdit.ActionPosition.LeadingPosition)
        for button in self.findChildren(QToolButton):  # the clear button and the filter icon
            action = button.defaultAction()
            clear = action is not None and "clear" in action.objectName().lower()
            button.setAccessibleName(self.tr("Clear the filter") if clear else self.tr("Filter"))
        self.textChanged.connect(self._on_text_changed)
        self.returnPressed.connect(self.flush)
        self._view: QAbstractItemView | None = None

    def set_view(self, view: QAbstractItemView) -> None:
        """The table this box filters: Down or Enter moves the focus into it."""
        self._view = view

    def enter_view(self) -> bool:
        view = self._view
        if view is None or view.model() is None or view.model().rowCount() == 0:
            return False
        if not view.currentIndex().isValid():
            view.setCurrentIndex(view.model().index(0, 0))
            view.selectionModel().select(
                view.currentIndex(),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
            )
        view.setFocus(Qt.FocusReason.TabFocusReason)
        return True

    @property
    def debounce_ms(self) -> int:
        return self._timer.interval()

    @debounce_ms.setter
    def debounce_ms(self, value: int) -> None:
        self._timer.setInterval(max(0, int(value)))

    def isPending(self) -> bool:
        """Whether a change is waiting for the debounce timer."""
        return self._timer.isActive()

    def flush(self) -> None:
        """Emit the current text now if it differs from the last one emitted."""
        self._timer.stop()
        text = self.text()
        if text != self._last_emitted:
            self._last_emitted = text
            self.filterChanged.emit(text)

    def _on_text_changed(self, _text: str) -> None:
        self._timer.start()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.text():
            self.clear()
            self.flush()
            event.accept()
            return
        if event.key() == Qt.Key.Key_Down or event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.flush()
            if self.enter_view():
                event.accept()
                return
        super().keyPressEvent(event)

"""The Projects table's switch cells: each checkable cell painted as a small switch with its On/Off
word, toggled by a click on it or by Space."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QFontMetrics, QKeyEvent, QMouseEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
)

from creative_memory.gui.widgets.banner import accent_colour
from creative_memory.gui.widgets.switch import paint_switch


class SwitchDelegate(QStyledItemDelegate):
    """Draws a checkable cell as a small switch with its On/Off word, and toggles it with a click on
    the switch (or its word) or with Space — the same gestures as a check box, a larger target."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._colours: dict[tuple[int, bool, bool], QColor] = {}  # the word's colour per palette and state

    def _geometry(self, option: QStyleOptionViewItem) -> tuple[QRectF, int]:
        fm = option.fontMetrics
        height = max(10, round(fm.height() * 0.9))
        width = round(height * 1.8)
        pad = max(4, fm.averageCharWidth())
        rect = option.rect
        track = QRectF(rect.left() + pad, rect.center().y() - height / 2 + 0.5, width, height)
        return track, pad

    def cell_width(self, fm: QFontMetrics) -> int:
        """How wide a switch cell is: the switch and its word, with margins."""
        height = max(10, round(fm.height() * 0.9))
        pad = max(4, fm.averageCharWidth())
        return round(height * 1.8) + pad * 3 + fm.horizontalAdvance(self.tr("Off"))

    def _hit_rect(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QRect:
        track, pad = self._geometry(option)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        right = int(track.right()) + pad + option.fontMetrics.horizontalAdvance(text) + pad
        return QRect(option.rect.left(), option.rect.top(), right - option.rect.left(), option.rect.height())

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)  # the check state too: asked for once, with the other roles
        if not opt.features & QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator:  # no check state
            super().paint(painter, option, index)
            return
        on = opt.checkState == Qt.CheckState.Checked
        text = opt.text
        opt.text = ""
        opt.features &= ~QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)

        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        editable = bool(index.flags() & Qt.ItemFlag.ItemIsUserCheckable)
        track, pad = self._geometry(opt)
        paint_switch(painter, track, opt.palette, on=on, enabled=editable, selected=selected)
        painter.save()
        painter.setPen(self._text_colour(opt.palette, selected, on))
        painter.setFont(opt.font)
        text_rect = opt.rect.adjusted(int(track.right() - opt.rect.left()) + pad, 0, 0, 0)
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), text)
        painter.restore()

    def _text_colour(self, palette: QPalette, selected: bool, on: bool) -> QColor:
        key = (palette.cacheKey(), selected, on)  # a changed palette has a new cache key
        colour = self._colours.get(key)
        if colour is None:
            if len(self._colours) > 32:
                self._colours.clear()
            if selected:
                colour = palette.color(QPalette.ColorRole.HighlightedText)
            elif on:
                colour = palette.color(QPalette.ColorRole.Text)
            else:  # "Off" stands out: memory is switched off for this project
                colour = accent_colour("warning", palette)
            self._colours[key] = colour
        return colour

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        if index.data(Qt.ItemDataRole.CheckStateRole) is None:
            return hint
        return QSize(max(hint.width(), self.cell_width(option.fontMetrics)), hint.height())

    def editorEvent(
        self,
        event: QEvent,
        model: QAbstractItemModel,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        flags = index.flags()
        if not (flags & Qt.ItemFlag.ItemIsUserCheckable) or not (flags & Qt.ItemFlag.ItemIsEnabled):
            return False
        state = index.data(Qt.ItemDataRole.CheckStateRole)
        if state is None:
            return False
        kind = event.type()
        if kind in (
            QEvent.Type.MouseButtonPress,
            QEvent.Type.MouseButtonRelease,
            QEvent.Type.MouseButtonDblClick,
        ):
            assert isinstance(event, QMouseEvent)
            if event.button() != Qt.MouseButton.LeftButton:
                return False
            if not self._hit_rect(option, index).contains(event.position().toPoint()):
                return False
            if kind != QEvent.Type.MouseButtonRelease:
                return True  # the release toggles; a press or double click must not toggle twice
        elif kind == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() not in (Qt.Key.Key_Space, Qt.Key.Key_Select):
                return False
        else:
            return False
        new = Qt.CheckState.Unchecked if _check_on(state) else Qt.CheckState.Checked
        return bool(model.setData(index, new, Qt.ItemDataRole.CheckStateRole))


def _check_on(state: Any) -> bool:
    return int(getattr(state, "value", state)) == Qt.CheckState.Checked.value

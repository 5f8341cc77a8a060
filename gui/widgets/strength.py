"""The strength bar: a table cell that paints a strength in 0..1 as a bar with the number beside it."""

from __future__ import annotations

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QFontMetrics,
    QPainter,
    QPalette,
)
from PySide6.QtWidgets import (
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from creative_memory.gui.icons import mix

STRENGTH_ROLE = Qt.ItemDataRole.UserRole + 41
"""Optional role for a float strength; the delegate falls back to the display value."""


class StrengthBarDelegate(QStyledItemDelegate):
    """Paints a strength in 0..1 as a bar with the number beside it.

    Reads :data:`STRENGTH_ROLE` first, then ``DisplayRole``; a value that is not a number is painted
    as ordinary text. Selection, focus and the palette come from the style, so it matches the rest of
    the view in light and dark themes.
    """

    def __init__(self, parent: QWidget | None = None, *, decimals: int = 2) -> None:
        super().__init__(parent)
        self._decimals = decimals

    @staticmethod
    def _value(index: QModelIndex | QPersistentModelIndex) -> float | None:
        for role in (STRENGTH_ROLE, Qt.ItemDataRole.DisplayRole):
            raw = index.data(role)
            if raw is None or isinstance(raw, bool):
                continue
            try:
                return min(max(float(raw), 0.0), 1.0)
            except (TypeError, ValueError):
                return None
        return None

    def _number_text(self, value: float) -> str:
        return f"{value:.{self._decimals}f}"

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        value = self._value(index)
        if value is None:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)

        palette: QPalette = opt.palette
        rect = opt.rect
        state = opt.state
        selected = bool(state & QStyle.StateFlag.State_Selected)
        enabled = bool(state & QStyle.StateFlag.State_Enabled)
        group = QPalette.ColorGroup.Normal if enabled else QPalette.ColorGroup.Disabled
        if group == QPalette.ColorGroup.Normal and not (state & QStyle.StateFlag.State_Active):
            group = QPalette.ColorGroup.Inactive
        text_colour = palette.color(
            group, QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        base = palette.color(group, QPalette.ColorRole.Highlight if selected else QPalette.ColorRole.Base)
        fill = text_colour if selected else palette.color(group, QPalette.ColorRole.Highlight)
        track = mix(base, text_colour, 0.18)

        fm = QFontMetrics(opt.font)
        number = self._number_text(value)
        number_width = fm.horizontalAdvance("0." + "0" * self._decimals)
        pad = max(3, fm.height() // 4)
        inner = rect.adjusted(pad, 0, -pad, 0)
        bar_height = max(4, fm.height() // 2)
        bar_width = inner.width() - number_width - pad * 2
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if bar_width >= 12:
            bar = QRectF(inner.left(), inner.center().y() - bar_height / 2 + 0.5, bar_width, bar_height)
            radius = bar_height / 2
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(track)
            painter.drawRoundedRect(bar, radius, radius)
            if value > 0:
                filled = QRectF(bar)
                filled.setWidth(max(bar_height, bar.width() * value))
                painter.setBrush(fill)
                painter.drawRoundedRect(filled, radius, radius)
            text_rect = inner.adjusted(int(bar_width) + pad * 2, 0, 0, 0)
        else:
            text_rect = inner
        painter.setPen(text_colour)
        painter.setFont(opt.font)
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight), number)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        fm = QFontMetrics(option.font)
        width = fm.horizontalAdvance("0." + "0" * self._decimals) + fm.averageCharWidth() * 12
        return QSize(max(hint.width(), width), hint.height())

    def displayText(self, value: object, locale: object) -> str:
        try:
            return self._number_text(float(value))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return super().displayText(value, locale)  # type: ignore[arg-type]

"""The strength bar: a table cell that paints a strength in 0..1 as a bar with the number, or the
cell's words ("strong"), beside it."""

from __future__ import annotations

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
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

_SELECTED = int(QStyle.StateFlag.State_Selected.value)
_ENABLED = int(QStyle.StateFlag.State_Enabled.value)
_ACTIVE = int(QStyle.StateFlag.State_Active.value)
_ALIGN = int((Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight).value)
_NORMAL, _DISABLED, _INACTIVE = (
    QPalette.ColorGroup.Normal,
    QPalette.ColorGroup.Disabled,
    QPalette.ColorGroup.Inactive,
)


class StrengthBarDelegate(QStyledItemDelegate):
    """Paints a strength in 0..1 as a bar with the number beside it.

    Reads :data:`STRENGTH_ROLE` first, then ``DisplayRole``; a value that is not a number is painted
    as ordinary text. When the strength comes from :data:`STRENGTH_ROLE` and the display text is
    words ("strong", "faint"), the words are painted beside the bar instead of the number. Selection, focus and the palette come from the style, so it matches the rest of
    the view in light and dark themes.
    """

    def __init__(
        self, parent: QWidget | None = None, *, decimals: int = 2, labels: tuple[str, ...] = ()
    ) -> None:
        super().__init__(parent)
        self._decimals = decimals
        #: the words the cells may say: room is kept for the widest, so every bar is as long
        self._labels = labels
        self._colour_cache: dict[tuple[int, bool, QPalette.ColorGroup], tuple[QColor, QColor, QColor]] = {}
        self._metric_cache: dict[str, tuple[int, int, int]] = {}

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

        rect = opt.rect
        text_colour, fill, track = self._colours(opt.palette, int(opt.state.value))
        number_width, pad, bar_height = self._metrics(opt.font)
        number = self._number_text(value)
        shown = index.data(Qt.ItemDataRole.DisplayRole)
        if isinstance(shown, str) and shown and index.data(STRENGTH_ROLE) is not None:
            try:
                float(shown)
            except ValueError:  # words: as wide as they are
                number = shown
                number_width = max(self._text_width(opt.font, w) for w in (shown, *self._labels))
        inner = rect.adjusted(pad, 0, -pad, 0)
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
        painter.drawText(text_rect, _ALIGN, number)
        painter.restore()

    def _colours(self, palette: QPalette, state: int) -> tuple[QColor, QColor, QColor]:
        """(text, bar, track) colours for a cell in ``state``, kept per palette (a changed palette
        has a new cache key)."""
        selected = bool(state & _SELECTED)
        group = _NORMAL if state & _ENABLED else _DISABLED
        if group == _NORMAL and not state & _ACTIVE:
            group = _INACTIVE
        key = (palette.cacheKey(), selected, group)
        found = self._colour_cache.get(key)
        if found is None:
            if len(self._colour_cache) > 32:
                self._colour_cache.clear()
            text_colour = palette.color(
                group, QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
            )
            base = palette.color(group, QPalette.ColorRole.Highlight if selected else QPalette.ColorRole.Base)
            fill = text_colour if selected else palette.color(group, QPalette.ColorRole.Highlight)
            found = self._colour_cache[key] = (text_colour, fill, mix(base, text_colour, 0.18))
        return found

    def _metrics(self, font: QFont) -> tuple[int, int, int]:
        """(the number's width, the padding, the bar's height) in ``font``, kept per font."""
        key = font.key()
        found = self._metric_cache.get(key)
        if found is None:
            fm = QFontMetrics(font)
            found = (
                fm.horizontalAdvance("0." + "0" * self._decimals),
                max(3, fm.height() // 4),
                max(4, fm.height() // 2),
            )
            self._metric_cache[key] = found
        return found

    def _text_width(self, font: QFont, text: str) -> int:
        key = f"{font.key()}\x00{text}"
        found = self._metric_cache.get(key)
        if found is None:
            if len(self._metric_cache) > 256:
                self._metric_cache.clear()
            found = self._metric_cache[key] = (QFontMetrics(font).horizontalAdvance(text), 0, 0)
        return found[0]

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

"""Small reusable widgets: the state banner, the strength bar delegate, empty states, a filter box.

Colours come from the current :class:`QPalette` (recomputed when it changes), so every widget here
follows the system's light or dark appearance.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.icons import mix, tinted_icon

BannerKind = Literal["info", "warning", "error"]
BANNER_KINDS: tuple[BannerKind, ...] = ("info", "warning", "error")

_ICON_FOR_KIND: dict[BannerKind, str] = {"info": "info", "warning": "warning", "error": "error"}


def is_dark(palette: QPalette) -> bool:
    """Whether the palette is a dark one (window darker than its text)."""
    window = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    return window.lightnessF() < text.lightnessF()


def accent_colour(kind: BannerKind, palette: QPalette) -> QColor:
    """The meaning colour of a banner kind, chosen to keep contrast on this palette.

    Info follows the palette's highlight (the system accent); warning is amber and error red, in a
    deeper shade on light palettes and a lighter one on dark palettes.
    """
    dark = is_dark(palette)
    if kind == "info":
        colour = palette.color(QPalette.ColorRole.Highlight)
        # Keep the accent readable as a line/icon colour against the window.
        return colour.lighter(135) if dark and colour.lightnessF() < 0.55 else colour
    if kind == "warning":
        return QColor("#f2b53a") if dark else QColor("#b26a00")
    return QColor("#f28b82") if dark else QColor("#c5221f")


class Banner(QFrame):
    """A message across the top of the window: icon, sentence (wrapped) and an optional action.

    ``show_message(kind, text, action_text)`` shows it; ``clear()`` hides it. The action button
    emits :attr:`actionTriggered`. Colours are derived from the palette (a light tint of the kind's
    colour over the window colour, with a coloured edge), so it reads in light and dark themes.
    """

    actionTriggered = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._kind: BannerKind = "info"
        self._updating_palette = False
        self.setObjectName("cmBanner")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setAccessibleName(self.tr("Status banner"))

        self._icon = QLabel(self)
        self._icon.setObjectName("cmBannerIcon")
        self._icon.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self._icon.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)

        self._label = QLabel(self)
        self._label.setObjectName("cmBannerText")
        self._label.setWordWrap(True)
        self._label.setTextFormat(Qt.TextFormat.PlainText)
        self._label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._label.setAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)

        self._button = QPushButton(self)
        self._button.setObjectName("cmBannerAction")
        self._button.setVisible(False)
        self._button.clicked.connect(self.actionTriggered)

        layout = QHBoxLayout(self)
        m = self.fontMetrics().height() // 2
        layout.setContentsMargins(m + 4, m, m, m)  # +4: the coloured edge on the leading side
        layout.setSpacing(m)
        layout.addWidget(self._icon)
        layout.addWidget(self._label, 1)
        layout.addWidget(self._button, 0, Qt.AlignmentFlag.AlignVCenter)

        self.setVisible(False)
        self._apply_kind()

    # API ---------------------------------------------------------------------------------------

    @property
    def kind(self) -> BannerKind:
        return self._kind

    def text(self) -> str:
        return self._label.text()

    def actionText(self) -> str:
        return self._button.text() if self._button.isVisibleTo(self) else ""

    def actionButton(self) -> QPushButton:
        return self._button

    def show_message(
        self,
        kind: BannerKind,
        text: str,
        action_text: str | None = None,
        *,
        action_tooltip: str | None = None,
    ) -> None:
        """Show ``text`` as a ``kind`` banner, with an action button if ``action_text`` is given."""
        if kind not in BANNER_KINDS:
            raise ValueError(f"banner kind must be one of {BANNER_KINDS}, not {kind!r}")
        self._kind = kind
        self._label.setText(text)
        self.setAccessibleDescription(text)
        self.setToolTip("")
        if action_text:
            self._button.setText(action_text)
            self._button.setAccessibleName(action_text.replace("&", ""))
            self._button.setToolTip(action_tooltip or action_text.replace("&", ""))
            self._button.setVisible(True)
        else:
            self._button.setVisible(False)
        self._apply_kind()
        self.setVisible(True)

    def clear(self) -> None:
        """Hide the banner (and forget its text)."""
        self._label.clear()
        self._button.setVisible(False)
        self.setAccessibleDescription("")
        self.setVisible(False)

    # look --------------------------------------------------------------------------------------

    def colours(self) -> tuple[QColor, QColor, QColor]:
        """(background, edge, accent) for the current kind and palette."""
        palette = self.palette()
        window = palette.color(QPalette.ColorRole.Window)
        accent = accent_colour(self._kind, palette)
        dark = is_dark(palette)
        background = mix(window, accent, 0.22 if dark else 0.13)
        edge = mix(window, accent, 0.75)
        return background, edge, accent

    def _apply_kind(self) -> None:
        _background, _edge, accent = self.colours()
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self)
        size = max(size, self.fontMetrics().height())
        pixmap = tinted_icon(_ICON_FOR_KIND[self._kind], accent).pixmap(QSize(size, size))
        self._icon.setPixmap(pixmap)
        self._icon.setFixedWidth(size)
        self._icon.setAccessibleName(
            {
                "info": self.tr("Information"),
                "warning": self.tr("Warning"),
                "error": self.tr("Error"),
            }[self._kind]
        )
        self.update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._apply_kind()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        background, edge, _accent = self.colours()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(mix(edge, background, 0.45), 1.0))
        painter.setBrush(background)
        painter.drawRect(rect)
        # A solid edge on the leading side carries the kind for a quick glance.
        stripe = QRectF(rect.left(), rect.top(), 4.0, rect.height())
        if self.layoutDirection() == Qt.LayoutDirection.RightToLeft:
            stripe.moveRight(rect.right())
        painter.fillRect(stripe, edge)
        painter.end()
        super().paintEvent(event)


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


class EmptyState(QWidget):
    """A centred icon and sentence for an empty table ("Nothing learned yet…"), with an optional
    action button (emits :attr:`actionTriggered`)."""

    actionTriggered = Signal()

    def __init__(
        self,
        text: str = "",
        icon_name: str = "info",
        parent: QWidget | None = None,
        *,
        action_text: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._icon_name = icon_name
        self._icon = QLabel(self)
        self._icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._label = QLabel(self)
        self._label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._label.setWordWrap(True)
        self._label.setTextFormat(Qt.TextFormat.PlainText)
        self._label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._button = QPushButton(self)
        self._button.setVisible(False)
        self._button.clicked.connect(self.actionTriggered)

        # The sentence wraps at a readable width and stays centred: a row with stretch either side
        # (an alignment flag on a word-wrapped label breaks its height-for-width and clips it).
        text_row = QHBoxLayout()
        text_row.addStretch(1)
        text_row.addWidget(self._label, 100)  # takes the width first, up to its maximum
        text_row.addStretch(1)

        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addLayout(text_row)
        layout.addWidget(self._button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self.setText(text)
        self.setAction(action_text)
        self._update_icon()

    def text(self) -> str:
        return self._label.text()

    def setText(self, text: str) -> None:
        self._label.setText(text)
        self.setAccessibleName(text)
        width = self.fontMetrics().averageCharWidth() * 60
        self._label.setMaximumWidth(width)

    def setIconName(self, name: str) -> None:
        self._icon_name = name
        self._update_icon()

    def actionButton(self) -> QPushButton:
        return self._button

    def setAction(self, text: str | None, tooltip: str | None = None) -> None:
        if text:
            self._button.setText(text)
            self._button.setAccessibleName(text.replace("&", ""))
            self._button.setToolTip(tooltip or text.replace("&", ""))
        self._button.setVisible(bool(text))

    def _update_icon(self) -> None:
        size = self.fontMetrics().height() * 3
        placeholder = self.palette().color(QPalette.ColorRole.PlaceholderText)
        self._icon.setPixmap(tinted_icon(self._icon_name, placeholder).pixmap(QSize(size, size)))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._update_icon()
        super().changeEvent(event)


from creative_memory.gui.filter_edit import FilterLineEdit  # noqa: E402  (its old home)

__all__ = [
    "BANNER_KINDS",
    "STRENGTH_ROLE",
    "Banner",
    "BannerKind",
    "EmptyState",
    "FilterLineEdit",
    "StrengthBarDelegate",
    "accent_colour",
    "is_dark",
]

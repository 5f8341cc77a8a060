"""Small reusable widgets: the state banner, the strength bar delegate, empty states, a filter box.

Colours come from the current :class:`QPalette` (recomputed when it changes), so every widget here
follows the system's light or dark appearance.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.icons import icon, mix, tinted_icon

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

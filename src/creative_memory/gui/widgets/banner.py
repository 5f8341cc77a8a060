"""The state banner above the tabs, and the palette's accent colours that other widgets share.

Colours come from the current :class:`QPalette` (recomputed when it changes), so they follow the
system's light or dark appearance.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import (
    QEvent,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
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
        return QColor("#f2b53a") if dark else QColor("#9a5700")  # 4.5 : 1 as text on a light window
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

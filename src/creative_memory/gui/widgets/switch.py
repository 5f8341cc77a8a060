"""The sliding switch: a check box drawn as a track and a knob (the Overview's master switch), and
the painting it shares with the Projects tab's switch cells."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QCheckBox, QSizePolicy, QWidget

from creative_memory.gui.icons import mix
from creative_memory.gui.style import edge_colour


def switch_colours(
    palette: QPalette, *, on: bool, enabled: bool = True, selected: bool = False
) -> tuple[QColor, QColor]:
    """(track, knob) colours of a switch: the accent when on, a neutral grey when off."""
    group = QPalette.ColorGroup.Normal if enabled else QPalette.ColorGroup.Disabled
    if selected:  # on a selected row the accent is the background: invert
        back = palette.color(group, QPalette.ColorRole.Highlight)
        fore = palette.color(group, QPalette.ColorRole.HighlightedText)
        return (fore, back) if on else (mix(back, fore, 0.45), back)
    window = palette.color(group, QPalette.ColorRole.Window)
    # off: the edge colour of a check box, 3 : 1 against the window and the knob (WCAG AA)
    track = palette.color(group, QPalette.ColorRole.Highlight) if on else edge_colour(palette)
    knob = palette.color(group, QPalette.ColorRole.HighlightedText if on else QPalette.ColorRole.Base)
    if not enabled:
        track = mix(window, track, 0.45)
    return track, knob


#: (palette, on, enabled, selected) -> (track, knob, knob outline): a table paints many switches
_COLOURS: dict[tuple[int, bool, bool, bool], tuple[QColor, QColor, QColor]] = {}


def _colours(palette: QPalette, on: bool, enabled: bool, selected: bool) -> tuple[QColor, QColor, QColor]:
    key = (palette.cacheKey(), on, enabled, selected)  # a changed palette has a new cache key
    found = _COLOURS.get(key)
    if found is None:
        if len(_COLOURS) > 64:
            _COLOURS.clear()
        track, knob = switch_colours(palette, on=on, enabled=enabled, selected=selected)
        found = _COLOURS[key] = (track, knob, mix(track, palette.color(QPalette.ColorRole.WindowText), 0.25))
    return found


def paint_switch(
    painter: QPainter,
    track: QRectF,
    palette: QPalette,
    *,
    on: bool,
    enabled: bool = True,
    focus: bool = False,
    selected: bool = False,
) -> None:
    """Draw a sliding switch (rounded track, round knob) into ``track``."""
    track_colour, knob_colour, outline = _colours(palette, on, enabled, selected)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = track.height() / 2
    if focus:
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(track.adjusted(-2.5, -2.5, 2.5, 2.5), radius + 2.5, radius + 2.5)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(track_colour)
    painter.drawRoundedRect(track, radius, radius)
    margin = max(2.0, track.height() * 0.12)
    diameter = track.height() - 2 * margin
    x = track.right() - margin - diameter if on else track.left() + margin
    painter.setPen(QPen(outline, 1.0))
    painter.setBrush(knob_colour)
    painter.drawEllipse(QRectF(x, track.top() + margin, diameter, diameter))
    painter.restore()


class MemorySwitch(QCheckBox):
    """A check box drawn as a sliding switch (track and knob) followed by its text.

    It is a real QCheckBox: Space toggles it, the mnemonic works, screen readers announce a check
    box with its state. Colours come from the palette (the system accent when on).
    """

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.setFont(font)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def _geometry(self) -> tuple[int, int, int]:
        fm = self.fontMetrics()
        height = round(fm.height() * 1.15)
        width = round(height * 1.85)
        gap = fm.averageCharWidth() * 2
        return width, height, gap

    def _plain_text(self) -> str:
        return self.text().replace("&&", "\0").replace("&", "").replace("\0", "&")

    def sizeHint(self) -> QSize:
        width, height, gap = self._geometry()
        fm = self.fontMetrics()
        return QSize(
            4 + width + gap + fm.horizontalAdvance(self._plain_text()) + 4, max(height, fm.height()) + 8
        )

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def hitButton(self, pos: Any) -> bool:
        return self.rect().contains(pos)

    def paintEvent(self, _event: QPaintEvent) -> None:
        width, height, gap = self._geometry()
        palette = self.palette()
        painter = QPainter(self)
        left = 4.0
        track = QRectF(left, (self.height() - height) / 2, width, height)
        paint_switch(
            painter, track, palette, on=self.isChecked(), enabled=self.isEnabled(), focus=self.hasFocus()
        )
        text_rect = self.rect().adjusted(int(left + width + gap), 0, 0, 0)
        self.style().drawItemText(
            painter,
            text_rect,
            int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextShowMnemonic),
            palette,
            self.isEnabled(),
            self.text(),
            QPalette.ColorRole.WindowText,
        )
        painter.end()

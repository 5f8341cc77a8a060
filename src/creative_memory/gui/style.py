"""Fusion, with the edges a person must see drawn strongly enough (WCAG 2.1 AA, 3 : 1 for controls).

Fusion draws a check box's or radio button's edge a little darker than the window, which on a dark
window is almost black on almost black (about 1.2 : 1), and shows keyboard focus as a faint 1 px
line. :class:`ReadableStyle` keeps everything else of Fusion and draws

- the edge of an enabled check box or radio button in :func:`edge_colour` (at least 3 : 1 against
  the window and the field), and
- keyboard focus as a 2 px ring in :func:`focus_colour` (the accent, or the text colour where the
  accent is what is behind it) around buttons, tool buttons, combo boxes and wherever Fusion draws
  a focus frame (check boxes, radio buttons, tabs, the current cell of a table).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionComplex,
    QStyleOptionFocusRect,
    QWidget,
)

R = QPalette.ColorRole
S = QStyle.StateFlag
PE = QStyle.PrimitiveElement
CE = QStyle.ControlElement
CC = QStyle.ComplexControl

#: how thick the focus ring is, in device-independent pixels
FOCUS_WIDTH = 2.0
#: the contrast a check box's edge is given (3 : 1 is the least WCAG allows)
EDGE_AIM = 3.5


def luminance(colour: QColor) -> float:
    """The relative luminance of a colour (WCAG 2.1)."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two colours, 1 to 21 (WCAG 2.1)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _toward(a: QColor, b: QColor, amount: float) -> QColor:
    """``a`` moved ``amount`` of the way toward ``b`` (icons.mix, without importing the icons and
    Qt's SVG module before the first window is painted)."""
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * amount,
        a.greenF() + (b.greenF() - a.greenF()) * amount,
        a.blueF() + (b.blueF() - a.blueF()) * amount,
    )


def edge_colour(palette: QPalette) -> QColor:
    """A check box's or radio button's edge: between the window and its text, far enough toward
    the text to stand out 3 : 1 from both the window and the field inside the box (aimed at 3.5,
    as a radio button's round edge is smoothed into its neighbours)."""
    window = palette.color(R.Window)
    text = palette.color(R.WindowText)
    base = palette.color(R.Base)
    amount = 0.5
    colour = _toward(window, text, amount)
    while amount < 1.0 and min(contrast(colour, window), contrast(colour, base)) < EDGE_AIM:
        amount += 0.05
        colour = _toward(window, text, amount)
    return colour


def focus_colour(palette: QPalette, behind: QColor | None = None) -> QColor:
    """The focus ring: the accent, unless it stands out less than 3 : 1 from what is behind it,
    then the text colour (on a selected row, the accent is the background)."""
    behind = behind if behind is not None and behind.isValid() else palette.color(R.Window)
    accent = palette.color(R.Highlight)
    if contrast(accent, behind) >= 3.0:
        return accent
    text = palette.color(R.WindowText)
    other = palette.color(R.Base)
    return text if contrast(text, behind) >= contrast(other, behind) else other


def _keyboard_focus(option: QStyleOption) -> bool:
    return bool(option.state & S.State_HasFocus) and bool(option.state & S.State_KeyboardFocusChange)


def _ring(painter: QPainter, rect: QRectF, colour: QColor, radius: float) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    pen = QPen(colour, FOCUS_WIDTH)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = FOCUS_WIDTH / 2
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), radius, radius)
    painter.restore()


def _inside_edge(painter: QPainter, option: QStyleOption) -> None:
    """The ring just inside a button's edge: it replaces the button's face there, never its edge."""
    colour = focus_colour(option.palette, option.palette.color(R.Button))
    _ring(painter, QRectF(option.rect).adjusted(1, 1, -1, -1), colour, 2.0)


class ReadableStyle(QProxyStyle):
    """Fusion with strong check box edges and a 2 px keyboard focus ring (see the module)."""

    def __init__(self) -> None:
        super().__init__("Fusion")
        self.setObjectName("readable-fusion")

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if element == PE.PE_FrameFocusRect:
            behind = option.backgroundColor if isinstance(option, QStyleOptionFocusRect) else None
            _ring(painter, QRectF(option.rect), focus_colour(option.palette, behind), 2.0)
            return
        super().drawPrimitive(element, option, painter, widget)
        if (
            element in (PE.PE_IndicatorCheckBox, PE.PE_IndicatorRadioButton)
            and option.state & S.State_Enabled
        ):
            self._edge(element, option, painter)

    @staticmethod
    def _edge(element: QStyle.PrimitiveElement, option: QStyleOption, painter: QPainter) -> None:
        painter.save()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(edge_colour(option.palette), 1.0))
        rect = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if element == PE.PE_IndicatorRadioButton:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.drawEllipse(rect)
        else:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
        painter.restore()

    def drawControl(
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawControl(element, option, painter, widget)
        if element == CE.CE_PushButtonBevel and _keyboard_focus(option):
            _inside_edge(painter, option)

    def drawComplexControl(
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawComplexControl(control, option, painter, widget)
        if control in (CC.CC_ToolButton, CC.CC_ComboBox) and _keyboard_focus(option):
            _inside_edge(painter, option)


def use_readable_style(app: QApplication) -> None:
    """Make :class:`ReadableStyle` the application's style (once: swapping the style of a running
    application leaves Qt timers pointing at the old one)."""
    if not isinstance(app.style(), ReadableStyle):
        _KEPT.append(ReadableStyle())  # Qt holds the style by pointer: Python keeps it alive
        app.setStyle(_KEPT[-1])


_KEPT: list[ReadableStyle] = []

"""The icon set shipped in ``resources/icons``, loaded through :mod:`importlib.resources`.

Works from a source checkout, an installed wheel and a frozen (PyInstaller) build alike: the SVG bytes
are drawn by a small icon engine of our own (QtSvg, no plugin needed), lazily, at whatever size is
asked for.

The SVGs are drawn in a neutral mid-grey (``#5f6368``; QtSvg ignores ``currentColor``). That grey is
too faint on a dark window, so :func:`icon` recolours the SVG to the application palette's text
colour (like ``currentColor``); :func:`tinted_icon` gives any colour (the banner's meaning colours),
:func:`shipped_icon` the file as shipped.
"""

from __future__ import annotations

import functools
import logging
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QIconEngine, QImage, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

log = logging.getLogger("cm.gui")

APP_ID = "io.opendesign.CreativeMemoryStudio"
APP_ICON_NAME = "app"
BASE_COLOR = "#5f6368"

ICON_NAMES: tuple[str, ...] = (
    "forget",
    "block",
    "export",
    "import",
    "refresh",
    "pause",
    "resume",
    "reset",
    "self-test",
    "copy",
    "folder",
    "filter",
    "warning",
    "info",
    "error",
    "lock",
)
"""The action icons (``resources/icons/<name>.svg``)."""

APP_ICON_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256, 512)
_STANDARD_SIZES: tuple[int, ...] = (16, 22, 24, 32, 48, 64)


def _icons_dir() -> Traversable:
    return resources.files("creative_memory.resources").joinpath("icons")


def icon_resource(name: str) -> Traversable:
    """The ``Traversable`` of ``resources/icons/<name>.svg`` (may not exist)."""
    return _icons_dir().joinpath(f"{name}.svg")


def available_icons() -> list[str]:
    """Names of every SVG in ``resources/icons`` (including ``app``)."""
    return sorted(
        entry.name.removesuffix(".svg")
        for entry in _icons_dir().iterdir()
        if entry.is_file() and entry.name.endswith(".svg")
    )


@functools.cache
def svg_bytes(name: str) -> bytes:
    """The SVG source of one icon. Raises ``FileNotFoundError`` if it is not shipped."""
    res = icon_resource(name)
    if not res.is_file():
        raise FileNotFoundError(f"no icon named {name!r} in resources/icons")
    return res.read_bytes()


class _SvgIconEngine(QIconEngine):
    """Draws SVG bytes (one document per icon mode) on demand, caching the pixmaps it made.

    Lazy on purpose: building the icon costs nothing; each size is rendered the first time a
    widget asks for it.
    """

    def __init__(self, svg_by_mode: dict[QIcon.Mode, bytes]) -> None:
        super().__init__()
        self._svg = svg_by_mode
        self._renderers: dict[QIcon.Mode, QSvgRenderer] = {}
        self._pixmaps: dict[tuple[int, int, QIcon.Mode], QPixmap] = {}

    def _renderer(self, mode: QIcon.Mode) -> QSvgRenderer:
        renderer = self._renderers.get(mode)
        if renderer is None:
            data = self._svg.get(mode, self._svg[QIcon.Mode.Normal])
            renderer = self._renderers[mode] = QSvgRenderer(QByteArray(data))
        return renderer

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        self._renderer(mode).render(painter, QRectF(rect))

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        key = (size.width(), size.height(), mode)
        cached = self._pixmaps.get(key)
        if cached is not None:
            return cached
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        if not size.isEmpty():
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.paint(painter, QRect(0, 0, size.width(), size.height()), mode, state)
            painter.end()
        pixmap = QPixmap.fromImage(image)
        self._pixmaps[key] = pixmap
        return pixmap

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State, scale: float) -> QPixmap:
        device = QSize(max(1, round(size.width() * scale)), max(1, round(size.height() * scale)))
        pixmap = QPixmap(self.pixmap(device, mode, state))
        pixmap.setDevicePixelRatio(scale)
        return pixmap

    def actualSize(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QSize:
        side = min(size.width(), size.height())
        return QSize(side, side)

    def availableSizes(
        self, mode: QIcon.Mode = QIcon.Mode.Normal, state: QIcon.State = QIcon.State.Off
    ) -> list[QSize]:
        return [QSize(n, n) for n in _STANDARD_SIZES]

    def isNull(self) -> bool:
        return False

    def clone(self) -> QIconEngine:
        return _SvgIconEngine(self._svg)


def _icon_from_bytes(svg: bytes, modes: dict[QIcon.Mode, bytes] | None = None) -> QIcon:
    return QIcon(_SvgIconEngine({QIcon.Mode.Normal: svg, **(modes or {})}))


def icon(name: str) -> QIcon:
    """The icon ``name`` drawn in the application palette's text colour (cached per colour).

    This is the one to use on widgets: the grey the SVGs are drawn in is too faint on a dark
    window. Without a QGuiApplication it is :func:`shipped_icon`. An unknown name logs and gives a
    null icon. After the application palette changes (light ↔ dark), ask again.
    """
    if isinstance(QGuiApplication.instance(), QGuiApplication):
        return palette_icon(name)
    return shipped_icon(name)


@functools.cache
def shipped_icon(name: str) -> QIcon:
    """``resources/icons/<name>.svg`` as shipped (neutral grey), sharp at every size."""
    res = icon_resource(name)
    if not res.is_file():
        log.error("Icon %r is not shipped in resources/icons", name)
        return QIcon()
    if isinstance(res, Path):
        from_file = QIcon(str(res))
        if not from_file.isNull():
            return from_file
        # No SVG icon-engine plugin (e.g. a frozen build that left it out): render it ourselves.
    return _icon_from_bytes(res.read_bytes())


def _recolour(svg: bytes, colour: QColor) -> bytes:
    return svg.replace(BASE_COLOR.encode(), colour.name(QColor.NameFormat.HexRgb).encode())


@functools.cache
def _tinted(name: str, rgba: int, disabled_rgba: int, selected_rgba: int | None) -> QIcon:
    try:
        svg = svg_bytes(name)
    except FileNotFoundError:
        log.error("Icon %r is not shipped in resources/icons", name)
        return QIcon()
    modes = {QIcon.Mode.Disabled: _recolour(svg, QColor.fromRgba(disabled_rgba))}
    if selected_rgba is not None:
        modes[QIcon.Mode.Selected] = _recolour(svg, QColor.fromRgba(selected_rgba))
    return _icon_from_bytes(_recolour(svg, QColor.fromRgba(rgba)), modes)


def tinted_icon(
    name: str,
    colour: QColor,
    disabled_colour: QColor | None = None,
    selected_colour: QColor | None = None,
) -> QIcon:
    """The icon drawn in ``colour`` instead of the neutral grey (cached per colour).

    SVG colours are opaque: a translucent ``colour`` is flattened to its RGB.
    """
    if disabled_colour is None:
        disabled_colour = mix(colour, QColor(BASE_COLOR), 0.6)
    return _tinted(
        name,
        colour.rgba(),
        disabled_colour.rgba(),
        selected_colour.rgba() if selected_colour is not None else None,
    )


def palette_icon(name: str, palette: QPalette | None = None) -> QIcon:
    """The icon in the palette's text colour (softened a little toward the window), with the
    disabled text colour for disabled widgets and the highlighted-text colour on selected rows."""
    if palette is None:
        palette = QGuiApplication.palette()
    text = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.WindowText)
    window = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Window)
    disabled = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    selected = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.HighlightedText)
    return tinted_icon(name, mix(text, window, 0.2), disabled, selected)


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """``a`` moved ``amount`` (0..1) of the way toward ``b`` (in RGB, alpha included)."""
    t = min(max(amount, 0.0), 1.0)
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
        a.alphaF() + (b.alphaF() - a.alphaF()) * t,
    )


@functools.cache
def app_icon() -> QIcon:
    """The application icon: the pre-rendered hicolor PNGs where shipped, else the SVG."""
    hicolor = resources.files("creative_memory.resources").joinpath("icons", "hicolor")
    combined = QIcon()
    for size in APP_ICON_SIZES:
        png = hicolor.joinpath(f"{size}x{size}", "apps", f"{APP_ID}.png")
        if isinstance(png, Path) and png.is_file():
            combined.addFile(str(png), QSize(size, size))  # read when that size is first drawn
            continue
        pixmap = QPixmap()
        if png.is_file() and pixmap.loadFromData(png.read_bytes(), "PNG"):
            combined.addPixmap(pixmap)
    if not combined.isNull():
        return combined
    return shipped_icon(APP_ICON_NAME)

"""Colours: a CSS colour token (tinycss2's CSS Color 4 parser) → sRGB, and what the features
measure of it: relative luminance and contrast (WCAG 2), chroma, hue and its family.

A colour space tinycss2 cannot bring to sRGB (or XYZ) is left out; so are ``currentcolor``
(resolved by the cascade instead), ``color-mix()`` and system colours.
"""

from __future__ import annotations

import colorsys
import math
from dataclasses import dataclass
from typing import Any, Final

import tinycss2.color4


@dataclass(frozen=True, slots=True)
class RGBA:
    """sRGB, each channel 0–1 (clipped), and alpha 0–1."""

    r: float
    g: float
    b: float
    a: float = 1.0

    @property
    def hex(self) -> str:
        return "#" + "".join(f"{round(c * 255):02x}" for c in (self.r, self.g, self.b))

    @property
    def chroma(self) -> float:
        """max − min of the channels: 0 for greys, 1 for pure hues."""
        return max(self.r, self.g, self.b) - min(self.r, self.g, self.b)

    @property
    def hue(self) -> float:
        """Degrees, 0–360 (0 for greys)."""
        h, _, _ = colorsys.rgb_to_hsv(self.r, self.g, self.b)
        return h * 360.0

    @property
    def luminance(self) -> float:
        def lin(c: float) -> float:
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        return 0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)

    def over(self, ground: RGBA) -> RGBA:
        """This colour painted over an opaque ``ground``."""
        a = self.a
        return RGBA(
            self.r * a + ground.r * (1 - a),
            self.g * a + ground.g * (1 - a),
            self.b * a + ground.b * (1 - a),
        )


WHITE: Final = RGBA(1.0, 1.0, 1.0)


def contrast(one: RGBA, other: RGBA) -> float:
    """WCAG 2 contrast ratio, 1–21."""
    a, b = sorted((one.luminance, other.luminance), reverse=True)
    return (a + 0.05) / (b + 0.05)


# Hue families by hue angle (degrees): the upper end of each family's range.
HUE_FAMILIES: Final[tuple[tuple[float, str], ...]] = (
    (15.0, "red"),
    (45.0, "orange"),
    (70.0, "yellow"),
    (160.0, "green"),
    (195.0, "teal"),
    (255.0, "blue"),
    (290.0, "purple"),
    (345.0, "pink"),
    (360.0, "red"),
)


def hue_family(color: RGBA) -> str:
    h = color.hue
    for top, name in HUE_FAMILIES:
        if h < top:
            return name
    return "red"


def warmth(color: RGBA) -> float:
    """−1 (cyan-blue) … +1 (red-orange), scaled by chroma: how warm this colour reads."""
    if color.chroma == 0:
        return 0.0
    return color.chroma * math.cos(math.radians(color.hue - 30.0))


# XYZ (D65) → linear sRGB, and the Bradford adaptation D50 → D65 (CSS Color 4, section 17).
_XYZ_TO_SRGB: Final = (
    (3.2409699419045226, -1.537383177570094, -0.4986107602930034),
    (-0.9692436362808796, 1.8759675015077202, 0.04155505740717559),
    (0.05563007969699366, -0.20397695888897652, 1.0569715142428786),
)
_D50_TO_D65: Final = (
    (0.955473421488075, -0.02309845494876471, 0.06325924320057072),
    (-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
    (0.012314014864481998, -0.020507649298898964, 1.330365926242124),
)


def _mul(
    m: tuple[tuple[float, float, float], ...], v: tuple[float, float, float]
) -> tuple[float, float, float]:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def _gamma(c: float) -> float:
    c = max(0.0, min(1.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _from_xyz(xyz: tuple[float, float, float], alpha: float) -> RGBA:
    r, g, b = _mul(_XYZ_TO_SRGB, xyz)
    return RGBA(_gamma(r), _gamma(g), _gamma(b), alpha)


def _clip(c: float) -> float:
    return max(0.0, min(1.0, c))


def parse_color(token: Any) -> RGBA | None:
    """One colour token (``#c96442``, ``rgb(…)``, ``hsl(…)``, ``oklch(…)``, a name, ``transparent``)
    → sRGB; None for anything else, ``currentcolor`` included."""
    try:
        color = tinycss2.color4.parse_color(token)
    except (ValueError, TypeError, ZeroDivisionError, NotImplementedError):
        return None
    if color is None or isinstance(color, str):
        return None
    alpha = float(color.alpha) if color.alpha is not None else 1.0
    try:
        space = str(color.space)
        if space in ("srgb", "hsl", "hwb"):
            r, g, b = (float(c) for c in color.to("srgb").coordinates)
            return RGBA(_clip(r), _clip(g), _clip(b), alpha)
        if space in ("oklab", "oklch", "xyz-d65", "xyz"):
            x, y, z = (float(c) for c in color.to("xyz-d65").coordinates)
            return _from_xyz((x, y, z), alpha)
        if space in ("lab", "lch", "xyz-d50"):
            x, y, z = (float(c) for c in color.to("xyz-d50").coordinates)
            return _from_xyz(_mul(_D50_TO_D65, (x, y, z)), alpha)
    except (NotImplementedError, ValueError, TypeError, ZeroDivisionError):
        return None
    return None

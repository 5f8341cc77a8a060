"""Colour features: the ground behind the text (light or dark), the text's contrast on it, and the
palette — every colour the page's boxes use for text, fills, borders and gradients — its
saturation, temperature and accent.

The ground of a text box is the nearest fill behind it (its own or an ancestor's background
colour, or the mean of a gradient's stops), painted over what is behind that; with none, the
browser's white canvas.
"""

from __future__ import annotations

from typing import Any, Final

from creative_memory.services.extract.cascade import Box
from creative_memory.services.extract.colors import RGBA, WHITE, contrast, hue_family, parse_color, warmth
from creative_memory.services.extract.features import Group
from creative_memory.services.extract.measure import Page, median, mode, rounded, word
from creative_memory.services.extract.shorthands import SIDES
from creative_memory.services.extract.values import significant

_ACCENT_CHROMA: Final = 0.25
_FAINT: Final = 0.1


def color(page: Page) -> Group:
    boxes = page.boxes
    grounds = _grounds(page)
    out: Group = {}
    if page.text:
        ground_hex = mode(grounds[i].hex for i in page.text)
        ground = next(grounds[i] for i in page.text if grounds[i].hex == ground_hex)
        out["ground"] = ground.hex
        out["ground_luminance"] = rounded(ground.luminance, 3)
        ratios = [
            contrast(c.over(grounds[i]), grounds[i]) for i in page.text if (c := boxes[i].color) is not None
        ]
        if ratios:
            out["contrast"] = rounded(median(ratios) or 0.0, 2)
    uses = _palette(page)
    if not uses:
        return out
    colours = [parse_color_hex(h) for h in uses]
    out["colours"] = len(colours)
    out["saturation"] = rounded(sum(c.chroma for c in colours) / len(colours), 3)
    out["temperature"] = rounded(sum(warmth(c) for c in colours) / len(colours), 3)
    accents = [h for h in uses if parse_color_hex(h).chroma >= _ACCENT_CHROMA]
    if accents:
        accent = max(accents, key=lambda h: (uses[h], parse_color_hex(h).chroma))
        out["accent"] = accent
        out["accent_family"] = hue_family(parse_color_hex(accent))
    return out


def parse_color_hex(value: str) -> RGBA:
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return RGBA(r, g, b)


def _grounds(page: Page) -> list[RGBA]:
    """The opaque ground behind each box, in document order (parents first)."""
    out: list[RGBA] = []
    for box in page.boxes:
        behind = out[box.parent] if box.parent >= 0 else WHITE
        fill = _fill(box)
        out.append(fill.over(behind) if fill is not None else behind)
    return out


def _fill(box: Box) -> RGBA | None:
    """A box's own fill: its gradient's mean stop, else its background colour (None: none)."""
    image = box.props.get("background-image")
    if image:
        stops = [c for t in image if t.type == "function" and "gradient" in t.lower_name for c in _stops(t)]
        if stops:
            n = len(stops)
            return RGBA(
                sum(c.r for c in stops) / n,
                sum(c.g for c in stops) / n,
                sum(c.b for c in stops) / n,
                sum(c.a for c in stops) / n,
            )
    c = _color_of(box.props.get("background-color"), box)
    return c if c is not None and c.a > 0 else None


def _stops(fn: Any) -> list[RGBA]:
    found: list[RGBA] = []
    for t in significant(fn.arguments):
        c = parse_color(t)
        if c is not None:
            found.append(c)
    return found


def _color_of(value: Any, box: Box) -> RGBA | None:
    if value is None:
        return None
    sig = significant(value)
    if len(sig) != 1:
        return None
    if sig[0].type == "ident" and sig[0].lower_value == "currentcolor":
        return box.color
    return parse_color(sig[0])


def _palette(page: Page) -> dict[str, int]:
    """Every colour a visible box sets (text, fill, visible borders, gradient stops) → how many
    boxes set it. Near-transparent colours are left out."""
    uses: dict[str, int] = {}

    def add(c: RGBA | None) -> None:
        if c is not None and c.a >= _FAINT:
            h = RGBA(c.r, c.g, c.b).hex
            uses[h] = uses.get(h, 0) + 1

    for i in page.visible:
        box = page.boxes[i]
        props = box.props
        if "color" in props:
            add(box.color)
        add(_color_of(props.get("background-color"), box))
        image = props.get("background-image")
        if image:
            for t in image:
                if t.type == "function" and "gradient" in t.lower_name:
                    for c in _stops(t):
                        add(c)
        for side in SIDES:
            if word(props.get(f"border-{side}-style")) not in (None, "none", "hidden"):
                add(_color_of(props.get(f"border-{side}-color"), box) or box.color)
                break
    return uses

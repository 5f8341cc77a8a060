"""Shorthand declarations → the longhands the features read (``padding`` → ``padding-top`` …,
``border`` → each side's width, style and colour, ``background`` → its colour and image, ``font`` →
size, line height and family). Properties no feature reads are dropped here.

Values arrive with ``var()`` already substituted. A shorthand whose parts cannot be told apart sets
nothing (left out).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from tinycss2.ast import IdentToken

from creative_memory.services.extract.colors import parse_color
from creative_memory.services.extract.values import significant, split_commas

Value = tuple[Any, ...]
SIDES: Final = ("top", "right", "bottom", "left")
CORNERS: Final = ("top-left", "top-right", "bottom-right", "bottom-left")

# Longhands kept as they are (the features read them).
LONGHANDS: Final = frozenset(
    {
        *(f"padding-{s}" for s in SIDES),
        *(f"margin-{s}" for s in SIDES),
        *(f"border-{s}-{p}" for s in SIDES for p in ("width", "style", "color")),
        *(f"border-{c}-radius" for c in CORNERS),
        "row-gap",
        "column-gap",
        "box-shadow",
        "background-color",
        "background-image",
        "max-width",
        "width",
        "display",
        "grid-template-columns",
        "font-size",
        "font-family",
        "line-height",
        "letter-spacing",
        "text-transform",
        "text-align",
        "color",
    }
)
_LOGICAL: Final[dict[str, tuple[str, ...]]] = {
    "inline": ("left", "right"),
    "block": ("top", "bottom"),
    "inline-start": ("left",),
    "inline-end": ("right",),
    "block-start": ("top",),
    "block-end": ("bottom",),
}
_BORDER_STYLES: Final = frozenset(
    {"none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"}
)
_WIDTH_WORDS: Final = frozenset({"thin", "medium", "thick"})
_FONT_PREFIX: Final = frozenset(
    {"normal", "italic", "oblique", "small-caps", "bold", "bolder", "lighter",
     "condensed", "expanded", "semi-condensed", "semi-expanded", "ultra-condensed", "extra-condensed"}
)  # fmt: skip
_FONT_SIZE_WORDS: Final = frozenset(
    {
        "xx-small",
        "x-small",
        "small",
        "medium",
        "large",
        "x-large",
        "xx-large",
        "xxx-large",
        "smaller",
        "larger",
    }
)

Pair = tuple[str, Value]


def _ident(word: str) -> IdentToken:
    return IdentToken(0, 0, word)


def _four(parts: list[Any], names: tuple[str, ...]) -> Iterator[Pair]:
    """1–4 values → top, right, bottom, left (CSS's box order)."""
    if not 1 <= len(parts) <= 4:
        return
    top = parts[0]
    right = parts[1] if len(parts) > 1 else top
    bottom = parts[2] if len(parts) > 2 else top
    left = parts[3] if len(parts) > 3 else right
    for name, part in zip(names, (top, right, bottom, left), strict=True):
        yield name, (part,)


_SHORTHANDS: Final = frozenset(
    {"padding", "margin", "gap", "grid-gap", "grid-row-gap", "grid-column-gap", "border-radius",
     "border-width", "border-style", "border-color", "border", "background", "font",
     *(f"{box}-{where}" for box in ("padding", "margin", "border") for where in _LOGICAL),
     *(f"border-{s}" for s in SIDES)}
)  # fmt: skip


def read_by_features(name: str) -> bool:
    """Whether some feature reads this property (a longhand kept, or a shorthand expanded)."""
    return name in LONGHANDS or name in _SHORTHANDS


def expand(name: str, value: Value) -> Iterator[Pair]:
    """The longhands one declaration sets (nothing for a property no feature reads)."""
    if name in LONGHANDS:
        yield name, value
        return
    parts = significant(value)
    if name in ("padding", "margin"):
        yield from _four(parts, tuple(f"{name}-{s}" for s in SIDES))
    elif name.startswith(("padding-", "margin-")):
        box, _, where = name.partition("-")
        sides = _LOGICAL.get(where, ())
        if sides and len(parts) in (1, len(sides)):
            for i, side in enumerate(sides):
                yield f"{box}-{side}", (parts[i if len(parts) > 1 else 0],)
    elif name in ("gap", "grid-gap") and 1 <= len(parts) <= 2:
        yield "row-gap", (parts[0],)
        yield "column-gap", (parts[-1],)
    elif name in ("grid-row-gap", "grid-column-gap"):
        yield name.removeprefix("grid-"), value
    elif name == "border-radius":
        before_slash = []
        for t in parts:
            if t.type == "literal" and t.value == "/":
                break
            before_slash.append(t)
        yield from _four(before_slash, tuple(f"border-{c}-radius" for c in CORNERS))
    elif name in ("border-width", "border-style", "border-color"):
        prop = name.removeprefix("border-")
        yield from _four(parts, tuple(f"border-{s}-{prop}" for s in SIDES))
    elif name == "border" or name.startswith("border-"):
        yield from _border(name, parts)
    elif name == "background":
        yield from _background(value)
    elif name == "font":
        yield from _font(parts)


def _border(name: str, parts: list[Any]) -> Iterator[Pair]:
    where = name.removeprefix("border").removeprefix("-")
    sides = SIDES if where == "" else _LOGICAL.get(where, (where,) if where in SIDES else ())
    if not sides:
        return
    width: Value = (_ident("medium"),)
    style: Value = (_ident("none"),)
    color: Value = (_ident("currentcolor"),)
    for t in parts:
        word = str(t.lower_value) if t.type == "ident" else None
        if word in _BORDER_STYLES:
            style = (t,)
        elif (
            word in _WIDTH_WORDS
            or t.type in ("dimension", "number")
            or (t.type == "function" and t.lower_name in ("calc", "clamp", "min", "max"))
        ):
            width = (t,)
        elif word == "currentcolor" or parse_color(t) is not None:
            color = (t,)
        else:
            return  # a part this cannot place: the declaration is left out
    for side in sides:
        yield f"border-{side}-width", width
        yield f"border-{side}-style", style
        yield f"border-{side}-color", color


def _background(value: Value) -> Iterator[Pair]:
    layers = split_commas(value)
    images: list[Any] = []
    color: Any = _ident("transparent")
    for i, layer in enumerate(layers):
        for t in significant(layer):
            if t.type == "url" or (
                t.type == "function" and (t.lower_name == "url" or "gradient" in t.lower_name)
            ):
                images.append(t)
            elif i == len(layers) - 1 and parse_color(t) is not None:
                color = t
    yield "background-color", (color,)
    yield "background-image", tuple(images) if images else (_ident("none"),)


def _font(parts: list[Any]) -> Iterator[Pair]:
    """``[style variant weight stretch] size[/line-height] family``; a system font (``caption``…)
    sets nothing."""
    i = 0
    while i < len(parts) and (
        (parts[i].type == "ident" and parts[i].lower_value in _FONT_PREFIX) or parts[i].type == "number"
    ):
        i += 1
    if i >= len(parts):
        return
    size = parts[i]
    if not (
        size.type in ("dimension", "percentage", "function")
        or (size.type == "ident" and size.lower_value in _FONT_SIZE_WORDS)
    ):
        return
    yield "font-size", (size,)
    i += 1
    line: Value = (_ident("normal"),)
    if i < len(parts) and parts[i].type == "literal" and parts[i].value == "/":
        if i + 1 >= len(parts):
            return
        line = (parts[i + 1],)
        i += 2
    yield "line-height", line
    family = parts[i:]
    if family:
        yield "font-family", tuple(family)

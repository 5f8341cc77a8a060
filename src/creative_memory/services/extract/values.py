"""CSS values as tinycss2 tokens → numbers: lengths in px, with ``calc()``, ``min()``, ``max()``
and ``clamp()`` evaluated for the reference window (decision 0064: 1280 × 800 px, 16 px root).

A value that static CSS cannot decide (a percentage of an unknown box, an unknown unit or
function) is ``None``: left out, never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

VIEW_W: Final = 1280.0
VIEW_H: Final = 800.0
ROOT_PX: Final = 16.0

Tokens = Sequence[Any]

_ABSOLUTE: Final[dict[str, float]] = {
    "px": 1.0,
    "pt": 4.0 / 3.0,
    "pc": 16.0,
    "in": 96.0,
    "cm": 96.0 / 2.54,
    "mm": 96.0 / 25.4,
    "q": 96.0 / 101.6,
}


@dataclass(frozen=True, slots=True)
class Ctx:
    """What relative units are relative to: the element's font size, the root's, and (when known)
    the length a percentage is a share of."""

    font_px: float = ROOT_PX
    root_px: float = ROOT_PX
    percent_of: float | None = None


def significant(tokens: Tokens) -> list[Any]:
    """The tokens without whitespace and comments."""
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def split_commas(tokens: Tokens) -> list[list[Any]]:
    """Top-level comma-separated parts (whitespace kept inside each part)."""
    parts: list[list[Any]] = [[]]
    for t in tokens:
        if t.type == "literal" and t.value == ",":
            parts.append([])
        else:
            parts[-1].append(t)
    return parts


def ident(token: Any) -> str | None:
    return str(token.lower_value) if token.type == "ident" else None


def unit_px(value: float, unit: str, ctx: Ctx) -> float | None:
    """``value`` of ``unit`` (lower case) in px, or None for a unit that cannot be resolved."""
    if unit in _ABSOLUTE:
        return value * _ABSOLUTE[unit]
    factor = {
        "em": ctx.font_px,
        "rem": ctx.root_px,
        "ex": ctx.font_px / 2,
        "ch": ctx.font_px / 2,
        "cap": ctx.font_px * 0.7,
        "lh": ctx.font_px * 1.2,
        "rlh": ctx.root_px * 1.2,
        "vw": VIEW_W / 100,
        "svw": VIEW_W / 100,
        "lvw": VIEW_W / 100,
        "dvw": VIEW_W / 100,
        "vi": VIEW_W / 100,
        "vh": VIEW_H / 100,
        "svh": VIEW_H / 100,
        "lvh": VIEW_H / 100,
        "dvh": VIEW_H / 100,
        "vb": VIEW_H / 100,
        "vmin": min(VIEW_W, VIEW_H) / 100,
        "vmax": max(VIEW_W, VIEW_H) / 100,
    }.get(unit)
    return None if factor is None else value * factor


# A quantity inside calc(): (number, is_length).
_Q = tuple[float, bool]


def length_px(tokens: Tokens, ctx: Ctx) -> float | None:
    """One length (``12px``, ``1.5rem``, ``0``, ``clamp(…)``, ``calc(…)``, a percentage when
    ``ctx.percent_of`` is known) in px; None if the tokens are not exactly one resolvable length."""
    sig = significant(tokens)
    if len(sig) != 1:
        return None
    q = _term(sig[0], ctx)
    if q is None:
        return None
    value, is_len = q
    if not is_len and value != 0:
        return None
    return value


def number(tokens: Tokens) -> float | None:
    """One plain number (``1.5``), or None."""
    sig = significant(tokens)
    if len(sig) == 1 and sig[0].type == "number":
        return float(sig[0].value)
    return None


def _term(t: Any, ctx: Ctx) -> _Q | None:
    if t.type == "number":
        return float(t.value), False
    if t.type == "dimension":
        px = unit_px(float(t.value), str(t.lower_unit), ctx)
        return None if px is None else (px, True)
    if t.type == "percentage":
        return None if ctx.percent_of is None else (float(t.value) * ctx.percent_of / 100, True)
    if t.type == "() block":
        return _sum(significant(t.content), ctx)
    if t.type == "function":
        return _function(str(t.lower_name), t.arguments, ctx)
    return None


def _function(name: str, arguments: Tokens, ctx: Ctx) -> _Q | None:
    if name == "calc":
        return _sum(significant(arguments), ctx)
    if name in ("min", "max", "clamp"):
        parts = [_sum(significant(p), ctx) for p in split_commas(arguments)]
        if not parts or any(p is None for p in parts):
            return None
        qs = [p for p in parts if p is not None]
        kinds = {q[1] for q in qs if q[0] != 0}
        if len(kinds) > 1:
            return None
        kind = kinds.pop() if kinds else False
        values = [q[0] for q in qs]
        if name == "min":
            return min(values), kind
        if name == "max":
            return max(values), kind
        if len(values) != 3:
            return None
        low, mid, high = values
        return max(low, min(mid, high)), kind
    return None


def _sum(tokens: list[Any], ctx: Ctx) -> _Q | None:
    """sum := product (('+' | '-') product)*, over tokens without whitespace."""
    terms: list[list[Any]] = [[]]
    signs = [1.0]
    for i, t in enumerate(tokens):
        if t.type == "literal" and t.value in ("+", "-") and i > 0:
            terms.append([])
            signs.append(1.0 if t.value == "+" else -1.0)
        else:
            terms[-1].append(t)
    total = 0.0
    kind: bool | None = None
    for sign, term in zip(signs, terms, strict=True):
        q = _product(term, ctx)
        if q is None:
            return None
        if q[0] != 0:
            if kind is not None and q[1] != kind:
                return None
            kind = q[1]
        total += sign * q[0]
    return total, bool(kind)


def _product(tokens: list[Any], ctx: Ctx) -> _Q | None:
    """product := term (('*' | '/') term)*."""
    if not tokens or len(tokens) % 2 == 0:
        return None
    first = _term(tokens[0], ctx)
    if first is None:
        return None
    value, is_len = first
    for op, t in zip(tokens[1::2], tokens[2::2], strict=True):
        q = _term(t, ctx)
        if q is None or op.type != "literal" or op.value not in ("*", "/"):
            return None
        if op.value == "*":
            if is_len and q[1]:
                return None
            value, is_len = value * q[0], is_len or q[1]
        else:
            if q[1] or q[0] == 0:
                return None
            value /= q[0]
    return value, is_len

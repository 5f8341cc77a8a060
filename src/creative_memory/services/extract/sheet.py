"""A page's CSS → style rules that apply in the reference window, with their specificity and order.

Parsed with tinycss2. ``@media`` is evaluated for the reference window (decision 0064: a screen
1280 × 800 px, light colour scheme, no reduced motion, a fine pointer that hovers); a query this
cannot decide leaves its rules out. ``@supports`` and ``@layer`` blocks apply (their rules in
source order); ``@container``, ``@keyframes``, ``@font-face`` and the rest are not style rules of
the page at rest. A selector with a pseudo-element styles no element of the document and is left
out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import tinycss2

from creative_memory.services.extract.shorthands import read_by_features
from creative_memory.services.extract.values import Ctx, ident, length_px, significant, split_commas

# What the reference window answers to a media feature; a feature not named here is unknown.
_DISCRETE: Final[dict[str, str]] = {
    "orientation": "landscape",
    "prefers-color-scheme": "light",
    "prefers-reduced-motion": "no-preference",
    "prefers-reduced-transparency": "no-preference",
    "prefers-contrast": "no-preference",
    "forced-colors": "none",
    "hover": "hover",
    "any-hover": "hover",
    "pointer": "fine",
    "any-pointer": "fine",
    "scripting": "enabled",
    "display-mode": "browser",
    "update": "fast",
}
_SIZES: Final[dict[str, float]] = {"width": 1280.0, "height": 800.0}
_MEDIA_CTX: Final = Ctx()  # em in a media query is the initial 16 px
_PSEUDO_ELEMENTS: Final = frozenset(
    {"before", "after", "first-line", "first-letter", "marker", "placeholder", "selection", "backdrop"}
)


@dataclass(frozen=True, slots=True)
class Decl:
    name: str  # lower case; a custom property (``--x``) as written
    value: tuple[Any, ...]
    important: bool


@dataclass(frozen=True, slots=True)
class Rule:
    selector: str
    specificity: tuple[int, int, int]
    order: int
    declarations: tuple[Decl, ...]


@dataclass(slots=True)
class Sheet:
    rules: list[Rule] = field(default_factory=list)
    left_out: int = 0  # rules of @media queries or selectors this cannot decide


def declarations(tokens: Sequence[Any] | str) -> tuple[Decl, ...]:
    """A declaration block (a rule's content or a ``style=""`` attribute): the custom properties and
    the declarations some feature reads, in order."""
    out: list[Decl] = []
    for d in tinycss2.parse_blocks_contents(tokens, skip_whitespace=True, skip_comments=True):
        if d.type != "declaration":
            continue
        name = str(d.name) if str(d.name).startswith("--") else str(d.lower_name)
        if not name.startswith("--") and not read_by_features(name):
            continue
        value = tuple(t for t in d.value if t.type != "comment")
        out.append(Decl(name, value, bool(d.important)))
    return tuple(out)


def read_sheet(css: str, sheet: Sheet) -> None:
    """Add one ``<style>`` block's rules to ``sheet``, in order."""
    _walk(tinycss2.parse_stylesheet(css, skip_whitespace=True, skip_comments=True), sheet)


def _walk(nodes: Iterable[Any], sheet: Sheet) -> None:
    for node in nodes:
        if node.type == "qualified-rule":
            _add_rule(node, sheet)
        elif node.type == "at-rule" and node.content is not None:
            kw = str(node.lower_at_keyword)
            if kw == "media":
                applies = media_applies(node.prelude)
                if applies is None:
                    sheet.left_out += 1
                if not applies:
                    continue
            elif kw == "supports":
                if any(ident(t) == "not" for t in significant(node.prelude)):
                    continue
            elif kw != "layer":
                continue
            _walk(tinycss2.parse_rule_list(node.content, skip_whitespace=True, skip_comments=True), sheet)


def _add_rule(node: Any, sheet: Sheet) -> None:
    decls = declarations(node.content)
    if not decls:
        return
    for part in split_commas(node.prelude):
        sig = significant(part)
        if not sig:
            continue
        spec = specificity(sig)
        if spec is None:
            sheet.left_out += 1
            continue
        sheet.rules.append(Rule(tinycss2.serialize(part).strip(), spec, len(sheet.rules), decls))


def specificity(tokens: Sequence[Any]) -> tuple[int, int, int] | None:
    """(ids, classes/attributes/pseudo-classes, types) of one complex selector; None when it names
    a pseudo-element (no element of the document has its style)."""
    a = b = c = 0
    toks = list(tokens)
    i = 0
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.type == "hash":
            a += 1
        elif t.type == "[] block":
            b += 1
        elif t.type == "literal" and t.value == "." and nxt is not None and nxt.type == "ident":
            b += 1
            i += 1
        elif t.type == "literal" and t.value == ":" and nxt is not None:
            if nxt.type == "literal" and nxt.value == ":":
                return None
            if nxt.type == "ident":
                if nxt.lower_value in _PSEUDO_ELEMENTS:
                    return None
                b += 1
            elif nxt.type == "function":
                inner = _functional(nxt)
                if inner is None:
                    return None
                a, b, c = a + inner[0], b + inner[1], c + inner[2]
            i += 1
        elif t.type == "ident":
            c += 1
        i += 1
    return a, b, c


def _functional(fn: Any) -> tuple[int, int, int] | None:
    name = str(fn.lower_name)
    if name == "where":
        return 0, 0, 0
    if name in ("is", "not", "has", "matches"):
        specs = [specificity(significant(p)) for p in split_commas(fn.arguments)]
        known = [s for s in specs if s is not None]
        return max(known) if known else None
    return 0, 1, 0  # :nth-child(…), :lang(…), :dir(…): one pseudo-class


def media_applies(prelude: Sequence[Any]) -> bool | None:
    """Whether a media query list matches the reference window; None when undecidable."""
    results = [_query(significant(q)) for q in split_commas(prelude)]
    if any(r is True for r in results):
        return True
    return None if any(r is None for r in results) else False


def _query(tokens: list[Any]) -> bool | None:
    if not tokens:
        return True
    negate = False
    words = [ident(t) for t in tokens]
    if words[0] == "not":
        negate, tokens, words = True, tokens[1:], words[1:]
    elif words[0] == "only":
        tokens, words = tokens[1:], words[1:]
    result: bool | None = True
    joiner = "and"
    for t, w in zip(tokens, words, strict=True):
        if w in ("and", "or"):
            joiner = w
            continue
        if w in ("screen", "all"):
            value: bool | None = True
        elif w in ("print", "speech"):
            value = False
        elif t.type == "() block":
            value = _condition(significant(t.content))
        else:
            return None
        result = _combine(result, value, joiner)
    if result is None:
        return None
    return not result if negate else result


def _combine(left: bool | None, right: bool | None, joiner: str) -> bool | None:
    if joiner == "or":
        if left is True or right is True:
            return True
        return None if left is None or right is None else False
    if left is False or right is False:
        return False
    return None if left is None or right is None else True


def _condition(tokens: list[Any]) -> bool | None:
    """``(min-width: 700px)``, ``(width < 700px)``, ``(600px <= width <= 900px)``, nested ``(not …)``."""
    if tokens and ident(tokens[0]) == "not":
        inner = _query(tokens[1:])
        return None if inner is None else not inner
    if len(tokens) == 1 and tokens[0].type == "() block":
        return _query(significant(tokens[0].content))
    if len(tokens) >= 3 and tokens[1].type == "literal" and tokens[1].value == ":":
        return _feature(ident(tokens[0]) or "", tokens[2:])
    return _range(tokens)


def _feature(name: str, value: list[Any]) -> bool | None:
    if name in _DISCRETE:
        return ident(value[0]) == _DISCRETE[name] if len(value) == 1 else None
    for prefix, op in (("min-", ">="), ("max-", "<=")):
        if name.startswith(prefix) and name[len(prefix) :] in _SIZES:
            px = length_px(value, _MEDIA_CTX)
            return None if px is None else _compare(_SIZES[name[len(prefix) :]], op, px)
    return None


def _range(tokens: list[Any]) -> bool | None:
    """Range syntax: lengths and one feature name, joined by <, <=, >, >= (or =)."""
    items: list[Any] = []
    ops: list[str] = []
    for t in tokens:
        if t.type == "literal" and t.value in ("<", ">", "="):
            if t.value == "=" and ops and ops[-1] in ("<", ">") and not _items_since(ops, items):
                ops[-1] += "="
            else:
                ops.append(t.value)
        else:
            items.append(t)
    if len(items) != len(ops) + 1 or not ops:
        return None
    values: list[float] = []
    for t in items:
        name = ident(t)
        if name is not None:
            if name not in _SIZES:
                return None
            values.append(_SIZES[name])
        else:
            px = length_px([t], _MEDIA_CTX)
            if px is None:
                return None
            values.append(px)
    return all(_compare(values[i], op, values[i + 1]) for i, op in enumerate(ops))


def _items_since(ops: list[str], items: list[Any]) -> bool:
    """Whether an item came after the last operator (``<`` then ``=`` with nothing between is ``<=``)."""
    return len(items) > len(ops)


def _compare(left: float, op: str, right: float) -> bool:
    return {
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
        "=": left == right,
    }[op]

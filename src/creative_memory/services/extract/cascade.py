"""The cascade as far as static CSS decides it: every element of the page's body with the
declarations that win on it (origin importance, specificity, order; ``style=""`` above rules),
custom properties inherited and ``var()`` substituted, and the inherited properties the features
read computed down the tree (font size in px, line height, letter spacing, family, colour, case,
alignment).

Selectors are matched by Lexbor (selectolax). A selector it cannot parse is left out. Elements
of ``<head>``, scripts, styles, templates and the inside of inline SVG have no box of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import tinycss2
from selectolax.lexbor import LexborHTMLParser, LexborNode, SelectolaxError
from tinycss2.ast import FunctionBlock, LiteralToken

from creative_memory.services.extract.colors import RGBA, parse_color
from creative_memory.services.extract.sheet import Decl, Sheet, declarations, media_applies, read_sheet
from creative_memory.services.extract.shorthands import Value, expand
from creative_memory.services.extract.values import ROOT_PX, Ctx, length_px, number, significant, split_commas

_NO_BOX: Final = frozenset(
    {"head", "script", "style", "template", "noscript", "title", "meta", "link", "base"}
)
_FONT_WORDS: Final[dict[str, float]] = {
    "xx-small": 9.0, "x-small": 10.0, "small": 13.0, "medium": 16.0, "large": 18.0,
    "x-large": 24.0, "xx-large": 32.0, "xxx-large": 48.0,
}  # fmt: skip
_VAR_DEPTH: Final = 24

# An element's declarations in cascade order: (important, inline, specificity, order, index).
_Key = tuple[bool, bool, tuple[int, int, int], int, int]


@dataclass(slots=True)
class Box:
    """One element's computed style, as far as it is known (None: left out)."""

    tag: str
    parent: int
    chars: int  # visible characters of its own text (a weight; the text itself is not kept)
    font_px: float
    line_height: tuple[str, float] | None  # ("ratio", 1.5) or ("px", 24.0); None: normal
    letter_px: float | None
    family: tuple[str, ...] | None
    color: RGBA | None
    transform: str
    align: str
    hidden: bool
    props: dict[str, Value] = field(default_factory=dict)
    customs: Mapping[str, Value] = field(default_factory=dict)

    def ctx(self, root_px: float, percent_of: float | None = None) -> Ctx:
        return Ctx(font_px=self.font_px, root_px=root_px, percent_of=percent_of)


@dataclass(slots=True)
class Styled:
    """A page after the cascade: its boxes in document order and what was left out."""

    boxes: list[Box]
    root_px: float
    rules: int
    left_out: int
    nodes: list[LexborNode]


def style_page(tree: LexborHTMLParser) -> Styled:
    sheet = Sheet()
    for node in tree.css("style"):
        media = node.attributes.get("media")
        if media and media_applies(_tokens(media)) is not True:
            continue
        read_sheet(node.text(deep=True), sheet)
    nodes, parents = _elements(tree)
    index = {n.mem_id: i for i, n in enumerate(nodes)}
    matched: list[list[tuple[_Key, Decl]]] = [[] for _ in nodes]
    cache: dict[str, list[int]] = {}
    memo: dict[tuple[int, int], _Expanded] = {}
    for rule in sheet.rules:
        hits = cache.get(rule.selector)
        if hits is None:
            try:
                found = tree.css(rule.selector)
            except SelectolaxError:
                sheet.left_out += 1
                found = []
            hits = [i for n in found if (i := index.get(n.mem_id, -1)) >= 0]
            cache[rule.selector] = hits
        for i in hits:
            for k, d in enumerate(rule.declarations):
                matched[i].append(((d.important, False, rule.specificity, rule.order, k), d))
    boxes: list[Box] = []
    root_px = ROOT_PX
    for i, node in enumerate(nodes):
        inline = node.attributes.get("style")
        if inline:
            for k, d in enumerate(declarations(inline)):
                matched[i].append(((d.important, True, (0, 0, 0), 0, k), d))
        matched[i].sort(key=lambda kd: kd[0])
        parent = boxes[parents[i]] if parents[i] >= 0 else None
        box = _compute(node, parents[i], parent, [d for _, d in matched[i]], root_px, memo)
        if i == 0:
            root_px = box.font_px
        boxes.append(box)
    return Styled(boxes, root_px, len(sheet.rules), sheet.left_out, nodes)


def _tokens(text: str) -> list[Any]:
    return list(tinycss2.parse_component_value_list(text))


def _elements(tree: LexborHTMLParser) -> tuple[list[LexborNode], list[int]]:
    """The elements that have boxes, in document order, and each one's parent's position."""
    nodes: list[LexborNode] = []
    parents: list[int] = []
    index: dict[int, int] = {}
    root = tree.root
    if root is None:
        return nodes, parents
    skipped: set[int] = set()
    for node in root.traverse(include_text=False):
        tag = node.tag or ""
        parent = node.parent
        pid = parent.mem_id if parent is not None else 0
        if tag in _NO_BOX or tag.startswith("-") or pid in skipped:
            skipped.add(node.mem_id)
            continue
        if tag == "svg":
            skipped.add(node.mem_id)  # the SVG has a box; its inside is drawing, not layout
        index[node.mem_id] = len(nodes)
        parents.append(index.get(pid, -1))
        nodes.append(node)
    return nodes, parents


# What one declaration sets under one set of custom properties: (keyword or "", longhands).
_Expanded = tuple[str, tuple[tuple[str, Value], ...]]
_KEYWORDS: Final = frozenset({"inherit", "initial", "unset", "revert", "revert-layer"})


def _compute(
    node: LexborNode,
    parent_i: int,
    parent: Box | None,
    decls: list[Decl],
    root_px: float,
    memo: dict[tuple[int, int], _Expanded],
) -> Box:
    inherited = parent.customs if parent is not None else {}
    own = {d.name: d.value for d in decls if d.name.startswith("--")}
    customs = _customs(own, inherited) if own else inherited
    props: dict[str, Value] = {}
    for d in decls:
        if d.name.startswith("--"):
            continue
        # Most boxes share their custom properties with their parent: a declaration is
        # substituted and expanded once per set of them (both live as long as the page).
        key = (id(d), id(customs))
        done = memo.get(key)
        if done is None:
            done = memo[key] = _expand(d, customs)
        word, longhands = done
        for name, v in longhands:
            if not word:
                props[name] = v
                continue
            props.pop(name, None)
            if word == "inherit" and parent is not None and name in parent.props:
                props[name] = parent.props[name]
    return _inherit(node, parent_i, parent, props, customs, root_px)


def _expand(d: Decl, customs: Mapping[str, Value]) -> _Expanded:
    value = substitute(d.value, customs)
    if value is None:
        return "", ()
    sig = significant(value)
    word = str(sig[0].lower_value) if len(sig) == 1 and sig[0].type == "ident" else ""
    return (word if word in _KEYWORDS else ""), tuple(expand(d.name, value))


def _customs(own: dict[str, Value], inherited: Mapping[str, Value]) -> dict[str, Value]:
    merged = dict(inherited)
    resolved: dict[str, Value | None] = {}

    def resolve(name: str, depth: int) -> Value | None:
        if name in resolved:
            return resolved[name]
        if name not in own:
            return inherited.get(name)
        if depth > _VAR_DEPTH:
            return None
        resolved[name] = None  # a cycle resolves to nothing
        value = _substitute(own[name], lambda n: resolve(n, depth + 1), 0)
        resolved[name] = value
        return value

    for name in own:
        value = resolve(name, 0)
        if value is None:
            merged.pop(name, None)
        else:
            merged[name] = value
    return merged


def substitute(value: Value, customs: Mapping[str, Value]) -> Value | None:
    """``value`` with every ``var()`` replaced; None when one names nothing and has no fallback."""
    return _substitute(value, customs.get, 0)


def _substitute(value: Value, lookup: Any, depth: int) -> Value | None:
    if depth > _VAR_DEPTH:
        return None
    out: list[Any] = []
    for t in value:
        if t.type != "function":
            out.append(t)
            continue
        if t.lower_name == "var":
            parts = split_commas(t.arguments)
            sig = significant(parts[0])
            name = str(sig[0].value) if len(sig) == 1 and sig[0].type == "ident" else ""
            found = lookup(name) if name.startswith("--") else None
            if found is None and len(parts) > 1:
                fallback = tuple(tok for part in _rejoin(parts[1:]) for tok in part)
                found = _substitute(fallback, lookup, depth + 1)
            if found is None:
                return None
            out.extend(found)
            continue
        args = _substitute(tuple(t.arguments), lookup, depth + 1)
        if args is None:
            return None
        out.append(FunctionBlock(t.source_line, t.source_column, t.name, list(args)))
    return tuple(out)


def _rejoin(parts: list[list[Any]]) -> list[list[Any]]:
    """A ``var()`` fallback keeps its own commas (``var(--f, Georgia, serif)``)."""
    joined: list[list[Any]] = []
    for i, part in enumerate(parts):
        if i:
            joined.append([LiteralToken(0, 0, ",")])
        joined.append(part)
    return joined


def _inherit(
    node: LexborNode,
    parent_i: int,
    parent: Box | None,
    props: dict[str, Value],
    customs: Mapping[str, Value],
    root_px: float,
) -> Box:
    p_font = parent.font_px if parent is not None else ROOT_PX
    font_px = _font_px(props.get("font-size"), p_font, root_px) or p_font
    ctx = Ctx(font_px=font_px, root_px=root_px)
    line = parent.line_height if parent is not None else None
    if "line-height" in props:
        line = _line_height(props["line-height"], ctx)
    letter = parent.letter_px if parent is not None else 0.0
    if "letter-spacing" in props:
        raw = significant(props["letter-spacing"])
        letter = (
            0.0
            if len(raw) == 1 and raw[0].type == "ident" and raw[0].lower_value == "normal"
            else length_px(raw, ctx)
        )
    family = parent.family if parent is not None else None
    if "font-family" in props:
        family = families(props["font-family"])
    color = parent.color if parent is not None else RGBA(0.0, 0.0, 0.0)
    if "color" in props:
        sig = significant(props["color"])
        color = parse_color(sig[0]) if len(sig) == 1 else None
        if len(sig) == 1 and sig[0].type == "ident" and sig[0].lower_value == "currentcolor":
            color = parent.color if parent is not None else None
    hidden = (parent is not None and parent.hidden) or _word(props.get("display")) == "none"
    return Box(
        tag=node.tag or "",
        parent=parent_i,
        chars=_own_chars(node),
        font_px=font_px,
        line_height=line,
        letter_px=letter,
        family=family,
        color=color,
        transform=_word(props.get("text-transform")) or (parent.transform if parent else "none"),
        align=_word(props.get("text-align")) or (parent.align if parent else "start"),
        hidden=hidden,
        props=props,
        customs=customs,
    )


def _word(value: Value | None) -> str | None:
    if value is None:
        return None
    sig = significant(value)
    return str(sig[0].lower_value) if len(sig) == 1 and sig[0].type == "ident" else None


def _own_chars(node: LexborNode) -> int:
    count = 0
    child = node.child
    while child is not None:
        if child.tag == "-text":
            count += len("".join((child.text_content or "").split()))
        child = child.next
    return count


def _font_px(value: Value | None, parent_px: float, root_px: float) -> float | None:
    if value is None:
        return None
    sig = significant(value)
    if len(sig) == 1 and sig[0].type == "ident":
        word = str(sig[0].lower_value)
        if word == "smaller":
            return parent_px / 1.2
        if word == "larger":
            return parent_px * 1.2
        return _FONT_WORDS.get(word)
    # em and % in font-size are the parent's font size.
    px = length_px(sig, Ctx(font_px=parent_px, root_px=root_px, percent_of=parent_px))
    return px if px is not None and px > 0 else None


def _line_height(value: Value, ctx: Ctx) -> tuple[str, float] | None:
    n = number(value)
    if n is not None:
        return ("ratio", n)
    px = length_px(value, Ctx(ctx.font_px, ctx.root_px, percent_of=ctx.font_px))
    return ("px", px) if px is not None else None


def families(value: Value) -> tuple[str, ...] | None:
    """``Georgia, 'Iowan Old Style', serif`` → ("georgia", "iowan old style", "serif")."""
    out: list[str] = []
    for part in split_commas(value):
        sig = significant(part)
        if len(sig) == 1 and sig[0].type == "string":
            out.append(str(sig[0].value).strip().lower())
        elif sig and all(t.type == "ident" for t in sig):
            out.append(" ".join(str(t.value) for t in sig).lower())
        else:
            return None
    return tuple(out) or None

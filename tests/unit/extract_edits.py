"""Edits a person makes to a page, done the way an editor would: the CSS of its ``<style>`` blocks
rewritten declaration by declaration with tinycss2, or one rule added; the words changed with the
HTML parser (plain module for the extractor's tests)."""

from __future__ import annotations

import colorsys
from collections.abc import Callable
from typing import Any

import tinycss2
from selectolax.lexbor import LexborHTMLParser
from tinycss2.ast import IdentToken, StringToken

Rewrite = Callable[[str, list[Any]], list[Any] | None]

_SPACING = ("padding", "margin", "gap", "row-gap", "column-gap", "grid-gap")
_SERIF_NAMES = frozenset(
    {"georgia", "times", "times new roman", "iowan old style", "source serif 4", "source serif pro",
     "dm serif text", "dm serif display", "fraunces", "playfair display", "garamond", "eb garamond",
     "cormorant garamond", "libre baskerville", "lora", "merriweather", "newsreader", "instrument serif",
     "noto serif sc", "charter", "palatino", "ui-serif"}
)  # fmt: skip


def _rewrite_declarations(content: list[Any], rewrite: Rewrite) -> list[Any]:
    out: list[Any] = []
    for node in tinycss2.parse_blocks_contents(content):
        if node.type == "declaration":
            name = node.name if node.name.startswith("--") else node.lower_name
            new = rewrite(name, list(node.value))
            value = tinycss2.serialize(new if new is not None else node.value)
            important = " !important" if node.important else ""
            out.extend(tinycss2.parse_component_value_list(f"{node.name}:{value}{important};"))
        elif node.type == "qualified-rule" or node.type == "at-rule":
            out.extend(tinycss2.parse_component_value_list(_rule_text(node, rewrite)))
        elif node.type != "error":
            out.append(node)
    return out


def _rule_text(node: Any, rewrite: Rewrite) -> str:
    if node.type == "qualified-rule":
        body = tinycss2.serialize(_rewrite_declarations(node.content, rewrite))
        return f"{tinycss2.serialize(node.prelude)}{{{body}}}"
    if node.content is None:
        return tinycss2.serialize([node])
    if node.lower_at_keyword in ("media", "supports", "layer"):
        inner = "".join(
            _rule_text(r, rewrite) if r.type in ("qualified-rule", "at-rule") else tinycss2.serialize([r])
            for r in tinycss2.parse_rule_list(node.content)
        )
        return f"@{node.at_keyword}{tinycss2.serialize(node.prelude)}{{{inner}}}"
    return tinycss2.serialize([node])


def rewrite_css(html: str, rewrite: Rewrite) -> str:
    """Every ``<style>`` block's declarations passed through ``rewrite(name, value)`` (a new value,
    or None to keep it)."""
    tree = LexborHTMLParser(html)
    for style in tree.css("style"):
        old = style.text(deep=True)
        if not old.strip():
            continue
        rules = tinycss2.parse_stylesheet(old)
        new = "".join(
            _rule_text(r, rewrite) if r.type in ("qualified-rule", "at-rule") else tinycss2.serialize([r])
            for r in rules
        )
        html = html.replace(old, new, 1)
    return html


def add_rule(html: str, css: str) -> str:
    """One more ``<style>`` block at the end of the head (or the start of the page)."""
    block = f"<style>{css}</style>"
    at = html.lower().find("</head>")
    return html[:at] + block + html[at:] if at >= 0 else block + html


def scale_spacing(factor: float) -> Rewrite:
    """Padding, margin and gap lengths written in px, rem or em, times ``factor``."""

    def rewrite(name: str, value: list[Any]) -> list[Any] | None:
        if not name.startswith(_SPACING):
            return None
        return [_scaled(t, factor) for t in value]

    return rewrite


def _scaled(t: Any, factor: float) -> Any:
    if t.type == "dimension" and t.lower_unit in ("px", "rem", "em"):
        return tinycss2.parse_one_component_value(f"{t.value * factor:g}{t.unit}")
    if t.type == "function" and t.lower_name in ("calc", "clamp", "min", "max"):
        inner = tinycss2.serialize([_scaled(a, factor) for a in t.arguments])
        return tinycss2.parse_one_component_value(f"{t.name}({inner})")
    return t


def serif_to_sans(name: str, value: list[Any]) -> list[Any] | None:
    """Serif faces in font stacks (``font-family``, ``font`` and custom properties) set in Inter."""
    if name not in ("font-family", "font") and not name.startswith("--"):
        return None
    out: list[Any] = []
    for t in value:
        if t.type == "ident" and t.lower_value == "serif":
            out.append(IdentToken(0, 0, "sans-serif"))
        elif t.type == "string" and t.value.lower() in _SERIF_NAMES:
            out.append(StringToken(0, 0, "Inter", '"Inter"'))
        elif t.type == "ident" and t.lower_value in _SERIF_NAMES:
            out.append(IdentToken(0, 0, "Inter"))
        else:
            out.append(t)
    return out


def mute_colours(name: str, value: list[Any]) -> list[Any] | None:
    """Every colour written in hex, ``rgb()`` or ``hsl()`` moved nine tenths toward its grey."""
    return [_muted(t) for t in value]


def _muted(t: Any) -> Any:
    import tinycss2.color4

    if t.type == "function" and t.lower_name not in ("rgb", "rgba", "hsl", "hsla"):
        inner = tinycss2.serialize([_muted(a) for a in t.arguments])
        return tinycss2.parse_one_component_value(f"{t.name}({inner})")
    if t.type not in ("hash", "function"):
        return t
    color = tinycss2.color4.parse_color(t)
    if color is None or color.space not in ("srgb", "hsl", "hwb"):
        return t
    r, g, b = color.to("srgb").coordinates
    h, lightness, s = colorsys.rgb_to_hls(r, g, b)
    r, g, b = colorsys.hls_to_rgb(h, lightness, s * 0.1)
    alpha = color.alpha if color.alpha is not None else 1
    return tinycss2.parse_one_component_value(
        f"rgb({round(r * 255)} {round(g * 255)} {round(b * 255)} / {alpha:g})"
    )


def drop_shadows(html: str) -> str:
    return add_rule(html, "* { box-shadow: none !important; }")


def narrow_content(html: str) -> str:
    return add_rule(html, "body { max-width: 600px !important; }")


def change_words(html: str) -> str:
    """Every visible text changed to other words of another length; the markup and CSS untouched."""
    tree = LexborHTMLParser(html)
    body = tree.body
    if body is None:
        return html
    texts = [
        n
        for n in body.traverse(include_text=True)
        if n.tag == "-text"
        and (n.text_content or "").strip()
        and n.parent is not None
        and n.parent.tag not in ("style", "script", "template", "textarea", "title")
    ]
    for n in texts:
        words = (n.text_content or "").split()
        n.replace_with(" ".join("lorem" * (1 + len(w) % 3) + "s" for w in words) + " ipsum")
    return tree.html or html

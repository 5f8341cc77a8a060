"""A page's style digest: what an event keeps of a page (decision 0065).

The digest is itself an HTML document, so the extractor reads it as it reads the page it came from
(``extract(digest(page).body)`` has the page's features): the same element tree with the
attributes a selector or a measure reads, every ``<style>`` block and ``style=""`` attribute, and
nothing of the person's content —

- each run of visible text becomes one ``x`` (the extractor counts an element with text of its
  own once, whatever its words); text that is only white space stays one space;
- alt text, titles, labels, placeholders, values and ``<meta>`` content are dropped;
- the address of an image, a video, a link or a form keeps its kind only (``x.jpg``), in markup and
  in CSS ``url()`` alike; a ``data:`` address keeps its type;
- scripts, ``<noscript>`` and ``<template>`` are kept empty (they have no box; their place among
  their siblings stays), an inline drawing (``<svg>``) keeps its own attributes but none of its
  inside, comments go, and ``on…`` handler attributes go;
- CSS keeps every rule and declaration but its comments, and the strings of ``content`` (the words
  a pseudo-element would show) become empty.

The digest's text is canonical (the same page, or two pages that differ only in content, give the
same text), and its id is the sha256 of that text: events share a digest by its id.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html import escape
from typing import Any, Final

import tinycss2
from selectolax.lexbor import LexborHTMLParser, LexborNode

_VOID: Final = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
_EMPTIED: Final = frozenset({"script", "noscript", "template", "iframe"})
_DRAWINGS: Final = frozenset({"svg", "math"})
_RAW_TEXT: Final = frozenset({"style"})
# Attributes that hold a person's words, or code.
_DROPPED: Final = frozenset(
    {
        "alt",
        "title",
        "placeholder",
        "value",
        "content",
        "label",
        "aria-label",
        "aria-description",
        "aria-roledescription",
        "aria-valuetext",
        "aria-placeholder",
        "srcdoc",
        "integrity",
        "nonce",
        "download",
    }
)
# Attributes that hold addresses: their kind (the extension) is kept, nothing else.
_ADDRESSES: Final = frozenset(
    {
        "src",
        "href",
        "poster",
        "action",
        "formaction",
        "cite",
        "data",
        "background",
        "manifest",
        "ping",
        "xlink:href",
        "codebase",
        "longdesc",
        "usemap",
    }
)
_SOURCE_SETS: Final = frozenset({"srcset", "imagesrcset"})


@dataclass(frozen=True, slots=True)
class Digest:
    digest_id: str  # sha256 of ``body``, hex
    body: str  # the digest's canonical text (an HTML document)


def digest(html: str) -> Digest:
    """The style digest of one page."""
    tree = LexborHTMLParser(html)
    out: list[str] = []
    document = tree.root.parent if tree.root is not None else None
    if document is not None:
        _children(document, out)
    body = "".join(out)
    return Digest(digest_id_of(body), body)


def digest_id_of(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def _children(node: LexborNode, out: list[str]) -> None:
    child = node.child
    while child is not None:
        _node(child, out)
        child = child.next


def _node(node: LexborNode, out: list[str]) -> None:
    tag = node.tag or ""
    if tag == "-text":
        text = node.text_content or ""
        out.append("x" if text.strip() else (" " if text else ""))
        return
    if tag == "-doctype":
        out.append("<!DOCTYPE html>")
        return
    if tag.startswith("-"):  # comments and processing instructions
        return
    out.append(f"<{tag}{_attributes(tag, node.attributes)}>")
    if tag in _VOID:
        return
    if tag in _RAW_TEXT:
        out.append(clean_css(node.text(deep=True)).replace("</", "<\\/"))
    elif tag in _DRAWINGS:
        for style in node.css("style"):  # a drawing's own CSS applies to the page
            out.append(f"<style>{clean_css(style.text(deep=True))}</style>")
    elif tag not in _EMPTIED:
        _children(node, out)
    out.append(f"</{tag}>")


def _attributes(tag: str, attrs: dict[str, str | None]) -> str:
    parts: list[str] = []
    for name in sorted(attrs):
        value = attrs[name]
        lower = name.lower()
        if lower in _DROPPED or lower.startswith("on") or (tag == "meta" and lower == "name"):
            continue
        if value is None:
            parts.append(f" {name}")
            continue
        if lower in _ADDRESSES:
            value = address_kind(value)
        elif lower in _SOURCE_SETS:
            value = ", ".join(address_kind(c.strip().split(" ", 1)[0]) for c in value.split(",") if c.strip())
        elif lower == "style":
            value = clean_css(value)
        parts.append(f' {name}="{escape(value, quote=True)}"')
    return "".join(parts)


def address_kind(address: str) -> str:
    """An address reduced to what tells its kind: ``x`` with its extension (``x.jpg``), or a
    ``data:`` address's type (``data:image/svg+xml,``); ``x`` when it tells none."""
    a = address.strip()
    if a.lower().startswith("data:"):
        return "data:" + a[5:].split(";", 1)[0].split(",", 1)[0].strip().lower() + ","
    path = a.split("#", 1)[0].split("?", 1)[0]
    if "//" in path:  # a scheme or a host: only the path after it tells a kind
        path = path.split("//", 1)[1].partition("/")[2]
    name = path.rsplit("/", 1)[-1]
    stem, dot, ext = name.rpartition(".")
    if dot and stem and ext.isalnum() and len(ext) <= 5:
        return f"x.{ext.lower()}"
    return "x"


def clean_css(css: str) -> str:
    """CSS without comments, with every address reduced to its kind and ``content`` strings empty."""
    tokens = tinycss2.parse_component_value_list(css, skip_comments=True)
    return str(tinycss2.serialize(list(_clean(tokens))))


def _clean(tokens: Iterable[Any]) -> Iterator[Any]:
    in_content = False
    expect_colon = False
    in_import = False
    for t in tokens:
        kind = t.type
        if kind == "at-keyword":
            in_import = t.lower_value == "import"
        elif kind == "literal" and t.value == ";":
            in_import = False
        if kind == "ident" and t.lower_value == "content":
            expect_colon = True
            yield t
            continue
        if kind == "literal" and t.value == ":" and expect_colon:
            in_content = True
            expect_colon = False
            yield t
            continue
        if kind != "whitespace":
            expect_colon = False
        if kind == "literal" and t.value in (";", "!"):
            in_content = False
        if kind == "url":
            kind_only = address_kind(t.value)
            t = tinycss2.ast.URLToken(t.source_line, t.source_column, kind_only, f"url({kind_only})")
        elif kind == "function" and t.lower_name in ("url", "src") and t.arguments:
            args = [_string(a, address_kind(a.value)) if a.type == "string" else a for a in t.arguments]
            t = tinycss2.ast.FunctionBlock(t.source_line, t.source_column, t.name, args)
        elif kind == "string" and in_import:
            t = _string(t, address_kind(t.value))
        elif kind == "string" and in_content:
            t = _string(t, "")
        elif kind in ("{} block", "[] block", "() block"):
            t = type(t)(t.source_line, t.source_column, list(_clean(t.content)))
        elif kind == "function":
            t = tinycss2.ast.FunctionBlock(t.source_line, t.source_column, t.name, list(_clean(t.arguments)))
        yield t


def _string(token: Any, value: str) -> Any:
    """A CSS string token of ``value`` (an address's kind or nothing: no quote or backslash in it)."""
    return tinycss2.ast.StringToken(token.source_line, token.source_column, value, f'"{value}"')

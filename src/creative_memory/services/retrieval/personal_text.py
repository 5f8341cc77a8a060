"""Text rules of the daemon's Personal memory files, as its JavaScript reads them.

The preview must compose the ``## Personal memory`` body byte for byte as the daemon does, so the
small differences between JavaScript and Python text handling matter here: what ``trim()`` and
``\\s`` count as whitespace (JavaScript: the Unicode space separators, line terminators and the
byte-order mark; not U+001C–U+001F or U+0085, which Python's ``str.strip()`` removes), that ``.``
stops at ``\\r``, U+2028 and U+2029, that ``\\d`` is ASCII, that a file is decoded with U+FFFD
for bad bytes instead of failing, and the daemon's small YAML subset for the front matter (whose
scalars become numbers, booleans or null, so ``name: 1.5`` is not a name).
"""

from __future__ import annotations

import re
from typing import Any, Final

# JavaScript's WhiteSpace + LineTerminator (String.prototype.trim, and \s in a RegExp).
JS_WS: Final = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
WS_CLASS: Final = "[" + re.escape(JS_WS) + "]"
DOT_CLASS: Final = "[^\\n\\r\\u2028\\u2029]"  # JavaScript's '.' without the s flag

_LINE_SPLIT = re.compile(r"\r?\n")
_BLANK_OR_COMMENT = re.compile(rf"{WS_CLASS}*(?:#{DOT_CLASS}*)?")
_INDENT = re.compile(rf"{WS_CLASS}*")
_KEY_VALUE = re.compile(rf"([^:]+):{WS_CLASS}*({DOT_CLASS}*)")
_FRONT_MATTER = re.compile(r"---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)")
_INT = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?[0-9]*\.[0-9]+")


class FrontMatterError(ValueError):
    """The daemon's parser throws on this front matter (it then skips the file)."""


def js_trim(s: str) -> str:
    return s.strip(JS_WS)


def js_trim_end(s: str) -> str:
    return s.rstrip(JS_WS)


def js_trim_start(s: str) -> str:
    return s.lstrip(JS_WS)


def js_lines(s: str) -> list[str]:
    """``s.split(/\\r?\\n/)``."""
    return _LINE_SPLIT.split(s)


def decode(raw: bytes) -> str:
    """``fs.readFile(path, 'utf8')``: bad bytes become U+FFFD; a byte-order mark is kept."""
    return raw.decode("utf-8", errors="replace")


def parse_front_matter(src: str) -> tuple[dict[str, Any], str]:
    """(data, body) of an entry file; without a front-matter block, ({}, the whole text)."""
    text = src[1:] if src.startswith("\ufeff") else src
    m = _FRONT_MATTER.fullmatch(text)
    if m is None:
        return {}, text
    return _parse_yaml_subset(m.group(1)), m.group(2)


def _coerce(raw: str) -> Any:
    v = js_trim(raw)
    if len(v) >= 2 and ((v[0] == '"' and v[-1] == '"') or (v[0] == "'" and v[-1] == "'")):
        return v[1:-1]
    if v == "true":
        return True
    if v == "false":
        return False
    if v in ("null", "~"):
        return None
    if _INT.fullmatch(v) or _DECIMAL.fullmatch(v):
        return float(v)
    return v


def _split_inline_array(inner: str) -> list[str]:
    items: list[str] = []
    buf = ""
    quote: str | None = None
    for ch in inner:
        if quote:
            buf += ch
            if ch == quote:
                quote = None
        elif ch in "\"'" and js_trim(buf) == "":
            quote = ch
            buf += ch
        elif ch == ",":
            items.append(buf)
            buf = ""
        else:
            buf += ch
    items.append(buf)
    return items


class _Frame:
    __slots__ = ("container", "indent", "key")

    def __init__(self, indent: int, container: dict[str, Any] | list[Any], key: str | None) -> None:
        self.indent, self.container, self.key = indent, container, key


def _parse_yaml_subset(src: str) -> dict[str, Any]:
    """The daemon's minimal YAML: scalars, block scalars, flat arrays, nested mappings by indent."""
    lines = js_lines(src)
    root: dict[str, Any] = {}
    stack = [_Frame(-1, root, None)]
    i = 0
    while i < len(lines):
        raw = lines[i]
        i += 1
        if _BLANK_OR_COMMENT.fullmatch(raw):
            continue
        indent = len(_INDENT.match(raw).group(0))  # type: ignore[union-attr]
        line = raw[indent:]
        is_item = line.startswith("- ")
        _close_frames(stack, indent, is_item)
        if is_item:
            _array_item(stack, js_trim(line[2:]), indent)
            continue
        kv = _KEY_VALUE.fullmatch(line)
        if kv is None:
            continue
        key, val = js_trim(kv.group(1)), kv.group(2)
        top = stack[-1]
        if isinstance(top.container, list):
            raise FrontMatterError("frontmatter object container expected")
        if val == "":
            child: dict[str, Any] = {}
            top.container[key] = child
            stack.append(_Frame(indent, child, key))
        elif val in ("|", "|-", ">", ">-"):
            top.container[key], i = _block_scalar(lines, i, indent)
        else:
            top.container[key] = _inline_value(val)
    return root


def _close_frames(stack: list[_Frame], indent: int, is_item: bool) -> None:
    """Leave the mappings this line is not inside (an item at a key's own indent stays in it)."""
    while len(stack) > 1 and indent <= stack[-1].indent:
        top = stack[-1]
        if (
            is_item
            and indent == top.indent
            and top.key is not None
            and (isinstance(top.container, list) or len(top.container) == 0)
        ):
            break
        stack.pop()


def _array_item(stack: list[_Frame], value: str, indent: int) -> None:
    """``- value`` or ``- key: value``: appended to the array of the innermost key (made on first use)."""
    top = stack[-1]
    container = top.container
    if not isinstance(container, list):
        parent = stack[-2] if len(stack) >= 2 else None
        if parent is None or not top.key:
            return
        if isinstance(parent.container, list):
            raise FrontMatterError("invalid frontmatter array nesting")
        container = parent.container[top.key] = []
        top.container = container
    if ":" in value:
        colon = value.index(":")
        obj: dict[str, Any] = {}
        val_raw = js_trim(value[colon + 1 :])
        if val_raw:
            obj[js_trim(value[:colon])] = _coerce(val_raw)
        container.append(obj)
        stack.append(_Frame(indent, obj, None))
    else:
        container.append(_coerce(value))


def _block_scalar(lines: list[str], i: int, indent: int) -> tuple[str, int]:
    """The lines of a ``|``/``>`` block from line ``i``, and the index of the first line after it."""
    collected: list[str] = []
    block_indent = -1
    while i < len(lines):
        nxt = lines[i]
        if _INDENT.fullmatch(nxt):
            collected.append("")
            i += 1
            continue
        n_indent = len(_INDENT.match(nxt).group(0))  # type: ignore[union-attr]
        if n_indent <= indent:
            break
        if block_indent == -1:
            block_indent = n_indent
        if n_indent < block_indent:
            break
        collected.append(nxt[block_indent:])
        i += 1
    return js_trim_end("\n".join(collected)), i


def _inline_value(val: str) -> Any:
    if val == "[]":
        return []
    if val.startswith("[") and val.endswith("]"):
        items = [_coerce(js_trim(s)) for s in _split_inline_array(val[1:-1])]
        return [v for v in items if v != ""]
    return _coerce(val)

"""Untrusted text made inert: what the terminal and the window show of names, files and fields
that came from elsewhere (the daemon's project names, Personal memory, events, bundles, arguments).

* :func:`for_terminal` escapes control characters (escape sequences included), C1 controls and
  the bidirectional controls, so nothing reaches a terminal that it would act on.
* :func:`for_display` (the window) shows controls and the bidirectional controls by name
  (``[ESC]``, ``[RLO]``) instead of obeying them, and isolates the text so right-to-left content cannot reorder
  what stands around it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Final

# Bidirectional formatting characters: embeddings, overrides, isolates and marks.
BIDI = {
    "\u202a": "LRE",
    "\u202b": "RLE",
    "\u202c": "PDF",
    "\u202d": "LRO",
    "\u202e": "RLO",
    "\u2066": "LRI",
    "\u2067": "RLI",
    "\u2068": "FSI",
    "\u2069": "PDI",
    "\u200e": "LRM",
    "\u200f": "RLM",
    "\u061c": "ALM",
}
FSI, PDI = "\u2068", "\u2069"
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029" + "".join(BIDI) + "]")
_UNSAFE_KEEP_NL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029" + "".join(BIDI) + "]")


def has_controls(text: str) -> bool:
    """True when ``text`` holds a control or bidirectional character other than a line break or tab."""
    return any(c not in "\n\t" for c in _UNSAFE.findall(text))


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control and bidirectional character written as ``\\xNN``/``\\uNNNN``
    (line breaks kept when ``keep_newlines``), and look-alike letters of another script inside a
    Latin word named (:func:`mixed_scripts_marked`)."""
    rx = _UNSAFE_KEEP_NL if keep_newlines else _UNSAFE
    return mixed_scripts_marked(rx.sub(lambda m: _escape(m.group(0)), text))


#: the scripts whose letters can pass for Latin ones (``Ν``, ``Т``, ``Տ``, ``Ꭺ``)
_LOOKALIKE_SCRIPTS: Final = ("GREEK", "CYRILLIC", "ARMENIAN", "CHEROKEE")
_WORD = re.compile(r"[^\W\d_]+")


#: how a script is named in the mark (English; the window puts its own translation here)
script_label: Callable[[str], str] = str


def _script(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    return next((s for s in ("LATIN", *_LOOKALIKE_SCRIPTS) if name.startswith(s)), None)


def mixed_scripts_marked(text: str) -> str:
    """``text`` where a word mixes Latin letters with letters of a script that has look-alikes of
    them: each of those letters followed by its script in brackets (``FLAT_DESIGΝ`` →
    ``FLAT_DESIGΝ[Greek]``), so that a name spelled with a Greek ``Ν`` is told apart from the Latin
    one it looks like (issue 32, point 1: a look-alike the fold does not read as the same letter is
    shown distinguishably). A word of one script is left as it is."""
    if text.isascii():
        return text

    def marked(m: re.Match[str]) -> str:
        word = m.group(0)
        scripts = {_script(c) for c in word} - {None}
        if "LATIN" not in scripts or len(scripts) == 1:
            return word
        return "".join(
            f"{c}[{script_label(s.title())}]" if (s := _script(c)) not in (None, "LATIN") else c for c in word
        )

    return _WORD.sub(marked, text)


_C0 = [
    "NUL",
    "SOH",
    "STX",
    "ETX",
    "EOT",
    "ENQ",
    "ACK",
    "BEL",
    "BS",
    "HT",
    "LF",
    "VT",
    "FF",
    "CR",
    "SO",
    "SI",
    "DLE",
    "DC1",
    "DC2",
    "DC3",
    "DC4",
    "NAK",
    "SYN",
    "ETB",
    "CAN",
    "EM",
    "SUB",
    "ESC",
    "FS",
    "GS",
    "RS",
    "US",
]


def _visible(ch: str) -> str:
    """A control as a bracketed name ([ESC], [RLO], [U+0085]): plain letters every font has."""
    code = ord(ch)
    if ch in BIDI:
        return f"[{BIDI[ch]}]"
    if code < 0x20:
        return f"[{_C0[code]}]"
    if code == 0x7F:
        return "[DEL]"
    return f"[U+{code:04X}]"


def for_display(text: str, *, isolate: bool = True, keep_newlines: bool = False) -> str:
    """``text`` as the window shows it: controls as symbols, bidi controls named, the whole isolated
    (line breaks kept when ``keep_newlines``, for a multi-line view)."""
    rx = _UNSAFE_KEEP_NL if keep_newlines else _UNSAFE
    shown = mixed_scripts_marked(rx.sub(lambda m: _visible(m.group(0)), text))
    # Only right-to-left text (or text that held direction controls) can reorder its surroundings.
    return f"{FSI}{shown}{PDI}" if isolate and (shown != text or _has_rtl(shown)) else shown


def _has_rtl(text: str) -> bool:
    return not text.isascii() and any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


#: why an event whose text is not Unicode is refused (a lone surrogate: ``"\ud800"`` in JSON)
NOT_UNICODE = "the event holds text that is not Unicode (a lone surrogate such as \\ud800); send UTF-8 text"


def not_unicode(value: object) -> bool:
    """True when a string anywhere in a decoded JSON value (object keys included) holds a lone
    surrogate: JSON can escape one (``"\\ud800"``), but it cannot be written as UTF-8, stored or
    sent back as JSON (decision 0074)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is str:
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return True
        elif type(item) is dict:
            stack.extend(item)
            stack.extend(item.values())
        elif type(item) is list:
            stack.extend(item)
    return False


def as_unicode(text: str) -> str:
    """``text`` as Unicode that can be stored and written as UTF-8: a file name's bytes that are not
    UTF-8 (decoded by Python as lone surrogates, ``\\udcff``) become their escape, ``\\xff``; any
    other lone surrogate its ``\\udXXX`` escape."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "surrogateescape") if _only_escaped_bytes(text) else None
        if raw is not None:
            return raw.decode("utf-8", "backslashreplace")
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _only_escaped_bytes(text: str) -> bool:
    return all(not 0xD800 <= ord(ch) <= 0xDFFF or 0xDC80 <= ord(ch) <= 0xDCFF for ch in text)

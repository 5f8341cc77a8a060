"""Reading one JSON object piece by piece, so that a large file costs what its largest value costs.

A :class:`Reader` decodes its source (a file, or bytes in memory) in chunks of 1 MiB into a sliding
text buffer and parses it with the standard library's ``json.JSONDecoder().raw_decode``: the top
level object's members one by one (:meth:`Reader.members`), and a member's array element by element
(:meth:`Reader.elements`) or its object entry by entry — never the whole document. It accepts what
``json.loads`` accepts (the same decoder: strict UTF-8, whitespace anywhere JSON allows it, NaN and
Infinity, nesting up to the recursion limit), and refuses what it refuses (truncated text,
trailing garbage, a byte-order mark), with one difference decided in docs/decisions/0085: a member
name repeated at the top level is refused (``json.loads`` keeps the last one; a file this program
writes never repeats one, and a reader that acts on members as they come cannot take one back), and
so is one repeated in any object inside it (:class:`RepeatedName`).

A value held whole is bounded by ``limit`` characters (:class:`TooLarge` beyond it); a value that
does not parse is :class:`NotJson`.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from typing import Any, Protocol

CHUNK = 1 << 20
_WS = re.compile(r"[ \t\n\r]*")
# What may still belong to a number the buffer ends in ("1." or "1e" parse as 1 and stop).
_NUMBER_TAIL = re.compile(r"[0-9.eE+\-]*")


class RepeatedName(Exception):
    """An object inside the document names one member twice (``json.loads`` would keep the last
    silently; a file this program writes never does, docs/decisions/0085)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _one_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for name, _value in pairs:
            if name in seen:
                raise RepeatedName(name)
            seen.add(name)
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_one_each)


def _skip_ws(text: str, pos: int) -> int:
    match = _WS.match(text, pos)
    return pos if match is None else match.end()


class NotJson(Exception):
    """The text is not JSON (or not UTF-8)."""


class TooLarge(Exception):
    """One value is larger than the reader may hold."""


class Source(Protocol):
    def read_at(self, offset: int, size: int) -> bytes: ...


class BytesSource:
    """A source held in memory (a decrypted bundle)."""

    def __init__(self, data: bytes) -> None:
        self._data = memoryview(data)

    def read_at(self, offset: int, size: int) -> bytes:
        return bytes(self._data[offset : offset + size])


class Reader:
    """A cursor over the JSON text of ``source`` (module docstring)."""

    def __init__(self, source: Source, *, limit: int) -> None:
        self._source = source
        self._offset = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self._limit = limit
        self._buf = ""
        self._pos = 0
        self._eof = False

    # ------------------------------------------------------------------ the buffer
    def _more(self) -> bool:
        """Append the next chunk (dropping what was parsed); False at the end of the source."""
        if self._eof:
            return False
        data = self._source.read_at(self._offset, CHUNK)
        self._offset += len(data)
        try:
            text = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            raise NotJson from None
        if not data:
            self._eof = True
        if self._pos:
            self._buf = self._buf[self._pos :]
            self._pos = 0
        self._buf += text
        if len(self._buf) > self._limit + CHUNK:
            raise TooLarge
        return bool(data) or bool(text)

    def _grow(self) -> bool:
        """Read until the unparsed text has doubled (at least one chunk), so that a value parsed
        again after each read costs at most twice its length; False when nothing was added."""
        want = max(2 * (len(self._buf) - self._pos), CHUNK)
        grew = False
        while len(self._buf) - self._pos < want and self._more():
            grew = True
        return grew

    def peek(self) -> str:
        """The next character that is not whitespace ("" at the end)."""
        while True:
            self._pos = _skip_ws(self._buf, self._pos)
            if self._pos < len(self._buf):
                return self._buf[self._pos]
            if not self._more():
                return ""

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise NotJson
        self._pos += 1

    def value(self) -> tuple[Any, str]:
        """The next whole value and its text."""
        self.peek()
        while True:
            start = self._pos
            try:
                obj, end = _DECODER.raw_decode(self._buf, start)
            except json.JSONDecodeError:
                if self._eof or not self._grow():
                    raise NotJson from None
                continue
            except RecursionError:
                raise NotJson from None
            tail = _NUMBER_TAIL.match(self._buf, end)
            if tail is not None and tail.end() == len(self._buf) and not self._eof and self._grow():
                continue  # a number may go on in the next chunk
            if end - start > self._limit:
                raise TooLarge
            self._pos = end
            return obj, self._buf[start:end]

    def key(self) -> str:
        if self.peek() != '"':
            raise NotJson
        name, _text = self.value()
        self.expect(":")
        return str(name)

    # ------------------------------------------------------------------ structure
    def members(self) -> Iterator[str]:
        """Each member name of the object that starts here; the caller reads (or skips) its value
        before asking for the next."""
        self.expect("{")
        if self.peek() == "}":
            self._pos += 1
            return
        while True:
            yield self.key()
            nxt = self.peek()
            self._pos += 1
            if nxt == "}":
                return
            if nxt != ",":
                raise NotJson

    def elements(self) -> Iterator[tuple[Any, str]]:
        """Each element (value, text) of the array that starts here."""
        self.expect("[")
        if self.peek() == "]":
            self._pos += 1
            return
        while True:
            yield self.value()
            nxt = self.peek()
            self._pos += 1
            if nxt == "]":
                return
            if nxt != ",":
                raise NotJson

    def entries(self) -> Iterator[tuple[str, Any]]:
        """Each (name, value) of the object that starts here, names repeated as they come."""
        for name in self.members():
            yield name, self.value()[0]

    def skip(self) -> None:
        """Pass over the next value, an array or object piece by piece."""
        nxt = self.peek()
        if nxt == "[":
            for _ in self.elements():
                pass
        elif nxt == "{":
            for _ in self.entries():
                pass
        else:
            self.value()

    def end(self) -> None:
        """Nothing but whitespace may follow."""
        if self.peek() != "":
            raise NotJson

"""A name's spellings in the bytes of files: the store, its WAL and the backup copies (decision 0076).

The byte search that proves a forget finds exactly the mentions :mod:`.spellings` defines: an
ASCII name's anchors are confirmed byte by byte, and only the runs that hold characters which can
stand for part of a name (compatibility forms, other cases, invisible characters, look-alikes) are
decoded and folded with :func:`~creative_memory.services.common.spellings.fold`.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from creative_memory.model.characters import (
    ASCII_SEPARATORS,
    longest_mention,
)
from creative_memory.services.common import like, spelled_chars
from creative_memory.services.common.spellings import (
    SEPARATOR,
    canonical_name,
    fold,
)

# --------------------------------------------------------------------------- bytes
_ASCII_UPPER: Final = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Bytes of a file folded before a byte search: ASCII letters to lower case, '-' and ' ' to '_'.
# UTF-8 continuation and lead bytes are never ASCII, so folding cannot make or break a character,
# and it keeps every byte at its place.
FOLD: Final = bytes.maketrans(_ASCII_UPPER + b"- ", _ASCII_UPPER.lower() + b"__")


def fold_bytes(data: bytes) -> bytes:
    return data.translate(FOLD)


def _byte_offset(text: str, k: int) -> int:
    """The byte offset of character ``k`` of a text decoded with ``surrogateescape``."""
    return len(text[:k].encode("utf-8", "surrogateescape"))


#: the bytes a run of separators in a name written in ASCII may hold
SEP_BYTES: Final = frozenset(ASCII_SEPARATORS.encode())

#: How JSON writes a separator it escapes: a tab as ``\t``, a line break as ``\n``, the other
#: control characters that are spaces as ``\u000b``, ``\u001f``, … (and an escaped backslash, which
#: is only a backslash). The store holds payloads as JSON: in its bytes such an escape is the
#: separator it stands for (decision 0105); read as two characters, the letter after the backslash
#: would end the run. Raw text that holds a backslash before one of these letters is read the same
#: way, so the byte search may find more there than the text's own fold, never less.
JSON_SEPARATOR_ESCAPE: Final = r"\\\\|\\[tnrf]|\\u00(?:0[9a-dA-D]|1[c-fC-F])"
_JSON_ESCAPES_TEXT: Final = re.compile(JSON_SEPARATOR_ESCAPE)


def _unescaped(raw: str) -> tuple[str, list[int] | None]:
    """``raw`` with each JSON escape of a separator read as that separator (a space: the fold makes
    every separator alike), and for each character of the result where it is in ``raw`` (one
    entry more, for the end); None when nothing was an escape. An escaped backslash stays as it is."""
    if "\\" not in raw:
        return raw, None
    parts: list[str] = []
    origin: list[int] = []
    k = 0
    for m in _JSON_ESCAPES_TEXT.finditer(raw):
        if m.end() - m.start() == 2 and m.group() == "\\\\":
            continue  # an escaped backslash: a backslash, as written
        parts.append(raw[k : m.start()])
        origin.extend(range(k, m.start()))
        parts.append(" ")
        origin.append(m.start())
        k = m.end()
    if not parts:
        return raw, None
    parts.append(raw[k:])
    origin.extend(range(k, len(raw) + 1))
    return "".join(parts), origin


def _plain_ascii(ch: str) -> bool:
    """An ASCII character that is not a separator: a cluster of its own, in no run of separators."""
    return ch.isascii() and ch not in ASCII_SEPARATORS


def _trie(needles: Iterable[bytes]) -> bytes:
    """A regular expression (bytes) matching any of the needles, factored by common prefixes."""
    groups: dict[bytes, list[bytes]] = {}
    for n in needles:
        groups.setdefault(n[:1], []).append(n[1:])
    alts = []
    for head, tails in sorted(groups.items()):
        if any(not t for t in tails):
            alts.append(re.escape(head))  # a shorter needle already matches every longer one
        else:
            alts.append(re.escape(head) + b"(?:" + _trie(tails) + b")")
    return b"|".join(alts)


@lru_cache(maxsize=256)
def compiled_needles(needles: tuple[bytes, ...]) -> re.Pattern[bytes]:
    """One regular expression (cached) that matches any of the needles."""
    return re.compile(_trie(needles) if needles else b"(?!)")


def _exotic_needle(ch: str) -> bytes:
    """How the byte search looks for an exotic character: its UTF-8 bytes, the first two of a
    four-byte one (the mathematical letters share a few such prefixes; each hit is confirmed)."""
    b = ch.encode("utf-8")
    return b[:2] if len(b) == 4 else b


#: characters JSON writes escaped: a word holding one is not found as written in a payload
_JSON_ESCAPED = frozenset('"\\') | frozenset(chr(c) for c in range(0x20)) | {"\x7f"}


class Spelling:
    """Finds every mention of one canonical name in folded bytes (:data:`FOLD`), whatever its case,
    compatibility form, separators or invisible characters: the same mentions :class:`Mentions`
    finds in the decoded text.

    An **anchor** is a part every mention writes with one of a few byte strings: the name's longest
    run of ASCII letters and digits (folded, so of any case), else the forms of one non-ASCII
    character (:attr:`forms`, searched with ``memmem``). A mention that does not hold it writes, at
    its place, one of the other characters that fold into it — a ligature, a full-width, Cyrillic or
    mathematical letter, an invisible character (:func:`.spelled_chars.overlapping`); those (:attr:`exotic`) are
    searched with one regular expression. Each hit is confirmed by folding the text around it
    (:meth:`starts`), and a mention is counted once, at the byte where it starts.
    """

    def __init__(self, canonical: str) -> None:
        self.canonical = canonical
        best = (0, 0)  # (length, -start) of the longest ASCII run without separators
        for m in re.finditer(r"[a-z0-9]+", canonical):
            best = max(best, (m.end() - m.start(), -m.start()))
        length, start = best[0], -best[1]
        others = [
            (len(spelled_chars.char_forms(ch)), i) for i, ch in enumerate(canonical) if not ch.isascii()
        ]
        #: the anchor is the whole name, in ASCII: a hit followed by an ASCII byte is a mention
        #: (see :meth:`ends_at`)
        self.whole = False
        extra: set[str] = set()
        if length >= 3 or (length and not others) or not canonical:
            self.offset, self.width = start, length
            self.forms = [canonical[start : start + length].encode()] if length else []
            self.whole = length == len(canonical) and length > 0
        else:
            _n, i = min(others)
            self.offset, self.width = i, 1
            self.forms = sorted(fold_bytes(f.encode("utf-8")) for f in spelled_chars.char_forms(canonical[i]))
            extra = spelled_chars.parts(canonical[i])  # the anchor written neither composed nor decomposed
        if canonical:
            extra |= spelled_chars.overlapping(canonical, self.offset, self.width)
        self.exotic = tuple(sorted({_exotic_needle(ch) for ch in extra} - set(self.forms)))
        #: the most characters a mention covers (decision 0102), and so the bytes around a hit that
        #: hold the rest of its mention (four a character): a window, a chunk or a read of this
        #: many bytes on each side of a hit judges every mention that holds it
        self.longest = longest_mention(len(canonical))
        self.context = 4 * self.longest
        #: for a name of ASCII letters, digits and inner separators: its mentions in ASCII text
        #: (every separator class, runs of them; overlapping ones too, as the fold finds them)
        self._ascii: re.Pattern[str] | None = None
        if canonical and re.fullmatch(r"[a-z0-9]+(?:_[a-z0-9]+)*", canonical):
            sep = "[" + re.escape(ASCII_SEPARATORS) + "]+"
            body = sep.join(re.escape(w) for w in canonical.split(SEPARATOR))
            self._ascii = re.compile(f"(?=({body}))", re.IGNORECASE)
        self._head = canonical[: self.offset].encode()
        self._tail = canonical[self.offset + self.width :].encode()

    @property
    def needles(self) -> list[bytes]:
        return [*self.forms, *self.exotic]

    def likes(self) -> list[str]:
        """``LIKE`` patterns that every text holding a mention written in ASCII around its anchor
        matches (ASCII any case, ``_`` any character): with "holds a character that is not ASCII"
        (:func:`exotic_sql`), the prefilter of rows, confirmed by :meth:`count`."""
        return [like.contains_folded(f.decode("utf-8")) for f in self.forms]

    def json_likes(self) -> list[str]:
        """:meth:`likes` for texts stored inside JSON (an event's payload), narrower where that is
        safe: a mention in a text of ASCII only is the name's words in order, in any case, with runs
        of ASCII separators between them (the module :mod:`~creative_memory.services.common.spellings`
        folds nothing else in ASCII), so such a text matches ``%word%word%…%``; JSON writes the
        separators it escapes (a tab as ``\\t``) as ASCII too. A text with any other character is
        :func:`exotic_sql`'s. A name that is not ASCII, or whose words hold a character JSON
        escapes, keeps the anchors."""
        words = [w for w in self.canonical.split(SEPARATOR) if w]
        if not words or not self.canonical.isascii() or any(c in _JSON_ESCAPED for w in words for c in w):
            return self.likes()
        return ["%" + "%".join(like.escape_like(w) for w in words) + "%"]

    def starts(self, data: bytes | bytearray | memoryview, pos: int, width: int) -> set[int]:
        """Where the mentions that the context of the hit ``data[pos:pos + width]`` holds start (a hit
        begins at a character: an anchor, or the first byte of an exotic character)."""
        lo = max(0, pos - self.context)
        before = bytes(data[lo:pos]).decode("utf-8", "surrogateescape")
        after = bytes(data[pos : pos + width + self.context]).decode("utf-8", "surrogateescape")
        plain = False
        if self._ascii is not None:
            # A name written in ASCII: no mention holds a character that is neither ASCII nor able
            # to fold into ASCII or change its neighbours (an undecodable byte, a CJK character, …);
            # only the run between the nearest two around the hit is read.
            t = spelled_chars.tables()
            last = t.last_breaking.match(before)
            first = t.breaking.search(after)
            # the breaking character itself is kept: a mark after it belongs to its cluster
            before = before[last.end() - 1 :] if last else before
            after = after[: first.start()] if first else after
            plain = not t.not_breaking.search(before + after)
        raw = before + after
        text, origin = _unescaped(raw)
        at = len(before) if origin is None else bisect.bisect_left(origin, len(before))
        if plain and self._ascii is not None:
            # plain ASCII there: one regular expression finds the mentions, exactly as the fold
            found = [
                (m.start(), m.start() + len(m.group(1)))
                for m in self._ascii.finditer(text)
                if len(m.group(1)) <= self.longest
            ]
        else:
            found = self._folded_find(text, at, width)
        base = pos - len(before.encode("utf-8", "surrogateescape"))
        out = set()
        for s, e in found:
            if origin is not None:  # back to the bytes as they are
                s, e = origin[s], origin[e]
            start = base + _byte_offset(raw, s)
            if start < pos + width and base + _byte_offset(raw, e) > pos:
                out.add(start)
        return out

    def _folded_find(self, text: str, at: int, width: int) -> list[tuple[int, int]]:
        """The mentions in ``text`` (as :meth:`Folded.find` gives them) that can hold the hit at
        character ``at`` (of at most ``width`` characters): only what such a mention can reach is
        folded, since none is longer than :attr:`longest` characters (decision 0102) — widened to
        an ASCII character that is not a separator on each side, where a cluster and a run of
        separators begin and end as they do in the whole text."""
        lo, hi = max(0, at - self.longest), min(len(text), at + width + self.longest)
        while lo > 0 and not _plain_ascii(text[lo]):
            lo -= 1
        while hi < len(text) and not _plain_ascii(text[hi]):
            hi += 1
        return [(s + lo, e + lo) for s, e in fold(text[lo:hi]).find(self.canonical)]

    def at(self, data: bytes | bytearray | memoryview, pos: int, width: int) -> bool:
        """Whether a mention holds the hit ``data[pos:pos + width]``."""
        return bool(self.starts(data, pos, width))

    def ends_at(self, data: bytes | bytearray | memoryview, pos: int, width: int) -> bool:
        """Whether the anchor found at ``data[pos:pos + width]`` is a mention without looking further:
        the anchor is the whole name (folded ASCII) and the data ends after it or goes on with an
        ASCII byte (no ASCII character composes with what precedes it, and none after it joins it)."""
        end = pos + width
        return self.whole and (end >= len(data) or data[end] < 0x80)

    def anchor_starts(self, data: bytes | bytearray | memoryview, at: int, width: int) -> set[int]:
        """The mentions an anchor hit (of :attr:`forms`) belongs to."""
        if self.whole and width == len(self.forms[0]) and self.ends_at(data, at, width):
            return {at}
        if self._ascii is not None:
            quick = self._quick(data, at, width)
            if quick is not None:
                return quick
        return self.starts(data, at, width)

    def quick_parts(self) -> tuple[bytes | None, bytes | None]:
        """For a name of ASCII letters, digits and inner separators: the parts before and after its
        anchor, which :meth:`_quick` reads byte by byte (None, None for any other name)."""
        return (self._head, self._tail) if self._ascii is not None else (None, None)

    def _quick(self, data: bytes | bytearray | memoryview, pos: int, width: int) -> set[int] | None:
        """For a name of ASCII letters, digits and inner separators: whether the anchor hit at
        ``pos`` is the anchor of a mention written in ASCII, read byte by byte outwards from it —
        the mention's start, or the empty set when an ASCII byte proves there is none; None when a
        byte that is not ASCII is within reach (then the fold decides)."""
        head, tail, fold = self._head, self._tail, FOLD  # the bytes may be folded or not
        # a mention is at most ``longest`` bytes here (ASCII): no run is read further back than that
        stop = max(0, pos + width - self.longest - 1)
        if bytes(data[max(0, stop - 6) : pos + self.longest + 6]).find(b"\\") >= 0:
            return None  # a JSON escape may be a separator there: the fold decides (decision 0105)
        i, k = pos - 1, len(head) - 1
        while k >= 0:
            if i < 0:
                return set()
            b = fold[data[i]]
            if b >= 0x80:
                return None
            if head[k] == 0x5F:  # '_': a run of separators
                if b not in SEP_BYTES:
                    return set()
                while i >= stop and data[i] in SEP_BYTES:
                    i -= 1
            elif b != head[k]:
                return set()
            else:
                i -= 1
            k -= 1
        j, k, n = pos + width, 0, len(data)
        while k < len(tail):
            if j >= n:
                return set()
            b = fold[data[j]]
            if b >= 0x80:
                return None
            if tail[k] == 0x5F:
                if b not in SEP_BYTES:
                    return set()
                while j < n and data[j] in SEP_BYTES:
                    j += 1
                    if j - i > self.longest:
                        return set()  # longer than any mention (decision 0102)
            elif b != tail[k]:
                return set()
            else:
                j += 1
            k += 1
        if j - (i + 1) > self.longest:
            return set()  # longer than any mention (decision 0102)
        if j < n and data[j] >= 0x80:
            return None  # a combining mark could change the last letter
        return {i + 1}

    def found_starts(self, data: bytes | bytearray, lo: int = 0, hi: int | None = None) -> set[int]:
        """The starts of the mentions in folded ``data`` that hold a hit in ``[lo, hi)``."""
        hi = len(data) if hi is None else hi
        out: set[int] = set()
        for form in self.forms:
            at = data.find(form, lo, hi + len(form) - 1)
            while 0 <= at < hi:
                out |= self.anchor_starts(data, at, len(form))
                at = data.find(form, at + 1, hi + len(form) - 1)
        if self.exotic and not data.isascii():  # every exotic needle is a character that is not ASCII
            for m in compiled_needles(self.exotic).finditer(data, lo, hi + 3):
                if m.start() < hi:
                    out |= self.starts(data, m.start(), m.end() - m.start())
        return out

    def count(self, data: bytes) -> int:
        """Mentions in folded bytes."""
        return len(self.found_starts(data))


class Spellings:
    """Several names at once (a forget of many targets): counts add up, prefilters are joined."""

    def __init__(self, canonicals: Iterable[str]) -> None:
        self.names = [Spelling(c) for c in sorted(set(canonicals)) if c]
        self.context = max((s.context for s in self.names), default=0)
        #: every name's anchors: folded text of ASCII only holds a mention only if it holds one
        self.forms = tuple(sorted({f for s in self.names for f in s.forms}))
        #: the same, those that are ASCII, as text (for :meth:`count_text`)
        self._ascii_forms = tuple(f.decode("ascii") for f in self.forms if f.isascii())

    def likes(self) -> list[str]:
        return sorted({like for s in self.names for like in s.likes()})

    def count(self, data: bytes) -> int:
        """Mentions in folded bytes."""
        if data.isascii() and not any(f in data for f in self.forms):
            return 0  # no anchor, and no character that could stand for one (see Spelling)
        return sum(s.count(data) for s in self.names)

    def count_text(self, text: str) -> int:
        """Mentions in a text value (as :meth:`count` counts them in its folded UTF-8 bytes). Text of
        ASCII only without an anchor is settled without encoding or folding it: its lower case is
        what the fold would make of it around an anchor, and a name that is not ASCII has no
        mention in it."""
        if text.isascii():
            low = text.lower()
            if not any(f in low for f in self._ascii_forms):
                return 0
        return self.count(fold_bytes(text.encode("utf-8", "surrogatepass")))


def exotic_sql(column: str) -> str:
    """SQL true when a text value holds a character that is not ASCII (its bytes outnumber its
    characters): the rows where a mention may be written without its ASCII anchor."""
    return f"length(CAST({column} AS BLOB)) != length({column})"


def byte_needles(canonical: str, spellings: Iterable[str] = ()) -> list[bytes]:
    """Folded UTF-8 needles: the anchors of the name (and of the stored spellings' canonical forms)
    that a mention written without compatibility forms or invisible characters holds; the complete
    search is :class:`Spelling` (which adds the characters that can stand for an anchor)."""
    names = {canonical, *(canonical_name(s) for s in spellings)}
    return sorted({n for c in names if c for n in Spelling(c).forms})

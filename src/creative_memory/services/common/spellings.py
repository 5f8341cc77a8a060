"""The one definition of "the same name" and of where a name is mentioned (docs/decisions/0076).

Everything that blocks, forgets, searches or explains a name asks this module, so the block's scrub
at ingest and import, forget's scrub of diffs, the byte search of the store and its WAL, the search
of backup copies and the fingerprints of blocks can never disagree about what is a spelling.

**Which differences do not make another name.** Text is read as a sequence of *clusters* (a
character with the combining marks and the characters that compose with it); each cluster is folded:

1. NFKC (compatibility forms: ``ﬂ`` is ``fl``, full-width ``ｆ`` is ``f``, ``𝐟`` is ``f``),
2. full case folding (``ß`` is ``ss``, ``İ`` is ``i̇``, ``ς`` is ``σ``), then NFKC again,
3. invisible characters dropped (format characters such as zero-width joiners and spaces, the soft
   hyphen, bidirectional marks, variation selectors, the combining grapheme joiner),
4. letters of Cyrillic and Greek that look like a Latin letter in both cases (``о``, ``а``, ``е``,
   ``р``, ``с``, ``х``, ``у``, ``ѕ``, ``і``, ``ј``, ``ο``, ``ι``, ``κ``, ``ν``, ``ρ``, ``τ``, ``υ``,
   ``χ``) read as that letter: ``flаt`` with a Cyrillic ``а`` is ``flat``,
5. every separator — any space or line break (tab, NBSP, ideographic space), any dash or
   connector (``-``, ``_``, the non-breaking hyphen, the en dash), ``.``, ``/``, ``\\``, ``·`` —
   written ``_``, and a run of them as one ``_``.

:func:`canonical_name` is the folded form of a name (what block fingerprints key). A **mention** of a
name in text is a run of whole clusters whose folded form is the name's canonical form, wherever it
stands (no word boundaries: scripts such as Chinese and Japanese write none). :class:`Mentions`
finds and scrubs them in text, :func:`blocked_spans` finds those of blocked names known only by
fingerprint and length, :class:`Spelling` finds them in the bytes of files.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

SEPARATOR: Final = "_"
_EXTRA_SEPARATORS: Final = frozenset("./\\\u00b7")
# Default-ignorable characters that are not format characters (category Cf, all dropped).
_INVISIBLE_EXTRA: Final = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0}
    | set(range(0x180B, 0x1810))
    | set(range(0xFE00, 0xFE10))
    | set(range(0xE0100, 0xE01F0))
)
#: Cyrillic and Greek letters (case-folded) that look like a Latin letter in both cases.
CONFUSABLES: Final[dict[str, str]] = {
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x", "у": "y",
    "ѕ": "s", "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
    "ο": "o", "ι": "i", "κ": "k", "ν": "v", "ρ": "p", "τ": "t", "υ": "u", "χ": "x",
}  # fmt: skip
MAX_WORDS: Final = 8  # legacy blocks (no length recorded): the longest run of words checked


def is_separator(ch: str) -> bool:
    return (
        ch.isspace() or ch in _EXTRA_SEPARATORS or unicodedata.category(ch) in ("Pd", "Pc", "Zs", "Zl", "Zp")
    )


@lru_cache(maxsize=1 << 14)
def is_invisible(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf" or ord(ch) in _INVISIBLE_EXTRA


@lru_cache(maxsize=1 << 16)
def fold_cluster(cluster: str) -> str:
    """The folded form of one cluster (see the module's rule), separators not yet collapsed."""
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", cluster).casefold())
    out = []
    for ch in text:
        if is_invisible(ch):
            continue
        out.append(SEPARATOR if is_separator(ch) else CONFUSABLES.get(ch, ch))
    return "".join(out)


@lru_cache(maxsize=1 << 14)
def _may_join(ch: str) -> bool:
    """Whether ``ch`` can be part of the cluster before it: a mark, or (in NFKC) one, or a Hangul
    vowel or final consonant jamo (the only other characters a canonical composition takes second)."""
    c0 = unicodedata.normalize("NFKC", ch)[:1]
    return any(
        unicodedata.category(c)[0] == "M" or unicodedata.combining(c) or 0x1160 <= ord(c) <= 0x11FF
        for c in {ch, c0}
        if c
    )


@lru_cache(maxsize=1 << 14)
def _joins(cluster: str, ch: str) -> bool:
    """Whether ``ch`` (not ASCII: no ASCII character is ever the second of a composition) belongs
    to the cluster before it: a mark, or a character NFKC composes with it."""
    if not _may_join(ch):
        return False
    if unicodedata.category(ch)[0] == "M" or unicodedata.combining(ch):
        return True
    nf = unicodedata.normalize
    return nf("NFKC", cluster + ch) != nf("NFKC", cluster) + nf("NFKC", ch)


@dataclass(frozen=True)
class Folded:
    """A text's folded form and, for each folded character, the span of text its cluster covers."""

    text: str
    starts: list[int]  # where in the original text the cluster of each folded character starts
    ends: list[int]  # and where it ends
    first: list[bool]  # whether the folded character is the first of its cluster's fold
    last: list[bool]  # and whether it is the last

    def aligned(self, i: int, j: int) -> bool:
        """Whether ``text[i:j]`` is made of whole clusters."""
        return self.first[i] and self.last[j - 1]

    def find(self, canonical: str) -> list[tuple[int, int]]:
        """The spans (in the original text) of the mentions of a canonical name, overlapping ones too."""
        out: list[tuple[int, int]] = []
        if not canonical:
            return out
        at = self.text.find(canonical)
        while at >= 0:
            end = at + len(canonical)
            if self.aligned(at, end):
                out.append((self.starts[at], self.ends[end - 1]))
            at = self.text.find(canonical, at + 1)
        return out


def _clusters(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = -1
    for i, ch in enumerate(text):
        if ch.isascii():
            pass
        elif is_invisible(ch) or (start >= 0 and _may_join(ch) and _joins(_visible(text[start:i]), ch)):
            continue
        if start >= 0:
            spans.append((start, _last_visible(text, start, i)))
        start = i
    if start >= 0:
        spans.append((start, _last_visible(text, start, len(text))))
    return spans


def _visible(s: str) -> str:
    return s if s.isascii() else "".join(c for c in s if not is_invisible(c))


def _last_visible(text: str, start: int, end: int) -> int:
    """The end of a cluster without the invisible characters that follow it."""
    while end > start + 1 and not text[end - 1].isascii() and is_invisible(text[end - 1]):
        end -= 1
    return end


def fold(text: str) -> Folded:
    """The folded form of a text, with where each folded character comes from."""
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    first: list[bool] = []
    last: list[bool] = []
    for s, e in _clusters(text):
        piece = fold_cluster(text[s] if e - s == 1 else _visible(text[s:e]))
        if len(piece) == 1 and piece != SEPARATOR:  # most clusters
            chars.append(piece)
            starts.append(s)
            ends.append(e)
            first.append(True)
            last.append(True)
            continue
        for k, ch in enumerate(piece):
            if ch == SEPARATOR and chars and chars[-1] == SEPARATOR:
                ends[-1] = e  # a run of separators is one
                continue
            chars.append(ch)
            starts.append(s)
            ends.append(e)
            first.append(k == 0)
            last.append(k == len(piece) - 1)
    return Folded("".join(chars), starts, ends, first, last)


def canonical_name(value: str) -> str:
    """The form all spellings of a name share (the module's rule)."""
    return fold(value).text


def same_name(a: str, b: str) -> bool:
    return canonical_name(a) == canonical_name(b)


# --------------------------------------------------------------------------- free text
def merge(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def scrub_spans(text: str, spans: Sequence[tuple[int, int]], replacement: str) -> str:
    for s, e in reversed(spans):
        text = text[:s] + replacement + text[e:]
    return text


class Mentions:
    """Finds and scrubs the mentions of a set of canonical names in free text."""

    def __init__(self, canonicals: Iterable[str]) -> None:
        self.canonicals = sorted({c for c in canonicals if c})

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The spans of ``text`` that mention any of the names, overlaps merged."""
        folded = fold(text)
        return merge(span for c in self.canonicals for span in folded.find(c))

    def found(self, text: str) -> bool:
        return bool(self.spans(text))

    def scrub(self, text: str, replacement: str) -> str:
        """The text with every mention replaced; the text unchanged when none is in it."""
        spans = self.spans(text)
        return scrub_spans(text, spans, replacement) if spans else text


def blocked_spans(
    text: str, lengths: Collection[int], blocked: Callable[[str], bool], *, legacy: bool = False
) -> list[tuple[int, int]]:
    """The spans of ``text`` that mention a blocked name, known only by ``blocked(canonical form)``
    and the lengths of the blocked canonical forms: every run of whole clusters whose folded form
    has one of those lengths is asked. With ``legacy`` (blocks recorded without a length), also
    every run of up to :data:`MAX_WORDS` space-separated words. Overlaps are merged."""
    folded = fold(text)
    ft = folded.text
    hits: list[tuple[int, int]] = []
    for n in sorted(set(lengths)):
        for i in range(0, len(ft) - n + 1):
            if folded.aligned(i, i + n) and blocked(ft[i : i + n]):
                hits.append((folded.starts[i], folded.ends[i + n - 1]))
    if legacy:
        hits.extend(_legacy_word_spans(folded, blocked))
    return merge(hits)


def _legacy_word_spans(folded: Folded, blocked: Callable[[str], bool]) -> list[tuple[int, int]]:
    """Runs of 1–:data:`MAX_WORDS` words (folded text between separators)."""
    ft = folded.text
    words: list[tuple[int, int]] = []
    start = -1
    for i, ch in enumerate(ft + "_"):
        inside = ch != SEPARATOR and (ch.isalnum() or unicodedata.category(ch)[0] == "M")
        if inside and start < 0:
            start = i
        elif not inside and start >= 0:
            words.append((start, i))
            start = -1
    hits: list[tuple[int, int]] = []
    for i, (start, _e) in enumerate(words):
        for j in range(i, min(i + MAX_WORDS, len(words))):
            if j > i and (words[j][0] - words[j - 1][1] != 1 or ft[words[j - 1][1]] != SEPARATOR):
                break
            end = words[j][1]
            if folded.aligned(start, end) and blocked(ft[start:end]):
                hits.append((folded.starts[start], folded.ends[end - 1]))
    return hits


# --------------------------------------------------------------------------- stored names
def _folded(text: str) -> str:
    """The canonical form in NFD: a prefix of a name's folded form is a prefix of this."""
    return unicodedata.normalize("NFD", canonical_name(text))


def _mismatch(value: str, target: str) -> int | None:
    """The first position at which ``value`` stops being able to spell ``target`` (a folded form),
    None when every prefix of it still can."""
    for j in range(len(value)):
        if not target.startswith(_folded(value[: j + 1])):
            return j
    return None


_AFTER = "\U0010ffff"  # sorts after every character a name can hold


def _spellings_in_index(con: sqlite3.Connection, sql: str, args: Sequence[object], name: str) -> list[str]:
    """Distinct values of an index column (in ``sql``, a ``min()`` above a bound) whose canonical form
    equals ``name``'s, by a skip scan over the sorted values: a value that cannot spell the name from
    its j-th character on skips every value sharing its first j + 1 characters. One index seek per
    step, a few dozen steps for a name whatever the size of the store."""
    target = _folded(name)
    out: list[str] = []
    bound, op = "", ">="
    while True:
        row = con.execute(sql.format(op=op), (*args, bound)).fetchone()
        if row is None or row[0] is None:
            return out
        value = str(row[0])
        j = _mismatch(value, target)
        if j is None:
            if _folded(value) == target:
                out.append(value)
            bound, op = value, ">"
        else:
            bound, op = value[: j + 1] + _AFTER, ">"


_EP = "creative_memory_event_patterns"


def stored_spellings(
    con: sqlite3.Connection, user_id: str, preference_type: str, pattern: str
) -> set[tuple[str, str]]:
    """Every (type, pattern) the user's pattern index holds whose canonical forms equal those of
    (preference_type, pattern): the events (and so the records) that name any spelling of it."""
    types_sql = f"SELECT min(preference_type) FROM {_EP} WHERE user_id = ? AND preference_type {{op}} ?"
    sql = f"SELECT min(pattern) FROM {_EP} WHERE user_id = ? AND preference_type = ? AND pattern {{op}} ?"
    return {
        (t, p)
        for t in _spellings_in_index(con, types_sql, (user_id,), preference_type)
        for p in _spellings_in_index(con, sql, (user_id, t), pattern)
    }


# --------------------------------------------------------------------------- bytes
_ASCII_UPPER: Final = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Bytes of a file folded before a byte search: ASCII letters to lower case, '-' and ' ' to '_'.
# UTF-8 continuation and lead bytes are never ASCII, so folding cannot make or break a character,
# and it keeps every byte at its place.
FOLD: Final = bytes.maketrans(_ASCII_UPPER + b"- ", _ASCII_UPPER.lower() + b"__")


def fold_bytes(data: bytes) -> bytes:
    return data.translate(FOLD)


@dataclass(frozen=True)
class _Tables:
    #: every folded form a single non-ASCII character other than itself has, with the characters
    #: that have it (``fl``: ``ﬂ``; ``a``: ``ａ``, ``𝐚``, the Cyrillic ``а``, …); ``""`` for the
    #: invisible ones
    preimages: dict[str, tuple[str, ...]]
    #: the non-ASCII characters that can be part of, or change, a mention of a name written in
    #: ASCII (marks, invisible characters, separators, what folds to something ASCII)
    not_breaking: re.Pattern[str]
    #: the last character a mention of a name written in ASCII cannot hold (not ASCII, not above)
    last_breaking: re.Pattern[str]
    #: and the first one
    breaking: re.Pattern[str]


def _ranges(cps: list[int]) -> str:
    out: list[str] = []
    k = 0
    while k < len(cps):
        j = k
        while j + 1 < len(cps) and cps[j + 1] == cps[j] + 1:
            j += 1
        out.append(re.escape(chr(cps[k])) + ("-" + re.escape(chr(cps[j])) if j > k else ""))
        k = j + 1
    return "".join(out)


# The code points whose fold can differ from themselves or that can join a cluster: everything but
# the unified ideographs, Hangul syllables, surrogates, private use and the unassigned planes 3–13
# (a test checks that nothing outside these ranges folds or joins).
_SCANNED: Final = ((0x80, 0x3400), (0x4DC0, 0x4E00), (0xA000, 0xAC00), (0xD7A4, 0xD800), (0xF900, 0x20000),
                   (0x2F800, 0x30000), (0xE0000, 0xE0200))  # fmt: skip


def _jamo_or_mark(c: str) -> bool:
    return unicodedata.category(c)[0] == "M" or bool(unicodedata.combining(c)) or 0x1160 <= ord(c) <= 0x11FF


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    """Built once, only by the byte search: a cheap test per code point, the full fold only for the
    few thousand that NFKC, case folding, the look-alikes or the separator and invisible classes
    change (well under a second)."""
    out: dict[str, list[str]] = {}
    joining: list[int] = []
    fold_one = fold_cluster.__wrapped__  # not through the cache: these are not text
    for lo, hi in _SCANNED:
        for cp in range(lo, hi):
            ch = chr(cp)
            cat = unicodedata.category(ch)
            if cat in ("Cn", "Co"):
                continue
            nfkc = unicodedata.normalize("NFKC", ch)
            plain = (
                nfkc == ch
                and ch.casefold() == ch
                and cat not in ("Cf", "Zs", "Zl", "Zp", "Pd", "Pc")
                and ch not in CONFUSABLES
                and cp not in _INVISIBLE_EXTRA
                and ch not in _EXTRA_SEPARATORS
                and not ch.isspace()
            )
            f = ch if plain else fold_one(ch)
            if f != ch:
                out.setdefault(f, []).append(ch)
            if (
                _jamo_or_mark(ch)
                or (nfkc[:1] and _jamo_or_mark(nfkc[0]))
                or not f
                or any(c.isascii() for c in f)
            ):
                joining.append(cp)
    # Characters outside the Basic Multilingual Plane count as able to join (never as a break): a
    # class of BMP characters only is matched in constant time, a long list of ranges is not.
    cls = _ranges([cp for cp in joining if cp < 0x10000]) + "\U00010000-\U0010ffff"
    return _Tables(
        {k: tuple(v) for k, v in out.items()},
        re.compile("[" + cls + "]"),
        re.compile("(?s).*[^\\x00-\\x7f" + cls + "]"),
        re.compile("[^\\x00-\\x7f" + cls + "]"),
    )


def _overlapping(canonical: str, start: int, width: int) -> set[str]:
    """The non-ASCII characters whose folded form can stand in the name at a place that overlaps
    ``canonical[start:start + width]``, and the invisible ones (they may stand anywhere)."""
    found: set[str] = set()
    for f, chars in _tables().preimages.items():
        if not f or f == SEPARATOR:
            if not f:
                found.update(chars)
            continue
        at = canonical.find(f)
        while at >= 0:
            if at < start + width and at + len(f) > start:
                found.update(chars)
                break
            at = canonical.find(f, at + 1)
    return found


def _char_forms(ch: str) -> set[str]:
    """The ways of writing the canonical character ``ch`` itself: its case forms, composed and
    decomposed, as they appear in folded bytes."""
    cases = {ch, ch.upper(), ch.lower(), ch.title(), *(c.lower() for c in (ch.upper(), ch.title()))}
    forms = {unicodedata.normalize(f, c) for c in cases for f in ("NFC", "NFD")}
    return {f for f in forms if canonical_name(f) == ch}


def _byte_offset(text: str, k: int) -> int:
    """The byte offset of character ``k`` of a text decoded with ``surrogateescape``."""
    return len(text[:k].encode("utf-8", "surrogateescape"))


# Every ASCII character :func:`is_separator` accepts (whitespace, '-', '_', '.', '/', '\\').
_ASCII_SEPARATORS: Final = "".join(chr(c) for c in range(128) if is_separator(chr(c)))
_SEP_BYTES: Final = frozenset(_ASCII_SEPARATORS.encode())


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
def _compiled(needles: tuple[bytes, ...]) -> re.Pattern[bytes]:
    return re.compile(_trie(needles) if needles else b"(?!)")


def _exotic_needle(ch: str) -> bytes:
    """How the byte search looks for an exotic character: its UTF-8 bytes, the first two of a
    four-byte one (the mathematical letters share a few such prefixes; each hit is confirmed)."""
    b = ch.encode("utf-8")
    return b[:2] if len(b) == 4 else b


class Spelling:
    """Finds every mention of one canonical name in folded bytes (:data:`FOLD`), whatever its case,
    compatibility form, separators or invisible characters: the same mentions :class:`Mentions`
    finds in the decoded text.

    An **anchor** is a part every mention writes with one of a few byte strings: the name's longest
    run of ASCII letters and digits (folded, so of any case), else the forms of one non-ASCII
    character (:attr:`forms`, searched with ``memmem``). A mention that does not hold it writes, at
    its place, one of the other characters that fold into it — a ligature, a full-width, Cyrillic or
    mathematical letter, an invisible character (:func:`_overlapping`); those (:attr:`exotic`) are
    searched with one regular expression. Each hit is confirmed by folding the text around it
    (:meth:`starts`), and a mention is counted once, at the byte where it starts.
    """

    def __init__(self, canonical: str) -> None:
        self.canonical = canonical
        best = (0, 0)  # (length, -start) of the longest ASCII run without separators
        for m in re.finditer(r"[a-z0-9]+", canonical):
            best = max(best, (m.end() - m.start(), -m.start()))
        length, start = best[0], -best[1]
        others = [(len(_char_forms(ch)), i) for i, ch in enumerate(canonical) if not ch.isascii()]
        #: the anchor is the whole name, in ASCII: a hit followed by an ASCII byte is a mention
        #: (see :meth:`ends_at`)
        self.whole = False
        if length >= 3 or (length and not others) or not canonical:
            self.offset, self.width = start, length
            self.forms = [canonical[start : start + length].encode()] if length else []
            self.whole = length == len(canonical) and length > 0
        else:
            _n, i = min(others)
            self.offset, self.width = i, 1
            self.forms = sorted(fold_bytes(f.encode("utf-8")) for f in _char_forms(canonical[i]))
        extra = _overlapping(canonical, self.offset, self.width) if canonical else set()
        self.exotic = tuple(sorted({_exotic_needle(ch) for ch in extra} - set(self.forms)))
        # bytes around a hit that can hold the rest of a mention (four bytes a character, and a few
        # invisible characters or a longer separator between them)
        self.context = 12 * len(canonical) + 32
        #: for a name of ASCII letters, digits and inner separators: its mentions in ASCII text
        #: (every separator class, runs of them; overlapping ones too, as the fold finds them)
        self._ascii: re.Pattern[str] | None = None
        if canonical and re.fullmatch(r"[a-z0-9]+(?:_[a-z0-9]+)*", canonical):
            sep = "[" + re.escape(_ASCII_SEPARATORS) + "]+"
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
        return ["%" + f.decode("utf-8").replace("\\", "\\\\").replace("%", "\\%") + "%" for f in self.forms]

    def starts(self, data: bytes | bytearray | memoryview, pos: int, width: int) -> set[int]:
        """Where the mentions that the context of the hit ``data[pos:pos + width]`` holds start (a hit
        begins at a character: an anchor, or the first byte of an exotic character)."""
        lo = max(0, pos - self.context)
        before = bytes(data[lo:pos]).decode("utf-8", "surrogateescape")
        after = bytes(data[pos : pos + width + self.context]).decode("utf-8", "surrogateescape")
        if self._ascii is not None:
            # A name written in ASCII: no mention holds a character that is neither ASCII nor able
            # to fold into ASCII or change its neighbours (an undecodable byte, a CJK character, …);
            # only the run between the nearest two around the hit is read.
            t = _tables()
            last = t.last_breaking.match(before)
            first = t.breaking.search(after)
            before = before[last.end() :] if last else before
            after = after[: first.start()] if first else after
            text = before + after
            if not t.not_breaking.search(text):
                # plain ASCII there: one regular expression finds the mentions, exactly as the fold
                found = [(m.start(), m.start() + len(m.group(1))) for m in self._ascii.finditer(text)]
            else:
                found = fold(text).find(self.canonical)
        else:
            text = before + after
            found = fold(text).find(self.canonical)
        base = pos - len(before.encode("utf-8", "surrogateescape"))
        out = set()
        for s, e in found:
            start = base + _byte_offset(text, s)
            if start < pos + width and base + _byte_offset(text, e) > pos:
                out.add(start)
        return out

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

    def _quick(self, data: bytes | bytearray | memoryview, pos: int, width: int) -> set[int] | None:
        """For a name of ASCII letters, digits and inner separators: whether the anchor hit at
        ``pos`` is the anchor of a mention written in ASCII, read byte by byte outwards from it —
        the mention's start, or the empty set when an ASCII byte proves there is none; None when a
        byte that is not ASCII is within reach (then the fold decides)."""
        head, tail = self._head, self._tail
        i, k = pos - 1, len(head) - 1
        while k >= 0:
            if i < 0:
                return set()
            b = data[i]
            if b >= 0x80:
                return None
            if head[k] == 0x5F:  # '_': a run of separators
                if b not in _SEP_BYTES:
                    return set()
                while i >= 0 and data[i] in _SEP_BYTES:
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
            b = data[j]
            if b >= 0x80:
                return None
            if tail[k] == 0x5F:
                if b not in _SEP_BYTES:
                    return set()
                while j < n and data[j] in _SEP_BYTES:
                    j += 1
            elif b != tail[k]:
                return set()
            else:
                j += 1
            k += 1
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
        if self.exotic:
            for m in _compiled(self.exotic).finditer(data, lo, hi + 3):
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
        #: which names each exotic needle may belong to, and one expression for all of them
        self.exotic: dict[bytes, list[Spelling]] = {}
        for s in self.names:
            for n in s.exotic:
                self.exotic.setdefault(n, []).append(s)
        self.exotic_rx = _compiled(tuple(sorted(self.exotic)))

    def likes(self) -> list[str]:
        return sorted({like for s in self.names for like in s.likes()})

    def count(self, data: bytes) -> int:
        return sum(s.count(data) for s in self.names)

    def exotic_starts(self, data: bytes | bytearray | memoryview, lo: int, hi: int) -> dict[int, set[int]]:
        """Per name (its index in :attr:`names`), the mentions that hold an exotic hit in ``[lo, hi)``."""
        out: dict[int, set[int]] = {}
        index = {id(s): k for k, s in enumerate(self.names)}
        for m in self.exotic_rx.finditer(data, lo, min(len(data), hi + 3)):
            if m.start() >= hi:
                break
            for s in self.exotic.get(m.group(), ()):
                out.setdefault(index[id(s)], set()).update(s.starts(data, m.start(), m.end() - m.start()))
        return out


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

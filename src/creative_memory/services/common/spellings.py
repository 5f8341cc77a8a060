"""Equivalent spellings: how blocking and forgetting find every form of one canonical name.

:func:`creative_memory.model.names.canonical_name` says when two names are the same pattern (NFC,
case-folded, ``-``/``_``/space folded; docs/decisions/0030). This module turns that rule into the
searches erasure and ingest run:

- :func:`stored_spellings` — the (type, pattern) pairs a user's events and records are stored under
  that share a target's canonical form, found with range reads of the indexes (never a scan);
- :func:`like_pattern` and :class:`Mentions` — free text (event diffs) that mentions a name in any
  case and with any separator: a SQL ``LIKE`` prefilter that may over-match, then an exact check;
- :func:`byte_needles` and :data:`FOLD` — the byte search of the store's files: files and needles
  are folded alike (ASCII case, separators), the needles cover the non-ASCII case and
  normalisation forms;
- :func:`blocked_spans` — the words of an incoming diff that spell a blocked pattern (only keyed
  fingerprints are stored, so every run of up to :data:`MAX_WORDS` words is fingerprinted).
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from creative_memory.model.names import SEPARATORS, canonical_name

_ASCII_UPPER: Final = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Bytes of a file and of a needle folded alike before a byte search: ASCII letters to lower case,
# '-' and ' ' to '_'. UTF-8 continuation and lead bytes are never ASCII, so folding cannot make or
# break a multi-byte character.
FOLD: Final = bytes.maketrans(_ASCII_UPPER + b"- ", _ASCII_UPPER.lower() + b"__")
MAX_WORDS: Final = 8  # the longest run of words an incoming diff is checked for (blocked_spans)


def fold_bytes(data: bytes) -> bytes:
    return data.translate(FOLD)


# --------------------------------------------------------------------------- free text
def _stable(ch: str) -> bool:
    """A character every spelling of a name writes as these very code points: caseless and with no
    decomposition (so NFC and NFD text both hold it as is)."""
    return ch.lower() == ch == ch.upper() and not unicodedata.decomposition(ch)


def like_pattern(canonical: str) -> str:
    """A ``LIKE`` pattern (``%…%``) that every text mentioning the name matches, and few others do.

    SQLite's ``LIKE`` ignores case for ASCII letters only and ``_`` matches any one character, so:
    ASCII characters stay, each separator becomes ``_``, a non-ASCII character stays only when it is
    :func:`_stable`, any other becomes ``%``. The caller confirms each hit with :class:`Mentions`.
    """
    out = ["%"]
    for ch in canonical:
        if ch in SEPARATORS:
            out.append("_")
        elif ch.isascii() or _stable(ch):
            out.append(ch)
        elif out[-1] != "%":
            out.append("%")
    if out[-1] != "%":
        out.append("%")
    return "".join(out)


def _char_rx(ch: str) -> str:
    if ch in SEPARATORS:
        return "[-_ ]"
    forms = {ch, ch.upper(), ch.lower(), ch.title()}
    # A case form may be several characters (U+0130 lower-cases to 'i' + a combining dot).
    return "(?:" + "|".join(sorted((re.escape(f) for f in forms), key=len, reverse=True)) + ")"


def _name_rx(canonical: str) -> str:
    """The regular expression of one name: each character in any case; ``ss`` also as ``ß``/``ẞ``
    and ``i̇`` also as ``İ`` (what those case-fold to)."""
    out: list[str] = []
    k = 0
    while k < len(canonical):
        pair = canonical[k : k + 2]
        if pair == "ss":
            out.append("(?:ss|\u00df|\u1e9e)")
            k += 2
        elif pair == "i\u0307":
            out.append("(?:i\u0307|(?-i:\u0130))")  # İ alone: re would also match it to i
            k += 2
        else:
            out.append("(?:\u03c3|\u03c2)" if canonical[k] == "σ" else _char_rx(canonical[k]))
            k += 1
    return "".join(out)


def mention_regex(canonicals: Iterable[str]) -> re.Pattern[str]:
    """Matches, in NFC text, any spelling of any of the names (case-insensitive, any separator)."""
    alts = sorted({_name_rx(c) for c in canonicals if c}, key=len, reverse=True)
    return re.compile("|".join(alts) if alts else "(?!)", re.IGNORECASE)


class Mentions:
    """Finds and scrubs the spellings of a set of canonical names in free text."""

    def __init__(self, canonicals: Iterable[str]) -> None:
        self.canonicals = sorted(set(canonicals))
        self._rx = mention_regex(self.canonicals)

    def found(self, text: str) -> bool:
        return bool(self._rx.search(unicodedata.normalize("NFC", text)))

    def scrub(self, text: str, replacement: str) -> str:
        """The text (NFC) with every spelling replaced; the text unchanged when none is in it."""
        nfc = unicodedata.normalize("NFC", text)
        out = self._rx.sub(replacement, nfc)
        return text if out == nfc else out


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
def _variants(text: str) -> set[str]:
    cases = {text, text.lower(), text.upper(), text.title(), text.casefold()}
    return {unicodedata.normalize(form, c) for c in cases for form in ("NFC", "NFD")}


def byte_needles(canonical: str, spellings: Iterable[str] = ()) -> list[bytes]:
    """Folded UTF-8 needles for every form of the name (search them in folded bytes: :data:`FOLD`).

    ASCII case and separators are folded away; the non-ASCII case forms (lower, upper, title,
    case-folded), each in NFC and NFD, and the stored spellings give the rest."""
    forms = _variants(canonical) | {v for s in spellings for v in _variants(s)}
    return sorted({fold_bytes(f.encode("utf-8")) for f in forms if f})


# --------------------------------------------------------------------------- incoming text
def _words(text: str) -> list[tuple[int, int]]:
    """Spans of the words of a text: runs of characters of the names' alphabet other than separators."""
    spans: list[tuple[int, int]] = []
    start = -1
    for i, ch in enumerate(text):
        inside = ch not in SEPARATORS and (
            ch.isalnum() or unicodedata.category(ch)[0] == "M" or ch in "\u200c\u200d"
        )
        if inside and start < 0:
            start = i
        elif not inside and start >= 0:
            spans.append((start, i))
            start = -1
    if start >= 0:
        spans.append((start, len(text)))
    return spans


def blocked_spans(text: str, blocked: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The spans of ``text`` (NFC) that spell a blocked name: runs of 1–:data:`MAX_WORDS` words joined
    by single separators, for which ``blocked(canonical form)`` is true. Overlaps are merged."""
    words = _words(text)
    hits: list[tuple[int, int]] = []
    for i, (start, _end) in enumerate(words):
        for j in range(i, min(i + MAX_WORDS, len(words))):
            if j > i and (words[j][0] - words[j - 1][1] != 1 or text[words[j - 1][1]] not in SEPARATORS):
                break
            end = words[j][1]
            if blocked(canonical_name(text[start:end])):
                hits.append((start, end))
    merged: list[tuple[int, int]] = []
    for s, e in sorted(hits):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def scrub_spans(text: str, spans: Sequence[tuple[int, int]], replacement: str) -> str:
    for s, e in reversed(spans):
        text = text[:s] + replacement + text[e:]
    return text


# --------------------------------------------------------------------------- every spelling, in bytes
def _stable_ascii(canonical: str) -> list[bool]:
    """Which characters of a canonical name every spelling writes as that very ASCII byte (after the
    byte folding of :data:`FOLD`): not an ``ss`` that ``ß``/``ẞ`` case-fold to, not the ``i`` of the
    ``i̇`` that ``İ`` case-folds to."""
    n = len(canonical)
    out = [ch.isascii() for ch in canonical]
    for k in range(n):
        if canonical[k] == "s" and k + 1 < n and canonical[k + 1] == "s":
            out[k] = out[k + 1] = False
        if canonical[k] == "i" and k + 1 < n and canonical[k + 1] == "\u0307":
            out[k] = False
    return out


def _char_forms(ch: str) -> set[str]:
    """Every way a spelling can write the canonical character ``ch`` (its case forms, composed and
    decomposed; the final sigma for sigma), each as it appears in folded bytes."""
    cases = {ch, ch.upper(), ch.lower(), ch.title(), *(c.lower() for c in (ch.upper(), ch.title()))}
    if ch == "σ":
        cases.add("ς")
    forms = {unicodedata.normalize(f, c) for c in cases for f in ("NFC", "NFD")}
    return {f for f in forms if canonical_name(f) == ch}


class Spelling:
    """Finds every spelling of one canonical name in folded bytes (:data:`FOLD`), whatever its case
    (mixed non-ASCII case included), normalisation or separators.

    An **anchor** is a part every spelling writes with one of a few byte strings: the name's longest
    run of ASCII characters (folded, so of any case), else the forms of one non-ASCII character.
    Bytes are searched for the anchor (``memmem``, or SQL ``LIKE`` for rows); each hit is confirmed
    by comparing the canonical form of the text around it with the name, the anchor at its place.
    So the file search and the count of what live rows hold use one definition of an occurrence.
    """

    def __init__(self, canonical: str) -> None:
        self.canonical = canonical
        stable = _stable_ascii(canonical)
        best = (0, 0)  # (length, start) of the longest stable ASCII run
        k = 0
        while k < len(canonical):
            if stable[k]:
                j = k
                while j < len(canonical) and stable[j]:
                    j += 1
                best = max(best, (j - k, -k))
                k = j
            else:
                k += 1
        length, start = best[0], -best[1]
        others = [(len(_char_forms(ch)), i) for i, ch in enumerate(canonical) if not ch.isascii()]
        #: the anchor is the whole name, in ASCII: a hit followed by an ASCII byte is a spelling
        #: (see :meth:`ends_at`)
        self.whole = False
        if length >= 3 or (length and not others):
            self.offset, self.width = start, length
            self.forms = [canonical[start : start + length].encode()]
            self.whole = length == len(canonical)
        elif others:
            _n, i = min(others)
            self.offset, self.width = i, 1
            self.forms = sorted(fold_bytes(f.encode("utf-8")) for f in _char_forms(canonical[i]))
        else:  # only "ss" pairs and the like: the name as it is
            self.offset, self.width = 0, len(canonical)
            self.forms = [canonical.encode()]
        self._head = canonical[: self.offset]
        self._tail = canonical[self.offset :]
        self.context = 8 * len(canonical) + 16  # bytes around a hit that can hold the rest of a spelling

    def likes(self) -> list[str]:
        """``LIKE`` patterns that every text holding a spelling matches (ASCII any case, ``_`` any
        character): a prefilter, confirmed by :meth:`count`."""
        return ["%" + f.decode("utf-8").replace("\\", "\\\\").replace("%", "\\%") + "%" for f in self.forms]

    def at(self, data: bytes, pos: int, width: int) -> bool:
        """Whether a spelling of the name holds the anchor found at ``data[pos:pos + width]``."""
        before = data[max(0, pos - self.context) : pos].decode("utf-8", "ignore")
        after = data[pos : pos + width + self.context].decode("utf-8", "ignore")
        return canonical_name(before).endswith(self._head) and canonical_name(after).startswith(self._tail)

    def ends_at(self, data: bytes | bytearray, pos: int, width: int) -> bool:
        """Whether the anchor found at ``data[pos:pos + width]`` is a spelling without looking further:
        the anchor is the whole name (folded ASCII) and the data ends after it or goes on with an
        ASCII byte. Then :meth:`at` is true: nothing precedes the anchor in the name, and a
        character that starts after ASCII bytes changes neither their NFC form nor their case fold
        (a combining mark, which could, is never ASCII). False means: ask :meth:`at`."""
        end = pos + width
        return self.whole and (end >= len(data) or data[end] < 0x80)

    def count(self, data: bytes) -> int:
        """Occurrences in folded bytes: anchor hits that a spelling holds at its place."""
        n = 0
        for form in self.forms:
            at = data.find(form)
            while at >= 0:
                n += self.ends_at(data, at, len(form)) or self.at(data, at, len(form))
                at = data.find(form, at + 1)
        return n


class Spellings:
    """Several names at once (a forget of many targets): counts add up, prefilters are joined."""

    def __init__(self, canonicals: Iterable[str]) -> None:
        self.names = [Spelling(c) for c in sorted(set(canonicals)) if c]
        self.context = max((s.context for s in self.names), default=0)

    def likes(self) -> list[str]:
        return sorted({like for s in self.names for like in s.likes()})

    def count(self, data: bytes) -> int:
        return sum(s.count(data) for s in self.names)

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

The character classes and the bound below live in :mod:`creative_memory.model.characters`, which
the rule for a valid name reads too.

:func:`canonical_name` is the folded form of a name (what block fingerprints key). A **mention** of a
name in text is a run of whole clusters whose folded form is the name's canonical form, wherever it
stands (no word boundaries: scripts such as Chinese and Japanese write none), and no longer than
:func:`~creative_memory.model.characters.longest_mention` characters: four a character of the name,
and sixteen, so that a long run of separators or invisible characters ends a mention (decision
0102; every consumer reads :meth:`Folded.mention`). :class:`Mentions`
finds and scrubs them in text, :func:`blocked_spans` finds those of blocked names known only by
fingerprint and length, :class:`~creative_memory.services.common.spelled_bytes.Spelling` finds them in the bytes of files.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from creative_memory.model.characters import (
    ASCII_SEPARATORS,
    is_invisible,
    is_separator,
    is_separator_0076,
    longest_mention,
)

SEPARATOR: Final = "_"
#: Cyrillic and Greek letters (case-folded) that look like a Latin letter in both cases.
CONFUSABLES_0076: Final[dict[str, str]] = {
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x", "у": "y",
    "ѕ": "s", "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
    "ο": "o", "ι": "i", "κ": "k", "ν": "v", "ρ": "p", "τ": "t", "υ": "u", "χ": "x",
}  # fmt: skip
#: … and (decision 0105) the letters whose capital looks like a Latin capital (``Α``, ``Η``, ``М``,
#: ``Т``: folded to lower case first, so the lower-case letter is read as the Latin one too, in
#: both cases alike), Cyrillic and Armenian letters that look Latin, and the Latin letters of other
#: alphabets that look like plain ones (the script ``ɡ``, small capitals).
CONFUSABLES: Final[dict[str, str]] = CONFUSABLES_0076 | {
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "μ": "m", "ϲ": "c", "ϳ": "j",
    "в": "b", "к": "k", "м": "m", "н": "h", "т": "t", "ү": "y", "ѵ": "v",
    "օ": "o", "ս": "u", "ո": "n", "հ": "h",
    "ɡ": "g", "ɑ": "a", "ȷ": "j", "ᴄ": "c", "ᴏ": "o", "ᴠ": "v", "ᴡ": "w", "ᴢ": "z", "ᴜ": "u", "ꜱ": "s",
    "ᴀ": "a", "ʙ": "b", "ᴅ": "d", "ᴇ": "e", "ꜰ": "f", "ɢ": "g", "ʜ": "h", "ɪ": "i", "ᴊ": "j", "ᴋ": "k",
    "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴘ": "p", "ʀ": "r", "ᴛ": "t", "ʏ": "y",
}  # fmt: skip
MAX_WORDS: Final = 8  # legacy blocks (no length recorded): the longest run of words checked


def _fold_by(cluster: str, separator: Callable[[str], bool], confusables: Mapping[str, str]) -> str:
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", cluster).casefold())
    out = []
    for ch in text:
        if is_invisible(ch):
            continue
        out.append(SEPARATOR if separator(ch) else confusables.get(ch, ch))
    return "".join(out)


@lru_cache(maxsize=1 << 16)
def fold_cluster(cluster: str) -> str:
    """The folded form of one cluster (see the module's rule), separators not yet collapsed."""
    return _fold_by(cluster, is_separator, CONFUSABLES)


@lru_cache(maxsize=1 << 12)
def fold_cluster_0076(cluster: str) -> str:
    """:func:`fold_cluster` with the separators and look-alikes of decision 0076, which blocks made
    before decision 0105 were keyed by: they are still honoured (:func:`blocked_spans`,
    ``BlockChecker.blocked``)."""
    return _fold_by(cluster, is_separator_0076, CONFUSABLES_0076)


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

    def mention(self, i: int, j: int) -> tuple[int, int] | None:
        """The span of text that ``text[i:j]`` (a canonical name's folded form) is a mention in: made
        of whole clusters and no longer than :func:`longest_mention` (decision 0102); else None."""
        if not self.aligned(i, j):
            return None
        s, e = self.starts[i], self.ends[j - 1]
        return (s, e) if e - s <= longest_mention(j - i) else None

    def find(self, canonical: str) -> list[tuple[int, int]]:
        """The spans (in the original text) of the mentions of a canonical name, overlapping ones too."""
        out: list[tuple[int, int]] = []
        if not canonical:
            return out
        at = self.text.find(canonical)
        while at >= 0:
            span = self.mention(at, at + len(canonical))
            if span is not None:
                out.append(span)
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


def fold(text: str, *, before_0105: bool = False) -> Folded:
    """The folded form of a text, with where each folded character comes from (``before_0105``: as
    the blocks made before decision 0105 were keyed, :func:`fold_cluster_0076`)."""
    fold_cluster_ = fold_cluster_0076 if before_0105 else fold_cluster
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    first: list[bool] = []
    last: list[bool] = []
    for s, e in _clusters(text):
        piece = fold_cluster_(text[s] if e - s == 1 else _visible(text[s:e]))
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


def canonical_name_0076(value: str) -> str:
    """The form blocks made before decision 0105 were keyed by (still honoured)."""
    return fold(value, before_0105=True).text


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


#: a run of ASCII separators (each its own cluster, folded ``_``: a run of them is one)
_ASCII_SEPARATOR_RUNS: Final = re.compile(f"[{re.escape(ASCII_SEPARATORS)}]+")


class Mentions:
    """Finds and scrubs the mentions of a set of canonical names in free text."""

    def __init__(self, canonicals: Iterable[str]) -> None:
        self.canonicals = sorted({c for c in canonicals if c})

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The spans of ``text`` that mention any of the names, overlaps merged."""
        if text.isascii():
            # the fold of ASCII text, at C speed: without a name in it there is no mention to place
            folded_text = _ASCII_SEPARATOR_RUNS.sub(SEPARATOR, text.lower())
            if not any(c in folded_text for c in self.canonicals):
                return []
        folded = fold(text)
        return merge(span for c in self.canonicals for span in folded.find(c))

    def found(self, text: str) -> bool:
        return bool(self.spans(text))

    def scrub(self, text: str, replacement: str) -> str:
        """The text with every mention replaced; the text unchanged when none is in it."""
        spans = self.spans(text)
        return scrub_spans(text, spans, replacement) if spans else text

    def scrub_within(self, text: str, replacement: str, most: int, size: Callable[[str], int] = len) -> str:
        """:meth:`scrub`, and the result at most ``most`` long (``size``: characters, or the caller's
        measure such as UTF-8 bytes), its end cut off with "…" where a replacement longer than
        the mention made it longer. Scrubbed again after each cut: a cut can make a mention (a
        letter parted from its accent), and each round removes one from what is kept."""
        for _round in range(8):
            text = self.scrub(text, replacement)
            if size(text) <= most:
                return text
            keep = len(text)
            while keep and size(text[:keep]) + size("…") > most:
                keep = max(0, keep - max(1, (size(text[:keep]) + size("…") - most) // 4))
            text = text[:keep] + "…"
        return replacement  # never reached by text a person writes: nothing of it is kept


def blocked_spans(
    text: str, lengths: Collection[int], blocked: Callable[[str], bool], *, legacy: bool = False
) -> list[tuple[int, int]]:
    """The spans of ``text`` that mention a blocked name, known only by ``blocked(canonical form)``
    and the lengths of the blocked canonical forms: every run of whole clusters whose folded form
    has one of those lengths is asked. With ``legacy`` (blocks recorded without a length), also
    every run of up to :data:`MAX_WORDS` space-separated words. Overlaps are merged."""
    folded = fold(text)
    folds = [folded]
    if not text.isascii():  # blocks keyed before decision 0105 are found in the fold they were keyed in
        earlier = fold(text, before_0105=True)
        if earlier.text != folded.text:
            folds.append(earlier)
    hits: list[tuple[int, int]] = []
    for f in folds:
        ft = f.text
        for n in sorted(set(lengths)):
            for i in range(0, len(ft) - n + 1):
                span = f.mention(i, i + n)
                if span is not None and blocked(ft[i : i + n]):
                    hits.append(span)
        if legacy:
            hits.extend(_legacy_word_spans(f, blocked))
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
            span = folded.mention(start, end)
            if span is not None and blocked(ft[start:end]):
                hits.append(span)
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

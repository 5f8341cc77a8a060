"""Which characters can stand for part of a name in the bytes of a file (decision 0076): the
tables the byte search (:mod:`.spelled_bytes`) builds once from the one definition of a name's
spellings (:mod:`.spellings`) — every folded form a character other than itself has, and the
characters that can join, break or change a mention written in ASCII — and what follows from them
for one name: the forms of a character, its parts, the look-alikes that overlap an anchor.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from creative_memory.model.characters import EXTRA_SEPARATORS, INVISIBLE_EXTRA
from creative_memory.services.common.spellings import CONFUSABLES, SEPARATOR, canonical_name, fold_cluster


@dataclass(frozen=True)
class Tables:
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
SCANNED: Final = ((0x80, 0x3400), (0x4DC0, 0x4E00), (0xA000, 0xAC00), (0xD7A4, 0xD800), (0xF900, 0x20000),
                   (0x2F800, 0x30000), (0xE0000, 0xE0200))  # fmt: skip


def jamo_or_mark(c: str) -> bool:
    return unicodedata.category(c)[0] == "M" or bool(unicodedata.combining(c)) or 0x1160 <= ord(c) <= 0x11FF


@lru_cache(maxsize=1)
def tables() -> Tables:
    """Built once, only by the byte search: a cheap test per code point, the full fold only for the
    few thousand that NFKC, case folding, the look-alikes or the separator and invisible classes
    change (well under a second)."""
    out: dict[str, list[str]] = {}
    joining: list[int] = []
    fold_one = fold_cluster.__wrapped__  # not through the cache: these are not text
    for lo, hi in SCANNED:
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
                and cp not in INVISIBLE_EXTRA
                and ch not in EXTRA_SEPARATORS
                and not ch.isspace()
            )
            f = ch if plain else fold_one(ch)
            if f != ch:
                out.setdefault(f, []).append(ch)
            if (
                jamo_or_mark(ch)
                or (nfkc[:1] and jamo_or_mark(nfkc[0]))
                or not f
                or any(c.isascii() for c in f)
            ):
                joining.append(cp)
    # Characters outside the Basic Multilingual Plane count as able to join (never as a break): a
    # class of BMP characters only is matched in constant time, a long list of ranges is not.
    cls = _ranges([cp for cp in joining if cp < 0x10000]) + "\U00010000-\U0010ffff"
    return Tables(
        {k: tuple(v) for k, v in out.items()},
        re.compile("[" + cls + "]"),
        re.compile("(?s).*[^\\x00-\\x7f" + cls + "]"),
        re.compile("[^\\x00-\\x7f" + cls + "]"),
    )


def overlapping(canonical: str, start: int, width: int) -> set[str]:
    """The non-ASCII characters whose folded form can stand in the name at a place that overlaps
    ``canonical[start:start + width]``, and the invisible ones (they may stand anywhere)."""
    found: set[str] = set()
    for f, chars in tables().preimages.items():
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


def parts(ch: str) -> set[str]:
    """For an anchor that is one character that is not ASCII: what a spelling of it holds when it
    is not one of its composed forms. Written decomposed or partly composed (``ê`` and a combining
    acute for ``ế``), on a compatibility base (``ｅ`` and a combining acute for ``é``), with another
    mark that means the same (U+0341 for U+0301), or in Hangul jamo of another block, a spelling
    holds one of its decomposition's characters that are not ASCII, or a character whose fold is
    part of that decomposition."""
    parts = unicodedata.normalize("NFD", ch)
    out = {c for c in parts if not c.isascii()}
    for f, chars in tables().preimages.items():
        if f and f in parts:
            out.update(chars)
    return out


def char_forms(ch: str) -> set[str]:
    """The ways of writing the canonical character ``ch`` itself: its case forms, composed and
    decomposed, as they appear in folded bytes."""
    cases = {ch, ch.upper(), ch.lower(), ch.title(), *(c.lower() for c in (ch.upper(), ch.title()))}
    forms = {unicodedata.normalize(f, c) for c in cases for f in ("NFC", "NFD")}
    return {f for f in forms if canonical_name(f) == ch}

"""The character classes behind "the same name" (docs/decisions/0076) and the bound on a mention
(docs/decisions/0102), here so that the rule for a valid name (:mod:`.names`) and the fold of
spellings (``services/common/spellings.py``) read the same classes.

A **separator** is any space or line break, any dash or connector, ``.``, ``/``, ``\\``, ``·`` and
the characters that look like them or serve as them between words (the katakana middle dot ``・``,
the ideographic full stop, the division and fraction slashes, bullets and dot operators); an
**invisible** character is a format character (category Cf), one of the few other
default-ignorable characters, or a letter-stretching mark (the Arabic tatweel). A spelling of a name may hold any of them where the name has a
separator (or, for the invisible ones, anywhere), but not without end: a mention is at most
:func:`longest_mention` characters long, so a long run of them ends it, and a name may hold at
most :data:`LEFT_OUT_MAX` characters that its canonical form leaves out.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

#: the separators of decision 0076, before decision 0105 added the ones that look like them: the
#: fold blocks made before then were keyed by is still honoured (``spellings.fold_cluster_0076``)
EXTRA_SEPARATORS_0076: Final = frozenset("./\\\u00b7")
EXTRA_SEPARATORS: Final = (
    EXTRA_SEPARATORS_0076
    | frozenset(
        "\u30fb\uff65"  # katakana middle dot, and its half-width form (フラット・デザイン)
        "\u2027\u2022\u2219\u22c5\u2e31"  # hyphenation point, bullet, bullet and dot operators, word separator dot
        "\u3002\uff61"  # ideographic full stop, and its half-width form
        "\u2215\u2044\u29f8\u2216"  # division and fraction slash, big solidus, set minus (a backslash)
    )
)
# Default-ignorable characters that are not format characters (category Cf, all dropped), and the
# marks that only stretch a letter (the Arabic tatweel, the N'Ko lajanyalan; decision 0105).
INVISIBLE_EXTRA: Final = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, 0x0640, 0x07FA}
    | set(range(0x180B, 0x1810))
    | set(range(0xFE00, 0xFE10))
    | set(range(0xE0100, 0xE01F0))
)
#: how many characters a name may hold that its canonical form leaves out: the separators after
#: the first of a run, and the invisible characters
LEFT_OUT_MAX: Final = 16


def is_separator(ch: str) -> bool:
    return (
        ch.isspace() or ch in EXTRA_SEPARATORS or unicodedata.category(ch) in ("Pd", "Pc", "Zs", "Zl", "Zp")
    )


def is_separator_0076(ch: str) -> bool:
    """:func:`is_separator` as decision 0076 had it (for the blocks keyed then)."""
    return is_separator(ch) and (ch in EXTRA_SEPARATORS_0076 or ch not in EXTRA_SEPARATORS)


@lru_cache(maxsize=1 << 14)
def is_invisible(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf" or ord(ch) in INVISIBLE_EXTRA


#: every ASCII character that is a separator (whitespace, ``-``, ``_``, ``.``, ``/``, ``\``)
ASCII_SEPARATORS: Final = "".join(chr(c) for c in range(128) if is_separator(chr(c)))


def longest_mention(length: int) -> int:
    """The most characters of text a mention of a canonical name of ``length`` characters may
    cover: room for every character written decomposed, between invisible characters, and for
    runs of separators. Text that folds to the name over more characters is not a mention of it
    (``drop``, a hundred spaces, ``shadows`` is two words); so every mention of the name is within
    four bytes a character of where it is found, in text and in the bytes of a file alike."""
    return 4 * length + LEFT_OUT_MAX


def left_out(value: str) -> int:
    """How many characters of ``value`` a canonical form leaves out: each separator that follows
    another, and each invisible character."""
    n = 0
    after_separator = False
    for ch in value:
        if ch.isascii() and ch.isalnum():
            after_separator = False
            continue
        if is_invisible(ch):
            n += 1
        elif is_separator(ch):
            n += after_separator
            after_separator = True
        else:
            after_separator = False
    return n

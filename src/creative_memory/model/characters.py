"""The character classes behind "the same name" (docs/decisions/0076) and the bound on a mention
(docs/decisions/0102), here so that the rule for a valid name (:mod:`.names`) and the fold of
spellings (``services/common/spellings.py``) read the same classes.

A **separator** is any space or line break, any dash or connector, ``.``, ``/``, ``\\`` or ``·``;
an **invisible** character is a format character (category Cf) or one of the few other
default-ignorable characters. A spelling of a name may hold any of them where the name has a
separator (or, for the invisible ones, anywhere), but not without end: a mention is at most
:func:`longest_mention` characters long, so a long run of them ends it, and a name may hold at
most :data:`LEFT_OUT_MAX` characters that its canonical form leaves out.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

EXTRA_SEPARATORS: Final = frozenset("./\\\u00b7")
# Default-ignorable characters that are not format characters (category Cf, all dropped).
INVISIBLE_EXTRA: Final = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0}
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

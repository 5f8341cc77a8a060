"""One definition of a valid name (ids, preference types, patterns) and of when two names are the same.

Every entry point — the wire schema, bundles, forget, project switches, ``--user``, retrieval and
the GUI — checks names with :func:`check_name`, one Python function (no regular expression, so no
two engines can disagree about what a "word character" is). See docs/decisions/0029.

**The alphabet.** A name is 1–128 characters after Unicode NFC normalisation, each of them

- a letter of any script (general categories ``L*``),
- a combining mark (``M*``: the vowel signs and viramas of Indic scripts, Arabic harakat, the accent
  of a decomposed ``é``),
- a number (``N*``), a connector punctuation such as ``_`` (``Pc``) or ``-``,
- ZERO WIDTH NON-JOINER or ZERO WIDTH JOINER (U+200C, U+200D; Persian and Indic spelling needs them).

It may hold at most :data:`~creative_memory.model.characters.LEFT_OUT_MAX` characters that its
canonical form leaves out (a separator after another, a joiner): more, and the name would no
longer be a mention of its own canonical form (docs/decisions/0102).

This is the union of what the two engines used before accepted (Python's ``\\w`` and the Unicode
``\\w`` of pydantic's engine), so every name already stored stays valid. Spaces, punctuation,
symbols, control and format characters (other than the two joiners) and unpaired surrogates are
refused. A name is stored in its NFC form: ``café`` typed with a combining accent and ``café``
typed with the precomposed letter are the same name.

**Equivalent spellings** (when two names, or a name and a piece of text, are the same pattern for
blocking and forgetting) are defined in one place, ``services/common/spellings.py``
(docs/decisions/0076).
"""

from __future__ import annotations

import unicodedata
from typing import Final

from creative_memory.model.characters import LEFT_OUT_MAX, left_out

NAME_MAX: Final = 128
ALPHABET: Final = "letters of any script with their combining marks, digits, '_' or '-'"
NAME_RULE: Final = f"1–{NAME_MAX} {ALPHABET}"
JOINERS: Final = frozenset("\u200c\u200d")
_ALLOWED_CATEGORIES: Final = frozenset(
    {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc"}
)


class InvalidName(ValueError):
    """A name outside the alphabet; the message is one sentence about the offending value."""


def _allowed(ch: str) -> bool:
    return ch == "-" or ch in JOINERS or unicodedata.category(ch) in _ALLOWED_CATEGORIES


def normalize_name(value: str) -> str:
    """The stored form of a name: Unicode NFC."""
    return unicodedata.normalize("NFC", value)


def is_name(value: object) -> bool:
    """Whether ``value`` (taken as given, then NFC-normalised) is a valid name."""
    return name_problem(value) is None


def name_problem(value: object) -> str | None:
    """What is wrong with ``value`` as a name (a clause without the subject), None when it is valid."""
    if not isinstance(value, str):
        return "is not text"
    value = normalize_name(value)
    if not value:
        return "is empty"
    if len(value) > NAME_MAX:
        return f"is {len(value)} characters long (at most {NAME_MAX})"
    bad = next((ch for ch in value if not _allowed(ch)), None)
    if bad is not None:
        shown = "a space" if bad == " " else f"{bad!r} (U+{ord(bad):04X})"
        return f"contains {shown}"
    extra = left_out(value)
    if extra > LEFT_OUT_MAX:
        # else the name would not be a mention of its own canonical form (docs/decisions/0102)
        return (
            f"holds {extra} repeated separators or invisible characters (at most {LEFT_OUT_MAX}: write "
            "each separator once)"
        )
    return None


def check_name(value: object, what: str = "name") -> str:
    """The NFC form of a valid name; a ``InvalidName`` sentence naming ``what`` otherwise."""
    problem = name_problem(value)
    if problem is not None:
        shown = repr(value) if isinstance(value, str) else type(value).__name__
        raise InvalidName(f"{shown} is not a {what}: it {problem}; use {NAME_RULE}.")
    assert isinstance(value, str)
    return normalize_name(value)


def check_scope(value: object) -> str:
    """``global`` or ``project:<name>`` (the name NFC-normalised)."""
    if value == "global":
        return "global"
    if isinstance(value, str) and value.startswith("project:"):
        return "project:" + check_name(value[len("project:") :], "project id")
    raise InvalidName(f"{value!r} is not a scope; use 'global' or 'project:<project id>'.")

"""Text a person typed, as a SQL ``LIKE`` pattern that matches it as written: ``%`` and ``_`` are
letters there, not wildcards (every filter of the window and the command line uses these, with
``ESCAPE '\\'``)."""

from __future__ import annotations

ESCAPE = "\\"


def escape_like(text: str) -> str:
    """``text`` with LIKE's wildcards and the escape character escaped."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def contains(text: str) -> str:
    """A pattern for values that hold ``text``."""
    return f"%{escape_like(text)}%"


def starts_with(text: str) -> str:
    """A pattern for values that start with ``text``."""
    return f"{escape_like(text)}%"


def contains_folded(needle: str) -> str:
    """A pattern for values that hold a folded needle (``services.common.spelled_bytes.FOLD``) in
    any spelling the fold joins: ASCII letters in any case (``LIKE`` ignores it), ``_`` standing for
    any character (the fold writes every separator as ``_``). Only ``%`` and the escape character
    are escaped."""
    return f"%{needle.replace(ESCAPE, ESCAPE * 2).replace('%', ESCAPE + '%')}%"

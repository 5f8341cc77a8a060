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


def any_of(conditions: list[str]) -> str:
    """SQL that holds when any of ``conditions`` holds, nested as a balanced tree: SQLite parses
    ``a OR b OR c …`` one level deeper per term and refuses more than 1 000 levels ("Expression tree
    is too large"), which a forget of many names at once reaches (their anchors times the columns
    searched); balanced, 1 000 000 terms nest 20 deep. ``FALSE`` when there are none."""
    if not conditions:
        return "0"
    if len(conditions) == 1:
        return conditions[0]
    half = len(conditions) // 2
    return f"({any_of(conditions[:half])} OR {any_of(conditions[half:])})"

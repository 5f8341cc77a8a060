"""One answer to "this text, as a LIKE pattern": ``services/common/like.py``. No other module
escapes LIKE's wildcards by hand."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from creative_memory.services.common import like

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "creative_memory"


def _matches(value: str, pattern: str) -> bool:
    con = sqlite3.connect(":memory:")
    try:
        return bool(con.execute("SELECT ? LIKE ? ESCAPE '\\'", (value, pattern)).fetchone()[0])
    finally:
        con.close()


def test_a_folded_needle_matches_every_separator_and_case_but_not_a_wildcard() -> None:
    pattern = like.contains_folded("air%y_spacing\\")
    assert _matches("x AIR%Y-SPACING\\ y", pattern)
    assert _matches("air%y spacing\\", pattern)
    assert not _matches("airXy spacing\\", pattern)  # % is a letter here
    assert not _matches("air%y spacing", pattern)  # and so is the escape character


def test_no_module_but_like_escapes_like_wildcards_by_hand() -> None:
    by_hand = [
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*.py")
        if p.name != "like.py" and ('"\\\\%"' in (text := p.read_text(encoding="utf-8")) or "'\\\\%'" in text)
    ]
    assert by_hand == []

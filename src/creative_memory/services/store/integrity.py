"""Whether the store file is damaged, asked before a write that would record on top of damage.

A retrieval reads only the pages it needs, so on a store with a damaged page elsewhere it answers
as if nothing were wrong, and recording it would add a row to a file that needs restoring. SQLite's
``quick_check`` reads every page (about 200 ms for the M demo store, 8 ms for a small one) and says
where the damage is (decision 0074).
"""

from __future__ import annotations

import sqlite3

from creative_memory.services.store.store import Store


def damage(store: Store) -> str | None:
    """SQLite's first complaint about the file, or None when every page reads as it should."""
    try:
        with store.snapshot() as con:
            rows = con.execute("PRAGMA quick_check(1)").fetchall()
    except sqlite3.DatabaseError as exc:
        return str(exc).splitlines()[0]
    first = str(rows[0][0]) if rows else "ok"
    if first == "ok":
        return None
    lines = [ln for ln in first.splitlines() if ln.strip() and not ln.startswith("*** in database")]
    return lines[0] if lines else first.strip()


def damaged_sentence(command: str, detail: str) -> str:
    """What to do about a damaged store. Not "export what can still be read": an export reads
    every event and preference, and fails on the same damage."""
    return (
        f"The store is damaged ({detail}), so '{command}' stopped without finishing; nothing more was "
        "changed. Copy app.sqlite and its -wal file aside first; then restore the program's backup copy "
        "(od-memory where lists it) or an earlier backup, or let SQLite save what it can still read: "
        "sqlite3 app.sqlite .recover | sqlite3 recovered.sqlite."
    )

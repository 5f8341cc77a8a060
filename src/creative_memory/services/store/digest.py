"""A digest of the store's contents: proof that looking changed nothing.

Every table (ours and the daemon's) is read in primary-key order and hashed row by row, so two
digests are equal exactly when no row was added, changed or removed anywhere in ``app.sqlite``.
SQLite's own bookkeeping (``sqlite_sequence``, ``sqlite_stat*``) is included as well.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def table_digests(path: Path) -> dict[str, str]:
    """{table: sha256 of its rows in rowid (or primary-key) order} of the store at ``path``."""
    con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        out: dict[str, str] = {}
        tables = [
            str(r[0])
            for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        ]
        for table in tables:
            h = hashlib.sha256()
            # ORDER BY every column: a stable order for rowid and WITHOUT ROWID tables alike.
            ncols = len(con.execute(f"PRAGMA table_info({_quote(table)})").fetchall())
            order = ", ".join(str(i) for i in range(1, ncols + 1)) or "1"
            for row in con.execute(f"SELECT * FROM {_quote(table)} ORDER BY {order}"):
                h.update(repr(row).encode())
            out[table] = h.hexdigest()
        return out
    finally:
        con.close()


def store_digest(path: Path) -> str:
    """One sha256 over every table's digest."""
    h = hashlib.sha256()
    for table, digest in sorted(table_digests(path).items()):
        h.update(f"{table}={digest}\n".encode())
    return h.hexdigest()

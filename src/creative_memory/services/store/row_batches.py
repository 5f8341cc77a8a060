"""Many rows in one statement: a multi-row ``INSERT … VALUES`` and an ``UPDATE … FROM (VALUES …)``.

Our hot tables carry triggers (the events' change log, the preferences' epochs) and foreign keys,
and on such a table SQLite keeps a *statement journal* for every statement that writes: each page
the statement changes is copied first, so that the statement alone could be undone. Run as an
``executemany``, every row is a statement of its own and copies its table page and each of its
index pages again — on the preferences (twelve indexes) that was about half of an ingest's
update cost. One statement for many rows copies each page once (docs/decisions/0059).

What is stored is the same as row by row: the values are bound parameters, converted by the
columns' affinity exactly as a single-row statement's are, rows go in the order given (so new
rowids are assigned in that order), and the triggers still run once per row.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

#: ``UPDATE … FROM`` needs SQLite 3.33; older libraries update row by row.
UPDATE_FROM = sqlite3.sqlite_version_info >= (3, 33, 0)


#: Rows per statement at most: the statement journal (kept in memory by the ingest's connection)
#: holds a copy of every page one statement changes, at most a table page and a dozen index pages
#: per row, so this bounds it at a few MB.
MAX_ROWS = 256


def _sizes(con: sqlite3.Connection, width: int, rows: int) -> list[int]:
    """How many rows each statement takes: full statements, then the rest in powers of four. A
    statement of hundreds of values costs a hundred thousand instructions or more to prepare, and
    the connection keeps the prepared ones by their text, so only a few sizes are ever made."""
    limit = con.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
    cap = max(1, min(MAX_ROWS, limit // max(1, width)))
    out = [cap] * (rows // cap)
    rest, size = rows % cap, 1
    while size * 4 <= cap:
        size *= 4
    while rest:
        while size > rest:
            size //= 4
        out.append(size)
        rest -= size
    return out


@lru_cache(maxsize=64)
def _values(width: int, rows: int) -> str:
    one = f"({', '.join('?' * width)})"
    return ", ".join([one] * rows)


def insert_many(
    con: sqlite3.Connection, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """``INSERT INTO table (columns) VALUES …`` of ``rows``, in their order."""
    width = len(columns)
    head = f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
    i = 0
    for n in _sizes(con, width, len(rows)):
        con.execute(head + _values(width, n), [v for r in rows[i : i + n] for v in r])
        i += n


def update_many(
    con: sqlite3.Connection, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """Set ``columns`` of the rows whose ``id`` is each row's last value (``(*values, id)``)."""
    sets = ", ".join(f"{c} = v.c{i}" for i, c in enumerate(columns))
    if not UPDATE_FROM:
        single = f"UPDATE {table} SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?"
        con.executemany(single, rows)
        return
    width = len(columns) + 1
    names = ", ".join([*(f"c{i}" for i in range(len(columns))), "id"])
    i = 0
    for n in _sizes(con, width, len(rows)):
        con.execute(
            f"WITH v({names}) AS (VALUES {_values(width, n)}) "
            f"UPDATE {table} SET {sets} FROM v WHERE {table}.id = v.id",
            [x for r in rows[i : i + n] for x in r],
        )
        i += n

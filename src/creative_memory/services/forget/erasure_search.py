"""What live data explains of the copies the byte search finds (:mod:`creative_memory.services.forget.byte_scan`).

``live_copies`` counts, from the rows and index entries, how many copies of a text live data puts
in the database file; ``live_mentions`` names the tables whose live rows still contain a text, and
``daemon_mentions`` counts those in Open Design's own tables. Split from
:mod:`creative_memory.services.forget.erasure`, which uses them.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.orm import Session

from creative_memory.model.tables import PREFIX
from creative_memory.services.common import like, spelled_bytes
from creative_memory.services.store import held_files


def _occurrences(
    value: object, needles: Sequence[bytes] | spelled_bytes.Spellings, fold: bool = False
) -> int:
    """Overlapping occurrences of the needles in one stored value (text as its UTF-8 bytes), in
    folded bytes with ``fold``; with :class:`~creative_memory.services.common.spellings.Spellings`, its
    occurrences (in folded bytes), as :func:`creative_memory.services.forget.spelled_search.count_spelled`
    counts them in the files."""
    if isinstance(value, str):
        if isinstance(needles, spelled_bytes.Spellings):
            return needles.count_text(value)
        data = value.encode("utf-8", "surrogatepass")
    elif isinstance(value, bytes):
        data = value
    else:
        return 0  # numbers and NULL are not stored as text
    if fold or isinstance(needles, spelled_bytes.Spellings):
        data = spelled_bytes.fold_bytes(data)
    if isinstance(needles, spelled_bytes.Spellings):
        return needles.count(data)
    n = 0
    for needle in needles:
        at = data.find(needle)
        while at >= 0:
            n += 1
            at = data.find(needle, at + 1)
    return n


def _stored_size(value: object) -> int:
    """An upper bound of a value's size in a record body."""
    if isinstance(value, str):
        return len(value.encode("utf-8", "surrogatepass"))
    if isinstance(value, bytes):
        return len(value)
    return 0 if value is None else 8


def _column_list(sql: str | None) -> tuple[int, int] | None:
    """Where the column list of a ``CREATE INDEX … ON t (…)`` statement lies (inside the
    parentheses), None if unreadable."""
    if not sql:
        return None
    m = re.search(r"\bON\b", sql, re.IGNORECASE)
    start = sql.find("(", m.end()) if m else -1
    if start < 0:
        return None
    depth = 0
    quote = ""
    for i in range(start, len(sql)):
        ch = sql[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"`[":
            quote = "]" if ch == "[" else ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return start + 1, i
    return None


def _partial_clause(sql: str | None) -> str | None:
    """The WHERE clause of a ``CREATE INDEX … ON t (…) WHERE …`` statement, None if unreadable."""
    span = _column_list(sql)
    if sql is None or span is None:
        return None
    rest = re.match(r"\s*WHERE\s+(.+?)\s*;?\s*$", sql[span[1] + 1 :], re.IGNORECASE | re.DOTALL)
    return rest.group(1) if rest else None


_INTEGER_CAST = re.compile(r"^CAST\s*\(.*\s+AS\s+INTEGER\s*\)(\s+(ASC|DESC))?$", re.IGNORECASE | re.DOTALL)


def _integer_expressions(sql: str | None) -> int | None:
    """How many terms of an index's column list are ``CAST(… AS INTEGER)`` expressions (their
    entries hold a number or NULL, never text, like an integer column's), None when another
    expression is there or the statement is unreadable (migration 0007's ranked indexes)."""
    span = _column_list(sql)
    if sql is None or span is None:
        return None
    terms: list[str] = []
    depth, quote, begin = 0, "", span[0]
    for i in range(span[0], span[1]):
        ch = sql[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"`[":
            quote = "]" if ch == "[" else ch
        elif ch in "()":
            depth += 1 if ch == "(" else -1
        elif ch == "," and depth == 0:
            terms.append(sql[begin:i].strip())
            begin = i + 1
    terms.append(sql[begin : span[1]].strip())
    expressions = [t for t in terms if "(" in t]
    if not all(_INTEGER_CAST.match(t) for t in expressions):
        return None
    return len(expressions)


def _text_affinity(declared: str) -> bool:
    """Whether a column of this declared type stores text as text (TEXT or BLOB affinity)."""
    t = declared.upper()
    if "INT" in t:
        return False
    return any(k in t for k in ("CHAR", "CLOB", "TEXT", "BLOB")) or not t


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _like_needle(needle: bytes) -> str:
    """A LIKE pattern for a folded needle: ASCII letters match in any case, ``_`` any character."""
    return like.contains_folded(needle.decode("utf-8", "surrogatepass"))


def _contains_sql(column: str, fold: bool, number: int) -> str:
    """``column`` holds the text bound to parameter ``number`` (``?NNN``: one parameter per text,
    however many columns are searched for it)."""
    return f"{column} LIKE ?{number} ESCAPE '\\'" if fold else f"instr({column}, ?{number}) > 0"


def live_copies(
    con: sqlite3.Connection,
    needles: Sequence[bytes] | spelled_bytes.Spellings,
    *,
    fold: bool = False,
    without_anchor: bool = True,
) -> dict[str, int] | None:
    """Copies of the needles that live data puts in the database file, per table (its rows and the
    entries of its indexes), counted as :func:`creative_memory.services.forget.byte_scan.count_bytes`
    counts them; None when the file's layout makes an exact count impossible.

    SQLite stores a row's text uncompressed in one record; a record that fits on its page (no
    overflow) is contiguous in the file, and every index holds one entry per (indexed) row. So when
    no record that contains a needle could overflow, the byte search of a database whose WAL is empty
    finds at least this many copies, and exactly this many unless some copy is not live data (or
    spans two values of a record). None for what cannot be counted that way: another text encoding,
    an index on an expression other than ``CAST(… AS INTEGER)`` or with an unreadable condition, a
    record that may overflow.

    With :class:`~creative_memory.services.common.spelled_bytes.Spellings`, rows are found by their
    anchors and, unless ``without_anchor`` is False, also every row that holds a character that is
    not ASCII (a mention may be written without its anchor's letters). The byte search of the files
    says False when it found no such mention anywhere in them: then no live row, whose bytes are
    in the files, holds one either, and that slow second half of the search is left out.
    """
    if str(con.execute("PRAGMA encoding").fetchone()[0]).upper() != "UTF-8":
        return None
    usable = int(con.execute("PRAGMA page_size").fetchone()[0]) - _reserved_bytes(con)
    table_local = usable - 35  # the largest payload a table b-tree cell keeps on its page
    index_local = (usable - 12) * 64 // 255 - 23  # the same for an index b-tree cell
    if isinstance(needles, spelled_bytes.Spellings):
        texts, fold = needles.likes(), True  # the anchors' prefilter; each value is then counted
    else:
        texts = [_like_needle(n) if fold else n.decode("utf-8", "surrogatepass") for n in needles]
    schema = con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    index_sql = {name: sql for kind, name, _t, sql in schema if kind == "index"}
    found: dict[str, int] = {}
    master = sum(_occurrences(v, needles, fold) for row in schema for v in row)
    if master:
        if any(sum(_stored_size(v) for v in row) + 60 > table_local for row in schema):
            return None
        found["sqlite_master"] = master
    for kind, table, _t, sql in schema:
        if kind != "table" or (sql or "").lstrip().upper().startswith("CREATE VIRTUAL"):
            continue  # a virtual table stores nothing itself (its shadow tables are ordinary tables)
        copies = _table_copies(
            con, table, sql, index_sql, needles, fold, texts, (table_local, index_local), without_anchor
        )
        if copies is None:
            return None
        if copies:
            found[table] = copies
    return found


_Index = tuple[list[int], str | None, int]  # its columns, its partial clause, its integer expressions


def _table_indexes(
    con: sqlite3.Connection, table: str, index_sql: dict[str, str | None], without_rowid: bool
) -> list[_Index] | None:
    """The table's indexes whose entries can be counted (see :func:`live_copies`), or None."""
    indexes: list[_Index] = []
    for _seq, iname, _unique, origin, partial in con.execute(f"PRAGMA index_list({_q(table)})"):
        if without_rowid and origin == "pk":
            continue  # the table's own b-tree
        cids = [int(r[1]) for r in con.execute(f"PRAGMA index_xinfo({_q(iname)})")]
        numbers = 0
        if -2 in cids:  # an index on an expression: countable only if every one is a number
            numbers = _integer_expressions(index_sql.get(iname)) or 0
            if numbers != cids.count(-2):
                return None
        clause = None
        if partial:
            clause = _partial_clause(index_sql.get(iname))
            if clause is None:
                return None
        indexes.append(([c for c in cids if c >= 0], clause, numbers))
    return indexes


def _table_copies(
    con: sqlite3.Connection,
    table: str,
    sql: str | None,
    index_sql: dict[str, str | None],
    needles: Sequence[bytes] | spelled_bytes.Spellings,
    fold: bool,
    texts: Sequence[str],
    local: tuple[int, int],
    without_anchor: bool = True,
) -> int | None:
    """The copies one table's rows and index entries put in the file (see :func:`live_copies`)."""
    table_local, index_local = local
    cols = con.execute(f"PRAGMA table_xinfo({_q(table)})").fetchall()
    names = [c[1] for c in cols]
    stored = [i for i, c in enumerate(cols) if c[6] in (0, 3)]  # not virtual generated columns
    without_rowid = bool(re.search(r"\)\s*WITHOUT\s+ROWID\b[^)]*$", sql or "", re.IGNORECASE))
    indexes = _table_indexes(con, table, index_sql, without_rowid)
    if indexes is None:
        return None
    select = [_q(n) for n in names] + [f"({c})" for _cids, c, _n in indexes if c is not None]
    # Only columns that keep text as text are searched: a text value in a column with numeric
    # affinity is rare, and a copy missed here only makes the counts differ (then: VACUUM).
    wordy = [c[1] for c in cols if _text_affinity(str(c[2] or ""))]
    if not wordy:
        return 0
    terms = [_contains_sql(_q(n), fold, i + 1) for n in wordy for i in range(len(texts))]
    if isinstance(needles, spelled_bytes.Spellings) and without_anchor:  # written without its anchor
        terms += [spelled_bytes.exotic_sql(_q(n)) for n in wordy]
    where = like.any_of(terms)
    params = list(texts)
    copies = 0
    for row in con.execute(f"SELECT {', '.join(select)} FROM {_q(table)} WHERE {where}", params):
        values = row[: len(names)]
        # Each value is counted once, for the row and for every index entry that holds it.
        found = [_occurrences(v, needles, fold) if isinstance(v, (str, bytes)) else 0 for v in values]
        own = sum(found[i] for i in stored)
        if own:
            size = sum(_stored_size(values[i]) for i in stored) + 9 * (len(stored) + 2)
            if size > (index_local if without_rowid else table_local):
                return None  # the record may continue on overflow pages
        copies += own
        flags = iter(row[len(names) :])
        for cids, clause, numbers in indexes:
            if clause is not None and not next(flags):
                continue  # not in this partial index
            entry = sum(found[c] for c in cids)
            if not entry:
                continue
            # An integer expression takes at most 9 bytes (8 and its header byte).
            bound = sum(_stored_size(values[c]) for c in cids) + 9 * (len(cids) + 3 + 2 * numbers)
            if bound > index_local:
                return None
            copies += entry
    return copies


def _reserved_bytes(con: sqlite3.Connection) -> int:
    """The bytes SQLite reserves at the end of each page (byte 20 of the database header)."""
    path = con.execute("PRAGMA database_list").fetchone()[2]
    try:
        header = held_files.read_at(Path(path), 0, 100)  # never a descriptor of our own to close
    except OSError:
        return 255
    return header[20] if len(header) == 100 else 255


def live_mentions(session: Session, needle: str, *, fold: bool = False) -> dict[str, int]:
    """Live rows that still contain the text, per table: ours (other types, other users) or the
    daemon's. With ``fold``, ``needle`` is a folded needle and any spelling of it counts."""
    found: dict[str, int] = {}
    tables = [
        r[0]
        for r in session.execute(
            text("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")
        )
    ]
    for t in tables:
        cols = [r[1] for r in session.execute(text(f"PRAGMA table_info({_q(t)})"))]
        if not cols:
            continue
        if fold:
            where = " OR ".join(f"CAST({_q(c)} AS TEXT) LIKE :n ESCAPE '\\'" for c in cols)
            arg = _like_needle(needle.encode("utf-8", "surrogatepass"))
        else:
            where = " OR ".join(f"instr(CAST({_q(c)} AS TEXT), :n) > 0" for c in cols)
            arg = needle
        n = session.execute(text(f"SELECT count(*) FROM {_q(t)} WHERE {where}"), {"n": arg}).scalar()
        if n:
            found[t] = int(n)
    return found


def daemon_mentions(session: Session, needle: str) -> int:
    """How often the text appears in tables that are not ours (the daemon's conversation data)."""
    return sum(n for t, n in live_mentions(session, needle).items() if not t.startswith(PREFIX))


def mention_notes(found: dict[str, int]) -> list[str]:
    notes = []
    if any(not t.startswith(PREFIX) for t in found):
        notes.append(
            "The text also appears in Open Design's own data (for example a chat message); "
            "this program does not change that data."
        )
    if any(t.startswith(PREFIX) for t in found):
        notes.append(
            "The same text is still part of other remembered data that was not asked to be forgotten "
            "(for example the same pattern name under another type)."
        )
    return notes

"""The Inspector's query: one page of preference rows for a filter, a sort order and a keyset cursor.

The window's table model asks for pages through :func:`load_page` (on the store thread) and only
adapts the rows it gets; every query the Inspector's table needs is planned here.

Rows are :class:`InspectorRow` named tuples (the selected columns, in the order of the fields, then
the sources as words): a page is built without ORM objects, and the model can read a field by its
position (``R_*``) or by its name. Paging is keyset paging (``services.queries.page_query`` with
the last row's ``(value, id)`` cursor), so a page costs the same at the end of a large table as at
the start. A text filter is matched in memory by a :class:`TextIndex` and SQL then reads only the
matching ids.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, replace
from itertools import chain, compress, repeat
from typing import Any, Final, NamedTuple

from sqlalchemy import func, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import Join

from creative_memory.model.constants import project_of
from creative_memory.model.tables import Preference
from creative_memory.services import queries
from creative_memory.services.queries import PrefFilter
from creative_memory.services.store import Store

#: a text filter matching at most this many rows reads exactly those rows and sorts them
DRIVE_LIMIT: Final = 3000


class InspectorRow(NamedTuple):
    """One preference as the Inspector's table shows it (times in ms since the epoch)."""

    id: int
    scope: str
    project_id: str | None
    preference_type: str
    pattern: str
    polarity: str
    strength: float
    confidence: str
    status: str
    sources: str | None  # the stored JSON list
    accept_count: int
    reject_count: int
    last_seen: int | None
    decay_at: int | None
    last_injected_at: int | None
    sources_text: str  # the sources as words ("thumbs up, tag")


class PreferenceKey(NamedTuple):
    """What identifies a preference across reloads and re-derivations (row ids may change)."""

    scope: str
    preference_type: str
    pattern: str
    polarity: str

    @property
    def project_id(self) -> str | None:
        return project_of(self.scope)


def key_of(row: InspectorRow) -> PreferenceKey:
    return PreferenceKey(row.scope, row.preference_type, row.pattern, row.polarity)


# Positions of the fields (the model reads rows by position: one tuple index per painted cell).
(
    R_ID,
    R_SCOPE,
    R_PROJECT,
    R_TYPE,
    R_PATTERN,
    R_POLARITY,
    R_STRENGTH,
    R_TIER,
    R_STATUS,
    R_SOURCES,
    R_ACCEPTS,
    R_REJECTS,
    R_LAST_SEEN,
    R_DECAY,
    R_INJECTED,
    R_SOURCES_TEXT,
) = range(16)

ROW_COLUMNS: Final = (
    Preference.id,
    Preference.scope,
    Preference.project_id,
    Preference.preference_type,
    Preference.pattern,
    Preference.polarity,
    Preference.strength,
    Preference.confidence,
    Preference.status,
    Preference.sources,
    Preference.accept_count,
    Preference.reject_count,
    Preference.last_seen,
    Preference.decay_at,
    Preference.last_injected_at,
)

#: where the value of each sortable key (``services.queries.SORTABLE``) sits in a row
SORT_INDEX: Final[dict[str, int]] = {
    "scope": R_SCOPE,
    "preference_type": R_TYPE,
    "pattern": R_PATTERN,
    "polarity": R_POLARITY,
    "strength": R_STRENGTH,
    "confidence": R_TIER,
    "status": R_STATUS,
    "sources": R_SOURCES,
    "accept_count": R_ACCEPTS,
    "reject_count": R_REJECTS,
    "last_seen": R_LAST_SEEN,
    "decay_at": R_DECAY,
    "last_injected_at": R_INJECTED,
}


class TextIndex:
    """What the text filter searches — pattern, type and scope of every preference — in memory.

    ``LIKE '%word%'`` cannot use an index, and a scan of 100,000 rows in SQLite costs far more
    than the 50 ms a keystroke may take, so the words are matched here and SQL then reads only the
    matching ids: ``json_each(ids) CROSS JOIN preferences``, or ``id NOT IN (the others)`` when
    most rows match. Built on the store thread the first time a text filter is used after a
    refresh (every refresh drops it). The matching rule is the services' own: every word must
    occur, case-insensitively, in the pattern, the type or the scope (stored values are ASCII, so
    ``str.lower`` agrees with SQLite's ``LIKE``).

    A word never holds whitespace, so it matches a row exactly when it is in one of the row's
    three fields. The fields are matched once per distinct value — 38 k patterns, 8 types and 251
    scopes for the 99.5 k rows of the L store — and the rows of the values that match are marked
    in a byte mask (C loops: ``map``, ``compress``, no Python code per row). A word that contains
    an earlier word (the next prefix as someone types) is only tried on that word's values.
    """

    __slots__ = ("_fields", "_ids", "_last", "_seen")

    #: how many words' matching values are kept for the words typed after them
    REMEMBERED: Final = 32

    def __init__(self, ids: list[int], rows: list[tuple[str, str, str]]) -> None:
        self._ids = ids
        # per field: (the distinct lower-cased values, the row positions of each value)
        self._fields = tuple(_Field.of(rows, k) for k in range(3))
        self._last: tuple[str, list[int], list[int]] | None = None
        self._seen: dict[str, tuple[list[int], ...]] = {}

    @classmethod
    def load(cls, session: Session, user_id: str) -> TextIndex:
        # The plain DB-API cursor: 100,000 small rows, no ORM row objects (several times faster).
        table = Preference.__tablename__
        cursor = session.connection().connection.driver_connection.execute(  # type: ignore[union-attr]
            f"SELECT id, pattern, preference_type, scope FROM {table} WHERE user_id = ?", (user_id,)
        )
        rows = cursor.fetchall()
        return cls([r[0] for r in rows], [(r[1], r[2], r[3]) for r in rows])

    def __len__(self) -> int:
        return len(self._ids)

    def _values_with(self, word: str) -> tuple[list[int], ...]:
        """Per field, the distinct values that contain ``word``."""
        found = self._seen.get(word)
        if found is not None:
            return found
        # the values of a shorter word inside this one are the only candidates
        wider = max((w for w in self._seen if w in word), key=len, default=None)
        found = tuple(
            f.matching(word, None if wider is None else self._seen[wider][k]) for k, f in enumerate(self._fields)
        )
        if len(self._seen) >= self.REMEMBERED:
            del self._seen[next(iter(self._seen))]
        self._seen[word] = found
        return found

    def _mask(self, word: str) -> int:
        """The rows that ``word`` matches: a byte per row (1: it matches) read as one int, so that
        several words' rows intersect with one ``&``."""
        mask = bytearray(len(self._ids))
        for f, values in zip(self._fields, self._values_with(word), strict=True):
            f.mark(mask, values)
        return int.from_bytes(mask, "little")

    def split(self, text: str) -> tuple[list[int], list[int]]:
        """(ids that match every word of ``text``, ids that do not)."""
        key = " ".join(text.lower().split())
        if self._last is not None and self._last[0] == key:
            return self._last[1], self._last[2]
        n = len(self._ids)
        words = key.split()
        bits = self._mask(words[0]) if words else int.from_bytes(b"\x01" * n, "little")
        for word in words[1:]:
            bits &= self._mask(word)  # one byte per row: 0 or 1
        hit_mask = bits.to_bytes(n, "little")
        hit = list(compress(self._ids, hit_mask))
        miss = [] if len(hit) == n else list(compress(self._ids, hit_mask.translate(_FLIP)))
        self._last = (key, hit, miss)
        return hit, miss


#: bytes 0 and 1 swapped: the rows a mask leaves out
_FLIP: Final = bytes([1, 0]) + bytes(range(2, 256))


class _Field:
    """One searched field: its distinct lower-cased values and the rows that hold each."""

    __slots__ = ("rows", "values")

    def __init__(self, values: list[str], rows: list[list[int]]) -> None:
        self.values = values
        self.rows = rows

    @classmethod
    def of(cls, rows: list[tuple[str, str, str]], k: int) -> _Field:
        where: dict[str, list[int]] = {}
        for i, r in enumerate(rows):
            at = where.get(r[k])
            if at is None:
                where[r[k]] = [i]
            else:
                at.append(i)
        return cls([v.lower() for v in where], list(where.values()))

    def matching(self, word: str, among: list[int] | None) -> list[int]:
        values = self.values
        if among is None:
            return [i for i, v in enumerate(values) if word in v]
        return [i for i in among if word in values[i]]

    def mark(self, mask: bytearray, values: list[int]) -> None:
        rows = self.rows
        positions = chain.from_iterable(rows[i] for i in values)
        deque(map(mask.__setitem__, positions, repeat(1)), maxlen=0)


class _CrossJoin(Join):
    """``a CROSS JOIN b ON …``: in SQLite this keeps ``a`` (the id list) the outer loop."""

    inherit_cache = True


@compiles(_CrossJoin)
def _compile_cross_join(element: _CrossJoin, compiler: Any, **kw: Any) -> str:
    # The ordinary join (FROM-linter edges included), with SQLite's order-keeping keyword; the
    # left side is "json_each(?) AS ids", which holds no " JOIN " of its own.
    return str(compiler.visit_join(element, **kw)).replace(" JOIN ", " CROSS JOIN ", 1)


def _id_list(ids: list[int]) -> Any:
    return func.json_each(json.dumps(ids)).table_valued("value").alias("ids")


def _driven_by(ids: list[int]) -> _CrossJoin:
    listed = _id_list(ids)
    return _CrossJoin(listed, Preference.__table__, Preference.id == listed.c.value)


def plan_queries(
    user_id: str,
    flt: PrefFilter,
    *,
    sort: str,
    descending: bool,
    after: tuple[Any, int] | None,
    limit: int,
    index: TextIndex | None,
) -> tuple[Any, list[tuple[int, Any]]]:
    """The page query (selecting the row's columns) and the signed count queries whose sum is the
    total — the same rows, order and number as ``queries.page_query``/``queries.count``."""
    if not flt.text.strip() or index is None:
        page = queries.page_query(user_id, flt, sort=sort, descending=descending, after=after, limit=limit)
        count = select(func.count()).select_from(Preference).where(*flt.where(user_id))
        return page.with_only_columns(*ROW_COLUMNS), [(1, count)]
    hit, miss = index.split(flt.text)
    rest = replace(flt, text="")
    page = queries.page_query(user_id, rest, sort=sort, descending=descending, after=after, limit=limit)
    if len(hit) <= min(len(miss), DRIVE_LIMIT):
        # few rows match: read just those rows, then sort them
        page = page.select_from(_driven_by(hit))
    elif len(hit) <= len(miss):
        # many match: walk the sort order and keep the listed ids (a page fills up quickly)
        page = page.where(Preference.id.in_(select(_id_list(hit).c.value)))
    else:
        # most match: walk the sort order and skip the others
        page = page.where(Preference.id.not_in(select(_id_list(miss).c.value)))
    if len(hit) <= len(miss):
        counts = [(1, _count_of(user_id, rest, hit))]
    else:  # all rows of the other filters, less those that do not match the words
        counts = [
            (1, select(func.count()).select_from(Preference).where(*rest.where(user_id))),
            (-1, _count_of(user_id, rest, miss)),
        ]
    return page.with_only_columns(*ROW_COLUMNS), counts


def _count_of(user_id: str, flt: PrefFilter, ids: list[int]) -> Any:
    """How many of ``ids`` pass ``flt``: row by row for a short list, else one pass over an index."""
    if len(ids) <= DRIVE_LIMIT:
        return select(func.count()).select_from(_driven_by(ids)).where(*flt.where(user_id))
    return (
        select(func.count())
        .select_from(Preference)
        .where(*flt.where(user_id), Preference.id.in_(select(_id_list(ids).c.value)))
    )


@dataclass(frozen=True)
class InspectorPage:
    """One page of rows; the filter's total when it was asked for; the text index used (if any)."""

    rows: list[InspectorRow]
    total: int | None
    index: TextIndex | None = None


def _sources_text(raw: str | None) -> str:
    try:
        items = json.loads(raw or "[]")
    except (TypeError, ValueError):
        return ""
    if not isinstance(items, list):
        return ""
    return ", ".join(str(s).replace("_", " ") for s in items)


def load_page(
    store: Store,
    user_id: str,
    flt: PrefFilter,
    sort: str,
    descending: bool,
    after: tuple[Any, int] | None,
    limit: int,
    with_count: bool,
    index: TextIndex | None = None,
) -> InspectorPage:
    """One page of rows (runs on the store thread); with the filter's total when asked.

    A text filter uses ``index`` (built here when None and handed back in
    :attr:`InspectorPage.index`)."""
    with store.read() as session:
        if flt.text.strip() and index is None:
            index = TextIndex.load(session, user_id)
        page_q, count_qs = plan_queries(
            user_id, flt, sort=sort, descending=descending, after=after, limit=limit, index=index
        )
        rows = [InspectorRow._make((*r, _sources_text(r[R_SOURCES]))) for r in session.execute(page_q)]
        total = sum(sign * int(session.scalar(q) or 0) for sign, q in count_qs) if with_count else None
    return InspectorPage(rows, total, index)


def load_text_index(store: Store, user_id: str) -> TextIndex:
    """The text filter's index, built ahead of the first keystroke (runs on the store thread)."""
    with store.read() as session:
        return TextIndex.load(session, user_id)


def load_total(store: Store, user_id: str, flt: PrefFilter, index: TextIndex | None = None) -> int:
    """The filter's row count (runs on the store thread; the window asks for it after its first page).

    A text filter uses ``index`` (built here when None)."""
    with store.read() as session:
        if flt.text.strip() and index is None:
            index = TextIndex.load(session, user_id)
        _page, count_qs = plan_queries(
            user_id, flt, sort="strength", descending=True, after=None, limit=1, index=index
        )
        return sum(sign * int(session.scalar(q) or 0) for sign, q in count_qs)


def cursor_of(row: InspectorRow, sort: str) -> tuple[Any, int]:
    """The keyset cursor after ``row`` for ``sort`` (mirrors ``services.queries.cursor_of``)."""
    if sort not in SORT_INDEX:
        raise ValueError(f"cannot sort by {sort!r}")
    value = row[SORT_INDEX[sort]]
    if sort == "last_injected_at" and value is None:
        value = -1
    return (value, row.id)


__all__ = [
    "DRIVE_LIMIT",
    "SORT_INDEX",
    "InspectorPage",
    "InspectorRow",
    "PreferenceKey",
    "TextIndex",
    "cursor_of",
    "key_of",
    "load_page",
    "load_text_index",
    "load_total",
    "plan_queries",
]

"""The Inspector's query: one page of preference rows for a filter, a sort order and a keyset cursor.

The window's table model asks for pages through :func:`load_page` (on the store thread) and only
adapts the rows it gets; every query the Inspector's table needs is planned here.

Rows are :class:`InspectorRow` named tuples (the selected columns, in the order of the fields, then
the sources as words): a page is built without ORM objects, and the model can read a field by its
position (``R_*``) or by its name. Paging is keyset paging (``services.inspection.queries.page_query`` with
the last row's ``(value, id)`` cursor), so a page costs the same at the end of a large table as at
the start. A text filter is matched in memory by a :class:`TextIndex` and SQL then reads only the
matching ids.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from typing import Any, Final, NamedTuple

from sqlalchemy import func, literal_column, select, union_all
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.expression import Join

from creative_memory.model.constants import Status, project_of
from creative_memory.model.tables import Preference
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.inspector_text import TextIndex
from creative_memory.services.inspection.queries import PrefFilter
from creative_memory.services.store.connections import raw_connection
from creative_memory.services.store.store import Store

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

#: where the value of each sortable key (``services.inspection.queries.SORTABLE``) sits in a row
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


#: the SQL function that tells whether an id is in the text filter's set (registered for a query)
LISTED_FUNCTION: Final = "cm_text_listed"


@dataclass(frozen=True)
class Plan:
    """The page query (selecting the row's columns), the signed count queries whose sum is the
    total, and the ids :data:`LISTED_FUNCTION` must answer for (None: the queries do not use it)."""

    page: Any
    counts: list[tuple[int, Any]]
    listed: frozenset[int] | None = None


def plan_queries(
    user_id: str,
    flt: PrefFilter,
    *,
    sort: str,
    descending: bool,
    after: tuple[Any, int] | None,
    limit: int,
    index: TextIndex | None,
    with_counts: bool = True,
) -> Plan:
    """The queries of one page and (``with_counts``) of the count — the same rows, order and
    number as ``queries.page_query``/``queries.count``."""
    if not flt.text.strip() or index is None:
        count = select(func.count()).select_from(Preference).where(*flt.where(user_id))
        if sort == "strength" and not flt.show_archived and not flt.statuses:
            return Plan(_unarchived_by_strength(user_id, flt, descending, after, limit), [(1, count)])
        page = queries.page_query(user_id, flt, sort=sort, descending=descending, after=after, limit=limit)
        return Plan(page.with_only_columns(*ROW_COLUMNS), [(1, count)])
    match = index.match(flt.text)
    rest = replace(flt, text="")
    page = queries.page_query(user_id, rest, sort=sort, descending=descending, after=after, limit=limit)
    listed: frozenset[int] | None = None
    if match.count <= min(match.misses, DRIVE_LIMIT):
        # few rows match: read just those rows, then sort them
        page = page.select_from(_driven_by(match.hit()))
    else:
        # many match: walk the sort order and keep the rows whose id is listed (or skip those
        # listed, when most rows match). A function of the id, answered from a set: no id list
        # handed over as JSON nor a temporary index of it, and the walk stops when the page is full
        listed, matching = match.listed()
        page = page.where(func.cm_text_listed(Preference.id) == (1 if matching else 0))
    if not with_counts:
        counts = []
    elif match.count <= match.misses:
        counts = [(1, _count_of(user_id, rest, match.hit()))]
    else:  # all rows of the other filters, less those that do not match the words
        counts = [
            (1, select(func.count()).select_from(Preference).where(*rest.where(user_id))),
            (-1, _count_of(user_id, rest, match.miss())),
        ]
    return Plan(page.with_only_columns(*ROW_COLUMNS), counts, listed)


def _unarchived_by_strength(
    user_id: str, flt: PrefFilter, descending: bool, after: tuple[Any, int] | None, limit: int
) -> Any:
    """The page of ``queries.page_query`` by strength with archived rows hidden, as one page per
    status not archived merged in SQL (decision 0060). ``status != 'archived'`` walked the
    ``(user_id, strength)`` index past every archived row (all 99.5 k on an L store idle for
    months: ~240 ms of CPU at each refresh); each status reads at most ``limit`` rows of the
    ``(user_id[, scope], status, strength)`` indexes. Same rows in the same order."""
    arms = []
    for status in Status:
        if status is Status.ARCHIVED:
            continue
        one = replace(flt, statuses=frozenset({str(status)}), show_archived=True)
        page = queries.page_query(
            user_id, one, sort="strength", descending=descending, after=after, limit=limit
        )
        arms.append(select(page.with_only_columns(*ROW_COLUMNS).subquery()))
    direction = "DESC" if descending else "ASC"
    return (
        union_all(*arms)
        .order_by(literal_column(f"strength {direction}"), literal_column(f"id {direction}"))
        .limit(limit)
    )


def _listing(session: Any, listed: frozenset[int] | None) -> None:
    """Let the session's connection answer :data:`LISTED_FUNCTION` from ``listed``."""
    if listed is not None:
        raw_connection(session).create_function(LISTED_FUNCTION, 1, listed.__contains__, deterministic=True)


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


@functools.lru_cache(maxsize=4096)
def source_codes(raw: str | None) -> tuple[str, ...]:
    """The stored JSON list of sources (``InspectorRow.sources``) as its signal codes, in order."""
    try:
        items = json.loads(raw or "[]")
    except (TypeError, ValueError):
        return ()
    return tuple(str(s) for s in items) if isinstance(items, list) else ()


@functools.lru_cache(maxsize=4096)
def _sources_text(raw: str | None) -> str:
    """The stored JSON list of sources as words (a few thousand distinct lists at L: kept once parsed)."""
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
        plan = plan_queries(
            user_id,
            flt,
            sort=sort,
            descending=descending,
            after=after,
            limit=limit,
            index=index,
            with_counts=with_count,
        )
        _listing(session, plan.listed)
        rows = [InspectorRow._make((*r, _sources_text(r[R_SOURCES]))) for r in session.execute(plan.page)]
        total = sum(sign * int(session.scalar(q) or 0) for sign, q in plan.counts) if with_count else None
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
        plan = plan_queries(user_id, flt, sort="strength", descending=True, after=None, limit=1, index=index)
        return sum(sign * int(session.scalar(q) or 0) for sign, q in plan.counts)


def cursor_of(row: InspectorRow, sort: str) -> tuple[Any, int]:
    """The keyset cursor after ``row`` for ``sort`` (mirrors ``services.inspection.queries.cursor_of``)."""
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
    "Plan",
    "PreferenceKey",
    "TextIndex",
    "cursor_of",
    "key_of",
    "load_page",
    "load_text_index",
    "load_total",
    "plan_queries",
]

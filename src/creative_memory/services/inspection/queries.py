"""Read-side queries shared by the CLI and the GUI: filtering and sorting in SQL, keyset paging.

The recorded retrievals (Diagnostics, ``od-memory diagnostics``) are read by
:mod:`services.inspection.retrieval_log`; why one pattern is remembered (``explain``) by :mod:`services.inspection.explain`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from sqlalchemy import ColumnElement, Select, and_, func, or_, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import Status, scope_for
from creative_memory.model.tables import Event, Preference, Retrieval, RetrievalEvent
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.like import escape_like
from creative_memory.services.common.naming import optional_project, valid_name
from creative_memory.services.controls import project_counts
from creative_memory.services.controls.controls import daemon_projects
from creative_memory.services.derivation.pref_view import PreferenceView, preference_view, stale_at
from creative_memory.services.inspection import overview
from creative_memory.services.store.store import Store, raw_connection

SORTABLE: dict[str, Any] = {
    "scope": Preference.scope,
    "preference_type": Preference.preference_type,
    "pattern": Preference.pattern,
    "polarity": Preference.polarity,
    "strength": Preference.strength,
    "confidence": Preference.confidence,
    "status": Preference.status,
    "sources": Preference.sources,
    "accept_count": Preference.accept_count,
    "reject_count": Preference.reject_count,
    "last_seen": Preference.last_seen,
    "decay_at": Preference.decay_at,
    "last_injected_at": Preference.last_injected_at,
}


@dataclass(frozen=True)
class PrefFilter:
    """What the inspector shows. Every field narrows; empty means no restriction."""

    text: str = ""
    scope: Literal["all", "global", "project"] = "all"
    project_id: str | None = None
    preference_type: str | None = None
    polarity: str | None = None
    tiers: frozenset[str] = frozenset()
    statuses: frozenset[str] = frozenset()
    show_archived: bool = True
    exclude_keys: frozenset[str] = field(default_factory=frozenset)

    def where(self, user_id: str) -> list[ColumnElement[bool]]:
        conds: list[ColumnElement[bool]] = [Preference.user_id == user_id]
        if self.project_id:
            conds.append(Preference.scope == scope_for(self.project_id))
        elif self.scope == "global":
            conds.append(Preference.scope == "global")
        elif self.scope == "project":
            conds.append(Preference.scope.like("project:%"))
        if self.preference_type:
            conds.append(
                Preference.preference_type.like(escape_like(self.preference_type) + "%", escape="\\")
            )
        if self.polarity:
            conds.append(Preference.polarity == self.polarity)
        if self.tiers:
            conds.append(Preference.confidence.in_(sorted(self.tiers)))
        if self.statuses:
            conds.append(Preference.status.in_(sorted(self.statuses)))
        if not self.show_archived:
            conds.append(Preference.status != str(Status.ARCHIVED))
        if self.text.strip():
            for word in self.text.split():
                like = "%" + escape_like(word) + "%"
                conds.append(
                    or_(
                        Preference.pattern.like(like, escape="\\"),
                        Preference.preference_type.like(like, escape="\\"),
                        Preference.scope.like(like, escape="\\"),
                    )
                )
        return conds


def page_query(
    user_id: str,
    flt: PrefFilter,
    *,
    sort: str = "strength",
    descending: bool = True,
    after: tuple[Any, int] | None = None,
    limit: int = 200,
) -> Select[Any]:
    """One page of preferences sorted by ``sort`` then id, starting after the ``(value, id)`` cursor."""
    if sort not in SORTABLE:
        raise InvalidInput(f"Cannot sort by '{sort}'; choose one of {', '.join(SORTABLE)}.")
    col = SORTABLE[sort]
    conds = flt.where(user_id)
    # NULLs sort as the smallest value in SQLite; coalesce keeps the keyset comparison total.
    key = func.coalesce(col, -1) if sort == "last_injected_at" else col
    if after is not None:
        value, last_id = after
        if descending:
            conds.append(or_(key < value, and_(key == value, Preference.id < last_id)))
        else:
            conds.append(or_(key > value, and_(key == value, Preference.id > last_id)))
    order = (key.desc(), Preference.id.desc()) if descending else (key.asc(), Preference.id.asc())
    return select(Preference).where(*conds).order_by(*order).limit(limit)


def cursor_of(p: Preference, sort: str) -> tuple[Any, int]:
    value = getattr(p, sort if sort != "last_injected_at" else "last_injected_at")
    if sort == "last_injected_at" and value is None:
        value = -1
    return (value, p.id)


def count(session: Session, user_id: str, flt: PrefFilter) -> int:
    return int(session.scalar(select(func.count()).select_from(Preference).where(*flt.where(user_id))) or 0)


def inspect(
    session: Session,
    user_id: str,
    *,
    project_id: str | None = None,
    scope: str = "all",
    status: str = "all",
    preference_type: str | None = None,
    limit: int | None = None,
    now: int | None = None,
) -> list[PreferenceView]:
    """Every matching preference, strongest first; evaluated at ``now`` when given (one clock:
    the status filter and the order then apply to the evaluation at ``now``)."""
    if scope not in ("all", "global", "project"):
        raise InvalidInput(f"Unknown scope '{scope}'; use global, project or all.")
    statuses: frozenset[str] = frozenset()
    if status != "all":
        if status not in {str(s) for s in Status}:
            raise InvalidInput(f"Unknown status '{status}'; use stable, under_review, archived or all.")
        statuses = frozenset({status})
    if limit is not None and limit < 1:
        raise InvalidInput("--limit must be a positive number.")
    project_id = optional_project(project_id)
    if preference_type is not None:
        preference_type = valid_name(preference_type, "preference type")
    flt = PrefFilter(scope=scope, project_id=project_id, preference_type=preference_type, statuses=statuses)  # type: ignore[arg-type]
    q = page_query(user_id, flt, limit=limit or 1_000_000)
    rows = list(session.scalars(q))
    if now is None or (not statuses and not any(stale_at(p, now) for p in rows)):
        return [preference_view(p, now) for p in rows]
    # A status filter, or stored evaluations that are not those at now: filter and order the
    # evaluations at now instead of the stored columns.
    unfiltered = replace(flt, statuses=frozenset())
    out = [preference_view(p, now) for p in session.scalars(page_query(user_id, unfiltered, limit=1_000_000))]
    out = [v for v in out if not statuses or v.status in statuses]
    out.sort(key=lambda v: (-v.strength, -v.id))
    return out[:limit] if limit else out


def facets(session: Session, user_id: str) -> dict[str, list[str]]:
    types = list(
        session.scalars(
            select(Preference.preference_type)
            .where(Preference.user_id == user_id)
            .distinct()
            .order_by(Preference.preference_type)
        )
    )
    return {"types": types}


def filter_keys(store: Store, user_id: str, flt: PrefFilter, limit: int) -> list[tuple[str, str, str, str]]:
    """(scope, type, pattern, polarity) of every preference the filter shows, up to ``limit``."""
    with store.read() as session:
        q = page_query(user_id, flt, limit=limit)
        return [(p.scope, p.preference_type, p.pattern, p.polarity) for p in session.scalars(q)]


@dataclass(frozen=True)
class Facets:
    """The preference types and projects that preferences exist for (the Inspector's pickers),
    whether there is any preference at all, and Open Design's names of the projects it lists."""

    types: list[str] = field(default_factory=list)
    projects: list[str] = field(default_factory=list)
    any: bool = False
    names: dict[str, str] = field(default_factory=dict)


def load_facets(store: Store, user_id: str) -> Facets:
    """Types and projects that preferences exist for (the Inspector's facet pickers)."""
    with store.read() as session:
        types = facets(session, user_id)["types"]
        projects = project_counts.preference_projects(raw_connection(session), user_id)
        names = daemon_projects(session)
    return Facets(types=types, projects=projects, any=bool(types), names=names)


# --------------------------------------------------------------------------- the Overview
# read with plain SQL (services.inspection.overview); named here as before
OverviewFacts = overview.OverviewFacts
SwitchedOff = overview.SwitchedOff
overview_facts = overview.overview_facts


@dataclass(frozen=True)
class ResetCounts:
    """What a reset erases, counted the way its receipt counts: preferences, events, retrievals and
    their stage diagnostics (the receipt's "diagnostics")."""

    preferences: int = 0
    events: int = 0
    retrievals: int = 0
    diagnostics: int = 0


def reset_counts(store: Store, user_id: str) -> ResetCounts:
    """:class:`ResetCounts` of the user, read in one transaction."""
    with store.read() as session:
        user_rets = select(Retrieval.id).where(Retrieval.user_id == user_id).scalar_subquery()
        return ResetCounts(
            preferences=int(
                session.scalar(
                    select(func.count()).select_from(Preference).where(Preference.user_id == user_id)
                )
                or 0
            ),
            events=int(
                session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user_id)) or 0
            ),
            retrievals=int(
                session.scalar(
                    select(func.count()).select_from(Retrieval).where(Retrieval.user_id == user_id)
                )
                or 0
            ),
            diagnostics=int(
                session.scalar(
                    select(func.count())
                    .select_from(RetrievalEvent)
                    .where(RetrievalEvent.retrieval_id.in_(user_rets))
                )
                or 0
            ),
        )

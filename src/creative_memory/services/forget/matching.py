"""Is something remembered, and if not, what is closest: the check before a forget or a project
switch, so that a typo changes nothing and the sentence offers the right spelling."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import scope_for
from creative_memory.model.tables import Event, EventPattern, Preference, ProjectSettings
from creative_memory.services.common.errors import InvalidInput, NotFound
from creative_memory.services.common.naming import valid_project
from creative_memory.services.common.spellings import stored_spellings
from creative_memory.services.controls.controls import daemon_projects, project_list
from creative_memory.services.store.store import Store


def closest(wanted: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    pool = sorted(set(candidates))
    near = difflib.get_close_matches(wanted, pool, n=n, cutoff=0.5)
    if not near:  # a shared word is a better hint than nothing: "drop_shadows" → "shadow_depth"
        words = {w for w in wanted.replace("-", "_").split("_") if len(w) > 2}
        near = [c for c in pool if any(w in c for w in words)][:n]
    return near


def _hint(near: list[str]) -> str:
    if not near:
        return ""
    return " Closest: " + ", ".join(near) + "."


def is_remembered(
    session: Session,
    user_id: str,
    preference_type: str,
    pattern: str,
    project_id: str | None = None,
    polarity: str | None = None,
) -> bool:
    """A preference record or a raw event names this (type, pattern), in the project and polarity
    when they are given."""
    pref = (
        select(func.count())
        .select_from(Preference)
        .where(
            Preference.user_id == user_id,
            Preference.preference_type == preference_type,
            Preference.pattern == pattern,
            *([Preference.scope == scope_for(project_id)] if project_id else []),
            *([Preference.polarity == polarity] if polarity else []),
        )
    )
    if session.scalar(pref.limit(1)):
        return True
    ev = (
        select(EventPattern.id)
        .where(
            EventPattern.user_id == user_id,
            EventPattern.preference_type == preference_type,
            EventPattern.pattern == pattern,
            *([EventPattern.polarity == polarity] if polarity else []),
        )
        .limit(1)
    )
    if project_id:
        ev = ev.join(Event, Event.seq == EventPattern.seq).where(Event.project_id == project_id)
    return session.execute(ev).first() is not None


def check_forget_target(
    store: Store,
    user_id: str,
    preference_type: str,
    pattern: str,
    project_id: str | None = None,
    polarity: str | None = None,
) -> None:
    """Raise :class:`NotFound` (exit 1, nothing changed) with the closest remembered names when
    nothing matches the target."""
    with store.read() as session:
        if is_remembered(session, user_id, preference_type, pattern, project_id, polarity):
            return
        # Any stored spelling of it counts: forget erases them all (decision 0029).
        con = session.connection().connection.dbapi_connection
        assert con is not None
        spellings = stored_spellings(con, user_id, preference_type, pattern)  # type: ignore[arg-type]
        for ptype, spelled in sorted(spellings):
            if is_remembered(session, user_id, ptype, spelled, project_id, polarity):
                return
        if polarity is None and project_id is None:
            # No record and no event names it, but free text still does (a diff, what a page showed
            # in a font's name): a forget of the whole name scrubs it, so it is not "nothing".
            from creative_memory.services.forget.erasure import Target
            from creative_memory.services.forget.free_text import diff_mentions

            if any(diff_mentions(session, user_id, [Target(preference_type, pattern)]).values()):
                return
        keys = {
            (str(t), str(p))
            for t, p in session.execute(
                select(Preference.preference_type, Preference.pattern)
                .where(Preference.user_id == user_id)
                .distinct()
            )
        }
        keys |= {
            (str(t), str(p))
            for t, p in session.execute(
                select(EventPattern.preference_type, EventPattern.pattern)
                .where(EventPattern.user_id == user_id)
                .distinct()
            )
        }
    where = f" in project {project_id}" if project_id else ""
    pol = f" ({polarity})" if polarity else ""
    same_pattern = sorted(f"{t} {p}" for t, p in keys if p == pattern)
    near = same_pattern or closest(f"{preference_type} {pattern}", (f"{t} {p}" for t, p in keys))
    if not near:
        near = closest(pattern, (f"{t} {p}" for t, p in keys))
    raise NotFound(
        f"Nothing is remembered about {preference_type} '{pattern}'{where}{pol}, so nothing was "
        f"changed.{_hint(near)}"
    )


def check_known_project(store: Store, user_id: str, project_id: str) -> None:
    """Raise :class:`InvalidInput` (exit 3) when neither Open Design's ``projects`` table nor any
    memory, event or switch mentions ``project_id``. A malformed id is refused first, in the names'
    sentence; a well-formed one is compared in its stored (NFC) form."""
    project_id = valid_project(project_id)
    with store.read() as session:
        ids = [r.id for r in project_list(session, user_id)]
    if project_id in ids:
        return
    raise InvalidInput(
        f"Open Design has no project '{project_id}' and nothing remembered mentions it; check the id, "
        f"or add --new for a project not created yet.{_hint(closest(project_id, ids))}"
    )


def known_project(store: Store, user_id: str, project_id: str | None, *, new: bool = False) -> str | None:
    """The project id a command works on, checked before any gate is read: malformed → the names'
    sentence; well-formed but unknown to Open Design's ``projects`` table and to every memory, event
    and switch → :class:`InvalidInput` with the closest ids, unless ``new`` says it is meant for a
    project not created yet. Returns the stored (NFC) form. A few index probes when it is known;
    the full project list only to word a refusal."""
    if project_id is None:
        return None
    project_id = valid_project(project_id)
    if new:
        return project_id
    with store.read() as session:
        if project_id in daemon_projects(session):
            return project_id
        probes = (
            select(Event.seq).where(Event.user_id == user_id, Event.project_id == project_id),
            select(Preference.id).where(
                Preference.user_id == user_id, Preference.scope == scope_for(project_id)
            ),
            select(ProjectSettings.project_id).where(
                ProjectSettings.user_id == user_id, ProjectSettings.project_id == project_id
            ),
        )
        if any(session.execute(q.limit(1)).first() is not None for q in probes):
            return project_id
    check_known_project(store, user_id, project_id)  # raises, with the closest ids
    return project_id


def kept_mentions(
    store: Store, user_id: str, preference_type: str, pattern: str, limit: int = 5
) -> list[str]:
    """Other remembered (type, pattern) pairs whose name contains ``pattern``: kept because they were
    not asked to be forgotten, and the reason the same text can still be found in the files."""
    with store.read() as session:
        rows = session.execute(
            select(Preference.preference_type, Preference.pattern)
            .where(Preference.user_id == user_id, func.instr(Preference.pattern, pattern) > 0)
            .distinct()
            .limit(limit + 1)
        ).all()
    return [f"{t} {p}" for t, p in rows if (str(t), str(p)) != (preference_type, pattern)][:limit]

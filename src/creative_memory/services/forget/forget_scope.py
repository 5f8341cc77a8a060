"""What a Forget will erase, before asking: the scopes a selection matches, and the counts.

The Forget dialog lists, for every selected pattern, each (scope × project × polarity) it is
remembered in, with the preference and the events there; the rows the person ticks become erasure
targets (:func:`targets_for`), and :func:`count_erasure` counts exactly what those targets erase,
so the numbers in the dialog equal what the receipt then says.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import func, select, tuple_
from sqlalchemy.orm import Session

from creative_memory.model.constants import Polarity, project_of, scope_for
from creative_memory.model.tables import EventPattern, Preference
from creative_memory.services.controls import controls
from creative_memory.services.forget.erasure import Target
from creative_memory.services.store.store import Store

#: above this many targets, count with one indexed scan per chunk instead of one query per target
_PER_TARGET_LIMIT = 64
_CHUNK = 400


@dataclass(frozen=True)
class ErasePlan:
    """What forgetting the targets will touch, counted before asking."""

    patterns: int
    preferences: int
    events: int


def count_erasure(store: Store, user_id: str, targets: Sequence[Target]) -> ErasePlan:
    """Count the preference records and the raw events the targets name (runs on the store thread)."""
    seqs: set[int] = set()
    prefs = 0
    whole = [t for t in targets if t.project_id is None]
    scoped = [t for t in targets if t.project_id is not None]
    with store.read() as session:
        if len(targets) <= _PER_TARGET_LIMIT or any(t.polarity or t.global_only for t in targets):
            for t in targets:
                prefs += _count_one(session, user_id, t, seqs)
        else:
            for i in range(0, len(whole), _CHUNK):
                pairs = [(t.preference_type, t.pattern) for t in whole[i : i + _CHUNK]]
                prefs += _count_many(session, user_id, ("preference_type", "pattern"), pairs, seqs)
            for i in range(0, len(scoped), _CHUNK):
                triples = [
                    (scope_for(t.project_id), t.preference_type, t.pattern) for t in scoped[i : i + _CHUNK]
                ]
                prefs += _count_many(session, user_id, ("scope", "preference_type", "pattern"), triples, seqs)
    return ErasePlan(patterns=len(targets), preferences=prefs, events=len(seqs))


def _count_one(session: Session, user_id: str, t: Target, seqs: set[int]) -> int:
    """One target's records (returned) and events (added to ``seqs``)."""
    econds = [
        EventPattern.user_id == user_id,
        EventPattern.preference_type == t.preference_type,
        EventPattern.pattern == t.pattern,
    ]
    pconds = [
        Preference.user_id == user_id,
        Preference.preference_type == t.preference_type,
        Preference.pattern == t.pattern,
    ]
    if t.scope is not None:
        econds.append(EventPattern.scope == t.scope)
        pconds.append(Preference.scope == t.scope)
    if t.polarity is not None:
        econds.append(EventPattern.polarity == str(t.polarity))
        pconds.append(Preference.polarity == str(t.polarity))
    seqs.update(session.scalars(select(EventPattern.seq).where(*econds)))
    return int(session.scalar(select(func.count()).select_from(Preference).where(*pconds)) or 0)


def _count_many(
    session: Session, user_id: str, columns: Sequence[str], keys: Sequence[tuple[str, ...]], seqs: set[int]
) -> int:
    """Many targets at once by a tuple of ``columns``: their records (returned) and events (added)."""
    event_key = tuple_(*(getattr(EventPattern, c) for c in columns))
    pref_key = tuple_(*(getattr(Preference, c) for c in columns))
    seqs.update(
        session.scalars(select(EventPattern.seq).where(EventPattern.user_id == user_id, event_key.in_(keys)))
    )
    return int(
        session.scalar(
            select(func.count())
            .select_from(Preference)
            .where(Preference.user_id == user_id, pref_key.in_(keys))
        )
        or 0
    )


@dataclass(frozen=True)
class ScopeRow:
    """One place a pattern is remembered: a scope (global or a project) and a polarity."""

    preference_type: str
    pattern: str
    project_id: str | None
    project_name: str | None
    polarity: str
    preferences: int
    events: int

    @property
    def key(self) -> tuple[str, str, str | None, str]:
        return (self.preference_type, self.pattern, self.project_id, self.polarity)

    def target(self) -> Target:
        return Target(
            self.preference_type,
            self.pattern,
            project_id=self.project_id,
            polarity=Polarity(self.polarity),
            global_only=self.project_id is None,
        )


def scope_rows(store: Store, user_id: str, pairs: Iterable[tuple[str, str]]) -> list[ScopeRow]:
    """Every (scope, polarity) each (type, pattern) is remembered in, global first, then by project."""
    wanted = sorted(set(pairs))
    rows: list[ScopeRow] = []
    with store.read() as session:
        names = controls.daemon_projects(session)
        for i in range(0, len(wanted), _CHUNK):
            chunk = wanted[i : i + _CHUNK]
            prefs: dict[tuple[str, str, str, str], int] = {}
            for ptype, pattern, scope, polarity in session.execute(
                select(
                    Preference.preference_type, Preference.pattern, Preference.scope, Preference.polarity
                ).where(
                    Preference.user_id == user_id,
                    tuple_(Preference.preference_type, Preference.pattern).in_(chunk),
                )
            ):
                k = (ptype, pattern, scope, polarity)
                prefs[k] = prefs.get(k, 0) + 1
            events: dict[tuple[str, str, str, str], int] = {}
            for ptype, pattern, scope, polarity, n in session.execute(
                select(
                    EventPattern.preference_type,
                    EventPattern.pattern,
                    EventPattern.scope,
                    EventPattern.polarity,
                    func.count(func.distinct(EventPattern.seq)),
                )
                .where(
                    EventPattern.user_id == user_id,
                    tuple_(EventPattern.preference_type, EventPattern.pattern).in_(chunk),
                )
                .group_by(
                    EventPattern.preference_type,
                    EventPattern.pattern,
                    EventPattern.scope,
                    EventPattern.polarity,
                )
            ):
                events[(ptype, pattern, scope, polarity)] = int(n)
            for k in sorted(set(prefs) | set(events), key=_order):
                pid = project_of(k[2])
                rows.append(
                    ScopeRow(
                        k[0],
                        k[1],
                        pid,
                        names.get(pid) if pid else None,
                        k[3],
                        prefs.get(k, 0),
                        events.get(k, 0),
                    )
                )
    return rows


def _order(k: tuple[str, str, str, str]) -> tuple[str, str, int, str, int]:
    ptype, pattern, scope, polarity = k
    return (ptype, pattern, 0 if scope == "global" else 1, scope, 0 if polarity == "positive" else 1)


def targets_for(checked: Sequence[ScopeRow], every: Sequence[ScopeRow]) -> list[Target]:
    """The fewest erasure targets that erase exactly the checked rows.

    All rows of a pattern → the whole pattern (its text vanishes from the file); both polarities of
    one scope → that scope; otherwise one target per row.
    """
    on = {r.key for r in checked}
    out: list[Target] = []
    by_pattern: dict[tuple[str, str], list[ScopeRow]] = {}
    for r in every:
        by_pattern.setdefault((r.preference_type, r.pattern), []).append(r)
    for (ptype, pattern), rows in by_pattern.items():
        ticked = [r for r in rows if r.key in on]
        if not ticked:
            continue
        if len(ticked) == len(rows):
            out.append(Target(ptype, pattern))
            continue
        by_scope: dict[str | None, list[ScopeRow]] = {}
        for r in rows:
            by_scope.setdefault(r.project_id, []).append(r)
        for pid, srows in by_scope.items():
            sticked = [r for r in srows if r.key in on]
            if not sticked:
                continue
            if len(sticked) == len(srows) and len(srows) > 1:
                out.append(Target(ptype, pattern, project_id=pid, global_only=pid is None))
            else:
                out.extend(r.target() for r in sticked)
    return out


def scope_of(project_id: str | None) -> str:
    return scope_for(project_id)

"""Run a retrieval against the store: gates, candidates in SQL, the pure engine, the recorded trace."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, exists, func, insert, select, update
from sqlalchemy.orm import Session, aliased

from model.constants import INJECTION_THRESHOLD, Mode, Origin, Status, Tier
from model.records import DiagEvent, PrefState, RetrievalResult
from model.tables import Preference, Retrieval, RetrievalEvent
from services import controls
from services.clock import DAY_MS
from services.derivation import ensure_current, state_from_json
from services.engine.block import build_block, estimate_tokens
from services.engine.retrieve import Gates, retrieve
from services.store import Store

INJECTING_ORIGINS = frozenset({Origin.DAEMON, Origin.CLI})


@dataclass(frozen=True)
class RetrievalOutcome:
    result: RetrievalResult
    block: str
    tokens: int
    mode: Mode
    retrieval_id: int | None

    def as_json(self) -> dict[str, Any]:
        def pref(p: PrefState) -> dict[str, Any]:
            return {
                "scope": p.scope,
                "preference_type": p.preference_type,
                "pattern": p.pattern,
                "polarity": str(p.polarity),
                "strength": round(p.strength, 6),
                "confidence": str(p.confidence),
            }

        r = self.result
        return {
            "positives": [pref(p) for p in r.positives],
            "negatives": [pref(p) for p in r.negatives],
            "project_overrides": [pref(p) for p in r.project_overrides],
            "events": [e.as_json() for e in r.events],
            "duration_ms": round(r.duration_ms, 3),
            "empty_reason": r.empty_reason,
            "tokens": self.tokens,
            "retrieval_id": self.retrieval_id,
        }


def candidates(
    session: Session, user_id: str, project_id: str | None, now: int
) -> tuple[list[PrefState], dict[str, int]]:
    """The engine's input records (parsed fold states) and the count of rows SQL left out."""
    texts, excluded = candidate_rows(session, user_id, project_id, now)
    return [state_from_json(s) for s in texts], excluded


def candidate_rows(
    session: Session, user_id: str, project_id: str | None, now: int
) -> tuple[list[str], dict[str, int]]:
    """Records the engine needs: eligible globals, the project's records, and globals they hide.

    Filtering uses the stored evaluation, valid as a superset when it is not later than ``now``
    (decay only lowers a record); rows evaluated after ``now`` are always loaded and re-evaluated.
    """
    scopes = ["global"] + ([f"project:{project_id}"] if project_id else [])
    eligible = (
        (Preference.status == str(Status.STABLE))
        & (Preference.strength >= INJECTION_THRESHOLD)
        & (Preference.confidence != str(Tier.LOW))
        & (Preference.evaluated_at <= now)
    ) | (Preference.evaluated_at > now)
    q = select(Preference.id, Preference.state).where(
        Preference.user_id == user_id, Preference.scope == "global", eligible
    )
    rows: dict[int, str] = dict(session.execute(q).all())
    if project_id:
        proj = f"project:{project_id}"
        rows.update(
            session.execute(
                select(Preference.id, Preference.state).where(
                    Preference.user_id == user_id, Preference.scope == proj
                )
            ).all()
        )
        p2 = aliased(Preference)
        hidden = select(Preference.id, Preference.state).where(
            Preference.user_id == user_id,
            Preference.scope == "global",
            exists().where(
                p2.user_id == user_id,
                p2.scope == proj,
                p2.preference_type == Preference.preference_type,
                p2.pattern == Preference.pattern,
            ),
        )
        rows.update(session.execute(hidden).all())
    total = int(
        session.scalar(
            select(func.count())
            .select_from(Preference)
            .where(Preference.user_id == user_id, Preference.scope.in_(scopes))
        )
        or 0
    )
    excluded = {"not_eligible": total - len(rows)} if total > len(rows) else {}
    return list(rows.values()), excluded


def _event_row(retrieval_id: int, ordinal: int, e: DiagEvent) -> dict[str, Any]:
    ptype = pattern = None
    if e.preference_key:
        parts = e.preference_key.split("/")
        if len(parts) >= 4:
            ptype, pattern = parts[-3], parts[-2]
    elif isinstance(e.fields.get("pattern"), str):
        pattern = e.fields["pattern"]
    return {
        "retrieval_id": retrieval_id,
        "ordinal": ordinal,
        "type": e.type,
        "stage": e.stage,
        "preference_key": e.preference_key,
        "preference_type": ptype,
        "pattern": pattern,
        "fields": json.dumps(e.fields, ensure_ascii=False, sort_keys=True, default=str),
        "trace": e.trace,
    }


def record(
    session: Session,
    user_id: str,
    outcome_result: RetrievalResult,
    *,
    block: str,
    tokens: int,
    mode: Mode,
    origin: Origin,
    types: Sequence[str] | None,
    now: int,
) -> int:
    r = outcome_result
    kept = [*r.positives, *r.negatives]
    row = Retrieval(
        user_id=user_id,
        at=now,
        origin=str(origin),
        project_id=r.project_id,
        mode=str(mode),
        requested_types=json.dumps(list(types)) if types else None,
        duration_ms=r.duration_ms,
        kept_positive=len(r.positives),
        kept_negative=len(r.negatives),
        kept_high=sum(1 for p in kept if p.confidence is Tier.HIGH),
        kept_medium=sum(1 for p in kept if p.confidence is Tier.MEDIUM),
        kept_overrides=len(r.project_overrides),
        token_estimate=tokens,
        block_sha256=hashlib.sha256(block.encode()).hexdigest(),
        empty_reason=r.empty_reason,
    )
    session.add(row)
    session.flush()
    rid = int(row.id)
    if r.events:
        session.execute(insert(RetrievalEvent), [_event_row(rid, i, e) for i, e in enumerate(r.events)])
    if origin in INJECTING_ORIGINS:
        for p in kept:
            session.execute(
                update(Preference)
                .where(
                    Preference.user_id == user_id,
                    Preference.scope == p.scope,
                    Preference.preference_type == p.preference_type,
                    Preference.pattern == p.pattern,
                    Preference.polarity == str(p.polarity),
                )
                .values(last_injected_at=now)
            )
    return rid


def prune_diagnostics(session: Session, user_id: str, now: int) -> int:
    days = controls.get_settings(session, user_id).diagnostics_retention_days
    cutoff = now - days * DAY_MS
    res = session.execute(delete(Retrieval).where(Retrieval.user_id == user_id, Retrieval.at < cutoff))
    return int(getattr(res, "rowcount", 0) or 0)


def run(
    store: Store,
    user_id: str,
    *,
    project_id: str | None,
    now: int,
    mode: Mode = Mode.GENERATION,
    types: Sequence[str] | None = None,
    origin: Origin = Origin.CLI,
    dry_run: bool = False,
    overrides: _WhatIf | None = None,
) -> RetrievalOutcome:
    """Retrieve and build the block; record it (with its stage events) unless ``dry_run``."""
    ensure_current(store, user_id, now)
    with store.read() as session:
        g = controls.using_gate(session, user_id, project_id, now)
        states, excluded = candidates(session, user_id, project_id, now)
    gates = Gates(
        memory_enabled=g.memory_enabled, using_paused=g.using_paused, project_use_memory=g.project_use_memory
    )
    if overrides is not None:
        states, gates = overrides.apply(states, gates)
    result = retrieve(
        states, project_id=project_id, now=now, preference_types=types, gates=gates, excluded=excluded
    )
    block = build_block(result, mode)
    tokens = estimate_tokens(block)
    rid: int | None = None
    if not dry_run and not store.read_only:
        with store.write() as session:
            rid = record(
                session,
                user_id,
                result,
                block=block,
                tokens=tokens,
                mode=mode,
                origin=origin,
                types=types,
                now=now,
            )
            prune_diagnostics(session, user_id, now)
    return RetrievalOutcome(result=result, block=block, tokens=tokens, mode=mode, retrieval_id=rid)


@dataclass(frozen=True)
class _WhatIf:
    """Preview what-ifs: as if some preferences were forgotten, or the project disabled."""

    forgotten: frozenset[tuple[str, str]] = frozenset()  # (preference_type, pattern)
    project_disabled: bool = False
    memory_off: bool = False

    def apply(self, states: list[PrefState], gates: Gates) -> tuple[list[PrefState], Gates]:
        kept = [s for s in states if (s.preference_type, s.pattern) not in self.forgotten]
        if self.project_disabled or self.memory_off:
            gates = Gates(
                memory_enabled=gates.memory_enabled and not self.memory_off,
                using_paused=gates.using_paused,
                project_use_memory=gates.project_use_memory and not self.project_disabled,
            )
        return kept, gates


WhatIf = _WhatIf


def describe_empty(reason: str | None) -> str:
    return {
        None: "",
        "memory_disabled": "Creative memory is off, so nothing is injected.",
        "memory_paused": "Using memory is paused, so nothing is injected until the pause ends.",
        "project_memory_disabled": "This project ignores global memory, so nothing is injected.",
        "nothing_above_threshold": "No preference is strong and stable enough to inject yet.",
    }.get(reason, f"Nothing is injected ({reason}).")

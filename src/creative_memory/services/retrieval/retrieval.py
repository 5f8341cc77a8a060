"""Run a retrieval against the store: gates, candidates in SQL, the pure engine, the recorded trace."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.orm import Session

from creative_memory.model.constants import Mode, Origin, scope_for
from creative_memory.model.records import PrefState, RetrievalResult
from creative_memory.model.tables import Preference
from creative_memory.services.common.sentence import Sentence
from creative_memory.services.controls import controls
from creative_memory.services.controls.notes import notes_enabled
from creative_memory.services.derivation.cache_state import is_current
from creative_memory.services.derivation.derivation import ensure_current, state_from_json
from creative_memory.services.engine.block import build_block, estimate_tokens
from creative_memory.services.engine.context import ContextRatings
from creative_memory.services.engine.retrieve import (
    Gates,
    NeedDeeper,
    Scan,
    closed_gate,
    furthest,
    retrieve,
    scope_switches,
)
from creative_memory.services.retrieval import context_ratings
from creative_memory.services.retrieval.candidates import load as load_candidates
from creative_memory.services.retrieval.reasons import empty_block, empty_block_sentence
from creative_memory.services.retrieval.request import RetrievalRequest as RetrievalRequest
from creative_memory.services.retrieval.request import WhatIf as WhatIf
from creative_memory.services.retrieval.retrieval_memo import data_version, horizon, recall, remember, timed
from creative_memory.services.retrieval.retrieval_record import INJECTING_ORIGINS as INJECTING_ORIGINS
from creative_memory.services.retrieval.retrieval_record import erased_since_read
from creative_memory.services.retrieval.retrieval_record import prune_diagnostics as prune_diagnostics
from creative_memory.services.retrieval.retrieval_record import record as record
from creative_memory.services.store.store import Store, raw_connection

log = logging.getLogger("cm.retrieval")


def _pref_json(p: PrefState) -> dict[str, Any]:
    return {
        "scope": p.scope,
        "preference_type": p.preference_type,
        "pattern": p.pattern,
        "polarity": str(p.polarity),
        "strength": round(p.strength, 6),
        "confidence": str(p.confidence),
    }


@dataclass(frozen=True)
class RetrievalOutcome:
    result: RetrievalResult
    block: str
    tokens: int
    mode: Mode
    retrieval_id: int | None
    #: whether the user asked for memory notes, when ``run`` was asked to read it (``read_notes``)
    notes_enabled: bool | None = None

    def kept_json(self) -> dict[str, list[dict[str, Any]]]:
        """The kept records and the project overrides, as ``as_json`` gives them (what the host
        answers; the stage events stay in the store)."""
        r = self.result
        return {
            "positives": [_pref_json(p) for p in r.positives],
            "negatives": [_pref_json(p) for p in r.negatives],
            "project_overrides": [_pref_json(p) for p in r.project_overrides],
        }

    def as_json(self) -> dict[str, Any]:
        r = self.result
        return {
            **self.kept_json(),
            "events": [e.as_json() for e in r.events],
            "duration_ms": round(r.duration_ms, 3),
            "empty_reason": r.empty_reason,
            "tokens": self.tokens,
            "retrieval_id": self.retrieval_id,
        }


def candidates(db: Session | sqlite3.Connection, user_id: str, project_id: str | None) -> list[PrefState]:
    """Every record of the scopes, from the fold states (exact at any ``now``, and slow).

    The reference read: used for a what-if forget (the forgotten records' places go to records
    ranked below them), and by the tests that check ``services.retrieval.candidates.load`` against it.
    """
    scopes = ["global"] + ([scope_for(project_id)] if project_id else [])
    rows = raw_connection(db).execute(
        f"SELECT state FROM {Preference.__tablename__} WHERE user_id = ? "
        f"AND scope IN ({','.join('?' * len(scopes))})",
        (user_id, *scopes),
    )
    return [state_from_json(t) for (t,) in rows]


def bounded_retrieve(
    db: Session | sqlite3.Connection,
    user_id: str,
    project_id: str | None,
    *,
    now: int,
    gates: Gates,
    preference_types: Sequence[str] | None = None,
    memo: dict[object, object] | None = None,
    ratings: ContextRatings | None = None,
    mode: str = "generation",
) -> RetrievalResult:
    """The engine over the bounded read (``services.retrieval.candidates``), read deeper where it asks.
    ``memo``: the store's (``Store.memo``), where the read keeps its counts between calls.
    ``ratings``: what ratings change in this project and ``mode`` (decision 0086)."""
    if closed_gate(gates, project_id) is not None:  # nothing to read
        return retrieve((), project_id=project_id, now=now, preference_types=preference_types, gates=gates)
    start = time.perf_counter()
    con = raw_connection(db)
    # The same question in a snapshot where nothing it depends on has changed: the last answer
    # (services.retrieval.retrieval_memo, decision 0057).
    question = (
        user_id, project_id, None if preference_types is None else tuple(preference_types), gates,
        ratings, mode if ratings else None,
    )  # fmt: skip
    version = data_version(con) if memo is not None else 0
    if memo is not None and (kept := recall(memo, con, question, version, now)) is not None:
        return timed(kept, (time.perf_counter() - start) * 1000.0)
    use_global, use_project = scope_switches(gates, project_id)
    # How deep the last retrieval of the same question needed each group (``Reader.depths``): the
    # groups it had to read deeper are read that deep at once (the engine then runs once instead
    # of twice), and those the stages did not look far into are read less deep. Only a hint:
    # another depth changes no result (the engine asks again when a read is not deep enough).
    hint_key = ("depths", user_id, project_id, tuple(preference_types or ()), use_global, use_project)
    hinted = memo.get(hint_key) if memo is not None else None
    depths = hinted if isinstance(hinted, dict) else None
    reader = load_candidates(
        con,
        user_id,
        project_id,
        now,
        preference_types,
        use_global=use_global,
        use_project=use_project,
        memo=memo,
        depths=depths,
    )
    asked: set[tuple[str, str, str]] = set()
    scans: list[Scan] | None = [] if memo is not None else None
    while True:
        c = reader.candidates()
        if scans is not None:
            scans.clear()
        try:
            result = retrieve(
                c.records,
                project_id=project_id,
                now=now,
                preference_types=preference_types,
                gates=gates,
                excluded=c.excluded,
                unloaded=c.unloaded,
                horizons=c.horizons,
                scans=scans,
                ratings=ratings,
                mode=mode,
            )
        except NeedDeeper as more:
            asked.update(more.groups)
            reader.deepen(more.groups)
            continue
        if scans is not None and memo is not None and (depths is None or asked):
            # The first time, or when the hint was too shallow somewhere: learn again how far the
            # stages looked (a hint that only grew would read ever deeper as the store changes).
            memo[hint_key] = reader.depths(*furthest(scans), asked)
        if memo is not None:
            until = horizon(con, user_id, reader.scopes, now, reader.stale, reader.future)
            remember(memo, con, question, version, now, result, until)
        return result


def _retrieve_in(
    con: sqlite3.Connection,
    user_id: str,
    project_id: str | None,
    now: int,
    types: Sequence[str] | None,
    overrides: WhatIf | None,
    memo: dict[object, object] | None = None,
    *,
    temporary: bool = False,
    mode: str = "generation",
) -> RetrievalResult:
    if temporary:  # before any switch is read: a temporary conversation reads nothing of memory
        return retrieve(
            (), project_id=project_id, now=now, preference_types=types, gates=Gates(temporary=True)
        )
    g = controls.using_gate(con, user_id, project_id, now)
    gates = Gates(
        memory_enabled=g.memory_enabled,
        using_paused=g.using_paused,
        project_use_memory=g.project_use_memory,
        project_use_global=g.project_use_global,
    )
    if overrides is not None:
        gates = overrides.apply_gates(gates)
    if closed_gate(gates, project_id) is not None:
        return retrieve((), project_id=project_id, now=now, preference_types=types, gates=gates)
    ratings = context_ratings.load(con, user_id, project_id, mode, now)
    if overrides is not None and overrides.forgotten:
        # A what-if forget: the forgotten records' places go to records ranked below them, so
        # every record is read.
        return retrieve(
            overrides.apply(candidates(con, user_id, project_id)),
            project_id=project_id,
            now=now,
            preference_types=types,
            gates=gates,
            ratings=ratings,
            mode=mode,
        )
    return bounded_retrieve(
        con, user_id, project_id, now=now, gates=gates, preference_types=types, memo=memo,
        ratings=ratings, mode=mode,
    )  # fmt: skip


def run(
    store: Store,
    request: RetrievalRequest,
    *,
    still_wanted: Callable[[], bool] | None = None,
) -> RetrievalOutcome:
    """Retrieve and build the block; record it (with its stage events) unless ``request.dry_run``.

    ``still_wanted``, if given, is asked just before recording: a caller that has stopped waiting
    (the host's per-call deadline) gets its answer, but nothing is recorded as injected.

    The request's ids and types were checked and normalised when it was made
    (:class:`RetrievalRequest`). With ``read_notes``, the memory-notes setting
    (``notes.notes_enabled``) is read in the same read transaction as the gates (the host asks on
    every call; a transaction of its own cost more than the statement)."""
    user_id, project_id, now, types = request.user_id, request.project_id, request.now, request.types
    # One read transaction on the store's kept connection when the cache is current (the usual
    # case): the check, the gates and the records come from the same snapshot.
    result: RetrievalResult | None = None
    notes_on: bool | None = None
    for first in (True, False):
        with store.snapshot() as con:
            if not (first and not store.read_only and not request.temporary and not is_current(con, user_id)):
                result = _retrieve_in(
                    con,
                    user_id,
                    project_id,
                    now,
                    types,
                    request.whatif,
                    store.memo,
                    temporary=request.temporary,
                    mode=str(request.mode),
                )
                if request.read_notes:
                    notes_on = notes_enabled(con, user_id)
        if result is not None:
            break
        ensure_current(store, user_id, now if request.derive_at is None else request.derive_at)
    assert result is not None
    block = build_block(result, request.mode)
    tokens = estimate_tokens(block)
    outcome = RetrievalOutcome(
        result=result,
        block=block,
        tokens=tokens,
        mode=request.mode,
        retrieval_id=None,
        notes_enabled=notes_on,
    )
    if not request.dry_run and not store.read_only and (still_wanted is None or still_wanted()):
        # The kept write connection: no connection to open per call (services.store.hot_write).
        with store.hot_write() as con:
            rid = record_outcome(con, user_id, outcome, origin=request.origin, types=types, now=now)
        if rid is None:
            log.info("a retrieval was not recorded: a record it read was erased meanwhile")
        outcome = replace(outcome, retrieval_id=rid)
    return outcome


def record_outcome(
    con: sqlite3.Connection,
    user_id: str,
    outcome: RetrievalOutcome,
    *,
    origin: Origin,
    types: Sequence[str] | None,
    now: int,
    as_id: int | None = None,
) -> int | None:
    """Inside a write transaction: record a retrieval (``retrieval_record.record``, under ``as_id``
    when its answer gave one) and prune the user's diagnostics past their retention.

    Not recorded (None) when a record the retrieval read has been erased since: its read came
    before a forget or a reset that has committed meanwhile (serve records after its answer is
    out), and recording it would write the erased names back into the diagnostics after the
    erasure's receipt was verified."""
    if erased_since_read(con, user_id, outcome.result):
        return None
    rid = record(
        con,
        user_id,
        outcome.result,
        block=outcome.block,
        tokens=outcome.tokens,
        mode=outcome.mode,
        origin=origin,
        types=types,
        now=now,
        as_id=as_id,
    )
    prune_diagnostics(con, user_id, now)
    return rid


def describe_empty(reason: str | None, numbers: Mapping[str, Any] | None = None) -> str:
    """Why a block is empty, in one sentence (``services.retrieval.reasons`` words every reason)."""
    return empty_block_sentence(reason, numbers)


def explain_empty(reason: str | None, numbers: Mapping[str, Any] | None = None) -> Sentence | None:
    """:func:`describe_empty` as a sentence the window translates (None: the block is not empty)."""
    return empty_block(reason, numbers)

"""What the Open Design daemon calls through ``od-memory serve``: retrieve, ingest, rate, decay, status,
ping, setup.

Transport-free: each method takes the request's ``params`` (decoded JSON, checked against the
method's model in ``services.rpc.params``) and returns a JSON-ready dict, or raises a :class:`CreativeMemoryError` whose kind and sentence the transport
passes on. The store is opened on the first call that needs it and kept open (its read
connection too, ``Store.snapshot``), so a retrieval costs milliseconds; settings, pauses and
project switches are read afresh on every call. See docs/decisions/0013-host-protocol.md.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from creative_memory import __version__
from creative_memory.model.constants import MAX_PAYLOAD_BYTES, Actor, EventSource, Mode, Origin
from creative_memory.model.events import EventIn
from creative_memory.model.inert import NOT_UNICODE
from creative_memory.services.common.errors import CreativeMemoryError, InvalidInput, ReadOnly
from creative_memory.services.common.naming import optional_project
from creative_memory.services.context import Context, check_user
from creative_memory.services.controls import controls, notes
from creative_memory.services.engine.gates import TEMPORARY
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.request import RetrievalRequest
from creative_memory.services.retrieval.retrieval_record import ReservedIds, read_ahead
from creative_memory.services.rpc.params import (
    MAX_EVENTS_PER_CALL as MAX_EVENTS_PER_CALL,
)
from creative_memory.services.rpc.params import (
    DecayParams,
    IngestParams,
    PingParams,
    RateParams,
    RetrieveParams,
    SetupParams,
    StatusParams,
    parse,
)
from creative_memory.services.store.store import Store
from creative_memory.services.store.store_open import MigrationNeeded

log = logging.getLogger("cm.serve")

#: how long ``decay`` writes before it answers (the Node client waits 2 s for it)
DECAY_ANSWER_S = 0.5
GATES = frozenset({"temporary_conversation", "memory_disabled", "memory_paused", "project_memory_disabled"})


class NeedsSetup(CreativeMemoryError):
    """serve was started without the user's consent to add (or upgrade) our tables in the store."""

    exit_code = 4
    kind = "needs_setup"


def setup_sentence(exc: MigrationNeeded) -> str:
    """What the first use (or an upgrade) of the daemon's store would do, said before it happens."""
    try:
        size = sum(
            f.stat().st_size for f in (exc.path, exc.path.with_name(exc.path.name + "-wal")) if f.exists()
        )
        copy = f"a backup copy of the store ({size / 1_000_000:.1f} MB) beside it"
    except OSError:
        copy = "a backup copy of the store beside it"
    what = (
        "does not hold Creative Memory's tables yet. Its first use adds them (creative_memory_*)"
        if exc.current is None
        else f"holds Creative Memory's tables at schema {exc.current}. Using it upgrades them to {exc.latest}"
    )
    return (
        f"The store {exc.path} {what} after writing {copy}; Open Design's tables are not changed. "
        "serve does not do this without the user's consent: agree in Open Design (the setup call of "
        "creative memory) or open the Creative Memory window, which asks first."
    )


class Expired(CreativeMemoryError):
    """The caller's deadline passed before the work was done; nothing was recorded."""

    exit_code = 1
    kind = "expired"


def _expired(deadline: float | None) -> bool:
    return deadline is not None and time.time() * 1000.0 > deadline


def _outcomes(
    store: Store, valid: list[EventIn], keys: list[tuple[str, str]], before: set[tuple[str, str]], now: int
) -> list[dict[str, Any]]:
    """Each event's fate, read back after the ingest: stored before (or twice in the batch) →
    duplicate; stored now → accepted; otherwise ignored, because of the learning gate (its reason)
    or else a blocked pattern."""
    from creative_memory.services.ingest.ingest import stored_event_ids

    with store.read() as session:
        after = stored_event_ids(session, keys)
        gates = {user: controls.learning_gate(session, user, now) for user, _ in keys}
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for ev, key in zip(valid, keys, strict=True):
        if key in before or key in seen:
            out.append({"event_id": ev.event_id, "outcome": "duplicate"})
        elif key in after:
            out.append({"event_id": ev.event_id, "outcome": "accepted"})
        else:
            reason = gates[key[0]].reason_for(ev.project_id) or "blocked"
            out.append({"event_id": ev.event_id, "outcome": "ignored", "reason": reason})
        seen.add(key)
    return out


@dataclass(frozen=True)
class _Pending:
    """A retrieval answered and not yet recorded (``Host.settle`` records it)."""

    rid: int
    outcome: retrieval.RetrievalOutcome
    request: RetrievalRequest


class Host:
    """The methods of the host protocol over one context (data dir, user, clock)."""

    def __init__(
        self, ctx: Context, *, record_after_answer: bool = False, ask_before_setup: bool = False
    ) -> None:
        self.ctx = ctx
        #: serve: a store without our tables (or with older ones) is set up only after ``setup``
        self._ask = ask_before_setup
        self._agreed = False
        #: serve: a retrieval is answered first and recorded by :meth:`settle` (decision 0057)
        self._later = record_after_answer
        self._ids = ReservedIds()
        self._pending: _Pending | None = None
        #: the types the daemon last asked a retrieval of, per (user, project)
        self._asked: dict[tuple[str, str | None], Sequence[str] | None] = {}
        #: the question an ingest changed the answer to, prepared by :meth:`settle`
        self._next: tuple[str, str | None] | None = None
        #: the open store's damage, looked for once before its first recording (None: not yet)
        self._damage: tuple[Store, str | None] | None = None
        self.methods: dict[str, Callable[[Any], dict[str, Any]]] = {
            "ping": self.ping,
            "status": self.status,
            "retrieve": self.retrieve,
            "ingest": self.ingest,
            "decay": self.decay,
            "setup": self.setup,
            "rate": self.rate,
        }

    def store(self) -> Store:
        # The daemon owns app.sqlite: serve waits for it instead of creating it. A store that is
        # missing now is opened by the first call after it appears.
        try:
            store = self.ctx.store(create=False, migrate=self._agreed or not self._ask)
        except MigrationNeeded as exc:
            raise NeedsSetup(setup_sentence(exc)) from exc
        # A recorded retrieval per generation: the log is checkpointed beside the calls, never
        # inside one (services.store.hot_write).
        store.background_checkpoints()
        return store

    def _user(self, user: str | None) -> str:
        return self.ctx.user if user is None else check_user(user)

    def no_such_method(self, method: str) -> InvalidInput:
        names = ", ".join(sorted(self.methods))
        return InvalidInput(f"There is no method '{method}'; the methods are {names}.")

    def call(self, method: str, params: Any) -> dict[str, Any]:
        fn = self.methods.get(method)
        if fn is None:
            raise self.no_such_method(method)
        return fn(params)

    # ------------------------------------------------------------------ methods
    def ping(self, params: Any) -> dict[str, Any]:
        parse(PingParams, "ping", params)
        return {"pong": True, "version": __version__}

    def setup(self, params: Any) -> dict[str, Any]:
        """Add or upgrade our tables, announced and backed up, once the user agreed (``consent``)."""
        p = parse(SetupParams, "setup", params)
        if p.consent is not True:
            raise InvalidInput("setup needs consent: true, sent only after the user agreed to it.")
        self._agreed = True
        seen = len(self.ctx.notes)
        store = self.store()
        return {"notices": self.ctx.notes[seen:], "store": str(store.path), "schema": store.schema.current}

    def status(self, params: Any) -> dict[str, Any]:
        p = parse(StatusParams, "status", params)
        store = self.store()
        s = controls.status(store, self._user(p.user_id), self.ctx.now()).as_json()
        s["store"] = {"path": str(store.path), "read_only": store.read_only, "schema": store.schema.current}
        return s

    def retrieve(self, params: Any) -> dict[str, Any]:
        p = parse(RetrieveParams, "retrieve", params)
        # The ids and the types checked and normalised (the stored NFC form, or a sentence).
        request = RetrievalRequest(
            p.user_id if p.user_id is not None else self.ctx.user,
            project_id=p.project_id,
            now=self.ctx.now(),
            mode=Mode(p.mode),
            types=p.types,
            origin=Origin.DAEMON,
            dry_run=p.dry_run,
            read_notes=True,  # in the retrieval's own read transaction
            temporary=p.temporary,
        )
        deadline = p.deadline_ms
        if _expired(deadline):
            raise Expired("The caller's deadline passed before this retrieval started; nothing was recorded.")
        store = self.store()
        if not request.temporary:  # what a temporary conversation asks prepares nothing
            self._asked[(request.user_id, request.project_id)] = request.types
        damaged = None if request.dry_run or store.read_only else self._damaged(store)
        if damaged is not None:  # answered, never recorded on top of damage
            request = replace(request, dry_run=True)
        later = self._later and not request.dry_run and not store.read_only
        outcome = retrieval.run(
            store,
            replace(request, dry_run=True) if later else request,
            still_wanted=None if deadline is None else (lambda: not _expired(deadline)),
        )
        rid = outcome.retrieval_id
        if later and not _expired(deadline):
            rid = self._take_id(store)
            self._pending = _Pending(rid, outcome, request)
        data = outcome.kept_json()
        result = outcome.result
        answer = {
            "block": outcome.block,
            "tokens": outcome.tokens,
            "retrieval_id": rid,
            "recorded": rid is not None,
            "gate": result.empty_reason if result.empty_reason in GATES else None,
            "empty_reason": None if outcome.block else (result.empty_reason or "nothing_above_threshold"),
            "kept": data["positives"] + data["negatives"],
            "project_overrides": data["project_overrides"],
            "project_id": request.project_id,
            "mode": str(request.mode),
            "duration_ms": round(result.duration_ms, 3),
            "note": notes.note_text(result) if outcome.notes_enabled else None,
        }
        if damaged is not None:
            from creative_memory.services.store.integrity import damaged_sentence

            answer["damaged"] = damaged_sentence("retrieve", damaged)
        return answer

    def ingest(self, params: Any) -> dict[str, Any]:
        p = parse(IngestParams, "ingest", params)
        raw = p.events
        from creative_memory.services.ingest.ingest import (
            TOO_LARGE,
            beside_pages_bytes,
            ignore_events,
            ingest_events,
            stored_event_ids,
            validate_event,
        )

        valid: list[EventIn] = []
        outcomes: list[dict[str, Any] | None] = []
        for i, obj in enumerate(raw):
            eid = obj.get("event_id") if isinstance(obj, dict) else None
            try:
                try:  # each event judged alone, whatever its text (decision 0074)
                    size = beside_pages_bytes(obj)
                except UnicodeEncodeError:
                    raise InvalidInput(NOT_UNICODE) from None
                if size > MAX_PAYLOAD_BYTES:
                    raise InvalidInput(TOO_LARGE)
                valid.append(validate_event(obj))
                outcomes.append(None)
            except InvalidInput as exc:
                outcomes.append({"index": i, "event_id": eid, "outcome": "rejected", "reason": str(exc)})
        report = None
        stored: Iterator[dict[str, Any]] = iter(())
        if valid and p.temporary:  # checked as any event, then counted, never stored (decision 0087)
            report = ignore_events(
                self.store(), valid, TEMPORARY, default_user=self.ctx.user, now=self.ctx.now()
            )
            stored = iter(
                {"event_id": ev.event_id, "outcome": "ignored", "reason": TEMPORARY} for ev in valid
            )
        elif valid:
            store, now = self.store(), self.ctx.now()
            keys = [(ev.user_id or self.ctx.user, ev.event_id) for ev in valid]
            with store.read() as session:
                before = stored_event_ids(session, keys)
            report = ingest_events(
                store, valid, default_user=self.ctx.user, now=now, source=str(EventSource.DAEMON),
                blocks=self.ctx.blocks,
            )  # fmt: skip
            stored = iter(_outcomes(store, valid, keys, before, now))
            if report.accepted:
                last = valid[-1]
                self._next = (last.user_id or self.ctx.user, last.project_id)
        events = [o if o is not None else {"index": i, **next(stored)} for i, o in enumerate(outcomes)]
        return {
            "accepted": report.accepted if report else 0,
            "duplicates": report.duplicates if report else 0,
            "ignored": dict(report.ignored) if report else {},
            "rejected": sum(1 for o in outcomes if o is not None),
            "events": events,
        }

    def rate(self, params: Any) -> dict[str, Any]:
        """A person's word on one injection, as a recall_rating event (decision 0088)."""
        p = parse(RateParams, "rate", params)
        from creative_memory.services.retrieval.rating import rate

        r = rate(
            self.store(),
            self._user(p.user_id),
            p.retrieval_id,
            p.outcome,
            now=self.ctx.now(),
            actor=Actor.HOST,
            preference_type=p.preference_type,
            pattern=p.pattern,
            polarity=p.polarity,
            session_id=p.session_id,
            event_id=p.event_id,
            blocks=self.ctx.blocks,
        )
        return r.as_json()

    def _take_id(self, store: Store) -> int:
        rid = self._ids.take()
        if rid is None:  # the first recorded retrieval: its id set aside before the answer
            with store.hot_write() as con:
                self._ids.reserve(con)
            rid = self._ids.take()
        assert rid is not None
        return rid

    def settle(self) -> None:
        """What serve does once an answer is out, before it reads the next request: record the
        retrieval it answered, then prepare the next one if an ingest came (decision 0057), and set
        the next recorded retrieval's id aside if none is."""
        self._record_answered()
        self._prepare()
        self._reserve_ahead()
        self._look_for_damage()

    def _reserve_ahead(self) -> None:
        """Set an id aside for the next recorded retrieval when none is, once the store is open
        (never opening it: before the user's consent there is nothing to write to). The daemon's
        client warms serve up with dry runs; without this, the first generation after a start
        waited for the reservation's write transaction (8-15 ms at M, with the kept write
        connection's first use). Costs one row of ``sqlite_sequence``; an id left unused when the
        process ends is a gap, as a rolled-back insert leaves."""
        store = self.ctx.open_store
        if not self._later or self._ids.left() or store is None or store.read_only:
            return
        try:
            with store.hot_write() as con:
                self._ids.reserve(con)
        except CreativeMemoryError as exc:
            log.debug("no id was set aside ahead: %s", exc)

    def _look_for_damage(self) -> None:
        """Look for the open store's damage between calls, once (the whole-file check takes about
        150 ms on the M demo store): after the client's warm-up dry runs, so that the first
        generation does not wait for it (it used to run inside that generation's retrieval). Never
        opens a store; a failure is left for the first recording to meet."""
        store = self.ctx.open_store
        if not self._later or store is None or store.read_only:
            return
        if self._damage is not None and self._damage[0] is store:
            return
        try:
            self._damaged(store)
        except CreativeMemoryError as exc:
            log.debug("the store's damage was not looked for ahead: %s", exc)

    def _record_answered(self) -> None:
        """Record the retrieval answered last under the id its answer gave. A failure is logged:
        the daemon has its block, and the next call meets the cause again."""
        p, self._pending = self._pending, None
        if p is None:
            return
        asked = p.request
        how: dict[str, Any] = {"origin": asked.origin, "types": asked.types, "now": asked.now}
        try:
            store = self.store()
            try:
                with store.hot_write() as con:
                    rid = retrieval.record_outcome(con, asked.user_id, p.outcome, as_id=p.rid, **how)
                    if not self._ids.left():  # the next call's id, in the same transaction
                        self._ids.reserve(con)
            except sqlite3.IntegrityError:  # its id is taken: the table was emptied and renumbered
                self._ids.drop()
                with store.hot_write() as con:
                    rid = retrieval.record_outcome(con, asked.user_id, p.outcome, **how)
                if rid is not None:
                    log.warning("the retrieval answered as %d was recorded as %d", p.rid, rid)
            if rid is None:
                log.info(
                    "the retrieval answered as %d was not recorded: a record it read was erased since", p.rid
                )
        except CreativeMemoryError as exc:
            log.warning("the retrieval answered as %d was not recorded: %s", p.rid, exc)

    def _damaged(self, store: Store) -> str | None:
        """The store's damage, looked for once per open store, before its first recorded retrieval
        (a whole-file check: about 200 ms on the M demo store, 8 ms on a small one). A retrieval reads
        a few pages and answers well from a store damaged elsewhere, but is not recorded on top of
        the damage: its answer says ``recorded: false`` and why (``damaged``)."""
        if self._damage is None or self._damage[0] is not store:
            from creative_memory.services.store.integrity import damage

            self._damage = (store, damage(store))
            if self._damage[1] is not None:
                log.warning(
                    "the store is damaged (%s): retrievals are answered, not recorded", self._damage[1]
                )
        return self._damage[1]

    def _prepare(self) -> None:
        """After an answer has been sent, while the daemon generates: when an ingest changed the
        preferences, work out the next retrieval of the project it was about (a dry run, the
        types asked last time), so that the daemon's next ``retrieve`` finds it remembered
        (``services.retrieval.retrieval_memo``; docs/decisions/0057). A request that arrives meanwhile waits
        for it, and is then answered from it if it asks the same. Never fails a call: a store
        that cannot be read now is read by the next call, which says why."""
        if self._next is None:
            return
        (user, project), self._next = self._next, None
        try:
            project = optional_project(project)
            store = self.store()
            request = RetrievalRequest(
                user,
                project_id=project,
                now=self.ctx.now(),
                types=self._asked.get((user, project)),
                origin=Origin.DAEMON,
                dry_run=True,
            )
            outcome = retrieval.run(store, request)
            if not store.read_only:
                with store.snapshot() as con:
                    read_ahead(con, user, outcome.result)
        except CreativeMemoryError as exc:
            log.debug("the next retrieval was not prepared: %s", exc)

    def decay(self, params: Any) -> dict[str, Any]:
        """Decay and archival up to now, for at most :data:`DECAY_ANSWER_S`. A store left for
        months may have tens of thousands of records due (half a minute on the large store), and
        the daemon's retrievals wait behind whatever ``serve`` does: the answer says how many are
        ``remaining``, and the daemon's next ``decay`` goes on with them (the window, when it is
        opened, does the whole catch-up). Retrievals evaluate every record as of their own moment,
        so what they answer does not depend on it (docs/decisions/0061)."""
        p = parse(DecayParams, "decay", params)
        store = self.store()
        if store.read_only:
            raise ReadOnly(store.read_only_reason or "This store is read-only, so decay cannot be applied.")
        from creative_memory.services.derivation.decay import DecayRun

        t0 = time.perf_counter()
        run = DecayRun(store, self._user(p.user_id), self.ctx.now())  # which are due: on a cold disk, seconds
        counts = run.go(budget_s=max(0.0, DECAY_ANSWER_S - (time.perf_counter() - t0)))
        return {**counts.as_json(), "remaining": run.remaining}

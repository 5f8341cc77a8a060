"""A person's word on one injection: rate a recorded retrieval (decision 0088).

A rating is a raw event like any other — signal ``recall_rating``, with ``recall`` naming the
retrieval it answers, what was said of it (``helped``, ``too_much``, ``not_relevant``, ``missed``)
and the retrieval's mode; the preference a ``not_relevant`` or ``missed`` rating is about is its one
pattern, and a ``helped`` rating names what was injected. It goes through ingest (the wire model,
the learning gates, the blocklist), so it is forgotten with its pattern or its session, exported
and imported as every event is; the fold of events into preferences passes over it. The command
line, the window's Diagnostics and ``serve``'s ``rate`` all call :func:`rate`, which checks the
question against the recorded retrieval first: a retrieval that does not exist, a pattern it did
not inject (or already injected, for ``missed``) is refused in a sentence and nothing is stored.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from creative_memory.model.constants import RECALL_NAMING, RECALL_OUTCOMES, Actor, EventSource
from creative_memory.model.events import iso
from creative_memory.model.tables import Retrieval, RetrievalEvent
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.naming import valid_name
from creative_memory.services.controls import audit
from creative_memory.services.engine.block import human
from creative_memory.services.engine.gates import TEMPORARY
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.store.store import Store

#: how each outcome reads in the activity log and on the command line
OUTCOME_WORDS: dict[str, str] = {
    "helped": "helped",
    "too_much": "too much",
    "not_relevant": "not relevant here",
    "missed": "missed",
}
_SOURCES = {
    str(Actor.CLI): EventSource.CLI,
    str(Actor.GUI): EventSource.GUI,
    str(Actor.HOST): EventSource.DAEMON,
}

Kept = tuple[str, str, str]  # (preference_type, pattern, polarity)


@dataclass(frozen=True)
class RatedRetrieval:
    """What a rating can be about: one recorded retrieval and the preferences it injected."""

    retrieval_id: int
    project_id: str | None
    mode: str
    empty_reason: str | None
    kept: tuple[Kept, ...]


@dataclass(frozen=True)
class Rating:
    """A rating as stored (or kept out): its event, and why it was not stored when it was not."""

    retrieval_id: int
    outcome: str
    event_id: str
    stored: bool
    #: why the event was not stored: a learning gate's reason, ``blocked`` or ``duplicate``
    not_stored: str | None
    patterns: tuple[Kept, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "retrieval_id": self.retrieval_id,
            "outcome": self.outcome,
            "event_id": self.event_id,
            "stored": self.stored,
            "not_stored": self.not_stored,
            "patterns": [
                {"preference_type": t, "pattern": p, "polarity": pol} for t, p, pol in self.patterns
            ],
        }


def rated_retrieval(store: Store, user_id: str, retrieval_id: int) -> RatedRetrieval:
    """The recorded retrieval ``retrieval_id`` of ``user_id`` with what it injected, or InvalidInput."""
    if isinstance(retrieval_id, bool) or not isinstance(retrieval_id, int) or retrieval_id < 1:
        raise InvalidInput("A retrieval id is a whole number from 1 up, as Diagnostics lists it.")
    with store.read() as session:
        row = session.scalars(
            select(Retrieval).where(Retrieval.id == retrieval_id, Retrieval.user_id == user_id)
        ).first()
        if row is None:
            raise InvalidInput(
                f"There is no recorded retrieval {retrieval_id}; the Diagnostics tab and "
                "`od-memory diagnostics` list the retrievals there are. Nothing was rated."
            )
        keys = session.scalars(
            select(RetrievalEvent.preference_key)
            .where(RetrievalEvent.retrieval_id == retrieval_id, RetrievalEvent.type == "kept")
            .order_by(RetrievalEvent.ordinal)
        )
        kept = tuple(
            (ptype, pattern, polarity)
            for key in keys
            if key and key.count("/") >= 3
            for _scope, ptype, pattern, polarity in [key.rsplit("/", 3)]
        )
        return RatedRetrieval(int(row.id), row.project_id, str(row.mode), row.empty_reason, kept)


def _check(
    r: RatedRetrieval, outcome: str, named: tuple[str, str] | None, polarity: str | None
) -> tuple[Kept, ...]:
    """The patterns the rating's event carries, or InvalidInput saying why it cannot be given."""
    rid = r.retrieval_id
    if r.empty_reason == TEMPORARY:
        raise InvalidInput(
            f"Retrieval {rid} was for a temporary conversation, which memory neither uses nor learns "
            "from. Nothing was rated."
        )
    if outcome != "missed" and not r.kept:
        raise InvalidInput(
            f"Retrieval {rid} injected nothing, so it cannot be rated {OUTCOME_WORDS[outcome]}; "
            "only a missed preference can be named for it. Nothing was rated."
        )
    if outcome == "helped":
        return r.kept
    if named is None:
        return ()
    ptype, pattern = named
    injected = [k for k in r.kept if (k[0], k[1]) == named and (polarity is None or k[2] == polarity)]
    if outcome == "not_relevant":
        if not injected:
            raise InvalidInput(
                f"Retrieval {rid} did not inject {human(pattern)} ({human(ptype)}); only what it "
                "injected can be not relevant there. Nothing was rated."
            )
        return (injected[0],)
    want = polarity or "positive"
    if any(k[2] == want for k in injected):
        raise InvalidInput(
            f"Retrieval {rid} injected {human(pattern)} ({human(ptype)}) already, so it was not "
            "missed. Nothing was rated."
        )
    return ((ptype, pattern, want),)


def _named(outcome: str, preference_type: str | None, pattern: str | None) -> tuple[str, str] | None:
    if outcome in RECALL_NAMING:
        if preference_type is None or pattern is None:
            raise InvalidInput(
                f"A '{outcome}' rating names the preference it is about: its type and its pattern."
            )
        return valid_name(preference_type, "preference type"), valid_name(pattern, "pattern")
    if preference_type is not None or pattern is not None:
        raise InvalidInput(
            f"A '{outcome}' rating is about the whole injection and names no preference; "
            "name one with not_relevant or missed."
        )
    return None


def rate(
    store: Store,
    user_id: str,
    retrieval_id: int,
    outcome: str,
    *,
    now: int,
    actor: Actor | str,
    preference_type: str | None = None,
    pattern: str | None = None,
    polarity: str | None = None,
    session_id: str | None = None,
    event_id: str | None = None,
    blocks: BlockChecker | None = None,
) -> Rating:
    """Store one rating of a recorded retrieval as a ``recall_rating`` event, through ingest, and
    add it to the activity log (by the retrieval's id and the outcome: never a pattern's name).
    Bad input is refused in a sentence before anything is written."""
    if outcome not in RECALL_OUTCOMES:
        raise InvalidInput(
            f"{outcome!r} is not a rating; rate a retrieval helped, too_much, not_relevant or missed."
        )
    if polarity not in (None, "positive", "negative"):
        raise InvalidInput("polarity must be 'positive' or 'negative'.")
    named = _named(outcome, preference_type, pattern)
    r = rated_retrieval(store, user_id, retrieval_id)
    patterns = _check(r, outcome, named, polarity)
    if event_id is None:
        event_id = f"rating_{r.retrieval_id}_{outcome}_{now}"
        if named is not None:  # two preferences named in the same millisecond are two events
            event_id += "_" + hashlib.sha256("/".join(patterns[0]).encode()).hexdigest()[:8]
    wire: dict[str, Any] = {
        "event_id": event_id,
        "user_id": user_id,
        "signal_type": "recall_rating",
        "occurred_at": iso(now),
        "recall": {"retrieval_id": r.retrieval_id, "outcome": outcome, "mode": r.mode},
        "patterns": [{"preference_type": t, "pattern": p, "polarity": pol} for t, p, pol in patterns],
    }
    if r.project_id is not None:
        wire["project_id"] = r.project_id
    if session_id is not None:
        wire["session_id"] = session_id
    ev = validate_event(wire)
    report = ingest_events(
        store, [ev], default_user=user_id, now=now, source=str(_SOURCES.get(str(actor), EventSource.CLI)),
        blocks=blocks,
    )  # fmt: skip
    not_stored = None
    if not report.accepted:
        not_stored = "duplicate" if report.duplicates else next(iter(report.ignored), "blocked")
    words = OUTCOME_WORDS[outcome] + ("" if not_stored is None else f" (not stored: {not_stored})")
    audit.record_action(store, user_id, actor, "rate", f"retrieval {r.retrieval_id}", words, now)
    return Rating(r.retrieval_id, outcome, ev.event_id, not_stored is None, not_stored, patterns)

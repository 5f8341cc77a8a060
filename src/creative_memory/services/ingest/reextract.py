"""Reading stored pages again with this extractor (decision 0065): before a person's rebuild, every
event whose pages an older (or other) extractor version read is read again from its stored
digests, its patterns marked ``"from": "page"`` replaced by what this version finds, the user's
blocks applied again; the host's own patterns are kept as they are.

The extraction runs outside the write transactions (tens of milliseconds a page); the payloads are
then written in short transactions, each checking that the event is still the one read (another
writer or a forget may have changed it meanwhile: it is then left for the next rebuild)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select

from creative_memory.model.constants import SignalType
from creative_memory.model.events import page_digest_ids
from creative_memory.model.tables import Event, EventPattern
from creative_memory.services.derivation.derivation import dbapi_connection
from creative_memory.services.derivation.event_content import canonical, pattern_rows, rewritten_hash
from creative_memory.services.extract.page import read_features
from creative_memory.services.extract.vocabulary import EXTRACTOR_VERSION, Shown
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.pages import FROM_PAGE, Features, learned
from creative_memory.services.store.page_digests import digest_bodies
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import quiet

log = logging.getLogger("cm.extract")

_CHUNK = 200  # events rewritten per write transaction


@dataclass(frozen=True, slots=True)
class Reread:
    """What a re-extraction did: events read again, and how many of them changed."""

    events: int = 0
    changed: int = 0
    extractor_version: str = EXTRACTOR_VERSION


def _places(payload: Mapping[str, Any]) -> dict[str, str]:
    places = {str(k): str(v) for k, v in (payload.get("pages") or {}).items()}
    for side in ("chose", "over"):
        data = payload.get(side)
        if data and data.get("page"):
            places[side] = str(data["page"])
    return places


def _pattern(s: Shown, *, side: bool) -> dict[str, str]:
    out = {
        "preference_type": s.preference_type,
        "pattern": s.pattern,
        "from": FROM_PAGE,
        "because": s.because,
    }
    if not side:
        out["polarity"] = s.polarity
    return out


def relearned(
    signal_type: SignalType,
    payload: Mapping[str, Any],
    bodies: Mapping[str, str],
    blocked: Callable[[str, str], bool],
) -> dict[str, Any] | None:
    """The payload with its pages read by this extractor; None when a page's digest is missing
    (nothing can be read again) — the event is then left as it is."""
    places = _places(payload)
    if any(d not in bodies for d in places.values()):
        return None
    read: dict[str, Features] = {place: read_features(bodies[d])[0] for place, d in places.items()}
    dims: Collection[str] | None = payload.get("dimensions")
    found = [s for s in learned(signal_type, dims, read) if not blocked(s.preference_type, s.pattern)]
    out = dict(payload)
    out["extractor"] = EXTRACTOR_VERSION
    if "chose" in payload and "over" in payload:
        for side, polarity in (("chose", "positive"), ("over", "negative")):
            data = dict(payload[side])
            host = [p for p in data.get("patterns", []) if p.get("from") != FROM_PAGE]
            named = {(p["preference_type"], p["pattern"]) for p in host}
            data["patterns"] = host + [
                _pattern(s, side=True)
                for s in found
                if s.polarity == polarity and (s.preference_type, s.pattern) not in named
            ]
            out[side] = data
        return out
    host = [p for p in payload.get("patterns", []) if p.get("from") != FROM_PAGE]
    named3 = {(p["preference_type"], p["pattern"], p["polarity"]) for p in host}
    out["patterns"] = host + [
        _pattern(s, side=False) for s in found if (s.preference_type, s.pattern, s.polarity) not in named3
    ]
    return out


def reextract(store: Store, user_id: str, blocks: BlockChecker | None) -> Reread:
    """Read again, with this extractor, the pages of the user's events another version read."""
    with store.read() as session:
        rows = [
            r
            for r in session.execute(
                select(Event.seq, Event.signal_type, Event.payload, Event.content_hash).where(
                    Event.user_id == user_id, Event.payload.contains('"extractor"')
                )
            ).all()
            if json.loads(r.payload).get("extractor") != EXTRACTOR_VERSION
        ]
        if not rows:
            return Reread()
        payloads = {r.seq: json.loads(r.payload) for r in rows}
        bodies = digest_bodies(session, (d for p in payloads.values() for d in page_digest_ids(p)))
        fps = blocks.fingerprints(session, user_id) if blocks is not None else set()

    def is_blocked(ptype: str, pattern: str) -> bool:
        return blocks is not None and bool(fps) and blocks.blocked(fps, ptype, pattern)

    updates: list[tuple[int, str, str]] = []  # (seq, the hash read, the new payload)
    for r in rows:
        new = relearned(SignalType(r.signal_type), payloads[r.seq], bodies, is_blocked)
        if new is not None:
            updates.append((r.seq, r.content_hash, canonical(new)))
    changed = 0
    for i in range(0, len(updates), _CHUNK):
        changed += _write(store, user_id, updates[i : i + _CHUNK])
    log.info("re-read the pages of %d events with %s (%d changed)", len(rows), EXTRACTOR_VERSION, changed)
    return Reread(len(rows), changed)


def _write(store: Store, user_id: str, updates: Sequence[tuple[int, str, str]]) -> int:
    changed = 0
    with store.write() as session, quiet(dbapi_connection(session)):
        wanted = [seq for seq, _h, _p in updates]
        current = {
            int(seq): str(h)
            for seq, h in session.execute(select(Event.seq, Event.content_hash).where(Event.seq.in_(wanted)))
        }
        for seq, read_hash, text in updates:
            if current.get(seq) != read_hash:
                continue  # changed since it was read: the next rebuild reads it again
            ev = session.get(Event, seq)
            assert ev is not None
            payload = json.loads(text)
            ev.content_hash = rewritten_hash(ev, text)
            ev.payload = text
            session.execute(delete(EventPattern).where(EventPattern.seq == seq))
            index = pattern_rows(seq, user_id, ev.scope, payload)
            if index:
                session.execute(insert(EventPattern), index)
            changed += 1
    return changed

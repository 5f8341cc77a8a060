"""Persistence around the pure engine: keep the preference cache equal to a derivation of the events.

The cache is content-addressed: ``cache_key = sha256(set digest of the user's event content hashes
‖ DERIVATION_VERSION)``. The set digest is the sum of the content hashes modulo 2**256, so it is
independent of order and can be kept up to date as events arrive or are rewritten (see
docs/decisions/0002-cache-key.md). A stored key that does not match means: re-derive.

Appending events whose ``(occurred_at, seq)`` sorts after everything folded so far is folded
incrementally into the affected groups only; anything else re-derives in full. Full derivation
reads in one snapshot, folds outside any write lock, then writes in one short transaction.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.orm import Session

from model.constants import DERIVATION_VERSION, Polarity, SignalType, Status, Tier, project_of
from model.events import FoldEvent, FoldItem, payload_items
from model.records import PrefKey, PrefState
from model.tables import Derivation, Event, Preference
from services.engine.derive import Deriver, evaluated
from services.errors import Cancelled
from services.store import Store

log = logging.getLogger("cm.engine")

_MOD = 1 << 256
Group = tuple[str, str, str]
Progress = Callable[[int, int], None]  # (done, total)
CancelCheck = Callable[[], bool]


# --------------------------------------------------------------------------- keys
def digest_add(digest_hex: str, hashes: Iterable[str], sign: int = 1) -> str:
    total = int(digest_hex, 16) if digest_hex else 0
    for h in hashes:
        total = (total + sign * int(h, 16)) % _MOD
    return f"{total:064x}"


def cache_key_for(set_digest: str) -> str:
    return hashlib.sha256(f"{set_digest}|{DERIVATION_VERSION}".encode()).hexdigest()


# --------------------------------------------------------------------------- rows ↔ values
# The event columns fold_event() reads, in its order.
FOLD_COLUMNS = (
    Event.seq,
    Event.event_id,
    Event.occurred_at,
    Event.signal_type,
    Event.scope,
    Event.session_id,
    Event.tag,
    Event.payload,
)


def fold_event(row: Sequence[Any], only: set[Group] | None = None) -> FoldEvent:
    seq, event_id, occurred_at, signal_type, scope, session_id, tag, payload_text = row
    payload = json.loads(payload_text)
    snapshot = payload.get("snapshot")
    items = [FoldItem(t, p, Polarity(pol), role) for t, p, pol, role in payload_items(payload)]
    if only is not None:
        items = [i for i in items if (scope, i.preference_type, i.pattern) in only]
    return FoldEvent(
        seq=seq,
        event_id=event_id,
        occurred_at=occurred_at,
        signal_type=SignalType(signal_type),
        scope=scope,
        session_id=session_id,
        items=tuple(items),
        tag=tag,
        snapshot=snapshot,
    )


def state_json(st: PrefState) -> str:
    d = asdict(st)
    d["polarity"] = str(st.polarity)
    d["confidence"] = str(st.confidence)
    d["status"] = str(st.status)
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


def state_from_json(text: str) -> PrefState:
    d = json.loads(text)
    d["polarity"] = Polarity(d["polarity"])
    d["confidence"] = Tier(d["confidence"])
    d["status"] = Status(d["status"])
    return PrefState(**d)


def pref_row(
    st: PrefState, user_id: str, now: int, cache_key: str, last_injected: int | None
) -> dict[str, Any]:
    ev = evaluated(st, now)
    return {
        "user_id": user_id,
        "scope": st.scope,
        "project_id": project_of(st.scope),
        "preference_type": st.preference_type,
        "pattern": st.pattern,
        "polarity": str(st.polarity),
        "strength": ev.strength,
        "confidence": str(ev.confidence),
        "status": str(ev.status),
        "decay_at": ev.decay_at,
        "sources": json.dumps(ev.sources),
        "explicit_tags": json.dumps(ev.explicit_tags, ensure_ascii=False),
        "accept_count": ev.accept_count,
        "reject_count": ev.reject_count,
        "pairwise_count": ev.pairwise_count,
        "first_seen": ev.first_seen,
        "last_seen": ev.last_seen,
        "reversal_signals": ev.reversal_signals,
        "shadow_of": ev.shadow_of,
        "demoted_by": ev.demoted_by,
        "decay_count": ev.decay_count,
        "last_seq": ev.last_seq,
        "derivation_version": DERIVATION_VERSION,
        "cache_key": cache_key,
        "evaluated_at": now,
        "last_injected_at": last_injected if last_injected is not None else st.last_injected_at,
        "state": state_json(st),
    }


def _bulk_insert(session: Session, rows: list[dict[str, Any]], chunk: int = 5000) -> None:
    for i in range(0, len(rows), chunk):
        session.execute(insert(Preference), rows[i : i + chunk])


# --------------------------------------------------------------------------- status
@dataclass(frozen=True)
class DerivationInfo:
    mode: str  # 'current', 'incremental', 'full'
    preferences: int
    events: int
    duration_ms: float


def _max_seq(session: Session, user_id: str) -> int:
    return int(session.scalar(select(func.max(Event.seq)).where(Event.user_id == user_id)) or 0)


def is_current(session: Session, user_id: str) -> bool:
    row = session.get(Derivation, user_id)
    return (
        row is not None
        and row.derivation_version == DERIVATION_VERSION
        and row.max_seq == _max_seq(session, user_id)
        and row.cache_key == cache_key_for(row.set_digest)
    )


def ensure_current(
    store: Store,
    user_id: str,
    now: int,
    *,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> DerivationInfo:
    """Bring the cache up to date: nothing, an incremental fold, or a full re-derivation."""
    if store.read_only:
        return DerivationInfo("current", 0, 0, 0.0)
    with store.read() as session:
        if is_current(session, user_id):
            return DerivationInfo("current", 0, 0, 0.0)
    t0 = time.perf_counter()
    with store.write() as session:
        row = session.get(Derivation, user_id)
        if row is not None and row.derivation_version == DERIVATION_VERSION:
            if row.max_seq == _max_seq(session, user_id):
                return DerivationInfo("current", 0, 0, 0.0)
            done = _incremental(session, user_id, row, now)
            if done is not None:
                return DerivationInfo("incremental", done[0], done[1], (time.perf_counter() - t0) * 1000)
    return rebuild(store, user_id, now, progress=progress, cancelled=cancelled)


def _incremental(session: Session, user_id: str, row: Derivation, now: int) -> tuple[int, int] | None:
    new_rows = session.execute(
        select(*FOLD_COLUMNS, Event.content_hash)
        .where(Event.user_id == user_id, Event.seq > row.max_seq)
        .order_by(Event.occurred_at, Event.seq)
    ).all()
    if not new_rows:
        return (0, 0)
    last = (row.last_occurred_at, row.last_folded_seq)
    if (new_rows[0][2], new_rows[0][0]) <= last:
        return None  # an event sorts before what was folded: only a full derivation is exact
    events = [fold_event(r[:8]) for r in new_rows]
    groups = {(e.scope, i.preference_type, i.pattern) for e in events for i in e.items}
    existing = load_groups(session, user_id, groups)
    states = [state_from_json(p.state) for p in existing]
    deriver = Deriver(initial=states, last_key=last)
    deriver.fold(events)
    digest = digest_add(row.set_digest, (r[8] for r in new_rows))
    key = cache_key_for(digest)
    touched = deriver.touched
    ids = [p.id for p in existing if (p.scope, p.preference_type, p.pattern, p.polarity) in touched]
    injected = {(p.scope, p.preference_type, p.pattern, p.polarity): p.last_injected_at for p in existing}
    for i in range(0, len(ids), 900):
        session.execute(delete(Preference).where(Preference.id.in_(ids[i : i + 900])))
    rows = [pref_row(deriver.records[k], user_id, now, key, injected.get(k)) for k in sorted(touched)]
    _bulk_insert(session, rows)
    last_ev = events[-1]
    row.set_digest = digest
    row.cache_key = key
    row.event_count += len(new_rows)
    row.max_seq = max(row.max_seq, max(r[0] for r in new_rows))
    row.last_occurred_at, row.last_folded_seq = last_ev.occurred_at, last_ev.seq
    row.derived_at = now
    return (len(rows), len(new_rows))


def load_groups(session: Session, user_id: str, groups: set[Group]) -> list[Preference]:
    """The stored records of the given (scope, type, pattern) groups."""
    if not groups:
        return []
    patterns = sorted({g[2] for g in groups})
    out: list[Preference] = []
    for i in range(0, len(patterns), 500):
        chunk = patterns[i : i + 500]
        for p in session.scalars(
            select(Preference).where(Preference.user_id == user_id, Preference.pattern.in_(chunk))
        ):
            if (p.scope, p.preference_type, p.pattern) in groups:
                out.append(p)
    return out


def iter_events(session: Session, user_id: str, batch: int = 20_000) -> Iterator[Sequence[Any]]:
    """The user's events in fold order, streamed in batches by keyset (no long-lived cursor)."""
    last: tuple[int, int] = (-(1 << 62), -1)
    while True:
        rows = session.execute(
            select(*FOLD_COLUMNS, Event.content_hash)
            .where(Event.user_id == user_id)
            .where((Event.occurred_at > last[0]) | ((Event.occurred_at == last[0]) & (Event.seq > last[1])))
            .order_by(Event.occurred_at, Event.seq)
            .limit(batch)
        ).all()
        if not rows:
            return
        yield from rows
        last = (rows[-1][2], rows[-1][0])


def rebuild(
    store: Store,
    user_id: str,
    now: int,
    *,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> DerivationInfo:
    """Full re-derivation from the raw events: read in one snapshot, fold, write in one transaction."""
    for _attempt in range(3):
        try:
            return _rebuild_once(store, user_id, now, progress, cancelled)
        except _Retry:
            log.info("events arrived out of order during a rebuild; starting over")
    return _rebuild_once(store, user_id, now, progress, cancelled)


def _rebuild_once(
    store: Store,
    user_id: str,
    now: int,
    progress: Progress | None,
    cancelled: CancelCheck | None,
) -> DerivationInfo:
    t0 = time.perf_counter()
    deriver = Deriver()
    digest = 0
    count = 0
    max_seq = 0
    with store.read() as session:
        total = int(
            session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user_id)) or 0
        )
        for r in iter_events(session, user_id):
            deriver.apply(fold_event(r[:8]))
            digest = (digest + int(r[8], 16)) % _MOD
            count += 1
            max_seq = max(max_seq, r[0])
            if count % 20_000 == 0:
                if progress is not None:
                    progress(count, total)
                if cancelled is not None and cancelled():
                    raise Cancelled(
                        "The rebuild was cancelled; the stored preferences were left as they were."
                    )
    set_digest = f"{digest:064x}"
    last_key = deriver.last_key or (0, 0)
    with store.write() as session:
        if _max_seq(session, user_id) != max_seq:
            # Events arrived meanwhile: fold them if they come after, else start over (rare).
            extra = session.execute(
                select(*FOLD_COLUMNS, Event.content_hash)
                .where(Event.user_id == user_id, Event.seq > max_seq)
                .order_by(Event.occurred_at, Event.seq)
            ).all()
            if extra and (extra[0][2], extra[0][0]) > last_key:
                for r in extra:
                    deriver.apply(fold_event(r[:8]))
                    set_digest = digest_add(set_digest, [r[8]])
                    count += 1
                    max_seq = max(max_seq, r[0])
                last_key = deriver.last_key or last_key
            elif extra:
                raise _Retry()
        key = cache_key_for(set_digest)
        injected = {
            (s, t, p, pol): at
            for s, t, p, pol, at in session.execute(
                select(
                    Preference.scope,
                    Preference.preference_type,
                    Preference.pattern,
                    Preference.polarity,
                    Preference.last_injected_at,
                ).where(Preference.user_id == user_id, Preference.last_injected_at.is_not(None))
            )
        }
        session.execute(delete(Preference).where(Preference.user_id == user_id))
        records: dict[PrefKey, PrefState] = deriver.records
        rows = [pref_row(st, user_id, now, key, injected.get(k)) for k, st in records.items()]
        _bulk_insert(session, rows)
        dur = (time.perf_counter() - t0) * 1000
        _save_derivation(session, user_id, set_digest, key, count, max_seq, last_key, now, dur)
    if progress is not None:
        progress(count, max(total, count))
    log.info("rebuilt %d preferences from %d events in %.0f ms", len(rows), count, dur)
    return DerivationInfo("full", len(rows), count, dur)


class _Retry(Exception):
    pass


def _save_derivation(
    session: Session,
    user_id: str,
    set_digest: str,
    key: str,
    count: int,
    max_seq: int,
    last_key: tuple[int, int],
    now: int,
    dur: float,
) -> None:
    row = session.get(Derivation, user_id)
    if row is None:
        row = Derivation(user_id=user_id)
        session.add(row)
    row.derivation_version = DERIVATION_VERSION
    row.set_digest = set_digest
    row.cache_key = key
    row.event_count = count
    row.max_seq = max_seq
    row.last_occurred_at, row.last_folded_seq = last_key
    row.evaluated_at = now
    row.derived_at = now
    row.duration_ms = dur


def rederive_groups(
    session: Session, user_id: str, groups: set[Group], now: int, *, max_seq: int | None = None
) -> int:
    """Re-derive only the given groups from their remaining events (after a forget rewrote them).

    With ``max_seq``, only events up to that watermark are folded: later ones are not folded yet
    and the next incremental derivation folds them (folding them here too would count them twice).
    """
    from model.tables import EventPattern

    if not groups:
        return 0
    existing = load_groups(session, user_id, groups)
    injected = {(p.scope, p.preference_type, p.pattern, p.polarity): p.last_injected_at for p in existing}
    for i in range(0, len(existing), 900):
        session.execute(delete(Preference).where(Preference.id.in_([p.id for p in existing[i : i + 900]])))
    seqs: set[int] = set()
    for scope, ptype, pattern in groups:
        seqs.update(
            session.scalars(
                select(EventPattern.seq).where(
                    EventPattern.user_id == user_id,
                    EventPattern.preference_type == ptype,
                    EventPattern.pattern == pattern,
                    EventPattern.scope == scope,
                    *([EventPattern.seq <= max_seq] if max_seq is not None else []),
                )
            )
        )
    rows: list[Sequence[Any]] = []
    ordered = sorted(seqs)
    for i in range(0, len(ordered), 900):
        rows.extend(session.execute(select(*FOLD_COLUMNS).where(Event.seq.in_(ordered[i : i + 900]))).all())
    rows.sort(key=lambda r: (r[2], r[0]))
    deriver = Deriver()
    deriver.fold(fold_event(r, only=groups) for r in rows)
    drow = session.get(Derivation, user_id)
    key = drow.cache_key if drow is not None else ""
    out = [pref_row(st, user_id, now, key, injected.get(k)) for k, st in deriver.records.items()]
    _bulk_insert(session, out)
    return len(out)


def refresh_decay(store: Store, user_id: str, now: int) -> dict[str, int]:
    """Bring the stored evaluation up to ``now``: records due to decay or archive are re-evaluated."""
    from model.constants import ARCHIVE_DAYS
    from services.clock import DAY_MS

    if store.read_only:
        return {"decayed": 0, "archived": 0}
    ensure_current(store, user_id, now)
    decayed = archived = 0
    # Core rows and one executemany: a store idle for months may have every record due.
    with store.read() as session:
        due = session.execute(
            select(Preference.id, Preference.state, Preference.status, Preference.decay_count).where(
                Preference.user_id == user_id,
                Preference.status != str(Status.ARCHIVED),
                (Preference.decay_at <= now) | (Preference.last_seen <= now - ARCHIVE_DAYS * DAY_MS),
            )
        ).all()
    updates: list[dict[str, Any]] = []
    for pid, state, status, decay_count in due:
        ev = evaluated(state_from_json(state), now)
        if ev.status is Status.ARCHIVED and status != str(Status.ARCHIVED):
            archived += 1
        elif ev.decay_count > decay_count:
            decayed += 1
        updates.append(
            {
                "pid": pid,
                "strength": ev.strength,
                "confidence": str(ev.confidence),
                "status": str(ev.status),
                "decay_at": ev.decay_at,
                "demoted_by": ev.demoted_by,
                "decay_count": ev.decay_count,
                "evaluated_at": now,
            }
        )
    if updates:
        stmt = (
            update(Preference)
            .where(Preference.id == bindparam("pid"))
            .values(
                strength=bindparam("strength"),
                confidence=bindparam("confidence"),
                status=bindparam("status"),
                decay_at=bindparam("decay_at"),
                demoted_by=bindparam("demoted_by"),
                decay_count=bindparam("decay_count"),
                evaluated_at=bindparam("evaluated_at"),
            )
        )
        with store.write() as session:
            conn = session.connection()
            for i in range(0, len(updates), 5000):
                conn.execute(stmt, updates[i : i + 5000])
    return {"decayed": decayed, "archived": archived}

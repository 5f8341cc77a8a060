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
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from creative_memory.model.constants import DERIVATION_VERSION, Polarity, SignalType, Status, Tier, project_of
from creative_memory.model.events import FoldEvent, FoldItem, payload_items
from creative_memory.model.records import PrefState
from creative_memory.model.tables import Derivation, Event, Preference
from creative_memory.services import changes
from creative_memory.services.engine.derive import Deriver, advance
from creative_memory.services.store import Store, raw_connection
from creative_memory.services.writes import lease_holder

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


_POLARITY: dict[str, Polarity] = {str(p): p for p in Polarity}
_SIGNAL: dict[str, SignalType] = {str(s): s for s in SignalType}
_TEXT: dict[str, str] = {str(v): str(v) for e in (Polarity, Tier, Status) for v in e}


def fold_event(row: Sequence[Any], only: set[Group] | None = None) -> FoldEvent:
    """A stored event (:data:`FOLD_COLUMNS`, payload as JSON text) in the engine's form."""
    return fold_parsed(row, loads_payload(row[7]), only)


def fold_parsed(row: Sequence[Any], payload: Mapping[str, Any], only: set[Group] | None = None) -> FoldEvent:
    """:func:`fold_event` for a row whose payload is already parsed (``row[7]`` is not read)."""
    seq, event_id, occurred_at, signal_type, scope, session_id, tag = row[:7]
    snapshot = payload.get("snapshot")
    items = [
        FoldItem(t, p, _POLARITY.get(pol) or Polarity(pol), role, i)
        for i, (t, p, pol, role) in enumerate(payload_items(payload))
    ]
    if only is not None:
        items = [i for i in items if (scope, i.preference_type, i.pattern) in only]
    return FoldEvent(
        seq,
        event_id,
        occurred_at,
        _SIGNAL.get(signal_type) or SignalType(signal_type),
        scope,
        session_id,
        tuple(items),
        tag,
        snapshot,
    )


_POSITIVE = Polarity.POSITIVE
_NEGATIVE = Polarity.NEGATIVE
_raw_decode = json.JSONDecoder().raw_decode


def loads_payload(text: str) -> Any:
    """``json.loads(text)``, faster for the stored (canonical) payloads: ``raw_decode``
    skips the whitespace handling and the extra decoder frame; anything it does not consume
    whole (leading or trailing whitespace, trailing data, a BOM) goes to ``json.loads``, which
    then returns or raises exactly as before."""
    try:
        obj, end = _raw_decode(text)
    except (ValueError, TypeError):  # not JSON text as stored (or bytes): json.loads decides
        return json.loads(text)
    if end != len(text):
        return json.loads(text)
    return obj


def flat_items(payload: Mapping[str, Any]) -> list[tuple[str, str, Polarity]]:
    """The fold items of a payload without a snapshot: :func:`model.events.payload_items` (same
    order: patterns, then the chosen side positive, then the other side negative) as plain
    ``(preference_type, pattern, polarity)`` tuples."""
    items = [
        (p["preference_type"], p["pattern"], _POLARITY.get(p["polarity"]) or Polarity(p["polarity"]))
        for p in payload.get("patterns", ())
    ]
    chose = payload.get("chose")
    if chose:
        items.extend((p["preference_type"], p["pattern"], _POSITIVE) for p in chose["patterns"])
    over = payload.get("over")
    if over:
        items.extend((p["preference_type"], p["pattern"], _NEGATIVE) for p in over["patterns"])
    return items


# json.dumps(x, **options) builds a new encoder per call; these are the same encoders, built once
# (identical output: json.dumps is exactly JSONEncoder(**options).encode).
_compact_json = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_plain_json = json.JSONEncoder().encode
_plain_json_unicode = json.JSONEncoder(ensure_ascii=False).encode

# PrefState's fields in declaration order, read in one C call instead of asdict's recursive deep copy.
_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PrefState))
_state_values = attrgetter(*_STATE_FIELDS)
# The key order of the state JSON: the creation position and the provisional mark first, so that a
# retrieval reads them from the text's first bytes (services/candidate_ties.py), then the rest in
# declaration order.
_JSON_FIRST = ("created_at", "created_seq", "created_item", "provisional")
_JSON_FIELDS: tuple[str, ...] = _JSON_FIRST + tuple(f for f in _STATE_FIELDS if f not in _JSON_FIRST)
_json_values = attrgetter(*_JSON_FIELDS)


def state_json(st: PrefState) -> str:
    d = dict(zip(_JSON_FIELDS, _json_values(st), strict=True))
    d["polarity"] = str(st.polarity)
    d["confidence"] = str(st.confidence)
    d["status"] = str(st.status)
    return _compact_json(d)


_TIER: dict[str, Tier] = {str(t): t for t in Tier}
_STATUS: dict[str, Status] = {str(t): t for t in Status}


def state_from_json(text: str) -> PrefState:
    d = json.loads(text)
    d["polarity"] = _POLARITY.get(d["polarity"]) or Polarity(d["polarity"])
    d["confidence"] = _TIER.get(d["confidence"]) or Tier(d["confidence"])
    d["status"] = _STATUS.get(d["status"]) or Status(d["status"])
    return PrefState(**d)  # a version-1 state lacks the version-2 fields: their defaults apply


# The preference columns written from a state, in the order of pref_values().
PREF_COLUMNS: tuple[str, ...] = (
    "user_id",
    "scope",
    "project_id",
    "preference_type",
    "pattern",
    "polarity",
    "strength",
    "confidence",
    "status",
    "decay_at",
    "sources",
    "explicit_tags",
    "accept_count",
    "reject_count",
    "pairwise_count",
    "first_seen",
    "last_seen",
    "reversal_signals",
    "shadow_of",
    "demoted_by",
    "decay_count",
    "last_seq",
    "derivation_version",
    "cache_key",
    "evaluated_at",
    "last_injected_at",
    "state",
)
_KEY_COLUMNS = 6  # user_id … polarity: the row's identity, never updated in place
_PREF_TABLE = Preference.__tablename__


def _evaluated_view(st: PrefState, now: int) -> PrefState:
    """``evaluated(st, now)`` for reading only: no copy when nothing moves, else a shallow one
    (``advance`` changes scalar fields only, never the lists)."""
    if now <= st.as_of:
        return st
    out = PrefState(*_state_values(st))
    advance(out, now)
    return out


def pref_values(
    st: PrefState, user_id: str, now: int, cache_key: str, last_injected: int | None
) -> tuple[Any, ...]:
    """The stored row of a state evaluated at ``now``, in :data:`PREF_COLUMNS` order."""
    ev = _evaluated_view(st, now)
    scope = st.scope
    return (
        user_id,
        scope,
        project_of(scope),
        st.preference_type,
        st.pattern,
        _TEXT[st.polarity],
        ev.strength,
        _TEXT[ev.confidence],
        _TEXT[ev.status],
        ev.decay_at,
        _plain_json(ev.sources),
        _plain_json_unicode(ev.explicit_tags),
        ev.accept_count,
        ev.reject_count,
        ev.pairwise_count,
        ev.first_seen,
        ev.last_seen,
        ev.reversal_signals,
        ev.shadow_of,
        ev.demoted_by,
        ev.decay_count,
        ev.last_seq,
        DERIVATION_VERSION,
        cache_key,
        now,
        last_injected if last_injected is not None else st.last_injected_at,
        state_json(st),
    )


def pref_row(
    st: PrefState, user_id: str, now: int, cache_key: str, last_injected: int | None
) -> dict[str, Any]:
    return dict(zip(PREF_COLUMNS, pref_values(st, user_id, now, cache_key, last_injected), strict=True))


def _bulk_insert(session: Session, rows: list[dict[str, Any]], chunk: int = 5000) -> None:
    for i in range(0, len(rows), chunk):
        session.execute(insert(Preference), rows[i : i + chunk])


def dbapi_connection(session: Session) -> sqlite3.Connection:
    """The session's own sqlite3 connection (same transaction), for executemany without ORM cost.

    Run its calls inside :func:`sa_errors` so that failures reach ``Store.read``/``Store.write``
    as the SQLAlchemy errors they translate (busy, read-only, unavailable).
    """
    con = session.connection().connection.driver_connection
    assert isinstance(con, sqlite3.Connection)
    return con


_dbapi = dbapi_connection


@contextmanager
def sa_errors() -> Iterator[None]:
    """Re-raise sqlite3 errors of direct DB-API calls as SQLAlchemy's own (same class name)."""
    try:
        yield
    except sqlite3.Error as exc:
        raise DBAPIError.instance(None, None, exc, sqlite3.Error) from exc


_INSERT_PREF = (
    f"INSERT INTO {_PREF_TABLE} ({', '.join(PREF_COLUMNS)}) VALUES ({', '.join('?' * len(PREF_COLUMNS))})"
)
_SELECT_PREF = f"SELECT id, {', '.join(PREF_COLUMNS)} FROM {_PREF_TABLE}"


# --------------------------------------------------------------------------- status
@dataclass(frozen=True)
class DerivationInfo:
    mode: str  # 'current', 'incremental', 'full'
    preferences: int
    events: int
    duration_ms: float


def _max_seq(db: Session | sqlite3.Connection, user_id: str) -> int:
    row = raw_connection(db).execute(
        f"SELECT coalesce(max(seq), 0) FROM {Event.__tablename__} WHERE user_id = ?", (user_id,)
    ).fetchone()
    return int(row[0])


def is_current(db: Session | sqlite3.Connection, user_id: str) -> bool:
    """Whether the stored preferences are the derivation of the user's events (plain SQL: hot path)."""
    con = raw_connection(db)
    row = con.execute(
        f"SELECT derivation_version, max_seq, cache_key, set_digest FROM {Derivation.__tablename__} "
        "WHERE user_id = ?",
        (user_id,),
    ).fetchone()
    if row is None or row[0] != DERIVATION_VERSION:
        return False
    return bool(
        row[1] == _max_seq(con, user_id)
        and row[2] == cache_key_for(row[3])
        and not changes.pending(con, user_id)
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
        con = raw_connection(session)
        if is_current(con, user_id) or lease_holder(con, user_id) is not None:
            # Current, or another run (reset, import, a large rebuild) is rewriting this memory in
            # several transactions: serve what is stored; that run publishes the result.
            return DerivationInfo("current", 0, 0, 0.0)
    with store.write() as session:
        info = derive_in(session, user_id, now)
    if info is not None:
        return info
    return rebuild(store, user_id, now, progress=progress, cancelled=cancelled)


def derive_in(
    session: Session, user_id: str, now: int, appended: Sequence[Sequence[Any]] | None = None
) -> DerivationInfo | None:
    """Fold the events appended since the watermark, in this write transaction
    (:func:`services.incremental.derive_in`)."""
    from creative_memory.services.incremental import derive_in as fold_appended

    return fold_appended(session, user_id, now, appended)


_EVENT_TABLE = Event.__tablename__
_FOLD_SQL = (
    "SELECT seq, event_id, occurred_at, signal_type, scope, session_id, tag, payload, content_hash "
    f"FROM {_EVENT_TABLE}"
)


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
    """The user's events in fold order, streamed in batches by keyset (no long-lived cursor).

    Rows are ``seq, event_id, occurred_at, signal_type, scope, session_id, tag, payload,
    content_hash`` (:data:`FOLD_COLUMNS` then the hash), plain tuples.
    """
    con = _dbapi(session)
    # A row value, not "occurred_at > ? OR (occurred_at = ? AND seq > ?)": with the OR, SQLite
    # uses only user_id of the (user_id, occurred_at, seq) index and each batch re-scans the
    # user's events from the first (quadratic: half the read time of a 1 M-event rebuild).
    sql = f"{_FOLD_SQL} WHERE user_id = ? AND (occurred_at, seq) > (?, ?) ORDER BY occurred_at, seq LIMIT ?"
    last: tuple[int, int] = (-(1 << 62), -1)
    while True:
        with sa_errors():
            rows = con.execute(sql, (user_id, last[0], last[1], batch)).fetchall()
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
    takeover: str | None = None,
) -> DerivationInfo:
    """Full re-derivation from the raw events (:func:`services.rebuild.rebuild`)."""
    from creative_memory.services.rebuild import rebuild as full

    return full(store, user_id, now, progress=progress, cancelled=cancelled, takeover=takeover)


def rederive_groups(
    session: Session, user_id: str, groups: set[Group], now: int, *, max_seq: int | None = None
) -> int:
    """Re-derive only the given groups from their remaining events (after a forget rewrote them).

    With ``max_seq``, only events up to that watermark are folded: later ones are not folded yet
    and the next incremental derivation folds them (folding them here too would count them twice).
    """
    from creative_memory.model.tables import EventPattern

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
    """Bring the stored evaluation up to ``now`` (:func:`services.decay.refresh_decay`)."""
    from creative_memory.services.decay import refresh_decay as refresh

    return refresh(store, user_id, now)

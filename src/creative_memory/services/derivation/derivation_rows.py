"""Rows ↔ values of the derivation: the user's events read in fold order (``iter_events``), a stored
event as the engine's fold input, a record's fold state as JSON text and back, and the stored
preference row of a record evaluated at a moment; with the session's own sqlite3 connection for the bulk writes of ``services.derivation.derivation``,
``services.derivation.rebuild`` and ``services.derivation.incremental``.

Hot paths (ingest, the full re-derivation, the candidate read) run through these functions, which
is why they avoid per-call encoders and copies.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields
from operator import attrgetter
from typing import Any

from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from creative_memory.model.constants import (
    DERIVATION_VERSION,
    UNFOLDED_SIGNALS,
    Polarity,
    SignalType,
    Status,
    Tier,
    project_of,
)
from creative_memory.model.events import FoldEvent, FoldItem, folded_signal, payload_items
from creative_memory.model.records import PrefKey, PrefState
from creative_memory.model.tables import Event, Preference
from creative_memory.services.engine.bulk import flat_items as flat_items  # the engine's, re-exported
from creative_memory.services.engine.evaluation import advance

Group = tuple[str, str, str]


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
    Event.content_hash,
)


#: The user's events as the fold reads them: :data:`FOLD_COLUMNS` (plain SQL: the rebuild, the
#: incremental fold and the fold's helper process read through it). Their fold order is
#: :data:`FOLD_ORDER` (decision 0089).
FOLD_SQL = (
    "SELECT seq, event_id, occurred_at, signal_type, scope, session_id, tag, payload, content_hash "
    f"FROM {Event.__tablename__}"
)
#: The fold order in SQL: time, then content (ties between events of one instant do not depend on
#: which arrived first), then arrival. The (user_id, occurred_at, seq) index gives the first part;
#: SQLite sorts each instant's few events for the rest.
FOLD_ORDER = "occurred_at, content_hash, seq"


def fold_key(row: Sequence[Any]) -> tuple[int, str, int]:
    """The fold order of a row of :data:`FOLD_COLUMNS` (the engine's ``FoldEvent.order_key``)."""
    return (row[2], row[8], row[0])


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
    # Each item keeps its place in the event's full list; ``only``: the others are not built.
    items = [
        FoldItem(t, p, _POLARITY.get(pol) or Polarity(pol), role, i)
        for i, (t, p, pol, role) in enumerate(payload_items(payload))
        if only is None or (scope, t, p) in only
    ]
    signal = _SIGNAL.get(signal_type) or SignalType(signal_type)
    if signal in UNFOLDED_SIGNALS:  # a recall rating: folded by its outcome, or not (decision 0086)
        folded = folded_signal(signal, payload)
        if folded is None:
            items = []
        else:
            signal = folded
    return FoldEvent(
        seq,
        event_id,
        occurred_at,
        signal,
        scope,
        session_id,
        tuple(items),
        tag,
        snapshot,
        row[8],
    )


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


# json.dumps(x, **options) builds a new encoder per call; these are the same encoders, built once
# (identical output: json.dumps is exactly JSONEncoder(**options).encode).
_compact_json = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_plain_json = json.JSONEncoder().encode
_plain_json_unicode = json.JSONEncoder(ensure_ascii=False).encode

# PrefState's fields in declaration order, read in one C call instead of asdict's recursive deep copy.
_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PrefState))
_state_values = attrgetter(*_STATE_FIELDS)
# The key order of the state JSON: the creation position and the provisional mark first, so that a
# retrieval reads them from the text's first bytes (services/retrieval/candidate_ties.py), then the rest in
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
KEY_COLUMNS = 6  # user_id … polarity: the row's identity, never updated in place
PREF_TABLE = Preference.__tablename__


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


def rows_in(
    con: sqlite3.Connection, sql: str, values: Sequence[Any], *lead: object, size: int = 500
) -> Iterator[Sequence[Any]]:
    """The rows of ``sql`` (which ends in ``IN``, after the parameters ``lead``) for ``values``,
    ``size`` at a time (SQLite's limit on bound parameters)."""
    for i in range(0, len(values), size):
        part = values[i : i + size]
        yield from con.execute(f"{sql} ({', '.join('?' * len(part))})", (*lead, *part))


def execute_in(
    con: sqlite3.Connection, sql: str, values: Sequence[Any], *lead: object, size: int = 500
) -> None:
    """Run the write ``sql`` (which ends in ``IN``) for ``values``, ``size`` at a time: many rows to
    a statement (:func:`rows_in`'s statements, with nothing to read back)."""
    for _row in rows_in(con, sql, values, *lead, size=size):
        pass


def load_group_rows(
    con: sqlite3.Connection, user_id: str, groups: set[Group], *, first_seen: Sequence[int] = ()
) -> dict[PrefKey, tuple[Any, ...]]:
    """The stored rows (``id`` then :data:`PREF_COLUMNS`) of the given groups, by key, in id order;
    with ``first_seen``, only the records first seen at one of those moments.

    One statement per up to 300 groups: each group is one probe of the unique key's index (a
    pattern appears in many scopes, so selecting by pattern would read several times the rows
    needed); ``CROSS JOIN`` keeps the groups as the outer loop whatever the statistics say.
    """
    out: dict[PrefKey, tuple[Any, ...]] = {}
    found: list[tuple[Any, ...]] = []
    ordered = sorted(groups)
    seen = sorted(set(first_seen))
    if len(seen) > 600:
        seen = []  # a prefilter only: past this many, every record of the groups is read
    when = f" AND p.first_seen IN ({', '.join('?' * len(seen))})" if seen else ""
    per = (998 - len(seen)) // 3  # SQLite before 3.32 binds at most 999 values
    for i in range(0, len(ordered), per):
        part = ordered[i : i + per]
        found.extend(
            con.execute(
                f"WITH g(scope, preference_type, pattern) AS (VALUES {', '.join(['(?, ?, ?)'] * len(part))}) "
                f"SELECT p.{', p.'.join(('id', *PREF_COLUMNS))} FROM g CROSS JOIN {PREF_TABLE} AS p "
                "ON p.user_id = ? AND p.scope = g.scope AND p.preference_type = g.preference_type "
                f"AND p.pattern = g.pattern{when}",
                [*(v for grp in part for v in grp), user_id, *seen],
            )
        )
    found.sort(key=_first)
    for r in found:
        out[(r[2], r[4], r[5], r[6])] = r
    return out


def _first(r: tuple[Any, ...]) -> Any:
    return r[0]


def dbapi_connection(session: Session) -> sqlite3.Connection:
    """The session's own sqlite3 connection (same transaction), for executemany without ORM cost.

    Run its calls inside :func:`sa_errors` so that failures reach ``Store.read``/``Store.write``
    as the SQLAlchemy errors they translate (busy, read-only, unavailable).
    """
    con = session.connection().connection.driver_connection
    assert isinstance(con, sqlite3.Connection)
    return con


@contextmanager
def sa_errors() -> Iterator[None]:
    """Re-raise sqlite3 errors of direct DB-API calls as SQLAlchemy's own (same class name)."""
    try:
        yield
    except sqlite3.Error as exc:
        raise DBAPIError.instance(None, None, exc, sqlite3.Error) from exc


INSERT_PREF = (
    f"INSERT INTO {PREF_TABLE} ({', '.join(PREF_COLUMNS)}) VALUES ({', '.join('?' * len(PREF_COLUMNS))})"
)
SELECT_PREF = f"SELECT id, {', '.join(PREF_COLUMNS)} FROM {PREF_TABLE}"


def iter_events(session: Session, user_id: str, batch: int = 20_000) -> Iterator[Sequence[Any]]:
    """The user's events in fold order, streamed in batches by keyset (no long-lived cursor).

    Rows are ``seq, event_id, occurred_at, signal_type, scope, session_id, tag, payload,
    content_hash`` (:data:`FOLD_COLUMNS` then the hash), plain tuples.
    """
    con = dbapi_connection(session)
    # A row value, not "occurred_at > ? OR (occurred_at = ? AND ...)": with the OR, SQLite uses
    # only user_id of the (user_id, occurred_at, seq) index and each batch re-scans the user's
    # events from the first (quadratic: half the read time of a 1 M-event rebuild).
    sql = f"{FOLD_SQL} WHERE user_id = ? AND ({FOLD_ORDER}) > (?, ?, ?) ORDER BY {FOLD_ORDER} LIMIT ?"
    last: tuple[int, str, int] = (-(1 << 62), "", -1)
    while True:
        with sa_errors():
            rows = con.execute(sql, (user_id, *last, batch)).fetchall()
        if not rows:
            return
        yield from rows
        last = fold_key(rows[-1])

"""Persistence around the pure engine: keep the preference cache equal to a derivation of the events.

The cache is content-addressed (``services.derivation.cache_key``): a stored key that does not match
the events' set digest means: re-derive.

Appending events whose ``(occurred_at, seq)`` sorts after everything folded so far is folded
incrementally into the affected groups only; anything else re-derives in full. Full derivation
reads in one snapshot, folds outside any write lock, then writes in one short transaction.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.model.tables import Derivation, Event, Preference
from creative_memory.services.derivation import changes
from creative_memory.services.derivation.cache_key import cache_key_for

# Events as the fold reads them, fold states as JSON and preference rows live in
# services/derivation/derivation_rows.py; these names stay importable from here.
from creative_memory.services.derivation.derivation_rows import FOLD_COLUMNS as FOLD_COLUMNS
from creative_memory.services.derivation.derivation_rows import PREF_COLUMNS as PREF_COLUMNS
from creative_memory.services.derivation.derivation_rows import Group as Group
from creative_memory.services.derivation.derivation_rows import dbapi_connection as dbapi_connection
from creative_memory.services.derivation.derivation_rows import flat_items as flat_items
from creative_memory.services.derivation.derivation_rows import fold_event as fold_event
from creative_memory.services.derivation.derivation_rows import pref_row as pref_row
from creative_memory.services.derivation.derivation_rows import sa_errors as sa_errors
from creative_memory.services.derivation.derivation_rows import state_from_json as state_from_json
from creative_memory.services.derivation.derivation_rows import state_json as state_json
from creative_memory.services.store.store import Store, raw_connection
from creative_memory.services.store.writes import lease_holder

if TYPE_CHECKING:
    from creative_memory.services.derivation.decay import DecayCounts

log = logging.getLogger("cm.engine")

Progress = Callable[[int, int], None]  # (done, total)
CancelCheck = Callable[[], bool]


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
    if row is None:
        # Never derived: current when there is nothing to derive (no event, no stored preference,
        # no logged change), so that looking at a user who has no memory writes nothing for them.
        return (
            _max_seq(con, user_id) == 0
            and con.execute(f"SELECT 1 FROM {Preference.__tablename__} WHERE user_id = ? LIMIT 1", (user_id,)).fetchone()
            is None
            and not changes.pending(con, user_id)
        )
    if row[0] != DERIVATION_VERSION:
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
    (:func:`services.derivation.incremental.derive_in`)."""
    from creative_memory.services.derivation.incremental import derive_in as fold_appended

    return fold_appended(session, user_id, now, appended)


def rebuild(
    store: Store,
    user_id: str,
    now: int,
    *,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    takeover: str | None = None,
) -> DerivationInfo:
    """Full re-derivation from the raw events (:func:`services.derivation.rebuild.rebuild`)."""
    from creative_memory.services.derivation.rebuild import rebuild as full

    return full(store, user_id, now, progress=progress, cancelled=cancelled, takeover=takeover)


def refresh_decay(
    store: Store,
    user_id: str,
    now: int,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> DecayCounts:
    """Bring the stored evaluation up to ``now`` (:func:`services.derivation.decay.refresh_decay`)."""
    from creative_memory.services.derivation.decay import refresh_decay as refresh

    return refresh(store, user_id, now, progress=progress)

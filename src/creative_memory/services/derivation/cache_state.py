"""What the stored derivation says about the preference cache: whether it is the derivation of the
user's events (:func:`is_current`), the highest event seq (:func:`max_seq`), and what a derivation
run reports (:class:`DerivationInfo`, with the progress and cancel callbacks it takes).

The cache is content-addressed (``services.derivation.cache_key``): a stored key that does not
match the events' set digest, a watermark below the newest event, another derivation version or a
logged outside change (``services.derivation.changes``) means: not current.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.model.tables import Derivation, Event, Preference
from creative_memory.services.derivation import changes
from creative_memory.services.derivation.cache_key import cache_key_for
from creative_memory.services.store.store import raw_connection

Progress = Callable[[int, int], None]  # (done, total)
CancelCheck = Callable[[], bool]


@dataclass(frozen=True)
class DerivationInfo:
    mode: str  # 'current', 'incremental', 'full'
    preferences: int
    events: int
    duration_ms: float


def max_seq(db: Session | sqlite3.Connection, user_id: str) -> int:
    """The seq of the user's newest stored event (0: none)."""
    row = (
        raw_connection(db)
        .execute(f"SELECT coalesce(max(seq), 0) FROM {Event.__tablename__} WHERE user_id = ?", (user_id,))
        .fetchone()
    )
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
            max_seq(con, user_id) == 0
            and con.execute(
                f"SELECT 1 FROM {Preference.__tablename__} WHERE user_id = ? LIMIT 1", (user_id,)
            ).fetchone()
            is None
            and not changes.pending(con, user_id)
        )
    if row[0] != DERIVATION_VERSION:
        return False
    return bool(
        row[1] == max_seq(con, user_id)
        and row[2] == cache_key_for(row[3])
        and not changes.pending(con, user_id)
    )

"""A store derived by an older ``DERIVATION_VERSION`` re-derives by itself on first read.

The cache key contains the derivation version (content-addressed, ``services.derivation.derivation``), so a
store derived by older rules is simply not current; any read would re-derive it. This module lets
the CLI and the GUI see that it is the *rules* that changed — a full re-derivation of every event,
the one case that can take seconds on a large store — and run it with progress before the first
read instead of silently inside it (decision 0026).
"""

from __future__ import annotations

from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.model.tables import Derivation
from creative_memory.services.derivation.cache_state import CancelCheck, DerivationInfo, Progress
from creative_memory.services.derivation.rebuild import rebuild
from creative_memory.services.store.store import Store, raw_connection


def outdated_version(store: Store, user_id: str) -> str | None:
    """The older derivation version the user's preferences were derived by (None: current rules)."""
    with store.read() as session:
        row = (
            raw_connection(session)
            .execute(
                f"SELECT derivation_version FROM {Derivation.__tablename__} WHERE user_id = ?", (user_id,)
            )
            .fetchone()
        )
    if row is None or row[0] == DERIVATION_VERSION:
        return None
    return str(row[0])


def rederive_if_outdated(
    store: Store,
    user_id: str,
    now: int,
    *,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> DerivationInfo | None:
    """Re-derive every preference when they were derived by older rules; None when they were not
    (or the store is read-only: it is read as it is)."""
    if store.read_only or outdated_version(store, user_id) is None:
        return None
    return rebuild(store, user_id, now, progress=progress, cancelled=cancelled)

"""Persistence around the pure engine: keep the preference cache equal to a derivation of the events.

The cache is content-addressed (``services.derivation.cache_key``): a cache that is not current
(``services.derivation.cache_state.is_current``) is derived again by :func:`ensure_current`.
Appending events whose ``(occurred_at, content_hash, seq)`` sorts after everything folded so far is folded
incrementally into the affected groups only (``services.derivation.incremental``); anything else
re-derives in full (``services.derivation.rebuild``: one read snapshot folds outside any write
lock, short transactions publish).
"""

from __future__ import annotations

from creative_memory.services.common.errors import InterruptedWork
from creative_memory.services.derivation.cache_state import CancelCheck, DerivationInfo, Progress

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
from creative_memory.services.derivation.incremental import catch_up
from creative_memory.services.derivation.rebuild import rebuild
from creative_memory.services.store.store import Store


def ensure_current(
    store: Store,
    user_id: str,
    now: int,
    *,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> DerivationInfo:
    """Bring the cache up to date: nothing, an incremental fold (:func:`incremental.catch_up`), or a
    full re-derivation (:func:`rebuild.rebuild`) when only that is exact."""
    info = catch_up(store, user_id, now)
    if info is not None:
        return info
    try:
        return rebuild(store, user_id, now, progress=progress, cancelled=cancelled)
    except InterruptedWork:
        # A forget died half-way: nothing is derived from the events it left until it is finished
        # (the next open of the store or forget does). Serve what is stored meanwhile, as while any
        # run rewrites this memory: its targets' records are gone already (docs/decisions/0070).
        return DerivationInfo("current", 0, 0, 0.0)

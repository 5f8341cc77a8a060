"""The read phase of a full re-derivation (services.derivation.rebuild): one read snapshot folds every event
(on two cores when the store is large: services.derivation.fold_split) and reads the stored rows, with the
snapshot's events token. Nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from creative_memory.model.records import PrefKey, PrefState
from creative_memory.model.tables import Event
from creative_memory.services.common.errors import Cancelled
from creative_memory.services.derivation import fold_split
from creative_memory.services.derivation.cache_key import DIGEST_MODULUS
from creative_memory.services.derivation.cache_state import CancelCheck, Progress
from creative_memory.services.derivation.derivation_rows import (
    SELECT_PREF,
    dbapi_connection,
    iter_events,
    sa_errors,
)
from creative_memory.services.engine.bulk import fold_stored
from creative_memory.services.engine.derive import Deriver, OrderKey
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import EventsToken, events_token


@dataclass
class Folded:
    """What the snapshot gave: the records folded here, the rows the helper process built for its
    scopes (``fold_split``: no key in both), the last event's order key, the set digest (mod
    2**256), the number of events and the top seq, the token, the stored rows by key."""

    records: dict[PrefKey, PrefState]
    built: dict[PrefKey, tuple[Any, ...]]
    last_key: OrderKey | None
    digest: int
    count: int
    max_seq: int
    token: EventsToken
    stored: dict[PrefKey, tuple[Any, ...]]

    @property
    def preferences(self) -> int:
        return len(self.records) + len(self.built)


def fold_every_event(
    store: Store, user_id: str, now: int, progress: Progress | None, cancelled: CancelCheck | None
) -> Folded:
    """Fold every event of the user in one read snapshot (see the module notes)."""
    deriver = Deriver(track_touched=False)
    built: dict[PrefKey, tuple[Any, ...]] = {}
    with store.read() as session:
        con = dbapi_connection(session)
        with sa_errors():
            token = events_token(con, user_id)
        total = int(
            session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user_id)) or 0
        )

        def tick(done: int) -> None:
            if progress is not None:
                progress(done, total)
            if cancelled is not None and cancelled():
                raise Cancelled("The rebuild was cancelled; the stored preferences were left as they were.")

        with sa_errors():
            helper = fold_split.start(store.path, con, user_id, total, token.max_seq, now)
        try:
            skipped = {scope: [0, 0] for scope in helper.scopes} if helper else None
            events = iter_events(session, user_id)
            digest, count, max_seq = fold_stored(deriver, events, 20_000, tick, skip=skipped)
            merged = fold_split.merge(deriver, helper, skipped, cancelled) if helper and skipped else None
        finally:
            if helper is not None:
                helper.stop()
        if merged is not None:
            built, last_key = merged
        else:
            if helper is not None:  # the helper failed: everything here, from this snapshot
                tick(0)
                deriver = Deriver(track_touched=False)
                digest, count, max_seq = fold_stored(deriver, iter_events(session, user_id), 20_000, tick)
            last_key = deriver.last_key
        with sa_errors():
            stored = {
                (r[2], r[4], r[5], r[6]): r
                for r in con.execute(f"{SELECT_PREF} WHERE user_id = ?", (user_id,))
            }
    return Folded(deriver.records, built, last_key, digest % DIGEST_MODULUS, count, max_seq, token, stored)

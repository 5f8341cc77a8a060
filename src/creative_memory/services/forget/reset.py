"""Reset: erase all creative memory of a user, in short transactions, and prove it with a receipt.

On the large store the rows to delete take seconds to delete, far more than the daemon may wait
for the write lock, so they go in chunks of a few dozen milliseconds each (docs/decisions/0019):
diagnostics first, then the preferences in pattern order (the records of a pattern go together),
then the events, and last, in one transaction, the derivation row, the ignored counts, the
settings if asked, the audit entry and the lease. The user's ``reset`` lease keeps every reader
from deriving from the half-deleted events meanwhile; nothing of it is logged as a change
(``writes.quiet``). A whole-file VACUUM runs only with ``compact`` (Open Design closed).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

from sqlalchemy import delete, func, select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import (
    Blocklist,
    Derivation,
    Event,
    EventPattern,
    IgnoredCount,
    Preference,
    ProjectSettings,
    Retrieval,
    RetrievalEvent,
    Settings,
)
from creative_memory.services.common.errors import RefusedForSafety
from creative_memory.services.controls import audit
from creative_memory.services.derivation.derivation import dbapi_connection, sa_errors
from creative_memory.services.forget.byte_scan import count_bytes
from creative_memory.services.forget.erasure import Receipt
from creative_memory.services.forget.erasure_search import daemon_mentions
from creative_memory.services.store import backups
from creative_memory.services.store.page_digests import drop_unnamed_digests
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import (
    Chunker,
    WalKeeper,
    chunks_kept,
    drop_lease,
    quiet,
    renew_lease,
    take_lease,
)

# Up to this many events, one transaction erases everything within the lock budget on this
# machine (measured: ~20 k events with their records in ≈ 150 ms).
SINGLE_TRANSACTION_ROWS = 20_000

# (table, how its rows of the user are selected, ordered so a pattern's records go together)
_STEPS: tuple[tuple[str, str], ...] = (
    (
        RetrievalEvent.__tablename__,
        f"retrieval_id IN (SELECT id FROM {Retrieval.__tablename__} WHERE user_id = ?)",
    ),
    (Retrieval.__tablename__, "user_id = ?"),
    (Preference.__tablename__, "user_id = ? ORDER BY pattern"),  # the (user_id, pattern) index: no sort
    (EventPattern.__tablename__, "user_id = ?"),
    (Event.__tablename__, "user_id = ?"),
)


def delete_chunked(
    store: Store, user_id: str, table: str, where: str, counts: dict[str, int], keeper: WalKeeper
) -> None:
    """Delete the user's rows of ``table`` (``where`` takes the user id) in timed chunks under the
    user's lease, none of it logged as a change; counts them in ``counts``. ``keeper``: that of
    :func:`~creative_memory.services.store.writes.chunks_kept` around the deletes."""
    # Small first: the first chunk of a table runs on a cold page cache (rows, their index
    # entries and, with secure_delete, every freed byte rewritten); the rate sets the next ones.
    chunker = Chunker(100)
    while True:
        keeper.wait()  # the last chunk's checkpoint, outside this chunk's time
        t0 = chunker.start()
        with store.write() as session, sa_errors():
            con = dbapi_connection(session)
            keeper.defer(con)
            renew_lease(con, user_id)
            with quiet(con):
                cur = con.execute(
                    f"DELETE FROM {table} WHERE rowid IN (SELECT rowid FROM {table} WHERE {where} LIMIT ?)",
                    (user_id, chunker.size),
                )
            done = int(cur.rowcount or 0)
        counts[table] = counts.get(table, 0) + done
        chunker.record(done, time.perf_counter() - t0)
        keeper.checkpoint()
        if done == 0:
            return


def reset(
    store: Store,
    user_id: str,
    *,
    confirm: bool,
    actor: Actor,
    now: int,
    include_settings: bool = False,
    progress: Callable[[str], None] | None = None,
    compact: bool = False,
) -> Receipt:
    """Erase all creative memory of the user, checkpoint, verify. Needs ``confirm``.

    ``compact``: the user confirmed that Open Design is closed, so the file is also VACUUMed.
    """
    if not confirm:
        raise RefusedForSafety(
            "Reset erases all creative memory and cannot be undone; repeat it with --confirm."
        )
    t0 = time.perf_counter()
    receipt = Receipt()
    step = progress or (lambda _s: None)
    step("Collecting what will be erased…")
    patterns, rows = _collect(store, user_id)
    step("Erasing…")
    # A store small enough is erased in the one final transaction (all or nothing); a large one in
    # chunks under the user's lease first.
    chunked = rows > SINGLE_TRANSACTION_ROWS
    if chunked:
        with store.write() as session, sa_errors():
            take_lease(dbapi_connection(session), user_id, "reset")
    counts: dict[str, int] = {}
    try:
        with chunks_kept(store, several=chunked) as keeper:
            for table, where in _STEPS if chunked else ():
                delete_chunked(store, user_id, table, where, counts, keeper)
        others = _erase_the_rest(store, user_id, counts, receipt, include_settings, actor, now)
    finally:
        if chunked:
            with store.write() as session, sa_errors():
                drop_lease(dbapi_connection(session), user_id)
    _finish(store, user_id, receipt, sorted(patterns - others), step, compact)
    backups.settle(receipt, store.path, None)  # decision 0016: a reset removes every backup copy
    receipt.duration_ms = (time.perf_counter() - t0) * 1000
    return receipt


def _collect(store: Store, user_id: str) -> tuple[set[str], int]:
    """The user's patterns (of records and of events), to verify gone afterwards, and how many
    events there are."""
    with store.read() as session:
        patterns = set(
            session.scalars(select(Preference.pattern).where(Preference.user_id == user_id).distinct())
        )
        patterns |= set(
            session.scalars(select(EventPattern.pattern).where(EventPattern.user_id == user_id).distinct())
        )
        rows = int(
            session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user_id)) or 0
        )
    return patterns, rows


def _erase_the_rest(
    store: Store,
    user_id: str,
    counts: dict[str, int],
    receipt: Receipt,
    include_settings: bool,
    actor: Actor,
    now: int,
) -> set[str]:
    """The final transaction: whatever the chunks left or arrived meanwhile, the derivation row, the
    ignored counts, the settings if asked, the receipt's counts, the audit entry and the lease.
    Returns the patterns another user of this store still has (not this user's to verify away)."""
    with store.write() as session:
        con = dbapi_connection(session)
        with sa_errors(), quiet(con):
            # Whatever arrived while the chunks ran goes too (a reset erases all of it).
            for table, where in _STEPS:
                cur = con.execute(f"DELETE FROM {table} WHERE {where.split(' ORDER BY')[0]}", (user_id,))
                counts[table] = counts.get(table, 0) + int(cur.rowcount or 0)
        session.execute(delete(Derivation).where(Derivation.user_id == user_id))
        session.execute(delete(IgnoredCount).where(IgnoredCount.user_id == user_id))
        drop_unnamed_digests(session)  # the pages only this user's events named
        if include_settings:
            session.execute(delete(Settings).where(Settings.user_id == user_id))
            session.execute(delete(ProjectSettings).where(ProjectSettings.user_id == user_id))
            session.execute(delete(Blocklist).where(Blocklist.user_id == user_id))
        receipt.diagnostics = counts.get(RetrievalEvent.__tablename__, 0)
        receipt.events_deleted = counts.get(Event.__tablename__, 0)
        receipt.preferences = counts.get(Preference.__tablename__, 0)
        audit.record(
            session,
            user_id,
            actor,
            "reset",
            "all creative memory" + (" and settings" if include_settings else ""),
            f"ok: {receipt.preferences} preferences, {receipt.events_deleted} events",
            now,
        )
        others = set(
            session.scalars(select(Preference.pattern).where(Preference.user_id != user_id).distinct())
        )
        with sa_errors():
            drop_lease(con, user_id)
    return others


def _finish(
    store: Store,
    user_id: str,
    receipt: Receipt,
    check: list[str],
    step: Callable[[str], None],
    compact: bool,
) -> None:
    if compact:
        step("Compacting the store (VACUUM)…")
        try:
            with store.raw() as con:
                con.execute("VACUUM")
        except sqlite3.OperationalError as exc:
            receipt.notes.append(
                f"The store could not be compacted ({exc}); close Open Design and run the command again."
            )
    receipt.checkpointed = store.checkpoint_truncate()
    step("Verifying…")
    if check:
        receipt.occurrences = count_bytes(store.path, [p.encode() for p in check])
        if receipt.occurrences:
            with store.read() as session:
                elsewhere = sum(daemon_mentions(session, p) for p in check[:200])
            if elsewhere:
                receipt.notes.append(
                    "Some of the text also appears in Open Design's own data (for example chat messages); "
                    "this program does not change that data."
                )
            elif not compact:
                receipt.notes.append(
                    "Old copies of the text remain in free space inside the store file. Close Open "
                    "Design, then run the reset again with --compact to rewrite the file without them."
                )
    with store.read() as session:
        left = session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user_id))
    receipt.verified = (
        receipt.checkpointed
        and not left
        and (receipt.occurrences == 0 or any("Open Design's own data" in n for n in receipt.notes))
    )

"""The steps of a forget after its first write (:mod:`creative_memory.services.forget.forgetting` runs
them in order): chunked transactions under the lease, the catch-up on events stored meanwhile, and
the last write that drops the lease (docs/decisions/0035).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import delete, func, select, update

from creative_memory.model.tables import Audit, Derivation, Event
from creative_memory.services.derivation import changes
from creative_memory.services.derivation.derivation import (
    Group,
    dbapi_connection,
    sa_errors,
)
from creative_memory.services.derivation.regroup import rederive_groups
from creative_memory.services.forget.erasure import Receipt, Target
from creative_memory.services.forget.forget_events import (
    delete_placeholders,
    diagnostics_naming,
    drop_diagnostics,
    drop_records,
    indexed_events,
    rewrite_events,
)
from creative_memory.services.forget.forget_progress import ForgetProgress
from creative_memory.services.forget.free_text import diff_candidates, diff_mentions, mentions_in, payloads
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import (
    Chunker,
    drop_lease,
    quiet,
    renew_lease,
)

log = logging.getLogger("cm.erasure")


#: the activity log's entries of a forget (with and without a block)
FORGET_ACTIONS = ("forget", "forget+block")
#: a forget's entry from its first write until its last: a run that dies in between leaves it so
STARTED = "started, not finished"
#: … and once the next open of the store has finished it (``forgetting.finish_interrupted``)
FINISHED_LATE = "ok, finished after an interruption"


def fold_changes(session: Any, user_id: str, now: int) -> None:
    """Inside a write transaction: fold changes another program logged, so that the digest
    arithmetic of the rewrite starts from an exact derivation."""
    con = dbapi_connection(session)
    if not changes.pending(con, user_id):
        return  # the common case: no row of the derivation to load (run once per chunk)
    drow = session.get(Derivation, user_id)
    if drow is not None:
        changes.apply_changes(session, user_id, drow, now)


def in_chunks(
    store: Store,
    user_id: str,
    items: Sequence[int],
    step: Callable[[Any, Sequence[int]], None],
    receipt: Receipt,
    *,
    start: int = 50,
    now: int | None = None,
    done: Callable[[Sequence[int]], None] | None = None,
) -> None:
    """Run ``step`` over ``items`` in timed write transactions under the lease (quiet: this program's
    own rewrites keep the derivation exact themselves); ``done`` hears each batch once it committed."""
    # Small first: the first chunk runs on a cold page cache; the measured rate sizes the next.
    chunker = Chunker(start, minimum=5)
    i = 0
    while i < len(items):
        batch = items[i : i + chunker.size]
        t0 = chunker.start()
        with store.write() as session, sa_errors():
            con = dbapi_connection(session)
            renew_lease(con, user_id)
            with quiet(con):
                if now is not None:
                    fold_changes(session, user_id, now)
                step(session, batch)
            session.flush()
        chunker.record(len(batch), time.perf_counter() - t0)
        receipt.held(time.perf_counter() - t0)
        if done is not None:
            done(batch)
        i += len(batch)


def rewrite_in_chunks(
    store: Store,
    user_id: str,
    work: Sequence[tuple[Target, list[int]]],
    receipt: Receipt,
    groups: set[Group],
    now: int,
    later: list[int],
    progress: ForgetProgress | None = None,
) -> None:
    """Erase each form from its events, in chunks; collects the groups whose evidence changed and,
    for a whole target, the events to delete once no event holds its text (``later``); ``progress``
    hears which events are done."""
    for form, seqs in work:

        def step(session: Any, ids: Sequence[int], f: Target = form) -> None:
            groups.update(rewrite_events(session, user_id, f, ids, receipt, later if f.whole else None))

        in_chunks(
            store,
            user_id,
            seqs,  # in seq order: each chunk deletes one run of the target's index entries
            step,
            receipt,
            now=now,
            done=None if progress is None else progress.committed,
        )


class MentionScan:
    """The events whose diff mentions a whole target (:func:`diff_mentions`). The SQL half — a read of
    every payload, about 0.3 s on the L data set, that hands the interpreter one row
    (:func:`diff_candidates`) — runs on a thread of its own while the forget's first writes and the
    rewrite of the events its pattern index names run: SQLite's own code lets go of the
    interpreter's lock, so both go on at once. The exact check of what it kept runs on the forget's
    thread between two transactions (:meth:`events_beside`)."""

    def __init__(self, store: Store, user_id: str, targets: list[Target]) -> None:
        self._seqs: list[int] | None = None
        self._error: BaseException | None = None
        self._targets = targets
        self._store = store
        self._thread = threading.Thread(
            target=self._scan, args=(user_id,), name="cm-forget-mentions", daemon=True
        )
        self._thread.start()

    def _scan(self, user_id: str) -> None:
        try:
            with self._store.read() as session:
                self._seqs = diff_candidates(session, user_id, self._targets)
        except BaseException as exc:  # handed to the forget's thread by events_beside()
            self._error = exc

    def stop(self) -> None:
        """Waits for the scan to end, whatever it found (the forget stopped)."""
        self._thread.join()

    def events_beside(self, work: Sequence[tuple[Target, list[int]]]) -> list[tuple[Target, list[int]]]:
        """Waits for the scan (its error, if any, is raised here): the mentioning events that
        ``work`` (the events the pattern index named, rewritten by now) does not hold, per target."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._seqs is not None
        named = {seq for _f, seqs in work for seq in seqs}
        with self._store.read() as session:
            rows = payloads(session, [seq for seq in self._seqs if seq not in named])
        found = mentions_in(rows, self._targets)
        return [(t, sorted(found[t])) for t in self._targets if found[t]]


def arrived(
    session: Any, user_id: str, targets: list[Target], spelled: dict[Target, list[Target]], after: int
) -> list[tuple[Target, list[int]]]:
    """The events stored after ``after`` (seq) that name a target: an index range, no scan."""
    mentions = diff_mentions(session, user_id, targets, after=after)
    return [
        (f, sorted(indexed_events(session, user_id, f, after=after) | (mentions[t] if f is t else set())))
        for t in targets
        for f in spelled[t]
    ]


def catch_up(
    store: Store,
    user_id: str,
    targets: list[Target],
    spelled: dict[Target, list[Target]],
    top: int,
    receipt: Receipt,
    groups: set[Group],
    now: int,
    later: list[int],
    progress: ForgetProgress | None = None,
) -> int:
    """Erase the targets from events stored while the chunks ran (the daemon keeps writing), until a
    check finds none; returns the highest seq checked."""
    for _round in range(20):
        with store.read() as session:
            newest = int(session.scalar(select(func.max(Event.seq)).where(Event.user_id == user_id)) or 0)
            found = arrived(session, user_id, targets, spelled, top)
        top = max(top, newest)
        if not any(seqs for _f, seqs in found):
            break
        if progress is not None:
            progress.events.update(seq for _f, seqs in found for seq in seqs)
        rewrite_in_chunks(store, user_id, found, receipt, groups, now, later, progress)
    return top


def last_write(
    store: Store,
    user_id: str,
    targets: list[Target],
    spelled: dict[Target, list[Target]],
    top: int,
    diag_top: int,
    receipt: Receipt,
    now: int,
    *,
    reset_cache: bool,
) -> None:
    """The last write: whatever arrived since the last check, the watermark, the lease and its plan."""
    t0 = time.perf_counter()
    with store.write() as session, sa_errors():
        con = dbapi_connection(session)
        with quiet(con):
            fold_changes(session, user_id, now)
            late: set[Group] = set()
            later: list[int] = []
            for f, seqs in arrived(session, user_id, targets, spelled, top):
                if seqs:
                    late |= rewrite_events(session, user_id, f, seqs, receipt, later if f.whole else None)
                late |= drop_records(session, user_id, f, receipt)
            delete_placeholders(session, user_id, later)
            drop_diagnostics(session, diagnostics_naming_all(session, user_id, spelled, diag_top), receipt)
            drow = session.get(Derivation, user_id)
            if reset_cache:
                # The groups a dead run had not re-derived are unknown: the next read re-derives all.
                session.execute(delete(Derivation).where(Derivation.user_id == user_id))
            elif drow is not None:
                if late:
                    rederive_groups(session, user_id, late, now, max_seq=drow.max_seq)
                # Lower the watermark when the last folded events were deleted, but never raise it
                # over events that are not folded yet.
                drow.max_seq = min(
                    drow.max_seq,
                    int(session.scalar(select(func.max(Event.seq)).where(Event.user_id == user_id)) or 0),
                )
            drop_lease(con, user_id)
            # The activity log's entry said "started" since the first write: now it is done.
            session.execute(
                update(Audit)
                .where(
                    Audit.user_id == user_id,
                    Audit.action.in_(FORGET_ACTIONS),
                    Audit.outcome == STARTED,
                    Audit.at == now,
                )
                .values(outcome=FINISHED_LATE if reset_cache else "ok")
            )
        session.flush()
    receipt.held(time.perf_counter() - t0)


def diagnostics_naming_all(
    session: Any, user_id: str, spelled: dict[Target, list[Target]], after: int
) -> list[int]:
    return sorted(
        {
            i
            for forms in spelled.values()
            for f in forms
            for i in diagnostics_naming(session, user_id, f, after=after)
        }
    )

"""Forget one pattern (or many): the erasure itself, with the slow reads outside the write lock.

The scan of the events' diffs for mentions reads the whole events table (a few hundred
milliseconds on the large store), so it runs in a read snapshot first, with the events token of
that snapshot. The write transaction re-checks the token: when nothing changed, the scan's
answer still holds and only the erasure runs under the lock; when something changed, the scan is
repeated inside the transaction (correct, only slower). Its own rewrites are not logged as
changes (they keep the derivation exact themselves: ``writes.quiet``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from sqlalchemy import func, select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Derivation, Event
from creative_memory.services import audit, backups, changes
from creative_memory.services.blocklist import BlockChecker
from creative_memory.services.derivation import dbapi_connection, ensure_current, rederive_groups, sa_errors
from creative_memory.services.erasure import (
    _SNAPSHOT_NOTE,
    Receipt,
    Target,
    _forget_in,
    _verify,
    diff_mentions,
    spelled_targets,
)
from creative_memory.services.erasure_search import needles_for
from creative_memory.services.errors import InvalidInput
from creative_memory.services.store import Store
from creative_memory.services.writes import events_token, quiet


def forget(
    store: Store,
    user_id: str,
    targets: Sequence[Target],
    *,
    blocks: BlockChecker,
    block: bool = False,
    actor: Actor,
    now: int,
    verify: bool = True,
    compact: bool = False,
) -> Receipt:
    """Erase one or many patterns in one short transaction, then checkpoint and verify.

    ``compact``: the user confirmed that Open Design is closed, so a VACUUM may remove old copies
    that the byte search finds in free space (it holds the write lock for the whole file).
    """
    if not targets:
        raise InvalidInput("Name at least one pattern to forget.")
    targets = [t.normalized() for t in targets]
    t0 = time.perf_counter()
    receipt = Receipt(blocked=block)
    # Changes another program made are folded first, so the digest arithmetic below starts from
    # an exact derivation (and the change log holds nothing about the events this rewrites).
    ensure_current(store, user_id, now)
    with store.read() as session:
        seen = events_token(dbapi_connection(session), user_id)
        mentions = diff_mentions(session, user_id, targets)
        spelled = spelled_targets(session, user_id, targets)  # every stored spelling (decision 0029)
    with store.write() as session:
        con = dbapi_connection(session)
        with sa_errors():
            if events_token(con, user_id) != seen:
                mentions = diff_mentions(session, user_id, targets)
                spelled = spelled_targets(session, user_id, targets)
            drow = session.get(Derivation, user_id)
            if drow is not None and changes.pending(con, user_id):
                changes.apply_changes(session, user_id, drow, now)
        with quiet(con):
            regroup: set[tuple[str, str, str]] = set()
            for t in targets:
                for i, form in enumerate(spelled[t]):
                    regroup |= _forget_in(session, user_id, form, receipt, mentions[t] if i == 0 else set())
                fp = blocks.fingerprint(t.preference_type, t.pattern)
                receipt.fingerprints.append(fp)
                if block:
                    blocks.block(session, user_id, t.preference_type, t.pattern, now)
                where = f" in {t.project_id}" if t.project_id else " global only" if t.global_only else ""
                pol = f" ({t.polarity})" if t.polarity else ""
                audit.record(
                    session,
                    user_id,
                    actor,
                    "forget+block" if block else "forget",
                    f"fp:{fp[:16]}{where}{pol}",
                    "ok",
                    now,
                )
            # Re-derive every group that lost evidence from what is left: the other records of a
            # partially forgotten group, and other patterns of deleted or rewritten events.
            drow = session.get(Derivation, user_id)
            if regroup:
                rederive_groups(
                    session, user_id, regroup, now, max_seq=drow.max_seq if drow is not None else None
                )
            if drow is not None:
                # Lower the watermark when the last folded events were deleted, but never raise it
                # over events that are not folded yet.
                drow.max_seq = min(
                    drow.max_seq,
                    int(session.scalar(select(func.max(Event.seq)).where(Event.user_id == user_id)) or 0),
                )
            session.flush()
    receipt.checkpointed = store.checkpoint_truncate()
    if not receipt.checkpointed:
        receipt.notes.append(_SNAPSHOT_NOTE)
    if verify:
        _verify(store, user_id, [form for t in targets for form in spelled[t]], receipt, compact=compact)
    # decision 0016; folded needles of every spelling (decision 0029)
    backups.settle(
        receipt,
        store.path,
        [n for t in targets for f in spelled[t] for n in needles_for(f.pattern, [f.pattern])],
    )
    receipt.duration_ms = (time.perf_counter() - t0) * 1000
    return receipt

"""Forget one pattern (or many) in short transactions under the user's ``forget`` lease.

Forgetting a busy pattern rewrites thousands of events and re-derives every group they fed: far
longer than the daemon may wait for the write lock. So (docs/decisions/0035):

1. **Read** (a snapshot, no lock): every stored spelling of each target, the events that name it
   (pattern index and free-text mentions in diffs), the diagnostics that name it.
2. **First write**: take the lease with the plan (the normalised targets), fold pending outside
   changes, delete the target's records, block it if asked, write the audit entry. From this
   commit on no reader sees the target, and while the lease lives nobody derives: readers serve the
   stored preferences.
3. **Chunks** of ~50 ms: the diagnostics that name it, then the events a batch at a time (each
   payload read and rewritten in its transaction, the digest kept exact), then events stored
   meanwhile, then the groups whose evidence changed: folded in a read snapshot, published a
   (type, pattern) at a time, after checking that no derivation happened meanwhile.
4. **Last write**: what arrived since the last check, the watermark, dropping the lease and plan.
5. Checkpoint (PASSIVE first, so that the TRUNCATE one has little left to copy while it blocks
   writers), then the byte search of the files: "verified" is said after the last chunk.

A run that dies between chunks leaves its plan in a lease whose process is gone. The next open of
the store, forget, or command that rebuilds (an import, the demo, the window's Rebuild) finishes it
(:func:`finish_interrupted`): it erases what is left of the targets and has the cache re-derived in
full, so nothing forgotten comes back. Until then no rebuild derives from what it left
(``writes.refuse_after_interrupted``; docs/decisions/0070).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from creative_memory.model.constants import Actor, Polarity
from creative_memory.model.tables import Event
from creative_memory.services.common import limits, spelled_bytes, spellings
from creative_memory.services.common.clock import now_ms
from creative_memory.services.common.errors import InvalidInput, OperationFailed
from creative_memory.services.controls import audit
from creative_memory.services.derivation import rebuild
from creative_memory.services.derivation.cache_state import CancelCheck, DerivationInfo, Progress
from creative_memory.services.derivation.derivation import (
    Group,
    dbapi_connection,
    ensure_current,
    sa_errors,
)
from creative_memory.services.derivation.regroup import rederive_chunked
from creative_memory.services.forget.erasure import SNAPSHOT_NOTE, Receipt, Target, checkpoint, verify_erasure
from creative_memory.services.forget.forget_events import (
    delete_placeholders,
    diagnostics_naming,
    drop_diagnostics,
    drop_records,
    indexed_events,
    last_diagnostic,
    placeholders,
    spelled_targets,
)
from creative_memory.services.forget.forget_phases import (
    STARTED,
    MentionScan,
    catch_up,
    fold_changes,
    in_chunks,
    last_write,
    rewrite_in_chunks,
)
from creative_memory.services.forget.forget_progress import ForgetProgress
from creative_memory.services.forget.search_ahead import SearchAhead
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.reextract import Reread, reextract
from creative_memory.services.store import backups
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import (
    abandon_lease,
    checkpoints_between,
    interrupted_plans,
    quiet,
    renew_lease,
    take_lease,
)

log = logging.getLogger("cm.erasure")
OPERATION = "forget"


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
    reason: str | None = None,
) -> Receipt:
    """Erase one or many patterns in short transactions, then checkpoint and verify.

    ``reason``: why the person blocks them, kept with the block (the names scrubbed out of it).

    ``compact``: the user confirmed that Open Design is closed, so a VACUUM may remove old copies
    that the byte search finds in free space (it holds the write lock for the whole file).
    """
    if not targets:
        raise InvalidInput("Name at least one pattern to forget.")
    targets = [t.normalized() for t in targets]
    progress = ForgetProgress(blocked=block)
    try:
        return _forget(
            store,
            user_id,
            targets,
            progress,
            blocks=blocks,
            block=block,
            actor=actor,
            now=now,
            verify=verify,
            compact=compact,
            reason=reason,
        )
    except Exception as exc:
        if limits.disk_full(exc):
            # What its committed transactions did stays; the same forget run again finishes it.
            raise OperationFailed(progress.disk_full()) from exc
        raise


def _forget(
    store: Store,
    user_id: str,
    targets: list[Target],
    progress: ForgetProgress,
    *,
    blocks: BlockChecker,
    block: bool,
    actor: Actor,
    now: int,
    verify: bool,
    compact: bool,
    reason: str | None,
) -> Receipt:
    t0 = time.perf_counter()
    if block:  # a block made with another secret than the store's blocks would hold for nobody
        with store.read() as session:
            blocks.check_key(session, user_id, "blocks nothing", "Nothing was changed.")
    finish_interrupted(store, user_id)  # a forget that died half-way is finished first
    receipt = Receipt(blocked=block)
    # Changes another program made are folded first, so the digest arithmetic below starts from
    # an exact derivation (and the change log holds nothing about the events this rewrites).
    ensure_current(store, user_id, now)
    fps = [blocks.fingerprint(t.preference_type, t.pattern) for t in targets]

    def first(session: Any) -> None:
        for t, fp in zip(targets, fps, strict=True):
            receipt.fingerprints.append(fp)
            if block:
                blocks.block(session, user_id, t.preference_type, t.pattern, now, reason=reason)
            where = f" in {t.project_id}" if t.project_id else " global only" if t.global_only else ""
            pol = f" ({t.polarity})" if t.polarity else ""
            action = "forget+block" if block else "forget"
            # "started" until its last write says "ok" (forget_phases.last_write)
            audit.record(session, user_id, actor, action, f"fp:{fp[:16]}{where}{pol}", STARTED, now)

    ahead: SearchAhead | None = None

    def committed() -> None:
        if ahead is not None:
            ahead.committed()

    # dozens to thousands of short transactions: one connection, kept through the verification,
    # whose search of the database file begins before the first of them (decision 0100)
    with checkpoints_between(store, after=committed) as keeper:
        whole = {spellings.canonical_name(t.pattern) for t in targets if t.whole}
        if verify and whole:
            ahead = SearchAhead(store, spelled_bytes.Spellings(whole), hooked=keeper.hooked)
        try:
            forms = _run(store, user_id, targets, receipt, now, first=first, resumed=False, progress=progress)
            t1 = time.perf_counter()
            receipt.checkpointed = checkpoint(store)
            if not receipt.checkpointed:
                receipt.notes.append(SNAPSHOT_NOTE)
            t2 = time.perf_counter()
            if verify:
                verify_erasure(store, user_id, forms, receipt, compact=compact, ahead=ahead)
        finally:
            if ahead is not None:
                ahead.stop()
    t3 = time.perf_counter()
    # decision 0016; folded needles of every spelling (decision 0029)
    _settle_backups(store, forms, receipt)
    receipt.duration_ms = (time.perf_counter() - t0) * 1000
    log.info(
        "forget: checkpoint %.0f ms, verification %.0f ms (%s), backups %.0f ms",
        (t2 - t1) * 1000,
        (t3 - t2) * 1000,
        f"{ahead.pages_searched} pages written searched again"
        if ahead and ahead.pages_searched
        else "whole files",
        (time.perf_counter() - t3) * 1000,
    )
    return receipt


def _settle_backups(store: Store, forms: Sequence[Target], receipt: Receipt) -> None:
    """The backup copies that hold an erased spelling (decision 0016; every spelling, decision 0029)."""
    backups.settle(
        receipt, store.path, spelled_bytes.Spellings({spellings.canonical_name(f.pattern) for f in forms})
    )


# --------------------------------------------------------------------------- the plan
def _plan_json(targets: Sequence[Target], now: int) -> str:
    """What a later run needs to finish this one: the normalised targets and the moment asked."""
    rows = [
        [t.preference_type, t.pattern, t.project_id, t.polarity and str(t.polarity), t.global_only]
        for t in targets
    ]
    return json.dumps({"now": now, "targets": rows}, ensure_ascii=False, separators=(",", ":"))


def _plan_targets(plan: str) -> tuple[int, list[Target]]:
    data = json.loads(plan)
    out = []
    for ptype, pattern, project, polarity, global_only in data["targets"]:
        out.append(
            Target(ptype, pattern, project, Polarity(polarity) if polarity else None, bool(global_only))
        )
    return int(data.get("now") or now_ms()), out


@dataclass(frozen=True)
class Finished:
    """A forget that stopped before it finished, finished by :func:`finish_interrupted`: whose, what
    it was asked to forget, and its receipt (verified as any forget's)."""

    user_id: str
    targets: list[Target]
    receipt: Receipt


def finish_interrupted(store: Store, user_id: str | None = None) -> list[Finished]:
    """Finish every forget (of ``user_id``, or of every user) whose run died between its chunks;
    returns what each finished. The targets' remaining events are erased like a forget does, then
    the derivation row is deleted so that the next read re-derives the cache in full from events
    that no longer name them (the groups the dead run had not re-derived yet are not known); then
    the files are checked as a forget checks them, so that the person who runs the forget again
    gets its receipt (its activity entry, "started" since the dead run, says it finished)."""
    if store.read_only:
        return []
    try:
        with store.read() as session:
            plans = interrupted_plans(dbapi_connection(session), OPERATION, user_id)
    except Exception:  # a store older than the lease table has no plan to finish
        return []
    out = []
    for user, plan in plans:
        # The audit entry and the block were written by the first transaction of the dead run.
        log.warning("finishing a forget that was interrupted")
        now, targets = _plan_targets(plan)
        receipt = Receipt()
        with checkpoints_between(store):
            forms = _run(store, user, targets, receipt, now, first=None, resumed=True)
        ensure_current(store, user, now)
        receipt.checkpointed = checkpoint(store)
        if not receipt.checkpointed:
            receipt.notes.append(SNAPSHOT_NOTE)
        verify_erasure(store, user, forms, receipt)
        _settle_backups(store, forms, receipt)
        out.append(Finished(user, targets, receipt))
    return out


# --------------------------------------------------------------------------- the run
def _run(
    store: Store,
    user_id: str,
    targets: list[Target],
    receipt: Receipt,
    now: int,
    *,
    first: Callable[[Any], None] | None,
    resumed: bool,
    progress: ForgetProgress | None = None,
) -> list[Target]:
    """Read, then every write of the forget; returns every spelled form that was erased; ``progress``
    hears what each committed phase did. (Longer than most functions: it is the forget's sequence
    of phases, read top to bottom.)"""
    progress = progress or ForgetProgress()
    t0 = time.perf_counter()
    # The store's kept connection stays open meanwhile: the connection of each chunk, closing, would
    # otherwise be the last one open and checkpoint the whole WAL (SQLite does so on the last close).
    with store.snapshot():
        pass
    with store.read() as session:
        spelled = spelled_targets(session, user_id, targets)  # every stored spelling (decision 0029)
        forms = [f for t in targets for f in spelled[t]]
        work = [(f, sorted(indexed_events(session, user_id, f))) for f in forms]
        top = int(session.scalar(select(func.max(Event.seq)).where(Event.user_id == user_id)) or 0)
        diag_top = last_diagnostic(session)
        diag = sorted({i for f in forms for i in diagnostics_naming(session, user_id, f)})
        # A dead run's events that were waiting to be deleted (docs/decisions/0035).
        later: list[int] = placeholders(session, user_id) if resumed else []
    progress.events.update(seq for _f, seqs in work for seq in seqs)
    groups: set[Group] = set()
    phases = {"read": time.perf_counter() - t0}
    t1 = time.perf_counter()
    with store.write() as session, sa_errors():
        con = dbapi_connection(session)
        # A rebuild's lease is taken over: the rebuild starts over once this forget has finished.
        take_lease(con, user_id, OPERATION, takeover="rebuild", plan=_plan_json(targets, now))
        with quiet(con):
            fold_changes(session, user_id, now)
            for f in forms:
                groups |= drop_records(session, user_id, f, receipt)
            if first is not None:
                first(session)
    receipt.held(time.perf_counter() - t1)
    progress.first = True
    # Its snapshot begins after ``top`` was read: what it does not see, the catch-up does.
    scan = MentionScan(store, user_id, targets)
    try:
        t1 = time.perf_counter()
        in_chunks(store, user_id, diag, lambda s, ids: drop_diagnostics(s, ids, receipt), receipt, start=200)
        rewrite_in_chunks(store, user_id, work, receipt, groups, now, later, progress)
        mentioned = scan.events_beside(work)
        progress.events.update(seq for _f, seqs in mentioned for seq in seqs)
        rewrite_in_chunks(store, user_id, mentioned, receipt, groups, now, later, progress)
        work += mentioned
        top = catch_up(store, user_id, targets, spelled, top, receipt, groups, now, later, progress)
        in_chunks(
            store, user_id, sorted(set(later)), lambda s, ids: delete_placeholders(s, user_id, ids), receipt
        )
        progress.events_done = True
        phases["events"] = time.perf_counter() - t1
        t1 = time.perf_counter()
        if not resumed:
            rederive_chunked(store, user_id, groups, now, renew=renew_lease, held=receipt.held)
        phases["groups"] = time.perf_counter() - t1
        last_write(store, user_id, targets, spelled, top, diag_top, receipt, now, reset_cache=resumed)
        progress.written = True
    except BaseException:
        # The plan stays with the lease; marked as over, it is finished by the next open of the store,
        # forget or command that rebuilds (finish_interrupted), and nobody waits for this run meanwhile.
        scan.stop()  # no thread of this forget outlives it
        try:
            with store.write() as session, sa_errors():
                abandon_lease(dbapi_connection(session), user_id)
        except Exception:  # the process is going away or the store is gone: the pid check will tell
            pass
        raise
    if not resumed:
        # Events stored while the lease was held were not folded (an ingest meanwhile leaves them
        # above the watermark): fold them now, as the ingest would have.
        ensure_current(store, user_id, now)
    log.info(
        "forget: %d events, %d groups; %s; longest write %.0f ms",
        len({seq for _f, seqs in work for seq in seqs}),
        len(groups),
        ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in phases.items()),
        receipt.longest_write_ms,
    )
    return forms


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What a person's rebuild did: the stored pages read again, and the re-derivation."""

    pages: Reread
    derivation: DerivationInfo


def rebuild_on_request(
    store: Store,
    user_id: str,
    now: int,
    *,
    blocks: BlockChecker | None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Rebuilt:
    """A full rebuild asked for by a person (the window's Rebuild, ``od-memory rebuild``): a forget
    that died half-way since the store was opened is finished first, since a rebuild never derives
    from what it left (decision 0070); the pages another extractor version read are read again
    from their stored digests (decision 0065); then every preference is re-derived."""
    finish_interrupted(store, user_id)
    pages = reextract(store, user_id, blocks)
    return Rebuilt(pages, rebuild.rebuild(store, user_id, now, progress=progress, cancelled=cancelled))

"""Ingest: validate raw events at the boundary, redact free text (``services.ingest.redaction``), gate,
store, keep derivation current.

Raw events are canonical and append-only. A batch is one transaction: all of it or none of it.
Events that arrive while memory is off, learning is paused, the project's learning is off, or that
name a blocked pattern are counted (per reason) but never stored.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import nullcontext, suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pydantic import ValidationError
from sqlalchemy.orm import Session

from creative_memory.model.constants import MAX_EVENT_LINE_BYTES, MAX_PAYLOAD_BYTES, PAGE_FIELDS, SignalType
from creative_memory.model.events import STORED, EventIn, PatternIn
from creative_memory.model.inert import NOT_UNICODE, not_unicode
from creative_memory.model.tables import IgnoredCount
from creative_memory.model.vocabulary import WIRE_SIGNAL_NAMES
from creative_memory.services.common.errors import InvalidInput, ReadOnly
from creative_memory.services.controls import controls
from creative_memory.services.derivation.derivation import ensure_current
from creative_memory.services.derivation.incremental import derive_in
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.event_rows import (
    Prepared,
    prepared_rows,
)
from creative_memory.services.ingest.event_rows import (
    event_row as event_row,
)
from creative_memory.services.ingest.event_rows import (
    insert_event_rows as insert_event_rows,
)
from creative_memory.services.ingest.event_rows import (
    payload_of as payload_of,
)
from creative_memory.services.ingest.event_rows import (
    stored_event_ids as stored_event_ids,
)
from creative_memory.services.ingest.pages import PageEvidence, page_evidence, scrubbed, unblocked
from creative_memory.services.ingest.redaction import MAX_STORED_DIFF_BYTES as MAX_STORED_DIFF_BYTES
from creative_memory.services.ingest.redaction import clean_diff as clean_diff
from creative_memory.services.ingest.redaction import redact as redact
from creative_memory.services.ingest.redaction import scrub_blocked
from creative_memory.services.store.page_digests import insert_digests
from creative_memory.services.store.store import Store, raw_connection
from creative_memory.services.store.writes import KEPT_CACHE_KIB, Chunker, WalKeeper, wal_kept


# --------------------------------------------------------------------------- validation
def _loc(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "event"


def describe_validation_error(err: ValidationError, at: Sequence[int | str] = ()) -> str:
    """One sentence per problem, each naming the field (under ``at``: the place of the value
    validated, as ``("events", 3)``) and what to do."""
    msgs: list[str] = []
    for e in err.errors():
        where = _loc((*at, *e["loc"]))
        kind = e["type"]
        if kind == "extra_forbidden":
            msgs.append(f"{where}: unknown field; remove it")
        elif kind == "missing":
            msgs.append(f"{where}: required field is missing")
        elif kind == "timezone_aware":
            msgs.append(f"{where}: the time has no time zone; add an offset such as Z or +01:00")
        elif kind in ("name", "scope"):
            msgs.append(f"{where}: {e['msg']}")
        elif kind == "enum" and where == "signal_type":
            allowed = ", ".join(WIRE_SIGNAL_NAMES)
            msgs.append(f"signal_type: unknown signal type; use one of {allowed}")
        elif kind == "value_error":
            msgs.append(str(e["msg"]).removeprefix("Value error, "))
        else:
            msgs.append(f"{where}: {e['msg']}")
    return "; ".join(msgs)


TOO_LARGE = "the event is larger than 64 KiB beside its pages; shorten its diff"


def beside_pages_bytes(obj: Any) -> int:
    """The size of an event's JSON without its pages (each page has its own limit, 2 MB)."""
    if isinstance(obj, dict):
        rest = {k: v for k, v in obj.items() if k not in PAGE_FIELDS}
        for side in ("chose", "over"):
            value = rest.get(side)
            if isinstance(value, dict) and "page" in value:
                rest[side] = {k: v for k, v in value.items() if k != "page"}
        obj = rest
    return len(json.dumps(obj, ensure_ascii=False).encode())


def validate_event(obj: Any, *, stored: bool = False) -> EventIn:
    """Validate one decoded event; raise InvalidInput with the field and the reason. ``stored``: the
    event as this program stored it (an import's check), which a forget may have narrowed."""
    if not isinstance(obj, dict):
        raise InvalidInput("the event must be a JSON object")
    try:
        return EventIn.model_validate(obj, context={STORED: True} if stored else None)
    except ValidationError as exc:
        raise InvalidInput(describe_validation_error(exc)) from None


@dataclass(frozen=True)
class RejectedLine:
    """A line of an ingest that was not stored: its number (from 1) and why, in a sentence."""

    line: int
    error: str

    def as_json(self) -> dict[str, Any]:
        """The wire form (``ingest --json``'s ``rejected``)."""
        return {"line": self.line, "error": self.error}


@dataclass
class ParsedBatch:
    events: list[tuple[int, EventIn]] = field(default_factory=list)
    rejected: list[RejectedLine] = field(default_factory=list)


def parse_jsonl(text: str) -> ParsedBatch:
    """Parse JSON lines; blank lines are skipped; every bad line is reported with its number."""
    out = ParsedBatch()
    # Lines end at "\n" (or "\r\n") only: str.splitlines() would also split at U+2028, U+0085,
    # \v, \f … which JSON allows raw inside strings (JavaScript's JSON.stringify writes them).
    for n, raw_line in enumerate(text.split("\n"), start=1):
        line = raw_line.removesuffix("\r")
        if not line.strip():
            continue
        size = len(line.encode("utf-8", "surrogatepass"))
        if size > MAX_EVENT_LINE_BYTES:
            out.rejected.append(RejectedLine(n, TOO_LARGE))
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as exc:
            out.rejected.append(RejectedLine(n, f"not valid JSON ({str(exc).split(':')[0]})"))
            continue
        if "\\u" in line and not_unicode(obj):  # only an escape makes a lone surrogate here
            out.rejected.append(RejectedLine(n, NOT_UNICODE))
            continue
        if size > MAX_PAYLOAD_BYTES and beside_pages_bytes(obj) > MAX_PAYLOAD_BYTES:
            out.rejected.append(RejectedLine(n, TOO_LARGE))
            continue
        try:
            out.events.append((n, validate_event(obj)))
        except InvalidInput as exc:
            out.rejected.append(RejectedLine(n, str(exc)))
    return out


def bump_ignored(session: Session, user_id: str, counts: dict[str, int], now: int) -> None:
    for reason, n in counts.items():
        if n <= 0:
            continue
        row = session.get(IgnoredCount, (user_id, reason))
        if row is None:
            session.add(IgnoredCount(user_id=user_id, reason=reason, count=n, last_at=now))
        else:
            row.count += n
            row.last_at = now


def ignore_events(
    store: Store, events: Sequence[EventIn], reason: str, *, default_user: str, now: int
) -> IngestReport:
    """Store none of ``events`` (validated already): count each as ignored for ``reason``, per
    user, as a closed learning gate counts what it keeps out (a temporary conversation's events,
    decision 0087). A read-only store counts nothing and says so (ReadOnly)."""
    per_user = Counter(ev.user_id or default_user for ev in events)
    if store.read_only:
        raise ReadOnly(store.read_only_reason or "This store is read-only, so nothing can be counted in it.")
    with store.write() as session:
        for user, n in sorted(per_user.items()):
            bump_ignored(session, user, {reason: n}, now)
    return IngestReport(ignored={reason: len(events)} if events else {})


@dataclass
class IngestReport:
    accepted: int = 0
    duplicates: int = 0
    ignored: dict[str, int] = field(default_factory=dict)
    rejected: list[RejectedLine] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "accepted": self.accepted,
            "duplicates": self.duplicates,
            "ignored": dict(self.ignored),
            "rejected": [r.as_json() for r in self.rejected],
        }


_last_chunk_size: dict[str, int] = {}


def ingest_events(
    store: Store,
    events: Iterable[EventIn],
    *,
    default_user: str,
    now: int,
    source: str = "cli",
    blocks: BlockChecker | None = None,
    derive: bool = True,
) -> IngestReport:
    """Store a validated batch, then bring the derived cache up to date.

    The batch is written in chunks, each one transaction with its own incremental derivation, sized
    so that none holds the write lock long (docs/decisions/0019): a large file never starves the
    daemon. Every event was validated before the first chunk; an interrupted run leaves a prefix
    of the batch, and running it again adds the rest (events are idempotent by ``event_id``).
    """
    report = IngestReport()
    batch = list(events)
    ignored: Counter[str] = Counter()
    rebuild_users: set[str] = set()
    # A run starts at the chunk size the last run on this store ended with (its measured rate):
    # the daemon sends many small batches, and restarting each at 250 events cost a transaction,
    # a commit and a checkpoint more per batch. Capped, so a stale figure cannot make a long
    # first chunk; the chunker corrects the size from the first chunk's time on.
    key = str(store.path)
    chunker = Chunker(min(_last_chunk_size.get(key, 250), 2000), maximum=20_000)
    i = 0
    # One idle connection kept for the run (writes.wal_kept): opening it costs about a millisecond;
    # without it, a chunk's connection that closes last checkpoints and deletes the whole WAL. A
    # batch of several chunks runs them on one connection (Store.writes_kept), whose page cache
    # stays warm between them; it closes before the idle one.
    several = len(batch) > chunker.size
    with wal_kept(store) as keeper, store.writes_kept() if several else nullcontext():
        while i < len(batch):
            chunk = batch[i : i + chunker.size]
            # The pages' digests and patterns, before the lock (an extraction takes milliseconds).
            evidence = [page_evidence(ev) for ev in chunk]
            prepared = prepared_rows(chunk, default_user, source, now, evidence)
            # The last chunk's checkpoint ran beside this preparation; never beside a transaction,
            # whose commit would queue behind its writes (decision 0056).
            keeper.wait()
            with chunker.timed(len(chunk)), store.write() as session:
                _chunk_pragmas(raw_connection(session), keeper)
                rebuild_users |= _ingest_chunk(
                    session,
                    chunk,
                    prepared,
                    evidence,
                    default_user,
                    now,
                    source,
                    blocks,
                    derive,
                    report,
                    ignored,
                )
            keeper.checkpoint()
            i += len(chunk)
    if batch:
        _last_chunk_size[key] = chunker.size
    report.ignored = dict(ignored)
    for user in sorted(rebuild_users):
        ensure_current(store, user, now)
    return report


def _chunk_pragmas(con: sqlite3.Connection, keeper: WalKeeper) -> None:
    """The chunk's connection: no automatic checkpoint (the keeper runs it after the commit), a
    page cache that holds the preferences' index pages from one chunk to the next, and statement
    journals in memory (the tables' triggers make SQLite keep one per statement; decision 0059)."""
    keeper.defer(con)
    con.execute(f"PRAGMA cache_size=-{KEPT_CACHE_KIB}")
    with suppress(sqlite3.OperationalError):  # refused inside a transaction once a temp table exists
        con.execute("PRAGMA temp_store=MEMORY")


def _ingest_chunk(
    session: Session,
    batch: list[EventIn],
    prepared: Sequence[Prepared | None],
    evidence: Sequence[PageEvidence | None],
    default_user: str,
    now: int,
    source: str,
    blocks: BlockChecker | None,
    derive: bool,
    report: IngestReport,
    ignored: Counter[str],
) -> set[str]:
    """One transaction of :func:`ingest_events`; returns the users whose cache needs a full
    derivation. Each event passes the duplicate check, its user's learning gate and blocklist,
    then becomes a row (``prepared``'s, unless a pattern of its user is blocked)."""
    users: set[str] = set()
    seen_ids: set[tuple[str, str]] = set()
    existing = stored_event_ids(session, [(e.user_id or default_user, e.event_id) for e in batch])
    gates: dict[str, controls.Gate] = {}
    blocked_fps: dict[str, set[str]] = {}
    rows: list[dict[str, Any]] = []
    payloads: list[dict[str, Any]] = []
    per_user_ignored: dict[str, Counter[str]] = {}
    digests: dict[str, str] = {}
    for ev, ready, found in zip(batch, prepared, evidence, strict=True):
        user = ev.user_id or default_user
        if (user, ev.event_id) in existing or (user, ev.event_id) in seen_ids:
            report.duplicates += 1
            continue
        seen_ids.add((user, ev.event_id))
        gate = gates.get(user)
        if gate is None:
            gate = gates[user] = controls.learning_gate(session, user, now)
        uc = per_user_ignored.setdefault(user, Counter())
        reason = gate.reason_for(ev.project_id)
        if reason is not None:
            uc[reason] += 1
            continue
        fps = None if blocks is None else blocked_fps.get(user)
        if blocks is not None and fps is None:
            fps = blocked_fps[user] = blocks.fingerprints(session, user)
        if blocks is not None and fps:
            kept = _unblocked(ev, fps, blocks, uc)
            if kept is None:
                continue
            if found is not None:
                found, dropped = unblocked(found, partial(blocks.blocked, fps))
                found = scrubbed(found, partial(scrub_blocked, blocks=blocks, fps=fps))
                uc["blocked"] += dropped
                if dropped and not found.patterns and not kept and not _side_patterns(ev):
                    continue  # everything its pages showed is blocked, and the host named nothing
            row, payload = event_row(ev, user, kept, blocks, fps, source, now, found)
        else:  # nothing of this user's is blocked: the row as prepared (the same as built here)
            row, payload = ready or event_row(ev, user, list(ev.patterns), blocks, fps, source, now, found)
        if found is not None:
            digests.update(found.bodies)
        rows.append(row)
        payloads.append(payload)
        users.add(user)
    insert_digests(session, digests)
    appended = _appended_by_user(session, rows, payloads)
    _count_ignored(session, per_user_ignored, ignored, now)
    report.accepted += len(rows)
    # Keep the derived cache current in the same transaction: an incremental fold commits
    # with the events (one lock, one commit, the events are not read back through a new
    # connection). A user whose cache needs a full re-derivation gets it after the commit.
    if not derive:
        return set()
    session.flush()
    return {u for u in sorted(users) if derive_in(session, u, now, appended.get(u)) is None}


def _side_patterns(ev: EventIn) -> bool:
    return any(side is not None and side.patterns for side in (ev.chose, ev.over))


def _count_ignored(
    session: Session, per_user: dict[str, Counter[str]], ignored: Counter[str], now: int
) -> None:
    """Add the events left out per user and reason to the stored counts and to the run's."""
    for user, uc in per_user.items():
        bump_ignored(session, user, dict(uc), now)
        for k, v in uc.items():
            ignored[k] += v


def _unblocked(ev: EventIn, fps: set[str], blocks: BlockChecker, uc: Counter[str]) -> list[PatternIn] | None:
    """The event's patterns that are not blocked, each blocked one counted in ``uc``; None when the
    event is dropped: every pattern blocked, or a comparison with a blocked side (counted once).
    The patterns its pages show are checked apart (``pages.unblocked``)."""
    patterns = list(ev.patterns)
    kept = [p for p in patterns if not blocks.blocked(fps, p.preference_type, p.pattern)]
    dropped = len(patterns) - len(kept)
    if ev.signal_type is SignalType.PAIRWISE_COMPARISON:
        sides = [s for side in (ev.chose, ev.over) if side for s in side.patterns]
        if any(blocks.blocked(fps, s.preference_type, s.pattern) for s in sides):
            uc["blocked"] += 1
            return None
    elif dropped:
        uc["blocked"] += dropped
        if not kept and not ev.has_pages:
            return None
    return kept


def _appended_by_user(
    session: Session, rows: list[dict[str, Any]], payloads: list[dict[str, Any]]
) -> dict[str, list[tuple[Any, ...]]]:
    """Insert the rows; per user, the new events as the incremental fold reads them (payload parsed)."""
    appended: dict[str, list[tuple[Any, ...]]] = {}
    if not rows:
        return appended
    seqs = insert_event_rows(session, rows, payloads)
    for seq, row, payload in zip(seqs, rows, payloads, strict=True):
        appended.setdefault(row["user_id"], []).append(
            (
                seq,
                row["event_id"],
                row["occurred_at"],
                row["signal_type"],
                row["scope"],
                row["session_id"],
                row["tag"],
                payload,
                row["content_hash"],
            )
        )
    return appended


def ingest_jsonl(
    store: Store,
    text: str,
    *,
    default_user: str,
    now: int,
    skip_invalid: bool = False,
    source: str = "cli",
    blocks: BlockChecker | None = None,
) -> IngestReport:
    """``od-memory ingest``: all or nothing unless ``skip_invalid``; every bad line is reported."""
    parsed = parse_jsonl(text)
    if parsed.rejected and not skip_invalid:
        report = IngestReport(rejected=parsed.rejected)
        return report
    report = ingest_events(
        store, (e for _, e in parsed.events), default_user=default_user, now=now, source=source, blocks=blocks
    )
    report.rejected = parsed.rejected
    return report

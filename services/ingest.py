"""Ingest: validate raw events at the boundary, redact free text, gate, store, keep derivation current.

Raw events are canonical and append-only. A batch is one transaction: all of it or none of it.
Events that arrive while memory is off, learning is paused, the project's learning is off, or that
name a blocked pattern are counted (per reason) but never stored.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from creative_memory.model.constants import MAX_PAYLOAD_BYTES, SignalType
from creative_memory.model.events import EventIn, PatternIn, payload_items
from creative_memory.model.tables import Event, EventPattern, IgnoredCount, Settings
from creative_memory.model.vocabulary import WIRE_SIGNAL_NAMES
from creative_memory.services import controls, spellings
from creative_memory.services.blocklist import BlockChecker
from creative_memory.services.derivation import dbapi_connection, derive_in, ensure_current, sa_errors
from creative_memory.services.errors import InvalidInput
from creative_memory.services.store import Store
from creative_memory.services.writes import Chunker

# --------------------------------------------------------------------------- redaction
_REDACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=\-]{8,}"), "[redacted:token]"),
    (re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), "[redacted:token]"),
    (re.compile(r"\b(?:sk|pk|rk)-(?:[A-Za-z0-9]+-)?[A-Za-z0-9_\-]{16,}"), "[redacted:key]"),
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "[redacted:key]"),
    (re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b"), "[redacted:key]"),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}\b"), "[redacted:key]"),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9\-]{10,}"), "[redacted:key]"),
    (
        re.compile(
            r"(?i)\b(api[_\-]?key|secret|password|passwd|token)\b(\s*[:=]\s*)(\"[^\"]*\"|'[^']*'|\S+)"
        ),
        r"\1\2[redacted:secret]",
    ),
    (re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"), "[redacted:email]"),
)


def redact(text: str) -> str:
    """Remove obvious secrets (API keys, bearer tokens, e-mail addresses) from free text."""
    for rx, repl in _REDACTIONS:
        text = rx.sub(repl, text)
    return text


BLOCKED_TEXT = "[blocked]"
# The largest diff a stored event holds. The wire allows 60,000 characters; NFC and redaction
# markers can lengthen them, never this far for real text. Import holds bundles to the same bound.
MAX_STORED_DIFF_BYTES = 256 * 1024


def clean_diff(diff: str | None, blocks: BlockChecker | None, fps: set[str] | None) -> str | None:
    """A diff as it may be stored: NFC, secrets redacted, the words that spell a blocked pattern
    (in any case, with any separator) replaced by ``[blocked]``."""
    if diff is None:
        return None
    text = redact(unicodedata.normalize("NFC", diff))
    if blocks is not None and fps:
        spans = spellings.blocked_spans(text, lambda canon: blocks.text_blocked(fps, canon))
        text = spellings.scrub_spans(text, spans, BLOCKED_TEXT)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_STORED_DIFF_BYTES:
        raise InvalidInput(
            f"diff: longer than {MAX_STORED_DIFF_BYTES // 1024} KiB once normalised and redacted; shorten it. "
            "Nothing was stored."
        )
    return text


# --------------------------------------------------------------------------- validation
def _loc(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "event"


def describe_validation_error(err: ValidationError) -> str:
    """One sentence per problem, each naming the field and what to do."""
    msgs: list[str] = []
    for e in err.errors():
        where = _loc(e["loc"])
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


def validate_event(obj: Any) -> EventIn:
    """Validate one decoded event; raise InvalidInput with the field and the reason."""
    if not isinstance(obj, dict):
        raise InvalidInput("the event must be a JSON object")
    try:
        return EventIn.model_validate(obj)
    except ValidationError as exc:
        raise InvalidInput(describe_validation_error(exc)) from None


@dataclass
class ParsedBatch:
    events: list[tuple[int, EventIn]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)


def parse_jsonl(text: str) -> ParsedBatch:
    """Parse JSON lines; blank lines are skipped; every bad line is reported with its number."""
    out = ParsedBatch()
    # Lines end at "\n" (or "\r\n") only: str.splitlines() would also split at U+2028, U+0085,
    # \v, \f … which JSON allows raw inside strings (JavaScript's JSON.stringify writes them).
    for n, raw_line in enumerate(text.split("\n"), start=1):
        line = raw_line.removesuffix("\r")
        if not line.strip():
            continue
        if len(line.encode("utf-8", "surrogatepass")) > MAX_PAYLOAD_BYTES:
            out.rejected.append({"line": n, "error": "the event is larger than 64 KiB; shorten its diff"})
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as exc:
            out.rejected.append({"line": n, "error": f"not valid JSON ({str(exc).split(':')[0]})"})
            continue
        try:
            out.events.append((n, validate_event(obj)))
        except InvalidInput as exc:
            out.rejected.append({"line": n, "error": str(exc)})
    return out


# --------------------------------------------------------------------------- storing
def _pattern_json(p: PatternIn) -> dict[str, str]:
    return {"preference_type": p.preference_type, "pattern": p.pattern, "polarity": str(p.polarity)}


def payload_of(ev: EventIn, scope: str, patterns: Sequence[PatternIn], diff: str | None) -> dict[str, Any]:
    payload: dict[str, Any] = {"scope": scope, "patterns": [_pattern_json(p) for p in patterns]}
    if ev.tag is not None:
        payload["tag"] = ev.tag
    if diff is not None:
        payload["diff"] = diff
    for side_name in ("chose", "over"):
        side = getattr(ev, side_name)
        if side is not None:
            payload[side_name] = {
                "artifact_id": side.artifact_id,
                "patterns": [
                    {"preference_type": s.preference_type, "pattern": s.pattern} for s in side.patterns
                ],
            }
    return payload


# json.dumps(x, **options) is JSONEncoder(**options).encode(x): the encoders, built once.
_canonical_json = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
_scalar_json = json.JSONEncoder(ensure_ascii=False).encode


def canonical(obj: Any) -> str:
    return _canonical_json(obj)


def content_hash(row: dict[str, Any]) -> str:
    """sha256 over everything derivation reads from the event (not its id, source or arrival time)."""
    content = {
        k: row[k]
        for k in ("user_id", "project_id", "signal_type", "occurred_at", "session_id", "artifact_id", "scope")
    }
    content["payload"] = json.loads(row["payload"])
    return hashlib.sha256(canonical(content).encode()).hexdigest()


def content_hash_canonical(row: dict[str, Any]) -> str:
    """:func:`content_hash` for a row whose ``payload`` is already canonical JSON (``canonical()``'s
    output), without parsing it again: the content's canonical text is spliced together in sorted
    key order (tests/unit/test_ingest_derive_fast.py checks the two agree)."""
    text = (
        f'{{"artifact_id":{_scalar_json(row["artifact_id"])},"occurred_at":{_scalar_json(row["occurred_at"])},'
        f'"payload":{row["payload"]},"project_id":{_scalar_json(row["project_id"])},'
        f'"scope":{_scalar_json(row["scope"])},"session_id":{_scalar_json(row["session_id"])},'
        f'"signal_type":{_scalar_json(row["signal_type"])},"user_id":{_scalar_json(row["user_id"])}}}'
    )
    return hashlib.sha256(text.encode()).hexdigest()


def pattern_rows(seq: int, user_id: str, scope: str, payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The creative_memory_event_patterns rows of one stored event."""
    return [
        {
            "seq": seq,
            "user_id": user_id,
            "scope": scope,
            "preference_type": ptype,
            "pattern": pattern,
            "polarity": polarity,
            "role": role,
        }
        for ptype, pattern, polarity, role in payload_items(payload)
    ]


_EVENT_COLUMNS = (
    "event_id",
    "user_id",
    "project_id",
    "scope",
    "signal_type",
    "occurred_at",
    "tag",
    "session_id",
    "artifact_id",
    "payload",
    "content_hash",
    "source",
    "ingested_at",
)
_INSERT_EVENT = (
    f"INSERT INTO {Event.__tablename__} (seq, {', '.join(_EVENT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * (len(_EVENT_COLUMNS) + 1))})"
)
_INSERT_PATTERN = (
    f"INSERT INTO {EventPattern.__tablename__} (seq, user_id, scope, preference_type, pattern, polarity, role) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def insert_event_rows(
    session: Session, rows: list[dict[str, Any]], payloads: Sequence[dict[str, Any]] | None = None
) -> list[int]:
    """Insert prepared event rows (with payload JSON text) and their pattern index rows.

    A row without a ``content_hash`` gets one (:func:`content_hash`). ``payloads``, if given, are
    the rows' payloads as dicts (saves parsing the JSON text again). Returns the rows' seqs.

    The seqs are assigned here, in row order, exactly as AUTOINCREMENT would assign them: this
    runs inside the write transaction (which holds the lock) and starts above both the highest
    seq and the AUTOINCREMENT high-water mark, so a seq is never reused. Both tables are then
    written with one DB-API executemany each (no per-row ORM work, no RETURNING).
    """
    for row in rows:
        if "content_hash" not in row:
            row["content_hash"] = content_hash(row)
    if not rows:
        return []
    session.flush()
    with sa_errors():
        return _insert_rows(dbapi_connection(session), rows, payloads)


def _insert_rows(
    con: sqlite3.Connection, rows: list[dict[str, Any]], payloads: Sequence[dict[str, Any]] | None
) -> list[int]:
    table = Event.__tablename__
    top = con.execute(f"SELECT max(seq) FROM {table}").fetchone()
    hwm = con.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)).fetchone()
    seq = max(int((top or (0,))[0] or 0), int((hwm or (0,))[0] or 0))
    seqs: list[int] = []
    event_params: list[tuple[Any, ...]] = []
    pattern_params: list[tuple[Any, ...]] = []
    for i, row in enumerate(rows):
        seq += 1
        seqs.append(seq)
        event_params.append((seq, *(row.get(c) for c in _EVENT_COLUMNS)))
        payload = payloads[i] if payloads is not None else json.loads(row["payload"])
        user_id, scope = row["user_id"], row["scope"]
        pattern_params.extend(
            (seq, user_id, scope, ptype, pattern, polarity, role)
            for ptype, pattern, polarity, role in payload_items(payload)
        )
    con.executemany(_INSERT_EVENT, event_params)
    if pattern_params:
        con.executemany(_INSERT_PATTERN, pattern_params)
    return seqs


def stored_event_ids(session: Session, keys: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """Which of the (user_id, event_id) pairs are stored: an event's identity is per user."""
    by_user: dict[str, list[str]] = {}
    for user, eid in keys:
        by_user.setdefault(user, []).append(eid)
    found: set[tuple[str, str]] = set()
    for user, ids in by_user.items():
        for i in range(0, len(ids), 900):
            chunk = ids[i : i + 900]
            found.update(
                (user, eid)
                for eid in session.scalars(
                    select(Event.event_id).where(Event.user_id == user, Event.event_id.in_(chunk))
                )
            )
    return found


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


@dataclass
class IngestReport:
    accepted: int = 0
    duplicates: int = 0
    ignored: dict[str, int] = field(default_factory=dict)
    rejected: list[dict[str, Any]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "accepted": self.accepted,
            "duplicates": self.duplicates,
            "ignored": dict(self.ignored),
            "rejected": list(self.rejected),
        }


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
    chunker = Chunker(250, maximum=20_000)
    i = 0
    while i < len(batch):
        chunk = batch[i : i + chunker.size]
        with chunker.timed(len(chunk)), store.write() as session:
            rebuild_users |= _ingest_chunk(
                session, chunk, default_user, now, source, blocks, derive, report, ignored
            )
        i += len(chunk)
    report.ignored = dict(ignored)
    for user in sorted(rebuild_users):
        ensure_current(store, user, now)
    return report


def _ingest_chunk(
    session: Session,
    batch: list[EventIn],
    default_user: str,
    now: int,
    source: str,
    blocks: BlockChecker | None,
    derive: bool,
    report: IngestReport,
    ignored: Counter[str],
) -> set[str]:
    """One transaction of :func:`ingest_events`; returns the users whose cache needs a full
    derivation. (One function, longer than most: the gates, the block check and the row are one
    pass over the events.)"""
    users: set[str] = set()
    seen_ids: set[tuple[str, str]] = set()
    existing = stored_event_ids(session, [(e.user_id or default_user, e.event_id) for e in batch])
    gates: dict[str, controls.Gate] = {}
    blocked_fps: dict[str, set[str]] = {}
    rows: list[dict[str, Any]] = []
    payloads: list[dict[str, Any]] = []
    per_user_ignored: dict[str, Counter[str]] = {}
    for ev in batch:
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
        patterns = list(ev.patterns)
        if blocks is not None:
            fps = blocked_fps.get(user)
            if fps is None:
                fps = blocked_fps[user] = blocks.fingerprints(session, user)
            if fps:
                kept = [p for p in patterns if not blocks.blocked(fps, p.preference_type, p.pattern)]
                dropped = len(patterns) - len(kept)
                if ev.signal_type is SignalType.PAIRWISE_COMPARISON:
                    sides = [s for side in (ev.chose, ev.over) if side for s in side.patterns]
                    if any(blocks.blocked(fps, s.preference_type, s.pattern) for s in sides):
                        uc["blocked"] += 1
                        continue
                elif dropped:
                    uc["blocked"] += dropped
                    if not kept:
                        continue
                patterns = kept
        scope = ev.effective_scope
        try:
            diff = clean_diff(ev.diff, blocks, blocked_fps.get(user))
        except InvalidInput as exc:
            raise InvalidInput(f"Event {ev.event_id}: {exc}") from None
        payload = payload_of(ev, scope, patterns, diff)
        row: dict[str, Any] = {
            "event_id": ev.event_id,
            "user_id": user,
            "project_id": ev.project_id,
            "scope": scope,
            "signal_type": str(ev.signal_type),
            "occurred_at": ev.occurred_ms,
            "tag": ev.tag,
            "session_id": ev.session_id,
            "artifact_id": ev.artifact_id,
            "payload": canonical(payload),
            "source": source,
            "ingested_at": now,
        }
        row["content_hash"] = content_hash_canonical(row)
        rows.append(row)
        payloads.append(payload)
        users.add(user)
    appended: dict[str, list[tuple[Any, ...]]] = {}
    if rows:
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
    for user, uc in per_user_ignored.items():
        bump_ignored(session, user, dict(uc), now)
        for k, v in uc.items():
            ignored[k] += v
    report.accepted += len(rows)
    # Keep the derived cache current in the same transaction: an incremental fold commits
    # with the events (one lock, one commit, the events are not read back through a new
    # connection). A user whose cache needs a full re-derivation gets it after the commit.
    if not derive:
        return set()
    session.flush()
    return {u for u in sorted(users) if derive_in(session, u, now, appended.get(u)) is None}


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


def settings_row(session: Session, user_id: str) -> Settings | None:
    return session.get(Settings, user_id)

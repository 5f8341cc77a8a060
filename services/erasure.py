"""Real erasure: forget one pattern (or many), reset everything, and prove it with a receipt.

Forgetting removes the derived records, the pattern inside every raw event (an event left with no
pattern is deleted), free-text mentions of it in event diffs, every diagnostic that names it, and
fingerprints it in the audit. ``secure_delete`` zeroes freed space; a ``wal_checkpoint(TRUNCATE)``
then removes old page images from the WAL. The receipt's ``verified`` comes from a byte search of
``app.sqlite``, ``-wal`` and ``-shm``.
"""

from __future__ import annotations

import json
import logging
import mmap
import re
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select, text, update
from sqlalchemy.orm import Session

from model.constants import ID_RE, PATTERN_RE, Actor, Polarity, scope_for
from model.events import payload_items
from model.tables import (
    PREFIX,
    Audit,
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
from services import audit
from services.blocklist import BlockChecker
from services.derivation import cache_key_for, digest_add, rederive_groups
from services.engine.block import human
from services.errors import InvalidInput, RefusedForSafety
from services.ingest import canonical, content_hash
from services.store import Store, sqlite_file_set

log = logging.getLogger("cm.erasure")
FORGOTTEN = "[forgotten]"


@dataclass(frozen=True)
class Target:
    preference_type: str
    pattern: str
    project_id: str | None = None
    polarity: Polarity | None = None

    @property
    def whole(self) -> bool:
        """Forgetting everywhere and both polarities: the text must vanish from the file."""
        return self.project_id is None and self.polarity is None

    def validate(self) -> None:
        if not PATTERN_RE.fullmatch(self.preference_type):
            raise InvalidInput(
                f"'{self.preference_type}' is not a preference type; types are 1–128 letters, digits, '_' or '-'."
            )
        if not PATTERN_RE.fullmatch(self.pattern):
            raise InvalidInput(
                f"'{self.pattern}' is not a pattern; patterns are 1–128 letters, digits, '_' or '-'."
            )
        if self.project_id is not None and not ID_RE.fullmatch(self.project_id):
            raise InvalidInput(
                f"'{self.project_id}' is not a project id; ids are 1–128 letters, digits, '_' or '-'."
            )


@dataclass
class Receipt:
    preferences: int = 0
    events_deleted: int = 0
    events_rewritten: int = 0
    diagnostics: int = 0
    blocked: bool = False
    verified: bool = False
    checkpointed: bool = False
    occurrences: int = 0
    notes: list[str] = field(default_factory=list)
    fingerprints: list[str] = field(default_factory=list)
    duration_ms: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "erased": {
                "preferences": self.preferences,
                "events_deleted": self.events_deleted,
                "events_rewritten": self.events_rewritten,
                "diagnostics": self.diagnostics,
            },
            "blocked": self.blocked,
            "verified": self.verified,
            "checkpointed": self.checkpointed,
            "occurrences_found": self.occurrences,
            "notes": list(self.notes),
            "duration_ms": round(self.duration_ms, 1),
        }


# --------------------------------------------------------------------------- verification
def count_bytes(path: Path, needles: Sequence[bytes]) -> int:
    """Occurrences of any needle in the store's three files (the database, its WAL and its index)."""
    total = 0
    rx = re.compile(b"|".join(re.escape(n) for n in sorted(set(needles), key=len, reverse=True)))
    for f in sqlite_file_set(path):
        try:
            size = f.stat().st_size
        except FileNotFoundError:
            continue
        if size == 0:
            continue
        with f.open("rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            total += sum(1 for _ in rx.finditer(mm))
    return total


def needles_for(pattern: str) -> list[bytes]:
    forms = {pattern, human(pattern)}
    return [f.encode("utf-8") for f in forms if f]


def live_mentions(session: Session, needle: str) -> dict[str, int]:
    """Live rows that still contain the text, per table: ours (other types, other users) or the daemon's."""
    found: dict[str, int] = {}
    tables = [
        r[0]
        for r in session.execute(
            text("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")
        )
    ]
    for t in tables:
        cols = [r[1] for r in session.execute(text(f'PRAGMA table_info("{t}")'))]
        for c in cols:
            n = session.execute(
                text(f'SELECT count(*) FROM "{t}" WHERE instr(CAST("{c}" AS TEXT), :n) > 0'), {"n": needle}
            ).scalar()
            if n:
                found[t] = found.get(t, 0) + int(n)
    return found


def daemon_mentions(session: Session, needle: str) -> int:
    """How often the text appears in tables that are not ours (the daemon's conversation data)."""
    return sum(n for t, n in live_mentions(session, needle).items() if not t.startswith(PREFIX))


def _mention_notes(found: dict[str, int]) -> list[str]:
    notes = []
    if any(not t.startswith(PREFIX) for t in found):
        notes.append(
            "The text also appears in Open Design's own data (for example a chat message); "
            "this program does not change that data."
        )
    if any(t.startswith(PREFIX) for t in found):
        notes.append(
            "The same text is still part of other remembered data that was not asked to be forgotten "
            "(for example the same pattern name under another type)."
        )
    return notes


# --------------------------------------------------------------------------- forget
def _strip_text(value: str | None, words: Iterable[str]) -> str | None:
    if value is None:
        return None
    for w in words:
        value = value.replace(w, FORGOTTEN)
    return value


def _rewrite_payload(payload: dict[str, Any], t: Target) -> tuple[dict[str, Any], bool]:
    """Remove the target from one event payload; return the new payload and whether any pattern is left."""

    def hit(p: dict[str, Any], pol: str | None) -> bool:
        return (
            p["preference_type"] == t.preference_type
            and p["pattern"] == t.pattern
            and (t.polarity is None or pol == str(t.polarity))
        )

    out = dict(payload)
    out["patterns"] = [p for p in payload.get("patterns", []) if not hit(p, p.get("polarity"))]
    for side, pol in (("chose", "positive"), ("over", "negative")):
        data = payload.get(side)
        if data:
            left = [p for p in data["patterns"] if not hit(p, pol)]
            if left:
                out[side] = {**data, "patterns": left}
            else:
                out.pop(side, None)
    snap = payload.get("snapshot")
    if snap and hit(snap, snap.get("polarity")):
        out.pop("snapshot", None)
    if ("chose" in out) != ("over" in out):  # a comparison needs both sides
        out.pop("chose", None)
        out.pop("over", None)
    if "diff" in out and t.whole:
        out["diff"] = _strip_text(out["diff"], [t.pattern, human(t.pattern)])
    alive = bool(out["patterns"]) or "chose" in out or "snapshot" in out
    return out, alive


def _forget_in(
    session: Session, user_id: str, t: Target, receipt: Receipt, now: int
) -> set[tuple[str, str, str]]:
    """Erase one target inside an open write transaction. Returns the groups to re-derive."""
    scope = scope_for(t.project_id) if t.project_id else None
    # 1. derived records
    conds = [
        Preference.user_id == user_id,
        Preference.preference_type == t.preference_type,
        Preference.pattern == t.pattern,
    ]
    if scope:
        conds.append(Preference.scope == scope)
    groups = {
        (s, t.preference_type, t.pattern) for s in session.scalars(select(Preference.scope).where(*conds))
    }
    if t.polarity is not None:
        conds.append(Preference.polarity == str(t.polarity))
    receipt.preferences += int(getattr(session.execute(delete(Preference).where(*conds)), "rowcount", 0) or 0)

    # 2. raw events that name it
    pconds = [
        EventPattern.user_id == user_id,
        EventPattern.preference_type == t.preference_type,
        EventPattern.pattern == t.pattern,
    ]
    if scope:
        pconds.append(EventPattern.scope == scope)
    if t.polarity is not None:
        pconds.append(EventPattern.polarity == str(t.polarity))
    seqs = set(session.scalars(select(EventPattern.seq).where(*pconds)))
    if t.whole:
        # Free-text mentions in other events' diffs must go too.
        seqs.update(
            session.scalars(
                select(Event.seq).where(
                    Event.user_id == user_id,
                    (func.instr(Event.payload, t.pattern) > 0)
                    | (func.instr(Event.payload, human(t.pattern)) > 0),
                )
            )
        )
    drow = session.get(Derivation, user_id)
    # Events after the derivation's watermark are not folded yet (an ingest commits its events
    # before it derives): they are rewritten like the others but touch neither the digest nor the
    # records; the next derivation folds them as they are then.
    folded_upto = drow.max_seq if drow is not None else 0
    deleted_folded = 0
    removed_hashes: list[str] = []
    added_hashes: list[str] = []
    ordered = sorted(seqs)
    for i in range(0, len(ordered), 500):
        chunk = ordered[i : i + 500]
        for ev in session.scalars(select(Event).where(Event.seq.in_(chunk))):
            before = json.loads(ev.payload)
            payload, alive = _rewrite_payload(before, t)
            if alive and canonical(payload) == ev.payload:
                continue  # named another type's pattern of the same name: nothing of the target here
            # Every group whose evidence changed is re-derived: the target's, and also other
            # patterns of a deleted event or of a comparison that lost its other side.
            gone = Counter(payload_items(before))
            if alive:
                gone -= Counter(payload_items(payload))
            groups.update((ev.scope, ptype, pattern) for ptype, pattern, _pol, _role in gone)
            folded = ev.seq <= folded_upto
            if folded:
                removed_hashes.append(ev.content_hash)
            if not alive:
                session.delete(ev)
                receipt.events_deleted += 1
                deleted_folded += folded
                continue
            ev.payload = canonical(payload)
            ev.content_hash = content_hash(
                {
                    "user_id": ev.user_id,
                    "project_id": ev.project_id,
                    "signal_type": ev.signal_type,
                    "occurred_at": ev.occurred_at,
                    "session_id": ev.session_id,
                    "artifact_id": ev.artifact_id,
                    "scope": ev.scope,
                    "payload": ev.payload,
                }
            )
            if folded:
                added_hashes.append(ev.content_hash)
            receipt.events_rewritten += 1
        session.flush()
    session.execute(delete(EventPattern).where(*pconds))

    # 3. diagnostics that name it (over-deleting a diagnostic is safe; keeping one is not)
    needles = [t.pattern, human(t.pattern)] if t.whole else [t.pattern]
    user_rets = select(Retrieval.id).where(Retrieval.user_id == user_id).scalar_subquery()
    for n in needles:
        res = session.execute(
            delete(RetrievalEvent).where(
                RetrievalEvent.retrieval_id.in_(user_rets),
                (RetrievalEvent.pattern == n)
                | (func.instr(RetrievalEvent.fields, n) > 0)
                | (func.instr(RetrievalEvent.trace, n) > 0)
                | (func.instr(func.coalesce(RetrievalEvent.preference_key, ""), n) > 0),
            )
        )
        receipt.diagnostics += int(getattr(res, "rowcount", 0) or 0)

    # 4. keep the content-addressed key honest
    if drow is not None:
        drow.set_digest = digest_add(digest_add(drow.set_digest, removed_hashes, -1), added_hashes)
        drow.cache_key = cache_key_for(drow.set_digest)
        drow.event_count -= deleted_folded
        session.execute(
            update(Preference).where(Preference.user_id == user_id).values(cache_key=drow.cache_key)
        )
    return groups


_SNAPSHOT_NOTE = (
    "Another program kept an old snapshot open, so the write-ahead log could not be emptied yet; "
    "run the command again when Open Design is idle."
)


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
) -> Receipt:
    """Erase one or many patterns in one transaction, then checkpoint and verify."""
    if not targets:
        raise InvalidInput("Name at least one pattern to forget.")
    for t in targets:
        t.validate()
    t0 = time.perf_counter()
    receipt = Receipt(blocked=block)
    with store.write() as session:
        regroup: set[tuple[str, str, str]] = set()
        for t in targets:
            regroup |= _forget_in(session, user_id, t, receipt, now)
            fp = blocks.fingerprint(t.preference_type, t.pattern)
            receipt.fingerprints.append(fp)
            if block:
                blocks.block(session, user_id, t.preference_type, t.pattern, now)
            where = f" in {t.project_id}" if t.project_id else ""
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
    receipt.checkpointed = store.checkpoint_truncate()
    if not receipt.checkpointed:
        receipt.notes.append(_SNAPSHOT_NOTE)
    if verify:
        _verify(store, user_id, targets, receipt)
    receipt.duration_ms = (time.perf_counter() - t0) * 1000
    return receipt


def _verify(store: Store, user_id: str, targets: Sequence[Target], receipt: Receipt) -> None:
    """Rows first, then bytes. Text still in the files after a VACUUM must be live, legitimate data."""
    ok = receipt.checkpointed
    with store.read() as session:
        for t in targets:
            left = session.scalar(
                select(func.count())
                .select_from(Preference)
                .where(
                    Preference.user_id == user_id,
                    Preference.preference_type == t.preference_type,
                    Preference.pattern == t.pattern,
                    *([Preference.scope == scope_for(t.project_id)] if t.project_id else []),
                    *([Preference.polarity == str(t.polarity)] if t.polarity else []),
                )
            )
            if left:
                ok = False
    whole = [t for t in targets if t.whole]
    if whole:
        needles = [n for t in whole for n in needles_for(t.pattern)]
        receipt.occurrences = count_bytes(store.path, needles)
        if receipt.occurrences and receipt.checkpointed:
            # secure_delete zeroes what is deleted, but a row that a B-tree rebalance moved earlier can
            # leave a stale copy in a page's unallocated space, which no delete ever sees. VACUUM
            # rewrites every page; after it, any copy left belongs to a live row.
            log.info("forget: %d occurrence(s) after erasing; compacting the store", receipt.occurrences)
            try:
                with store.raw() as con:
                    con.execute("VACUUM")
            except sqlite3.OperationalError as exc:
                ok = False
                receipt.notes.append(
                    f"The store could not be compacted to remove old copies ({exc}); "
                    "run the command again when Open Design is idle."
                )
            receipt.checkpointed = store.checkpoint_truncate()
            if not receipt.checkpointed:
                ok = False
                receipt.notes.append(_SNAPSHOT_NOTE)
            receipt.occurrences = count_bytes(store.path, needles)
        if receipt.occurrences:
            found: dict[str, int] = {}
            with store.read() as session:
                for n in needles:
                    for table, count in live_mentions(session, n.decode()).items():
                        found[table] = found.get(table, 0) + count
            if found:
                receipt.notes.extend(_mention_notes(found))
            else:
                ok = False
    receipt.verified = ok


# --------------------------------------------------------------------------- reset
def reset(
    store: Store,
    user_id: str,
    *,
    confirm: bool,
    actor: Actor,
    now: int,
    include_settings: bool = False,
    progress: Callable[[str], None] | None = None,
) -> Receipt:
    """Erase all creative memory of the user, VACUUM, checkpoint, verify. Needs ``confirm``."""
    if not confirm:
        raise RefusedForSafety(
            "Reset erases all creative memory and cannot be undone; repeat it with --confirm."
        )
    t0 = time.perf_counter()
    receipt = Receipt()
    step = progress or (lambda _s: None)
    step("Collecting what will be erased…")
    with store.read() as session:
        patterns = set(
            session.scalars(select(Preference.pattern).where(Preference.user_id == user_id).distinct())
        )
        patterns |= set(
            session.scalars(select(EventPattern.pattern).where(EventPattern.user_id == user_id).distinct())
        )
    step("Erasing…")
    with store.write() as session:
        rets = select(Retrieval.id).where(Retrieval.user_id == user_id).scalar_subquery()
        receipt.diagnostics = int(
            getattr(
                session.execute(delete(RetrievalEvent).where(RetrievalEvent.retrieval_id.in_(rets))),
                "rowcount",
                0,
            )
            or 0
        )
        session.execute(delete(Retrieval).where(Retrieval.user_id == user_id))
        session.execute(delete(EventPattern).where(EventPattern.user_id == user_id))
        receipt.events_deleted = int(
            getattr(session.execute(delete(Event).where(Event.user_id == user_id)), "rowcount", 0) or 0
        )
        receipt.preferences = int(
            getattr(session.execute(delete(Preference).where(Preference.user_id == user_id)), "rowcount", 0)
            or 0
        )
        session.execute(delete(Derivation).where(Derivation.user_id == user_id))
        session.execute(delete(IgnoredCount).where(IgnoredCount.user_id == user_id))
        if include_settings:
            session.execute(delete(Settings).where(Settings.user_id == user_id))
            session.execute(delete(ProjectSettings).where(ProjectSettings.user_id == user_id))
            session.execute(delete(Blocklist).where(Blocklist.user_id == user_id))
        audit.record(
            session,
            user_id,
            actor,
            "reset",
            "all creative memory" + (" and settings" if include_settings else ""),
            f"ok: {receipt.preferences} preferences, {receipt.events_deleted} events",
            now,
        )
        # Patterns another user of this store still has are not this user's to verify away.
        others = set(
            session.scalars(select(Preference.pattern).where(Preference.user_id != user_id).distinct())
        )
    step("Compacting the store (VACUUM)…")
    with store.raw() as con:
        con.execute("VACUUM")
    receipt.checkpointed = store.checkpoint_truncate()
    step("Verifying…")
    check = sorted(patterns - others)
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
    with store.read() as session:
        left = session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user_id))
    receipt.verified = receipt.checkpointed and not left and (receipt.occurrences == 0 or bool(receipt.notes))
    receipt.duration_ms = (time.perf_counter() - t0) * 1000
    return receipt


def audit_count(session: Session, user_id: str) -> int:
    return int(session.scalar(select(func.count()).select_from(Audit).where(Audit.user_id == user_id)) or 0)

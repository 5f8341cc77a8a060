"""Forget what one generation session taught: every event of the session, and what it built.

People ask for this when they delete a conversation. The session's events are deleted (their
pattern index rows with them, ``secure_delete`` zeroing the pages), every preference they shaped is
re-derived from the events that remain, the content-addressed key is kept honest, and the WAL is
checkpointed so no old page image keeps them. Patterns other sessions also taught stay, with the
strength those sessions give them. A pattern only this session taught is then forgotten as a pattern
forget forgets it: the stage events naming it go, and the receipt is verified the same way
(``erasure.verify_erasure``: every copy of its name in the store files, the WAL and the backups is
live data that was not asked to be forgotten, or the receipt says it is not verified).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, func, select, tuple_

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Derivation, Event, EventPattern, Preference
from creative_memory.services.common.errors import NotFound
from creative_memory.services.common.naming import valid_name
from creative_memory.services.controls import audit
from creative_memory.services.derivation.cache_key import cache_key_for, digest_add
from creative_memory.services.derivation.derivation import dbapi_connection, ensure_current
from creative_memory.services.derivation.regroup import rederive_groups
from creative_memory.services.forget.erasure import SNAPSHOT_NOTE, Receipt, Target, verify_erasure
from creative_memory.services.forget.forget_events import diagnostics_naming, drop_diagnostics
from creative_memory.services.store.page_digests import drop_unnamed_digests
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import quiet

_CHUNK = 500


@dataclass
class SessionReceipt:
    session_id: str
    events_deleted: int = 0
    preferences_before: int = 0
    preferences_after: int = 0
    patterns: list[tuple[str, str]] = field(default_factory=list)  # (type, pattern) the events named
    checkpointed: bool = False
    #: the patterns of which nothing is remembered any more: only this session taught them
    gone: list[tuple[str, str]] = field(default_factory=list)
    #: the verification, as a pattern forget's (``erasure.verify_erasure``) over the names gone
    verified: bool = False
    diagnostics: int = 0
    notes: list[str] = field(default_factory=list)
    duration_ms: float = 0.0

    def as_receipt(self) -> Receipt:
        """The same as a pattern forget's receipt (what the window's deletion receipt shows): the
        preferences the re-derivation left out, the events deleted, the diagnostics, the verification."""
        return Receipt(
            preferences=max(0, self.preferences_before - self.preferences_after),
            events_deleted=self.events_deleted,
            diagnostics=self.diagnostics,
            verified=self.verified,
            checkpointed=self.checkpointed,
            notes=list(self.notes),
            duration_ms=self.duration_ms,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "erased": {"events_deleted": self.events_deleted, "diagnostics": self.diagnostics},
            "rederived": {"before": self.preferences_before, "after": self.preferences_after},
            "patterns": [{"preference_type": t, "pattern": p} for t, p in self.patterns],
            "gone": [{"preference_type": t, "pattern": p} for t, p in self.gone],
            "checkpointed": self.checkpointed,
            "verified": self.verified,
            "notes": list(self.notes),
            "duration_ms": round(self.duration_ms, 1),
        }


def session_events(store: Store, user_id: str, session_id: str) -> int:
    """How many events of the session are remembered (what the confirmation names)."""
    with store.read() as session:
        n = session.scalar(
            select(func.count())
            .select_from(Event)
            .where(Event.user_id == user_id, Event.session_id == session_id)
        )
    return int(n or 0)


def forget_session(store: Store, user_id: str, session_id: str, *, actor: Actor, now: int) -> SessionReceipt:
    """Delete the session's events and re-derive what they shaped, in one write transaction."""
    session_id = valid_name(session_id, "session id")
    t0 = time.perf_counter()
    receipt = SessionReceipt(session_id)
    # Changes another program made are folded first, so the digest arithmetic below starts from an
    # exact derivation; this transaction's own deletes are not logged as changes (writes.quiet).
    ensure_current(store, user_id, now)
    with store.write() as session, quiet(dbapi_connection(session)):
        rows = session.execute(
            select(Event.seq, Event.content_hash).where(
                Event.user_id == user_id, Event.session_id == session_id
            )
        ).all()
        if not rows:
            raise NotFound(f"No event of session {session_id} is remembered, so nothing was changed.")
        seqs = sorted(int(r[0]) for r in rows)
        groups: set[tuple[str, str, str]] = set()
        for i in range(0, len(seqs), _CHUNK):
            chunk = seqs[i : i + _CHUNK]
            groups.update(
                (str(s), str(t), str(p))
                for s, t, p in session.execute(
                    select(EventPattern.scope, EventPattern.preference_type, EventPattern.pattern)
                    .where(EventPattern.seq.in_(chunk))
                    .distinct()
                )
            )
        receipt.patterns = sorted({(t, p) for _s, t, p in groups})
        receipt.preferences_before = _count_groups(session, user_id, groups)
        drow = session.get(Derivation, user_id)
        folded_upto = drow.max_seq if drow is not None else 0
        removed = [str(h) for seq, h in rows if int(seq) <= folded_upto]
        for i in range(0, len(seqs), _CHUNK):
            chunk = seqs[i : i + _CHUNK]
            session.execute(delete(EventPattern).where(EventPattern.seq.in_(chunk)))
            session.execute(delete(Event).where(Event.seq.in_(chunk)))
        receipt.events_deleted = len(seqs)
        drop_unnamed_digests(session)
        if drow is not None:
            drow.set_digest = digest_add(drow.set_digest, removed, -1)
            drow.cache_key = cache_key_for(drow.set_digest)
            drow.event_count -= len(removed)
        rederive_groups(session, user_id, groups, now, max_seq=drow.max_seq if drow is not None else None)
        if drow is not None:
            left = session.scalar(select(func.max(Event.seq)).where(Event.user_id == user_id))
            drow.max_seq = min(drow.max_seq, int(left or 0))
        receipt.preferences_after = _count_groups(session, user_id, groups)
        # What only this session taught is forgotten as a pattern forget forgets it: the stage events
        # that name it go (with the hash of the block they injected), and the files are searched.
        still = (
            {
                (str(t), str(p))
                for t, p in session.execute(
                    select(EventPattern.preference_type, EventPattern.pattern)
                    .where(
                        EventPattern.user_id == user_id,
                        tuple_(EventPattern.preference_type, EventPattern.pattern).in_(receipt.patterns),
                    )
                    .distinct()
                )
            }
            if receipt.patterns
            else set()
        )
        receipt.gone = [tp for tp in receipt.patterns if tp not in still]
        targets = [Target(t, p) for t, p in receipt.gone]
        erased = Receipt()
        ids = sorted({i for target in targets for i in diagnostics_naming(session, user_id, target)})
        drop_diagnostics(session, ids, erased)
        receipt.diagnostics = erased.diagnostics
        audit.record(
            session, user_id, actor, "forget-session", f"session {session_id}", f"ok: {len(seqs)} events", now
        )
    receipt.checkpointed = erased.checkpointed = store.checkpoint_truncate()
    if not receipt.checkpointed:
        erased.notes.append(SNAPSHOT_NOTE)
    verify_erasure(store, user_id, targets, erased)
    receipt.verified, receipt.notes, receipt.checkpointed = erased.verified, erased.notes, erased.checkpointed
    receipt.duration_ms = (time.perf_counter() - t0) * 1000
    return receipt


def _count_groups(session: Any, user_id: str, groups: set[tuple[str, str, str]]) -> int:
    n = 0
    for scope, ptype, pattern in groups:
        n += int(
            session.scalar(
                select(func.count())
                .select_from(Preference)
                .where(
                    Preference.user_id == user_id,
                    Preference.scope == scope,
                    Preference.preference_type == ptype,
                    Preference.pattern == pattern,
                )
            )
            or 0
        )
    return n

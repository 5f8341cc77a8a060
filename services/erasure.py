"""Real erasure: forget one pattern (or many), reset everything, and prove it with a receipt.

Forgetting removes the derived records, the pattern inside every raw event (an event left with no
pattern is deleted), free-text mentions of it in event diffs, every diagnostic that names it, and
fingerprints it in the audit. ``secure_delete`` zeroes freed space; a ``wal_checkpoint(TRUNCATE)``
then removes old page images from the WAL. The receipt's ``verified`` comes from a byte search of
``app.sqlite``, ``-wal`` and ``-shm``: text still found must be exactly what live data (another
pattern's name that contains it, Open Design's own data) puts in the file, else the store is
VACUUMed and searched again.
"""

from __future__ import annotations

import functools
import json
import logging
import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, insert, or_, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import Polarity, scope_for
from creative_memory.model.events import payload_items
from creative_memory.model.names import canonical_name
from creative_memory.model.tables import (
    Audit,
    Derivation,
    Event,
    EventPattern,
    Preference,
    Retrieval,
    RetrievalEvent,
)
from creative_memory.services import spellings
from creative_memory.services.derivation import cache_key_for, dbapi_connection, digest_add
from creative_memory.services.engine.block import human
from creative_memory.services.erasure_search import (
    _FEW_NEEDLES,
    _mention_notes,
    count_bytes,
    live_copies,
    live_mentions,
    needles_for,
)
from creative_memory.services.ingest import canonical, content_hash, pattern_rows
from creative_memory.services.naming import optional_project, valid_name
from creative_memory.services.store import Store

log = logging.getLogger("cm.erasure")
FORGOTTEN = "[forgotten]"


@dataclass(frozen=True)
class Target:
    preference_type: str
    pattern: str
    project_id: str | None = None
    polarity: Polarity | None = None
    global_only: bool = False  # with no project: the global records only, not every scope

    @property
    def whole(self) -> bool:
        """Forgetting everywhere and both polarities: the text must vanish from the file."""
        return self.project_id is None and self.polarity is None and not self.global_only

    @property
    def scope(self) -> str | None:
        """The one scope this target erases in, or None for every scope."""
        if self.project_id:
            return scope_for(self.project_id)
        return "global" if self.global_only else None

    def validate(self) -> None:
        self.normalized()

    def normalized(self) -> Target:
        """The target with its names checked (model.names) and in their stored, NFC form."""
        return Target(
            valid_name(self.preference_type, "preference type"),
            valid_name(self.pattern, "pattern"),
            optional_project(self.project_id),
            self.polarity,
            global_only=self.global_only,
        )

    def spelled(self, preference_type: str, pattern: str) -> Target:
        return Target(preference_type, pattern, self.project_id, self.polarity, global_only=self.global_only)


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


# --------------------------------------------------------------------------- forget
@functools.lru_cache(maxsize=256)
def _mentions(canonical: str) -> spellings.Mentions:
    return spellings.Mentions([canonical])


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
    if isinstance(out.get("diff"), str) and t.whole:
        # Every spelling of the name (any case, any separator, e.g. "Airy Spacing" for airy_spacing).
        out["diff"] = _mentions(canonical_name(t.pattern)).scrub(out["diff"], FORGOTTEN)
    alive = bool(out["patterns"]) or "chose" in out or "snapshot" in out
    return out, alive


_EVENTS = Event.__tablename__
_EVENT_COLUMNS = (
    Event.seq,
    Event.user_id,
    Event.project_id,
    Event.signal_type,
    Event.occurred_at,
    Event.session_id,
    Event.artifact_id,
    Event.scope,
    Event.payload,
    Event.content_hash,
)


def _forget_in(
    session: Session, user_id: str, t: Target, receipt: Receipt, mentions: set[int]
) -> set[tuple[str, str, str]]:
    """Erase one target inside an open write transaction; ``mentions`` are the events whose diff
    names it (see :func:`diff_mentions`). Returns the groups to re-derive."""
    scope = t.scope
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
    seqs |= mentions  # free-text mentions in other events' diffs must go too
    drow = session.get(Derivation, user_id)
    # Events after the derivation's watermark are not folded yet (another writer, or an ingest
    # without derivation, committed them): they are rewritten like the others but touch neither
    # the digest nor the records; the next derivation folds them as they are then.
    folded_upto = drow.max_seq if drow is not None else 0
    deleted_folded = 0
    removed_hashes: list[str] = []
    added_hashes: list[str] = []
    deletes: list[tuple[int]] = []
    rewrites: list[tuple[str, str, int]] = []
    masks: list[tuple[str, int]] = []
    reindex: list[dict[str, Any]] = []  # the index rows of the rewritten payloads
    ordered = sorted(seqs)
    for i in range(0, len(ordered), 500):
        chunk = ordered[i : i + 500]
        for ev in session.execute(select(*_EVENT_COLUMNS).where(Event.seq.in_(chunk))).all():
            before = json.loads(ev.payload)
            payload, alive = _rewrite_payload(before, t)
            new_text = canonical(payload) if alive else ""
            if alive and new_text == ev.payload:
                continue  # named another type's pattern of the same name: nothing of the target here
            # Every group whose evidence changed is re-derived: the target's, other patterns of a deleted
            # event or of a comparison that lost its other side, and the items left after a removed
            # one, whose creation positions move up (docs/decisions/0022).
            old, new = payload_items(before), payload_items(payload) if alive else []
            moved = {b for i, b in enumerate(old) if i >= len(new) or new[i] != b} | set(Counter(old) - Counter(new))
            groups.update((ev.scope, ptype, pattern) for ptype, pattern, _pol, _role in moved)
            masks.append(("#" * len(ev.payload.encode("utf-8", "surrogatepass")), ev.seq))
            folded = ev.seq <= folded_upto
            if folded:
                removed_hashes.append(ev.content_hash)
            if not alive:
                deletes.append((ev.seq,))
                receipt.events_deleted += 1
                deleted_folded += folded
                continue
            new_hash = content_hash(
                {
                    "user_id": ev.user_id,
                    "project_id": ev.project_id,
                    "signal_type": ev.signal_type,
                    "occurred_at": ev.occurred_at,
                    "session_id": ev.session_id,
                    "artifact_id": ev.artifact_id,
                    "scope": ev.scope,
                    "payload": new_text,
                }
            )
            rewrites.append((new_text, new_hash, ev.seq))
            reindex.extend(pattern_rows(ev.seq, ev.user_id, ev.scope, payload))
            if folded:
                added_hashes.append(new_hash)
            receipt.events_rewritten += 1
    con = session.connection()
    if t.whole and masks:
        # First overwrite every payload that changes with filler of the same length: SQLite writes
        # a record of unchanged size in place. Deleting rows makes B-tree pages rebalance, which
        # moves other cells and can leave their old bytes in a page's unallocated space, out of
        # reach of secure_delete; once no cell holds the text, nothing can leave such a copy of it.
        con.exec_driver_sql(f"UPDATE {_EVENTS} SET payload = ? WHERE seq = ?", masks)
    if deletes:
        con.exec_driver_sql(f"DELETE FROM {_EVENTS} WHERE seq = ?", deletes)
    if rewrites:
        con.exec_driver_sql(f"UPDATE {_EVENTS} SET payload = ?, content_hash = ? WHERE seq = ?", rewrites)
    session.execute(delete(EventPattern).where(*pconds))
    # The index mirrors every stored payload. A rewrite can drop more than the target (a comparison
    # that lost one side loses both), so each changed event's rows are rebuilt from what it names
    # now, as ingest writes them; a deleted event keeps none (not left to the foreign key's cascade).
    changed = sorted(seq for (seq,) in deletes) + sorted(seq for _t, _h, seq in rewrites)
    for i in range(0, len(changed), 500):
        session.execute(delete(EventPattern).where(EventPattern.seq.in_(changed[i : i + 500])))
    if reindex:
        session.execute(insert(EventPattern), reindex)

    # 3. diagnostics that name it (over-deleting a diagnostic is safe; keeping one is not)
    needles = sorted({t.pattern, human(t.pattern)}) if t.whole else [t.pattern]
    user_rets = select(Retrieval.id).where(Retrieval.user_id == user_id).scalar_subquery()
    res = session.execute(
        delete(RetrievalEvent).where(
            RetrievalEvent.retrieval_id.in_(user_rets),
            or_(
                *(
                    (RetrievalEvent.pattern == n)
                    | (func.instr(RetrievalEvent.fields, n) > 0)
                    | (func.instr(RetrievalEvent.trace, n) > 0)
                    | (func.instr(func.coalesce(RetrievalEvent.preference_key, ""), n) > 0)
                    for n in needles
                )
            ),
        )
    )
    receipt.diagnostics += int(getattr(res, "rowcount", 0) or 0)

    # 4. keep the content-addressed key honest. The key lives in the derivation row (what
    # is_current checks); a preference row's own cache_key says under which key it was last
    # written, as after an incremental derivation, so the other rows are not rewritten.
    if drow is not None:
        drow.set_digest = digest_add(digest_add(drow.set_digest, removed_hashes, -1), added_hashes)
        drow.cache_key = cache_key_for(drow.set_digest)
        drow.event_count -= deleted_folded
    return groups


# A payload is canonical JSON (keys sorted, no spaces: services.ingest.canonical), so one that has
# a "diff" begins with a key that sorts no later than "diff": its text sorts below '{"e'. The scan
# compares three bytes of the ~90 % of payloads without a diff instead of searching them.
_DIFF_BOUND = '{"e'


def diff_mentions(session: Session, user_id: str, targets: Sequence[Target]) -> dict[Target, set[int]]:
    """The events whose diff mentions a whole target in any spelling (any case, ``-``/``_``/space;
    the prompt block's human form included), per target: one scan of the user's events for all of
    them, a ``LIKE`` prefilter in SQL (spellings.like_pattern) and an exact check of each hit."""
    forms = {t: _mentions(canonical_name(t.pattern)) for t in targets if t.whole}
    out: dict[Target, set[int]] = {t: set() for t in targets}
    likes = sorted({spellings.like_pattern(m.canonicals[0]) for m in forms.values()})
    if not likes:
        return out
    # "+user_id": a scan in table order, not an index lookup per event of the user.
    sql = (
        f"SELECT seq, payload FROM {_EVENTS} WHERE +user_id = ? AND payload < ? AND ("
        + " OR ".join("payload LIKE ?" for _w in likes)
        + ")"
    )
    for seq, payload in session.connection().exec_driver_sql(sql, (user_id, _DIFF_BOUND, *likes)):
        diff = json.loads(payload).get("diff")
        if not isinstance(diff, str):
            continue
        for t, m in forms.items():
            if m.found(diff):
                out[t].add(int(seq))
    return out


def spelled_targets(session: Session, user_id: str, targets: Sequence[Target]) -> dict[Target, list[Target]]:
    """Each target first, then the other spellings (same canonical type and pattern) the user's
    events or records are stored under: forgetting one spelling forgets them all."""
    con = dbapi_connection(session)
    out: dict[Target, list[Target]] = {}
    for t in targets:
        stored = spellings.stored_spellings(con, user_id, t.preference_type, t.pattern)
        stored.discard((t.preference_type, t.pattern))
        out[t] = [t, *(t.spelled(ptype, pattern) for ptype, pattern in sorted(stored))]
    return out


_SNAPSHOT_NOTE = (
    "Another program kept an old snapshot open, so the write-ahead log could not be emptied yet; "
    "run the command again when Open Design is idle."
)


COMPACT_NOTE = (
    "Old copies of the text remain in free space inside the store file. Close Open Design, then run "
    "the command again with --compact to rewrite the file without them."
)


def _verify(
    store: Store, user_id: str, targets: Sequence[Target], receipt: Receipt, *, compact: bool = False
) -> None:
    """Rows first, then bytes. Text still in the files must be live, legitimate data; a stale copy
    is removed by a VACUUM only with ``compact`` (the user closed Open Design: a VACUUM holds the
    write lock for as long as it rewrites the whole file)."""
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
                    *([Preference.scope == t.scope] if t.scope else []),
                    *([Preference.polarity == str(t.polarity)] if t.polarity else []),
                )
            )
            if left:
                ok = False
    whole = [t for t in targets if t.whole]
    if whole:
        needles = sorted({n for t in whole for n in needles_for(t.pattern, [t.pattern])})
        receipt.occurrences, live = _search(store, needles, account=receipt.checkpointed)
        if receipt.occurrences and live is not None and sum(live.values()) == receipt.occurrences:
            # Every copy in the files is accounted for by live data (another pattern whose name
            # contains this one, the same name under another type, Open Design's own data): no
            # stale copy is left anywhere, so there is nothing to compact.
            receipt.notes.extend(_mention_notes(live))
            receipt.verified = ok
            return
        if receipt.occurrences and live is not None and not compact:
            # Counted exactly, and the files hold more copies than live data puts there: a stale
            # copy is left in free space, which only a VACUUM removes.
            receipt.notes.extend(_mention_notes(live))
            receipt.notes.append(COMPACT_NOTE)
            receipt.verified = False
            return
        if receipt.occurrences and receipt.checkpointed and compact:
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
            receipt.occurrences, _live = _search(store, needles, account=False)
        if receipt.occurrences:
            found: dict[str, int] = {}
            with store.read() as session:
                for n in needles:
                    for table, count in live_mentions(session, n.decode(), fold=True).items():
                        found[table] = found.get(table, 0) + count
            if found and (compact or live is not None):
                receipt.notes.extend(_mention_notes(found))
            elif found:
                # Live data holds the text, but the copies could not be counted against it (many
                # needles at once): a stale copy beside them cannot be ruled out without a VACUUM.
                receipt.notes.extend(_mention_notes(found))
                receipt.notes.append(COMPACT_NOTE)
                ok = False
            else:
                ok = False
                if not compact:
                    receipt.notes.append(COMPACT_NOTE)
    receipt.verified = ok


def _wal_empty(path: Path) -> bool:
    try:
        return path.with_name(path.name + "-wal").stat().st_size == 0
    except FileNotFoundError:
        return True


def _search(store: Store, needles: Sequence[bytes], *, account: bool) -> tuple[int, dict[str, int] | None]:
    """The byte search of the store's files, as a reader (never holding the write lock: the search
    reads the whole file, far longer than the daemon may wait; decision 0019). With ``account`` and
    occurrences found, also the copies live data accounts for, from a snapshot pinned for the whole
    search; that count is trusted only if the WAL stayed empty throughout (nobody committed, so no
    checkpoint had anything to move), else the search is repeated after a checkpoint, and after
    three tries the count is None (not comparable)."""
    occurrences = 0
    for attempt in range(3):
        if attempt:
            store.checkpoint_truncate()
        with store.raw() as con:
            con.execute("BEGIN")
            con.execute("SELECT count(*) FROM sqlite_master").fetchone()  # pins the snapshot
            try:
                still = _wal_empty(store.path)
                occurrences = count_bytes(store.path, needles, fold=True)
                # live_copies counts like the per-needle search; the many-needle one is not comparable.
                countable = account and still and len(set(needles)) <= _FEW_NEEDLES
                if not (occurrences and countable):
                    return occurrences, None
                live = live_copies(con, needles, fold=True)
                if _wal_empty(store.path):
                    return occurrences, live
            finally:
                con.execute("ROLLBACK")
    return occurrences, None


def audit_count(session: Session, user_id: str) -> int:
    return int(session.scalar(select(func.count()).select_from(Audit).where(Audit.user_id == user_id)) or 0)


if TYPE_CHECKING:
    from creative_memory.services.forgetting import forget as forget
    from creative_memory.services.reset import reset as reset


# The operations live in services/forgetting.py and services/reset.py (they use what is above);
# reached from here on first use, so any of the modules can be imported first.
def __getattr__(name: str) -> Any:
    if name == "forget":
        from creative_memory.services.forgetting import forget

        return forget
    if name == "reset":
        from creative_memory.services.reset import reset

        return reset
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

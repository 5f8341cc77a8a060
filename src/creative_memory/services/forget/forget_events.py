"""What forgetting one target changes, step by step, each step small enough for a short transaction.

:mod:`creative_memory.services.forget.forgetting` runs these steps in transactions of its own under the
user's ``forget`` lease (docs/decisions/0035): the derived records first (:func:`drop_records`),
then the diagnostics that name the target (:func:`diagnostics_naming`, :func:`drop_diagnostics`),
then the raw events a batch at a time (:func:`rewrite_events`, which keeps the derivation's digest
exact for what it changed), and returns the groups whose evidence changed, re-derived last.
The events to rewrite are found before any lock is taken: the pattern index
(:func:`indexed_events`) and the free-text mentions in diffs (:func:`diff_mentions`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.orm import Session

from creative_memory.model.events import order_tie, page_digest_ids, payload_items, without_pages
from creative_memory.model.tables import (
    Derivation,
    Event,
    EventPattern,
    Preference,
    Retrieval,
    RetrievalEvent,
)
from creative_memory.services.common import spellings
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.derivation.cache_key import cache_key_for, digest_add
from creative_memory.services.derivation.derivation import Group, dbapi_connection
from creative_memory.services.derivation.derivation_rows import execute_in, rows_in
from creative_memory.services.derivation.event_content import canonical, pattern_rows, rewritten_hash
from creative_memory.services.engine.block import human
from creative_memory.services.forget.erasure import Receipt, Target
from creative_memory.services.forget.forget_places import move_created_items, places, sharing_an_instant
from creative_memory.services.forget.free_text import mentions_of, scrubbed_free_text
from creative_memory.services.store.page_digests import drop_unnamed_digests


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
    if t.whole:
        out = scrubbed_free_text(out, mentions_of(canonical_name(t.pattern)))
    alive = bool(out["patterns"]) or "chose" in out or "snapshot" in out
    if alive and page_digest_ids(payload) and payload_items(out) != payload_items(payload):
        # The page is evidence of what was forgotten: a later extractor reading it again would
        # find the target anew. The event keeps its other patterns, but no longer its pages.
        out = without_pages(out)
    return out, alive


_EVENTS = Event.__tablename__
_EVENT_PATTERNS = EventPattern.__tablename__


class _StoredEvent(NamedTuple):
    """The columns of a stored event that a rewrite reads, by name (``rewritten_hash`` reads them
    as attributes)."""

    seq: int
    user_id: str
    project_id: str | None
    signal_type: str
    occurred_at: int
    session_id: str | None
    artifact_id: str | None
    scope: str
    payload: str
    content_hash: str


#: the user's events among some seqs, as plain rows (thousands of them for a busy pattern)
_STORED_EVENTS = f"SELECT {', '.join(_StoredEvent._fields)} FROM {_EVENTS} WHERE user_id = ? AND seq IN"


def _record_conds(user_id: str, t: Target) -> list[Any]:
    conds = [
        Preference.user_id == user_id,
        Preference.preference_type == t.preference_type,
        Preference.pattern == t.pattern,
    ]
    if t.scope:
        conds.append(Preference.scope == t.scope)
    return conds


def drop_records(session: Session, user_id: str, t: Target, receipt: Receipt | None) -> set[Group]:
    """Delete the target's derived records (in its scope and polarity); returns their groups, which
    are re-derived from what is left (the other polarity of a partly forgotten group)."""
    conds = _record_conds(user_id, t)
    groups = {
        (s, t.preference_type, t.pattern) for s in session.scalars(select(Preference.scope).where(*conds))
    }
    if t.polarity is not None:
        conds.append(Preference.polarity == str(t.polarity))
    n = int(getattr(session.execute(delete(Preference).where(*conds)), "rowcount", 0) or 0)
    if receipt is not None:
        receipt.preferences += n
    return groups


def _pattern_conds(user_id: str, t: Target) -> list[Any]:
    pconds = [
        EventPattern.user_id == user_id,
        EventPattern.preference_type == t.preference_type,
        EventPattern.pattern == t.pattern,
    ]
    if t.scope:
        pconds.append(EventPattern.scope == t.scope)
    if t.polarity is not None:
        pconds.append(EventPattern.polarity == str(t.polarity))
    return pconds


def indexed_events(session: Session, user_id: str, t: Target, *, after: int = 0) -> set[int]:
    """The events whose pattern index names the target (``seq > after``)."""
    conds = _pattern_conds(user_id, t)
    if after:
        conds.append(EventPattern.seq > after)
    return set(session.scalars(select(EventPattern.seq).where(*conds)))


# What a payload that is to be deleted holds until it is (padded with spaces to its old length).
PLACEHOLDER = '{"patterns":[]}'


def _padded(text: str, size: int) -> str:
    """``text`` with trailing spaces up to ``size`` bytes (JSON allows them; every reader parses)."""
    return text + " " * max(0, size - len(text.encode("utf-8", "surrogatepass")))


@dataclass
class _Rewrites:
    """What :func:`rewrite_events` writes for a batch of events, gathered event by event."""

    folded_upto: int  # the derivation's watermark: events above it are not folded yet
    later: list[int] | None  # a whole target's deletes wait here (see rewrite_events)
    receipt: Receipt
    groups: set[Group] = field(default_factory=set)
    deleted_folded: int = 0
    removed_hashes: list[str] = field(default_factory=list)
    added_hashes: list[str] = field(default_factory=list)
    deletes: list[tuple[int]] = field(default_factory=list)
    rewrites: list[tuple[str, str, int]] = field(default_factory=list)
    masks: list[tuple[str, int]] = field(default_factory=list)
    reindex: list[dict[str, Any]] = field(default_factory=list)  # the index rows of the rewritten payloads
    shifted: set[tuple[Group, int]] = field(default_factory=set)  # (group, seq) of the items a rewrite kept
    places: dict[int, dict[int, int]] = field(default_factory=dict)  # seq: old item index -> new one
    ties: dict[int, tuple[int, int, int]] = field(
        default_factory=dict
    )  # seq: (occurred_at, old tie, new tie)
    digests: set[str] = field(default_factory=set)  # the page digests the changed events named

    def event(self, ev: Any, t: Target) -> None:
        before = json.loads(ev.payload)
        payload, alive = _rewrite_payload(before, t)
        new_text = canonical(payload) if alive else ""
        if alive and new_text == ev.payload.rstrip(" "):
            return  # named another type's pattern of the same name: nothing of the target here
        self.digests.update(page_digest_ids(before))
        # Every group whose evidence changed is re-derived: the target's, other patterns of a deleted
        # event or of a comparison that lost its other side. An item left keeps its evidence, but
        # the event's content changed, so its place among the events of its instant (decision
        # 0089), and an item after a removed one moves up in the event's item list: both places
        # are kept only as the creation position of a record this event created (decision 0022),
        # which is moved with it instead (services/forget/forget_places.py; docs/decisions/0053).
        old, new = payload_items(before), payload_items(payload) if alive else []
        removed = set(Counter(old) - Counter(new))
        self.groups.update((ev.scope, ptype, pattern) for ptype, pattern, _pol, _role in removed)
        kept = set(new) - removed
        place = places(old, new) if kept else None
        if place is None:  # not a plain removal (never expected): re-derive them
            self.groups.update((ev.scope, ptype, pattern) for ptype, pattern, _pol, _role in kept)
        else:
            self.places[ev.seq] = place
            self.shifted.update(((ev.scope, ptype, pattern), ev.seq) for ptype, pattern, _pol, _role in kept)
        size = len(ev.payload.encode("utf-8", "surrogatepass"))
        folded = ev.seq <= self.folded_upto
        if folded:
            self.removed_hashes.append(ev.content_hash)
        if not alive:
            if self.later is not None:
                self.masks.append((_padded(PLACEHOLDER, size), ev.seq))
                self.later.append(ev.seq)
            else:
                self.deletes.append((ev.seq,))
            self.receipt.events_deleted += 1
            self.deleted_folded += folded
            return
        new_hash = rewritten_hash(ev, new_text)
        if ev.seq in self.places:
            self.ties[ev.seq] = (ev.occurred_at, order_tie(ev.content_hash), order_tie(new_hash))
        self.rewrites.append(
            (_padded(new_text, size) if self.later is not None else new_text, new_hash, ev.seq)
        )
        self.reindex.extend(pattern_rows(ev.seq, ev.user_id, ev.scope, payload))
        if folded:
            self.added_hashes.append(new_hash)
        self.receipt.events_rewritten += 1

    def resolve(self, session: Session, user_id: str) -> None:
        """Move the creation place of the records created where their item moved up. A rewritten
        event's content decides its place among the events of its instant (decision 0089): where
        another event of that instant speaks for the same group, the group is re-derived instead."""
        self.groups |= sharing_an_instant(session, user_id, self.shifted, self.ties)
        move_created_items(session, user_id, self.shifted, self.places, self.groups, self.ties)

    def write(self, session: Session) -> None:
        con = session.connection()
        if self.masks:
            con.exec_driver_sql(f"UPDATE {_EVENTS} SET payload = ? WHERE seq = ?", self.masks)
        if self.deletes:
            con.exec_driver_sql(f"DELETE FROM {_EVENTS} WHERE seq = ?", self.deletes)
        if self.rewrites:
            con.exec_driver_sql(
                f"UPDATE {_EVENTS} SET payload = ?, content_hash = ? WHERE seq = ?", self.rewrites
            )
        # The index mirrors every stored payload. A rewrite can drop more than the target (a comparison
        # that lost one side loses both), so each changed event's rows are made what it names now, as
        # ingest writes them; a deleted event keeps none (not left to the foreign key's cascade).
        changed = sorted(seq for (seq,) in self.deletes) + sorted(seq for _p, seq in self.masks)
        changed += sorted(seq for _t, _h, seq in self.rewrites)
        self._reindex(session, changed)

    def _reindex(self, session: Session, changed: Sequence[int]) -> None:
        """Only the rows that differ change: a row the new payload still names stays where it is.
        Rewriting them all moved the rows of the other patterns of every rewritten event, and the
        page splits and merges that caused left old bytes behind in the index's free space."""
        wanted: Counter[tuple[Any, ...]] = Counter(_index_key(r) for r in self.reindex)
        drop: list[int] = []
        con = dbapi_connection(session)
        sql = f"SELECT id, {', '.join(_INDEX_FIELDS)} FROM {_EVENT_PATTERNS} WHERE seq IN"
        for row in rows_in(con, sql, changed):
            key = tuple(row[1:])
            if wanted[key] > 0:
                wanted[key] -= 1  # stays
            else:
                drop.append(int(row[0]))
        if drop:
            con.executemany(f"DELETE FROM {_EVENT_PATTERNS} WHERE id = ?", [(i,) for i in sorted(drop)])
        add = [r for r in self.reindex if _take(wanted, r)]
        if add:
            session.execute(insert(EventPattern), add)

    def keep_digest(self, drow: Derivation | None) -> None:
        """Keep the content-addressed key honest. The key lives in the derivation row (what
        is_current checks); a preference row's own cache_key says under which key it was last
        written, as after an incremental derivation, so the other rows are not rewritten."""
        if drow is not None and (self.removed_hashes or self.added_hashes):
            drow.set_digest = digest_add(
                digest_add(drow.set_digest, self.removed_hashes, -1), self.added_hashes
            )
            drow.cache_key = cache_key_for(drow.set_digest)
            drow.event_count -= self.deleted_folded


#: what tells one pattern index row of an event from another (the rest is the row's id)
_INDEX_FIELDS = ("seq", "scope", "preference_type", "pattern", "polarity", "role")


def _index_key(row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(row[f] for f in _INDEX_FIELDS)


def _take(left: Counter[tuple[Any, ...]], row: dict[str, Any]) -> bool:
    """Whether ``row`` is one of the rows still to insert (``left`` counts them down)."""
    key = _index_key(row)
    if left[key] > 0:
        left[key] -= 1
        return True
    return False


def rewrite_events(
    session: Session,
    user_id: str,
    t: Target,
    seqs: Iterable[int],
    receipt: Receipt | None,
    later: list[int] | None = None,
) -> set[Group]:
    """Inside a write transaction: remove the target from these events (an event left naming no
    pattern is deleted), rebuild their pattern index rows and keep the derivation's digest exact.
    Each payload is read and rewritten here, so what another writer changed meanwhile is what is
    rewritten. Returns the groups whose evidence changed.

    With ``later`` (a whole target, whose text must vanish from the file), nothing changes size:
    a rewritten payload is padded with spaces to its old length and an event to delete gets the
    padded :data:`PLACEHOLDER`, so SQLite rewrites each record in place. Deleting rows rebalances
    B-tree pages, which moves other cells and can leave their old bytes in a page's unallocated
    space, out of reach of secure_delete; so the deletes wait (their seqs go to ``later``) until
    no event holds the text any more (:func:`delete_placeholders`)."""
    drow = session.get(Derivation, user_id)
    # Events after the derivation's watermark are not folded yet (another writer, or an ingest
    # without derivation, committed them): they are rewritten like the others but touch neither
    # the digest nor the records; the next derivation folds them as they are then.
    out = _Rewrites(
        drow.max_seq if drow is not None else 0, later, receipt if receipt is not None else Receipt()
    )
    for row in rows_in(dbapi_connection(session), _STORED_EVENTS, sorted(set(seqs)), user_id):
        out.event(_StoredEvent._make(row), t)
    out.resolve(session, user_id)
    out.write(session)
    drop_unnamed_digests(session, out.digests)
    out.keep_digest(drow)
    return out.groups


def delete_placeholders(session: Session, user_id: str, seqs: Sequence[int]) -> None:
    """Delete events that :func:`rewrite_events` left as placeholders (and only those)."""
    if not seqs:
        return
    # many rows to a statement: one statement journal (the table has triggers), not one per event
    sql = f"DELETE FROM {_EVENTS} WHERE user_id = ? AND payload LIKE ? AND seq IN"
    execute_in(dbapi_connection(session), sql, seqs, user_id, PLACEHOLDER + "%")


def placeholders(session: Session, user_id: str) -> list[int]:
    """Events left as placeholders by a forget that died before deleting them (a scan: read phase)."""
    sql = f"SELECT seq FROM {_EVENTS} WHERE +user_id = ? AND payload LIKE ?"
    return [int(r[0]) for r in session.connection().exec_driver_sql(sql, (user_id, PLACEHOLDER + "%"))]


def _diagnostics_clause(user_id: str, t: Target) -> Any:
    # Over-deleting a diagnostic is safe; keeping one that names the target is not.
    needles = sorted({t.pattern, human(t.pattern)}) if t.whole else [t.pattern]
    user_rets = select(Retrieval.id).where(Retrieval.user_id == user_id).scalar_subquery()
    return (
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


def diagnostics_naming(session: Session, user_id: str, t: Target, *, after: int = 0) -> list[int]:
    """The ids of the user's diagnostics rows that name the target (``id > after``): a scan of the
    diagnostics, done in a read snapshot."""
    q = select(RetrievalEvent.id).where(*_diagnostics_clause(user_id, t))
    if after:
        q = q.where(RetrievalEvent.id > after)
    return sorted(int(i) for i in session.scalars(q))


def drop_diagnostics(session: Session, ids: Sequence[int], receipt: Receipt | None) -> None:
    """Delete these stage events, and the hash of the block their retrievals injected: a block that
    named the target is confirmed by hashing a guess of it, so the hash goes with what named it
    (``''``: erased by a forget)."""
    n = 0
    for i in range(0, len(ids), 500):
        chunk = ids[i : i + 500]
        named = select(RetrievalEvent.retrieval_id).where(RetrievalEvent.id.in_(chunk)).distinct()
        session.execute(update(Retrieval).where(Retrieval.id.in_(named)).values(block_sha256=""))
        res = session.execute(delete(RetrievalEvent).where(RetrievalEvent.id.in_(chunk)))
        n += int(getattr(res, "rowcount", 0) or 0)
    if receipt is not None:
        receipt.diagnostics += n


def last_diagnostic(session: Session) -> int:
    return int(session.scalar(select(func.max(RetrievalEvent.id))) or 0)


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

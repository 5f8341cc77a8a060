"""Real erasure, what it is asked and what it proves: the target of a forget (:class:`Target`), the
receipt (:class:`Receipt`), the checkpoints that empty the WAL and the proof
(:func:`verify_erasure`). The operations that use them are ``forget.forgetting.forget`` and
``forget.reset.reset``.

Forgetting removes the derived records, the pattern inside every raw event (an event left with no
pattern is deleted), free-text mentions of it in event diffs, every diagnostic that names it, and
fingerprints it in the audit. ``secure_delete`` zeroes freed space; a ``wal_checkpoint(TRUNCATE)``
then removes old page images from the WAL. The receipt's ``verified`` comes from a byte search of
``app.sqlite``, ``-wal`` and ``-shm``: text still found must be exactly what live data (another
pattern's name that contains it, Open Design's own data) puts in the file, else the store is
VACUUMed and searched again.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import func, select

from creative_memory.model.constants import Polarity, scope_for
from creative_memory.model.tables import (
    Preference,
)
from creative_memory.services.common import spelled_bytes
from creative_memory.services.common.naming import optional_project, valid_name
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.forget.erasure_search import (
    live_copies,
    live_mentions,
    mention_notes,
)
from creative_memory.services.forget.page_places import Places, place_copies
from creative_memory.services.forget.page_wipe import wipe_stale
from creative_memory.services.forget.spelled_search import SpelledCount, search_spelled
from creative_memory.services.location.schema import has_wal
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import truncate_gently

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
    longest_write_ms: float = 0.0  # the longest write transaction (lock hold) of the operation

    def held(self, seconds: float) -> None:
        self.longest_write_ms = max(self.longest_write_ms, seconds * 1000)

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


SNAPSHOT_NOTE = (
    "Another program kept an old snapshot open, so the write-ahead log could not be emptied yet; "
    "run the command again when Open Design is idle."
)


COMPACT_NOTE = (
    "Old copies of the text remain in free space inside the store file. Close Open Design, then run "
    "the command again with --compact to rewrite the file without them."
)


def checkpoint(store: Store) -> bool:
    """Empty the WAL. A PASSIVE checkpoint first copies the pages without blocking any writer; the
    TRUNCATE one that follows (which holds off writers while it runs) then has little left."""
    try:
        with store.raw() as con:
            con.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    except Exception as exc:  # a busy store: the TRUNCATE checkpoint below retries and reports
        log.info("passive checkpoint skipped: %s", exc)
    return store.checkpoint_truncate()


def checkpoint_gently(store: Store) -> bool:
    """A checkpoint for a retry while the daemon keeps writing (:func:`writes.truncate_gently`)."""
    try:
        with store.raw() as con:
            return truncate_gently(con)
    except Exception as exc:  # a store that cannot be written now: the receipt says it was not emptied
        log.info("checkpoint failed: %s", exc)
        return False


def verify_erasure(
    store: Store,
    user_id: str,
    targets: Sequence[Target],
    receipt: Receipt,
    *,
    compact: bool = False,
    ahead: Ahead | None = None,
) -> None:
    """Rows first, then bytes. Text still in the files must be live, legitimate data; a stale copy
    is removed by a VACUUM only with ``compact`` (the user closed Open Design: a VACUUM holds the
    write lock for as long as it rewrites the whole file). ``ahead``: the search begun while the
    forget wrote (:class:`~creative_memory.services.forget.search_ahead.SearchAhead`, decision 0100)."""
    ok = receipt.checkpointed and not _records_left(store, user_id, targets)
    whole = [t for t in targets if t.whole]
    if whole:
        # Every spelling of each name, mixed non-ASCII case included (docs/decisions/0029).
        names = spelled_bytes.Spellings({canonical_name(t.pattern) for t in whole})
        anchors = sorted({f.decode("utf-8") for s in names.names for f in s.forms})
        receipt.occurrences, live, stale = _search(store, names, account=receipt.checkpointed, ahead=ahead)
        # Stale copies in the unused space of our tables' pages: overwritten in place, then searched
        # for again (decision 0098); what is left still needs a VACUUM.
        if receipt.occurrences and live is not None and stale and not compact and wipe_stale(store, stale):
            receipt.checkpointed = checkpoint(store)
            if not receipt.checkpointed:
                receipt.notes.append(SNAPSHOT_NOTE)
            ok = ok and receipt.checkpointed
            receipt.occurrences, live, stale = _search(
                store, names, account=receipt.checkpointed, ahead=ahead
            )
        if receipt.occurrences and live is not None and sum(live.values()) == receipt.occurrences:
            # Every copy in the files is accounted for by live data (another pattern whose name
            # contains this one, the same name under another type, Open Design's own data): no
            # stale copy is left anywhere, so there is nothing to compact.
            receipt.notes.extend(mention_notes(live))
            receipt.verified = ok
            return
        if receipt.occurrences and live is not None and not compact:
            # Counted exactly, and the files hold more copies than live data puts there: a stale
            # copy is left in free space, which only a VACUUM removes.
            receipt.notes.extend(mention_notes(live))
            receipt.notes.append(COMPACT_NOTE)
            receipt.verified = False
            return
        if receipt.occurrences and receipt.checkpointed and compact:
            ok = _compact(store, receipt) and ok
            receipt.occurrences, _live, _stale = _search(store, names, account=False)
        if receipt.occurrences:
            ok = (
                _explained_by_live_rows(store, anchors, receipt, compact=compact, counted=live is not None)
                and ok
            )
    receipt.verified = ok


def _records_left(store: Store, user_id: str, targets: Sequence[Target]) -> bool:
    """Whether any target still has a stored record."""
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
                return True
    return False


def _compact(store: Store, receipt: Receipt) -> bool:
    """VACUUM and an emptied WAL; False (with the receipt's note) when either failed.

    secure_delete zeroes what is deleted, but a row that a B-tree rebalance moved earlier can leave
    a stale copy in a page's unallocated space, which no delete ever sees. VACUUM rewrites every
    page; after it, any copy left belongs to a live row."""
    ok = True
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
        receipt.notes.append(SNAPSHOT_NOTE)
    return ok


def _explained_by_live_rows(
    store: Store, anchors: Sequence[str], receipt: Receipt, *, compact: bool, counted: bool
) -> bool:
    """Copies are left in the files: whether live rows account for them (the receipt's notes say
    which); ``counted``: the copies were counted against live data before any VACUUM."""
    found: dict[str, int] = {}
    with store.read() as session:
        for anchor in anchors:  # a prefilter: the rows that may hold a spelling
            for table, count in live_mentions(session, anchor, fold=True).items():
                found[table] = found.get(table, 0) + count
    if found and (compact or counted):
        receipt.notes.extend(mention_notes(found))
        return True
    if found:
        # Live data holds the text, but the copies could not be counted against it (many
        # needles at once): a stale copy beside them cannot be ruled out without a VACUUM.
        receipt.notes.extend(mention_notes(found))
        receipt.notes.append(COMPACT_NOTE)
        return False
    if not compact:
        receipt.notes.append(COMPACT_NOTE)
    return False


def _placed(
    con: sqlite3.Connection, path: Path, found: SpelledCount, names: spelled_bytes.Spellings
) -> Places | None:
    """Where each copy lies in the database file (``page_places``): the copies live data holds,
    per table, and the pages of the stale ones; None when a copy is outside the file or on a page
    that cannot be placed."""
    places = found.places
    if places is None or any(f != path for f in places):
        return None
    trees = [("sqlite_master", "sqlite_master", 1)]
    trees += [
        (str(t), str(n), int(r or 0))
        for t, n, r in con.execute("SELECT tbl_name, name, rootpage FROM sqlite_master WHERE rootpage > 0")
    ]
    width = min((len(f) for s in names.names for f in s.forms), default=1)
    placed = place_copies(path, places.get(path, []), width, trees)
    if placed is None or placed.unplaced:
        return None
    return placed


class Ahead(Protocol):
    """The search begun ahead (``services.forget.search_ahead.SearchAhead``)."""

    def found(self, names: spelled_bytes.Spellings) -> SpelledCount | None:
        """What a search of the three files finds now, or None (then they are searched whole)."""
        ...

    def searched(self, names: spelled_bytes.Spellings, found: SpelledCount) -> None:
        """Hears what a search of the whole files found (where the next :meth:`found` may start)."""
        ...


def _search(
    store: Store, names: spelled_bytes.Spellings, *, account: bool, ahead: Ahead | None = None
) -> tuple[int, dict[str, int] | None, dict[int, str]]:
    """The byte search of the store's files, as a reader (never holding the write lock: the search
    reads the whole file, far longer than the daemon may wait; decision 0019). With ``account`` and
    occurrences found, also the copies live data accounts for, from a snapshot pinned for the whole
    search; that count is trusted only if the WAL stayed empty throughout (nobody committed, so no
    checkpoint had anything to move), else the search is repeated after a checkpoint, and after
    three tries the count is None (not comparable). Third: the b-tree pages that hold a stale copy
    (page number -> tree), when the copies were placed page by page. ``ahead``, on the first try:
    the pages written since a search begun ahead are searched, not the whole files (decision 0100)."""
    occurrences = 0
    for attempt in range(3):
        if attempt:
            checkpoint_gently(store)  # short waits only: the daemon keeps writing between attempts
        with store.raw() as con:
            con.execute("BEGIN")
            con.execute("SELECT count(*) FROM sqlite_master").fetchone()  # pins the snapshot
            try:
                still = not has_wal(store.path)
                found = ahead.found(names) if ahead is not None and attempt == 0 else None
                if found is None:
                    found = search_spelled(store.path, names, places=account)
                    if ahead is not None and attempt == 0 and still:
                        ahead.searched(names, found)
                occurrences = found.mentions
                if not (occurrences and account and still):
                    return occurrences, None, {}
                # where each copy lies, page by page (decision 0096); else counted like the file
                # search, value by value (rows that may hold a mention without its anchor are looked
                # for only if the files hold such a mention)
                placed = _placed(con, store.path, found, names)
                stale = placed.stale_pages if placed is not None else {}
                live = (
                    placed.live
                    if placed is not None
                    else live_copies(con, names, without_anchor=found.without_anchor)
                )
                if not has_wal(store.path):
                    return occurrences, live, stale
            finally:
                con.execute("ROLLBACK")
    return occurrences, None, {}

"""Forget-and-block: only a keyed fingerprint of a pattern is kept, never its text.

Fingerprints are taken of the canonical form (``services.common.spellings``, docs/decisions/0076),
so every spelling of a blocked pattern is blocked. A block writes two rows: the fingerprint of
(type, pattern) (kind ``pattern``), which ingest and import check each incoming pattern against,
and the fingerprint of the pattern's text alone under the empty type, which no name can be (kind
``text``, with the length of the canonical form), which ingest checks every run of an incoming
diff's text of that length against. Blocks written before keyed the exact spelling, or the
canonical form of decision 0030, and recorded no kind or length; they are still honoured.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Blocklist
from creative_memory.services.common.errors import InvalidInput, NotFound, RefusedForSafety
from creative_memory.services.common.spellings import Mentions, canonical_name, canonical_name_0076
from creative_memory.services.controls import audit
from creative_memory.services.store.store import Store

TEXT_TYPE = ""  # the "type" a pattern's text alone is fingerprinted under (no name is empty)
# The row that says which install secret made a user's blocks: the fingerprint of this pair, which
# no name can give (a canonical name is never empty, and no type is the empty one with this text).
KEY_KIND = "key"
_KEY_CHECK = (TEXT_TYPE, "\x00the install secret of these blocks")
REASON_MAX = 500  # characters of a block's reason that are kept
REASON_SCRUB = "[the blocked name]"


def legacy_canonical(value: str) -> str:
    """The canonical form blocks were keyed by before decision 0076 (decision 0030: NFC, case-folded,
    ``-``/``_``/space as ``_``), so that those blocks are still honoured."""
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", value).casefold())
    return "".join("_" if ch in "-_ " else ch for ch in folded)


class Fingerprinter(Protocol):
    def fingerprint(self, preference_type: str, pattern: str) -> str: ...


class Blocked(set[str]):
    """A user's block fingerprints, with what ingest needs to look for blocked text in a diff: the
    lengths of the blocked names' canonical forms, and whether older blocks without a length exist."""

    lengths: frozenset[int] = frozenset()
    legacy: bool = False
    key_check: str | None = None  # which secret made them (None: blocks from before it was kept)


@dataclass(frozen=True)
class BlockRow:
    """What a block keeps, as ``block list`` shows it (never the name: it is not kept)."""

    id: int
    fingerprint: str
    kind: str  # "pattern", "text" or "unknown" (written before kinds were recorded)
    created_at: int
    reason: str | None

    @property
    def prefix(self) -> str:
        return self.fingerprint[:12]


class BlockChecker:
    """Fingerprints patterns with the per-install secret and reads the user's blocklist."""

    def __init__(self, secrets: Fingerprinter) -> None:
        self._secrets = secrets
        self._fp = lru_cache(maxsize=4096)(self._secrets.fingerprint)

    def fingerprint(self, preference_type: str, pattern: str) -> str:
        """The fingerprint of a pattern in its canonical form (every spelling gives the same)."""
        return self._fp(canonical_name(preference_type), canonical_name(pattern))

    def text_fingerprint(self, canonical_text: str) -> str:
        """The fingerprint of a pattern's text alone (already in canonical form)."""
        return self._fp(TEXT_TYPE, canonical_text)

    def blocked(self, fps: Collection[str], preference_type: str, pattern: str) -> bool:
        """Whether any spelling of the pattern is blocked (or this spelling, by an older block)."""
        return bool(fps) and any(k in fps for k in self.pattern_keys(preference_type, pattern))

    def pattern_keys(self, preference_type: str, pattern: str) -> set[str]:
        """Every fingerprint a block of the pattern may have been recorded under: the current rule's,
        and those of the older rules that blocks made then were keyed by (this spelling as it is,
        decision 0030's fold, decision 0076's fold). Learning and lifting both ask this."""
        return {
            self.fingerprint(preference_type, pattern),
            self._fp(preference_type, pattern),
            self._fp(legacy_canonical(preference_type), legacy_canonical(pattern)),
            self._fp(canonical_name_0076(preference_type), canonical_name_0076(pattern)),
        }

    def text_blocked(self, fps: Collection[str], canonical_text: str) -> bool:
        return bool(fps) and self.text_fingerprint(canonical_text) in fps

    def key_check(self) -> str:
        """This install secret's mark, kept beside the blocks it makes."""
        return self._fp(*_KEY_CHECK)

    def fingerprints(self, session: Session, user_id: str) -> Blocked:
        """The user's block fingerprints, for learning. Refused (:class:`RefusedForSafety`) when
        they were made with another install secret than this process has — another home, a
        keychain that holds another secret: its fingerprints would match nothing, and blocked
        patterns would be learned again (issue 32, point 3)."""
        out = Blocked()
        lengths: set[int] = set()
        for fp, kind, length in session.execute(
            select(Blocklist.fingerprint, Blocklist.kind, Blocklist.length).where(
                Blocklist.user_id == user_id
            )
        ):
            if kind == KEY_KIND:
                out.key_check = fp
                continue
            out.add(fp)
            if kind == "text" and length:
                lengths.add(int(length))
            elif kind is None:
                out.legacy = True
        out.lengths = frozenset(lengths)
        if out or out.key_check is not None:
            self._refuse_another_key(out.key_check, "learns nothing", "Nothing was stored.")
        return out

    def check_key(self, session: Session, user_id: str, doing: str, unchanged: str) -> None:
        """Refuse (:class:`RefusedForSafety`) to block or lift by name where the user's blocks were
        made with another install secret, as learning is refused (:meth:`fingerprints`)."""
        rows = session.execute(
            select(Blocklist.fingerprint, Blocklist.kind).where(Blocklist.user_id == user_id)
        ).all()
        if rows:
            mark = next((fp for fp, kind in rows if kind == KEY_KIND), None)
            self._refuse_another_key(mark, doing, unchanged)

    def _refuse_another_key(self, mark: str | None, doing: str, unchanged: str) -> None:
        """The user has blocks: refuse where this process has no install secret (one would be made
        anew, and match none of them) or another one than the blocks' mark names (issue 32, point
        3). No secret is made by asking."""
        has = getattr(self._secrets, "has_secret", None)
        if (has is not None and not has()) or (mark is not None and mark != self.key_check()):
            raise RefusedForSafety(
                "This store's blocks were made with another install secret than this program has here "
                f"(another home folder or keychain), so it cannot tell what they block and {doing}: "
                "run it as the person whose program made them, or copy that install's secret file "
                f"to this one. {unchanged}"
            )

    def block(
        self,
        session: Session,
        user_id: str,
        preference_type: str,
        pattern: str,
        now: int,
        reason: str | None = None,
    ) -> str:
        """Block every spelling of the pattern; ``reason`` is kept with the name scrubbed out of it."""
        self.check_key(session, user_id, "blocks nothing", "Nothing was blocked.")
        canon = canonical_name(pattern)
        fp = self.fingerprint(preference_type, pattern)
        kept = clean_reason(reason, [canon, canonical_name(preference_type)])
        # The user's first block marks the secret that made it; blocks from before the mark was
        # kept get none (which secret made them is not known).
        first = session.scalar(select(Blocklist.id).where(Blocklist.user_id == user_id).limit(1)) is None
        marks = [(self.key_check(), KEY_KIND, None)] if first else []
        for key, kind, length in (
            *marks,
            (fp, "pattern", None),
            (self.text_fingerprint(canon), "text", len(canon)),
        ):
            row = session.scalar(
                select(Blocklist).where(Blocklist.user_id == user_id, Blocklist.fingerprint == key)
            )
            if row is None:
                session.add(
                    Blocklist(
                        user_id=user_id,
                        fingerprint=key,
                        created_at=now,
                        kind=kind,
                        length=length,
                        reason=kept,
                    )
                )
            else:
                row.kind, row.length = kind, length
                if kept:
                    row.reason = kept
        return fp

    @staticmethod
    def rows(session: Session, user_id: str) -> list[BlockRow]:
        """What the user's blocklist keeps, oldest first."""
        q = (
            select(Blocklist)
            .where(Blocklist.user_id == user_id, Blocklist.kind.is_distinct_from(KEY_KIND))
            .order_by(Blocklist.created_at, Blocklist.id)
        )
        return [
            BlockRow(r.id, r.fingerprint, r.kind or "unknown", r.created_at, r.reason)
            for r in session.scalars(q)
        ]


def clean_reason(reason: str | None, canonicals: Collection[str]) -> str | None:
    """A block's reason as it may be kept: stripped, at most :data:`REASON_MAX` characters, every
    mention of the blocked name replaced (a reason must not keep what the block forgets)."""
    if reason is None or not reason.strip():
        return None
    text = unicodedata.normalize("NFC", reason.strip())
    return Mentions(canonicals).scrub_within(text, REASON_SCRUB, REASON_MAX)


# --------------------------------------------------------------------------- what is kept, lifting
@dataclass(frozen=True)
class Block:
    """One block as the person sees it: the rows one forget-and-block wrote (a pattern fingerprint
    and, right after it, the fingerprint of the pattern's text), never the name (it is not kept)."""

    id: int  # the id of its first row
    fingerprint: str  # of its first row
    kinds: tuple[str, ...]
    created_at: int
    reason: str | None
    row_ids: tuple[int, ...]

    @property
    def prefix(self) -> str:
        return self.fingerprint[:16]  # as the activity log names it (fp:…)

    def as_json(self) -> dict[str, object]:
        from creative_memory.model.events import iso

        return {
            "id": self.id,
            "fingerprint": self.prefix,
            "kinds": list(self.kinds),
            "created_at": iso(self.created_at),
            "reason": self.reason,
        }


def _blocks(rows: list[BlockRow]) -> list[Block]:
    out: list[Block] = []
    k = 0
    while k < len(rows):
        r = rows[k]
        group = [r]
        nxt = rows[k + 1] if k + 1 < len(rows) else None
        if (
            nxt is not None
            and r.kind != "text"
            and nxt.kind in ("text", "unknown")
            and nxt.id == r.id + 1
            and nxt.created_at == r.created_at
        ):
            group.append(nxt)
        out.append(
            Block(
                r.id,
                r.fingerprint,
                tuple(g.kind for g in group),
                r.created_at,
                next((g.reason for g in group if g.reason), None),
                tuple(g.id for g in group),
            )
        )
        k += len(group)
    return out


def list_blocks(store: Store, user_id: str) -> list[Block]:
    """The user's blocks, oldest first (``od-memory block list``, the Blocked patterns dialog)."""
    with store.read() as session:
        rows = sorted(BlockChecker.rows(session, user_id), key=lambda r: r.id)
    return _blocks(rows)


def lift_block(store: Store, user_id: str, which: str, *, actor: Actor | str, now: int) -> Block:
    """Lift one block, named by its id or a prefix of its fingerprint (at least 6 characters): its
    rows are deleted and the lift is written to the activity log (with the fingerprint, not a name).
    The pattern can be learned again, and its words are no longer scrubbed from incoming diffs."""
    which = which.strip().lower()
    with store.write() as session:
        blocks = _blocks(sorted(BlockChecker.rows(session, user_id), key=lambda r: r.id))
        # A fingerprint's prefix may be all digits (about one in 40 of 8 characters): digits name
        # an id or such a prefix, and naming both of two blocks is refused below.
        number = int(which) if which.isdigit() else None
        by_fingerprint = len(which) >= 6 and all(c in "0123456789abcdef" for c in which)
        found = [
            b
            for b in blocks
            if (number is not None and (b.id == number or number in b.row_ids))
            or (by_fingerprint and b.fingerprint.startswith(which))
        ]
        if number is None and not by_fingerprint:
            raise InvalidInput(
                f"{which!r} names no block; give its id or at least 6 characters of its fingerprint "
                "(od-memory block list)."
            )
        if not found:
            raise NotFound(f"No block {which!r}; od-memory block list shows the blocks that are kept.")
        if len(found) > 1:
            raise InvalidInput(
                f"{which!r} names {len(found)} blocks; give more of the fingerprint, or the id."
            )
        block = found[0]
        session.execute(
            delete(Blocklist).where(Blocklist.user_id == user_id, Blocklist.id.in_(block.row_ids))
        )
        audit.record(session, user_id, actor, "lift block", f"fp:{block.prefix}", "ok", now)
    return block


def lift_pattern(
    store: Store,
    checker: BlockChecker,
    user_id: str,
    preference_type: str,
    pattern: str,
    *,
    actor: Actor | str,
    now: int,
) -> list[Block]:
    """Lift the block of a pattern named by the person (any spelling): the blocks whose first row is
    its fingerprint (by the current rule or an older one)."""
    with store.read() as session:
        checker.check_key(
            session,
            user_id,
            "cannot find a block by its name (lift it by its number from od-memory block list)",
            "Nothing was changed.",
        )
    keys = checker.pattern_keys(preference_type, pattern)
    lifted = []
    for b in list_blocks(store, user_id):
        if b.fingerprint in keys:
            lifted.append(lift_block(store, user_id, str(b.id), actor=actor, now=now))
    if not lifted:
        raise NotFound(
            "That pattern is not blocked (in any spelling); od-memory block list shows the blocks."
        )
    return lifted

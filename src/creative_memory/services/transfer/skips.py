"""What an import left out, by the rule that left it out: each blocked pattern as the bundle names
it (the person holds the file, so naming it here tells them nothing the store keeps), and each
project whose "Learn from this project" switch is off. The counts per reason stay in
``TransferResult.skipped_by_reason``; this is the detail behind two of them, so that the window and
``od-memory import`` can say which rule skipped which events and offer to lift it.

The names are never written to the store or the activity log: the import's audit entry keeps
counts only."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import NotFound
from creative_memory.services.common.spellings import Mentions, canonical_name
from creative_memory.services.controls import controls
from creative_memory.services.ingest import blocklist
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.pages import FROM_PAGE
from creative_memory.services.ingest.redaction import BLOCKED_TEXT, scrub_blocked
from creative_memory.services.store.store import Store


@dataclass(frozen=True)
class SkippedPattern:
    """A blocked pattern the bundle names: the events left out because of it (an event with a
    blocked side, or with nothing left once its blocked patterns are dropped) and the events that
    came in without it."""

    preference_type: str
    pattern: str
    events: int  # events left out; lifting the block and importing again brings them in
    left_out: int = 0  # events that came in with this pattern dropped

    def as_json(self) -> dict[str, Any]:
        return {
            "preference_type": self.preference_type,
            "pattern": self.pattern,
            "events": self.events,
            "left_out_of_events": self.left_out,
        }


@dataclass(frozen=True)
class SkippedProject:
    """A project that does not learn, and the bundle's events of it that were skipped."""

    project_id: str
    name: str | None  # Open Design's name for it, when its project list has it
    events: int

    @property
    def label(self) -> str:
        return self.name or self.project_id

    def as_json(self) -> dict[str, Any]:
        return {"project_id": self.project_id, "name": self.name, "events": self.events}


class SkipTally:
    """Gathers, batch by batch, which blocked pattern and which project left which events out. A
    pattern is counted once per spelling of its block: the first spelling the bundle uses names it."""

    def __init__(self, blocks: BlockChecker | None) -> None:
        self._blocks = blocks
        self._names: dict[str, tuple[str, str]] = {}
        self._events: Counter[str] = Counter()
        self._left_out: Counter[str] = Counter()
        self.projects: Counter[str] = Counter()

    def blocked(self, hits: list[tuple[str, str]], *, event_left_out: bool) -> None:
        """The blocked (type, pattern)s of one event; whether the event itself was left out."""
        if self._blocks is None:
            return
        seen: set[str] = set()
        for ptype, pattern in hits:
            key = self._blocks.fingerprint(ptype, pattern)
            if key in seen:
                continue
            seen.add(key)
            self._names.setdefault(key, (ptype, pattern))
            (self._events if event_left_out else self._left_out)[key] += 1

    def patterns(self) -> tuple[SkippedPattern, ...]:
        """The blocked patterns, those that left most events out first."""
        out = [
            SkippedPattern(*self._names[k], events=self._events[k], left_out=self._left_out[k])
            for k in self._names
        ]
        out.sort(key=lambda p: (-p.events, -p.left_out, p.preference_type, p.pattern))
        return tuple(out)

    def skipped_projects(self, names: dict[str, str]) -> tuple[SkippedProject, ...]:
        """The projects not learning, most events first; ``names`` are Open Design's names."""
        out = [SkippedProject(pid, names.get(pid), n) for pid, n in self.projects.items()]
        out.sort(key=lambda p: (-p.events, p.label.casefold(), p.project_id))
        return tuple(out)


def unblocked(
    payload: dict[str, Any], fps: set[str], blocks: BlockChecker
) -> tuple[dict[str, Any] | None, list[tuple[str, str]]]:
    """As ingest drops blocked patterns: the payload without them and the (type, pattern)s dropped;
    None when the event is left out: nothing is left, a side of a comparison names a blocked
    pattern the host named (one its page showed goes alone, as at ingest), or a legacy snapshot is
    blocked. A kept pattern's explanation that names a blocked name is scrubbed, as at ingest
    (``pages.unblocked``, ``pages.scrubbed``)."""
    from creative_memory.model.events import payload_items

    def blocked(p: dict[str, Any]) -> bool:
        return blocks.blocked(fps, p["preference_type"], p["pattern"])

    sides = [p for side in ("chose", "over") for p in (payload.get(side) or {}).get("patterns", [])]
    hit = [(p["preference_type"], p["pattern"]) for p in sides if p.get("from") != FROM_PAGE and blocked(p)]
    if hit:
        return None, hit
    snap = payload.get("snapshot")
    if snap and blocks.blocked(fps, snap["preference_type"], snap["pattern"]):
        return None, [(snap["preference_type"], snap["pattern"])]
    dropped = [
        (p["preference_type"], p["pattern"]) for p in [*sides, *payload.get("patterns", [])] if blocked(p)
    ]
    gone = Mentions(canonical_name(pattern) for _t, pattern in dropped)

    def because(text: str) -> str:
        return scrub_blocked(gone.scrub(text, BLOCKED_TEXT), blocks, fps)

    def kept(patterns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            {**p, "because": because(p["because"])} if isinstance(p.get("because"), str) else p
            for p in patterns
            if not blocked(p)
        ]

    # What the extractor wrote of a page may name a blocked name (a font's) even where nothing
    # blocked is learned: scrubbed as at ingest.
    out = {**payload, "patterns": kept(payload.get("patterns", []))}
    for side in ("chose", "over"):
        if payload.get(side):
            out[side] = {**payload[side], "patterns": kept(payload[side].get("patterns", []))}
    if not dropped:
        return (payload if out == payload else out), []
    if not payload_items(out):
        return None, dropped
    return out, dropped


def lift_skips(
    store: Store,
    checker: BlockChecker,
    user_id: str,
    patterns: Sequence[SkippedPattern],
    projects: Sequence[SkippedProject],
    *,
    actor: Actor,
    now: int,
) -> int:
    """Lift the blocks of ``patterns`` (every spelling) and turn "Learn from this project" back on
    in ``projects``, each written to the activity log as any lift and switch is; returns how many
    blocks were lifted (a block someone lifted meanwhile is passed over)."""
    lifted = 0
    for p in patterns:
        try:
            lifted += len(
                blocklist.lift_pattern(
                    store, checker, user_id, p.preference_type, p.pattern, actor=actor, now=now
                )
            )
        except NotFound:
            continue
    for proj in projects:
        controls.set_project(store, user_id, proj.project_id, learn_from_project=True, actor=actor, now=now)
    return lifted

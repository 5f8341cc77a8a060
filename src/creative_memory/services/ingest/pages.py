"""An event's pages → its style digests and the patterns they show (decision 0065).

Run before the write transaction (the extractor takes tens of milliseconds a page; never while the
store's write lock is held). The extractor reads each page's digest, not the page: what a later
extractor version can read again is exactly what this one read.

- an accepted, rated or abandoned generation: the degrees its page shows, positive — negative for
  a thumbs down or an abandon;
- a manual refinement or a revert: what moved between the page before and after
  (``evidence.moves``), with the polarity of its direction;
- a comparison: what differs between the two sides' pages (on the compared ``dimensions`` when
  given), the chosen side's degree positive, the other's negative.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from creative_memory.model.constants import REJECTING_SIGNALS, SignalType
from creative_memory.model.events import EventIn
from creative_memory.services.extract.digest import digest
from creative_memory.services.extract.evidence import moves
from creative_memory.services.extract.page import read_features
from creative_memory.services.extract.vocabulary import EXTRACTOR_VERSION, shown

FROM_PAGE = "page"  # the ``from`` of a stored pattern the extractor found


@dataclass(frozen=True, slots=True)
class PageEvidence:
    """What an event's pages give: patterns (``(type, pattern, polarity)``; a comparison's positive
    ones are the chosen side's, its negative ones the other side's), the digest id of each page
    by its place (``page``, ``page_before``, ``chose``, ``over``) and the digests' bodies."""

    patterns: tuple[tuple[str, str, str], ...]
    refs: dict[str, str] = field(default_factory=dict)
    bodies: dict[str, str] = field(default_factory=dict)
    extractor_version: str = EXTRACTOR_VERSION


def page_evidence(ev: EventIn) -> PageEvidence | None:
    """The evidence of the event's pages; None when it carries none."""
    if not ev.has_pages:
        return None
    refs: dict[str, str] = {}
    bodies: dict[str, str] = {}

    def read(place: str, html: str) -> dict[str, dict[str, float | int | str]]:
        d = digest(html)
        refs[place] = d.digest_id
        bodies[d.digest_id] = d.body
        return read_features(d.body)[0]

    found: list[tuple[str, str, str]] = []
    kind = ev.signal_type
    if kind is SignalType.PAIRWISE_COMPARISON:
        assert ev.chose is not None and ev.over is not None
        if ev.chose.page is not None and ev.over.page is not None:
            chose, over = read("chose", ev.chose.page), read("over", ev.over.page)
            dims = set(ev.dimensions) if ev.dimensions else None
            found = [
                (s.preference_type, s.pattern, s.polarity)
                for s in moves(over, chose)
                if dims is None or s.preference_type in dims
            ]
        else:  # one side's page alone tells nothing that differs: kept, not learned from
            for place, side in (("chose", ev.chose), ("over", ev.over)):
                if side.page is not None:
                    read(place, side.page)
    elif ev.page is not None and ev.page_before is not None:
        before, after = read("page_before", ev.page_before), read("page", ev.page)
        found = [(s.preference_type, s.pattern, s.polarity) for s in moves(before, after)]
    elif ev.page is not None:
        polarity = "negative" if kind in REJECTING_SIGNALS else "positive"
        found = [(s.preference_type, s.pattern, polarity) for s in shown(read("page", ev.page))]
    unique = tuple(dict.fromkeys(found))
    return PageEvidence(unique, refs, bodies)


def unblocked(evidence: PageEvidence, blocked: Callable[[str, str], bool]) -> tuple[PageEvidence, int]:
    """The evidence without the patterns ``blocked(type, pattern)`` names, and how many went."""
    kept = tuple(p for p in evidence.patterns if not blocked(p[0], p[1]))
    if len(kept) == len(evidence.patterns):
        return evidence, 0
    return PageEvidence(kept, evidence.refs, evidence.bodies, evidence.extractor_version), len(
        evidence.patterns
    ) - len(kept)

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

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace

from creative_memory.model.constants import REJECTING_SIGNALS, SignalType
from creative_memory.model.events import EventIn
from creative_memory.services.common.spellings import Mentions, canonical_name
from creative_memory.services.extract.digest import digest, digest_id_of
from creative_memory.services.extract.evidence import moves
from creative_memory.services.extract.page import read_features
from creative_memory.services.extract.vocabulary import EXTRACTOR_VERSION, Shown, shown
from creative_memory.services.ingest.redaction import BLOCKED_TEXT

FROM_PAGE = "page"  # the ``from`` of a stored pattern the extractor found


Features = dict[str, dict[str, float | int | str]]


@dataclass(frozen=True, slots=True)
class PageEvidence:
    """What an event's pages give: patterns (a comparison's positive ones are the chosen side's, its
    negative ones the other side's), each with the values that decided it in words, the digest id of
    each page by its place (``page``, ``page_before``, ``chose``, ``over``) and the digests' bodies."""

    patterns: tuple[Shown, ...]
    refs: dict[str, str] = field(default_factory=dict)
    bodies: dict[str, str] = field(default_factory=dict)
    extractor_version: str = EXTRACTOR_VERSION


def learned(
    signal_type: SignalType, dimensions: Collection[str] | None, read: Mapping[str, Features]
) -> tuple[Shown, ...]:
    """The patterns pages show, by the places they were read at (see the module's docstring): the
    one rule both ingest (from the pages) and a re-extraction (from the stored digests) apply."""
    found: list[Shown] = []
    if signal_type is SignalType.PAIRWISE_COMPARISON:
        if "chose" in read and "over" in read:  # one side's page alone tells nothing that differs
            dims = set(dimensions) if dimensions else None
            found = [
                s for s in moves(read["over"], read["chose"]) if dims is None or s.preference_type in dims
            ]
    elif "page" in read and "page_before" in read:
        found = list(moves(read["page_before"], read["page"]))
    elif "page" in read:
        polarity = "negative" if signal_type in REJECTING_SIGNALS else "positive"
        found = [Shown(s.preference_type, s.pattern, polarity, s.because) for s in shown(read["page"])]
    seen: dict[tuple[str, str, str], Shown] = {}
    for s in found:
        seen.setdefault((s.preference_type, s.pattern, s.polarity), s)
    return tuple(seen.values())


def page_evidence(ev: EventIn) -> PageEvidence | None:
    """The evidence of the event's pages; None when it carries none."""
    if not ev.has_pages:
        return None
    pages: dict[str, str | None] = {"page": ev.page, "page_before": ev.page_before}
    if ev.chose is not None and ev.over is not None:
        pages = {"chose": ev.chose.page, "over": ev.over.page}
    refs: dict[str, str] = {}
    bodies: dict[str, str] = {}
    read: dict[str, Features] = {}
    for place, html in pages.items():
        if html is None:
            continue
        d = digest(html)
        refs[place] = d.digest_id
        bodies[d.digest_id] = d.body
        read[place] = read_features(d.body)[0]
    return PageEvidence(learned(ev.signal_type, ev.dimensions, read), refs, bodies)


def scrubbed(evidence: PageEvidence, scrub: Callable[[str], str]) -> PageEvidence:
    """The evidence with ``scrub`` applied to the explanation of each pattern and to each page's
    digest (a blocked name as a font's or a class's name: ``redaction.scrub_blocked``); a digest
    that changes is stored under the id of what it now holds (digests are content-addressed)."""
    patterns = tuple(replace(p, because=scrub(p.because)) for p in evidence.patterns)
    renamed: dict[str, str] = {}
    bodies: dict[str, str] = {}
    for did, body in evidence.bodies.items():
        clean = scrub(body)
        renamed[did] = did if clean == body else digest_id_of(clean)
        bodies[renamed[did]] = clean
    if patterns == evidence.patterns and all(k == v for k, v in renamed.items()):
        return evidence
    refs = {place: renamed.get(did, did) for place, did in evidence.refs.items()}
    return PageEvidence(patterns, refs, bodies, evidence.extractor_version)


def unblocked(evidence: PageEvidence, blocked: Callable[[str, str], bool]) -> tuple[PageEvidence, int]:
    """The evidence without the patterns ``blocked(type, pattern)`` names, and how many went. The
    explanation of a pattern kept can name one that went (an edit from tight to airy spacing
    explains both by "tight spacing → airy spacing"): each such mention is scrubbed as a blocked
    name in a diff is."""
    kept = tuple(p for p in evidence.patterns if not blocked(p.preference_type, p.pattern))
    if len(kept) == len(evidence.patterns):
        return evidence, 0
    gone = Mentions(canonical_name(p.pattern) for p in evidence.patterns if p not in kept)
    kept = tuple(replace(p, because=gone.scrub(p.because, BLOCKED_TEXT)) for p in kept)
    return PageEvidence(kept, evidence.refs, evidence.bodies, evidence.extractor_version), len(
        evidence.patterns
    ) - len(kept)

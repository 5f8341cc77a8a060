"""A pattern's evidence from pages, in a person's words (decision 0065): what the extractor saw in
each event's page ("the usual padding, margin and gap grew from 8 to 32 px"), and for ``explain``
and the Inspector one sentence over all of them — the last reading, in how many edits, comparisons
or pages, when last and where."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from creative_memory.model.constants import SignalType

_EDITS = frozenset({str(SignalType.MANUAL_REFINEMENT), str(SignalType.REVERT_AFTER_EDIT)})
_COMPARISONS = frozenset({str(SignalType.PAIRWISE_COMPARISON)})


@dataclass(frozen=True, slots=True)
class PageSeen:
    """One event whose page showed the pattern: when (ISO text), its signal, the pattern's polarity
    in it, what decided it, and the project's name (None outside a project or for an unknown one)."""

    at: str
    signal_type: str
    polarity: str
    because: str
    project_name: str | None


def because(payload: Mapping[str, Any], preference_type: str, pattern: str, role: str | None) -> str | None:
    """What decided the pattern in this stored payload, if the event's page showed it (``role``: a
    comparison's side it is on)."""
    entries = (payload.get(role) or {}).get("patterns", []) if role else payload.get("patterns", [])
    for p in entries:
        if (
            isinstance(p, dict)
            and p.get("from") == "page"
            and p.get("preference_type") == preference_type
            and p.get("pattern") == pattern
            and isinstance(p.get("because"), str)
        ):
            return str(p["because"])
    return None


def _kinds(seen: Sequence[PageSeen]) -> str:
    counts = Counter(
        "edit" if s.signal_type in _EDITS else "comparison" if s.signal_type in _COMPARISONS else "page"
        for s in seen
    )
    parts = [
        f"{n} {kind}{'' if n == 1 else 's'}" for kind, n in sorted(counts.items(), key=lambda kv: -kv[1])
    ]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _day(iso_text: str) -> str:
    moment = datetime.fromisoformat(iso_text.replace("Z", "+00:00")).astimezone(UTC)
    return f"{moment.day} {moment.strftime('%b')} {moment.year}"


def summary(seen: Sequence[PageSeen]) -> str | None:
    """One sentence over a pattern's evidence from pages, the latest reading first; None without any.
    E.g. "the usual padding, margin and gap grew from 8 to 32 px (tight spacing → airy spacing) — in
    3 edits; last on 2 Dec 2026 in Brand refresh"."""
    if not seen:
        return None
    last = max(seen, key=lambda s: s.at)
    where = f" in {last.project_name}" if last.project_name else ""
    return f"{last.because} — in {_kinds(seen)}; last on {_day(last.at)}{where}"

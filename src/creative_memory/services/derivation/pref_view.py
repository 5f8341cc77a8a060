"""A stored preference as the read commands show it, evaluated at one ``now`` (one clock).

The stored columns are the record evaluated at ``evaluated_at`` (decision 0003). A read at another
moment — ``inspect --now``, ``explain --now``, a stored evaluation that is due to decay or archive
by now — is evaluated from the fold state exactly as a retrieval at that ``now`` evaluates its
candidates (``services.engine.retrieve``), so the three commands agree on every strength, tier and
status whatever the wall clock was when the events were ingested (decision 0024).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any

from creative_memory.model.constants import Status, tier_for
from creative_memory.model.events import iso
from creative_memory.model.tables import Preference
from creative_memory.services.derivation.derivation import state_from_json
from creative_memory.services.engine.evaluation import ARCHIVE_MS, evaluated

# state_json writes compact JSON, so a provisional record's state holds exactly this text.
_PROVISIONAL = '"provisional":true'


def stale_at(p: Preference, now: int) -> bool:
    """Whether the stored columns are not the record's evaluation at ``now``."""
    if p.evaluated_at > now:
        return True
    return p.status != Status.ARCHIVED and (p.decay_at <= now or p.last_seen <= now - ARCHIVE_MS)


def is_provisional(p: Preference) -> bool:
    return _PROVISIONAL in p.state


@dataclass(frozen=True)
class PreferenceView:
    """One stored preference as ``inspect``, ``explain`` and the Inspector show it: its key, its
    evaluation (strength, tiers, status), its evidence counts and its times as ISO text."""

    id: int
    scope: str
    project_id: str | None
    preference_type: str
    pattern: str
    polarity: str
    strength: float
    confidence: str
    status: str
    provisional: bool
    sources: tuple[str, ...]
    explicit_tags: tuple[str, ...]
    accept_count: int
    reject_count: int
    pairwise_count: int
    first_seen: str | None
    last_seen: str | None
    decay_at: str | None
    last_injected: str | None
    reversal_signals: int
    shadow_of: str | None
    demoted_by: str | None
    derived_tier: str

    def as_json(self) -> dict[str, Any]:
        """The wire form (``inspect --json``'s preferences, ``explain --json``'s records)."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["sources"], out["explicit_tags"] = list(self.sources), list(self.explicit_tags)
        return out


def preference_view(p: Preference, now: int | None = None) -> PreferenceView:
    """The record's fields; evaluated at ``now`` when given (else as stored)."""
    strength, confidence, status = p.strength, p.confidence, p.status
    decay_at, demoted_by = p.decay_at, p.demoted_by
    if now is not None and stale_at(p, now):
        st = state_from_json(p.state)
        if now > st.as_of:  # a fold state after now is used as is, as retrieval does
            st = evaluated(st, now)
        strength, confidence, status = st.strength, str(st.confidence), str(st.status)
        decay_at, demoted_by = st.decay_at, st.demoted_by
    return PreferenceView(
        id=p.id,
        scope=p.scope,
        project_id=p.project_id,
        preference_type=p.preference_type,
        pattern=p.pattern,
        polarity=p.polarity,
        strength=round(strength, 6),
        confidence=confidence,
        status=status,
        provisional=is_provisional(p),
        sources=tuple(json.loads(p.sources)),
        explicit_tags=tuple(json.loads(p.explicit_tags)),
        accept_count=p.accept_count,
        reject_count=p.reject_count,
        pairwise_count=p.pairwise_count,
        first_seen=iso(p.first_seen),
        last_seen=iso(p.last_seen),
        decay_at=iso(decay_at),
        last_injected=iso(p.last_injected_at),
        reversal_signals=p.reversal_signals,
        shadow_of=p.shadow_of,
        demoted_by=demoted_by,
        derived_tier=str(tier_for(strength)),
    )

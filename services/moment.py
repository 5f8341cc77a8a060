"""Looking at another moment without persisting it (``--now`` on a read-only command).

The stored columns of a preference hold its evaluation at ``evaluated_at`` (docs/decisions/0003);
``refresh_decay`` moves them to a later moment and persists it. A command that only reads, asked
about another moment, must change nothing stored: it brings the cache up to date at the real
clock only (a derivation, which is the same whenever it runs) and evaluates the records it shows
at the asked moment in memory, from their fold state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from creative_memory.model.constants import tier_for
from creative_memory.model.events import iso
from creative_memory.model.tables import Preference
from creative_memory.services.derivation import state_from_json
from creative_memory.services.engine.derive import evaluated


def evaluate_at(session: Session, prefs: Iterable[dict[str, Any] | None], now: int) -> None:
    """Overwrite, in place, the evaluated fields of ``pref_json`` dicts with their values at ``now``."""
    rows = [p for p in prefs if p is not None]
    ids = [int(p["id"]) for p in rows]
    states: dict[int, str] = {}
    for i in range(0, len(ids), 900):
        chunk = ids[i : i + 900]
        for pid, state in session.execute(select(Preference.id, Preference.state).where(Preference.id.in_(chunk))):
            states[int(pid)] = str(state)
    for p in rows:
        text = states.get(int(p["id"]))
        if text is None:
            continue
        ev = evaluated(state_from_json(text), now)
        p["strength"] = round(ev.strength, 6)
        p["confidence"] = str(ev.confidence)
        p["status"] = str(ev.status)
        p["decay_at"] = iso(ev.decay_at)
        p["demoted_by"] = ev.demoted_by
        p["derived_tier"] = str(tier_for(ev.strength))

"""A port of the prototype's write side — ``ingestSignal``, ``_applyReversal`` and ``runDecay``
(Open Design PR #1746, ``preferenceStore.js``) — with derivation version 2's rules applied, the
reference the agreement tests compare the derived *state* against.

The prototype keeps plain records in two arrays, ``global_preferences`` and
``project_overrides[id]``, and pushes a record to the end of its array when a signal first creates
it. This port keeps that shape (dicts with the prototype's field names, arrays in push order) and
shares nothing with the engine's bookkeeping: no keys, no creation positions, no group index.

Where this project deliberately differs from the prototype, the port applies *our* rule, so that the
comparison stays exact instead of being loosened (each is a decision record):

- ``V2_PAIRWISE_WEIGHT``: a pairwise comparison weighs 0.20 per side (the prototype: the acceptance
  weight, 0.15) — decision 0021;
- ``provisional``: a record created by a unary signal is capped at ``PROVISIONAL_CAP`` (0.65, the top
  of medium) until a tag, refinement, revert or comparison reinforces it — decision 0021;
- ``pairwise_count``: comparisons that named the record, counted (engine notes: "record them");
- the 4th and later contradiction needs contradictions from ≥ 3 distinct sessions (engine notes,
  "Difference, v1": the prototype's comment says so, its code does not check);
- a contradiction that finds a record of its own polarity already there accumulates onto it and
  makes it the shadow (the prototype would push a second record with the same key, which a keyed
  store cannot hold; ``services/engine/derive.py``);
- decay is a function of time (decision 0024, engine notes): ``run_decay(t)`` is the prototype's job
  run at every signal's time and at ``now``, with ``decay_at`` moved 90 days per step, which equals
  the prototype whenever its job ran between day 90 and day 180 of a record's idleness. Each record
  remembers when it was last evaluated (``as_of``) and the job only moves records to a later
  moment, so a record that a signal reactivated at ``t`` (an archived record of the signal's
  polarity while the signal contradicts the other one) is stable at ``t``, as the prototype's
  record is until its next ``runDecay``.
"""

from __future__ import annotations

from typing import Any

DAY_MS = 86_400_000
NORMALIZER = 2.0
DECAY_MS = 90 * DAY_MS
ARCHIVE_MS = 180 * DAY_MS
DECAY_FACTOR = 0.70
STEP2_FACTOR = 0.80
STEP3_FACTOR = 0.60
MIN_SESSIONS = 3
V2_PAIRWISE_WEIGHT = 0.20
PROVISIONAL_CAP = 0.65

WEIGHTS = {
    "explicit_tag": 0.30,
    "revert_after_edit": 0.25,
    "manual_refinement": 0.20,
    "repeated_acceptance": 0.15,
    "thumbs_up": 0.10,
    "thumbs_down": -0.10,
    "single_rejection": -0.10,
    "abandoned_generation": -0.02,
    "pairwise_comparison": V2_PAIRWISE_WEIGHT,
}
UNARY = {"repeated_acceptance", "thumbs_up", "thumbs_down", "single_rejection", "abandoned_generation"}

Rec = dict[str, Any]


def _clamp(x: float) -> float:
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


def _tier(strength: float) -> str:
    return "low" if strength < 0.35 else ("medium" if strength <= 0.65 else "high")


def _down(tier: str) -> str:
    return "medium" if tier == "high" else "low"


class Memory:
    """The prototype's ``preferences.json`` in memory: two arrays of records in push order."""

    def __init__(self) -> None:
        self.global_preferences: list[Rec] = []
        self.project_overrides: dict[str, list[Rec]] = {}

    def array(self, scope: str) -> list[Rec]:
        if scope == "global":
            return self.global_preferences
        return self.project_overrides.setdefault(scope.split(":", 1)[1], [])

    def arrays(self) -> list[tuple[str, list[Rec]]]:
        return [("global", self.global_preferences)] + [
            (f"project:{pid}", arr) for pid, arr in self.project_overrides.items()
        ]

    def run_decay(self, now: int) -> None:
        """``runDecay``: decay records idle for 90 days, archive those idle for 180."""
        for _scope, arr in self.arrays():
            for p in arr:
                if p["as_of"] >= now:
                    continue
                p["as_of"] = now
                while p["polarity_status"] != "archived":
                    archive_at = p["last_seen"] + ARCHIVE_MS
                    if archive_at <= now and archive_at <= p["decay_at"]:
                        p["polarity_status"] = "archived"
                    elif p["decay_at"] <= now:
                        p["signal_strength"] = _clamp(p["signal_strength"] * DECAY_FACTOR)
                        p["confidence"] = _down(p["confidence"])
                        p["decay_at"] += DECAY_MS
                    else:
                        break


def _find(arr: list[Rec], ptype: str, pattern: str, polarity: str) -> Rec | None:
    for p in arr:
        if p["preference_type"] == ptype and p["pattern"] == pattern and p["polarity"] == polarity:
            return p
    return None


def _new(sig: dict[str, Any], ptype: str, pattern: str, polarity: str, strength: float) -> Rec:
    t = sig["occurred_at"]
    return {
        "id": f"{sig['scope']}/{ptype}/{pattern}/{polarity}",
        "preference_type": ptype,
        "pattern": pattern,
        "polarity": polarity,
        "signal_strength": _clamp(strength),
        "confidence": _tier(_clamp(strength)),
        "sources": [sig["signal_type"]],
        "accept_count": 1 if polarity == "positive" else 0,
        "reject_count": 0 if polarity == "positive" else 1,
        "pairwise_count": 1 if sig["signal_type"] == "pairwise_comparison" else 0,
        "explicit_tags": [sig["tag"]] if sig["tag"] else [],
        "first_seen": t,
        "last_seen": t,
        "decay_at": t + DECAY_MS,
        "scope": sig["scope"],
        "reversal_signals": 0,
        "reversal_sessions": [],
        "reversal_first_seen": None,
        "polarity_status": "stable",
        "shadow_of": None,
        "provisional": sig["signal_type"] in UNARY,
        "as_of": t,
    }


def ingest(mem: Memory, sig: dict[str, Any]) -> None:
    """``ingestSignal`` for one signal: ``signal_type``, ``scope``, ``occurred_at``, ``session_id``,
    ``tag`` and ``items`` — ``(preference_type, pattern, polarity)`` in the signal's order."""
    mem.run_decay(sig["occurred_at"])
    w = abs(WEIGHTS[sig["signal_type"]])
    arr = mem.array(sig["scope"])
    for ptype, pattern, polarity in sig["items"]:
        other = "negative" if polarity == "positive" else "positive"
        own = _find(arr, ptype, pattern, polarity)
        opp = _find(arr, ptype, pattern, other)
        if own is not None and own["polarity_status"] == "archived":
            own.update(
                polarity_status="stable", reversal_signals=0, reversal_sessions=[], reversal_first_seen=None
            )
        if opp is not None and opp["polarity_status"] == "stable":
            _apply_reversal(arr, sig, opp, own, ptype, pattern, polarity, w)
            continue
        if own is None:
            arr.append(_new(sig, ptype, pattern, polarity, w / NORMALIZER))
            continue
        _reinforce(arr, sig, own, polarity, w)


def _lift(p: Rec, strength: float, signal_type: str) -> float:
    """Derivation version 2: unary evidence alone stays provisional, capped at the top of medium."""
    if p["provisional"]:
        if signal_type in UNARY:
            return min(strength, PROVISIONAL_CAP)
        p["provisional"] = False
    return strength


def _reinforce(arr: list[Rec], sig: dict[str, Any], own: Rec, polarity: str, w: float) -> None:
    t = sig["occurred_at"]
    strength = _clamp(_lift(own, own["signal_strength"] + w / NORMALIZER, sig["signal_type"]))
    own["signal_strength"] = strength
    own["confidence"] = _tier(strength)
    if sig["signal_type"] not in own["sources"]:
        own["sources"].append(sig["signal_type"])
    if sig["tag"] and sig["tag"] not in own["explicit_tags"]:
        own["explicit_tags"].append(sig["tag"])
    own["accept_count" if polarity == "positive" else "reject_count"] += 1
    own["pairwise_count"] += 1 if sig["signal_type"] == "pairwise_comparison" else 0
    own["last_seen"] = t
    own["decay_at"] = t + DECAY_MS
    if own["shadow_of"] is not None and own["confidence"] != "low":
        original = own["shadow_of"]
        own["shadow_of"] = None
        for p in arr:
            if p["id"] == original and p is not own:
                p["polarity_status"] = "archived"


def _apply_reversal(
    arr: list[Rec],
    sig: dict[str, Any],
    opp: Rec,
    own: Rec | None,
    ptype: str,
    pattern: str,
    polarity: str,
    w: float,
) -> None:
    """``_applyReversal``: a signal against a stable record of the other polarity."""
    t = sig["occurred_at"]
    opp["reversal_signals"] += 1
    if opp["reversal_first_seen"] is None:
        opp["reversal_first_seen"] = t
    if sig["session_id"] is not None and sig["session_id"] not in opp["reversal_sessions"]:
        opp["reversal_sessions"].append(sig["session_id"])
    opp["pairwise_count"] += 1 if sig["signal_type"] == "pairwise_comparison" else 0
    opp["last_seen"] = t
    n = opp["reversal_signals"]
    if n == 2:
        opp["signal_strength"] = _clamp(opp["signal_strength"] * STEP2_FACTOR)
    elif n == 3:
        opp["signal_strength"] = _clamp(opp["signal_strength"] * STEP3_FACTOR)
        opp["confidence"] = _down(opp["confidence"])
    elif n >= 4 and len(opp["reversal_sessions"]) >= MIN_SESSIONS:
        opp["signal_strength"] = _clamp(opp["signal_strength"] - w * 2.0 / NORMALIZER)
        opp["confidence"] = "low"
        opp["polarity_status"] = "under_review"
        if own is None:
            shadow = _new(sig, ptype, pattern, polarity, w / NORMALIZER)
            shadow["shadow_of"] = opp["id"]
            arr.append(shadow)
            return
        strength = _clamp(own["signal_strength"] + w / NORMALIZER)
        if own["provisional"] and sig["signal_type"] not in UNARY:
            own["provisional"] = False
        if own["provisional"]:
            strength = min(strength, PROVISIONAL_CAP)
        own["signal_strength"] = strength
        own["confidence"] = _tier(strength)
        own["last_seen"] = t
        own["decay_at"] = t + DECAY_MS
        own["shadow_of"] = opp["id"]
        if own["confidence"] != "low":
            own["shadow_of"] = None
            opp["polarity_status"] = "archived"

"""A line-by-line Python port of the prototype's ``retrieveForInjection`` and ``buildPromptBlock``
(Open Design PR #1746, ``preferenceStore.js``), the reference the agreement tests compare against.

Records are plain dicts in the prototype's shape (``pattern``, ``preference_type``, ``polarity``,
``signal_strength``, ``confidence``, ``polarity_status``) and the two arrays are in the order the
prototype pushed them: ties are resolved by Python's stable sort exactly as by JavaScript's.
``deviates`` names the places where this project deliberately differs (docs/decisions/0007, 0010)
so a test can tell a known difference from a bug.
"""

from __future__ import annotations

import math
from typing import Any

INJECTION_THRESHOLD = 0.40
MAX_INJECTION_COUNT = 20
NEGATIVE_PRIORITY_MULTIPLIER = 1.2
NEGATIVE_BUDGET_RATIO = 0.50
MIN_NEG_FLOOR = 2
MAX_PER_CATEGORY = 3
TOKEN_BUDGET = 200
CHARS_PER_TOKEN = 4

Rec = dict[str, Any]


def _prio(p: Rec) -> float:
    return float(p["signal_strength"]) * (
        NEGATIVE_PRIORITY_MULTIPLIER if p["polarity"] == "negative" else 1.0
    )


def retrieve(globals_: list[Rec], project: list[Rec], project_id: str | None) -> dict[str, Any]:
    """The prototype's stages with its diagnostics; ``deviates`` lists known, deliberate differences."""
    diagnostics: list[dict[str, Any]] = []
    deviates: list[str] = []
    prefs = list(globals_)
    if project_id and project:
        patterns = {p["pattern"] for p in project}
        if any(g["pattern"] in patterns for g in prefs):
            deviates.append("suppression")  # ours: by type+pattern, a sample of 20 (0010)
        prefs = [p for p in prefs if p["pattern"] not in patterns] + list(project)
    prefs = [
        p
        for p in prefs
        if p["signal_strength"] >= INJECTION_THRESHOLD
        and p["polarity_status"] == "stable"
        and p["confidence"] in ("medium", "high")
    ]
    prefs.sort(key=lambda p: -_prio(p))
    overflow: list[Rec] = []
    if len(prefs) > MAX_INJECTION_COUNT:
        diagnostics.append(
            {
                "type": "hard_cap_applied",
                "total_eligible": len(prefs),
                "dropped": len(prefs) - MAX_INJECTION_COUNT,
            }
        )
        overflow, prefs = prefs[MAX_INJECTION_COUNT:], prefs[:MAX_INJECTION_COUNT]
    negs = [p for p in prefs if p["polarity"] == "negative"]
    pos = [p for p in prefs if p["polarity"] == "positive"]
    pos_overflow = [p for p in overflow if p["polarity"] == "positive"]
    if negs:
        ratio = NEGATIVE_BUDGET_RATIO / (1 - NEGATIVE_BUDGET_RATIO)
        keep = len(negs)
        for n in range(len(negs), MIN_NEG_FLOOR - 1, -1):
            keep = n
            if n <= math.floor(ratio * (len(pos) + min(len(pos_overflow), len(negs) - n))):
                break
        max_slots = max(MIN_NEG_FLOOR, keep)
        if len(negs) > max_slots:
            trimmed = sorted(negs, key=lambda p: -_prio(p))[max_slots:]
            prefs = [p for p in prefs if not any(p is t for t in trimmed)]
            backfill = pos_overflow[: len(trimmed)]
            if backfill:
                prefs = sorted(prefs + backfill, key=lambda p: -_prio(p))
                overflow = [p for p in overflow if not any(p is b for b in backfill)]
                diagnostics.append(
                    {"type": "diversity_backfill", "backfilled_patterns": [p["pattern"] for p in backfill]}
                )
            diagnostics.append(
                {
                    "type": "diversity_ceiling_applied",
                    "negative_count_before": len(negs),
                    "max_negative_slots": max_slots,
                    "trimmed_patterns": [p["pattern"] for p in trimmed],
                }
            )
    counts: dict[str, int] = {}
    for p in prefs:
        counts[p["preference_type"]] = counts.get(p["preference_type"], 0) + 1
    types = set(counts) | {p["preference_type"] for p in overflow}
    over = [(t, c) for t, c in counts.items() if c > MAX_PER_CATEGORY] if len(types) >= 2 else []
    if over:
        cat_trimmed: list[Rec] = []
        for t, _c in over:
            cat_trimmed += sorted((p for p in prefs if p["preference_type"] == t), key=lambda p: -_prio(p))[
                MAX_PER_CATEGORY:
            ]
        prefs = [p for p in prefs if not any(p is t for t in cat_trimmed)]
        remaining: dict[str, int] = {}
        for p in prefs:
            remaining[p["preference_type"]] = remaining.get(p["preference_type"], 0) + 1
        under = {t for t, c in remaining.items() if c < MAX_PER_CATEGORY}
        under |= {p["preference_type"] for p in overflow if p["preference_type"] not in remaining}
        back = [p for p in overflow if p["preference_type"] in under][: len(cat_trimmed)]
        if back:
            after = dict(remaining)
            for p in back:
                after[p["preference_type"]] = after.get(p["preference_type"], 0) + 1
            if any(c > MAX_PER_CATEGORY for c in after.values()) or any(
                p["polarity"] == "negative" for p in back
            ):
                deviates.append("category_backfill")  # ours keeps each type's room and the ceiling (0010)
            prefs = sorted(prefs + back, key=lambda p: -_prio(p))
            diagnostics.append(
                {
                    "type": "category_backfill",
                    "backfilled_types": sorted({p["preference_type"] for p in back}),
                }
            )
        diagnostics.append(
            {
                "type": "category_ceiling_applied",
                "categories_trimmed": [
                    {"category": t, "before": c, "after": MAX_PER_CATEGORY} for t, c in over
                ],
                "trimmed_patterns": [p["pattern"] for p in cat_trimmed],
            }
        )
    n_neg = sum(1 for p in prefs if p["polarity"] == "negative")
    if n_neg > max(MIN_NEG_FLOOR, math.floor(len(prefs) - n_neg)):
        deviates.append("recheck")  # ours re-checks the polarity ceiling after the category trim
    overrides = [
        p for p in project if p["signal_strength"] >= INJECTION_THRESHOLD and p["polarity_status"] == "stable"
    ]
    tokens = 20
    budgeted: list[Rec] = []
    for p in prefs:
        cost = math.ceil(len(p["pattern"]) / CHARS_PER_TOKEN) + 5
        if tokens + cost > TOKEN_BUDGET:
            diagnostics.append({"type": "token_budget_exceeded", "pattern": p["pattern"]})
            continue
        tokens += cost
        budgeted.append(p)
    positives = sorted(
        (p for p in budgeted if p["polarity"] == "positive"), key=lambda p: -p["signal_strength"]
    )
    negatives = sorted(
        (p for p in budgeted if p["polarity"] == "negative"), key=lambda p: -p["signal_strength"]
    )
    return {
        "positives": positives,
        "negatives": negatives,
        "overrides": overrides,
        "diagnostics": diagnostics,
        "deviates": deviates,
    }


def block(retrieved: dict[str, Any], project_id: str | None) -> str:
    """``buildPromptBlock``: the ``[MEMORY CONTEXT]`` block, byte for byte."""
    positives, negatives, overrides = retrieved["positives"], retrieved["negatives"], retrieved["overrides"]
    if not positives and not negatives:
        return ""
    lines = ["[MEMORY CONTEXT]"]
    for label, recs, tier in (
        ("Prefer (high):    ", positives, "high"),
        ("Prefer (medium):  ", positives, "medium"),
        ("Avoid (high):     ", negatives, "high"),
        ("Avoid (medium):   ", negatives, "medium"),
    ):
        names = [p["pattern"] for p in recs if p["confidence"] == tier]
        if names:
            lines.append(label + " · ".join(names))
    if overrides and project_id:
        lines.append(f"Project override: {', '.join(p['pattern'] for p in overrides)} active ({project_id})")
    return "\n".join(lines)

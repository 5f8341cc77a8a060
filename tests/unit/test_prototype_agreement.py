"""The same scenarios give the prototype's state, selection, diagnostics and legacy block.

Two references, both plain ports of the prototype (Open Design PR #1746): ``prototype_ingest``
(``ingestSignal``, ``_applyReversal``, ``runDecay``) folds the events into the prototype's two arrays
of records in push order, and ``prototype_port`` (``retrieveForInjection``, ``buildPromptBlock``)
retrieves from those arrays. Neither shares the engine's bookkeeping (keys, creation positions,
group index). For every scenario the derived state must equal the ported one — every record's
strength, tier, status, evidence counts, sources, tags, times, reversal counters, shadow link and
provisional mark, and each scope's first-seen order (decision 0022) — and the retrieval must give
the same positives, negatives, prototype diagnostics and legacy block byte for byte, wherever no
documented retrieval difference applies (0007, 0010).

Where derivation version 2 deliberately differs from the prototype (pairwise weight, provisional
unary evidence, the sessions rule, one clock: decisions 0021, 0024 and the engine notes), the port
applies the version-2 rule (listed in ``prototype_ingest``), so the comparison stays exact.
"""

from __future__ import annotations

import random
from typing import Any

import prototype_ingest
import prototype_port
from engine_helpers import DAY, T0, ev, item

from creative_memory.model.constants import PROVISIONAL_MAX_STRENGTH, Mode, SignalType
from creative_memory.model.events import FoldEvent
from creative_memory.model.records import PrefKey, PrefState, RetrievalResult
from creative_memory.services.engine.block import build_block
from creative_memory.services.engine.derive import derive
from creative_memory.services.engine.evaluation import evaluated
from creative_memory.services.engine.retrieve import Gates, retrieve

PROTOTYPE_TYPES = {
    "hard_cap_applied",
    "diversity_backfill",
    "diversity_ceiling_applied",
    "category_backfill",
    "category_ceiling_applied",
    "token_budget_exceeded",
}


def _port(events: list[FoldEvent], now: int) -> prototype_ingest.Memory:
    """The prototype's arrays after ingesting ``events`` one signal at a time, decayed to ``now``."""
    mem = prototype_ingest.Memory()
    for e in events:
        prototype_ingest.ingest(
            mem,
            {
                "signal_type": str(e.signal_type),
                "scope": e.scope,
                "occurred_at": e.occurred_at,
                "session_id": e.session_id,
                "tag": e.tag,
                "items": [(i.preference_type, i.pattern, str(i.polarity)) for i in e.items],
            },
        )
    mem.run_decay(now)
    return mem


# The prototype's record fields (and version 2's) that the state comparison covers.
STATE_FIELDS = (
    "signal_strength",
    "confidence",
    "polarity_status",
    "accept_count",
    "reject_count",
    "pairwise_count",
    "sources",
    "explicit_tags",
    "first_seen",
    "last_seen",
    "decay_at",
    "reversal_signals",
    "reversal_sessions",
    "reversal_first_seen",
    "shadow_of",
    "provisional",
)


def _state(r: PrefState) -> dict[str, Any]:
    return {
        "signal_strength": r.strength,
        "confidence": str(r.confidence),
        "polarity_status": str(r.status),
        "accept_count": r.accept_count,
        "reject_count": r.reject_count,
        "pairwise_count": r.pairwise_count,
        "sources": list(r.sources),
        "explicit_tags": list(r.explicit_tags),
        "first_seen": r.first_seen,
        "last_seen": r.last_seen,
        "decay_at": r.decay_at,
        "reversal_signals": r.reversal_signals,
        "reversal_sessions": list(r.reversal_sessions),
        "reversal_first_seen": r.reversal_first_seen,
        "shadow_of": r.shadow_of,
        "provisional": r.provisional,
    }


def _assert_same_state(records: dict[PrefKey, PrefState], mem: prototype_ingest.Memory, now: int) -> None:
    """Every record as the prototype holds it, in the order the prototype pushed it."""
    for scope, arr in mem.arrays():
        ours = sorted(
            (r for r in records.values() if r.scope == scope),
            key=lambda r: (r.created_at, r.created_seq, r.created_item),
        )
        assert ["/".join(r.key) for r in ours] == [p["id"] for p in arr], scope
        for r, p in zip(ours, arr, strict=True):
            assert _state(evaluated(r, now)) == {f: p[f] for f in STATE_FIELDS}, p["id"]
    assert {r.scope for r in records.values()} <= {scope for scope, _arr in mem.arrays()}


def _ours_diagnostics(res: RetrievalResult) -> list[dict[str, Any]]:
    out = []
    for e in res.events:
        f = e.fields
        if e.type == "hard_cap_applied":
            out.append({"type": e.type, "total_eligible": f["total_eligible"], "dropped": f["dropped"]})
        elif e.type == "diversity_backfill":
            out.append({"type": e.type, "backfilled_patterns": f["backfilled_patterns"]})
        elif e.type == "diversity_ceiling_applied":
            out.append(
                {
                    "type": e.type,
                    "negative_count_before": f["negative_count_before"],
                    "max_negative_slots": f["max_negative_slots"],
                    "trimmed_patterns": f["trimmed_patterns"],
                }
            )
        elif e.type == "category_backfill":
            out.append({"type": e.type, "backfilled_types": sorted(set(f["backfilled_types"]))})
        elif e.type == "category_ceiling_applied":
            out.append(
                {
                    "type": e.type,
                    "categories_trimmed": f["categories_trimmed"],
                    "trimmed_patterns": f["trimmed_patterns"],
                }
            )
        elif e.type == "token_budget_exceeded":
            out.append({"type": e.type, "pattern": f["pattern"]})
    return out


def _compare(events: list[FoldEvent], project_id: str | None) -> bool:
    """Assert agreement of the state always, and of the retrieval unless the scenario meets a
    documented, deliberate retrieval difference (then False)."""
    now = max(e.occurred_at for e in events) + DAY
    records = derive(events)
    mem = _port(events, now)
    _assert_same_state(records, mem, now)
    res = retrieve(records.values(), project_id=project_id, now=now, gates=Gates())
    project = mem.project_overrides.get(project_id, []) if project_id else []
    proto = prototype_port.retrieve(mem.global_preferences, project, project_id)
    ours_overrides = {r.pattern for r in res.project_overrides}
    if proto["deviates"] or ours_overrides != {p["pattern"] for p in proto["overrides"]}:
        return False
    assert [r.pattern for r in res.positives] == [p["pattern"] for p in proto["positives"]]
    assert [r.pattern for r in res.negatives] == [p["pattern"] for p in proto["negatives"]]
    assert _ours_diagnostics(res) == proto["diagnostics"]
    assert build_block(res, Mode.LEGACY) == prototype_port.block(proto, project_id)
    return True


def _tag(
    seq: int, t: int, patterns: list[tuple[str, str]], polarity: str, scope: str = "global"
) -> FoldEvent:
    tag = "love this" if polarity == "positive" else "too noisy"
    items = [item(p, polarity, ptype) for p, ptype in patterns]
    return ev(seq, t, SignalType.EXPLICIT_TAG, items, scope=scope, tag=tag, session=f"s{seq}")


def test_interleaved_ties_keep_first_seen_order_in_the_legacy_block() -> None:
    # lay_00, col_00, lay_01, col_01, … each tagged five times (0.75, high): all tied. The category
    # ceiling keeps the first three of each type, and the block lists them as first seen.
    events: list[FoldEvent] = []
    seq = 0
    for _round in range(5):
        for i in range(5):
            for ptype, name in (("layout", f"lay_{i:02d}"), ("color", f"col_{i:02d}")):
                seq += 1
                events.append(_tag(seq, T0 + seq * 1000, [(name, ptype)], "positive"))
    records = derive(events)
    res = retrieve(records.values(), project_id=None, now=T0 + DAY, gates=Gates())
    assert build_block(res, Mode.LEGACY) == (
        "[MEMORY CONTEXT]\nPrefer (high):    lay_00 · col_00 · lay_01 · col_01 · lay_02 · col_02"
    )
    assert _compare(events, None)


def test_ties_within_one_event_keep_the_items_order() -> None:
    events = [_tag(1, T0, [("zeta", "layout"), ("alpha", "layout"), ("mid", "layout")], "positive")] * 1
    events += [
        _tag(
            2 + k,
            T0 + (k + 1) * 1000,
            [("zeta", "layout"), ("alpha", "layout"), ("mid", "layout")],
            "positive",
        )
        for k in range(3)
    ]
    records = derive(events)
    res = retrieve(records.values(), project_id=None, now=T0 + DAY, gates=Gates())
    assert [r.pattern for r in res.positives] == ["zeta", "alpha", "mid"]
    assert _compare(events, None)


def _scenario(rng: random.Random) -> list[FoldEvent]:
    types = ["layout", "color", "type", "motion"][: rng.choice([1, 2, 3, 4])]
    n_global = rng.choice([6, 12, 24, 30])
    polarity = {f"g{i:02d}": ("negative" if rng.random() < 0.3 else "positive") for i in range(n_global)}
    ptype = {name: rng.choice(types) for name in polarity}
    project_names = [f"p{i}" for i in range(rng.choice([0, 2, 4]))]
    for name in project_names:
        polarity[name] = rng.choice(["positive", "negative"])
        ptype[name] = rng.choice(types)
    events: list[FoldEvent] = []
    t = T0
    for seq in range(1, rng.choice([20, 60, 120]) + 1):
        t += rng.choice([0, 1000, 60_000])  # equal times: the sequence number orders them
        pool = project_names if project_names and rng.random() < 0.2 else list(polarity)[:n_global]
        pol = polarity[rng.choice(pool)]
        names = [n for n in rng.sample(pool, min(len(pool), rng.choice([1, 1, 2, 3]))) if polarity[n] == pol]
        scope = "project:p1" if pool is project_names else "global"
        events.append(_tag(seq, t, [(n, ptype[n]) for n in names], pol, scope))
    return events


def test_random_tied_scenarios_agree_with_the_prototype() -> None:
    # Tags move strength in steps of 0.15, so most kept records tie with others; equal event times
    # and several items per event make first-seen order depend on sequence numbers and item order.
    compared = 0
    for seed in range(200):
        events = _scenario(random.Random(seed))
        for project in (None, "p1"):
            compared += _compare(events, project)
    assert compared >= 300, compared  # most scenarios meet no deliberate difference


UNARY_ACCEPTING = (SignalType.THUMBS_UP, SignalType.REPEATED_ACCEPTANCE)
REJECTING = (SignalType.THUMBS_DOWN, SignalType.SINGLE_REJECTION, SignalType.ABANDONED_GENERATION)
LIFTING = (SignalType.MANUAL_REFINEMENT, SignalType.REVERT_AFTER_EDIT)


def _rich_scenario(rng: random.Random) -> list[FoldEvent]:
    """Every signal type on a few patterns of both scopes: unary runs that reach the provisional
    cap, tags, refinements, reverts and comparisons that lift it, contradictions from several
    sessions (reversal steps, shadows, promotions, accumulation onto an existing record), and idle
    gaps long enough to decay, archive and reactivate records."""
    focused = rng.random() < 0.4  # long unary runs on two patterns: the provisional cap binds
    names = [f"n{i}" for i in range(2 if focused else rng.choice([3, 5, 8]))]
    ptype = {n: rng.choice(["layout", "color"]) for n in names}
    scopes = ["global", "project:p1"] if rng.random() < 0.6 else ["global"]
    events: list[FoldEvent] = []
    t = T0
    for seq in range(1, rng.choice([30, 80, 160]) + 1):
        t += rng.choice([0, 1000, 3_600_000, DAY, 20 * DAY] + ([100 * DAY] if rng.random() < 0.05 else []))
        scope = rng.choice(scopes)
        session = rng.choice(["s1", "s2", "s3", "s4", None])
        unary_run = focused and rng.random() < 0.9
        kind = 0.4 + 0.6 * rng.random() if unary_run else rng.random()
        if kind < 0.15:
            a, b = rng.sample(names, 2)
            t_ = ptype[a]
            items = [item(a, "positive", t_, "chose"), item(b, "negative", t_, "over")]
            events.append(ev(seq, t, SignalType.PAIRWISE_COMPARISON, items, scope=scope, session=session))
            continue
        polarity = "positive" if unary_run else rng.choice(["positive", "negative"])
        if kind < 0.30:
            signal = SignalType.EXPLICIT_TAG
        elif kind < 0.40:
            signal = rng.choice(LIFTING)
        else:
            signal = rng.choice(UNARY_ACCEPTING if polarity == "positive" else (*REJECTING, *UNARY_ACCEPTING))
        tag = None
        if signal is SignalType.EXPLICIT_TAG:
            tag = rng.choice(
                ["love this", "keep this style"] if polarity == "positive" else ["too noisy", "not this"]
            )
        picked = rng.sample(names, min(len(names), rng.choice([1, 1, 1, 2, 3])))
        events.append(
            ev(
                seq,
                t,
                signal,
                [item(n, polarity, ptype[n]) for n in picked],
                scope=scope,
                session=session,
                tag=tag,
            )
        )
    return events


def test_every_signal_type_gives_the_prototypes_state_with_the_version_2_rules() -> None:
    compared = 0
    shadows = provisional = capped = archived = under_review = 0
    for seed in range(150):
        events = _rich_scenario(random.Random(10_000 + seed))
        for project in (None, "p1"):
            compared += _compare(events, project)
        records = derive(events).values()
        shadows += sum(r.shadow_of is not None for r in records)
        provisional += sum(r.provisional for r in records)
        capped += sum(r.provisional and r.strength == PROVISIONAL_MAX_STRENGTH for r in records)
        archived += sum(str(r.status) == "archived" for r in records)
        under_review += sum(str(r.status) == "under_review" for r in records)
    # The scenarios reach the rules they are meant to exercise (the state is compared in all 300).
    reached = (shadows, provisional, capped, archived, under_review)
    assert min(reached) > 0, reached
    assert compared >= 100, compared

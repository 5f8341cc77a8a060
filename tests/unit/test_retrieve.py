"""Retrieval stages: each stage's rule and its diagnostic event."""

from __future__ import annotations

from engine_helpers import DAY, T0, pref

from creative_memory.model.constants import Status, Tier
from creative_memory.model.records import DiagEvent, PrefState, RetrievalResult, key_text
from creative_memory.services.engine.block import estimate_tokens, override_line
from creative_memory.services.engine.retrieve import Gates, Unloaded, retrieve

ON = Gates(memory_enabled=True, using_paused=False, project_use_memory=True)
NOW = T0


def run(records: list[PrefState], project_id: str | None = None, **kw: object) -> RetrievalResult:
    return retrieve(records, project_id=project_id, now=NOW, gates=kw.pop("gates", ON), **kw)  # type: ignore[arg-type]


def of_type(result: RetrievalResult, type_: str) -> list[DiagEvent]:
    return [e for e in result.events if e.type == type_]


def kept_patterns(result: RetrievalResult) -> set[str]:
    return {r.pattern for r in (*result.positives, *result.negatives)}


# -- gates ---------------------------------------------------------------------------------------


def test_gates_in_order_first_hit_wins() -> None:
    recs = [pref("airy", strength=0.8)]
    cases = [
        (Gates(memory_enabled=False, using_paused=True, project_use_memory=False), "memory_disabled"),
        (Gates(memory_enabled=True, using_paused=True, project_use_memory=False), "memory_paused"),
        # Both use switches off: the project uses no memory at all.
        (Gates(project_use_memory=False, project_use_global=False), "project_memory_disabled"),
    ]
    for gates, expected in cases:
        res = retrieve(recs, project_id="p_42", now=NOW, gates=gates)
        assert res.is_empty and res.empty_reason == expected
        assert [(e.type, e.stage) for e in res.events] == [(expected, "gates")]
        assert res.project_overrides == ()


def test_project_gate_ignored_without_project() -> None:
    res = retrieve(
        [pref("airy", strength=0.8)],
        project_id=None,
        now=NOW,
        gates=Gates(project_use_memory=False, project_use_global=False),
    )
    assert kept_patterns(res) == {"airy"}


def _scoped() -> list[PrefState]:
    return [
        pref("airy", strength=0.8),  # global
        pref("serif", strength=0.7, ptype="type"),  # global, hidden by the project's record
        pref("serif", "negative", 0.6, ptype="type", scope="project:p_42"),
        pref("mono", strength=0.5, ptype="type", scope="project:p_42"),
    ]


def test_without_global_memory_only_the_projects_own_preferences_are_injected() -> None:
    # "Use global memory in this project" off: NDA work gets none of the general preferences.
    res = retrieve(_scoped(), project_id="p_42", now=NOW, gates=Gates(project_use_global=False))
    assert {r.scope for r in (*res.positives, *res.negatives)} == {"project:p_42"}
    assert kept_patterns(res) == {"serif", "mono"}
    assert res.events[0].type == "project_global_memory_off"
    assert not [e for e in res.events if e.type == "project_override_suppression"]
    assert {r.pattern for r in res.project_overrides} == {"serif", "mono"}


def test_without_the_projects_own_memory_the_globals_are_injected_unhidden() -> None:
    # "Use this project's memory" off: its records neither inject nor hide the global ones.
    res = retrieve(_scoped(), project_id="p_42", now=NOW, gates=Gates(project_use_memory=False))
    assert {r.scope for r in (*res.positives, *res.negatives)} == {"global"}
    assert kept_patterns(res) == {"airy", "serif"}
    assert res.events[0].type == "project_own_memory_off"
    assert res.project_overrides == ()


def test_project_switches_do_not_apply_outside_a_project() -> None:
    res = retrieve(_scoped(), project_id=None, now=NOW, gates=Gates(project_use_global=False))
    assert kept_patterns(res) == {"airy", "serif"}


# -- project merge -------------------------------------------------------------------------------


def test_project_record_suppresses_global_same_type_and_pattern() -> None:
    g = pref("airy_spacing", "positive", 0.72)
    g_other_type = pref("airy_spacing", "positive", 0.72, ptype="color")
    p = pref("airy_spacing", "negative", 0.55, scope="project:p_42")
    other_project = pref("serif", "positive", 0.9, scope="project:p_7")
    res = run([g, g_other_type, p, other_project], "p_42")
    events = of_type(res, "project_override_suppression")
    assert len(events) == 1
    e = events[0]
    assert e.stage == "project_merge"
    assert e.preference_key == key_text(g.key)
    assert e.trace == (
        "p_42 override layout/airy_spacing active — global layout/airy_spacing (positive, 0.72) "
        "suppressed for this generation"
    )
    assert e.fields == {
        "suppressed_pattern": "airy_spacing",
        "suppressed_polarity": "positive",
        "suppressed_strength": 0.72,
        "override_polarity": "negative",
        "override_strength": 0.55,
        "project_id": "p_42",
    }
    assert [r.scope for r in res.negatives] == ["project:p_42"]
    assert [(r.scope, r.preference_type) for r in res.positives] == [("global", "color")]
    assert res.project_overrides == (p,)
    assert "serif" not in kept_patterns(res)  # another project's record is ignored


def test_suppression_regardless_of_project_record_status() -> None:
    g = pref("airy", "positive", 0.8)
    p = pref("airy", "positive", 0.2, scope="project:p_42", status=Status.ARCHIVED)
    res = run([g, p], "p_42")
    assert len(of_type(res, "project_override_suppression")) == 1
    assert res.is_empty and res.empty_reason == "nothing_above_threshold"
    assert res.project_overrides == ()  # an archived, weak record is no override


# -- lifecycle -----------------------------------------------------------------------------------


def test_below_threshold_aggregate() -> None:
    recs = [
        pref("weak", strength=0.39),
        pref("weak_review", strength=0.2, status=Status.UNDER_REVIEW),  # strength is its first reason
        pref("reviewing", strength=0.6, status=Status.UNDER_REVIEW),
        pref("archived", strength=0.7, status=Status.ARCHIVED),
        pref("demoted", strength=0.5, confidence=Tier.LOW),
        pref("palette", strength=0.8, ptype="color"),
        pref("ok", strength=0.4),
    ]
    res = run(recs, preference_types=["lay"], excluded={"status": 3, "strength": 1})
    (e,) = of_type(res, "below_threshold")
    assert e.stage == "lifecycle"
    assert e.fields["count"] == 10
    assert e.fields["reasons"] == {"strength": 3, "status": 5, "tier": 1, "type": 1}
    assert e.fields["sample"][:2] == [key_text(recs[5].key), key_text(recs[3].key)]  # strongest first
    assert len(e.fields["sample"]) == 6
    assert e.trace == "Lifecycle filter: 10 record(s) below threshold or not stable"
    assert kept_patterns(res) == {"ok"}


def test_no_below_threshold_event_when_nothing_dropped() -> None:
    res = run([pref("ok", strength=0.5)])
    assert of_type(res, "below_threshold") == []
    assert res.empty_reason is None


def test_sample_is_capped_at_20() -> None:
    res = run([pref(f"w{i:02d}", strength=0.01 * i) for i in range(30)])
    (e,) = of_type(res, "below_threshold")
    assert e.fields["count"] == 30
    assert len(e.fields["sample"]) == 20
    assert e.fields["sample"][0] == "global/layout/w29/positive"


def test_records_are_evaluated_at_now_without_mutation() -> None:
    old = pref("airy", strength=0.55, now=NOW - 100 * DAY)  # decayed once by NOW: 0.385
    res = run([old])
    assert res.is_empty
    (e,) = of_type(res, "below_threshold")
    assert e.fields["reasons"]["strength"] == 1
    assert old.strength == 0.55 and old.as_of == NOW - 100 * DAY


def test_type_prefix_filter() -> None:
    recs = [pref("a", ptype="layout.grid"), pref("b", ptype="layout"), pref("c", ptype="color")]
    assert kept_patterns(run(recs, preference_types=["layout"])) == {"a", "b"}
    assert kept_patterns(run(recs, preference_types=["col", "layout.g"])) == {"a", "c"}


# -- priority, hard cap --------------------------------------------------------------------------


def test_negative_priority_and_result_order() -> None:
    recs = [pref("pos", "positive", 0.7), pref("neg", "negative", 0.6), pref("pos2", "positive", 0.71)]
    res = run(recs)
    kept = [e.preference_key for e in of_type(res, "kept")]
    # 0.6 × 1.2 = 0.72 outranks 0.71 and 0.70
    assert kept == ["global/layout/neg/negative", "global/layout/pos2/positive", "global/layout/pos/positive"]
    assert [r.pattern for r in res.positives] == ["pos2", "pos"]
    (k,) = [e for e in of_type(res, "kept") if e.preference_key == "global/layout/neg/negative"]
    assert k.stage == "result"
    assert k.trace == "Kept layout/neg (negative, 0.60, medium)"
    assert k.fields == {"strength": 0.6, "confidence": "medium", "polarity": "negative"}


def test_hard_cap_20() -> None:
    recs = [pref(f"p{i:02d}", strength=0.5 + 0.01 * i) for i in range(25)]
    res = run(recs)
    (e,) = of_type(res, "hard_cap_applied")
    assert e.stage == "hard_cap"
    assert e.fields == {
        "total_eligible": 25,
        "cap": 20,
        "dropped": 5,
        "dropped_patterns": ["p04", "p03", "p02"],  # the next three in line (decision 0010)
    }
    assert e.trace == "Hard cap: 25 eligible, capped to 20"
    assert len(res.positives) == 20
    assert "p00" not in kept_patterns(res)
    assert len(of_type(res, "kept")) == 20


# -- polarity ceiling ----------------------------------------------------------------------------


def test_polarity_floor_of_two_with_only_negatives() -> None:
    recs = [pref(f"n{i}", "negative", 0.5 + 0.1 * i) for i in range(3)]
    res = run(recs)
    assert [r.pattern for r in res.negatives] == ["n2", "n1"]
    (e,) = of_type(res, "diversity_ceiling_applied")
    assert e.stage == "polarity_ceiling"
    assert e.fields == {
        "negative_count_before": 3,
        "negative_count_after": 2,
        "max_negative_slots": 2,
        "ratio": 0.5,
        "trimmed_patterns": ["n0"],
    }
    assert e.trace == "Diversity ceiling: 3 negatives capped to 2 (50% of 2 slots)"
    assert of_type(res, "diversity_backfill") == []


def test_two_negatives_alone_are_kept() -> None:
    res = run([pref("n1", "negative", 0.6), pref("n2", "negative", 0.7)])
    assert len(res.negatives) == 2
    assert of_type(res, "diversity_ceiling_applied") == []


def test_polarity_ceiling_with_backfill_from_overflow() -> None:
    negs = [pref(f"n{i:02d}", "negative", 0.80 + 0.01 * i) for i in range(12)]  # priority ≥ 0.96
    poss = [pref(f"p{i:02d}", "positive", 0.66 + 0.01 * i) for i in range(14)]
    res = run(negs + poss)
    types = [e.type for e in res.events]
    assert (
        types.index("hard_cap_applied")
        < types.index("diversity_backfill")
        < types.index("diversity_ceiling_applied")
    )
    (b,) = of_type(res, "diversity_backfill")
    assert b.stage == "polarity_backfill"
    assert b.fields == {"backfilled_count": 2, "backfilled_patterns": ["p05", "p04"]}
    (c,) = of_type(res, "diversity_ceiling_applied")
    assert c.fields["negative_count_before"] == 12
    assert c.fields["negative_count_after"] == 10
    assert c.fields["max_negative_slots"] == 10
    assert c.fields["trimmed_patterns"] == ["n01", "n00"]
    assert c.trace == "Diversity ceiling: 12 negatives capped to 10 (50% of 20 slots)"
    assert len(res.negatives) == 10 and len(res.positives) == 10
    assert {"p05", "p04"} <= kept_patterns(res)


def test_negatives_within_ratio_untouched() -> None:
    recs = [pref(f"n{i}", "negative", 0.6) for i in range(3)] + [
        pref(f"p{i}", "positive", 0.6) for i in range(3)
    ]
    res = run(recs)
    assert len(res.negatives) == 3 and len(res.positives) == 3
    assert of_type(res, "diversity_ceiling_applied") == []


# -- category ceiling ----------------------------------------------------------------------------


def test_single_type_is_not_category_trimmed() -> None:
    res = run([pref(f"p{i}", strength=0.5 + 0.01 * i) for i in range(6)])
    assert len(res.positives) == 6
    assert of_type(res, "category_ceiling_applied") == []


def test_category_ceiling_with_two_types() -> None:
    recs = [pref(f"a{i}", strength=0.5 + 0.01 * i) for i in range(5)] + [
        pref("c0", strength=0.45, ptype="color")
    ]
    res = run(recs)
    (e,) = of_type(res, "category_ceiling_applied")
    assert e.stage == "category_ceiling"
    assert e.fields == {
        "categories_trimmed": [{"category": "layout", "before": 5, "after": 3}],
        "total_trimmed": 2,
        "trimmed_patterns": ["a1", "a0"],
        "max_per_category": 3,
    }
    assert e.trace == "Category ceiling: 2 pattern(s) trimmed from layout (max 3/type)"
    assert kept_patterns(res) == {"a4", "a3", "a2", "c0"}
    assert of_type(res, "category_backfill") == []


def test_second_type_only_in_overflow_counts_and_backfills() -> None:
    recs = [pref(f"a{i:02d}", strength=0.6 + 0.01 * i) for i in range(20)]
    recs += [pref(f"c{i}", strength=0.41 + 0.01 * i, ptype="color") for i in range(4)]
    res = run(recs)
    (b,) = of_type(res, "category_backfill")
    assert b.stage == "category_backfill"
    assert b.fields == {"backfilled_count": 3, "backfilled_types": ["color", "color", "color"]}
    (c,) = of_type(res, "category_ceiling_applied")
    assert c.fields["total_trimmed"] == 17
    types = [e.type for e in res.events]
    assert types.index("category_backfill") < types.index("category_ceiling_applied")
    assert kept_patterns(res) == {"a19", "a18", "a17", "c3", "c2", "c1"}


def test_polarity_recheck_after_category_trim() -> None:
    recs = [pref(f"a{i}", "positive", 0.9 - 0.01 * i, ptype="layout") for i in range(6)]
    recs += [pref(f"n{i}", "negative", 0.5 - 0.01 * i, ptype="color") for i in range(3)]
    recs += [pref(f"m{i}", "negative", 0.45 - 0.01 * i, ptype="type") for i in range(3)]
    res = run(recs)
    ceilings = of_type(res, "diversity_ceiling_applied")
    assert [e.stage for e in ceilings] == ["recheck"]  # 6 vs 6 passes; 3 positives after the trim do not
    (e,) = ceilings
    assert e.fields == {
        "negative_count_before": 6,
        "negative_count_after": 3,
        "max_negative_slots": 3,
        "ratio": 0.5,
        "trimmed_patterns": ["m0", "m1", "m2"],
    }
    assert len(of_type(res, "category_ceiling_applied")) == 1
    assert [r.pattern for r in res.negatives] == ["n0", "n1", "n2"]
    assert len(res.positives) == 3


def test_category_backfill_keeps_to_the_polarity_ceiling() -> None:
    # Found on the L store: strong negatives fill the top 20 and the overflow. The category
    # backfill used to refill from that overflow whatever the polarity (here 11 records, 8 of
    # them negatives) and the re-check then trimmed 10 negatives again, leaving a smaller block.
    types = ["layout", "color", "tone", "imagery", "motion", "spacing", "typography"]
    recs = [pref(f"{t}_n{i}", "negative", 1.0, ptype=t) for t in types for i in range(5)]
    recs += [pref(f"p{i}", "positive", 0.6 - 0.01 * i, ptype="layout") for i in range(12)]
    recs += [pref(f"icon{i}", "positive", 0.5 - 0.01 * i, ptype="iconography") for i in range(5)]
    res = run(recs)
    (back,) = of_type(res, "category_backfill")
    assert back.fields["backfilled_types"] == ["iconography"] * 3  # no negative past the ceiling
    assert [r.pattern for r in res.positives] == ["p0", "p1", "p2", "icon0", "icon1", "icon2"]
    assert len(res.negatives) == 6  # = floor(1 × 6 positives)
    assert [e.stage for e in of_type(res, "diversity_ceiling_applied")] == ["polarity_ceiling"]  # no re-check


def test_ineligible_hidden_global_is_counted_below_threshold_not_suppressed() -> None:
    g = pref("airy", "positive", 0.3)  # would be dropped anyway
    p = pref("airy", "negative", 0.6, scope="project:p_42")
    res = run([g, p], "p_42")
    assert of_type(res, "project_override_suppression") == []
    (below,) = of_type(res, "below_threshold")
    assert below.fields["reasons"]["strength"] == 1 and below.fields["sample"] == [key_text(g.key)]


def test_suppression_events_for_the_strongest_20_then_one_aggregate() -> None:
    globals_ = [pref(f"g{i:02d}", "positive", 0.9 - 0.01 * i) for i in range(25)]
    projects = [pref(f"g{i:02d}", "positive", 0.5, scope="project:p_42") for i in range(25)]
    res = run([*globals_, *projects], "p_42", unloaded=Unloaded(suppressed=4))
    events = of_type(res, "project_override_suppression")
    assert [e.fields.get("suppressed_pattern") for e in events[:20]] == [f"g{i:02d}" for i in range(20)]
    assert events[20].preference_key is None
    assert events[20].fields == {"count": 9, "project_id": "p_42"}  # 5 passed in + 4 not read
    assert events[20].trace == "p_42 overrides suppressed 9 more global preference(s) for this generation"
    assert len(events) == 21


# -- token budget --------------------------------------------------------------------------------

LONG = [("x" * 99) + str(i) for i in range(6)]  # 100 chars → 25 + 5 = 30 tokens each


def _long_globals() -> list[PrefState]:
    types = ["layout", "layout", "color", "color", "type", "type"]
    return [pref(p, strength=0.9 - 0.01 * i, ptype=types[i]) for i, p in enumerate(LONG)]


def test_token_budget_exact_fit() -> None:
    res = run(_long_globals())
    assert len(res.positives) == 6  # 20 + 6 × 30 = 200, not over
    assert of_type(res, "token_budget_exceeded") == []


def test_token_budget_reserves_override_line_first() -> None:
    proj = pref("mono", "negative", 0.5, ptype="imagery", scope="project:p_42")
    line = override_line("p_42", [proj])
    assert line == "Project override (p_42): avoid mono"
    reserved = 20 + estimate_tokens(line)
    res = run([*_long_globals(), proj], "p_42")
    (e,) = of_type(res, "token_budget_exceeded")
    at_cut = reserved + 5 * 30
    assert e.stage == "token_budget"
    assert e.preference_key == key_text(_long_globals()[5].key)
    assert e.fields == {"pattern": LONG[5], "estimated_tokens_at_cut": at_cut, "budget": 200}
    assert e.trace == f"Token budget: {LONG[5]} dropped at {at_cut}/200 est. tokens"
    # the loop continues: the short project pattern still fits after the long one was dropped
    assert kept_patterns(res) == {*LONG[:5], "mono"}
    assert res.project_overrides == (proj,)


def test_empty_after_stages() -> None:
    res = run([pref("weak", strength=0.1)])
    assert res.is_empty and res.empty_reason == "nothing_above_threshold"
    assert res.duration_ms >= 0

"""Why in plain words: every keep/drop reason has its exact sentence, and the last injection is the
daemon's (or ``retrieve``'s), never a self-test, a Diagnostics run or a preview."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from creative_memory.model.constants import Origin
from creative_memory.services.common.clock import FOREVER_MS
from creative_memory.services.controls import controls
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import explain
from creative_memory.services.retrieval import event_reasons, reasons, retrieval
from creative_memory.services.retrieval.reasons import Fate
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_794_200_000_000  # 2026-11-09, after the events below
AT = 1_793_400_000_000


def when(ms: int) -> str:
    return f"<{ms}>"


def fate(code: str, verdict: str = "dropped", **numbers: object) -> Fate:
    return Fate(
        verdict=verdict,
        code=code,
        retrieval_id=1,
        at=AT,
        origin="daemon",
        mode="generation",
        project_id="p_deck",
        project_name="Investor deck",
        numbers=numbers,
    )


HEAD = f"Not used in the last generation for Investor deck (<{AT}>): "

SENTENCES = [
    (fate("kept", "kept"), f"Used in the last generation for Investor deck (<{AT}>)."),
    (fate("memory_disabled"), HEAD + "creative memory was switched off (the “Creative memory” switch)."),
    (fate("memory_paused", paused_until=NOW), HEAD + f"using memory was paused until <{NOW}>."),
    (fate("memory_paused", paused_until=FOREVER_MS), HEAD + "using memory was paused until you resume it."),
    (fate("memory_paused"), HEAD + "using memory was paused."),
    (
        fate("project_memory_disabled"),
        HEAD + "Investor deck uses neither global memory nor its own (both switches were off).",
    ),
    (fate("strength", strength=0.318), HEAD + "its strength 0.32 was below the 0.40 threshold."),
    (fate("under_review"), HEAD + "it was under review, because it was contradicted in several sessions."),
    (fate("archived"), HEAD + "it was archived after 180 days without a signal."),
    (fate("status"), HEAD + "it was not stable then."),
    (fate("tier"), HEAD + "its confidence was low (only medium and high confidence are used)."),
    (fate("type", types=["colour_palette"]), HEAD + "only colour palette preferences were asked for."),
    (fate("hard_cap_applied", cap=20), HEAD + "20 stronger preferences filled the 20 places."),
    (
        fate("diversity_ceiling_applied", max_negative_slots=4),
        HEAD
        + "at most 4 things to avoid fit beside the preferences kept, and stronger ones took those places.",
    ),
    (
        fate("category_ceiling_applied", max_per_category=3, preference_type="layout"),
        HEAD + "at most 3 preferences of one type (layout) are used, and stronger ones took those places.",
    ),
    (
        fate("token_budget_exceeded", budget=200, estimated_tokens_at_cut=196),
        HEAD + "the block had used 196 of its 200 tokens, and this one did not fit.",
    ),
    (
        fate("token_budget_exceeded", budget=200, override=True),
        HEAD + "the project-override line may use at most half of the 200-token budget.",
    ),
    (
        fate("project_override_suppression"),
        HEAD + "Investor deck has its own preference for the same pattern, which is used instead.",
    ),
    (fate("learned_after"), HEAD + "it was learned after that generation."),
]


@pytest.mark.parametrize(("f", "expected"), SENTENCES, ids=[f.code + f.verdict for f, _ in SENTENCES])
def test_every_reason_has_its_sentence(f: Fate, expected: str) -> None:
    assert reasons.sentence(f, when=when) == expected


def test_no_internal_identifier_is_shown_alone() -> None:
    for f, _ in SENTENCES:
        text = reasons.sentence(f, when=when)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text


def test_a_project_without_a_name_is_named_by_its_id_and_no_injection_says_so() -> None:
    f = Fate(
        verdict="kept",
        code="kept",
        retrieval_id=1,
        at=AT,
        origin="cli",
        mode="generation",
        project_id="p_42",
        project_name=None,
    )
    assert reasons.sentence(f, when=when) == f"Used in the last generation for project p_42 (<{AT}>)."
    assert reasons.sentence(None) == "Open Design has not used creative memory in a generation yet."
    assert (
        reasons.sentence(None, project_id="p_deck", project_name="Investor deck")
        == "Open Design has not used creative memory for Investor deck yet."
    )


def test_the_empty_block_sentences() -> None:
    assert retrieval.describe_empty("memory_disabled") == (
        "Nothing is injected: creative memory is switched off (the “Creative memory” switch)."
    )
    assert reasons.empty_block_sentence("memory_paused", {"paused_until": NOW}, when=when) == (
        f"Nothing is injected: using memory is paused until <{NOW}>."
    )
    assert (
        reasons.empty_block_sentence(
            "project_memory_disabled", {"project_id": "p_deck", "project_name": "Investor deck"}
        )
        == "Nothing is injected: Investor deck uses neither global memory nor its own (both switches are off)."
    )
    assert retrieval.describe_empty("nothing_above_threshold") == (
        "Nothing is injected: no preference is strong and stable enough yet."
    )
    assert retrieval.describe_empty(None) == ""


def test_diagnostics_event_sentences_use_readable_names() -> None:
    kept = {"type": "kept", "preference_key": "global/layout/airy_spacing/positive", "strength": 0.71}
    assert event_reasons.event_sentence(kept) == "Kept airy spacing (layout), positive (strength 0.71)."
    budget = {
        "type": "token_budget_exceeded",
        "preference_key": "global/imagery/drop_shadows/negative",
        "pattern": "drop_shadows",
        "estimated_tokens_at_cut": 190,
        "budget": 200,
    }
    assert event_reasons.event_sentence(budget) == (
        "Left out drop shadows (imagery), negative: the block had used 190 of its 200 tokens, "
        "and this one did not fit."
    )
    lifecycle = {"type": "below_threshold", "count": 3, "reasons": {"strength": 2, "status": 1, "tier": 0}}
    assert event_reasons.event_sentence(lifecycle) == (
        "3 left out by the lifecycle filter: 2 below the 0.40 strength threshold, "
        "1 not stable (under review or archived)."
    )
    named = {**lifecycle, "sample": ["project:p1/layout/dense_grids/negative"]}
    assert event_reasons.event_sentence(named).endswith(
        " Among them: dense grids (layout), negative, project p1."
    )
    capped = {
        "type": "hard_cap_applied",
        "total_eligible": 22,
        "cap": 20,
        "dropped_patterns": ["muted_palette"],
    }
    assert event_reasons.event_sentence(capped).endswith(" Next in line: muted palette.")
    gate = {"type": "memory_paused"}
    assert event_reasons.event_sentence(gate) == "Nothing injected: using memory was paused."
    cap = {"type": "hard_cap_applied", "total_eligible": 31, "cap": 20}
    assert (
        event_reasons.event_sentence(cap)
        == "31 preferences were eligible; the 20 strongest fill the 20 places."
    )


# --------------------------------------------------------------------------- on a real store
def _lines(pattern: str, n: int, project: str | None = None) -> list[str]:
    out = []
    for i in range(n):
        obj: dict[str, object] = {
            "event_id": f"{pattern}-{project}-{i}",
            "signal_type": "manual_refinement",
            "occurred_at": f"2026-11-0{1 + i % 8}T10:{i:02d}:00Z",
            "session_id": f"s{i % 3}",
            "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
        }
        if project:
            obj["project_id"] = project
        out.append(json.dumps(obj))
    return out


def _projects_table(store: Store) -> None:
    con = sqlite3.connect(store.path)
    with con:
        con.execute("CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT)")
        con.execute("INSERT INTO projects VALUES ('p_deck', 'Investor deck')")
    con.close()


def _why(store: Store, pattern: str, project: str | None = None) -> explain.Explanation:
    with store.read() as session:
        return explain.explain(session, USER, "layout", pattern, project)


def test_the_why_is_about_the_last_injection_only(store: Store) -> None:
    _projects_table(store)
    assert (
        ingest_jsonl(
            store,
            "\n".join(_lines("airy_spacing", 5, "p_deck") + _lines("weak_grid", 1, "p_deck")),
            default_user=USER,
            now=NOW,
        ).accepted
        == 6
    )
    # Nothing injected yet: a self-test, a Diagnostics run and a preview do not count.
    retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id="p_deck", now=NOW, origin=Origin.SELF_TEST)
    )
    retrieval.run(store, retrieval.RetrievalRequest(USER, project_id="p_deck", now=NOW, origin=Origin.GUI))
    retrieval.run(
        store,
        retrieval.RetrievalRequest(USER, project_id="p_deck", now=NOW, origin=Origin.PREVIEW, dry_run=True),
    )
    d = _why(store, "airy_spacing", "p_deck")
    assert d.last_retrieval is None
    assert d.why == "Open Design has not used creative memory for Investor deck yet."

    out = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id="p_deck", now=NOW, origin=Origin.DAEMON)
    )
    d = _why(store, "airy_spacing", "p_deck")
    last = d.last_retrieval
    assert last is not None and last.retrieval_id == out.retrieval_id and last.verdict == "kept"
    assert re.fullmatch(r"Used in the last generation for Investor deck \(.+\)\.", str(d.why))
    weak = _why(store, "weak_grid", "p_deck")
    assert str(weak.why).endswith(": its strength 0.10 was below the 0.40 threshold.")

    # A later self-test with memory off changes nothing in the sentence.
    controls.set_enabled(store, USER, False, actor=controls.Actor.CLI, now=NOW)
    retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id="p_deck", now=NOW + 1, origin=Origin.SELF_TEST)
    )
    assert _why(store, "airy_spacing", "p_deck").last_retrieval == last

    # The daemon's next retrieval with memory paused names the pause's end.
    controls.set_enabled(store, USER, True, actor=controls.Actor.CLI, now=NOW)
    controls.pause(store, USER, until=NOW + 3_600_000, what="using", actor=controls.Actor.CLI, now=NOW)
    retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id="p_deck", now=NOW + 2, origin=Origin.DAEMON)
    )
    d = _why(store, "airy_spacing", "p_deck")
    last = d.last_retrieval
    assert last is not None and last.code == "memory_paused"
    assert last.numbers == {"paused_until": NOW + 3_600_000}
    assert str(d.why).startswith("Not used in the last generation for Investor deck (")
    assert "using memory was paused until " in str(d.why)

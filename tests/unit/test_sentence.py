"""Reason sentences as templates the window translates: the English is what it always was, and a
translation is applied to the template before the values are filled in (docs/decisions/0048)."""

from __future__ import annotations

from typing import Any

import pytest

from creative_memory.services.common.clock import FOREVER_MS
from creative_memory.services.common.sentence import CONTEXT, Sentence
from creative_memory.services.retrieval import event_reasons, reasons
from creative_memory.services.retrieval.reasons import Fate

CODES: list[tuple[str, dict[str, Any]]] = [
    ("kept", {}),
    ("memory_disabled", {}),
    ("memory_paused", {}),
    ("memory_paused", {"paused_until": FOREVER_MS}),
    ("memory_paused", {"paused_until": 1_700_000_000_000}),
    ("project_memory_disabled", {"project_id": "p1", "project_name": "Investor deck"}),
    ("project_memory_disabled", {"project_id": "p1"}),
    ("project_memory_disabled", {}),
    ("strength", {"strength": 0.31}),
    ("under_review", {}),
    ("archived", {}),
    ("status", {}),
    ("tier", {}),
    ("type", {"types": ["layout", "color_palette"]}),
    ("type", {}),
    ("hard_cap_applied", {"cap": 20}),
    ("diversity_ceiling_applied", {"max_negative_slots": 3}),
    ("category_ceiling_applied", {"max_per_category": 4, "preference_type": "typography"}),
    ("category_ceiling_applied", {}),
    ("token_budget_exceeded", {"budget": 400, "override": True}),
    ("token_budget_exceeded", {"budget": 400, "estimated_tokens_at_cut": 388}),
    ("token_budget_exceeded", {}),
    ("project_override_suppression", {"project_id": "p2"}),
    ("learned_after", {}),
    ("nothing_above_threshold", {}),
    ("some_new_code", {}),
]


def _when(ms: int) -> str:
    return f"at {ms}"


@pytest.mark.parametrize(("code", "numbers"), CODES)
def test_a_reason_reads_as_it_always_did_and_is_a_template(code: str, numbers: dict[str, Any]) -> None:
    sentence = reasons.because_of(code, numbers, when=_when)
    assert str(sentence) == reasons.because(code, numbers, when=_when)
    assert "{" not in str(sentence)
    assert sentence.render(lambda context, text: "» " + text).startswith("» ")  # the template is looked up


@pytest.mark.parametrize(("code", "numbers"), CODES)
def test_an_empty_block_reads_as_it_always_did(code: str, numbers: dict[str, Any]) -> None:
    sentence = reasons.empty_block(code, numbers, when=_when)
    assert sentence is not None
    if code in ("memory_disabled", "memory_paused", "project_memory_disabled", "nothing_above_threshold"):
        assert str(sentence) == reasons.empty_block_sentence(code, numbers, when=_when)
    assert reasons.empty_block(None) is None
    assert reasons.empty_block_sentence(None) == ""


@pytest.mark.parametrize("verdict", ["kept", "dropped"])
def test_the_why_sentence_reads_as_it_always_did(verdict: str) -> None:
    fate = Fate(
        verdict=verdict,
        code="hard_cap_applied",
        retrieval_id=3,
        at=1_700_000_000_000,
        origin="daemon",
        mode="generation",
        project_id="p1",
        project_name=None,
        numbers={"cap": 20},
    )
    assert str(reasons.why(fate, when=_when)) == reasons.sentence(fate, when=_when)
    assert str(reasons.why(None, project_id="p9")) == reasons.sentence(None, project_id="p9")
    assert str(reasons.why(None)) == reasons.sentence(None)


def test_the_translation_fills_the_translated_template_and_nested_clauses() -> None:
    fate = Fate(
        verdict="dropped",
        code="strength",
        retrieval_id=3,
        at=5,
        origin="daemon",
        mode="generation",
        project_id=None,
        numbers={"strength": 0.31},
    )
    german = {
        "Not used in the last generation for {where} ({when}): {because}.": "Nicht verwendet in der letzten Generierung für {where} ({when}): {because}.",
        "no project": "kein Projekt",
        "its strength {strength:.2f} was below the {threshold:.2f} threshold": "ihre Stärke {strength:.2f} lag unter der Schwelle {threshold:.2f}",
    }
    seen: list[str] = []

    def translate(context: str, text: str) -> str:
        seen.append(context)
        return german.get(text, text)

    assert reasons.why(fate, when=_when).render(translate) == (
        "Nicht verwendet in der letzten Generierung für kein Projekt (at 5): ihre Stärke 0.31 lag unter der "
        "Schwelle 0.40."
    )
    assert set(seen) == {CONTEXT}


def test_a_value_is_never_read_as_a_template() -> None:
    assert Sentence("project {id}", {"id": "{evil}"}).render(lambda c, t: "Projekt {id}") == "Projekt {evil}"


@pytest.mark.parametrize(
    ("event", "english"),
    [
        (
            {
                "type": "hard_cap_applied",
                "total_eligible": 30,
                "cap": 20,
                "dropped_patterns": ["airy_spacing"],
            },
            "30 preferences were eligible; the 20 strongest fill the 20 places. Next in line: airy spacing.",
        ),
        (
            {"type": "hard_cap_applied", "total_eligible": 3, "cap": 20},
            "3 preferences were eligible; the 20 strongest fill the 20 places.",
        ),
        ({"type": "category_backfill", "backfilled_count": 2}, "Places freed by a ceiling went to 2."),
        (
            {"type": "diversity_ceiling_applied", "max_negative_slots": 2},
            "at most 2 things to avoid fit beside the preferences kept, and stronger ones took those places.",
        ),
        (
            {"type": "category_ceiling_applied", "max_per_category": 4},
            "Left out: : at most 4 preferences of one type are used, and stronger ones took those places.",
        ),
        (
            {"type": "project_override_suppression", "count": 3, "project_id": "p1"},
            "3 more global preferences not used: project p1 has its own preference for the same pattern, which is "
            "used instead.",
        ),
        (
            {
                "type": "below_threshold",
                "count": 2,
                "reasons": {"tier": 1, "odd_reason": 1},
                "sample": ["project:p1/layout/dense_grids/negative"],
            },
            "2 left out by the lifecycle filter: 1 of low confidence, 1 odd reason. Among them: dense grids (layout), "
            "negative, project p1.",
        ),
        (
            {"type": "memory_disabled"},
            "Nothing injected: creative memory was switched off (the “Creative memory” switch).",
        ),
    ],
)
def test_a_stage_event_reads_as_it_always_did_and_translates_by_template(
    event: dict[str, Any], english: str
) -> None:
    assert event_reasons.event_sentence(event) == english
    assert str(event_reasons.event_said(event)) == english
    looked_up: list[str] = []
    event_reasons.event_said(event).render(lambda context, text: looked_up.append(text) or text)
    assert looked_up  # at least one template went through the translation

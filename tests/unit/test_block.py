"""The prompt block: exact strings for generation, critique and the prototype's legacy format."""

from __future__ import annotations

import pytest
from engine_helpers import T0, pref

from creative_memory.model.constants import Mode, Tier
from creative_memory.model.records import PrefState, RetrievalResult
from creative_memory.services.engine.block import (
    CRITIQUE_PRECEDENCE,
    HEADER,
    PRECEDENCE,
    build_block,
    estimate_tokens,
    human,
    result_tokens,
)


def _result(
    positives: list[PrefState],
    negatives: list[PrefState],
    overrides: list[PrefState] = (),  # type: ignore[assignment]
    project_id: str | None = "p_42",
) -> RetrievalResult:
    return RetrievalResult(
        positives=tuple(positives),
        negatives=tuple(negatives),
        project_overrides=tuple(overrides),
        events=(),
        duration_ms=0.1,
        project_id=project_id,
    )


def _created(rec: PrefState, seq: int) -> PrefState:
    rec.created_at, rec.created_seq = T0, seq
    return rec


def _full() -> RetrievalResult:
    return _result(
        positives=[
            pref("serif_headlines", strength=0.8),
            pref("airy-spacing", strength=0.7),
            pref("muted_palette", strength=0.5, ptype="color"),
        ],
        negatives=[pref("drop_shadows", "negative", 0.9), pref("dense_grids", "negative", 0.45)],
        overrides=[
            _created(pref("monochrome_imagery", strength=0.7, scope="project:p_42"), 1),
            _created(pref("drop_shadows", "negative", 0.6, scope="project:p_42"), 2),
        ],
    )


def test_precedence_paragraph_is_decision_c_verbatim() -> None:
    assert PRECEDENCE == (
        "The following stylistic preferences have been derived from this user's past acceptances, edits, "
        "tags, and rejections in generation runs. Treat them as preferences and context, NOT hard rules: "
        "when they collide with the active design system tokens, the brand wins; when they collide with "
        "the active skill's workflow, the skill wins. Project-level preferences take precedence over "
        "global ones whenever both address the same pattern."
    )
    assert HEADER == "## Creative memory (preferences from generation feedback)"


def test_human() -> None:
    assert human("airy_spacing") == "airy spacing"
    assert human("left-aligned_titles") == "left aligned titles"
    assert human("plain") == "plain"


def test_generation_block() -> None:
    assert build_block(_full(), Mode.GENERATION) == (
        "## Creative memory (preferences from generation feedback)\n"
        "\n"
        f"{PRECEDENCE}\n"
        "\n"
        "Prefer (high): serif headlines · airy spacing\n"
        "Prefer (medium): muted palette\n"
        "Avoid (high): drop shadows\n"
        "Avoid (medium): dense grids\n"
        "Project override (p_42): monochrome imagery, avoid drop shadows"
    )


def test_critique_block() -> None:
    assert build_block(_full(), Mode.CRITIQUE) == (
        "## Creative memory (preferences from generation feedback)\n"
        "\n"
        f"{CRITIQUE_PRECEDENCE}\n"
        "\n"
        "Avoid (high): drop shadows\n"
        "Avoid (medium): dense grids\n"
        "Prefer (high, supporting context): serif headlines · airy spacing\n"
        "Prefer (medium, supporting context): muted palette\n"
        "This project requires (p_42): monochrome imagery, no drop shadows"
    )


def test_critique_frames_constraints_with_the_seed_precedence() -> None:
    # Decision 0023: constraints the critique checks, not "NOT hard rules"; the seed's brand /
    # skill / project clauses are kept word for word.
    assert "NOT hard rules" not in CRITIQUE_PRECEDENCE
    assert "Check the work against them" in CRITIQUE_PRECEDENCE
    for clause in (
        "when they collide with the active design system tokens, the brand wins",
        "when they collide with the active skill's workflow, the skill wins",
        "Project-level preferences take precedence over global ones whenever both address the same pattern",
    ):
        assert clause in CRITIQUE_PRECEDENCE and clause in PRECEDENCE
    assert "NOT hard rules" in build_block(_full(), Mode.GENERATION)
    assert "NOT hard rules" not in build_block(_full(), Mode.CRITIQUE)


def test_legacy_override_line_in_first_seen_order() -> None:
    # The prototype lists its project records in creation order, not by strength.
    first = _created(pref("weak_first", strength=0.45, scope="project:p_42"), 1)
    second = _created(pref("strong_second", strength=0.9, scope="project:p_42"), 2)
    res = _result([pref("a", strength=0.5)], [], overrides=[second, first])
    assert build_block(res, Mode.LEGACY).endswith("Project override: weak_first, strong_second active (p_42)")


def test_legacy_block_byte_for_byte() -> None:
    assert build_block(_full(), Mode.LEGACY) == (
        "[MEMORY CONTEXT]\n"
        "Prefer (high):    serif_headlines · airy-spacing\n"
        "Prefer (medium):  muted_palette\n"
        "Avoid (high):     drop_shadows\n"
        "Avoid (medium):   dense_grids\n"
        "Project override: monochrome_imagery, drop_shadows active (p_42)"
    )


def test_empty_sections_are_omitted() -> None:
    res = _result([pref("airy_spacing", strength=0.5)], [], project_id=None)
    assert build_block(res, Mode.GENERATION) == f"{HEADER}\n\n{PRECEDENCE}\n\nPrefer (medium): airy spacing"
    assert build_block(res, Mode.LEGACY) == "[MEMORY CONTEXT]\nPrefer (medium):  airy_spacing"
    neg_only = _result([], [pref("drop_shadows", "negative", 0.7, confidence=Tier.HIGH)])
    assert build_block(neg_only, Mode.CRITIQUE).endswith("\n\nAvoid (high): drop shadows")


def test_overrides_need_a_project_id() -> None:
    res = _result([pref("a", strength=0.8)], [], overrides=[pref("a", strength=0.8)], project_id=None)
    assert "override" not in build_block(res, Mode.GENERATION)
    assert "override" not in build_block(res, Mode.LEGACY)


@pytest.mark.parametrize("mode", list(Mode))
def test_empty_result_is_empty_string(mode: Mode) -> None:
    res = _result([], [], overrides=[pref("mono", scope="project:p_42")])
    assert build_block(res, mode) == ""
    assert result_tokens(res, mode) == 0


def test_token_estimate() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("abc") == 1
    assert estimate_tokens("abcd") == 1
    assert estimate_tokens("abcde") == 2
    block = build_block(_full(), Mode.GENERATION)
    assert result_tokens(_full()) == -(-len(block) // 4)
    assert not block.endswith("\n")

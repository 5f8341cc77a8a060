"""The prompt block: renders a retrieval result for generation, critique, or the prototype's format."""

from __future__ import annotations

from collections.abc import Sequence

from creative_memory.model.constants import CHARS_PER_TOKEN, Mode, Polarity, Tier
from creative_memory.model.records import PrefState, RetrievalResult
from creative_memory.services.engine.order import first_seen

HEADER = "## Creative memory (preferences from generation feedback)"

# The seed's Decision C paragraph, verbatim.
PRECEDENCE = (
    "The following stylistic preferences have been derived from this user's past acceptances, "
    "edits, tags, and rejections in generation runs. Treat them as preferences and context, NOT "
    "hard rules: when they collide with the active design system tokens, the brand wins; when they "
    "collide with the active skill's workflow, the skill wins. Project-level preferences take "
    "precedence over global ones whenever both address the same pattern."
)

# Critique mode (decision 0023): the same retrieval, framed as constraints the critique checks.
# It keeps the seed's precedence wording (brand wins on tokens, skill wins on workflow, project
# over global) and presents the project's records as harder constraints ("project says X").
CRITIQUE_PRECEDENCE = (
    "The following stylistic constraints have been derived from this user's past acceptances, "
    "edits, tags, and rejections in generation runs. Check the work against them: flag anything "
    "the user has rejected (Avoid), and use what they prefer as supporting context; when they "
    "collide with the active design system tokens, the brand wins; when they collide with the "
    "active skill's workflow, the skill wins. Project-level preferences take precedence over "
    "global ones whenever both address the same pattern, and what this project requires is a "
    "harder constraint than any global preference."
)

SEP = " · "


def human(pattern: str) -> str:
    """``airy_spacing`` → ``airy spacing`` (underscores and hyphens become spaces)."""
    return pattern.replace("_", " ").replace("-", " ")


def estimate_tokens(text: str) -> int:
    """ceil(len / 4); 0 for the empty string."""
    return -(-len(text) // CHARS_PER_TOKEN)


def _tier(records: Sequence[PrefState], tier: Tier) -> list[PrefState]:
    return [r for r in records if r.confidence is tier]


def _human_list(records: Sequence[PrefState]) -> str:
    return SEP.join(human(r.pattern) for r in records)


def override_line(
    project_id: str | None, overrides: Sequence[PrefState], mode: Mode = Mode.GENERATION
) -> str:
    """The project-override line of ``mode`` ("" when there is nothing to say)."""
    if not overrides or not project_id:
        return ""
    if mode is Mode.LEGACY:
        # The prototype lists its project records in the order it created them.
        names = ", ".join(r.pattern for r in sorted(overrides, key=first_seen))
        return f"Project override: {names} active ({project_id})"
    neg_prefix = "no " if mode is Mode.CRITIQUE else "avoid "
    items = ", ".join(
        (neg_prefix if r.polarity is Polarity.NEGATIVE else "") + human(r.pattern) for r in overrides
    )
    if mode is Mode.CRITIQUE:
        return f"This project requires ({project_id}): {items}"
    return f"Project override ({project_id}): {items}"


def _legacy(result: RetrievalResult) -> str:
    lines = ["[MEMORY CONTEXT]"]
    sections = (
        ("Prefer (high):    ", _tier(result.positives, Tier.HIGH)),
        ("Prefer (medium):  ", _tier(result.positives, Tier.MEDIUM)),
        ("Avoid (high):     ", _tier(result.negatives, Tier.HIGH)),
        ("Avoid (medium):   ", _tier(result.negatives, Tier.MEDIUM)),
    )
    for label, records in sections:
        if records:
            lines.append(label + SEP.join(r.pattern for r in records))
    line = override_line(result.project_id, result.project_overrides, Mode.LEGACY)
    if line:
        lines.append(line)
    return "\n".join(lines)


def build_block(result: RetrievalResult, mode: Mode = Mode.GENERATION) -> str:
    """Render ``result`` in ``mode``; an empty result renders as "" in every mode."""
    if result.is_empty:
        return ""
    mode = Mode(mode)
    if mode is Mode.LEGACY:
        return _legacy(result)
    prefer_hi = _tier(result.positives, Tier.HIGH)
    prefer_med = _tier(result.positives, Tier.MEDIUM)
    avoid_hi = _tier(result.negatives, Tier.HIGH)
    avoid_med = _tier(result.negatives, Tier.MEDIUM)
    if mode is Mode.CRITIQUE:
        sections = (
            ("Avoid (high)", avoid_hi),
            ("Avoid (medium)", avoid_med),
            ("Prefer (high, supporting context)", prefer_hi),
            ("Prefer (medium, supporting context)", prefer_med),
        )
    else:
        sections = (
            ("Prefer (high)", prefer_hi),
            ("Prefer (medium)", prefer_med),
            ("Avoid (high)", avoid_hi),
            ("Avoid (medium)", avoid_med),
        )
    lines = [HEADER, "", CRITIQUE_PRECEDENCE if mode is Mode.CRITIQUE else PRECEDENCE, ""]
    for label, records in sections:
        if records:
            lines.append(f"{label}: {_human_list(records)}")
    line = override_line(result.project_id, result.project_overrides, mode)
    if line:
        lines.append(line)
    return "\n".join(lines)


def result_tokens(result: RetrievalResult, mode: Mode = Mode.GENERATION) -> int:
    """Token estimate of the block ``result`` renders to in ``mode``."""
    return estimate_tokens(build_block(result, mode))

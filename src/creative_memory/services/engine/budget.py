"""The last stage of a retrieval: the token budget, then one ``kept`` event per injected record.

The project-override line's cost is reserved first. The line lists the project records that
survived the stages before (at most the hard cap) and its reservation is capped at half the
budget, weakest overrides trimmed first (docs/decisions/0007).
"""

from __future__ import annotations

from creative_memory.model.constants import (
    INJECTION_THRESHOLD,
    LINE_OVERHEAD_TOKENS,
    TOKEN_BUDGET,
    TOKEN_OVERHEAD,
    Status,
)
from creative_memory.model.records import DiagEvent, PrefState, key_text
from creative_memory.services.engine.block import estimate_tokens, override_line
from creative_memory.services.engine.order import by_strength
from creative_memory.services.engine.stages import Run


def override_list(run: Run, kept: list[PrefState], projects: list[PrefState]) -> tuple[PrefState, ...]:
    """The project records of the override line, within half the budget."""
    kept_keys = {r.key for r in kept}
    # Filtered first, then sorted: the same list (the order is total), and the project's records
    # that were not kept (most of them) are not sorted.
    overrides = by_strength(
        r
        for r in projects
        if r.key in kept_keys and r.strength >= INJECTION_THRESHOLD and r.status is Status.STABLE
    )
    while overrides and TOKEN_OVERHEAD + estimate_tokens(override_line(run.project_id, overrides)) > (
        TOKEN_BUDGET // 2
    ):
        cut = overrides.pop()
        run.events.append(
            DiagEvent(
                type="token_budget_exceeded",
                stage="token_budget",
                preference_key=key_text(cut.key),
                trace=f"Token budget: {cut.pattern} left off the project-override line (line capped at half the budget)",
                fields={"pattern": cut.pattern, "override": True, "budget": TOKEN_BUDGET},
            )
        )
    return tuple(overrides)


def token_budget(run: Run, kept: list[PrefState], overrides: tuple[PrefState, ...]) -> list[PrefState]:
    """10. The records whose lines fit in the budget after the override line, in priority order."""
    estimate = TOKEN_OVERHEAD + estimate_tokens(override_line(run.project_id, overrides))
    final: list[PrefState] = []
    for r in kept:
        cost = estimate_tokens(r.pattern) + LINE_OVERHEAD_TOKENS
        if estimate + cost > TOKEN_BUDGET:
            run.events.append(
                DiagEvent(
                    type="token_budget_exceeded",
                    stage="token_budget",
                    preference_key=key_text(r.key),
                    trace=f"Token budget: {r.pattern} dropped at {estimate}/{TOKEN_BUDGET} est. tokens",
                    fields={
                        "pattern": r.pattern,
                        "estimated_tokens_at_cut": estimate,
                        "budget": TOKEN_BUDGET,
                    },
                )
            )
            continue
        estimate += cost
        final.append(r)
    return final


def kept_events(run: Run, final: list[PrefState]) -> None:
    for r in final:
        run.events.append(
            DiagEvent(
                type="kept",
                stage="result",
                preference_key=key_text(r.key),
                trace=(
                    f"Kept {r.preference_type}/{r.pattern} ({r.polarity}, {r.strength:.2f}, {r.confidence}"
                    + (", provisional: unary signals only)" if r.provisional else ")")
                ),
                fields={"strength": r.strength, "confidence": str(r.confidence), "polarity": str(r.polarity)}
                | ({"provisional": True} if r.provisional else {}),
            )
        )

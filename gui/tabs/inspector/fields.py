"""The Inspector's field list for one preference: titles and display text of each field (names
readable and inert, with their stored spelling)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from creative_memory.gui.tabs.base import tr
from creative_memory.gui.visible import shown_id, shown_name, with_stored


def field_titles() -> dict[str, str]:
    return {
        "scope": tr("Scope"),
        "preference_type": tr("Type"),
        "pattern": tr("Pattern"),
        "polarity": tr("Polarity"),
        "strength": tr("Strength"),
        "confidence": tr("Confidence tier"),
        "provisional": tr("Evidence"),
        "derived_tier": tr("Tier from strength"),
        "status": tr("Status"),
        "sources": tr("Sources"),
        "explicit_tags": tr("Explicit tags"),
        "accept_count": tr("Accepts"),
        "reject_count": tr("Rejects"),
        "pairwise_count": tr("Pairwise comparisons"),
        "first_seen": tr("First seen"),
        "last_seen": tr("Last seen"),
        "decay_at": tr("Decay due"),
        "last_injected": tr("Last injected"),
        "reversal_signals": tr("Reversal signals"),
        "shadow_of": tr("Shadow of"),
        "demoted_by": tr("Demoted by event"),
        "id": tr("Record id"),
    }


def field_text(
    name: str, rec: dict[str, Any], word: Callable[[str], str], when: Callable[[str | None], str]
) -> str:
    """``rec``'s field ``name`` as the Inspector shows it (``word``: a stored word in the user's
    language; ``when``: an ISO time in the user's locale)."""
    value = rec.get(name)
    if name == "scope":
        if value == "global":
            return tr("global")
        return tr("project {project}").format(project=shown_id(str(rec.get("project_id"))))
    if name in ("pattern", "preference_type") and value:
        # the readable form, and the stored spelling for reviewers (both inert)
        return with_stored(str(value))
    if name in ("polarity", "confidence", "derived_tier", "status"):
        return word(str(value)) if value else "—"
    if name == "provisional":
        if value is None:
            return "—"
        return (
            tr("provisional — unary signals only; at most medium until a tag, refinement, revert or comparison")
            if value
            else tr("confirmed by a tag, refinement, revert or comparison")
        )
    if name == "strength":
        return f"{float(value):.3f}" if value is not None else "—"
    if name in ("sources", "explicit_tags"):
        items = [shown_name(str(v)) for v in (value or [])]
        return ", ".join(items) if items else "—"
    if name in ("first_seen", "last_seen", "decay_at"):
        return when(value) or "—"
    if name == "last_injected":
        return when(value) if value else tr("never")
    if value is None or value == "":
        return "—"
    return shown_id(str(value))

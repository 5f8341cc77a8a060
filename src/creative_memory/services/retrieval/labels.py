"""Short names a person reads for the codes a retrieval is recorded with: its stages, the kinds of
stage event, where it came from (origin) and for what (mode).

The codes stay the wire form (``--json``, the host's answers, exports); wherever a person reads
one — the Diagnostics list and summary, the stage events, the filters, the self-test — it is said
through this one mapping. Each label is an English template marked for translation (context
``Labels``): the window translates it (``gui.visible.said``), the command line prints it as it is.
A code this mapping does not know is shown in its readable form (``airy_spacing`` → ``airy
spacing``), never as it is stored.
"""

from __future__ import annotations

from typing import Final

from creative_memory.services.common.sentence import QT_TRANSLATE_NOOP, Sentence
from creative_memory.services.retrieval.reasons import readable_name

_CONTEXT: Final = "Labels"

STAGES: Final[dict[str, str]] = {
    "gates": QT_TRANSLATE_NOOP("Labels", "switches and pauses"),
    "project_merge": QT_TRANSLATE_NOOP("Labels", "project and global memory"),
    "lifecycle": QT_TRANSLATE_NOOP("Labels", "strength and status"),
    "ratings": QT_TRANSLATE_NOOP("Labels", "your ratings"),
    "hard_cap": QT_TRANSLATE_NOOP("Labels", "how many fit"),
    "polarity_backfill": QT_TRANSLATE_NOOP("Labels", "balance of likes and dislikes"),
    "category_ceiling": QT_TRANSLATE_NOOP("Labels", "variety of kinds"),
    "category_backfill": QT_TRANSLATE_NOOP("Labels", "variety of kinds"),
    "token_budget": QT_TRANSLATE_NOOP("Labels", "length of the block"),
    "result": QT_TRANSLATE_NOOP("Labels", "what was used"),
}

EVENTS: Final[dict[str, str]] = {
    "temporary_conversation": QT_TRANSLATE_NOOP("Labels", "temporary conversation"),
    "memory_disabled": QT_TRANSLATE_NOOP("Labels", "memory switched off"),
    "memory_paused": QT_TRANSLATE_NOOP("Labels", "using paused"),
    "project_memory_disabled": QT_TRANSLATE_NOOP("Labels", "project uses no memory"),
    "project_global_memory_off": QT_TRANSLATE_NOOP("Labels", "project leaves out global memory"),
    "project_own_memory_off": QT_TRANSLATE_NOOP("Labels", "project leaves out its own memory"),
    "project_override_suppression": QT_TRANSLATE_NOOP("Labels", "project's own preference wins"),
    "below_threshold": QT_TRANSLATE_NOOP("Labels", "too weak or not settled"),
    "nothing_above_threshold": QT_TRANSLATE_NOOP("Labels", "nothing strong enough"),
    "rated_not_relevant": QT_TRANSLATE_NOOP("Labels", "lowered by a rating"),
    "rated_too_much": QT_TRANSLATE_NOOP("Labels", "narrowed by a rating"),
    "hard_cap_applied": QT_TRANSLATE_NOOP("Labels", "too many"),
    "diversity_ceiling_applied": QT_TRANSLATE_NOOP("Labels", "too many of one side"),
    "diversity_backfill": QT_TRANSLATE_NOOP("Labels", "added for balance"),
    "category_ceiling_applied": QT_TRANSLATE_NOOP("Labels", "too many of one kind"),
    "category_backfill": QT_TRANSLATE_NOOP("Labels", "added for variety"),
    "token_budget_exceeded": QT_TRANSLATE_NOOP("Labels", "block too long"),
    "kept": QT_TRANSLATE_NOOP("Labels", "used"),
}

ORIGINS: Final[dict[str, str]] = {
    "daemon": QT_TRANSLATE_NOOP("Labels", "Open Design"),
    "cli": QT_TRANSLATE_NOOP("Labels", "command line"),
    "gui": QT_TRANSLATE_NOOP("Labels", "this window"),
    "preview": QT_TRANSLATE_NOOP("Labels", "Preview"),
    "self_test": QT_TRANSLATE_NOOP("Labels", "self-test"),
}

MODES: Final[dict[str, str]] = {
    "generation": QT_TRANSLATE_NOOP("Labels", "generation"),
    "critique": QT_TRANSLATE_NOOP("Labels", "critique"),
    "legacy": QT_TRANSLATE_NOOP("Labels", "older block format"),
}


SIGNALS: Final[dict[str, str]] = {
    "explicit_tag": QT_TRANSLATE_NOOP("Labels", "explicit tag"),
    "manual_refinement": QT_TRANSLATE_NOOP("Labels", "manual refinement"),
    "repeated_acceptance": QT_TRANSLATE_NOOP("Labels", "repeated acceptance"),
    "thumbs_up": QT_TRANSLATE_NOOP("Labels", "thumbs up"),
    "thumbs_down": QT_TRANSLATE_NOOP("Labels", "thumbs down"),
    "single_rejection": QT_TRANSLATE_NOOP("Labels", "single rejection"),
    "abandoned_generation": QT_TRANSLATE_NOOP("Labels", "abandoned generation"),
    "revert_after_edit": QT_TRANSLATE_NOOP("Labels", "revert after edit"),
    "pairwise_comparison": QT_TRANSLATE_NOOP("Labels", "pairwise comparison"),
    "recall_rating": QT_TRANSLATE_NOOP("Labels", "rating of a retrieval"),
    "legacy_snapshot": QT_TRANSLATE_NOOP("Labels", "imported from the prototype"),
}


def _label(table: dict[str, str], code: str | None) -> Sentence:
    if not code:
        return Sentence("")
    known = table.get(code)
    if known is not None:
        return Sentence(known, context=_CONTEXT)
    return Sentence("{name}", {"name": readable_name(code)})


def stage_label(code: str | None) -> Sentence:
    """A stage of a retrieval (``lifecycle`` → "strength and status")."""
    return _label(STAGES, code)


def event_label(code: str | None) -> Sentence:
    """A kind of stage event or gate (``below_threshold`` → "too weak or not settled")."""
    return _label(EVENTS, code)


def origin_label(code: str | None) -> Sentence:
    """Where a retrieval was asked from (``daemon`` → "Open Design")."""
    return _label(ORIGINS, code)


def signal_label(code: str | None) -> Sentence:
    """A kind of signal an event carries (``thumbs_up`` → "thumbs up")."""
    return _label(SIGNALS, code)


def mode_label(code: str | None) -> Sentence:
    """What a retrieval was for (``generation``, ``critique``, the older block format)."""
    return _label(MODES, code)


__all__ = [
    "EVENTS",
    "MODES",
    "ORIGINS",
    "SIGNALS",
    "STAGES",
    "event_label",
    "mode_label",
    "origin_label",
    "signal_label",
    "stage_label",
]

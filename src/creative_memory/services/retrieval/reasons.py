"""Why in plain words: every keep/drop reason of a retrieval as a sentence a person reads.

One place turns the engine's reason codes (``memory_paused``, ``below_threshold``, ``hard_cap_applied``
…) and the numbers that decided them into sentences such as "Not used in the last generation for
Investor deck (Tue 24 Nov 14:02): 20 stronger preferences filled the 20 places." The Inspector,
``od-memory explain``, Diagnostics and the Preview's empty-block explanation all use it, so a
reason reads the same everywhere and no internal name is ever shown alone.

Times are shown in the local time zone through ``when`` (a formatter the GUI replaces with its
locale's); project ids become the daemon's project names where its ``projects`` table has them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from creative_memory.model.constants import (
    ARCHIVE_DAYS,
    INJECTION_THRESHOLD,
    MAX_INJECTION_COUNT,
    MAX_PER_CATEGORY,
    TOKEN_BUDGET,
)
from creative_memory.model.instants import iso
from creative_memory.services.common.clock import FOREVER_MS
from creative_memory.services.common.sentence import QT_TRANSLATE_NOOP, Sentence
from creative_memory.services.engine.block import human

Formatter = Callable[[int], str]


def local_time(ms: int) -> str:
    """``Tue 24 Nov 14:02`` in the local time zone (the year is added when it is not this one)."""
    dt = datetime.fromtimestamp(ms / 1000).astimezone()
    if dt.year != datetime.now().astimezone().year:
        return dt.strftime("%a %d %b %Y %H:%M")
    return dt.strftime("%a %d %b %H:%M")


def readable_name(name: str) -> str:
    """One pattern, type or tag name as a person reads it: ``airy_spacing`` → ``airy spacing``."""
    return human(name)


def readable(preference_type: str, pattern: str, *, each: Callable[[str], str] | None = None) -> str:
    """``layout/airy_spacing`` → ``airy spacing (layout)``: the form shown wherever a person reads it.

    ``each`` is applied to each readable name (the window makes controls visible and isolates
    right-to-left text in each part, so one name cannot reorder the other)."""
    p, t = readable_name(pattern), readable_name(preference_type)
    if each is not None:
        p, t = each(p), each(t)
    return f"{p} ({t})"


@dataclass(frozen=True)
class Fate:
    """What the last injection did with one preference, and the numbers that decided it."""

    verdict: str  # "kept" or "dropped"
    code: str  # see ``because``
    retrieval_id: int
    at: int
    origin: str
    mode: str
    project_id: str | None
    project_name: str | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The wire form (``explain --json``'s ``last_retrieval``): the time as ISO text and in ms,
        and the reason as an English clause (empty when it was kept)."""
        return {
            "retrieval_id": self.retrieval_id,
            "at": iso(self.at),
            "at_ms": self.at,
            "origin": self.origin,
            "mode": self.mode,
            "project_id": self.project_id,
            "project_name": self.project_name,
            "verdict": self.verdict,
            "code": self.code,
            "numbers": dict(self.numbers),
            "reason": ""
            if self.verdict == "kept"
            else because(
                self.code, {**self.numbers, "project_id": self.project_id, "project_name": self.project_name}
            ),
        }


def project_label(project_id: str | None, name: str | None) -> str:
    """The project as a person knows it: its name, else "project <id>"; no project: "no project"."""
    return str(project_label_of(project_id, name))


def project_label_of(project_id: str | None, name: str | None) -> Sentence:
    if project_id is None:
        return Sentence(QT_TRANSLATE_NOOP("Reasons", "no project"))
    return (
        Sentence("{name}", {"name": name})
        if name
        else Sentence(QT_TRANSLATE_NOOP("Reasons", "project {id}"), {"id": project_id})
    )


def _this_project(n: Mapping[str, Any]) -> Sentence:
    pid = n.get("project_id")
    return (
        project_label_of(pid, n.get("project_name"))
        if pid
        else Sentence(QT_TRANSLATE_NOOP("Reasons", "this project"))
    )


def _pause_end(numbers: Mapping[str, Any], when: Formatter, now: bool) -> Sentence:
    until = numbers.get("paused_until")
    if until is None:
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "using memory is paused")
            if now
            else QT_TRANSLATE_NOOP("Reasons", "using memory was paused")
        )
    if int(until) >= FOREVER_MS:
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "using memory is paused until you resume it")
            if now
            else QT_TRANSLATE_NOOP("Reasons", "using memory was paused until you resume it")
        )
    return Sentence(
        QT_TRANSLATE_NOOP("Reasons", "using memory is paused until {when}")
        if now
        else QT_TRANSLATE_NOOP("Reasons", "using memory was paused until {when}"),
        {"when": when(int(until))},
    )


def because(code: str, numbers: Mapping[str, Any] | None = None, *, when: Formatter = local_time) -> str:
    """The reason clause (no leading capital, no full stop) for a reason code and its numbers."""
    return str(because_of(code, numbers, when=when))


def because_of(
    code: str, numbers: Mapping[str, Any] | None = None, *, when: Formatter = local_time, now: bool = False
) -> Sentence:
    """:func:`because` as a :class:`Sentence` the window translates. ``now``: the present tense, for
    the gates that keep a block empty (memory off, using paused, a project that uses no memory).
    (Longer than most functions: one case per reason code, each a sentence, read as a table; split
    up, the wording of the reasons would be scattered over many places.)"""
    n = dict(numbers or {})
    match code:
        case "kept":
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "it was strong and stable enough, and there was room for it")
            )
        case "memory_disabled":
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "creative memory is switched off (the “Creative memory” switch)")
                if now
                else QT_TRANSLATE_NOOP(
                    "Reasons", "creative memory was switched off (the “Creative memory” switch)"
                )
            )
        case "memory_paused":
            return _pause_end(n, when, now)
        case "temporary_conversation":
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons", "the conversation is temporary, so memory is neither used nor fed"
                )
                if now
                else QT_TRANSLATE_NOOP(
                    "Reasons", "the conversation was temporary, so memory was neither used nor fed"
                )
            )
        case "project_memory_disabled":
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons", "{name} uses neither global memory nor its own (both switches are off)"
                )
                if now
                else QT_TRANSLATE_NOOP(
                    "Reasons", "{name} uses neither global memory nor its own (both switches were off)"
                ),
                {"name": _this_project(n)},
            )
        case "strength":
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons", "its strength {strength:.2f} was below the {threshold:.2f} threshold"
                ),
                {"strength": float(n.get("strength", 0.0)), "threshold": INJECTION_THRESHOLD},
            )
        case "under_review":
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons", "it was under review, because it was contradicted in several sessions"
                )
            )
        case "archived":
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "it was archived after {days} days without a signal"),
                {"days": ARCHIVE_DAYS},
            )
        case "status":
            return Sentence(QT_TRANSLATE_NOOP("Reasons", "it was not stable then"))
        case "tier":
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons", "its confidence was low (only medium and high confidence are used)"
                )
            )
        case "type":
            asked = n.get("types") or []
            if asked:
                return Sentence(
                    QT_TRANSLATE_NOOP("Reasons", "only {types} preferences were asked for"),
                    {"types": ", ".join(human(t) for t in asked)},
                )
            return Sentence(QT_TRANSLATE_NOOP("Reasons", "its type was not asked for"))
        case "hard_cap_applied":
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "{cap} stronger preferences filled the {cap} places"),
                {"cap": int(n.get("cap", MAX_INJECTION_COUNT))},
            )
        case "diversity_ceiling_applied":
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons",
                    "at most {slots} things to avoid fit beside the preferences kept, "
                    "and stronger ones took those places",
                ),
                {"slots": int(n.get("max_negative_slots", 2))},
            )
        case "category_ceiling_applied":
            cap = int(n.get("max_per_category", MAX_PER_CATEGORY))
            kind = n.get("preference_type")
            if kind:
                return Sentence(
                    QT_TRANSLATE_NOOP(
                        "Reasons",
                        "at most {cap} preferences of one type ({type}) are used, and stronger "
                        "ones took those places",
                    ),
                    {"cap": cap, "type": human(str(kind))},
                )
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons",
                    "at most {cap} preferences of one type are used, and stronger ones took those places",
                ),
                {"cap": cap},
            )
        case "token_budget_exceeded":
            budget = int(n.get("budget", TOKEN_BUDGET))
            used = n.get("estimated_tokens_at_cut")
            if n.get("override"):
                return Sentence(
                    QT_TRANSLATE_NOOP(
                        "Reasons",
                        "the project-override line may use at most half of the {budget}-token budget",
                    ),
                    {"budget": budget},
                )
            if used is not None:
                return Sentence(
                    QT_TRANSLATE_NOOP(
                        "Reasons",
                        "the block had used {used} of its {budget} tokens, and this one did not fit",
                    ),
                    {"used": int(used), "budget": budget},
                )
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "the block reached its budget of {budget} tokens"),
                {"budget": budget},
            )
        case "project_override_suppression":
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons", "{name} has its own preference for the same pattern, which is used instead"
                ),
                {"name": _this_project(n)},
            )
        case "learned_after":
            return Sentence(QT_TRANSLATE_NOOP("Reasons", "it was learned after that generation"))
        case "nothing_above_threshold":
            return Sentence(QT_TRANSLATE_NOOP("Reasons", "no preference is strong and stable enough yet"))
        case _:
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "of a reason this version does not describe ({code})"),
                {"code": human(code)},
            )


def sentence(
    fate: Fate | None,
    *,
    project_id: str | None = None,
    project_name: str | None = None,
    when: Formatter = local_time,
) -> str:
    """The Inspector's and ``explain``'s why-sentence about the last injection.

    ``project_id``/``project_name``: the preference's own project (used when there was no injection).
    """
    return str(why(fate, project_id=project_id, project_name=project_name, when=when))


def why(
    fate: Fate | None,
    *,
    project_id: str | None = None,
    project_name: str | None = None,
    when: Formatter = local_time,
) -> Sentence:
    """:func:`sentence` as a :class:`Sentence` the window translates."""
    if fate is None:
        if project_id is not None:
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "Open Design has not used creative memory for {project} yet."),
                {"project": project_label_of(project_id, project_name)},
            )
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "Open Design has not used creative memory in a generation yet.")
        )
    where = project_label_of(fate.project_id, fate.project_name)
    when_text = when(fate.at)
    if fate.verdict == "kept":
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "Used in the last generation for {where} ({when})."),
            {"where": where, "when": when_text},
        )
    numbers = {"project_id": fate.project_id, "project_name": fate.project_name, **fate.numbers}
    return Sentence(
        QT_TRANSLATE_NOOP("Reasons", "Not used in the last generation for {where} ({when}): {because}."),
        {"where": where, "when": when_text, "because": because_of(fate.code, numbers, when=when)},
    )


def empty_block_sentence(
    reason: str | None,
    numbers: Mapping[str, Any] | None = None,
    *,
    when: Formatter = local_time,
) -> str:
    """The Preview's and ``preview``'s explanation of an empty Creative memory block."""
    if reason is None:
        return ""
    n = dict(numbers or {})
    clause = because(reason, n, when=when).replace(" was ", " is ").replace(" were ", " are ")
    return f"Nothing is injected: {clause}."


def empty_block(
    reason: str | None, numbers: Mapping[str, Any] | None = None, *, when: Formatter = local_time
) -> Sentence | None:
    """:func:`empty_block_sentence` as a :class:`Sentence` the window translates (None: not empty).
    Its English is the same for every reason a block is left empty for (the gates and
    ``nothing_above_threshold``, worded in the present tense)."""
    if reason is None:
        return None
    return Sentence(
        QT_TRANSLATE_NOOP("Reasons", "Nothing is injected: {because}."),
        {"because": because_of(reason, numbers, when=when, now=True)},
    )


def status_code(status: str) -> str:
    return status if status in ("under_review", "archived") else "status"


def fallback_code(strength: float, status: str, confidence: str) -> tuple[str, dict[str, Any]]:
    """Why an eligible-looking record that no stage named was not injected (lifecycle order)."""
    if status != "stable":
        return status_code(status), {}
    if strength < INJECTION_THRESHOLD:
        return "strength", {"strength": strength}
    if confidence == "low":
        return "tier", {}
    return "hard_cap_applied", {"cap": MAX_INJECTION_COUNT}

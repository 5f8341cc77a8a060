"""Why in plain words, for Diagnostics: one stage event of a retrieval (kept, left out by the
lifecycle filter, over the cap, a gate…) as a sentence, with readable names and the numbers that
decided; the clauses of the reasons themselves are :mod:`.reasons`'."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from creative_memory.model.constants import INJECTION_THRESHOLD, MAX_INJECTION_COUNT
from creative_memory.model.records import DiagEvent
from creative_memory.services.common.sentence import QT_TRANSLATE_NOOP, Sentence
from creative_memory.services.engine.block import human
from creative_memory.services.retrieval.reasons import because_of, project_label_of, readable


def event_sentence(event: DiagEvent | Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """One Diagnostics stage event as a sentence (readable names, the numbers that decided)."""
    return str(event_said(event, names))


def _listed(parts: Sequence[Sentence | str]) -> Sentence:
    """Items joined by ", ", each translated on its own (the joined template is never looked up)."""
    return Sentence(
        ", ".join("{" + f"p{i}" + "}" for i in range(len(parts))),
        {f"p{i}": part for i, part in enumerate(parts)},
        context="",
    )


def _polarity(word: str) -> Sentence | str:
    if word == "positive":
        return Sentence(QT_TRANSLATE_NOOP("Reasons", "positive"))
    if word == "negative":
        return Sentence(QT_TRANSLATE_NOOP("Reasons", "negative"))
    return word


def event_said(event: DiagEvent | Mapping[str, Any], names: Mapping[str, str] | None = None) -> Sentence:
    """:func:`event_sentence` as a :class:`Sentence` the window translates. The event is the engine's
    own, or its wire form (a stage event as ``diagnostics --json`` writes it)."""
    if isinstance(event, DiagEvent):
        event = event.as_json()
    kind = str(event.get("type") or "")
    key = event.get("preference_key")
    label: Sentence | None = None
    if isinstance(key, str) and key.count("/") >= 3:
        _scope, ptype, pattern, polarity = key.rsplit("/", 3)
        label = Sentence(
            "{name}, {polarity}",
            {"name": readable(ptype, pattern), "polarity": _polarity(polarity)},
            context="",
        )
    names = names or {}
    pid = event.get("project_id")
    numbers = {**event, "project_name": names.get(str(pid)) if pid else None}
    if kind == "kept":
        if label is None:
            return Sentence(QT_TRANSLATE_NOOP("Reasons", "Kept."))
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "Kept {label} (strength {strength:.2f})."),
            {"label": label, "strength": float(event.get("strength", 0))},
        )
    if kind == "below_threshold":
        reasons: Mapping[str, int] = event.get("reasons") or {}
        parts = [
            Sentence(QT_TRANSLATE_NOOP("Reasons", "{n} {why}"), {"n": v, "why": _lifecycle(k)})
            for k, v in reasons.items()
            if v
        ]
        sample = [_key_label(k, names) for k in event.get("sample") or [] if isinstance(k, str)]
        args: dict[str, Any] = {"count": int(event.get("count", 0)), "parts": _listed(parts)}
        if sample:
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons", "{count} left out by the lifecycle filter: {parts}. Among them: {sample}."
                ),
                {**args, "sample": _listed(sample)},
            )
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "{count} left out by the lifecycle filter: {parts}."), args
        )
    if kind == "hard_cap_applied":
        args = {
            "total": int(event.get("total_eligible", 0)),
            "cap": int(event.get("cap", MAX_INJECTION_COUNT)),
        }
        nxt = [human(str(p)) for p in event.get("dropped_patterns") or []]
        if nxt:
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons",
                    "{total} preferences were eligible; the {cap} strongest "
                    "fill the {cap} places. Next in line: {next}.",
                ),
                {**args, "next": ", ".join(nxt)},
            )
        return Sentence(
            QT_TRANSLATE_NOOP(
                "Reasons", "{total} preferences were eligible; the {cap} strongest fill the {cap} places."
            ),
            args,
        )
    if kind in ("diversity_backfill", "category_backfill"):
        got = event.get("backfilled_patterns") or []
        count = int(event.get("backfilled_count", len(got)))
        went = ", ".join(human(str(p)) for p in got) if got else f"{count}"
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "Places freed by a ceiling went to {what}."), {"what": went}
        )
    because = because_of(kind, numbers)
    if kind in ("diversity_ceiling_applied", "category_ceiling_applied"):
        cut = ", ".join(human(str(p)) for p in event.get("trimmed_patterns") or [])
        if cut or kind == "category_ceiling_applied":
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "Left out: {cut}: {because}."), {"cut": cut, "because": because}
            )
        return Sentence("{because}.", {"because": because}, context="")
    if kind == "token_budget_exceeded":
        what: Sentence | str = label if label is not None else human(str(event.get("pattern") or ""))
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "Left out {what}: {because}."), {"what": what, "because": because}
        )
    if kind == "rated_not_relevant":  # decision 0086
        args = {
            "label": label if label is not None else "",
            "factor": float(event.get("factor", 1)),
            "strength": float(event.get("strength", 0)),
            "score": float(event.get("score", 0)),
        }
        if event.get("left_out"):
            return Sentence(
                QT_TRANSLATE_NOOP(
                    "Reasons",
                    "Lowered here: {label} was rated not relevant in this project and mode "
                    "(strength {strength:.2f}, here {score:.2f}), so it was left out.",
                ),
                args,
            )
        return Sentence(
            QT_TRANSLATE_NOOP(
                "Reasons",
                "Lowered here: {label} was rated not relevant in this project and mode "
                "(strength {strength:.2f}, here {score:.2f}); still kept.",
            ),
            args,
        )
    if kind == "rated_too_much":
        return Sentence(
            QT_TRANSLATE_NOOP(
                "Reasons",
                "Narrowed here: rated too much in this project and mode, so preferences need "
                "{threshold:.2f} instead of {usual:.2f}; {count} left out.",
            ),
            {
                "threshold": float(event.get("threshold", INJECTION_THRESHOLD)),
                "usual": INJECTION_THRESHOLD,
                "count": int(event.get("count", 0)),
            },
        )
    if kind == "project_override_suppression":
        if label is not None:
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "Global {label} not used: {because}."),
                {"label": label, "because": because},
            )
        return Sentence(
            QT_TRANSLATE_NOOP("Reasons", "{count} more global preferences not used: {because}."),
            {"count": int(event.get("count", 0)), "because": because},
        )
    return Sentence(QT_TRANSLATE_NOOP("Reasons", "Nothing injected: {because}."), {"because": because})


def _key_label(key: str, names: Mapping[str, str]) -> Sentence | str:
    """``global/layout/airy_spacing/positive`` → ``airy spacing (layout), positive``; a project's
    by Open Design's name (``names``) where it has one."""
    if key.count("/") < 3:
        return key
    scope, ptype, pattern, polarity = key.rsplit("/", 3)
    if scope == "global":
        return Sentence(
            "{name}, {polarity}",
            {"name": readable(ptype, pattern), "polarity": _polarity(polarity)},
            context="",
        )
    kind, _, ident = scope.partition(":")
    where: Sentence | str = (
        project_label_of(ident, names.get(ident)) if kind == "project" and ident else scope.replace(":", " ")
    )
    return Sentence(
        "{name}, {polarity}, {where}",
        {"name": readable(ptype, pattern), "polarity": _polarity(polarity), "where": where},
        context="",
    )


def _lifecycle(reason: str) -> Sentence | str:
    match reason:
        case "strength":
            return Sentence(
                QT_TRANSLATE_NOOP("Reasons", "below the {threshold:.2f} strength threshold"),
                {"threshold": INJECTION_THRESHOLD},
            )
        case "status":
            return Sentence(QT_TRANSLATE_NOOP("Reasons", "not stable (under review or archived)"))
        case "tier":
            return Sentence(QT_TRANSLATE_NOOP("Reasons", "of low confidence"))
        case "type":
            return Sentence(QT_TRANSLATE_NOOP("Reasons", "of a type not asked for"))
    return human(reason)

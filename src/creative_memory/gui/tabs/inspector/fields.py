"""The Inspector's field list for one preference: titles and display text of each field (names
readable and inert, with their stored spelling), times in the user's locale, and the sentence about
the last injection."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QCoreApplication, QDateTime, Qt

from creative_memory.gui.itemmodels.preference_columns import scope_words
from creative_memory.gui.itemmodels.preferences import format_qdatetime
from creative_memory.gui.visible import said, shown_id, shown_name, stored_name, with_stored
from creative_memory.model.constants import DECAY_DAYS
from creative_memory.services.derivation.pref_view import PreferenceView
from creative_memory.services.engine.reversal import read_against
from creative_memory.services.retrieval import reasons
from creative_memory.services.retrieval.labels import signal_label
from creative_memory.services.retrieval.reasons import Fate


def field_titles() -> dict[str, str]:
    return {
        "scope": QCoreApplication.translate("InspectorFields", "Where"),
        "preference_type": QCoreApplication.translate("InspectorFields", "Type"),
        "pattern": QCoreApplication.translate("InspectorFields", "Pattern"),
        "polarity": QCoreApplication.translate("InspectorFields", "Polarity"),
        "strength": QCoreApplication.translate("InspectorFields", "Strength"),
        "confidence": QCoreApplication.translate("InspectorFields", "Confidence tier"),
        "provisional": QCoreApplication.translate("InspectorFields", "Evidence"),
        "derived_tier": QCoreApplication.translate("InspectorFields", "Tier from strength"),
        "status": QCoreApplication.translate("InspectorFields", "Status"),
        "sources": QCoreApplication.translate("InspectorFields", "Sources"),
        "explicit_tags": QCoreApplication.translate("InspectorFields", "Explicit tags"),
        "accept_count": QCoreApplication.translate("InspectorFields", "Accepts"),
        "reject_count": QCoreApplication.translate("InspectorFields", "Rejects"),
        "pairwise_count": QCoreApplication.translate("InspectorFields", "Pairwise comparisons"),
        "first_seen": QCoreApplication.translate("InspectorFields", "First seen"),
        "last_seen": QCoreApplication.translate("InspectorFields", "Last seen"),
        "decay_at": QCoreApplication.translate("InspectorFields", "Decay due"),
        "last_injected": QCoreApplication.translate("InspectorFields", "Last injected"),
        "reversal_signals": QCoreApplication.translate("InspectorFields", "Reversal signals"),
        "shadow_of": QCoreApplication.translate("InspectorFields", "Contradicts"),
        "demoted_by": QCoreApplication.translate("InspectorFields", "Last weakened"),
        "id": QCoreApplication.translate("InspectorFields", "Stored as"),
    }


def record_fields(rec: PreferenceView, project_name: str | None = None) -> dict[str, object]:
    """The record's values under the names :func:`field_titles` gives them (read by attribute, so a
    renamed field of the record is found by the type checker, not shown as "—"), and Open Design's
    name of its project."""
    return {
        "scope": rec.scope,
        "project_id": rec.project_id,
        "project_name": project_name,
        "preference_type": rec.preference_type,
        "pattern": rec.pattern,
        "polarity": rec.polarity,
        "strength": rec.strength,
        "confidence": rec.confidence,
        "provisional": rec.provisional,
        "derived_tier": rec.derived_tier,
        "status": rec.status,
        "sources": rec.sources,
        "explicit_tags": rec.explicit_tags,
        "accept_count": rec.accept_count,
        "reject_count": rec.reject_count,
        "pairwise_count": rec.pairwise_count,
        "first_seen": rec.first_seen,
        "last_seen": rec.last_seen,
        "decay_at": rec.decay_at,
        "last_injected": rec.last_injected,
        "reversal_signals": rec.reversal_signals,
        "shadow_of": rec.shadow_of,
        "demoted_by": rec.demoted_by,
        "id": rec.id,
    }


def field_text(
    name: str, rec: Mapping[str, object], word: Callable[[str], str], when: Callable[[str | None], str]
) -> str:
    """Field ``name`` of ``rec`` (:func:`record_fields`, or the few a row that cannot be read
    still tells) as the Inspector shows it (``word``: a stored word in the user's language;
    ``when``: an ISO time in the user's locale)."""
    value = rec.get(name)
    if name == "scope":
        pid = rec.get("project_id")
        if value == "global" or not pid:
            return QCoreApplication.translate("InspectorFields", "everywhere")
        pname = rec.get("project_name")
        return scope_words(str(pid), str(pname) if pname else None)
    if name == "demoted_by":
        return weakened_text(value)
    if name == "shadow_of":
        return (
            QCoreApplication.translate(
                "InspectorFields",
                "the opposite preference; this one is still gathering evidence and takes over once it "
                "is at least moderate",
            )
            if value
            else "—"
        )
    if name == "id":
        return stored_text(rec)
    if name in ("pattern", "preference_type") and value:
        # the readable form, and the stored spelling for reviewers (both inert)
        return with_stored(str(value))
    if name in ("polarity", "confidence", "derived_tier", "status"):
        return word(str(value)) if value else "—"
    if name == "provisional":
        if value is None:
            return "—"
        return (
            QCoreApplication.translate(
                "InspectorFields",
                "provisional — unary signals only; at most medium until a tag, refinement, revert or comparison",
            )
            if value
            else QCoreApplication.translate(
                "InspectorFields", "confirmed by a tag, refinement, revert or comparison"
            )
        )
    if name == "strength":
        return f"{value:.3f}" if isinstance(value, int | float) else "—"
    if name == "sources":
        items = [said(signal_label(str(v))) for v in value] if isinstance(value, list | tuple) else []
        return ", ".join(items) if items else "—"
    if name == "explicit_tags":
        items = [shown_name(str(v)) for v in value] if isinstance(value, list | tuple) else []
        return ", ".join(items) if items else "—"
    if name in ("first_seen", "last_seen", "decay_at"):
        return when(str(value) if value else None) or "—"
    if name == "last_injected":
        return when(str(value)) if value else QCoreApplication.translate("InspectorFields", "never")
    if value is None or value == "":
        return "—"
    return shown_id(str(value))


def weakened_text(value: object) -> str:
    """What last weakened the preference, as a sentence: a decay (its date in the user's locale) or a
    contradicting reaction; "—" when nothing has."""
    text = str(value or "")
    if not text:
        return "—"
    if text.startswith("decay@") and text[6:].isdigit():
        return QCoreApplication.translate(
            "InspectorFields", "on {date}: nothing had named it for {days} days, so it faded"
        ).format(date=when_ms(int(text[6:])), days=DECAY_DAYS)
    reaction = read_against(text)
    if reaction is not None:
        at, signal = reaction
        return QCoreApplication.translate(
            "InspectorFields", "on {date}: a reaction said the opposite ({signal})"
        ).format(date=when_ms(at), signal=said(signal_label(signal)))
    return QCoreApplication.translate(
        "InspectorFields", "a reaction that said the opposite (stored as event {id})"
    ).format(id=shown_id(text))


def stored_text(rec: Mapping[str, object]) -> str:
    """The stored values, for reviewers: "spacing · airy_spacing · positive, record 12"."""
    parts = [stored_name(str(rec.get(k) or "")) for k in ("preference_type", "pattern", "polarity")]
    text = " · ".join(p for p in parts if p)
    if rec.get("id") is not None:
        text = QCoreApplication.translate("InspectorFields", "{values}, record {id}").format(
            values=text, id=rec.get("id")
        )
    if rec.get("scope") and rec.get("scope") != "global":
        text = QCoreApplication.translate("InspectorFields", "{values}, scope {scope}").format(
            values=text, scope=shown_id(str(rec.get("scope")))
        )
    return text or "—"


# --------------------------------------------------------------------------- formatting


def format_iso(text: str | None) -> str:
    """An ISO timestamp from the services, in the user's locale and local time."""
    if not text:
        return ""
    dt = QDateTime.fromString(text, Qt.DateFormat.ISODateWithMs)
    if not dt.isValid():
        dt = QDateTime.fromString(text, Qt.DateFormat.ISODate)
    if not dt.isValid():
        return text
    return format_qdatetime(dt)


def when_ms(ms: int) -> str:
    """A stored time (ms) in the user's locale and local time zone."""
    return format_qdatetime(QDateTime.fromMSecsSinceEpoch(int(ms)))


def retrieval_sentence(
    last: Fate | None, project_id: str | None = None, project_name: str | None = None
) -> str:
    """The why-sentence about the last injection (``services.retrieval.reasons``), times in the user's locale.

    ``project_id`` is the preference's project: a project preference is only ever injected for
    its project, so "not yet" names it."""
    return said(reasons.why(last, project_id=project_id, project_name=project_name, when=when_ms))

"""The Inspector table's columns: their order, sort keys, titles, tips, the words stored values are
shown as, what each cell of a row says (:class:`CellText`) and the locale's time formats (no store
access)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, Qt

from creative_memory.gui.visible import (
    project_shown,
    project_tip,
    said,
    shown_name,
    stored_name,
    with_stored,
)
from creative_memory.model.constants import project_of
from creative_memory.services.inspection.inspector_query import InspectorRow, source_codes
from creative_memory.services.retrieval.labels import signal_label


@dataclass(frozen=True)
class Column:
    name: str
    sort: str  # a key of services.inspection.queries.SORTABLE
    numeric: bool = False


COLUMNS: Final = (
    Column("preference", "pattern"),  # "Prefers airy spacing": sorted by the pattern
    Column("scope", "scope"),
    Column("strength", "strength", numeric=True),
    Column("status", "status"),
    Column("sources", "sources"),
    Column("counts", "accept_count", numeric=True),
    Column("last_seen", "last_seen"),
    Column("decay_at", "decay_at"),
    Column("last_injected", "last_injected_at"),
    # the stored values, one a column: hidden until a person shows them (the header's menu)
    Column("type", "preference_type"),
    Column("pattern", "pattern"),
    Column("polarity", "polarity"),
    Column("tier", "confidence"),
)
#: the columns a new window hides (a person shows them from the header's context menu)
HIDDEN_BY_DEFAULT: Final = frozenset({"type", "pattern", "polarity", "tier"})
COLUMN_NAMES: Final = tuple(c.name for c in COLUMNS)
C_STRENGTH: Final = COLUMN_NAMES.index("strength")
C_TYPE: Final = COLUMN_NAMES.index("type")
C_PATTERN: Final = COLUMN_NAMES.index("pattern")
C_INJECTED: Final = COLUMN_NAMES.index("last_injected")
#: the columns that show a name (untrusted text: readable form, controls visible, bidi isolated)
NAME_COLUMNS: Final = frozenset({C_TYPE, C_PATTERN})


def column_of(name: str) -> int:
    return COLUMN_NAMES.index(name)


def column_for_sort(sort: str) -> int:
    for i, c in enumerate(COLUMNS):
        if c.sort == sort:
            return i
    return C_STRENGTH


def titles() -> dict[str, str]:
    return {
        "preference": QCoreApplication.translate("PreferenceTableModel", "Preference"),
        "scope": QCoreApplication.translate("PreferenceTableModel", "Where"),
        "type": QCoreApplication.translate("PreferenceTableModel", "Type"),
        "pattern": QCoreApplication.translate("PreferenceTableModel", "Pattern"),
        "polarity": QCoreApplication.translate("PreferenceTableModel", "Polarity"),
        "strength": QCoreApplication.translate("PreferenceTableModel", "Strength"),
        "tier": QCoreApplication.translate("PreferenceTableModel", "Tier"),
        "status": QCoreApplication.translate("PreferenceTableModel", "Status"),
        "sources": QCoreApplication.translate("PreferenceTableModel", "Sources"),
        "counts": QCoreApplication.translate("PreferenceTableModel", "Accepts / rejects"),
        "last_seen": QCoreApplication.translate("PreferenceTableModel", "Last seen"),
        "decay_at": QCoreApplication.translate("PreferenceTableModel", "Decay due"),
        "last_injected": QCoreApplication.translate("PreferenceTableModel", "Last injected"),
    }


def header_tips() -> dict[str, str]:
    return {
        "preference": QCoreApplication.translate(
            "PreferenceTableModel", "What you prefer or avoid (sorts by what it names)"
        ),
        "scope": QCoreApplication.translate(
            "PreferenceTableModel", "Everywhere, or only in the project it was learned in"
        ),
        "type": QCoreApplication.translate(
            "PreferenceTableModel", "The kind of preference (typography, color, layout …)"
        ),
        "pattern": QCoreApplication.translate("PreferenceTableModel", "What was learned"),
        "polarity": QCoreApplication.translate(
            "PreferenceTableModel", "Positive: wanted; negative: to avoid"
        ),
        "strength": QCoreApplication.translate(
            "PreferenceTableModel",
            "How strong the preference is: faint, moderate or strong (a number from 0 to 1 in the "
            "tooltip; added to prompts from 0.40)",
        ),
        "tier": QCoreApplication.translate(
            "PreferenceTableModel", "Confidence tier: low below 0.35, high above 0.65"
        ),
        "status": QCoreApplication.translate(
            "PreferenceTableModel",
            "Stable, under review (recently contradicted) or archived (not seen for 180 days)",
        ),
        "sources": QCoreApplication.translate("PreferenceTableModel", "The kinds of signal that built it"),
        "counts": QCoreApplication.translate(
            "PreferenceTableModel", "How many signals accepted and rejected it (sorts by accepts)"
        ),
        "last_seen": QCoreApplication.translate("PreferenceTableModel", "When a signal last named it"),
        "decay_at": QCoreApplication.translate(
            "PreferenceTableModel", "When it weakens next if nothing names it again"
        ),
        "last_injected": QCoreApplication.translate(
            "PreferenceTableModel", "When it was last put into a generation prompt"
        ),
    }


def words() -> dict[str, str]:
    """Stored values (polarity, tier, status …) in the user's language."""
    return {
        "global": QCoreApplication.translate("PreferenceTableModel", "global"),
        "positive": QCoreApplication.translate("PreferenceTableModel", "positive"),
        "negative": QCoreApplication.translate("PreferenceTableModel", "negative"),
        "low": QCoreApplication.translate("PreferenceTableModel", "low"),
        "medium": QCoreApplication.translate("PreferenceTableModel", "medium"),
        "high": QCoreApplication.translate("PreferenceTableModel", "high"),
        "stable": QCoreApplication.translate("PreferenceTableModel", "stable"),
        "under_review": QCoreApplication.translate("PreferenceTableModel", "under review"),
        "archived": QCoreApplication.translate("PreferenceTableModel", "archived"),
        "never": QCoreApplication.translate("PreferenceTableModel", "never"),
        "everywhere": QCoreApplication.translate("PreferenceTableModel", "everywhere"),
    }


def strength_words() -> dict[str, str]:
    """A confidence tier as the strength a person reads beside the bar."""
    return {
        "high": QCoreApplication.translate("PreferenceTableModel", "strong"),
        "medium": QCoreApplication.translate("PreferenceTableModel", "moderate"),
        "low": QCoreApplication.translate("PreferenceTableModel", "faint"),
    }


def preference_sentence(polarity: str, pattern: str) -> str:
    """ "Prefers airy spacing" / "Avoids drop shadows": a preference as a person says it."""
    if polarity == "negative":
        text = QCoreApplication.translate("PreferenceTableModel", "Avoids {pattern}")
    else:
        text = QCoreApplication.translate("PreferenceTableModel", "Prefers {pattern}")
    return text.format(pattern=shown_name(pattern))


def sources_words(raw: str | None) -> str:
    """The kinds of signal that built a preference, in the window's language ("thumbs up, tag")."""
    return ", ".join(said(signal_label(code)) for code in source_codes(raw))


def scope_words(project_id: str | None, name: str | None) -> str:
    """ "everywhere" for a global preference, else "in Brand refresh only" (the project's name)."""
    if project_id is None:
        return QCoreApplication.translate("PreferenceTableModel", "everywhere")
    return QCoreApplication.translate("PreferenceTableModel", "in {project} only").format(
        project=project_shown(project_id, name)
    )


# --------------------------------------------------------------------------- times
def _formats(with_time: bool) -> str:
    locale = QLocale()
    if locale.language() == QLocale.Language.C:  # no real locale (CI, offscreen): ISO-like, compact
        return "yyyy-MM-dd HH:mm" if with_time else "yyyy-MM-dd"
    kind = QLocale.FormatType.ShortFormat
    return locale.dateTimeFormat(kind) if with_time else locale.dateFormat(kind)


@functools.lru_cache(maxsize=8192)
def format_time(ms: int | None, with_time: bool = True) -> str:
    """A timestamp (ms since the epoch) in the user's locale, local time; '' for None."""
    if ms is None:
        return ""
    dt = QDateTime.fromMSecsSinceEpoch(int(ms))
    return QLocale().toString(dt, _formats(with_time))


def format_qdatetime(dt: QDateTime, with_time: bool = True) -> str:
    return QLocale().toString(dt.toLocalTime(), _formats(with_time))


# --------------------------------------------------------------------------- cell text
class CellText:
    """What each cell of a row says: its display text (one prepared function per column) and its
    tooltip. Names are shown readable, with controls visible and right-to-left text isolated
    (:func:`~creative_memory.gui.visible.shown_name`); the tooltip adds the stored spelling."""

    def __init__(self) -> None:
        self._titles: dict[str, str] | None = None
        self._tips: dict[str, str] | None = None
        self._words: dict[str, str] | None = None
        self._strengths: dict[str, str] | None = None
        #: Open Design's names of projects by id (the scope says "in Brand refresh only")
        self.names: dict[str, str] = {}
        self.formatters = self._make_formatters()

    def titles(self) -> dict[str, str]:
        if self._titles is None:
            self._titles = titles()
        return self._titles

    def header_tips(self) -> dict[str, str]:
        if self._tips is None:
            self._tips = header_tips()
        return self._tips

    def word(self, raw: str) -> str:
        """The translated display word for a stored value (polarity, tier, status …)."""
        if self._words is None:
            self._words = words()
        return self._words.get(raw, raw.replace("_", " "))

    def strength_word(self, tier: str) -> str:
        """ "strong", "moderate" or "faint" for a confidence tier."""
        if self._strengths is None:
            self._strengths = strength_words()
        return self._strengths.get(tier, self.word(tier))

    def project_name(self, row: InspectorRow) -> str | None:
        pid = row.project_id or project_of(row.scope)
        return None if pid is None else self.names.get(pid)

    def header(self, section: int, role: int) -> Any:
        """The header of column ``section`` for ``role``."""
        name = COLUMNS[section].name
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.titles()[name]
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole):
            return self.header_tips()[name]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = Qt.AlignmentFlag.AlignRight if COLUMNS[section].numeric else Qt.AlignmentFlag.AlignLeft
            return int((align | Qt.AlignmentFlag.AlignVCenter).value)
        if role == Qt.ItemDataRole.InitialSortOrderRole:
            # numbers and times: the largest / latest first; words: A to Z
            first_desc = COLUMNS[section].numeric or name in ("last_seen", "decay_at", "last_injected")
            return Qt.SortOrder.DescendingOrder if first_desc else Qt.SortOrder.AscendingOrder
        return None

    def display(self, row: InspectorRow, column: int) -> str:
        return self.formatters[column](row)

    def _make_formatters(self) -> tuple[Callable[[InspectorRow], str], ...]:
        word = self.word

        def scope(row: InspectorRow) -> str:
            if row.scope == "global":
                return word("everywhere")
            pid = str(row.project_id or project_of(row.scope) or row.scope)
            return scope_words(pid, self.names.get(pid))

        def injected(row: InspectorRow) -> str:
            return (
                format_time(row.last_injected_at, False)
                if row.last_injected_at is not None
                else word("never")
            )

        by_name: dict[str, Callable[[InspectorRow], str]] = {
            "preference": lambda row: preference_sentence(row.polarity, row.pattern),
            "scope": scope,
            "type": lambda row: shown_name(row.preference_type),
            "pattern": lambda row: shown_name(row.pattern),
            "polarity": lambda row: word(row.polarity),
            "strength": lambda row: self.strength_word(row.confidence),
            "tier": lambda row: word(row.confidence),
            "status": lambda row: word(row.status),
            "sources": lambda row: sources_words(row.sources),
            "counts": lambda row: f"{row.accept_count} / {row.reject_count}",
            "last_seen": lambda row: format_time(row.last_seen, False),
            "decay_at": lambda row: format_time(row.decay_at, False),
            "last_injected": injected,
        }
        return tuple(by_name[c.name] for c in COLUMNS)

    def tooltip(self, row: InspectorRow, column: int) -> str:
        name = COLUMNS[column].name
        if name == "preference":  # the whole sentence (a cell may cut it), then the stored values
            stored = QCoreApplication.translate(
                "CellText", "Stored as {type} · {pattern} · {polarity}"
            ).format(
                type=stored_name(row.preference_type),
                pattern=stored_name(row.pattern),
                polarity=row.polarity,
            )
            return f"{self.display(row, column)}\n{stored}"
        if name == "scope":
            if row.scope == "global":
                return QCoreApplication.translate("CellText", "Everywhere: learned across projects")
            pid = str(row.project_id or project_of(row.scope) or row.scope)
            learned = QCoreApplication.translate("CellText", "Learned in {project}").format(
                project=project_tip(pid, self.names.get(pid))
            )
            return f"{self.display(row, column)}\n{learned}"
        if name in ("type", "pattern"):
            raw = row.preference_type if name == "type" else row.pattern
            return f"{self.titles()[name]}: {with_stored(raw)}"
        if name == "strength":
            return QCoreApplication.translate("CellText", "{word}: strength {value:.3f} of 1").format(
                word=self.strength_word(row.confidence), value=row.strength
            )
        if name == "counts":
            return QCoreApplication.translate(
                "CellText", "{accepts} accepting and {rejects} rejecting signals"
            ).format(accepts=row.accept_count, rejects=row.reject_count)
        if name in ("last_seen", "decay_at", "last_injected"):
            ms = {
                "last_seen": row.last_seen,
                "decay_at": row.decay_at,
                "last_injected": row.last_injected_at,
            }[name]
            if ms is None:
                return self.header_tips()[name]
            return f"{self.titles()[name]}: {format_time(ms)}"
        return self.display(row, column)


__all__ = [
    "COLUMNS",
    "COLUMN_NAMES",
    "C_STRENGTH",
    "HIDDEN_BY_DEFAULT",
    "CellText",
    "Column",
    "column_for_sort",
    "column_of",
    "format_qdatetime",
    "format_time",
    "header_tips",
    "preference_sentence",
    "scope_words",
    "strength_words",
    "titles",
    "words",
]

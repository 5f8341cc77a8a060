"""The Overview's words: times, the one-line state of memory, self-test titles, tier names, what an
import skipped."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, QObject

from creative_memory.gui.visible import project_shown
from creative_memory.services.controls.status import MemoryStatus
from creative_memory.services.inspection.overview import SwitchedOff

if TYPE_CHECKING:
    from creative_memory.services.transfer.bundle import TransferResult
    from creative_memory.services.transfer.skips import SkippedPattern

ZWSP = "\u200b"
TIERS = ("high", "medium", "low")


def local_when(iso_text: str | None) -> str:
    """An ISO time as local 'Tue 24 Nov 2026, 09:00'; 'never' for None."""
    if not iso_text:
        return QCoreApplication.translate("OverviewText", "never")
    try:
        dt = datetime.fromisoformat(iso_text.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return iso_text
    return QLocale().toString(
        QDateTime.fromMSecsSinceEpoch(int(dt.timestamp() * 1000)).toLocalTime(), "ddd d MMM yyyy, HH:mm"
    )


def until_text(iso_text: str | None, forever: bool) -> str:
    if forever or not iso_text:
        return QCoreApplication.translate("OverviewText", "until you resume")
    return QCoreApplication.translate("OverviewText", "until {when}").format(when=local_when(iso_text))


def state_sentence(status: MemoryStatus | None) -> str:
    """One line on what memory does right now."""
    if status is None:
        return ""
    if not status.enabled:
        return QCoreApplication.translate(
            "OverviewText",
            "Off — nothing is learned and nothing is added to prompts. What is stored is kept.",
        )
    lp, up = status.learning_paused_until, status.using_paused_until
    forever = status.paused_until_resumed
    if lp and up:
        if lp == up:
            return QCoreApplication.translate(
                "OverviewText", "Paused — learning and using — {until}."
            ).format(until=until_text(lp, forever.learning))
        return QCoreApplication.translate(
            "OverviewText", "Paused — learning {l_until}, using {u_until}."
        ).format(
            l_until=until_text(lp, forever.learning),
            u_until=until_text(up, forever.using),
        )
    if lp:
        return QCoreApplication.translate(
            "OverviewText", "On, but learning is paused {until}; what is remembered is still used."
        ).format(until=until_text(lp, forever.learning))
    if up:
        return QCoreApplication.translate(
            "OverviewText", "On, but using is paused {until}; learning goes on."
        ).format(until=until_text(up, forever.using))
    return QCoreApplication.translate(
        "OverviewText", "On — learning from your reactions and adding what it learned to prompts."
    )


def switched_off_line(project: SwitchedOff) -> str:
    """What one project switched off, precisely: "Brand refresh: nothing new is learned there."."""
    parts = []
    if project.global_memory_off:
        parts.append(QCoreApplication.translate("OverviewText", "your global preferences are not used there"))
    if project.project_memory_off:
        parts.append(QCoreApplication.translate("OverviewText", "what was learned in it is not used"))
    if project.learning_off:
        parts.append(QCoreApplication.translate("OverviewText", "nothing new is learned there"))
    return QCoreApplication.translate("OverviewText", "{project}: {what} (see Projects).").format(
        project=project_shown(project.id, project.name),
        what=QCoreApplication.translate("OverviewText", "; ").join(parts),
    )


def breakable_path(path: Path | str) -> str:
    """A path that a word-wrapped label may break after each separator."""
    return str(path).replace("/", "/" + ZWSP).replace("\\", "\\" + ZWSP)


def check_title(name: str) -> str:
    """A readable title for a self-test check name."""
    titles = {
        "baseline": QCoreApplication.translate(
            "OverviewText", "Baseline: with memory on, a probe preference is injected"
        ),
        "memory_off": QCoreApplication.translate("OverviewText", "Memory off returns nothing"),
        "using_paused": QCoreApplication.translate("OverviewText", "Using paused returns nothing"),
        "project_disabled": QCoreApplication.translate("OverviewText", "A disabled project returns nothing"),
        "project_global_off": QCoreApplication.translate(
            "OverviewText", "A project without global memory gets only its own"
        ),
        "project_own_off": QCoreApplication.translate(
            "OverviewText", "A project without its own memory gets only global memory"
        ),
        "settings_unchanged": QCoreApplication.translate("OverviewText", "Your settings are unchanged"),
    }
    return titles.get(name) or name.replace("_", " ").capitalize()


def tier_name(tier: str) -> str:
    return {
        "high": QCoreApplication.translate("OverviewText", "high"),
        "medium": QCoreApplication.translate("OverviewText", "medium"),
        "low": QCoreApplication.translate("OverviewText", "low"),
    }.get(tier, tier)


SHOWN = 3  # blocked patterns or projects named per reason; the rest are counted


class ImportWords(QObject):
    """What an import did, and below it which rule skipped which events: blocked patterns as the
    file names them and projects that do not learn by name, a few per reason; duplicates counted."""

    def patterns(self, patterns: tuple[SkippedPattern, ...], *, dropped: bool = False) -> str:
        loc = QLocale()
        names = ", ".join(
            self.tr("{type} {pattern} ({n})").format(
                type=p.preference_type, pattern=p.pattern, n=loc.toString(p.left_out if dropped else p.events)
            )
            for p in patterns[:SHOWN]
        )
        if len(patterns) > SHOWN:
            names += self.tr(", and %n more", None, len(patterns) - SHOWN)
        return names

    def result_text(self, name: str, result: TransferResult) -> str:
        loc = QLocale()
        text = self.tr("Imported {events} events from {name}; {prefs} preferences now.").format(
            events=loc.toString(result.events), name=name, prefs=loc.toString(result.preferences)
        )
        lines = [text]
        if result.skipped_duplicates:
            lines.append(self.tr("Already here: %n event(s).", None, result.skipped_duplicates))
        if result.skipped_blocked:
            lines.append(
                self.tr("Blocked: %n event(s) — {patterns}.", None, result.skipped_blocked).format(
                    patterns=self.patterns(result.liftable_blocks)
                )
            )
        dropped = tuple(p for p in result.skipped_patterns if p.left_out)
        if dropped:
            lines.append(
                self.tr("Blocked patterns left out of events that came in: {patterns}.").format(
                    patterns=self.patterns(dropped, dropped=True)
                )
            )
        for proj in result.skipped_projects[:SHOWN]:
            lines.append(
                self.tr("Project {project} does not learn: %n event(s).", None, proj.events).format(
                    project=proj.label
                )
            )
        rest = result.skipped_projects[SHOWN:]
        if rest:
            lines.append(
                self.tr("%n more project(s) that do not learn: {events} event(s).", None, len(rest)).format(
                    events=loc.toString(sum(p.events for p in rest))
                )
            )
        if result.skipped_paused:
            lines.append(self.tr("Learning is paused: %n event(s).", None, result.skipped_paused))
        if result.skipped_memory_off:
            lines.append(self.tr("Memory is off: %n event(s).", None, result.skipped_memory_off))
        return "\n".join(lines)


def import_result_text(name: str, result: TransferResult) -> str:
    """What an import did and which rule skipped which events (:class:`ImportWords`)."""
    return ImportWords().result_text(name, result)

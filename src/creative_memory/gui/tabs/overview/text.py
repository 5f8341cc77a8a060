"""The Overview's words: times, the one-line state of memory, self-test titles, tier names."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale

from creative_memory.gui.visible import project_shown
from creative_memory.services.controls.status import MemoryStatus
from creative_memory.services.inspection.queries import SwitchedOff

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

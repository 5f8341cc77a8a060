"""What the Projects table's columns are called and how a few of its values read: the column
titles and tips, local times, and a check state as on/off (no store access)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, Qt


def headers() -> dict[str, tuple[str, str]]:
    return {
        "name": (
            QCoreApplication.translate("Projects", "Name"),
            QCoreApplication.translate("Projects", "The project's name in Open Design"),
        ),
        "id": (
            QCoreApplication.translate("Projects", "ID"),
            QCoreApplication.translate("Projects", "The project id used in events and on the command line"),
        ),
        "use_global_memory": (
            QCoreApplication.translate("Projects", "Use global memory in this project"),
            QCoreApplication.translate(
                "Projects",
                "On: your global preferences are added to this project's prompts. Off: they are not "
                "(client or NDA work); the project's own preferences still are.",
            ),
        ),
        "use_memory": (
            QCoreApplication.translate("Projects", "Use this project's memory"),
            QCoreApplication.translate(
                "Projects",
                "On: the preferences learned in this project are added to its prompts. Off: they are not.",
            ),
        ),
        "learn_from_project": (
            QCoreApplication.translate("Projects", "Learn from this project"),
            QCoreApplication.translate(
                "Projects",
                "On: reactions to this project's work feed memory. Off: its work is not learned from.",
            ),
        ),
        "preferences": (
            QCoreApplication.translate("Projects", "Preferences"),
            QCoreApplication.translate(
                "Projects", "Preferences learned for this project only (project scope)"
            ),
        ),
        "last_activity": (
            QCoreApplication.translate("Projects", "Last activity"),
            QCoreApplication.translate("Projects", "When the newest memory event of this project happened"),
        ),
    }


def two_lines(title: str) -> str:
    """A column title broken at the space that makes its longest line shortest (a switch's title,
    so that its column stays about as narrow as the switch)."""
    words = title.split(" ")
    if len(words) < 2:
        return title
    best = min(
        range(1, len(words)),
        key=lambda i: max(len(" ".join(words[:i])), len(" ".join(words[i:]))),
    )
    return " ".join(words[:best]) + "\n" + " ".join(words[best:])


def local_time(iso_text: str | None) -> str:
    if not iso_text:
        return ""
    try:
        dt = datetime.fromisoformat(iso_text.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return iso_text
    return QLocale().toString(
        QDateTime.fromMSecsSinceEpoch(int(dt.timestamp() * 1000)).toLocalTime(), "ddd d MMM yyyy, HH:mm"
    )


def check_value(value: Any) -> bool | None:
    """A CheckStateRole value (enum, int, bool) as on/off; None if it is not one."""
    if isinstance(value, bool):
        return value
    raw = getattr(value, "value", value)
    try:
        number = int(raw)
    except (TypeError, ValueError):
        return None
    if number == Qt.CheckState.Checked.value:
        return True
    if number == Qt.CheckState.Unchecked.value:
        return False
    return None


__all__ = ["check_value", "headers", "local_time", "two_lines"]

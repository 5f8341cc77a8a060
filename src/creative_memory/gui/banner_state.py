"""What the state banner above the tabs says: memory off, paused (until when, and how long is
left), a store that cannot be written; and the dismissable notice (no system keychain). Pure
functions of the status, for the window and its tests."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale

from creative_memory.services.controls.status import MemoryStatus


@dataclass
class StoreInfo:
    """What the window knows of the open store for its banners: read-only or written by a newer
    version (and why), and whether the keychain fell back to a file."""

    read_only: bool = False
    too_new: bool = False
    reason: str = ""
    keychain_fallback: bool = False
    keychain_detail: str | None = None


def time_left(ms: int) -> str:
    """'2 days 3 h left', '1 h 20 min left', '5 min left', 'less than a minute left'."""
    minutes = ms // 60_000
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        text = (
            QCoreApplication.translate("BannerState", "{d} days {h} h").format(d=days, h=hours)
            if days > 1
            else QCoreApplication.translate("BannerState", "1 day {h} h").format(h=hours)
        )
    elif hours:
        text = QCoreApplication.translate("BannerState", "{h} h {m} min").format(h=hours, m=mins)
    elif mins:
        text = QCoreApplication.translate("BannerState", "{m} min").format(m=mins)
    else:
        return QCoreApplication.translate("BannerState", "less than a minute left")
    return QCoreApplication.translate("BannerState", "{left} left").format(left=text)


def format_until(iso_text: str | None, *, forever: bool, now_ms: int | None = None) -> str:
    """'until Tue 24 Nov, 09:00 (1 h 20 min left)' in local time, or 'until you resume'."""
    if forever or not iso_text:
        return QCoreApplication.translate("BannerState", "until you resume")
    dt = datetime.fromisoformat(iso_text.replace("Z", "+00:00"))
    end = int(dt.timestamp() * 1000)
    local = QDateTime.fromMSecsSinceEpoch(end).toLocalTime()
    when = QLocale().toString(local, "ddd d MMM, HH:mm")
    if now_ms is None:
        return QCoreApplication.translate("BannerState", "until {when}").format(when=when)
    return QCoreApplication.translate("BannerState", "until {when} ({left})").format(
        when=when, left=time_left(max(end - now_ms, 0))
    )


def banner_state(
    status: MemoryStatus | None, store_info: StoreInfo, now_ms: int | None = None
) -> tuple[str, str, str | None] | None:
    """(kind, text, action) for the state banner, or None when memory is fully on. Pure, for tests.

    A pause or the switch being off is a warning (the platform's warning colour); a store that
    cannot be written is a warning, one written by a newer version an error. Notices (the keychain)
    are not state: :func:`notice_state` words them for the dismissable notice bar.
    """
    lines: list[str] = []
    kind = "info"
    action: str | None = None
    if store_info.too_new:
        kind = "error"
        lines.append(
            QCoreApplication.translate("BannerState", "Store written by a newer version: {reason}").format(
                reason=store_info.reason
            )
        )
    elif store_info.read_only:
        kind = "warning"
        lines.append(
            QCoreApplication.translate("BannerState", "This store is read-only: {reason}").format(
                reason=store_info.reason
            )
        )
    if status is not None:
        if not status.enabled:
            kind = "warning" if kind == "info" else kind
            lines.append(
                QCoreApplication.translate(
                    "BannerState", "Creative memory is off: nothing is learned and nothing is injected."
                )
            )
            action = action or "enable"
        lp, up = status.learning_paused_until, status.using_paused_until
        forever = status.paused_until_resumed
        if lp and up and lp == up:
            lines.append(
                QCoreApplication.translate("BannerState", "Paused — learning and using — {until}.").format(
                    until=format_until(lp, forever=forever.learning, now_ms=now_ms)
                )
            )
        else:
            if lp:
                lines.append(
                    QCoreApplication.translate("BannerState", "Paused — learning — {until}.").format(
                        until=format_until(lp, forever=forever.learning, now_ms=now_ms)
                    )
                )
            if up:
                lines.append(
                    QCoreApplication.translate("BannerState", "Paused — using — {until}.").format(
                        until=format_until(up, forever=forever.using, now_ms=now_ms)
                    )
                )
        if lp or up:
            kind = "warning" if kind == "info" else kind
            if action is None:
                action = "resume"
    if not lines:
        return None
    return kind, "\n".join(lines), action


def notice_state(store_info: StoreInfo) -> tuple[str, str] | None:
    """(key, text) of a dismissable notice, or None. The key remembers a dismissal."""
    if store_info.keychain_fallback:
        return "keychain", store_info.keychain_detail or QCoreApplication.translate(
            "BannerState", "No system keychain was found."
        )
    return None

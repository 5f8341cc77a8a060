"""What the state banner above the tabs says: memory off, paused (until when, and how long is
left), a store that cannot be written; and the dismissable notice (no system keychain). Pure
functions of the status, for the window and its tests."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale


def time_left(ms: int) -> str:
    """'2 days 3 h left', '1 h 20 min left', '5 min left', 'less than a minute left'."""
    minutes = ms // 60_000
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        text = QCoreApplication.translate("BannerState", "{d} days {h} h").format(d=days, h=hours) if days > 1 else QCoreApplication.translate("BannerState", "1 day {h} h").format(h=hours)
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
    return QCoreApplication.translate("BannerState", "until {when} ({left})").format(when=when, left=time_left(max(end - now_ms, 0)))


def banner_state(
    status: dict[str, Any], store_info: dict[str, Any], now_ms: int | None = None
) -> tuple[str, str, str | None] | None:
    """(kind, text, action) for the state banner, or None when memory is fully on. Pure, for tests.

    A pause or the switch being off is a warning (the platform's warning colour); a store that
    cannot be written is a warning, one written by a newer version an error. Notices (the keychain)
    are not state: :func:`notice_state` words them for the dismissable notice bar.
    """
    lines: list[str] = []
    kind = "info"
    action: str | None = None
    if store_info.get("too_new"):
        kind = "error"
        lines.append(QCoreApplication.translate("BannerState", "Store written by a newer version: {reason}").format(reason=store_info.get("reason", "")))
    elif store_info.get("read_only"):
        kind = "warning"
        lines.append(QCoreApplication.translate("BannerState", "This store is read-only: {reason}").format(reason=store_info.get("reason", "")))
    if status:
        if not status.get("enabled", True):
            kind = "warning" if kind == "info" else kind
            lines.append(QCoreApplication.translate("BannerState", "Creative memory is off: nothing is learned and nothing is injected."))
            action = action or "enable"
        lp, up = status.get("learning_paused_until"), status.get("using_paused_until")
        forever = status.get("paused_until_resumed", {})
        if lp and up and lp == up:
            lines.append(
                QCoreApplication.translate("BannerState", "Paused — learning and using — {until}.").format(
                    until=format_until(lp, forever=bool(forever.get("learning")), now_ms=now_ms)
                )
            )
        else:
            if lp:
                lines.append(
                    QCoreApplication.translate("BannerState", "Paused — learning — {until}.").format(
                        until=format_until(lp, forever=bool(forever.get("learning")), now_ms=now_ms)
                    )
                )
            if up:
                lines.append(
                    QCoreApplication.translate("BannerState", "Paused — using — {until}.").format(
                        until=format_until(up, forever=bool(forever.get("using")), now_ms=now_ms)
                    )
                )
        if lp or up:
            kind = "warning" if kind == "info" else kind
            if action is None:
                action = "resume"
    if not lines:
        return None
    return kind, "\n".join(lines), action


def notice_state(store_info: dict[str, Any]) -> tuple[str, str] | None:
    """(key, text) of a dismissable notice, or None. The key remembers a dismissal."""
    if store_info.get("keychain_fallback"):
        return "keychain", store_info.get("keychain_detail", QCoreApplication.translate("BannerState", "No system keychain was found."))
    return None

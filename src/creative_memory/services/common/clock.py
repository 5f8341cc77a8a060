"""Time: ``now`` as a parameter everywhere, and the CLI's time arguments."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime

from creative_memory.model.instants import to_ms
from creative_memory.services.common.errors import InvalidInput

DAY_MS = 86_400_000
# "Until I resume": a far-future sentinel (9999-12-31T23:59:59Z) instead of a separate flag.
FOREVER_MS = 253_402_300_799_000
_SHORT = re.compile(r"^\s*(\d{1,6})\s*([mhdw])\s*$")
_UNIT_MS = {"m": 60_000, "h": 3_600_000, "d": DAY_MS, "w": 7 * DAY_MS}


def now_ms() -> int:
    return int(time.time() * 1000)


def parse_duration(text: str) -> int:
    """``30m``, ``1h``, ``2d``, ``1w`` → milliseconds."""
    m = _SHORT.match(text)
    if not m or int(m.group(1)) == 0:
        raise InvalidInput(f"'{text}' is not a duration; use a number and a unit such as 30m, 1h, 2d or 1w.")
    return int(m.group(1)) * _UNIT_MS[m.group(2)]


def parse_instant(text: str, now: int | None = None) -> int:
    """An ISO 8601 moment with an offset (or Z), or a short duration from ``now``."""
    if _SHORT.match(text):
        return (now if now is not None else now_ms()) + parse_duration(text)
    raw = text.strip()
    if raw.endswith(("z", "Z")):
        raw = raw[:-1] + "+00:00"
    try:
        dt = datetime.fromisoformat(raw)
    except ValueError:
        raise InvalidInput(
            f"'{text}' is not a date-time; use ISO 8601 with an offset, e.g. 2026-11-24T09:00:00+01:00, "
            "or a duration such as 1h."
        ) from None
    if dt.tzinfo is None:
        raise InvalidInput(
            f"'{text}' has no time zone; add an offset such as +00:00 or Z so the moment is unambiguous."
        )
    try:
        return to_ms(dt.astimezone(UTC))
    except (OverflowError, ValueError):  # e.g. 9999-12-31T23:59:59-01:00 is after the year 9999 in UTC
        raise InvalidInput(f"'{text}' is outside the years 1 to 9999; choose a date within them.") from None


def parse_now(text: str) -> int:
    """``--now``: a moment every computation handles (the same range as an event's time)."""
    from creative_memory.model.events import INSTANT_RANGE, instant_in_range  # pydantic: only here

    ms = parse_instant(text)
    if not instant_in_range(ms):
        raise InvalidInput(f"--now '{text}' is out of range; give a moment from {INSTANT_RANGE}.")
    return ms

"""Instants as stored (UTC milliseconds) and as printed (ISO 8601 with a Z).

Plain standard library: the commands that only look (``status``, ``where``) print instants
without loading the event schema's pydantic models (``model.events`` re-exports these).
"""

from __future__ import annotations

from datetime import UTC, datetime


def to_ms(dt: datetime) -> int:
    if dt.tzinfo is None:
        raise ValueError("naive datetime")
    return round(dt.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def iso(ms: int | None) -> str | None:
    """ISO 8601 UTC with a Z, millisecond precision (the CLI's and exports' time format)."""
    if ms is None:
        return None
    try:
        return from_ms(ms).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    except (OverflowError, ValueError, OSError):  # a row written before the range was enforced
        return f"invalid time ({ms} ms)"

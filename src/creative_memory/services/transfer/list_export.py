"""Exports of what the window lists: recorded retrievals (Diagnostics) and the audit log (Activity),
as JSON or CSV, to a file the person chose.

Files are written through :mod:`services.store.safefile` (never onto a store, a data folder's file, a
folder or a device; 0600, renamed into place). The window calls these on its store thread.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from creative_memory.services.controls import audit
from creative_memory.services.inspection import retrieval_log
from creative_memory.services.store import safefile
from creative_memory.services.store.store import Store

Row = dict[str, Any]

EXPORT_PAGE = 500
EXPORT_FORMATS = ("json", "csv")
AUDIT_COLUMNS = ("id", "at", "actor", "action", "target", "outcome")


def _csv_cell(value: Any) -> Any:
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return "" if value is None else value


def write_rows(
    path: Path, fmt: str, rows: Sequence[Row], columns: Sequence[str], *, protected: Sequence[Path] = ()
) -> None:
    """Write ``rows`` as JSON (a list of objects) or CSV (``columns``, header first) to ``path``.

    Through services.store.safefile: never onto a store, a data folder's file, a folder or a device; the
    file dialog already asked before replacing an existing file. Written 0600 beside the target and
    renamed, so a reader never sees half a file and nobody else can read what was exported.
    """
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"export format must be one of {EXPORT_FORMATS}, not {fmt!r}")
    target = safefile.check_target(path, force=True, protected=protected)
    buf = io.StringIO(newline="")
    if fmt == "json":
        json.dump(list(rows), buf, ensure_ascii=False, indent=2)
        buf.write("\n")
    else:
        writer = csv.writer(buf)
        writer.writerow(columns)
        for row in rows:
            writer.writerow([_csv_cell(row.get(c)) for c in columns])
    safefile.write_atomic(target, buf.getvalue().encode("utf-8"), what="export")


def format_for(path: str | Path, fallback: str = "json") -> str:
    """The export format a file name asks for (its suffix), else ``fallback``."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return suffix if suffix in EXPORT_FORMATS else fallback


@dataclass(frozen=True)
class RetrievalFilter:
    """What the retrievals list shows; None means no restriction. Times are ms since the epoch."""

    origin: str | None = None
    project_id: str | None = None
    event_type: str | None = None
    since: int | None = None
    until: int | None = None
    text: str | None = None

    def kwargs(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "origin": self.origin,
            "project_id": self.project_id,
            "event_type": self.event_type,
            "since": self.since,
            "until": self.until,
        }


RETRIEVAL_EXPORT_COLUMNS = (
    "id",
    "at",
    "origin",
    "project_id",
    "mode",
    "kept_positive",
    "kept_negative",
    "kept_high",
    "kept_medium",
    "tokens",
    "duration_ms",
    "empty_reason",
    "block_sha256",
)


def export_retrievals(store: Store, user_id: str, flt: RetrievalFilter, path: Path, fmt: str) -> int:
    """Write every retrieval the filter matches (JSON with its stage events; CSV one line each)."""
    rows = [
        r.as_json()
        for r in retrieval_log.all_retrievals(
            store, user_id, with_events=fmt == "json", page=EXPORT_PAGE, **flt.kwargs()
        )
    ]
    write_rows(path, fmt, rows, RETRIEVAL_EXPORT_COLUMNS, protected=[store.data_dir.path])
    return len(rows)


def export_audit(
    store: Store, user_id: str, text: str, path: Path, fmt: str, shown: audit.ShownWords | None = None
) -> int:
    """Write every audit entry the filter matches (``shown``: the codes its words name, as the
    window shows them) as JSON or CSV; returns how many."""
    rows = [
        e.as_json()
        for e in audit.all_entries(store, user_id, text=text or None, shown=shown, page=EXPORT_PAGE)
    ]
    write_rows(path, fmt, rows, AUDIT_COLUMNS, protected=[store.data_dir.path])
    return len(rows)

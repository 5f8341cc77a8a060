"""Moments of a start and of a close, written for ``bench/bench_gui_start.py``.

When ``CM_BENCH_MARKS`` names a file, :func:`mark` appends one line ``<name> <seconds>`` to it, the
seconds read from the system's monotonic clock, which the benchmark also reads before it spawns
the program and after the process has ended: ``first_paint`` (the first window painted),
``loaded`` (the main window painted with its first tab's data, and the event loop turning) and
``close`` (the window asked to close). Without the variable nothing is written.

Only the standard library: the first mark is written before anything heavy is imported.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

MARKS_ENV = "CM_BENCH_MARKS"


def mark(name: str) -> None:
    """Append ``name`` and the monotonic clock's reading to the marks file, if one is named."""
    path = os.environ.get(MARKS_ENV)
    if not path:
        return
    with Path(path).open("a", encoding="utf-8") as out:
        out.write(f"{name} {time.monotonic():.6f}\n")

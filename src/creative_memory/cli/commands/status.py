"""``status``: on/off, pauses and counts. Reads with plain SQL (``services.controls.status``), so the command
answers without loading the store's heavier libraries; the switches that change these are in
``cli/commands/settings.py``."""

from __future__ import annotations

import argparse

from creative_memory.cli.output import Out
from creative_memory.services.context import Context
from creative_memory.services.controls import status as memory_status
from creative_memory.services.controls.status import MemoryStatus


def status_text(s: MemoryStatus) -> str:
    lines = [f"Creative memory is {'on' if s.enabled else 'OFF'} for user '{s.user}'."]
    paused = (
        ("learning", s.learning_paused_until, s.paused_until_resumed.learning),
        ("using", s.using_paused_until, s.paused_until_resumed.using),
    )
    for what, until, forever in paused:
        if until:
            lines.append(f"{what.capitalize()} is paused {'until resumed' if forever else 'until ' + until}.")
    c = s.counts
    lines.append(f"{c.preferences} preferences from {c.events} events; {c.retrievals} retrievals recorded.")
    if s.projects_disabled:
        lines.append("Projects with memory switched off: " + ", ".join(s.projects_disabled))
    if s.memory_notes:
        lines.append("Memory notes in chat are on: the daemon gets one short note per retrieval.")
    if s.ignored:
        lines.append("Ignored at ingest: " + ", ".join(f"{k} {v}" for k, v in sorted(s.ignored.items())))
    return "\n".join(lines)


def status(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    s = memory_status.status(ctx.store(), ctx.user, ctx.now())
    out.emit(s.as_json(), lambda: status_text(s))
    return 0

"""``status``: on/off, pauses and counts. Reads with plain SQL (``services.status``), so the command
answers without loading the store's heavier libraries; the switches that change these are in
``cli/commands/settings.py``."""

from __future__ import annotations

import argparse
from typing import Any

from creative_memory.cli.output import Out
from creative_memory.services import status as memory_status
from creative_memory.services.context import Context


def status_text(s: dict[str, Any]) -> str:
    lines = [f"Creative memory is {'on' if s['enabled'] else 'OFF'} for user '{s['user']}'."]
    for what in ("learning", "using"):
        until = s[f"{what}_paused_until"]
        if until:
            forever = s["paused_until_resumed"][what]
            lines.append(f"{what.capitalize()} is paused {'until resumed' if forever else 'until ' + until}.")
    c = s["counts"]
    lines.append(
        f"{c['preferences']} preferences from {c['events']} events; {c['retrievals']} retrievals recorded."
    )
    if s["projects_disabled"]:
        lines.append("Projects with memory switched off: " + ", ".join(s["projects_disabled"]))
    if s.get("memory_notes"):
        lines.append("Memory notes in chat are on: the daemon gets one short note per retrieval.")
    if s.get("ignored"):
        lines.append("Ignored at ingest: " + ", ".join(f"{k} {v}" for k, v in sorted(s["ignored"].items())))
    return "\n".join(lines)


def status(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    s = memory_status.status(ctx.store(), ctx.user, ctx.now())
    out.emit(s, lambda: status_text(s))
    return 0

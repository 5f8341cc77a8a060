"""``status``, ``enable``/``disable``, ``pause``/``resume``, ``notes``: the user's switches."""

from __future__ import annotations

import argparse
from typing import Any

from creative_memory.cli.output import Out
from creative_memory.model.constants import Actor
from creative_memory.services import controls
from creative_memory.services.clock import parse_duration, parse_instant
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
    s = controls.status(ctx.store(), ctx.user, ctx.now())
    out.emit(s, lambda: status_text(s))
    return 0


def enable(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    s = controls.set_enabled(ctx.store(), ctx.user, args.command == "enable", actor=Actor.CLI, now=ctx.now())
    out.emit(s, lambda: status_text(s))
    return 0


def pause(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    until: int | None = None
    if args.until:
        until = parse_instant(args.until, now)
    elif args.for_:
        until = now + parse_duration(args.for_)
    what: controls.What = "learning" if args.learning else "using" if args.using else "both"
    s = controls.pause(store, ctx.user, until=until, what=what, actor=Actor.CLI, now=now)
    out.emit(s, lambda: status_text(s))
    return 0


def resume(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    what: controls.What = "learning" if args.learning else "using" if args.using else "both"
    s = controls.resume(store, ctx.user, what=what, actor=Actor.CLI, now=now)
    out.emit(s, lambda: status_text(s))
    return 0


def notes(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    from creative_memory.services import notes as memory_notes

    s = memory_notes.set_notes(ctx.store(), ctx.user, args.state == "on", actor=Actor.CLI, now=ctx.now())
    out.emit(s, lambda: status_text(s) + ("" if s["memory_notes"] else "\nMemory notes in chat are off."))
    return 0

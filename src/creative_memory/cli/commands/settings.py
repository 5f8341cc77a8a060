"""``status``, ``enable``/``disable``, ``pause``/``resume``, ``notes``: the user's switches."""

from __future__ import annotations

import argparse

from creative_memory.cli.commands.status import status_text as status_text
from creative_memory.cli.output import Out
from creative_memory.model.constants import Actor
from creative_memory.services.common.clock import parse_duration, parse_instant
from creative_memory.services.context import Context
from creative_memory.services.controls import controls


def enable(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    s = controls.set_enabled(ctx.store(), ctx.user, args.command == "enable", actor=Actor.CLI, now=ctx.now())
    out.emit(s.as_json(), lambda: status_text(s))
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
    out.emit(s.as_json(), lambda: status_text(s))
    return 0


def resume(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    what: controls.What = "learning" if args.learning else "using" if args.using else "both"
    s = controls.resume(store, ctx.user, what=what, actor=Actor.CLI, now=now)
    out.emit(s.as_json(), lambda: status_text(s))
    return 0


def notes(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    from creative_memory.services.controls import notes as memory_notes

    s = memory_notes.set_notes(ctx.store(), ctx.user, args.state == "on", actor=Actor.CLI, now=ctx.now())
    out.emit(
        s.as_json(), lambda: status_text(s) + ("" if s.memory_notes else "\nMemory notes in chat are off.")
    )
    return 0

"""``forget`` and ``reset``: erasure with a receipt."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from creative_memory.cli.output import Out, confirm
from creative_memory.model.constants import Actor, Polarity
from creative_memory.services import erasure
from creative_memory.services.context import Context
from creative_memory.services.errors import InvalidInput


def receipt_text(r: erasure.Receipt) -> str:
    j = r.as_json()["erased"]
    lines = [
        f"Erased {j['preferences']} preferences, deleted {j['events_deleted']} events, rewrote "
        f"{j['events_rewritten']}, removed {j['diagnostics']} diagnostics.",
        (
            "Verified: no trace was found in the store files."
            if r.verified
            else "NOT verified: traces may remain; see the notes."
        ),
    ]
    if r.blocked:
        lines.append("Blocked: it will not be learned again.")
    lines.extend(r.notes)
    return "\n".join(lines)


def forget_session(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    from creative_memory.services import session_forget

    if args.type or args.pattern or args.project or args.polarity or args.block:
        raise InvalidInput("--session forgets a whole session; give it alone, without TYPE, PATTERN or other options.")
    store, now = ctx.store(), ctx.now()
    n = session_forget.session_events(store, ctx.user, args.session)
    if (
        n
        and not args.yes
        and not out.as_json
        and sys.stdin.isatty()
        and not confirm(f"Erase the {n} events of session {args.session} and what they taught?")
    ):
        out.note("Nothing was erased.")
        return 5
    r = session_forget.forget_session(store, ctx.user, args.session, actor=Actor.CLI, now=now)
    names = ", ".join(f"{t} '{p}'" for t, p in r.patterns)
    out.emit(
        r.as_json(),
        f"Deleted the {r.events_deleted} events of session {r.session_id}; re-derived what they shaped "
        f"({names}): {r.preferences_before} preferences before, {r.preferences_after} after.",
    )
    return 0


def forget(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    if args.session:
        return forget_session(args, ctx, out)
    if not args.type or not args.pattern:
        raise InvalidInput("Name what to forget: TYPE PATTERN (e.g. forget layout airy_spacing), or --session ID.")
    store, now = ctx.store(), ctx.now()
    t = erasure.Target(
        args.type, args.pattern, args.project, Polarity(args.polarity) if args.polarity else None
    )
    t.validate()
    if (
        not args.yes
        and not out.as_json
        and sys.stdin.isatty()
        and not confirm(f"Erase every trace of {args.type} '{args.pattern}'?")
    ):
        out.note("Nothing was erased.")
        return 5
    r = erasure.forget(store, ctx.user, [t], blocks=ctx.blocks, block=args.block, actor=Actor.CLI, now=now)
    out.emit(r.as_json(), lambda: receipt_text(r))
    return 0 if r.verified else 1


def reset(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    backup_path = None
    if args.confirm and args.backup:
        from creative_memory.services import portability

        backup_path = str(
            portability.export_bundle(store, ctx.user, Path(args.backup), now=now, actor=Actor.CLI).path
        )
    r = erasure.reset(
        store,
        ctx.user,
        confirm=args.confirm,
        actor=Actor.CLI,
        now=now,
        include_settings=args.include_settings,
    )
    data = r.as_json()
    data.pop("blocked", None)
    data["backup"] = backup_path
    out.emit(data, lambda: receipt_text(r) + (f"\nBackup written to {backup_path}." if backup_path else ""))
    return 0 if r.verified else 1

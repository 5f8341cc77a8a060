"""``project list|enable|disable|set``: the per-project switches."""

from __future__ import annotations

import argparse

from creative_memory.cli.output import Out, table
from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.context import Context
from creative_memory.services.controls import controls
from creative_memory.services.forget import matching


def project(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    if args.project_cmd == "list":
        return _list(ctx, out)
    return _set(args, ctx, out)


def _list(ctx: Context, out: Out) -> int:
    rows = controls.projects(ctx.store(), ctx.user)
    out.emit(
        [r.as_json() for r in rows],
        lambda: (
            table(
                [
                    (
                        r.id,
                        r.name or "",
                        "on" if r.use_global_memory else "off",
                        "on" if r.use_memory else "off",
                        "on" if r.learn_from_project else "off",
                        r.preferences,
                        r.last_activity or "",
                    )
                    for r in rows
                ],
                ["ID", "NAME", "GLOBAL MEMORY", "PROJECT MEMORY", "LEARN", "PREFS", "LAST ACTIVITY"],
            )
            if rows
            else "No projects yet."
        ),
    )
    return 0


def _switches(args: argparse.Namespace) -> tuple[bool | None, bool | None, bool | None]:
    """(use global memory, use the project's memory, learn) as ``enable``, ``set`` or ``disable``
    asks; None leaves a switch as it is."""
    if args.project_cmd == "enable":
        return True, True, True
    if args.project_cmd == "set":
        use_global, use, learn = (_on(args.global_memory), _on(args.project_memory), _on(args.learning))
        if use_global is None and use is None and learn is None:
            raise InvalidInput(
                "Nothing to set; give --global-memory, --project-memory and/or --learning on|off."
            )
        return use_global, use, learn
    # "disable" ignores memory here (both use switches) and/or stops learning from it.
    use_global = use = False if not args.learning_only else None
    learn = False if not args.using_only else None
    return use_global, use, learn


def _set(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    use_global, use, learn = _switches(args)
    if not args.new:
        matching.check_known_project(store, ctx.user, args.id)
    row = controls.set_project(
        store,
        ctx.user,
        args.id,
        use_memory=use,
        use_global_memory=use_global,
        learn_from_project=learn,
        actor=Actor.CLI,
        now=now,
    )
    out.emit(
        row.as_json(),
        lambda: (
            f"Project {row.id}: global memory {'on' if row.use_global_memory else 'off'}, "
            f"project memory {'on' if row.use_memory else 'off'}, "
            f"learn {'on' if row.learn_from_project else 'off'}."
        ),
    )
    return 0


def _on(value: str | None) -> bool | None:
    return None if value is None else value == "on"

"""``project list|enable|disable``: the per-project switches."""

from __future__ import annotations

import argparse

from creative_memory.cli.output import Out, table
from creative_memory.model.constants import Actor
from creative_memory.services import controls, matching
from creative_memory.services.context import Context


def project(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    if args.project_cmd == "list":
        rows = controls.projects(store, ctx.user)
        out.emit(
            rows,
            lambda: (
                table(
                    [
                        (
                            r["id"],
                            r["name"] or "",
                            "on" if r["use_memory"] else "off",
                            "on" if r["learn_from_project"] else "off",
                            r["preferences"],
                            r["last_activity"] or "",
                        )
                        for r in rows
                    ],
                    ["ID", "NAME", "USE", "LEARN", "PREFS", "LAST ACTIVITY"],
                )
                if rows
                else "No projects yet."
            ),
        )
        return 0
    use: bool | None
    learn: bool | None
    if args.project_cmd == "enable":
        use, learn = True, True
    else:
        use = False if not args.learning_only else None
        learn = False if not args.using_only else None
    if not args.new:
        matching.check_known_project(store, ctx.user, args.id)
    row = controls.set_project(
        store, ctx.user, args.id, use_memory=use, learn_from_project=learn, actor=Actor.CLI, now=now
    )
    out.emit(
        row,
        lambda: (
            f"Project {row['id']}: use memory {'on' if row['use_memory'] else 'off'}, "
            f"learn {'on' if row['learn_from_project'] else 'off'}."
        ),
    )
    return 0

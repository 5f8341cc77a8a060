"""``od-memory``: the command-line twin of every control. A thin adapter over ``services``.

Exit codes: 0 ok; 1 the operation failed; 2 usage error; 3 invalid input (nothing changed);
4 store unavailable, locked past the timeout, or read-only; 5 refused for safety.

A command's module (``cli/commands/<group>.py``) is imported only when that command runs, so
``--help`` and ``--version`` never load the store's libraries.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from creative_memory.cli.output import Out
from creative_memory.cli.parser import build_parser
from creative_memory.services.errors import CreativeMemoryError

if TYPE_CHECKING:
    from creative_memory.services.context import Context

log = logging.getLogger("cm.cli")

Handler = Callable[[argparse.Namespace, "Context", Out], int]

# command → "module:function" under creative_memory.cli.commands
COMMANDS: dict[str, str] = {
    "where": "where:where",
    "use": "where:use",
    "status": "settings:status",
    "enable": "settings:enable",
    "disable": "settings:enable",
    "pause": "settings:pause",
    "resume": "settings:resume",
    "project": "projects:project",
    "inspect": "inspect:inspect",
    "explain": "inspect:explain",
    "forget": "erase:forget",
    "reset": "erase:reset",
    "ingest": "ingest:ingest",
    "retrieve": "retrieve:retrieve",
    "preview": "retrieve:preview",
    "diagnostics": "retrieve:diagnostics",
    "decay": "maintenance:decay",
    "rebuild": "maintenance:rebuild",
    "audit": "maintenance:audit",
    "self-test": "maintenance:self_test",
    "demo": "maintenance:demo",
    "export": "transfer:export",
    "import": "transfer:import_",
}
# Commands that must not open (or create) the store before they run.
NO_STORE = frozenset({"where", "use"})
# Commands that only read: on a missing store they exit 4 and create nothing; they never migrate.
READ_ONLY = frozenset({"status", "inspect", "explain", "diagnostics", "preview", "audit"})


def reads_only(args: argparse.Namespace) -> bool:
    if args.command == "retrieve":
        return bool(args.dry_run)
    if args.command == "project":
        return bool(args.project_cmd == "list")
    return args.command in READ_ONLY


def handler(command: str) -> Handler:
    module, func = COMMANDS[command].split(":")
    h: Handler = getattr(importlib.import_module(f"creative_memory.cli.commands.{module}"), func)
    return h


def run(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    if args.command not in NO_STORE:
        # A missing, corrupt or locked store is reported before the command's own checks.
        only_reads = reads_only(args)
        ctx.store(create=not only_reads, migrate=not only_reads)
    return handler(args.command)(args, ctx, out)


def make_context(args: argparse.Namespace) -> Context:
    from creative_memory.model.constants import Actor
    from creative_memory.services.context import Context, check_user, default_user
    from creative_memory.services.datadir import resolve_data_dir

    dd = resolve_data_dir(args.data_dir)
    user = check_user(args.user or default_user())
    now = None
    if args.now:  # the clock's parser loads pydantic: only when asked
        from creative_memory.services.clock import parse_instant

        now = parse_instant(args.now)
    return Context(data_dir=dd, user=user, actor=Actor.CLI, now_override=now, on_note=Out.note)


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(
        level=os.environ.get("CM_LOG_LEVEL", "WARNING"), stream=sys.stderr, format="%(name)s: %(message)s"
    )
    args = build_parser().parse_args(argv)
    out = Out(bool(getattr(args, "json", False)))
    ctx: Context | None = None
    try:
        ctx = make_context(args)
        return run(args, ctx, out)
    except CreativeMemoryError as exc:
        print(f"od-memory: {exc}", file=sys.stderr)
        if out.as_json:
            sys.stdout.write(json.dumps({"error": {"kind": exc.kind, "message": str(exc)}}) + "\n")
        return exc.exit_code
    except KeyboardInterrupt:
        print("od-memory: interrupted; the store was left consistent.", file=sys.stderr)
        return 1
    finally:
        if ctx is not None:
            ctx.close()


if __name__ == "__main__":
    raise SystemExit(main())

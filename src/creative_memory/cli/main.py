"""``od-memory``: the command-line twin of every control. A thin adapter over ``services``.

Exit codes: 0 ok; 1 the operation failed; 2 usage error; 3 invalid input (nothing changed);
4 store unavailable, locked past the timeout, or read-only; 5 refused for safety.

A command's module (``cli/commands/<group>.py``) is imported only when that command runs, so
``--help`` and ``--version`` never load the store's libraries.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import logging
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from creative_memory.cli.output import Out, json_text, say
from creative_memory.cli.parser import build_parser
from creative_memory.services.common.errors import CreativeMemoryError

if TYPE_CHECKING:
    from creative_memory.services.context import Context

log = logging.getLogger("cm.cli")

Handler = Callable[[argparse.Namespace, "Context", Out], int]

# command → "module:function" under creative_memory.cli.commands
COMMANDS: dict[str, str] = {
    "where": "where:where",
    "use": "where:use",
    "status": "status:status",
    "enable": "settings:enable",
    "disable": "settings:enable",
    "pause": "settings:pause",
    "resume": "settings:resume",
    "notes": "settings:notes",
    "project": "projects:project",
    "inspect": "inspect:inspect",
    "explain": "inspect:explain",
    "forget": "erase:forget",
    "reset": "erase:reset",
    "block": "blocks:block",
    "ingest": "ingest:ingest",
    "retrieve": "retrieve:retrieve",
    "preview": "retrieve:preview",
    "diagnostics": "retrieve:diagnostics",
    "rate": "retrieve:rate",
    "extract": "extract:extract",
    "decay": "maintenance:decay",
    "rebuild": "maintenance:rebuild",
    "audit": "maintenance:audit",
    "self-test": "maintenance:self_test",
    "demo": "maintenance:demo",
    "export": "transfer:export",
    "import": "transfer:import_",
    "report": "transfer:report",
    "serve": "serve:serve",
}
# Commands that must not open (or create) the store before they run.
NO_STORE = frozenset({"where", "use", "serve", "extract"})
# Commands that only read: on a missing store they exit 4 and create nothing; they never migrate.
READ_ONLY = frozenset({"status", "inspect", "explain", "diagnostics", "preview", "audit", "report"})


def reads_only(args: argparse.Namespace) -> bool:
    if args.command == "retrieve":
        return bool(args.dry_run)
    if args.command == "project":
        return bool(args.project_cmd == "list")
    if args.command == "block":
        return bool(args.block_cmd == "list")
    return args.command in READ_ONLY


def handler(command: str) -> Handler:
    module, func = COMMANDS[command].split(":")
    h: Handler = getattr(importlib.import_module(f"creative_memory.cli.commands.{module}"), func)
    return h


MAX_N = 2**31 - 1  # what SQLite's integers and every list here can take


def check_numbers(args: argparse.Namespace) -> None:
    """A number out of range is invalid input (exit 3, nothing opened), not a traceback."""
    from creative_memory.services.common.errors import InvalidInput

    for name, low in (("limit", 1), ("seed", 0)):
        value = getattr(args, name, None)
        if value is not None and not low <= value <= MAX_N:
            shown = str(value) if len(str(value)) <= 24 else f"{str(value)[:20]}…"
            raise InvalidInput(
                f"--{name} {shown} is out of range; give a whole number from {low} to {MAX_N}."
            )


# Commands that re-derive (or erase) everything themselves: no re-derivation before them. serve
# opens the store on its first call (the daemon owns app.sqlite; it is never created at start).
NO_REDERIVE = frozenset({"where", "use", "rebuild", "reset", "demo", "serve", "extract"})


def check_paths(args: argparse.Namespace) -> None:
    """A file name no file can have (empty, or with a NUL character) is invalid input before any
    store is opened or created: the same check the command itself makes (``safefile``)."""
    from creative_memory.services.store import safefile

    if args.command == "import":
        safefile.source_path(args.path, "bundle")
    elif args.command == "ingest" and args.file != "-":
        safefile.source_path(args.file, "events file")
    for name in ("to", "backup"):
        value = getattr(args, name, None)
        if isinstance(value, str):
            safefile.resolve_target(value)


def run(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    check_numbers(args)
    check_paths(args)
    if args.command not in NO_STORE:
        from creative_memory.services.common.errors import OperationFailed
        from creative_memory.services.common.limits import descriptor_shortage

        short = descriptor_shortage()  # before anything is read or changed, not half way
        if short is not None:
            raise OperationFailed(short)
        # A missing, corrupt or locked store is reported before the command's own checks.
        only_reads = reads_only(args)
        ctx.store(create=not only_reads, migrate=not only_reads)
    if args.command not in NO_REDERIVE:
        rederive_if_outdated(ctx, out)
    return handler(args.command)(args, ctx, out)


def rederive_if_outdated(ctx: Context, out: Out) -> None:
    """Preferences derived by older rules are re-derived first, with progress on stderr."""
    from creative_memory.model.constants import DERIVATION_VERSION
    from creative_memory.services.controls.status import derivation_version

    store = ctx.store()
    old = derivation_version(store, ctx.user)  # plain SQL: the derivation is imported only if due
    if old is None or old == DERIVATION_VERSION or store.read_only:
        return
    from creative_memory.cli.output import progress
    from creative_memory.services.derivation import rederive

    print(
        f"od-memory: the preferences were derived by older rules ({old}); re-deriving them…", file=sys.stderr
    )
    info = rederive.rederive_if_outdated(store, ctx.user, ctx.now(), progress=progress(out, " events"))
    if info is not None:
        end = "\n" if not out.as_json and sys.stderr.isatty() else ""
        print(f"{end}od-memory: {info.preferences} preferences from {info.events} events.", file=sys.stderr)


def make_context(args: argparse.Namespace) -> Context:
    from creative_memory.model.constants import Actor
    from creative_memory.services.context import Context, check_user, default_user
    from creative_memory.services.location.datadir import resolve_data_dir

    if args.command == "demo" and args.data_dir is None:
        from creative_memory.services.demo.demostore import demo_data_dir

        dd = demo_data_dir()  # never the discovered real store
    else:
        dd = resolve_data_dir(args.data_dir)
    user = check_user(args.user if args.user is not None else default_user())
    now = None
    if args.now is not None:  # the clock's parser loads pydantic: only when asked
        from creative_memory.services.common.clock import parse_now

        now = parse_now(args.now)
    return Context(
        data_dir=dd, user=user, actor=Actor.CLI, now_override=now, on_note=Out.note, create_folder=args.create
    )


def damaged(command: str, exc: BaseException) -> CreativeMemoryError | None:
    """An error that no service turned into a sentence: a limit of the machine (descriptors,
    memory, disk), a failing disk, a damaged file or one that is not a database. Says which
    operation met it and the safe way on."""
    from creative_memory.services.common import limits
    from creative_memory.services.common.errors import OperationFailed, StoreUnavailable, is_database_error

    limit = limits.limit_sentence(exc, command)
    if limit is not None:
        return OperationFailed(limit)
    if not is_database_error(exc):
        return None
    detail = str(getattr(exc, "orig", None) or exc).splitlines()[0]
    if limits.io_failure(exc):
        return StoreUnavailable(
            f"Reading or writing the store failed ({detail}), so '{command}' stopped; a change under way "
            "was rolled back. Check that its disk is attached and healthy (or not full), then run it again."
        )
    if not limits.damage_code(exc):
        return StoreUnavailable(
            f"The store could not be used by '{command}' ({detail}); nothing more was changed."
        )
    from creative_memory.services.store.integrity import damaged_sentence

    return StoreUnavailable(damaged_sentence(command, detail))


class _InertFormatter(logging.Formatter):
    """Log lines reach the terminal too: escaped like every other line."""

    def format(self, record: logging.LogRecord) -> str:
        from creative_memory.model.inert import for_terminal

        return for_terminal(super().format(record), keep_newlines=True)


def _fail(out: Out, exc: CreativeMemoryError) -> int:
    say(f"od-memory: {exc}")
    if out.as_json and sys.stdout is not None:
        sys.stdout.write(json_text({"error": {"kind": exc.kind, "message": str(exc)}}) + "\n")
    return exc.exit_code


def _output_error(exc: OSError) -> bool:
    """Whether writing standard output failed (no file named: a file the command wrote has one)."""
    return exc.errno in (errno.ENOSPC, errno.EBADF) and exc.filename is None


def _limit(command: str, exc: BaseException) -> CreativeMemoryError:
    from creative_memory.services.common import limits
    from creative_memory.services.common.errors import OperationFailed

    return OperationFailed(limits.limit_sentence(exc, command) or f"'{command}' failed ({exc}).")


def _why(exc: OSError) -> str:
    return "the reader closed it" if isinstance(exc, BrokenPipeError) else str(exc.strerror or exc)


def _silence_stdout() -> None:
    """Point stdout at nothing, so the interpreter's own flush at exit does not fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _flush_stdout() -> int:
    """Flush what was printed; a closed pipe or a full disk is a sentence, not a traceback."""
    try:
        sys.stdout.flush()
    except OSError as exc:
        _silence_stdout()
        say(f"od-memory: the output could not be written ({_why(exc)}); the command itself ran.")
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stdout is None:
        say(
            "od-memory: standard output is closed; run the command with its output going somewhere "
            "(for example > /dev/null). Nothing was done."
        )
        return 1
    from creative_memory.services.store.safefile import install_signal_cleanup

    install_signal_cleanup()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_InertFormatter("%(name)s: %(message)s"))
    logging.basicConfig(level=os.environ.get("CM_LOG_LEVEL", "WARNING"), handlers=[handler])
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "needs_data_dir", False) and not args.data_dir:
        # The daemon passes the folder it resolved; guessing here could serve another store.
        parser.error(f"{args.command} needs --data-dir DIR, the data folder the daemon resolved.")
    out = Out(bool(getattr(args, "json", False)))
    ctx: Context | None = None
    try:
        try:
            ctx = make_context(args)
            code = run(args, ctx, out)
        except CreativeMemoryError as exc:
            code = _fail(out, exc)
        except KeyboardInterrupt:
            say("od-memory: interrupted; the store was left consistent.")
            code = 1
        except MemoryError as exc:
            code = _fail(out, _limit(args.command, exc))
        except OSError as exc:
            if isinstance(exc, BrokenPipeError) or _output_error(exc):
                _silence_stdout()
                say(
                    f"od-memory: the output could not be written ({_why(exc)}); run it again with the "
                    "output going to a file or program that takes it all."
                )
                code = 1
            else:
                bad = damaged(args.command, exc)  # a limit of the machine: descriptors, memory, disk
                if bad is None:
                    raise
                code = _fail(out, bad)
        except Exception as exc:
            bad = damaged(args.command, exc)
            if bad is None:
                raise
            code = _fail(out, bad)
    finally:
        if ctx is not None:
            ctx.close()
    return code or _flush_stdout()


if __name__ == "__main__":
    raise SystemExit(main())

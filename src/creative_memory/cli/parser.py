"""The ``od-memory`` argument parser: every command, its options and their help (no service imports,
so ``--help`` and ``--version`` answer without loading the store's libraries)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from creative_memory import __version__
from creative_memory.model.constants import Origin


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        from creative_memory.cli.output import say

        if sys.stderr is not None:
            self.print_usage(sys.stderr)
        say(f"od-memory: {message}")
        raise SystemExit(2)


_NEW_PROJECT = "--project names a project Open Design has not created yet (no check that it exists)"
_COMPACT = (
    "close Open Design first: also rewrite the whole store file (VACUUM) to remove old copies from "
    "free space; Open Design cannot write meanwhile"
)


def _globals(p: argparse.ArgumentParser, *, top: bool) -> None:
    d = None if top else argparse.SUPPRESS
    p.add_argument(
        "--data-dir", metavar="DIR", default=d, help="the Open Design data folder (holds app.sqlite)"
    )
    p.add_argument("--user", metavar="ID", default=d, help="whose memory (default: OD_USER_ID or 'local')")
    p.add_argument(
        "--json",
        action="store_true",
        default=False if top else argparse.SUPPRESS,
        help="machine output on stdout; messages on stderr",
    )
    p.add_argument(
        "--now", metavar="ISO8601", default=d, help="evaluate as of this moment instead of the clock"
    )
    p.add_argument(
        "--create",
        action="store_true",
        default=False if top else argparse.SUPPRESS,
        help="create the data folder if it does not exist (a command that changes memory only)",
    )


Command = Callable[[str, str], argparse.ArgumentParser]
"""Adds one command (name, help) with the global options and returns its parser."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="od-memory", description="Inspect and control Open Design's creative memory.")
    parser.add_argument("--version", action="version", version=f"od-memory {__version__}")
    _globals(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    def cmd(name: str, help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_)
        _globals(p, top=False)
        return p

    # One function per module of cli/commands/, called in the order --help lists the commands.
    _where_commands(cmd)
    _status_command(cmd)
    _settings_commands(cmd)
    _project_command(cmd)
    _inspect_commands(cmd)
    _erase_commands(cmd)
    _block_command(cmd)
    _ingest_command(cmd)
    _retrieve_commands(cmd)
    _extract_command(cmd)
    _decay_and_rebuild_commands(cmd)
    _transfer_commands(cmd)
    _audit_and_self_test_commands(cmd)
    _serve_command(cmd)
    _demo_command(cmd)
    return parser


def _where_commands(cmd: Command) -> None:
    """``where`` and ``use`` (cli/commands/where.py)."""
    p = cmd("where", "show where the store is and which rule chose it")
    p.add_argument("--all", action="store_true", help="list every store found on this computer")
    p = cmd("use", "remember the folder that holds the store (for the command line and the window)")
    p.add_argument("dir", nargs="?", metavar="DIR", help="the Open Design data folder")
    p.add_argument("--clear", action="store_true", help="forget the remembered folder")


def _status_command(cmd: Command) -> None:
    """``status`` (cli/commands/status.py)."""
    cmd("status", "show the state of the user's memory")


def _settings_commands(cmd: Command) -> None:
    """``enable``, ``disable``, ``pause``, ``notes`` and ``resume`` (cli/commands/settings.py)."""
    cmd("enable", "turn creative memory on")
    cmd("disable", "turn creative memory off (stored memory is kept)")
    p = cmd("pause", "pause learning and/or using memory")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--until", metavar="ISO8601", help="resume by itself at this moment")
    g.add_argument("--for", dest="for_", metavar="DURATION", help="resume after 30m, 1h, 2d, 1w…")
    w = p.add_mutually_exclusive_group()
    w.add_argument("--learning", action="store_true", help="pause learning only")
    w.add_argument("--using", action="store_true", help="pause using only")
    p = cmd("notes", "show a short memory note in chat after each retrieval (off by default)")
    p.add_argument("state", choices=["on", "off"], help="on: the daemon gets one note per retrieval")
    p = cmd("resume", "end a pause")
    w = p.add_mutually_exclusive_group()
    w.add_argument("--learning", action="store_true")
    w.add_argument("--using", action="store_true")


def _project_command(cmd: Command) -> None:
    """``project list|disable|enable|set`` (cli/commands/projects.py)."""
    p = cmd("project", "per-project switches")
    psub = p.add_subparsers(dest="project_cmd", metavar="ACTION", parser_class=Parser)
    psub.required = True
    pl = psub.add_parser("list", help="projects from the daemon table and from events")
    _globals(pl, top=False)
    pd = psub.add_parser("disable", help="stop using and/or learning from memory in a project")
    _globals(pd, top=False)
    pd.add_argument("id")
    w = pd.add_mutually_exclusive_group()
    w.add_argument(
        "--using-only",
        action="store_true",
        help="only stop injecting memory here (global and the project's own)",
    )
    w.add_argument("--learning-only", action="store_true", help="only stop learning from this project")
    pe = psub.add_parser("enable", help="use and learn from memory in a project again")
    _globals(pe, top=False)
    pe.add_argument("id")
    for q in (pd, pe):
        q.add_argument("--new", action="store_true", help="a project Open Design has not created yet")
    ps = psub.add_parser("set", help="set a project's switches one by one")
    _globals(ps, top=False)
    ps.add_argument("id")
    onoff = ("on", "off")
    ps.add_argument("--global-memory", choices=onoff, help='"Use global memory in this project"')
    ps.add_argument("--project-memory", choices=onoff, help='"Use this project\'s memory"')
    ps.add_argument("--learning", choices=onoff, help='"Learn from this project"')
    ps.add_argument("--new", action="store_true", help="a project Open Design has not created yet")


def _inspect_commands(cmd: Command) -> None:
    """``inspect`` and ``explain`` (cli/commands/inspect.py)."""
    p = cmd("inspect", "list preferences, strongest first")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--new", action="store_true", help=_NEW_PROJECT)
    p.add_argument("--scope", choices=["global", "project", "all"], default="all")
    p.add_argument("--status", choices=["stable", "under_review", "archived", "all"], default="all")
    p.add_argument("--type", metavar="T")
    p.add_argument("--limit", type=int, metavar="N")

    p = cmd("explain", "the events behind a preference and its last retrieval fate")
    p.add_argument("type")
    p.add_argument("pattern")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--new", action="store_true", help=_NEW_PROJECT)


def _erase_commands(cmd: Command) -> None:
    """``forget`` and ``reset`` (cli/commands/erase.py)."""
    p = cmd("forget", "erase one pattern everywhere, or what one session taught (--session)")
    p.add_argument("type", nargs="?")
    p.add_argument("pattern", nargs="?")
    p.add_argument("--session", metavar="ID", help="forget every event of this generation session instead")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--polarity", choices=["positive", "negative"])
    p.add_argument("--block", action="store_true", help="never learn this pattern again")
    p.add_argument(
        "--reason", metavar="TEXT", help="with --block: why, kept with the block (the name is left out)"
    )
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    p.add_argument("--compact", action="store_true", help=_COMPACT)

    p = cmd("reset", "erase all creative memory of the user")
    p.add_argument(
        "--confirm",
        "--yes",
        action="store_true",
        help="do not ask (needed without a terminal): cannot be undone",
    )
    p.add_argument("--backup", metavar="PATH", help="export a backup bundle first (a new file)")
    p.add_argument("--encrypt", action="store_true", help="encrypt the --backup bundle with a passphrase")
    p.add_argument(
        "--passphrase-env", metavar="VAR", help="with --encrypt: read the passphrase from this variable"
    )
    p.add_argument("--force", action="store_true", help="let --backup replace an existing file")
    p.add_argument("--include-settings", action="store_true", help="also reset settings and the blocklist")
    p.add_argument("--compact", action="store_true", help=_COMPACT)


def _block_command(cmd: Command) -> None:
    """``block list|lift`` (cli/commands/blocks.py)."""
    p = cmd("block", "the blocked patterns: what is kept of them, and lifting a block")
    bsub = p.add_subparsers(dest="block_cmd", metavar="ACTION", parser_class=Parser)
    bsub.required = True
    bl = bsub.add_parser(
        "list", help="each block: id, fingerprint, kind, when, why (never the name: it is not kept)"
    )
    _globals(bl, top=False)
    bf = bsub.add_parser("lift", help="lift a block: ID or FINGERPRINT from block list, or TYPE PATTERN")
    _globals(bf, top=False)
    bf.add_argument("what", nargs="+", metavar="ID|FINGERPRINT|TYPE PATTERN")
    bf.add_argument("--yes", action="store_true", help="do not ask for confirmation")


def _ingest_command(cmd: Command) -> None:
    """``ingest`` (cli/commands/ingest.py)."""
    p = cmd("ingest", "feed raw signal events (JSON lines)")
    p.add_argument("file", nargs="?", default="-", help="a .jsonl file, or - for standard input")
    p.add_argument("--skip-invalid", action="store_true", help="store the valid lines, report the rest")


def _retrieve_commands(cmd: Command) -> None:
    """``retrieve``, ``preview`` and ``diagnostics`` (cli/commands/retrieve.py)."""
    p = cmd("retrieve", "run a retrieval")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--new", action="store_true", help=_NEW_PROJECT)
    p.add_argument("--mode", choices=["generation", "critique"], default="generation")
    p.add_argument("--types", metavar="T,…")
    p.add_argument("--dry-run", action="store_true")

    p = cmd("preview", "the prompt block the composer would insert")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--new", action="store_true", help=_NEW_PROJECT)
    p.add_argument("--mode", choices=["generation", "critique", "legacy"], default="generation")
    p.add_argument("--with-personal", action="store_true", help="also compose the Personal memory block")

    p = cmd("diagnostics", "recorded retrievals and their stage events")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--type", metavar="EVENT")
    p.add_argument("--origin", choices=[str(o) for o in Origin])
    p.add_argument("--limit", type=int, default=20, metavar="N")

    p = cmd("rate", "say how one recorded injection went: helped, too much, not relevant, missed")
    p.add_argument("retrieval_id", metavar="RETRIEVAL_ID", help="the retrieval, as diagnostics lists it")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--helped", action="store_true", help="what it injected helped")
    g.add_argument("--too-much", action="store_true", help="the block was too much for this context")
    g.add_argument(
        "--not-relevant",
        nargs=2,
        metavar=("TYPE", "PATTERN"),
        help="a preference it injected was not relevant here",
    )
    g.add_argument(
        "--missed", nargs=2, metavar=("TYPE", "PATTERN"), help="a preference it should have injected"
    )
    p.add_argument("--avoid", action="store_true", help="with --missed: something to avoid was missed")
    p.add_argument("--session", metavar="ID", help="the generation session the rating belongs to")


def _extract_command(cmd: Command) -> None:
    """``extract`` (cli/commands/extract.py)."""
    p = cmd("extract", "the style features of a page and the patterns they show (opens no store)")
    p.add_argument("page", metavar="PAGE", help="an HTML page as Open Design makes it (UTF-8, at most 2 MB)")
    p.add_argument("--before", metavar="OLD", help="the page before an edit: show what the edit moved")


# cli/commands/maintenance.py: --help lists its commands between other groups, in three places.
def _decay_and_rebuild_commands(cmd: Command) -> None:
    """``decay`` and ``rebuild``."""
    cmd("decay", "bring decay and archival up to now")
    cmd("rebuild", "re-derive all preferences from the raw events")


def _audit_and_self_test_commands(cmd: Command) -> None:
    """``audit`` and ``self-test``."""
    p = cmd("audit", "the activity log")
    p.add_argument("--limit", type=int, default=50, metavar="N")
    cmd("self-test", "prove that off, paused and project-disabled each yield an empty block")


def _demo_command(cmd: Command) -> None:
    """``demo``."""
    p = cmd("demo", "fill the separate demo store (or the --data-dir store) with generated data")
    p.add_argument("--size", choices=["S", "M", "L"], default="S")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--force",
        action="store_true",
        help="fill a --data-dir store even though it holds events that are not demo data",
    )
    p.add_argument("--yes", action="store_true", help="do not ask when the user already has memory")


def _transfer_commands(cmd: Command) -> None:
    """``export`` and ``import`` (cli/commands/transfer.py)."""
    p = cmd("export", "write a portable bundle")
    p.add_argument("--to", required=True, metavar="PATH", help="a new file (never a store or a folder)")
    p.add_argument("--force", action="store_true", help="replace an existing file")
    p.add_argument("--encrypt", action="store_true", help="encrypt with a passphrase")
    p.add_argument("--passphrase-env", metavar="VAR", help="read the passphrase from this variable")
    p.add_argument("--remember-passphrase", action="store_true", help="keep it in the system keychain")

    p = cmd("import", "read a bundle (or a prototype preferences.json)")
    p.add_argument("path")
    p.add_argument("--mode", choices=["merge", "replace"], default="merge")
    p.add_argument("--passphrase-env", metavar="VAR")
    p.add_argument("--as-user", metavar="ID", help="the user whose memory receives another user's bundle")
    p.add_argument("--yes", action="store_true", help="do not ask before --mode replace")

    p = cmd("report", "write one printable page of everything memory holds (HTML)")
    p.add_argument("--to", required=True, metavar="PATH", help="a new .html file (never a store or a folder)")
    p.add_argument("--lang", choices=["en", "de"], default="en", help="the language of the page")
    p.add_argument("--force", action="store_true", help="replace an existing file")
    p.add_argument(
        "--encrypt", action="store_true", help="lock the page with a passphrase (opens in a browser)"
    )
    p.add_argument(
        "--passphrase-env", metavar="VAR", help="with --encrypt: read the passphrase from this variable"
    )


def _serve_command(cmd: Command) -> None:
    """``serve --stdio`` (cli/commands/serve.py)."""
    p = cmd("serve", "answer the Open Design daemon (JSON-RPC 2.0, one object per line)")
    p.add_argument("--stdio", action="store_true", required=True, help="requests on stdin, answers on stdout")
    p.set_defaults(needs_data_dir=True)

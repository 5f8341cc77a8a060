"""The CLI's dispatch table: every command the parser accepts has a handler, and answering
``--help``/``--version`` loads none of the store's libraries."""

from __future__ import annotations

import argparse
import subprocess
import sys

from creative_memory.cli import main as cli_main
from creative_memory.cli.parser import build_parser


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return set(sub.choices)


def test_every_parsed_command_has_a_handler() -> None:
    assert _commands(build_parser()) == set(cli_main.COMMANDS)
    for command in cli_main.COMMANDS:
        assert callable(cli_main.handler(command)), command


def test_help_and_version_import_no_store_library() -> None:
    probe = (
        "import sys\n"
        "from creative_memory.cli.main import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = sorted(m for m in ('sqlalchemy', 'alembic', 'pydantic', 'keyring', 'cryptography') if m in sys.modules)\n"
        "print(','.join(heavy), file=sys.stderr)\n"
    )
    for flag in ("--help", "--version"):
        proc = subprocess.run([sys.executable, "-c", probe, flag], capture_output=True, text=True, check=True)
        assert proc.stderr.strip() == "", f"{flag} imported {proc.stderr.strip()}"

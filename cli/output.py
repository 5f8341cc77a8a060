"""What the command line prints: JSON on stdout with ``--json``, else text; messages on stderr."""

from __future__ import annotations

import getpass
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from creative_memory.services.errors import InvalidInput


class Out:
    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def emit(self, data: Any, human: str | Callable[[], str]) -> None:
        if self.as_json:
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        else:
            text = human() if callable(human) else human
            if text:
                sys.stdout.write(text.rstrip("\n") + "\n")

    @staticmethod
    def note(msg: str) -> None:
        print(msg, file=sys.stderr)


def table(rows: Sequence[Sequence[Any]], header: Sequence[str]) -> str:
    cells = [list(map(str, header))] + [[("" if c is None else str(c)) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells)


def read_passphrase(env_var: str | None, *, confirm: bool) -> str:
    if env_var:
        value = os.environ.get(env_var)
        if value is None:
            raise InvalidInput(f"The environment variable {env_var} is not set; set it to the passphrase.")
        return value
    if not sys.stdin.isatty():
        raise InvalidInput("A passphrase is needed; run in a terminal or pass --passphrase-env VAR.")
    first = getpass.getpass("Passphrase: ")
    if confirm and getpass.getpass("Repeat passphrase: ") != first:
        raise InvalidInput("The two passphrases differ; nothing was written.")
    return first


def confirm(question: str) -> bool:
    if not sys.stdin.isatty():
        return False
    return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")


def progress(out: Out, unit: str = "") -> Callable[[int, int], None]:
    """A progress callback that draws ``done/total`` on a terminal's stderr (never with --json)."""

    def show(done: int, total: int) -> None:
        if not out.as_json and sys.stderr.isatty():
            print(f"\r{done}/{total}{unit}", end="", file=sys.stderr)

    return show

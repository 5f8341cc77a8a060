"""What the command line prints: JSON on stdout with ``--json``, else text; messages on stderr.

Text for a person is escaped (``model.inert.for_terminal``): names, fields and echoed arguments
come from elsewhere and may hold escape sequences or bidirectional overrides. ``--json`` stays
exact JSON (ASCII escapes when the output's encoding cannot hold a character).
"""

from __future__ import annotations

import getpass
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from creative_memory.model.inert import as_unicode, for_terminal
from creative_memory.services.common.errors import InvalidInput, RefusedForSafety


def _encodes(stream: Any, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _unicode_data(data: Any) -> Any:
    """``data`` with every string Unicode (``model.inert.as_unicode``: a file name's bytes that are
    not UTF-8 as ``\\xff``), so that the JSON is UTF-8 with no lone surrogate in it."""
    if isinstance(data, str):
        return as_unicode(data)
    if isinstance(data, dict):
        return {_unicode_data(k): _unicode_data(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_unicode_data(v) for v in data]
    return data


def json_text(data: Any, stream: Any = None) -> str:
    """Exact JSON; ASCII escapes where the stream's encoding cannot hold a character."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if not _encodes(None, text):  # a lone surrogate: a file name's bytes that are not UTF-8
        data = _unicode_data(data)
        text = json.dumps(data, ensure_ascii=False, indent=2)
    return text if _encodes(stream or sys.stdout, text) else json.dumps(data, ensure_ascii=True, indent=2)


def say(msg: str, stream: Any = None) -> None:
    """A line for a person on stderr (or ``stream``): escaped, and never failing on the locale."""
    out = stream or sys.stderr
    if out is None:
        return
    text = as_unicode(for_terminal(msg, keep_newlines=True))
    if not _encodes(out, text):
        text = text.encode("ascii", "backslashreplace").decode("ascii")
    print(text, file=out)


class Out:
    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def emit(self, data: Any, human: str | Callable[[], str]) -> None:
        if self.as_json:
            sys.stdout.write(json_text(data) + "\n")
        else:
            text = human() if callable(human) else human
            if text:
                say(text.rstrip("\n"), sys.stdout)

    @staticmethod
    def note(msg: str) -> None:
        say(msg)


def table(rows: Sequence[Sequence[Any]], header: Sequence[str]) -> str:
    cells = [list(map(str, header))] + [
        [("" if c is None else for_terminal(str(c))) for c in r] for r in rows
    ]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells)


def read_passphrase(env_var: str | None, *, confirm: bool) -> str:
    if env_var is not None:
        if not env_var.strip():
            raise InvalidInput("--passphrase-env is empty; name the environment variable that holds it.")
        value = os.environ.get(env_var)
        if value is None:
            raise InvalidInput(f"The environment variable {env_var} is not set; set it to the passphrase.")
        return value
    if not interactive():
        raise InvalidInput("A passphrase is needed; run in a terminal or pass --passphrase-env VAR.")
    first = getpass.getpass("Passphrase: ")
    if confirm and getpass.getpass("Repeat passphrase: ") != first:
        raise InvalidInput("The two passphrases differ; nothing was written.")
    return first


def interactive() -> bool:
    """A person can answer: standard input is an open terminal."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # closed
        return False


def confirm(question: str) -> bool:
    if not interactive():
        return False
    try:
        return input(f"{for_terminal(question)} [y/N] ").strip().lower() in ("y", "yes")
    except EOFError:
        return False


def consent(out: Out, question: str, *, given: bool, flag: str, what: str) -> None:
    """Go on only with consent: ``flag`` given, or "yes" typed on a terminal (never with --json).
    Otherwise :class:`RefusedForSafety` (exit 5) before anything changed."""
    if given:
        return
    if out.as_json or not interactive():
        raise RefusedForSafety(
            f"{what} needs consent and there is no terminal to ask on; nothing was changed. "
            f"Add {flag} to go ahead."
        )
    if not confirm(question):
        raise RefusedForSafety(f"Nothing was changed (not confirmed); add {flag} to skip the question.")


def progress(out: Out, unit: str = "") -> Callable[[int, int], None]:
    """A progress callback that draws ``done/total`` on a terminal's stderr (never with --json)."""

    width = 0

    def show(done: int, total: int) -> None:
        nonlocal width
        if out.as_json or not sys.stderr.isatty():
            return
        line = f"{done}/{total}{unit}"
        if done >= total:  # done: the line is wiped, so the result is printed on a line of its own
            print("\r" + " " * max(width, len(line)) + "\r", end="", file=sys.stderr, flush=True)
            width = 0
            return
        print(f"\r{line}", end="", file=sys.stderr, flush=True)
        width = max(width, len(line))

    return show

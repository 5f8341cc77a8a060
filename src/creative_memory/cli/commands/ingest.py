"""``ingest``: raw signal events as JSON lines, all or nothing unless ``--skip-invalid``."""

from __future__ import annotations

import argparse
import sys

from creative_memory.cli.output import Out
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.context import Context
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.store import safefile

#: the most one ingest reads: it is one transaction, held in memory whole (an ingest of 131 MB of
#: events held 680 MB, measured), so the bound keeps it near 700 MB (decision 0075)
MAX_INGEST_CHARS = 128 * 1024 * 1024
TOO_LARGE = (
    "{what} holds more than 128 Mi characters of events; one ingest is all or nothing and is held in "
    "memory whole, so split the file (for example with split -l 100000) and ingest the parts. Nothing "
    "was stored."
)


def ingest(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    # An empty name or one with a NUL character was refused before the store was opened
    # (cli.main.check_paths asks safefile.source_path, as below).
    store, now = ctx.store(), ctx.now()
    if args.file == "-":
        if sys.stdin is None:
            raise InvalidInput("Standard input is closed; name a JSON-lines file or pipe the events in.")
        try:
            text = sys.stdin.read(MAX_INGEST_CHARS + 1)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise InvalidInput(
                f"Standard input could not be read ({exc}); pipe UTF-8 JSON lines in."
            ) from None
        if len(text) > MAX_INGEST_CHARS:
            raise InvalidInput(TOO_LARGE.format(what="Standard input"))
    else:
        path = safefile.source_path(args.file, "events file")
        try:
            if path.stat().st_size > MAX_INGEST_CHARS * 4:  # 4 bytes at most per character
                raise InvalidInput(TOO_LARGE.format(what=args.file))
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidInput(f"Cannot read {args.file} ({exc}); give a UTF-8 JSON-lines file.") from None
        if len(text) > MAX_INGEST_CHARS:
            raise InvalidInput(TOO_LARGE.format(what=args.file))
    rep = ingest_jsonl(
        store, text, default_user=ctx.user, now=now, skip_invalid=args.skip_invalid, blocks=ctx.blocks
    )
    data = rep.as_json()
    for rj in rep.rejected:
        out.note(f"line {rj.line}: {rj.error}")
    out.emit(
        data,
        lambda: (
            f"Accepted {rep.accepted}, duplicates {rep.duplicates}, "
            f"ignored {sum(rep.ignored.values())}, rejected {len(rep.rejected)}."
        ),
    )
    if rep.rejected and not args.skip_invalid:
        out.note("od-memory: nothing was stored; fix the lines above or use --skip-invalid.")
        return 3
    return 0

"""``block list|lift``: what a block keeps (fingerprints, never the name) and lifting one."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime

from creative_memory.cli.output import Out, consent, table
from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.context import Context
from creative_memory.services.ingest import blocklist

KINDS = {"pattern": "pattern", "text": "words in diffs", "unknown": "(older block)"}


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")


def block(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    if args.block_cmd == "list":
        return _list(ctx, out)
    return _lift(args, ctx, out)


def _list(ctx: Context, out: Out) -> int:
    blocks = blocklist.list_blocks(ctx.store(), ctx.user)

    def human() -> str:
        if not blocks:
            return "Nothing is blocked."
        rows = [
            (
                b.id,
                b.prefix,
                " + ".join(KINDS.get(k, k) for k in b.kinds),
                _when(b.created_at),
                b.reason or "",
            )
            for b in blocks
        ]
        return (
            table(rows, ["ID", "FINGERPRINT", "BLOCKS", "WHEN", "WHY"])
            + "\nA block keeps only keyed fingerprints, never the name; lift one with "
            "od-memory block lift ID (or TYPE PATTERN)."
        )

    out.emit([b.as_json() for b in blocks], human)
    return 0


def _lift(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    what = list(args.what)
    if len(what) > 2:
        raise InvalidInput(
            "Give one block (ID or FINGERPRINT from od-memory block list) or one TYPE PATTERN."
        )
    consent(
        out,
        "Lift this block? The pattern can be learned again, and its words are kept in diffs again.",
        given=args.yes,
        flag="--yes",
        what="Lifting a block",
    )
    if len(what) == 1:
        lifted = [blocklist.lift_block(store, ctx.user, what[0], actor=Actor.CLI, now=now)]
    else:
        lifted = blocklist.lift_pattern(
            store, ctx.blocks, ctx.user, what[0], what[1], actor=Actor.CLI, now=now
        )
    out.emit(
        {"lifted": [b.as_json() for b in lifted]},
        "\n".join(f"Lifted block {b.id} (fingerprint {b.prefix}); the activity log says so." for b in lifted),
    )
    return 0

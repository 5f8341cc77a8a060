"""``export`` and ``import``: portable bundles (optionally encrypted) and prototype files."""

from __future__ import annotations

import argparse
import shlex

from creative_memory.cli.output import Out, consent, read_passphrase
from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.context import Context
from creative_memory.services.keychain.secrets import passphrase_key
from creative_memory.services.store import safefile
from creative_memory.services.transfer import exporting, import_plan, importing
from creative_memory.services.transfer.bundle import TransferResult
from creative_memory.services.transfer.skips import SkippedPattern


def export(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    # A bad target is refused before the passphrase is asked for.
    safefile.check_target(args.to, force=args.force, protected=[store.data_dir.path])
    passphrase = read_passphrase(args.passphrase_env, confirm=True) if args.encrypt else None
    res = exporting.export_bundle(
        store, ctx.user, args.to, now=now, actor=Actor.CLI, passphrase=passphrase, force=args.force
    )
    if (
        passphrase
        and args.remember_passphrase
        and not ctx.secrets.remember_passphrase(passphrase_key(res.path), passphrase)
    ):
        out.note("No system keychain is available, so the passphrase was not remembered.")
    out.emit(res.as_json(), f"Wrote {res.events} events and {res.preferences} preferences to {res.path}.")
    return 0


def import_(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    path = safefile.source_path(args.path, "bundle")  # checked before the store opened (check_paths)
    if args.mode == "replace":
        consent(
            out,
            "Replace all creative memory of this user with the bundle's? This cannot be undone.",
            given=args.yes,
            flag="--yes",
            what="Import with --mode replace",
        )

    def ask() -> str:
        remembered = ctx.secrets.recall_passphrase(passphrase_key(path))
        return remembered if remembered is not None else read_passphrase(args.passphrase_env, confirm=False)

    def announce(plan: import_plan.ImportPlan) -> None:
        # Said before anything is written (stderr, so --json output stays one JSON document).
        for note in plan.notes:
            out.note(note)
        if plan.changes:
            out.note("This import changes: " + "; ".join(plan.changes) + ".")

    res = importing.import_file(
        store,
        ctx.user,
        path,
        mode=args.mode,
        now=now,
        actor=Actor.CLI,
        passphrase=ask,
        blocks=ctx.blocks,
        as_user=args.as_user,
        announce=announce,
    )
    skipped = ", ".join(
        f"{n} {reason.replace('_', ' ')}" for reason, n in sorted(res.skipped_by_reason.items())
    )
    out.emit(
        res.as_json(),
        "\n".join(
            [
                f"Imported {res.events} events ({res.preferences} preferences) into {res.user}'s memory "
                f"from {res.path}." + (f" Skipped: {skipped}." if skipped else ""),
                *skip_lines(res),
            ]
        ),
    )
    return 0


SHOWN = 3  # patterns or projects named per reason; the rest are counted


def _more(n: int) -> str:
    return f", and {n} more" if n > 0 else ""


def _named(p: SkippedPattern, n: int) -> str:
    return f"{p.preference_type} {p.pattern} ({n})"


def skip_lines(res: TransferResult) -> list[str]:
    """Which rule skipped which events, a few lines per reason, with the commands that lift it
    (duplicates are only counted)."""
    lines: list[str] = []
    again = f"then import {shlex.quote(str(res.path))} again"
    if res.skipped_blocked:
        shown = res.liftable_blocks[:SHOWN]
        lines.append(
            f"Blocked: {res.skipped_blocked} events — "
            + ", ".join(_named(p, p.events) for p in shown)
            + _more(len(res.liftable_blocks) - len(shown))
            + "."
        )
        lifts = "; ".join(
            f"od-memory block lift {shlex.quote(p.preference_type)} {shlex.quote(p.pattern)}" for p in shown
        )
        lines.append(f"  To learn them: {lifts}; {again}.")
    dropped = [p for p in res.skipped_patterns if p.left_out]
    if dropped:
        lines.append(
            "Blocked patterns left out of events that came in: "
            + ", ".join(_named(p, p.left_out) for p in dropped[:SHOWN])
            + _more(len(dropped) - SHOWN)
            + "."
        )
    for proj in res.skipped_projects[:SHOWN]:
        lines.append(
            f"Project {proj.label} does not learn: {proj.events} events. To learn them: "
            f"od-memory project set {shlex.quote(proj.project_id)} --learning on; {again}."
        )
    if len(res.skipped_projects) > SHOWN:
        rest = res.skipped_projects[SHOWN:]
        lines.append(
            f"  and {len(rest)} more projects that do not learn: {sum(p.events for p in rest)} events."
        )
    if res.skipped_paused:
        lines.append(
            f"Learning is paused: {res.skipped_paused} events. "
            f"To learn them: od-memory resume --learning; {again}."
        )
    if res.skipped_memory_off:
        lines.append(
            f"Memory is off: {res.skipped_memory_off} events. To learn them: od-memory enable; {again}."
        )
    return lines


def report(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    """One printable page of everything memory holds; the store is only read."""
    from creative_memory.services.inspection.report_html import save_report

    if args.passphrase_env and not args.encrypt:
        raise InvalidInput(
            "--passphrase-env goes with --encrypt; add --encrypt to lock the report. Nothing was written."
        )
    store = ctx.store()
    # A bad target is refused before the passphrase is asked for.
    safefile.check_target(args.to, force=args.force, protected=[store.data_dir.path])
    passphrase = read_passphrase(args.passphrase_env, confirm=True) if args.encrypt else None
    path = save_report(
        store, ctx.user, ctx.now(), args.to, args.lang, force=args.force, passphrase=passphrase
    )
    locked = ", locked with the passphrase" if passphrase is not None else ""
    out.emit(
        {"path": str(path), "bytes": path.stat().st_size, "encrypted": passphrase is not None},
        f"Wrote the report to {path}{locked}.",
    )
    return 0

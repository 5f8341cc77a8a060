"""``forget`` and ``reset``: erasure with a receipt."""

from __future__ import annotations

import argparse

from creative_memory.cli.output import Out, consent, read_passphrase
from creative_memory.model.constants import Actor, Polarity
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.spellings import same_name
from creative_memory.services.context import Context
from creative_memory.services.forget import erasure, forgetting, matching, session_forget
from creative_memory.services.forget.reset import reset as reset_memory
from creative_memory.services.store import safefile

_GENERIC_KEPT = "The same text is still part of other remembered data"


def receipt_text(r: erasure.Receipt, kept: list[str] | None = None) -> str:
    """What was erased, whether that is verified, and — separately — what still holds the same
    text and why it was kept (never "no trace" followed by "still there")."""
    lines = [
        f"Erased {r.preferences} preferences, deleted {r.events_deleted} events, rewrote "
        f"{r.events_rewritten}, removed {r.diagnostics} diagnostics.",
        _verified_line(r.verified, "no copy of what was erased is left in the store files."),
    ]
    if r.blocked:
        lines.append("Blocked: it will not be learned again.")
    notes = list(r.notes)
    if kept:
        notes = [n for n in notes if not n.startswith(_GENERIC_KEPT)]
        lines.append(
            "Kept, because they were not asked to be forgotten (their names contain the same text): "
            + ", ".join(kept)
            + "."
        )
    lines.extend(_notes_lines(notes))
    return "\n".join(lines)


def forget_session(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    if args.type or args.pattern or args.project or args.polarity or args.block or args.reason:
        raise InvalidInput(
            "--session forgets a whole session; give it alone, without TYPE, PATTERN or other options."
        )
    store, now = ctx.store(), ctx.now()
    n = session_forget.session_events(store, ctx.user, args.session)
    if n:
        consent(
            out,
            f"Erase the {n} events of session {args.session} and what they taught?",
            given=args.yes,
            flag="--yes",
            what="Forgetting a session",
        )
    r = session_forget.forget_session(store, ctx.user, args.session, actor=Actor.CLI, now=now)
    out.emit(r.as_json(), lambda: session_receipt_text(r))
    return 0 if r.verified else 1


def session_receipt_text(r: session_forget.SessionReceipt) -> str:
    """What a session forget erased and re-derived, and its verification, as a pattern forget's."""
    names = ", ".join(f"{t} '{p}'" for t, p in r.patterns)
    lines = [
        f"Deleted the {r.events_deleted} events of session {r.session_id}; re-derived what they shaped "
        f"({names}): {r.preferences_before} preferences before, {r.preferences_after} after."
    ]
    if r.gone:
        gone = ", ".join(f"{t} '{p}'" for t, p in r.gone)
        lines.append(
            f"Only this session taught {gone}: forgotten, with {r.diagnostics} diagnostics that named it."
        )
    lines.append(
        _verified_line(r.verified, "no copy of what only this session taught is left in the store files.")
    )
    lines.extend(_notes_lines(r.notes))
    return "\n".join(lines)


def _verified_line(verified: bool, what: str) -> str:
    return f"Verified: {what}" if verified else "NOT verified: traces may remain; see the notes."


def _notes_lines(notes: list[str]) -> list[str]:
    """The receipt's notes, the generic one about kept text in a person's words."""
    return [n.replace(_GENERIC_KEPT, "Kept: other remembered data holds the same text", 1) for n in notes]


def forget(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    if args.session:
        return forget_session(args, ctx, out)
    if args.reason is not None and not args.block:
        raise InvalidInput("--reason says why a pattern is blocked; give it with --block.")
    if not args.type or not args.pattern:
        raise InvalidInput(
            "Name what to forget: TYPE PATTERN (e.g. forget layout airy_spacing), or --session ID."
        )
    store, now = ctx.store(), ctx.now()
    t = erasure.Target(
        args.type, args.pattern, args.project, Polarity(args.polarity) if args.polarity else None
    )
    t = t.normalized()
    done = _finished_now(ctx, t)
    if done is not None:  # opening the store finished this very forget, which had stopped half-way
        kept = matching.kept_mentions(store, ctx.user, t.preference_type, t.pattern) if t.whole else []
        out.emit(
            {**done.receipt.as_json(), "kept": kept, "finished_interrupted": True},
            lambda: (
                "Finished the forget of this pattern that had stopped before it finished.\n"
                + receipt_text(done.receipt, kept)
            ),
        )
        return 0 if done.receipt.verified else 1
    matching.check_forget_target(store, ctx.user, t.preference_type, t.pattern, t.project_id, args.polarity)
    consent(
        out,
        f"Erase every trace of {args.type} '{args.pattern}'?",
        given=args.yes,
        flag="--yes",
        what="Forget",
    )
    r = forgetting.forget(
        store,
        ctx.user,
        [t],
        blocks=ctx.blocks,
        block=args.block,
        actor=Actor.CLI,
        now=now,
        compact=args.compact,
        reason=args.reason,
    )
    kept = matching.kept_mentions(store, ctx.user, t.preference_type, t.pattern) if t.whole else []
    out.emit({**r.as_json(), "kept": kept}, lambda: receipt_text(r, kept))
    return 0 if r.verified else 1


def _finished_now(ctx: Context, t: erasure.Target) -> forgetting.Finished | None:
    """The forget of the same pattern (any spelling) that opening the store has just finished."""
    for f in ctx.finished_forgets:
        if f.user_id == ctx.user and any(
            same_name(d.preference_type, t.preference_type) and same_name(d.pattern, t.pattern)
            for d in f.targets
        ):
            return f  # type: ignore[no-any-return]
    return None


def reset(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    backup_path = None
    if (args.encrypt or args.passphrase_env is not None) and args.backup is None:
        raise InvalidInput(
            "--encrypt and --passphrase-env are for the --backup bundle; give --backup PATH too."
        )
    if args.passphrase_env is not None and not args.encrypt:
        raise InvalidInput("--passphrase-env reads the passphrase of an encrypted backup; add --encrypt.")
    passphrase = None
    if args.backup is not None:  # a bad target is refused before the question and before any erasure
        safefile.check_target(args.backup, force=args.force, protected=[store.data_dir.path])
        if args.encrypt:  # asked (or read) before anything is written: no plain copy, ever
            passphrase = read_passphrase(args.passphrase_env, confirm=True)
    consent(
        out,
        "Erase all creative memory of this user? This cannot be undone.",
        given=args.confirm,
        flag="--confirm",
        what="Reset",
    )
    if args.backup is not None:
        from creative_memory.services.transfer.backup import write_backup

        backup_path = str(
            write_backup(
                store,
                ctx.user,
                args.backup,
                now=now,
                actor=Actor.CLI,
                force=args.force,
                passphrase=passphrase,
            ).path
        )
    r = reset_memory(
        store,
        ctx.user,
        confirm=True,
        actor=Actor.CLI,
        now=now,
        include_settings=args.include_settings,
        compact=args.compact,
    )
    data = r.as_json()
    data.pop("blocked", None)
    data["backup"] = backup_path
    out.emit(data, lambda: receipt_text(r) + (f"\nBackup written to {backup_path}." if backup_path else ""))
    return 0 if r.verified else 1

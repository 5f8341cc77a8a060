"""``retrieve``, ``preview``, ``diagnostics`` and ``rate``: what the model is told, what was
recorded, and how it went."""

from __future__ import annotations

import argparse

from creative_memory.cli.output import Out
from creative_memory.model.constants import Actor, Mode, Origin
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.context import Context
from creative_memory.services.controls import notes
from creative_memory.services.inspection import retrieval_log
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.guarded import run_unless_damaged
from creative_memory.services.retrieval.rating import OUTCOME_WORDS
from creative_memory.services.retrieval.rating import rate as rate_retrieval


def checked_project(args: argparse.Namespace, ctx: Context) -> str | None:
    """``--project`` checked before anything is read under it: a malformed id, or one that neither
    Open Design nor any memory knows (without ``--new``), is refused with a sentence (exit 3)."""
    if args.project is None:
        return None
    from creative_memory.services.forget import matching

    return matching.known_project(ctx.store(), ctx.user, args.project, new=args.new)


def retrieve(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    project = checked_project(args, ctx)
    request = retrieval.RetrievalRequest(
        ctx.user,
        project_id=project,
        now=now,
        mode=Mode(args.mode),
        types=[t for t in (args.types or "").split(",") if t],
        origin=Origin.CLI,
        dry_run=args.dry_run,
        derive_at=ctx.persist_now() if ctx.elsewhen and args.dry_run else None,
    )
    o = run_unless_damaged(store, request, "retrieve")
    data = o.as_json()
    with store.snapshot() as con:
        if notes.notes_enabled(con, ctx.user):  # the line Open Design would show in the chat
            data["note"] = notes.note_text(o.result)
    # Plain output is what a script pastes into a prompt: the block or nothing, never a sentence.
    out.emit(data, o.block)
    if not out.as_json and not o.block:
        out.note(retrieval.describe_empty(o.result.empty_reason))
    return 0


def preview(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    from creative_memory.services.retrieval import preview as composer

    store, now = ctx.store(), ctx.now()
    project = checked_project(args, ctx)
    p = composer.compose(
        store,
        ctx.user,
        ctx.data_dir.memory_dir,
        project_id=project,
        mode=Mode(args.mode),
        now=now,
        with_personal=args.with_personal,
        # A preview never records; looking at another moment persists no evaluation of it either.
        derive_at=ctx.persist_now() if ctx.elsewhen else None,
    )
    # Plain stdout carries prompt text only (the blocks, or nothing); every explanation is on stderr.
    out.emit(p.as_json(), p.prompt_text)
    if not out.as_json:
        if not p.block:
            out.note(p.empty_sentence)
        for warning in p.personal_warnings:
            out.note(f"Personal memory: {warning}")
    return 0


def diagnostics(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    with ctx.store().read() as sess:
        rets = retrieval_log.diagnostics(
            sess,
            ctx.user,
            project_id=args.project,
            origin=args.origin,
            event_type=args.type,
            limit=args.limit,
        )
    out.emit(
        {"retrievals": [r.as_json() for r in rets]},
        lambda: (
            "\n".join(
                f"#{r.id} {r.at} {r.origin} {r.project_id or '-'} {r.mode} "
                f"+{r.kept_positive}/-{r.kept_negative} {r.tokens} tok {r.duration_ms} ms"
                + "".join(f"\n    [{e.stage}] {e.trace}" for e in r.events or ())
                for r in rets
            )
            or "No retrievals recorded."
        ),
    )
    return 0


def rate(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    """``rate RETRIEVAL_ID --helped|--too-much|--not-relevant T P|--missed T P``: one rating event."""
    text = str(args.retrieval_id)
    if not text.isdecimal() or not text.isascii():
        raise InvalidInput(
            f"{text!r} is not a retrieval id: give the number Diagnostics or `od-memory diagnostics` "
            "shows. Nothing was rated."
        )
    if args.avoid and not args.missed:
        raise InvalidInput("--avoid goes with --missed (something to avoid that was missed).")
    named = args.not_relevant or args.missed
    outcome = (
        "helped"
        if args.helped
        else "too_much"
        if args.too_much
        else "not_relevant"
        if args.not_relevant
        else "missed"
    )
    r = rate_retrieval(
        ctx.store(),
        ctx.user,
        int(text),
        outcome,
        now=ctx.now(),
        actor=Actor.CLI,
        preference_type=named[0] if named else None,
        pattern=named[1] if named else None,
        polarity="negative" if args.avoid else None,
        session_id=args.session,
        blocks=ctx.blocks,
    )

    def said() -> str:
        head = f"Retrieval {r.retrieval_id} rated {OUTCOME_WORDS[r.outcome]}"
        if r.stored:
            return f"{head} (event {r.event_id})."
        return f"{head}, but not stored: {r.not_stored}."

    out.emit(r.as_json(), said)
    return 0

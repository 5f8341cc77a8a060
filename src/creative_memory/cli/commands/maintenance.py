"""``decay``, ``rebuild``, ``audit``, ``self-test`` and ``demo``."""

from __future__ import annotations

import argparse

from creative_memory.cli.output import Out, consent, progress, table
from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput, ReadOnly
from creative_memory.services.context import Context
from creative_memory.services.controls import audit as audit_log
from creative_memory.services.controls import controls
from creative_memory.services.derivation.decay import refresh_decay
from creative_memory.services.forget.forgetting import rebuild_on_request


def decay(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store = ctx.store()
    if store.read_only:  # refresh_decay would silently report 0 changes
        raise ReadOnly(store.read_only_reason or "This store is read-only, so decay cannot be applied.")
    d = refresh_decay(store, ctx.user, ctx.now(), progress=progress(out, " preferences"))
    out.emit(d.as_json(), f"Decayed {d.decayed}, archived {d.archived}.")
    return 0


def rebuild(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store, now = ctx.store(), ctx.now()
    rebuilt = rebuild_on_request(store, ctx.user, now, blocks=ctx.blocks, progress=progress(out, " events"))
    info = rebuilt.derivation
    with store.write() as sess:
        audit_log.record(sess, ctx.user, Actor.CLI, "rebuild", "preferences", f"ok: {info.preferences}", now)
    data = {
        "preferences": info.preferences,
        "events": info.events,
        "duration_ms": round(info.duration_ms, 1),
        "pages_reread": rebuilt.pages.events,
    }
    text = (
        f"Re-derived {info.preferences} preferences from {info.events} events in {info.duration_ms:.0f} ms."
    )
    if rebuilt.pages.events:
        text = (
            f"Read the pages of {rebuilt.pages.events} events again with {rebuilt.pages.extractor_version} "
            f"({rebuilt.pages.changed} changed). " + text
        )
    out.emit(data, text)
    return 0


def audit(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    if args.limit < 1:
        raise InvalidInput("--limit must be a positive number.")
    with ctx.store().read() as sess:
        entries = audit_log.entries(sess, ctx.user, limit=args.limit)
    out.emit(
        {"entries": [e.as_json() for e in entries]},
        lambda: (
            table(
                [(e.at, e.actor, e.action, e.target, e.outcome) for e in entries],
                ["AT", "ACTOR", "ACTION", "TARGET", "OUTCOME"],
            )
            if entries
            else "No activity yet."
        ),
    )
    return 0


def self_test(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    from creative_memory.services import selftest

    report = selftest.run(ctx.store(), ctx.user, now=ctx.now(), actor=Actor.CLI)
    out.emit(
        report.as_json(),
        lambda: "\n".join(f"{'ok  ' if ch.ok else 'FAIL'} {ch.name}: {ch.detail}" for ch in report.checks),
    )
    return 0 if report.ok else 1


def demo(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    from creative_memory.services.demo import demostore

    store, now = ctx.store(), ctx.now()
    demostore.check_may_fill(store, force=args.force)  # never beside a person's own events
    events = controls.status(store, ctx.user, now).counts.events
    if events:
        consent(
            out,
            f"This user already has {events} remembered events; add demo data to them?",
            given=args.yes,
            flag="--yes",
            what="Adding demo data to existing memory",
        )
    made = demostore.fill(
        store,
        ctx.user,
        size=args.size,
        seed=args.seed,
        now=now,
        actor=Actor.CLI,
        force=args.force,
        progress=progress(out),
    )
    if ctx.data_dir.rule == "demo":
        out.note(
            f"Demo data is in {ctx.data_dir.path}, apart from your memory; open it with "
            f'--data-dir "{ctx.data_dir.path}".'
        )
    out.emit(
        made.as_json(),
        f"Generated {made.events} events, {made.preferences} preferences, {made.projects} projects.",
    )
    return 0

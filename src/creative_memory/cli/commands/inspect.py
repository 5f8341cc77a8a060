"""``inspect`` and ``explain``: what is remembered, and the events behind one preference."""

from __future__ import annotations

import argparse

from creative_memory.cli.commands.retrieve import checked_project
from creative_memory.cli.output import Out, table
from creative_memory.services.context import Context
from creative_memory.services.derivation import decay, derivation
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.explain import ExplainedEvent, Explanation
from creative_memory.services.inspection.explain import explain as explain_pattern
from creative_memory.services.retrieval.reasons import readable

PROVISIONAL_NOTE = (
    "\n* provisional: learned only from unary signals (accepts, thumbs, abandons, single rejections), "
    "so it stays at most medium until an explicit tag, a manual refinement, a revert or a "
    "comparison confirms it."
)
_COLUMNS = ["SCOPE", "TYPE", "PATTERN", "POLARITY", "STRENGTH", "TIER", "STATUS", "+", "-", "LAST SEEN"]


def inspect(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store = ctx.store()
    now = ctx.now()
    project = checked_project(args, ctx)
    if ctx.elsewhen:  # another moment: evaluated in memory (queries), nothing stored changes
        derivation.ensure_current(store, ctx.user, ctx.persist_now())
    else:
        decay.refresh_decay(store, ctx.user, now)
    with store.read() as sess:
        prefs = queries.inspect(
            sess,
            ctx.user,
            project_id=project,
            scope=args.scope,
            status=args.status,
            preference_type=args.type,
            limit=args.limit,
            now=now,
        )
    out.emit(
        {"preferences": [p.as_json() for p in prefs]},
        lambda: (
            table(
                [
                    (
                        p.scope,
                        p.preference_type,
                        p.pattern,
                        p.polarity,
                        f"{p.strength:.3f}",
                        p.confidence + ("*" if p.provisional else ""),
                        p.status,
                        p.accept_count,
                        p.reject_count,
                        (p.last_seen or "")[:10],
                    )
                    for p in prefs
                ],
                _COLUMNS,
            )
            + (PROVISIONAL_NOTE if any(p.provisional for p in prefs) else "")
            if prefs
            else "No preferences match."
        ),
    )
    return 0


def _signal_words(e: ExplainedEvent) -> str:
    """The event's signal; a rating of an injection says its outcome (``rated not relevant``)."""
    return f"rated {e.rating.replace('_', ' ')}" if e.rating else e.signal_type


def explain_text(d: Explanation) -> str:
    lines = []
    p = d.preference
    if p:
        lines.append(
            f"{readable(p.preference_type, p.pattern)} — {p.preference_type} '{p.pattern}' "
            f"({p.scope}, {p.polarity}): "
            f"strength {p.strength:.3f}, {p.confidence}, {p.status}"
            + (", provisional" if p.provisional else "")
        )
        if p.provisional:
            lines.append(PROVISIONAL_NOTE.strip().lstrip("* "))
    for e in d.events:
        lines.append(
            f"  {e.at}  {_signal_words(e):<22} {e.polarity:<8} {e.project_id or '-':<16} {e.session_id or ''}"
        )
    if d.from_pages:
        lines.append(f"From pages: {d.from_pages}")
    lines.append(d.why or "")
    return "\n".join(lines)


def explain(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store = ctx.store()
    now = ctx.now()
    project = checked_project(args, ctx)
    derivation.ensure_current(store, ctx.user, ctx.persist_now() if ctx.elsewhen else now)
    with store.read() as sess:
        data = explain_pattern(sess, ctx.user, args.type, args.pattern, project, now=now)
    out.emit(data.as_json(), lambda: explain_text(data))
    return 0

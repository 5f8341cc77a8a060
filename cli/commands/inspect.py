"""``inspect`` and ``explain``: what is remembered, and the events behind one preference."""

from __future__ import annotations

import argparse
from typing import Any

from creative_memory.cli.output import Out, table
from creative_memory.services import derivation, moment, queries
from creative_memory.services.context import Context

_COLUMNS = ["SCOPE", "TYPE", "PATTERN", "POLARITY", "STRENGTH", "TIER", "STATUS", "+", "-", "LAST SEEN"]


def inspect(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store = ctx.store()
    if ctx.elsewhen:  # another moment: evaluated in memory, nothing stored changes
        derivation.ensure_current(store, ctx.user, ctx.persist_now())
    else:
        derivation.refresh_decay(store, ctx.user, ctx.now())
    with store.read() as sess:
        prefs = queries.inspect(
            sess,
            ctx.user,
            project_id=args.project,
            scope=args.scope,
            status=args.status,
            preference_type=args.type,
            limit=args.limit,
        )
        if ctx.elsewhen:
            moment.evaluate_at(sess, prefs, ctx.now())
    out.emit(
        {"preferences": prefs},
        lambda: (
            table(
                [
                    (
                        p["scope"],
                        p["preference_type"],
                        p["pattern"],
                        p["polarity"],
                        f"{p['strength']:.3f}",
                        p["confidence"],
                        p["status"],
                        p["accept_count"],
                        p["reject_count"],
                        (p["last_seen"] or "")[:10],
                    )
                    for p in prefs
                ],
                _COLUMNS,
            )
            if prefs
            else "No preferences match."
        ),
    )
    return 0


def explain_text(d: dict[str, Any]) -> str:
    lines = []
    p = d.get("preference")
    if p:
        lines.append(
            f"{p['preference_type']} '{p['pattern']}' ({p['scope']}, {p['polarity']}): "
            f"strength {p['strength']:.3f}, {p['confidence']}, {p['status']}"
        )
    for e in d["events"]:
        lines.append(
            f"  {e['at']}  {e['signal_type']:<22} {e['polarity']:<8} {e['project_id'] or '-':<16} "
            f"{e['session_id'] or ''}"
        )
    lr = d.get("last_retrieval")
    if lr:
        lines.append(
            f"Last retrieval #{lr['retrieval_id']} ({lr['at']}): {lr['verdict']}"
            + (f" — {lr['reason']}" if lr["reason"] else "")
        )
    return "\n".join(lines)


def explain(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    store = ctx.store()
    derivation.ensure_current(store, ctx.user, ctx.persist_now() if ctx.elsewhen else ctx.now())
    with store.read() as sess:
        data = queries.explain(sess, ctx.user, args.type, args.pattern, args.project)
        if ctx.elsewhen:
            moment.evaluate_at(sess, [data.get("preference"), *data.get("records", [])], ctx.now())
    if not out.as_json:
        data.pop("history", None)
    out.emit(data, lambda: explain_text(data))
    return 0

"""``where`` (which store, chosen by which rule; ``--all``: every store on this machine) and ``use``
(remember a folder)."""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import TYPE_CHECKING

from creative_memory.cli.output import Out, table
from creative_memory.services.store import whereabouts

if TYPE_CHECKING:
    from creative_memory.services.context import Context
    from creative_memory.services.store.whereabouts import ListedStore, Whereabouts


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return str(n)


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts).astimezone().strftime("%Y-%m-%d %H:%M") if ts else "—"


def _tables(v: bool | None) -> str:
    return "unreadable" if v is None else "yes" if v else "no"


def where_text(d: Whereabouts) -> str:
    lines = [f"Store: {d.store}", f"Rule: {d.rule} — {d.rule_detail}"]
    if not d.exists:
        lines.append("Exists: no")
        return "\n".join(lines)
    lines.append("Exists: yes")
    if d.read_only:
        lines.append(f"Read-only: {d.read_only_reason}")
    elif d.schema_current is None:
        lines.append("Schema: not set up yet (the first change adds the memory tables, after a backup)")
    elif d.needs_migration:
        lines.append(f"Schema: {d.schema_current}, upgraded to {d.schema_latest} by the first change")
    else:
        lines.append(f"Schema: {d.schema_current}")
    if d.legacy:
        lines.append("This is the first release's default folder; the window offers to move the store.")
    for b in d.backups:
        lines.append(f"Backup copy: {b.path} ({_size(b.size)}, {_when(b.modified)})")
    if d.others:
        lines.append(f"Other stores found: {len(d.others)} (od-memory where --all lists them)")
    return "\n".join(lines)


def all_text(rows: list[ListedStore]) -> str:
    if not rows:
        return "No store was found on this computer."
    body = [
        [
            "*" if r.chosen else "",
            str(r.data_dir),
            r.channel or ("first release" if r.legacy else r.route),
            _size(r.size),
            _when(r.modified),
            _tables(r.daemon_tables),
        ]
        for r in rows
    ]
    return table(body, ["", "folder", "channel", "size", "last write", "Open Design's tables"])


def where(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    dd = ctx.data_dir
    if getattr(args, "all", False):
        rows = whereabouts.every_store(dd)
        out.emit({"stores": [r.as_json() for r in rows]}, lambda: all_text(rows))
        if not rows:
            out.note(f"od-memory: {dd.missing_sentence()}")
        return 0 if rows else 4
    facts = whereabouts.where(dd)
    data = facts.as_json()
    if not facts.exists:
        data["error"] = {"kind": "store_unavailable", "message": facts.missing}
    out.emit(data, lambda: where_text(facts))
    if not facts.exists:  # like every read-only command on a missing store
        out.note(f"od-memory: {facts.missing}")
        return 4
    return 0


def use(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    used = whereabouts.use(args.dir, clear=args.clear)
    data = used.as_json()
    if used.cleared:
        out.emit(data, "The remembered folder was forgotten; the store is found by discovery again.")
        return 0
    text = f"od-memory and the window now use {used.data_dir} (remembered in {used.choice_file})."
    if not used.store_exists:
        text += " It holds no app.sqlite yet; the first change creates one there."
    if used.overridden_by:
        text += " OD_DATA_DIR is set in this environment and still takes precedence."
    out.emit(data, text)
    return 0

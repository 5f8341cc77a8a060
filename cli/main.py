"""``od-memory``: the command-line twin of every control. A thin adapter over ``services``.

Exit codes: 0 ok; 1 the operation failed; 2 usage error; 3 invalid input (nothing changed);
4 store unavailable, locked past the timeout, or read-only; 5 refused for safety.
"""

from __future__ import annotations

import argparse
import getpass
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from creative_memory import __version__
from creative_memory.model.constants import Actor, Mode, Origin, Polarity
from creative_memory.services import controls, derivation, erasure, queries, retrieval
from creative_memory.services.clock import parse_instant
from creative_memory.services.context import Context, check_user, default_user
from creative_memory.services.datadir import resolve_data_dir
from creative_memory.services.errors import CreativeMemoryError, InvalidInput, ReadOnly
from creative_memory.services.store import Store, latest_revision

log = logging.getLogger("cm.cli")


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"od-memory: {message}", file=sys.stderr)
        raise SystemExit(2)


def _globals(p: argparse.ArgumentParser, *, top: bool) -> None:
    d = None if top else argparse.SUPPRESS
    p.add_argument(
        "--data-dir", metavar="DIR", default=d, help="the Open Design data folder (holds app.sqlite)"
    )
    p.add_argument("--user", metavar="ID", default=d, help="whose memory (default: OD_USER_ID or 'local')")
    p.add_argument(
        "--json",
        action="store_true",
        default=False if top else argparse.SUPPRESS,
        help="machine output on stdout; messages on stderr",
    )
    p.add_argument(
        "--now", metavar="ISO8601", default=d, help="evaluate as of this moment instead of the clock"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="od-memory", description="Inspect and control Open Design's creative memory.")
    parser.add_argument("--version", action="version", version=f"od-memory {__version__}")
    _globals(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def cmd(name: str, help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_)
        _globals(p, top=False)
        return p

    cmd("where", "show where the store is and which rule chose it")
    cmd("status", "show the state of the user's memory")
    cmd("enable", "turn creative memory on")
    cmd("disable", "turn creative memory off (stored memory is kept)")
    p = cmd("pause", "pause learning and/or using memory")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--until", metavar="ISO8601", help="resume by itself at this moment")
    g.add_argument("--for", dest="for_", metavar="DURATION", help="resume after 30m, 1h, 2d, 1w…")
    w = p.add_mutually_exclusive_group()
    w.add_argument("--learning", action="store_true", help="pause learning only")
    w.add_argument("--using", action="store_true", help="pause using only")
    p = cmd("resume", "end a pause")
    w = p.add_mutually_exclusive_group()
    w.add_argument("--learning", action="store_true")
    w.add_argument("--using", action="store_true")

    p = cmd("project", "per-project switches")
    psub = p.add_subparsers(dest="project_cmd", metavar="ACTION", parser_class=_Parser)
    psub.required = True
    pl = psub.add_parser("list", help="projects from the daemon table and from events")
    _globals(pl, top=False)
    pd = psub.add_parser("disable", help="stop using and/or learning from memory in a project")
    _globals(pd, top=False)
    pd.add_argument("id")
    w = pd.add_mutually_exclusive_group()
    w.add_argument("--using-only", action="store_true", help="only stop injecting memory here")
    w.add_argument("--learning-only", action="store_true", help="only stop learning from this project")
    pe = psub.add_parser("enable", help="use and learn from memory in a project again")
    _globals(pe, top=False)
    pe.add_argument("id")

    p = cmd("inspect", "list preferences, strongest first")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--scope", choices=["global", "project", "all"], default="all")
    p.add_argument("--status", choices=["stable", "under_review", "archived", "all"], default="all")
    p.add_argument("--type", metavar="T")
    p.add_argument("--limit", type=int, metavar="N")

    p = cmd("explain", "the events behind a preference and its last retrieval fate")
    p.add_argument("type")
    p.add_argument("pattern")
    p.add_argument("--project", metavar="ID")

    p = cmd("forget", "erase one pattern everywhere")
    p.add_argument("type")
    p.add_argument("pattern")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--polarity", choices=["positive", "negative"])
    p.add_argument("--block", action="store_true", help="never learn this pattern again")
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    p = cmd("reset", "erase all creative memory of the user")
    p.add_argument("--confirm", action="store_true", help="required: reset cannot be undone")
    p.add_argument("--backup", metavar="PATH", help="export a backup bundle first")
    p.add_argument("--include-settings", action="store_true", help="also reset settings and the blocklist")

    p = cmd("ingest", "feed raw signal events (JSON lines)")
    p.add_argument("file", nargs="?", default="-", help="a .jsonl file, or - for standard input")
    p.add_argument("--skip-invalid", action="store_true", help="store the valid lines, report the rest")

    p = cmd("retrieve", "run a retrieval")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--mode", choices=["generation", "critique"], default="generation")
    p.add_argument("--types", metavar="T,…")
    p.add_argument("--dry-run", action="store_true")

    p = cmd("preview", "the prompt block the composer would insert")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--mode", choices=["generation", "critique", "legacy"], default="generation")
    p.add_argument("--with-personal", action="store_true", help="also compose the Personal memory block")

    p = cmd("diagnostics", "recorded retrievals and their stage events")
    p.add_argument("--project", metavar="ID")
    p.add_argument("--type", metavar="EVENT")
    p.add_argument("--origin", choices=[str(o) for o in Origin])
    p.add_argument("--limit", type=int, default=20, metavar="N")

    cmd("decay", "bring decay and archival up to now")
    cmd("rebuild", "re-derive all preferences from the raw events")

    p = cmd("export", "write a portable bundle")
    p.add_argument("--to", required=True, metavar="PATH")
    p.add_argument("--encrypt", action="store_true", help="encrypt with a passphrase")
    p.add_argument("--passphrase-env", metavar="VAR", help="read the passphrase from this variable")
    p.add_argument("--remember-passphrase", action="store_true", help="keep it in the system keychain")

    p = cmd("import", "read a bundle (or a prototype preferences.json)")
    p.add_argument("path")
    p.add_argument("--mode", choices=["merge", "replace"], default="merge")
    p.add_argument("--passphrase-env", metavar="VAR")

    p = cmd("audit", "the activity log")
    p.add_argument("--limit", type=int, default=50, metavar="N")

    cmd("self-test", "prove that off, paused and project-disabled each yield an empty block")

    p = cmd("demo", "fill the store with realistic generated data")
    p.add_argument("--size", choices=["S", "M", "L"], default="S")
    p.add_argument("--seed", type=int, default=1)
    return parser


# --------------------------------------------------------------------------- output
class Out:
    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def emit(self, data: Any, human: str | Callable[[], str]) -> None:
        if self.as_json:
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        else:
            text = human() if callable(human) else human
            if text:
                sys.stdout.write(text.rstrip("\n") + "\n")

    @staticmethod
    def note(msg: str) -> None:
        print(msg, file=sys.stderr)


def _status_text(s: dict[str, Any]) -> str:
    lines = [f"Creative memory is {'on' if s['enabled'] else 'OFF'} for user '{s['user']}'."]
    for what in ("learning", "using"):
        until = s[f"{what}_paused_until"]
        if until:
            forever = s["paused_until_resumed"][what]
            lines.append(f"{what.capitalize()} is paused {'until resumed' if forever else 'until ' + until}.")
    c = s["counts"]
    lines.append(
        f"{c['preferences']} preferences from {c['events']} events; {c['retrievals']} retrievals recorded."
    )
    if s["projects_disabled"]:
        lines.append("Projects with memory switched off: " + ", ".join(s["projects_disabled"]))
    if s.get("ignored"):
        lines.append("Ignored at ingest: " + ", ".join(f"{k} {v}" for k, v in sorted(s["ignored"].items())))
    return "\n".join(lines)


def _table(rows: Sequence[Sequence[Any]], header: Sequence[str]) -> str:
    cells = [list(map(str, header))] + [[("" if c is None else str(c)) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells)


def _read_passphrase(env_var: str | None, *, confirm: bool) -> str:
    if env_var:
        value = os.environ.get(env_var)
        if value is None:
            raise InvalidInput(f"The environment variable {env_var} is not set; set it to the passphrase.")
        return value
    if not sys.stdin.isatty():
        raise InvalidInput("A passphrase is needed; run in a terminal or pass --passphrase-env VAR.")
    first = getpass.getpass("Passphrase: ")
    if confirm and getpass.getpass("Repeat passphrase: ") != first:
        raise InvalidInput("The two passphrases differ; nothing was written.")
    return first


def _confirm(question: str) -> bool:
    if not sys.stdin.isatty():
        return False
    return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")


# --------------------------------------------------------------------------- commands
def run(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    c = args.command
    user = ctx.user
    if c == "where":
        dd = ctx.data_dir
        exists = dd.store.exists()
        data: dict[str, Any] = {
            "data_dir": str(dd.path),
            "store": str(dd.store),
            "rule": dd.rule,
            "exists": exists,
            "read_only": False,
            "schema": {"current": None, "latest": latest_revision()},
        }
        if exists:
            st = Store.open(dd, create=False)
            data["read_only"] = st.read_only
            data["schema"] = {"current": st.schema.current, "latest": st.schema.latest}
            if st.read_only_reason:
                data["read_only_reason"] = st.read_only_reason
            st.close()
        out.emit(
            data,
            lambda: (
                f"Store: {dd.store}\nRule: {dd.describe()}\nExists: {'yes' if exists else 'no'}"
                + (f"\nRead-only: {data.get('read_only_reason')}" if data["read_only"] else "")
            ),
        )
        return 0

    store = ctx.store()
    now = ctx.now()
    if c == "status":
        s = controls.status(store, user, now)
        out.emit(s, lambda: _status_text(s))
    elif c in ("enable", "disable"):
        s = controls.set_enabled(store, user, c == "enable", actor=Actor.CLI, now=now)
        out.emit(s, lambda: _status_text(s))
    elif c == "pause":
        until: int | None = None
        if args.until:
            until = parse_instant(args.until, now)
        elif args.for_:
            from creative_memory.services.clock import parse_duration

            until = now + parse_duration(args.for_)
        what: controls.What = "learning" if args.learning else "using" if args.using else "both"
        s = controls.pause(store, user, until=until, what=what, actor=Actor.CLI, now=now)
        out.emit(s, lambda: _status_text(s))
    elif c == "resume":
        what_r: controls.What = "learning" if args.learning else "using" if args.using else "both"
        s = controls.resume(store, user, what=what_r, actor=Actor.CLI, now=now)
        out.emit(s, lambda: _status_text(s))
    elif c == "project":
        if args.project_cmd == "list":
            rows = controls.projects(store, user)
            out.emit(
                rows,
                lambda: (
                    _table(
                        [
                            (
                                r["id"],
                                r["name"] or "",
                                "on" if r["use_memory"] else "off",
                                "on" if r["learn_from_project"] else "off",
                                r["preferences"],
                                r["last_activity"] or "",
                            )
                            for r in rows
                        ],
                        ["ID", "NAME", "USE", "LEARN", "PREFS", "LAST ACTIVITY"],
                    )
                    if rows
                    else "No projects yet."
                ),
            )
        else:
            enable = args.project_cmd == "enable"
            use: bool | None
            learn: bool | None
            if enable:
                use, learn = True, True
            else:
                use = False if not args.learning_only else None
                learn = False if not args.using_only else None
            row = controls.set_project(
                store, user, args.id, use_memory=use, learn_from_project=learn, actor=Actor.CLI, now=now
            )
            out.emit(
                row,
                lambda: (
                    f"Project {row['id']}: use memory {'on' if row['use_memory'] else 'off'}, "
                    f"learn {'on' if row['learn_from_project'] else 'off'}."
                ),
            )
    elif c == "inspect":
        derivation.refresh_decay(store, user, now)
        with store.read() as sess:
            prefs = queries.inspect(
                sess,
                user,
                project_id=args.project,
                scope=args.scope,
                status=args.status,
                preference_type=args.type,
                limit=args.limit,
            )
        out.emit(
            {"preferences": prefs},
            lambda: (
                _table(
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
                    [
                        "SCOPE",
                        "TYPE",
                        "PATTERN",
                        "POLARITY",
                        "STRENGTH",
                        "TIER",
                        "STATUS",
                        "+",
                        "-",
                        "LAST SEEN",
                    ],
                )
                if prefs
                else "No preferences match."
            ),
        )
    elif c == "explain":
        derivation.ensure_current(store, user, now)
        with store.read() as sess:
            data = queries.explain(sess, user, args.type, args.pattern, args.project)
        data.pop("history", None) if out.as_json is False else None
        out.emit(data, lambda: _explain_text(data))
    elif c == "forget":
        t = erasure.Target(
            args.type, args.pattern, args.project, Polarity(args.polarity) if args.polarity else None
        )
        t.validate()
        if (
            not args.yes
            and not out.as_json
            and sys.stdin.isatty()
            and not _confirm(f"Erase every trace of {args.type} '{args.pattern}'?")
        ):
            out.note("Nothing was erased.")
            return 5
        r = erasure.forget(store, user, [t], blocks=ctx.blocks, block=args.block, actor=Actor.CLI, now=now)
        out.emit(r.as_json(), lambda: _receipt_text(r))
        return 0 if r.verified else 1
    elif c == "reset":
        backup_path = None
        if args.confirm and args.backup:
            from creative_memory.services import portability

            backup_path = str(
                portability.export_bundle(store, user, Path(args.backup), now=now, actor=Actor.CLI).path
            )
        r = erasure.reset(
            store,
            user,
            confirm=args.confirm,
            actor=Actor.CLI,
            now=now,
            include_settings=args.include_settings,
        )
        data = r.as_json()
        data.pop("blocked", None)
        data["backup"] = backup_path
        out.emit(
            data, lambda: _receipt_text(r) + (f"\nBackup written to {backup_path}." if backup_path else "")
        )
        return 0 if r.verified else 1
    elif c == "ingest":
        from creative_memory.services.ingest import ingest_jsonl

        if args.file == "-":
            text = sys.stdin.read()
        else:
            try:
                text = Path(args.file).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise InvalidInput(
                    f"Cannot read {args.file} ({exc}); give a UTF-8 JSON-lines file."
                ) from None
        rep = ingest_jsonl(
            store, text, default_user=user, now=now, skip_invalid=args.skip_invalid, blocks=ctx.blocks
        )
        data = rep.as_json()
        for rj in rep.rejected:
            out.note(f"line {rj['line']}: {rj['error']}")
        out.emit(
            data,
            lambda: (
                f"Accepted {rep.accepted}, duplicates {rep.duplicates}, "
                f"ignored {sum(rep.ignored.values())}, rejected {len(rep.rejected)}."
            ),
        )
        if rep.rejected and not args.skip_invalid:
            out.note("Nothing was stored: fix the lines above or use --skip-invalid.")
            return 3
    elif c == "retrieve":
        types = [t for t in (args.types or "").split(",") if t] or None
        o = retrieval.run(
            store,
            user,
            project_id=args.project,
            now=now,
            mode=Mode(args.mode),
            types=types,
            origin=Origin.CLI,
            dry_run=args.dry_run,
        )
        data = o.as_json()
        out.emit(data, lambda: o.block or retrieval.describe_empty(o.result.empty_reason))
    elif c == "preview":
        from creative_memory.services import preview

        p = preview.compose(
            store,
            user,
            ctx.data_dir.memory_dir,
            project_id=args.project,
            mode=Mode(args.mode),
            now=now,
            with_personal=args.with_personal,
        )
        out.emit(p.as_json(), lambda: p.text or p.empty_sentence)
    elif c == "diagnostics":
        with store.read() as sess:
            rets = queries.diagnostics(
                sess, user, project_id=args.project, origin=args.origin, event_type=args.type, limit=args.limit
            )
        out.emit(
            {"retrievals": rets},
            lambda: (
                "\n".join(
                    f"#{r['id']} {r['at']} {r['origin']} {r['project_id'] or '-'} {r['mode']} "
                    f"+{r['kept_positive']}/-{r['kept_negative']} {r['tokens']} tok {r['duration_ms']} ms"
                    + "".join(f"\n    [{e['stage']}] {e['trace']}" for e in r["events"])
                    for r in rets
                )
                or "No retrievals recorded."
            ),
        )
    elif c == "decay":
        if store.read_only:  # refresh_decay would silently report 0 changes
            raise ReadOnly(store.read_only_reason or "This store is read-only, so decay cannot be applied.")
        d = derivation.refresh_decay(store, user, now)
        out.emit(d, f"Decayed {d['decayed']}, archived {d['archived']}.")
    elif c == "rebuild":

        def prog(done: int, total: int) -> None:
            if not out.as_json and sys.stderr.isatty():
                print(f"\r{done}/{total} events", end="", file=sys.stderr)

        info = derivation.rebuild(store, user, now, progress=prog)
        with store.write() as sess:
            from creative_memory.services import audit

            audit.record(sess, user, Actor.CLI, "rebuild", "preferences", f"ok: {info.preferences}", now)
        data = {
            "preferences": info.preferences,
            "events": info.events,
            "duration_ms": round(info.duration_ms, 1),
        }
        out.emit(
            data,
            f"Re-derived {info.preferences} preferences from {info.events} events "
            f"in {info.duration_ms:.0f} ms.",
        )
    elif c == "export":
        from creative_memory.services import portability

        passphrase = _read_passphrase(args.passphrase_env, confirm=True) if args.encrypt else None
        res = portability.export_bundle(
            store, user, Path(args.to), now=now, actor=Actor.CLI, passphrase=passphrase
        )
        if (
            passphrase
            and args.remember_passphrase
            and not ctx.secrets.remember_passphrase(str(res.path), passphrase)
        ):
            out.note("No system keychain is available, so the passphrase was not remembered.")
        out.emit(res.as_json(), f"Wrote {res.events} events and {res.preferences} preferences to {res.path}.")
    elif c == "import":
        from creative_memory.services import portability

        path = Path(args.path)

        def ask() -> str:
            remembered = ctx.secrets.recall_passphrase(str(path.resolve()))
            return (
                remembered if remembered is not None else _read_passphrase(args.passphrase_env, confirm=False)
            )

        res = portability.import_file(
            store, user, path, mode=args.mode, now=now, actor=Actor.CLI, passphrase=ask, blocks=ctx.blocks
        )
        out.emit(
            res.as_json(), f"Imported {res.events} events ({res.preferences} preferences) from {res.path}."
        )
    elif c == "audit":
        if args.limit < 1:
            raise InvalidInput("--limit must be a positive number.")
        from creative_memory.services import audit

        with store.read() as sess:
            entries = audit.entries(sess, user, limit=args.limit)
        out.emit(
            {"entries": entries},
            lambda: (
                _table(
                    [(e["at"], e["actor"], e["action"], e["target"], e["outcome"]) for e in entries],
                    ["AT", "ACTOR", "ACTION", "TARGET", "OUTCOME"],
                )
                if entries
                else "No activity yet."
            ),
        )
    elif c == "self-test":
        from creative_memory.services import selftest

        report = selftest.run(store, user, now=now, actor=Actor.CLI)
        out.emit(
            report,
            lambda: "\n".join(
                f"{'ok  ' if ch['ok'] else 'FAIL'} {ch['name']}: {ch['detail']}" for ch in report["checks"]
            ),
        )
        return 0 if all(ch["ok"] for ch in report["checks"]) else 1
    elif c == "demo":
        from creative_memory.services import audit, demo

        def prog(done: int, total: int) -> None:
            if not out.as_json and sys.stderr.isatty():
                print(f"\r{done}/{total}", end="", file=sys.stderr)

        made = demo.generate(store, user, size=args.size, seed=args.seed, now=now, progress=prog)
        with store.write() as sess:
            audit.record(sess, user, Actor.CLI, "demo", f"size {args.size} seed {args.seed}", "ok", now)
        out.emit(
            made,
            f"Generated {made['events']} events, {made['preferences']} preferences, "
            f"{made['projects']} projects.",
        )
    else:  # pragma: no cover - argparse restricts the choices
        raise UsageError(c)
    return 0


def _explain_text(d: dict[str, Any]) -> str:
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


def _receipt_text(r: erasure.Receipt) -> str:
    j = r.as_json()["erased"]
    lines = [
        f"Erased {j['preferences']} preferences, deleted {j['events_deleted']} events, rewrote "
        f"{j['events_rewritten']}, removed {j['diagnostics']} diagnostics.",
        (
            "Verified: no trace was found in the store files."
            if r.verified
            else "NOT verified: traces may remain; see the notes."
        ),
    ]
    if r.blocked:
        lines.append("Blocked: it will not be learned again.")
    lines.extend(r.notes)
    return "\n".join(lines)


def make_context(args: argparse.Namespace) -> Context:
    dd = resolve_data_dir(args.data_dir)
    user = check_user(args.user or default_user())
    now = parse_instant(args.now) if args.now else None
    return Context(data_dir=dd, user=user, actor=Actor.CLI, now_override=now)


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(
        level=os.environ.get("CM_LOG_LEVEL", "WARNING"), stream=sys.stderr, format="%(name)s: %(message)s"
    )
    parser = build_parser()
    args = parser.parse_args(argv)
    out = Out(bool(getattr(args, "json", False)))
    ctx: Context | None = None
    try:
        ctx = make_context(args)
        return run(args, ctx, out)
    except CreativeMemoryError as exc:
        print(f"od-memory: {exc}", file=sys.stderr)
        if out.as_json:
            sys.stdout.write(json.dumps({"error": {"kind": exc.kind, "message": str(exc)}}) + "\n")
        return exc.exit_code
    except KeyboardInterrupt:
        print("od-memory: interrupted; the store was left consistent.", file=sys.stderr)
        return 1
    finally:
        if ctx is not None:
            ctx.close()


if __name__ == "__main__":
    raise SystemExit(main())

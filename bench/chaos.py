"""Not a speed figure: several processes on one store at once, then what must still hold.

    python -m bench.chaos --seconds 120 --seed 1 [--size S|M] [--window] [--keep]

A demo store (``od-memory demo``, a fixed ``--now``) is made in a temporary folder; then, for
``--seconds``, at the same time:

- better-sqlite3 writers shaped like the daemon (``journal_mode=WAL``, ``foreign_keys=ON``, the
  default 5 s wait), each into a table of its own: one keeps its connection (``keep``), one opens
  and closes a connection for every write (``churn``: Open Design restarting, its other tools), and
  a read-only one opens, counts our events and closes (``peek``);
- ``od-memory serve --stdio`` driven with JSON-RPC lines (``ingest`` for a user of its own,
  ``retrieve`` recorded and dry-run, ``decay``), the child ended and started again every few
  seconds as the daemon does when it restarts;
- one after the other, chosen by the seed: ``status``, ``where``, ``inspect``, ``diagnostics``,
  ``ingest`` of a probe pattern then ``forget --yes`` of it, ``rebuild``, ``decay``, ``export`` and
  ``import --as-user``, ``reset --confirm --backup`` of a side user, ``self-test``;
- with ``--window``, the window offscreen: one kept open for the whole run, and beside it
  ``creative-memory --self-test`` started again and again.

Before them, twice, a daemon's store without our tables is opened by five of our processes at once
(serve and four ingests: an ingest backs it up and migrates; serve, which asks first, may answer
needs_setup). Then, every process stopped, it checks: no process ended by a signal or printed a traceback;
every write a writer reported as committed is in its table; every event ``serve`` answered as
accepted is stored; ``PRAGMA integrity_check`` and ``foreign_key_check``; on a copy, the
preferences the incremental path leaves (``ensure_current``) equal a full ``rebuild``'s; each
forget whose receipt says verified left no byte of its pattern in ``app.sqlite``, ``-wal``,
``-shm`` or a backup (searched right after the forget and again at the end); no write of anyone
failed with "database is locked". Exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from bench.common import NOW, copy_store
from creative_memory.model.events import iso
from creative_memory.services.derivation import rebuild

ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = ROOT / "tests" / "node"
BIN = Path(sys.executable).parent
OD = str(BIN / "od-memory")
WINDOW = str(BIN / "creative-memory")
DAY = 86_400_000
CLOCK = NOW + DAY  # every process of ours evaluates as of this moment (so a rebuild can compare)
CLOCK_ISO = iso(CLOCK)
SERVE_USER = "chaos_serve"
SIDE_USER = "chaos_side"
TYPES = ("spacing", "typography", "layout", "color")

WRITER_JS = r"""
const Database = require('better-sqlite3');
const [path, mode, table, intervalArg] = process.argv.slice(1);
const interval = Number(intervalArg);
const out = (s) => process.stdout.write(s + '\n');
let db = null;
let i = 0;
let stopping = false;
function open() {
  const d = new Database(path, mode === 'peek' ? { readonly: true } : {});
  if (mode !== 'peek') {
    d.pragma('journal_mode = WAL');
    d.pragma('foreign_keys = ON');
    d.exec(`CREATE TABLE IF NOT EXISTS ${table} (k TEXT PRIMARY KEY, at INTEGER NOT NULL)`);
  }
  return d;
}
function once() {
  i += 1;
  const k = `${table}-${i}`;
  const t0 = Date.now();
  try {
    if (!db) db = open();
    if (mode === 'peek') {
      db.prepare('SELECT count(*) AS n FROM creative_memory_events').get();
      out(`read ${k} ${Date.now() - t0}`);
    } else {
      db.transaction(() => db.prepare(`INSERT INTO ${table} (k, at) VALUES (?, ?)`).run(k, Date.now()))();
      out(`ok ${k} ${Date.now() - t0}`);
    }
  } catch (e) {
    out(`fail ${k} ${Date.now() - t0} ${e.code || ''} ${String(e.message).replace(/\n/g, ' ')}`);
  } finally {
    if (mode !== 'keep' && db) {
      try { db.close(); } catch (e) { out(`fail close 0 ${e.code || ''} ${e.message}`); }
      db = null;
    }
  }
}
function loop() { if (!stopping) { once(); setTimeout(loop, interval); } }
process.stdin.on('end', () => { stopping = true; if (db) db.close(); out('done'); });
process.stdin.resume();
loop();
"""


@dataclass
class Log:
    """What every actor ran and what went wrong, shared by the threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    ran: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    refusals: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # seen, not failed: for a person to judge
    committed: dict[str, set[str]] = field(default_factory=dict)  # writer table -> keys
    served_events: set[str] = field(default_factory=set)
    forgotten: list[str] = field(default_factory=list)
    waits_ms: list[int] = field(default_factory=list)

    def count(self, what: str) -> None:
        with self.lock:
            self.ran[what] = self.ran.get(what, 0) + 1

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)
        print(f"  PROBLEM {text}", flush=True)

    def note(self, text: str) -> None:
        with self.lock:
            self.notes.append(text)
        print(f"  note: {text}", flush=True)

    def refused(self, text: str) -> None:
        with self.lock:
            self.refusals[text] = self.refusals.get(text, 0) + 1


def _bad_output(name: str, rc: int, err: str, log: Log) -> None:
    if rc < 0:
        log.problem(f"{name} ended by signal {-rc}: {err[-400:]}")
    if "Traceback" in err:
        log.problem(f"{name} printed a traceback: {err[err.index('Traceback') :][:1500]}")
    if "locked" in err.lower():
        log.problem(f"{name} failed on a locked store: {err.strip()[-400:]}")


# -- the daemon-like writers -----------------------------------------------------------------


def writer(path: Path, mode: str, table: str, interval_ms: int, stop: threading.Event, log: Log) -> None:
    proc = subprocess.Popen(
        ["node", "-e", WRITER_JS, str(path), mode, table, str(interval_ms)],
        cwd=NODE_DIR, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    keys = log.committed.setdefault(table, set()) if mode != "peek" else set()

    def read(out: IO[str]) -> None:
        for line in out:
            kind, _, rest = line.strip().partition(" ")
            if kind == "ok":
                k, _, wait = rest.partition(" ")
                keys.add(k)
                with log.lock:
                    log.waits_ms.append(int(wait))
                log.count(f"node {mode} writes committed")
            elif kind == "read":
                log.count(f"node {mode} reads")
            elif kind == "fail":
                log.problem(f"node {mode}: {rest}")

    t = threading.Thread(target=read, args=(proc.stdout,), daemon=True)
    t.start()
    stop.wait()
    proc.stdin.close()
    rc = proc.wait(timeout=30)
    t.join(timeout=10)
    err = proc.stderr.read() if proc.stderr else ""
    if rc != 0 or err.strip():
        log.problem(f"node {mode} exited {rc}: {err[-600:]}")


# -- serve --stdio ---------------------------------------------------------------------------


def _drain(stream: IO[str] | None, into: list[str]) -> None:
    if stream is not None:
        into.extend(stream)


def serve_driver(
    folder: Path, rng: random.Random, stop: threading.Event, log: Log, kill: bool = False
) -> None:
    n = 0
    rid = 0
    while not stop.is_set():
        proc = subprocess.Popen(
            [OD, "--data-dir", str(folder), "--now", CLOCK_ISO, "serve", "--stdio"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
        )  # fmt: skip
        assert proc.stdin is not None and proc.stdout is not None
        errs: list[str] = []
        et = threading.Thread(target=_drain, args=(proc.stderr, errs), daemon=True)
        et.start()
        log.count("serve children started")
        until = time.monotonic() + rng.uniform(3, 10)
        while time.monotonic() < until and not stop.is_set():
            rid += 1
            pick = rng.random()
            if pick < 0.45:
                evs = []
                for _ in range(rng.randint(1, 4)):
                    n += 1
                    evs.append(
                        {
                            "event_id": f"serve_{n}",
                            "user_id": SERVE_USER,
                            "signal_type": rng.choice(["generation_accepted", "thumbs_up", "thumbs_down"]),
                            "occurred_at": iso(CLOCK - DAY + n * 1000),
                            "project_id": f"p_chaos_{rng.randint(1, 3)}",
                            "session_id": f"s_chaos_{n // 20}",
                            "patterns": [
                                {
                                    "preference_type": rng.choice(TYPES),
                                    "pattern": f"serve_pattern_{rng.randint(1, 40)}",
                                    "polarity": rng.choice(["positive", "negative"]),
                                }
                            ],
                        }
                    )
                req: dict[str, Any] = {"method": "ingest", "params": {"events": evs}}
            elif pick < 0.9:
                user = rng.choice([SERVE_USER, "local"])
                req = {
                    "method": "retrieve",
                    "params": {
                        "user_id": user,
                        "project_id": f"p_chaos_{rng.randint(1, 3)}",
                        "dry_run": rng.random() < 0.3,
                    },
                }
            else:
                req = {"method": "decay", "params": {"user_id": rng.choice([SERVE_USER, "local"])}}
            line = json.dumps({"jsonrpc": "2.0", "id": rid, **req})
            try:
                proc.stdin.write(line + "\n")
                proc.stdin.flush()
                answer = proc.stdout.readline()
            except BrokenPipeError:
                answer = ""
            if not answer:
                log.problem(f"serve gave no answer to {req['method']} (exit {proc.poll()})")
                break
            msg = json.loads(answer)
            if "error" in msg:
                kind = msg["error"].get("data", {}).get("kind", "?")
                text = f"serve {req['method']}: {kind}: {msg['error']['message']}"
                if kind in ("store_locked", "internal") or "locked" in text.lower():
                    log.problem(text)
                else:
                    log.refused(text)
                continue
            log.count(f"serve {req['method']}")
            if req["method"] == "ingest":
                for ev in msg["result"]["events"]:
                    if ev["outcome"] == "accepted":
                        with log.lock:
                            log.served_events.add(ev["event_id"])
            time.sleep(rng.uniform(0.005, 0.05))
        if kill and rng.random() < 0.3:
            proc.send_signal(signal.SIGKILL)  # a daemon killing a child that stopped answering
            proc.stdin.close()
            proc.wait(timeout=60)
            et.join(timeout=10)
            log.count("serve children killed")
            continue
        proc.stdin.close()
        rc = proc.wait(timeout=60)
        et.join(timeout=10)
        _bad_output("serve", rc, "".join(errs), log)
        if rc != 0:
            log.problem(f"serve exited {rc}: {''.join(errs)[-400:]}")


# -- the command line ------------------------------------------------------------------------


def od(
    folder: Path,
    *args: str,
    user: str | None = None,
    stdin: str | None = None,
    kill_after: float | None = None,
) -> tuple[int, str, str]:
    """Run a command; with ``kill_after``, end it by SIGKILL if it still runs after that many seconds."""
    cmd = [OD, "--data-dir", str(folder), "--now", CLOCK_ISO, "--json"]
    if user:
        cmd += ["--user", user]
    p = subprocess.Popen(
        [*cmd, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        out, err = p.communicate(stdin, timeout=kill_after if kill_after is not None else 300)
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGKILL)
        out, err = p.communicate()
    return p.returncode, out, err


def probe_events(user: str, pattern: str, start: int, count: int) -> str:
    lines = []
    for i in range(count):
        lines.append(
            json.dumps(
                {
                    "event_id": f"{pattern}_{i}",
                    "user_id": user,
                    "signal_type": "manual_refinement",
                    "occurred_at": iso(start + i * 1000),
                    "project_id": "p_chaos_1",
                    "diff": f"made it {pattern} again",
                    "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
                }
            )
        )
    return "\n".join(lines) + "\n"


def store_files(folder: Path) -> list[Path]:
    store = folder / "app.sqlite"
    out = [store, store.with_name("app.sqlite-wal"), store.with_name("app.sqlite-shm")]
    out += sorted(p for p in folder.iterdir() if p.name.startswith("app.sqlite.") or ".backup" in p.name)
    return [p for p in out if p.exists()]


def byte_hits(folder: Path, needle: str) -> list[str]:
    """Files holding ``needle`` (read with plain descriptors: no SQLite connection of this process
    is open while the others run, so closing them drops nobody's locks)."""
    hits = []
    for p in store_files(folder):
        try:
            data = p.read_bytes()
        except OSError:
            continue
        if needle.encode() in data or needle.upper().encode() in data:
            hits.append(p.name)
    return hits


KILLABLE = ("ingest", "forget", "rebuild", "decay", "import", "reset")


def cli_driver(
    folder: Path, work: Path, rng: random.Random, stop: threading.Event, log: Log, kill: bool = False
) -> None:
    probes = 0
    pending: list[str] = []  # ingested probe patterns not forgotten yet (or whose forget was killed)
    interrupted: set[str] = set()  # patterns whose forget was killed
    start = CLOCK - DAY // 2
    while not stop.is_set():
        pick = rng.choices(
            ["status", "where", "inspect", "diagnostics", "probe", "forget", "rebuild", "decay", "export",
             "reset", "selftest"],
            weights=[3, 1, 2, 1, 4, 4, 1, 2, 1, 1, 1],
        )[0]  # fmt: skip
        user: str | None = None
        stdin = None
        if pick == "status":
            args = ["status"]
        elif pick == "where":
            args = ["where"]
        elif pick == "inspect":
            args = ["inspect"]
        elif pick == "diagnostics":
            args = ["diagnostics"]
        elif pick == "probe" or (pick == "forget" and not pending):
            probes += 1
            name = f"chaosprobe_{rng.randint(10**5, 10**6 - 1)}_{probes}"
            pick, args, stdin = (
                "ingest",
                ["ingest", "-"],
                probe_events("local", name, start + probes * 60_000, 5),
            )
            pending.append(name)
        elif pick == "forget":
            name = pending.pop(rng.randrange(len(pending)))
            args = ["forget", "layout", name, "--yes"]
        elif pick == "rebuild":
            args = ["rebuild"]
        elif pick == "decay":
            args = ["decay"]
        elif pick == "export":
            bundle = work / f"bundle-{rng.randint(0, 10**9)}.json"
            # serve's user: its patterns are never forgotten, so no forget meets a copy of them
            # kept under the importing user (the receipt would rightly not be verified)
            rc, out, err = od(folder, "export", "--to", str(bundle), user=SERVE_USER)
            log.count("cli export")
            _bad_output("export", rc, err, log)
            if rc != 0:
                log.problem(f"export exited {rc}: {err.strip()[-300:]}")
                continue
            pick, args = "import", ["import", str(bundle), "--as-user", "chaos_imported"]
        elif pick == "reset":
            probes += 1
            name = f"chaosside_{probes}"
            rc, out, err = od(
                folder, "ingest", "-", stdin=probe_events(SIDE_USER, name, start + probes * 60_000, 3)
            )
            _bad_output("ingest (side)", rc, err, log)
            backup = work / f"reset-backup-{probes}.json"
            user, args = SIDE_USER, ["reset", "--confirm", "--backup", str(backup)]
        else:
            args = ["self-test"]
        kill_after = rng.uniform(0.05, 1.5) if kill and pick in KILLABLE and rng.random() < 0.3 else None
        rc, out, err = od(folder, *args, user=user, stdin=stdin, kill_after=kill_after)
        if rc == -signal.SIGKILL and kill_after is not None:
            log.count(f"cli {pick} killed mid-run")
            if pick == "forget":
                pending.append(args[2])  # forgotten again later
                interrupted.add(args[2])
            elif pick == "ingest":
                pending.pop()  # stored or not: not forgotten later
            continue
        log.count(f"cli {pick}")
        _bad_output(pick, rc, err, log)
        if rc != 0:
            if pick == "forget" and args[2] in interrupted and '"not_found"' in out:
                # the killed forget had erased it: what its byte search would have proven is seen here
                hits = byte_hits(folder, args[2])
                log.count("cli forget after a killed one: nothing left to forget")
                if hits:
                    log.note(f"a killed forget of {args[2]} left its bytes in {hits}; forgetting it again "
                             "says nothing is remembered")  # fmt: skip
            elif pick in ("forget", "reset") and out.lstrip().startswith("{") and '"verified": false' in out:
                # an honest receipt: the byte search found copies (its notes say where and what to do)
                got = json.loads(out)
                log.note(f"{pick} not verified, {got.get('occurrences_found')} found: {got.get('notes')}")
            elif rc in (2, 3) and pick in ("self-test",):
                log.refused(f"{pick} exited {rc}")
            else:
                log.problem(f"{' '.join(args)} exited {rc}: {(err or out).strip()[-300:]}")
            continue
        if pick == "ingest":
            got = json.loads(out)
            if got.get("accepted") != 5:
                log.problem(f"ingest of probe {pending[-1]} did not store every event: {got}")
        if pick == "reset":
            hits = byte_hits(folder, f"chaosside_{probes}")
            if hits:
                log.problem(
                    f"reset of {SIDE_USER} said verified, but chaosside_{probes} is in {hits} right after"
                )
        if pick == "forget":
            receipt = json.loads(out)
            if receipt.get("verified"):
                log.forgotten.append(args[2])
                hits = byte_hits(folder, args[2])
                if hits:
                    log.problem(f"forget of {args[2]} said verified, but its bytes are in {hits} right after")
            else:
                log.refused(f"forget not verified: {receipt.get('notes')}")


def window_driver(folder: Path, stop: threading.Event, log: Log) -> None:
    """One window open for the whole run (it polls for others' changes, refreshes its tab and runs
    its decay catch-up), and beside it ``--self-test`` windows, one after the other."""
    logs = folder.parent / "logs"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CM_LOG_DIR": str(logs)}
    kept = subprocess.Popen(
        [WINDOW, "--data-dir", str(folder)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**env, "CM_LOG_DIR": str(logs / "kept")},
    )  # fmt: skip
    log.count("window kept open")
    try:
        _self_tests(folder, env, stop, log)
    finally:
        early = kept.poll()
        if early is None:
            fds = Path(f"/proc/{kept.pid}/fd")
            if fds.is_dir():  # Linux: whether it had the store open (it loaded its tabs)
                held = any(str(p.resolve()).startswith(str(folder / "app.sqlite")) for p in fds.iterdir())
                log.count(f"window kept open {'had' if held else 'did NOT have'} the store open at the end")
            kept.terminate()
        _, err = kept.communicate(timeout=60)
        if early is not None:
            log.problem(f"the window kept open ended before the run did ({early}): {err.strip()[-600:]}")
        _bad_output("window kept open", early or 0, err, log)
        for f in (logs / "kept").glob("*.log*"):
            text = f.read_text(errors="replace")
            if "Traceback" in text or " ERROR " in text:
                log.problem(f"the window kept open logged an error: {text[-1500:]}")


def _self_tests(folder: Path, env: dict[str, str], stop: threading.Event, log: Log) -> None:
    while not stop.is_set():
        try:
            p = subprocess.run(
                [WINDOW, "--data-dir", str(folder), "--self-test"],
                capture_output=True,
                text=True,
                env=env,
                timeout=300,
            )
        except subprocess.TimeoutExpired:
            log.problem("a window --self-test did not end within 300 s (killed)")
            continue
        log.count("window self-test")
        _bad_output("window", p.returncode, p.stderr, log)
        if p.returncode != 0:
            log.problem(f"window --self-test exited {p.returncode}: {p.stderr.strip()[-400:]}")


def first_open(work: Path, log: Log, rounds: int = 2) -> None:
    """A daemon's store that has none of our tables yet, opened by five of our processes at once
    (serve and four ingests): each must succeed (an ingest's first open backs the store up and
    migrates; serve, which asks first, answers needs_setup until one has)."""
    for r in range(rounds):
        folder = work / f"first-open-{r}" / "data"
        folder.mkdir(parents=True)
        subprocess.run(
            ["node", "-e", "const D = require('better-sqlite3'); const d = new D(process.argv[1]); "
             "d.pragma('journal_mode = WAL'); d.exec('CREATE TABLE projects (id TEXT PRIMARY KEY)'); d.close();",
             str(folder / "app.sqlite")],
            cwd=NODE_DIR, check=True,
        )  # fmt: skip
        procs = [
            subprocess.Popen(
                [OD, "--data-dir", str(folder), "--now", CLOCK_ISO, "--json", "ingest", "-"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        procs.append(
            subprocess.Popen(
                [OD, "--data-dir", str(folder), "--now", CLOCK_ISO, "serve", "--stdio"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
        for i, p in enumerate(procs):
            assert p.stdin is not None
            if i < 4:
                p.stdin.write(probe_events("local", f"first_open_{r}_{i}", CLOCK - DAY, 2))
            else:
                p.stdin.write(
                    json.dumps({"jsonrpc": "2.0", "id": 1, "method": "status", "params": {}}) + "\n"
                )
        for p in procs:
            out, err = p.communicate(timeout=120)
            log.count("first-open processes")
            _bad_output("first open", p.returncode, err, log)
            # serve does not add our tables without consent: before an ingest has, its answer is
            # needs_setup (the daemon's client shows it as a status), which is no failure
            if p.returncode != 0 or ('"error"' in out and '"kind":"needs_setup"' not in out):
                log.problem(
                    f"a first open beside four others failed ({p.returncode}): {(err or out).strip()[-300:]}"
                )


# -- the checks afterwards -------------------------------------------------------------------

SKIP = {"creative_memory_preferences": ("id", "cache_key")}


def pref_digest(db: Path) -> tuple[int, str, list[tuple[Any, ...]]]:
    """The preference rows of the store file ``db`` (but their ids and keys): count, digest, rows."""
    con = sqlite3.connect(db)
    try:
        cols = [
            r[1]
            for r in con.execute("PRAGMA table_info(creative_memory_preferences)")
            if r[1] not in SKIP["creative_memory_preferences"]
        ]
        rows = con.execute(
            f"SELECT {', '.join(cols)} FROM creative_memory_preferences "
            "ORDER BY user_id, scope, preference_type, pattern, polarity"
        ).fetchall()
    finally:
        con.close()
    h = hashlib.sha256(repr(rows).encode()).hexdigest()[:16]
    return len(rows), h, rows


def check(folder: Path, work: Path, log: Log) -> None:
    from creative_memory.services.derivation import derivation
    from creative_memory.services.location.datadir import DataDir
    from creative_memory.services.store.store import Store

    store = folder / "app.sqlite"
    con = sqlite3.connect(store)
    try:
        ic = con.execute("PRAGMA integrity_check").fetchall()
        print(f"  integrity_check: {ic[0][0] if len(ic) == 1 else ic[:5]}")
        if ic != [("ok",)]:
            log.problem(f"integrity_check: {ic[:10]}")
        fk = con.execute("PRAGMA foreign_key_check").fetchall()
        if fk:
            log.problem(f"foreign_key_check: {fk[:10]}")
        for table, keys in log.committed.items():
            have = {r[0] for r in con.execute(f"SELECT k FROM {table}")}
            lost = keys - have
            print(f"  {table}: {len(keys)} committed, {len(lost)} missing")
            if lost:
                log.problem(f"{table}: {len(lost)} committed writes missing, e.g. {sorted(lost)[:5]}")
        have = {
            r[0]
            for r in con.execute(
                "SELECT event_id FROM creative_memory_events WHERE user_id = ?", (SERVE_USER,)
            )
        }
        lost = log.served_events - have
        print(f"  serve's accepted events: {len(log.served_events)}, {len(lost)} missing")
        if lost:
            log.problem(f"{len(lost)} events serve accepted are not stored, e.g. {sorted(lost)[:5]}")
        users = [r[0] for r in con.execute("SELECT DISTINCT user_id FROM creative_memory_events")]
    finally:
        con.close()
    again = [name for name in log.forgotten if byte_hits(folder, name)]
    print(f"  verified forgets: {len(log.forgotten)}, patterns found again at the end: {len(again)}")
    if again:
        log.problem(f"verified-forgotten patterns in the store files at the end: {again[:5]}")

    copy = work / "rebuild-copy"
    copy_store(folder, copy)
    s = Store.open(DataDir(copy, "flag"))
    try:
        for u in users:
            derivation.ensure_current(s, u, CLOCK)
        n0, h0, rows0 = pref_digest(copy / "app.sqlite")
        for u in users:
            rebuild.rebuild(s, u, CLOCK)
        n1, h1, rows1 = pref_digest(copy / "app.sqlite")
    finally:
        s.close()
    print(
        f"  preferences after ensure_current: {n0} rows {h0}; after rebuild: {n1} rows {h1} ({len(users)} users)"
    )
    if h0 != h1:
        a, b = set(rows0), set(rows1)
        log.problem(
            f"rebuild changed what the incremental path left: {len(a - b)} rows only before, {len(b - a)} only after; "
            f"e.g. before {sorted(a - b, key=repr)[:2]} after {sorted(b - a, key=repr)[:2]}"
        )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", choices=("S", "M"), default="S")
    ap.add_argument("--window", action="store_true", help="also start the window offscreen, again and again")
    ap.add_argument(
        "--kill", action="store_true", help="also end some commands and serve children by SIGKILL"
    )
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder and say where it is")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="cm-chaos-"))
    folder = work / "data"
    folder.mkdir()
    print(
        f"chaos: size {args.size}, seed {args.seed}, {args.seconds:.0f} s, now {CLOCK_ISO}"
        f"{', window' if args.window else ''}{', SIGKILLs' if args.kill else ''}",
        flush=True,
    )
    t0 = time.perf_counter()
    rc, _, err = od(folder, "demo", "--size", args.size)
    if rc != 0:
        sys.exit(f"demo failed: {err}")
    print(f"demo store made in {time.perf_counter() - t0:.1f} s", flush=True)
    log = Log()
    first_open(work, log)
    stop = threading.Event()
    store = folder / "app.sqlite"
    actors = [
        threading.Thread(target=writer, args=(store, "keep", "od_chaos_keep", 20, stop, log)),
        threading.Thread(target=writer, args=(store, "churn", "od_chaos_churn", 40, stop, log)),
        threading.Thread(target=writer, args=(store, "peek", "-", 150, stop, log)),
        threading.Thread(
            target=serve_driver, args=(folder, random.Random(rng.random()), stop, log, args.kill)
        ),
        threading.Thread(
            target=cli_driver, args=(folder, work, random.Random(rng.random()), stop, log, args.kill)
        ),
    ]
    if args.window:
        actors.append(threading.Thread(target=window_driver, args=(folder, stop, log)))
    for a in actors:
        a.start()
    time.sleep(args.seconds)
    stop.set()
    for a in actors:
        a.join()
    print("ran:")
    for what, n in sorted(log.ran.items()):
        print(f"  {what:32} {n}")
    if log.waits_ms:
        print(f"  node writers' longest wait: {max(log.waits_ms)} ms")
    if log.refusals:
        print("refused as they should be (not counted as problems):")
        for what, n in sorted(log.refusals.items()):
            print(f"  {n} × {what[:200]}")
    if log.notes:
        print("notes (not counted as problems):")
        for n in log.notes:
            print(f"  - {n}")
    print("checks:")
    check(folder, work, log)
    if args.keep:
        print(f"kept: {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    if log.problems:
        print(f"{len(log.problems)} PROBLEMS:")
        for p in log.problems:
            print(f"  - {p[:2000]}")
        sys.exit(1)
    print("no problem found")


if __name__ == "__main__":
    main()

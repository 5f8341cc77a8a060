"""Crash safety: ``kill -9`` a process at a random moment while it imports a large bundle, forgets a
pattern with many events, resets, or rebuilds the derived cache.

Each trial copies a small prepared store, lets a forked child of ``writer_process.py crash-server``
start the operation, and kills it with SIGKILL after a seeded random delay spread over the
operation's duration (measured once per operation, by the same path). After every kill:

* the store opens with no manual repair, writable, and ``PRAGMA integrity_check`` is ok;
* it is in the before or the after state: a digest of our tables' rows (events with their content
  hashes, settings, audit, diagnostics; for single-transaction operations also the preferences and
  the derivation row), plus the operation's own all-or-nothing property. A forget runs in chunks
  under a lease that carries its targets; the next open finishes one that was killed half-way, so
  after that open it too is in the before or the after state;
* the next operation (derive, then a recorded retrieval) succeeds and leaves a cache equal to a
  full derivation of the events.

``CM_CRASH_TRIALS`` (per operation; default 13, so 52 in all) and ``CM_CRASH_SEED`` make nightly
runs longer or different; a failure names the seed, the operation and the delay.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import keyring.backends.fail
import pytest
from sqlalchemy import select

from creative_memory.model.constants import Actor
from creative_memory.model.events import iso
from creative_memory.model.tables import Preference
from creative_memory.services.context import Context
from creative_memory.services.controls import controls
from creative_memory.services.derivation import cache_state, derivation, rebuild
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import exporting

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
SERVER = HERE / "writer_process.py"
TRIALS = int(os.environ.get("CM_CRASH_TRIALS", "13"))
SEED = int(os.environ.get("CM_CRASH_SEED", "1746"))
USER = "u"
T0 = 1_767_225_600_000  # 2026-01-01T00:00:00Z
NOW = T0 + 30 * 86_400_000
P = ("color", "crash_teal")  # forgotten in the forget trials
BASE_EVENTS = 800
BUNDLE_EVENTS = 1500
OPS = ("import", "forget", "reset", "rebuild")


# ------------------------------------------------------------------------------ the data
def wire_events(prefix: str, n: int, start: int, *, with_p: bool) -> list[dict[str, Any]]:
    kinds = [("layout", f"grid_{i}") for i in range(12)] + [("color", f"hue_{i}") for i in range(8)]
    out = []
    for i in range(n):
        pats = [kinds[i % len(kinds)]]
        if with_p and i % 2 == 0:  # half of the events name P: a quarter alone, a quarter beside another
            pats = [P] if i % 4 == 0 else [P, kinds[i % len(kinds)]]
        pol = "negative" if i % 7 == 0 else "positive"
        out.append(
            {
                "event_id": f"{prefix}{i}",
                "user_id": USER,
                "project_id": f"p_{i % 3}" if i % 5 == 0 else None,
                "signal_type": "thumbs_down"
                if pol == "negative"
                else ("manual_refinement" if i % 3 else "thumbs_up"),
                "occurred_at": iso(start + i * 60_000),
                "session_id": f"s_{i % 9}",
                "patterns": [{"preference_type": t, "pattern": p, "polarity": pol} for t, p in pats],
                "diff": f"change {i}",
            }
        )
    return out


def fresh_store(path: Path) -> Store:
    return Store.open(DataDir(path, "flag"), busy_timeout_s=5.0)


def finish(store: Store) -> None:
    assert store.checkpoint_truncate()
    store.close()


@dataclass(frozen=True)
class Template:
    op: str
    db: Path  # app.sqlite, checkpointed: a single file
    extra: dict[str, str]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("crash")


@pytest.fixture(scope="module")
def config_dir(workspace: Path) -> Path:
    cfg = workspace / "config"
    SecretStore(config_dir=cfg, keyring_backend=keyring.backends.fail.Keyring()).install_secret()
    return cfg


@pytest.fixture(scope="module")
def templates(workspace: Path, config_dir: Path) -> dict[str, Template]:
    blocks = BlockChecker(SecretStore(config_dir=config_dir, keyring_backend=keyring.backends.fail.Keyring()))

    def base(name: str) -> Path:
        folder = workspace / f"template-{name}"
        store = fresh_store(folder)
        evs = [validate_event(e) for e in wire_events("e", BASE_EVENTS, T0, with_p=True)]
        assert ingest_events(store, evs, default_user=USER, now=NOW, blocks=blocks).accepted == BASE_EVENTS
        retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW))
        retrieval.run(store, retrieval.RetrievalRequest(USER, project_id="p_0", now=NOW, types=["color"]))
        controls.set_project(store, USER, "p_2", use_memory=False, actor=Actor.CLI, now=NOW)
        finish(store)
        return folder / "app.sqlite"

    out: dict[str, Template] = {}
    # Import: a small store and a large bundle (another user's export) merged into it.
    src_folder = workspace / "bundle-source"
    src = fresh_store(src_folder)
    bundle_events = [
        validate_event(e) for e in wire_events("b", BUNDLE_EVENTS, T0 - 86_400_000, with_p=False)
    ]
    ingest_events(src, bundle_events, default_user=USER, now=NOW, blocks=blocks, derive=False)
    bundle = workspace / "bundle.json"
    exporting.export_bundle(src, USER, bundle, now=NOW, actor=Actor.CLI)
    src.close()
    small_folder = workspace / "template-import"
    small = fresh_store(small_folder)
    evs = [validate_event(e) for e in wire_events("e", 200, T0, with_p=False)]
    ingest_events(small, evs, default_user=USER, now=NOW, blocks=blocks)
    finish(small)
    out["import"] = Template("import", small_folder / "app.sqlite", {"bundle": str(bundle)})

    full = base("full")  # forget and reset start from the same store
    out["forget"] = Template("forget", full, {"type": P[0], "pattern": P[1], "config": str(config_dir)})
    out["reset"] = Template("reset", full, {})
    # Rebuild: the cache is gone (as after a derivation-version bump), the events are all there.
    rb = workspace / "template-rebuild" / "app.sqlite"
    rb.parent.mkdir()
    shutil.copyfile(full, rb)
    con = sqlite3.connect(rb)
    with con:
        con.execute("DELETE FROM creative_memory_preferences")
        con.execute("DELETE FROM creative_memory_derivations")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    out["rebuild"] = Template("rebuild", rb, {})
    return out


# ------------------------------------------------------------------------------ the killer
class CrashServer:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVER), "crash-server"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=str(HERE.parents[1]),
        )
        assert self._line() == "ready"

    def _line(self) -> str:
        out: IO[bytes] | None = self.proc.stdout
        assert out is not None
        raw = out.readline()
        if not raw:
            err = self.proc.stderr.read().decode() if self.proc.stderr else ""
            raise AssertionError(f"the crash server died: {err}")
        return raw.decode().rstrip("\n")

    def trial(self, cmd: dict[str, Any], delay: float | None) -> tuple[bool, float | None, list[str]]:
        """Start ``cmd`` in a child; SIGKILL it ``delay`` s after it started (after it finished when
        None). Returns whether it had finished before the kill, its duration if it did, the lines."""
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(cmd) + "\n").encode())
        self.proc.stdin.flush()
        lines: list[str] = []
        pid = None
        while True:
            line = self._line()
            lines.append(line)
            if line.startswith("pid "):
                pid = int(line.split()[1])
            elif line.startswith("go "):
                # The child's own pid: after the fork it may say "go" before the server says "pid"
                # (opening a store no longer builds an SQLAlchemy engine, so it often does).
                pid = int(line.split()[1])
                break
            elif line.startswith(("error", "exit")):
                raise AssertionError(f"the operation failed before it started: {lines}")
        assert pid is not None
        if delay is None:
            while not (line := self._line()).startswith(("done", "error", "exit")):
                lines.append(line)
            lines.append(line)
        else:
            time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        while not lines[-1].startswith("exit "):
            lines.append(self._line())
        errors = [ln for ln in lines if ln.startswith("error")]
        assert not errors, errors
        assert lines[-1].split()[2] == str(int(signal.SIGKILL)), lines
        done = [ln for ln in lines if ln.startswith("done ")]
        return bool(done), (float(done[0].split()[2]) if done else None), lines

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()


@pytest.fixture(scope="module")
def server() -> Iterator[CrashServer]:
    s = CrashServer()
    try:
        yield s
    finally:
        s.close()


# ------------------------------------------------------------------------------ states
def _rows(con: sqlite3.Connection, sql: str) -> list[tuple[Any, ...]]:
    return sorted(con.execute(sql).fetchall(), key=repr)


def state(db: Path) -> dict[str, Any]:
    """Our tables' rows, in parts: canonical data, the derived cache, and facts for the checks."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        canonical = {
            "events": _rows(con, "SELECT event_id, user_id, content_hash FROM creative_memory_events"),
            "settings": _rows(con, "SELECT * FROM creative_memory_settings"),
            "project_settings": _rows(
                con,
                "SELECT user_id, project_id, use_memory, learn_from_project FROM creative_memory_project_settings",
            ),
            # A forget finished by the next open says so in its outcome ("ok, finished after an
            # interruption"): done all the same, as the uninterrupted run's "ok".
            "audit": _rows(
                con,
                "SELECT at, user_id, actor, action, target, "
                "CASE WHEN outcome LIKE 'ok%' THEN 'ok' ELSE outcome END FROM creative_memory_audit",
            ),
            "retrievals": _rows(con, "SELECT id FROM creative_memory_retrievals"),
            "retrieval_events": _rows(con, "SELECT id FROM creative_memory_retrieval_events"),
        }
        cache = {
            "preferences": _rows(
                con,
                "SELECT user_id, scope, preference_type, pattern, polarity, round(strength, 9), status, "
                "accept_count, reject_count, state FROM creative_memory_preferences",
            ),
            "derivations": _rows(
                con,
                "SELECT user_id, derivation_version, cache_key, set_digest, max_seq FROM creative_memory_derivations",
            ),
        }
        facts = {
            "p_events": con.execute(
                "SELECT count(*) FROM creative_memory_events WHERE instr(payload, ?) > 0", (P[1],)
            ).fetchone()[0],
            "p_index": con.execute(
                "SELECT count(*) FROM creative_memory_event_patterns WHERE pattern = ?", (P[1],)
            ).fetchone()[0],
            "p_prefs": con.execute(
                "SELECT count(*) FROM creative_memory_preferences WHERE pattern = ?", (P[1],)
            ).fetchone()[0],
            "bundle_events": con.execute(
                "SELECT count(*) FROM creative_memory_events WHERE event_id LIKE 'b%'"
            ).fetchone()[0],
            "events": con.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0],
            "prefs": con.execute("SELECT count(*) FROM creative_memory_preferences").fetchone()[0],
        }
    finally:
        con.close()

    def h(obj: Any) -> str:
        return hashlib.sha256(repr(obj).encode()).hexdigest()[:16]

    return {"canonical": h(canonical), "full": h((canonical, cache)), "facts": facts}


def open_and_check(folder: Path) -> Store:
    """The next start, as every command, the window and ``serve`` open a store (services.context):
    recovering the WAL with no repair and finishing a forget whose run died between its chunks
    (docs/decisions/0035); writable, integrity ok."""
    store = Context(DataDir(folder, "flag"), USER, Actor.CLI, busy_timeout_s=5.0).store()
    assert not store.read_only, store.read_only_reason
    con = sqlite3.connect(store.path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        con.close()
    return store


def prefs_of(store: Store) -> list[tuple[Any, ...]]:
    with store.read() as s:
        return sorted(
            (p.scope, p.preference_type, p.pattern, p.polarity, round(p.strength, 9), p.status, p.state)
            for p in s.scalars(select(Preference).where(Preference.user_id == USER))
        )


def next_operation_works(store: Store) -> None:
    derivation.ensure_current(store, USER, NOW)
    out = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id="p_1", now=NOW))
    assert out.retrieval_id is not None
    with store.read() as s:
        assert cache_state.is_current(s, USER)
    cached = prefs_of(store)
    rebuild.rebuild(store, USER, NOW)
    assert prefs_of(store) == cached, "after the crash the cache differs from a full derivation"


def copy_template(t: Template, folder: Path) -> None:
    folder.mkdir(parents=True)
    shutil.copyfile(t.db, folder / "app.sqlite")
    (folder / "app.sqlite").chmod(0o600)


def command(t: Template, folder: Path) -> dict[str, Any]:
    return {"op": t.op, "dir": str(folder), "user": USER, "now": NOW, **t.extra}


# ------------------------------------------------------------------------------ the trials
@pytest.mark.parametrize("op", OPS)
def test_kill_minus_nine_leaves_the_before_or_the_after_state(
    op: str, templates: dict[str, Template], server: CrashServer, tmp_path: Path
) -> None:
    t = templates[op]
    before = state(t.db)

    # Measure: the same path, killed only after it finished; this is also the after state, and it
    # must be the same each time (the longer of two runs sets the scale of the kill delays).
    durations, afters = [], []
    for run in range(2):
        folder = tmp_path / f"measure-{run}"
        copy_template(t, folder)
        finished, took, lines = server.trial(command(t, folder), None)
        assert finished and took is not None, lines
        durations.append(took)
        afters.append(state(folder / "app.sqlite"))
    assert afters[0] == afters[1], "the operation's result is not deterministic"
    after, duration = afters[0], max(durations)
    assert after["canonical"] != before["canonical"] or op == "rebuild"
    assert after["full"] != before["full"]
    expect_after = {
        "import": lambda f: f["bundle_events"] == BUNDLE_EVENTS,
        "forget": lambda f: f["p_events"] == f["p_index"] == f["p_prefs"] == 0,
        "reset": lambda f: f["events"] == f["prefs"] == 0,
        "rebuild": lambda f: f["prefs"] > 0,
    }[op]
    assert expect_after(after["facts"]) and not expect_after(before["facts"])

    rng = random.Random(f"{SEED}:{op}")
    seen = {"before": 0, "between": 0, "after": 0, "interrupted": 0}
    for i in range(TRIALS):
        # Stratified: trial i is killed somewhere in [i, i+1) / TRIALS of 1.3 × the duration.
        delay = duration * 1.3 * (i + rng.random()) / TRIALS
        where = f"seed {SEED}, {op}, trial {i}, delay {delay * 1000:.1f} ms of {duration * 1000:.1f} ms"
        folder = tmp_path / f"trial-{i}"
        copy_template(t, folder)
        finished, _d, lines = server.trial(command(t, folder), delay)
        seen["interrupted"] += not finished

        store: Store | None = None
        try:
            store = open_and_check(folder)
            now = state(folder / "app.sqlite")
            f = now["facts"]
            assert now["canonical"] in (before["canonical"], after["canonical"]), (
                f"torn canonical state: {where}"
            )
            if op == "import":
                # Two transactions: events (all or none) first, then the rebuild of the cache.
                assert f["bundle_events"] in (0, BUNDLE_EVENTS), where
                if now["canonical"] == before["canonical"]:
                    assert now["full"] == before["full"], where
                elif now["full"] != after["full"]:  # killed between the two: the cache must know
                    with store.read() as s:
                        assert not cache_state.is_current(s, USER), (
                            f"a stale cache passes as current: {where}"
                        )
            else:  # one transaction: events, cache and audit change together
                assert now["full"] in (before["full"], after["full"]), f"torn state: {where}"
                if op == "forget":
                    assert (f["p_events"], f["p_index"], f["p_prefs"]) in {
                        tuple(before["facts"][k] for k in ("p_events", "p_index", "p_prefs")),
                        (0, 0, 0),
                    }, where
                elif op == "reset":
                    assert (f["events"], f["prefs"]) in {
                        (before["facts"]["events"], before["facts"]["prefs"]),
                        (0, 0),
                    }, where
            if now["full"] == after["full"]:
                seen["after"] += 1
            elif op == "import" and now["canonical"] == after["canonical"]:
                seen["between"] += 1  # events committed, cache not rebuilt yet
            else:
                seen["before"] += 1
            next_operation_works(store)
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n{where}\nchild said: {lines}") from exc
        finally:
            if store is not None:
                store.close()
        shutil.rmtree(folder)

    print(f"{op}: {TRIALS} kills over {duration * 1000:.0f} ms: {seen}")
    # The kills really landed inside the operation, not only after it.
    assert seen["interrupted"] >= TRIALS // 4, seen

#!/usr/bin/env python3
"""A second process for the integration tests (run with ``sys.executable``; not a test module).

``write DATA_DIR --seconds S --rate R --config DIR [--stop-file F]``
    The concurrent writer: appends one event at a time through ``services.ingest.ingest`` at a steady
    rate for user ``daemon_user`` (as the daemon does) and inserts a row into the daemon's own
    ``projects`` table with plain sqlite3 after every event; for S seconds, or until F exists. One line per outcome on stdout:
    ``ready``, ``accepted <event_id>``, ``ignored <event_id> <reason>``, ``project <id>``,
    ``error <where> <type>: <message>`` (any exception, never swallowed silently), ``done``.

``crash-server``
    Imports everything once, then for each JSON command read from stdin (``{"op": ..., ...}``)
    forks a child that opens the store, prints ``go <pid>``, runs the operation, prints
    ``done <pid> <seconds>`` and then waits to be killed. The server prints ``pid <pid>`` after the
    fork and ``exit <pid> <signal>`` once the child is gone. The test kills the child with SIGKILL
    at a moment of its choosing, so every trial ends in a real ``kill -9``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sqlite3
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import keyring.backends.fail

from creative_memory.model.constants import Actor
from creative_memory.model.events import iso
from creative_memory.services.common.clock import now_ms
from creative_memory.services.derivation import rebuild
from creative_memory.services.forget import erasure, forgetting, reset
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import importing

WRITER_USER = "daemon_user"
WRITER_PATTERNS = [("layout", f"writer_grid_{i}") for i in range(8)] + [("color", "writer_ink")]


def say(line: str) -> None:
    """One whole line in one write(2): lines of the server and its children never interleave."""
    os.write(1, (line.replace("\n", " ") + "\n").encode())


def blocks_for(config: str) -> BlockChecker:
    return BlockChecker(SecretStore(config_dir=Path(config), keyring_backend=keyring.backends.fail.Keyring()))


# ------------------------------------------------------------------------------------ writer
def write(data_dir: str, seconds: float, rate: float, config: str, stop_file: str | None) -> int:
    store = Store.open(DataDir(Path(data_dir), "flag"))  # default busy timeout and lock budget
    blocks = blocks_for(config)
    daemon = sqlite3.connect(Path(data_dir) / "app.sqlite", timeout=5.0)
    say("ready")
    start = time.monotonic()
    n = 0
    try:
        while time.monotonic() - start < seconds and not (stop_file and Path(stop_file).exists()):
            n += 1
            eid = f"w_{os.getpid()}_{n}"
            ptype, pattern = WRITER_PATTERNS[n % len(WRITER_PATTERNS)]
            ev = validate_event(
                {
                    "event_id": eid,
                    "user_id": WRITER_USER,
                    "project_id": f"wp_{n % 5}" if n % 2 else None,
                    "signal_type": "thumbs_up" if n % 3 else "manual_refinement",
                    "occurred_at": iso(now_ms()),
                    "session_id": f"ws_{n % 4}",
                    "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
                }
            )
            try:
                rep = ingest_events(
                    store, [ev], default_user=WRITER_USER, now=now_ms(), source="daemon", blocks=blocks
                )
                if rep.accepted == 1:
                    say(f"accepted {eid}")
                else:
                    say(f"ignored {eid} {','.join(sorted(rep.ignored)) or 'duplicate'}")
            except Exception as exc:
                say(f"error ingest {type(exc).__name__}: {exc}")
            try:
                pid = f"wproj_{os.getpid()}_{n}"
                ms = now_ms()
                with daemon:
                    daemon.execute(
                        "INSERT INTO projects (id, name, skill_id, design_system_id, pending_prompt, "
                        "metadata_json, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?)",
                        (pid, f"Writer project {n}", "skill-a", None, None, "{}", ms, ms),
                    )
                say(f"project {pid}")
            except Exception as exc:
                say(f"error projects {type(exc).__name__}: {exc}")
            # Steady rate: the next event is due at start + n / rate, however long this one took.
            delay = start + n / rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)
    finally:
        daemon.close()
        store.close()
    say("done")
    return 0


# ------------------------------------------------------------------------------ crash trials
def run_op(cmd: dict[str, Any]) -> None:
    """Open the store and run one operation (in the forked child)."""
    store = Store.open(DataDir(Path(cmd["dir"]), "flag"), busy_timeout_s=5.0)
    say(f"go {os.getpid()}")
    t0 = time.perf_counter()
    op, user, now = cmd["op"], cmd["user"], int(cmd["now"])
    if op == "import":
        importing.import_file(store, user, Path(cmd["bundle"]), mode="merge", now=now, actor=Actor.CLI)
    elif op == "forget":
        forgetting.forget(
            store,
            user,
            [erasure.Target(cmd["type"], cmd["pattern"])],
            blocks=blocks_for(cmd["config"]),
            actor=Actor.CLI,
            now=now,
        )
    elif op == "reset":
        reset.reset(store, user, confirm=True, actor=Actor.CLI, now=now)
    elif op == "rebuild":
        rebuild.rebuild(store, user, now)
    else:
        raise ValueError(f"unknown op {op}")
    say(f"done {os.getpid()} {time.perf_counter() - t0:.6f}")


def crash_server() -> int:
    say("ready")
    for line in sys.stdin:
        if not line.strip():
            continue
        cmd = json.loads(line)
        pid = os.fork()
        if pid == 0:  # the child: run, then wait for the kill
            code = 0
            try:
                run_op(cmd)
            except BaseException as exc:
                say(f"error {os.getpid()} {type(exc).__name__}: {exc} {traceback.format_exc()}")
                code = 1
            if code == 0:
                signal.pause() if hasattr(signal, "pause") else time.sleep(60)
            os._exit(code)
        say(f"pid {pid}")
        _, status = os.waitpid(pid, 0)
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
        say(f"exit {pid} {sig} {os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1}")
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="mode", required=True)
    w = sub.add_parser("write")
    w.add_argument("data_dir")
    w.add_argument("--seconds", type=float, default=4.0)
    w.add_argument("--rate", type=float, default=50.0)
    w.add_argument("--config", required=True)
    w.add_argument("--stop-file")
    sub.add_parser("crash-server")
    args = ap.parse_args(argv)
    if args.mode == "write":
        return write(args.data_dir, args.seconds, args.rate, args.config, args.stop_file)
    return crash_server()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

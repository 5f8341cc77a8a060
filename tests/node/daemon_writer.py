"""Drive ``daemon_writer.mjs``: a Node better-sqlite3 writer with the daemon's pragmas, beside us.

Used by ``tests/integration/test_daemon_coexistence.py`` and ``bench/bench_coexist.py``::

    with DaemonWriter(store_path) as writer:
        ...                      # the operation under test
    writer.result["failed"], writer.result["longest_wait_ms"]

``available()`` says why the writer cannot run here (no Node, or ``npm ci`` not run in this
folder), or None.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from types import TracebackType
from typing import Any

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "daemon_writer.mjs"
MODULE = HERE / "node_modules" / "better-sqlite3"


def available() -> str | None:
    if shutil.which("node") is None:
        return "Node.js is not installed (.ci/run installs it)"
    if not (MODULE / "package.json").exists():
        return f"better-sqlite3 is not installed: run 'npm ci' in {HERE}"
    probe = subprocess.run(
        ["node", "-e", "require('better-sqlite3')"], cwd=HERE, capture_output=True, text=True, timeout=60
    )
    if probe.returncode != 0:
        return f"better-sqlite3 does not load: {probe.stderr.strip().splitlines()[-1:]}"
    return None


class DaemonWriter:
    """A running writer; ``result`` holds its report after the ``with`` block."""

    def __init__(self, db: Path, interval_ms: int = 20) -> None:
        self.db = db
        self.interval_ms = interval_ms
        self.result: dict[str, Any] = {}
        self._proc: subprocess.Popen[str] | None = None

    def __enter__(self) -> DaemonWriter:
        self._proc = subprocess.Popen(
            ["node", str(SCRIPT), str(self.db), str(self.interval_ms)],
            cwd=HERE,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline().strip()
        if line != "ready":
            err = self._proc.stderr.read() if self._proc.stderr else ""
            self._proc.kill()
            raise RuntimeError(f"the daemon-like writer did not start: {line!r} {err}")
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        proc = self._proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        proc.stdin.close()
        out = proc.stdout.read()
        proc.wait(timeout=30)
        for stream in (proc.stdout, proc.stderr):
            if stream:
                stream.close()
        lines = [ln for ln in out.splitlines() if ln.startswith("{")]
        if not lines:
            raise RuntimeError(f"the daemon-like writer printed no report: {out!r}")
        self.result = json.loads(lines[-1])

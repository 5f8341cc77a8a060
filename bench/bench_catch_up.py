"""A store left for months, opened again: the decay catch-up (decision 0061).

Two figures on a copy of the cached store whose page cache is dropped first (the state of a store
nobody has read for months), opened now (the cached stores' events end at ``bench.common.NOW``,
2026-05-28; the window has no other clock):

- ``refresh_decay`` alone: its time, how many write transactions it held, the longest of them
  (budget 250 ms), and how many records it decayed or archived;
- the window, spawned on another such copy, to its first tab painted with data loaded
  (``CM_QUIT_AFTER_START``), beside a bare PySide6 window started in the same run;
- ``od-memory serve --stdio`` on a third: how long the daemon's ``decay`` takes to answer and what
  it leaves (the next call goes on with it), twice, then 50 retrievals 100 ms apart.

    python -m bench.bench_catch_up --size L
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bench_gui_start import BARE
from bench.common import NOW, USER, copy_store, demo_store, header, parser
from creative_memory.services.common.clock import DAY_MS, now_ms


def cold(folder: Path) -> None:
    """Ask the kernel to drop the copy's pages from its cache (as after months unread)."""
    for f in folder.iterdir():
        if f.is_file() and hasattr(os, "posix_fadvise"):
            fd = os.open(f, os.O_RDONLY)
            try:
                os.fsync(fd)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def service_case(src: Path, work: Path, now: int) -> None:
    from creative_memory.services.derivation.decay import refresh_decay
    from creative_memory.services.location.datadir import DataDir
    from creative_memory.services.store.lock_clock import HOLDS
    from creative_memory.services.store.store import Store

    data = work / "service"
    copy_store(src, data)
    cold(data)
    store = Store.open(DataDir(data, "flag"))
    try:
        HOLDS.trace = []
        t0 = time.perf_counter()
        counts = refresh_decay(store, USER, now)
        took = time.perf_counter() - t0
        holds = sorted((ms for _start, ms, _what in HOLDS.trace), reverse=True)
        HOLDS.trace = None
    finally:
        store.close()
    over = sum(1 for ms in holds if ms > 250)
    print(
        f"refresh_decay: {took:.1f} s for {counts.due:,} records due ({counts.decayed:,} decayed, "
        f"{counts.archived:,} archived); {len(holds)} write transactions, the longest "
        f"{', '.join(f'{ms:.0f}' for ms in holds[:3])} ms, {over} over 250 ms"
    )


def window_case(src: Path, work: Path, runs: int) -> None:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
        CM_QUIT_AFTER_START="1",
        CM_SETTINGS_DIR=str(work / "settings"),
        CM_CONFIG_DIR=str(work / "config"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )
    for i in range(runs):
        data = work / f"window-{i}"
        copy_store(src, data)
        cold(data)
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", BARE],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        bare = time.perf_counter() - t0
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "creative_memory.gui.app", "--data-dir", str(data), "--user", USER],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        app = time.perf_counter() - t0
        print(
            f"window spawned → first tab loaded, run {i + 1}: {app:.2f} s (bare PySide6 window {bare:.2f} s)"
        )
        shutil.rmtree(data, ignore_errors=True)


def serve_case(src: Path, work: Path) -> None:
    import json
    import statistics

    data = work / "serve"
    copy_store(src, data)
    cold(data)
    env = dict(
        os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(work / "config")
    )
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "creative_memory.cli.main",
            "--data-dir",
            str(data),
            "--user",
            USER,
            "serve",
            "--stdio",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert child.stdin is not None and child.stdout is not None
    ids = iter(range(1, 1_000_000))

    def call(method: str, params: dict[str, object]) -> tuple[float, dict[str, object]]:
        assert child.stdin is not None and child.stdout is not None
        t0 = time.perf_counter()
        child.stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": next(ids), "method": method, "params": params}).encode()
            + b"\n"
        )
        child.stdin.flush()
        answer = json.loads(child.stdout.readline())
        return (time.perf_counter() - t0) * 1000, answer.get("result") or {}

    try:
        call("ping", {})
        for n in (1, 2):
            ms, decayed = call("decay", {})
            print(f"serve: decay call {n} answered in {ms:.0f} ms: {decayed}")
        waits: list[float] = []
        for _ in range(50):
            time.sleep(0.1)
            wait, _ = call("retrieve", {"dry_run": True})
            waits.append(wait)
        waits.sort()
        print(
            f"serve: 50 retrievals 100 ms apart after them: p50 {statistics.median(waits):.1f} ms, "
            f"p98 {waits[48]:.1f} ms, max {waits[-1]:.1f} ms"
        )
    finally:
        child.stdin.close()
        child.wait(30)


def main() -> None:
    p = parser("A store left for months, opened again: the decay catch-up")
    p.add_argument("--window-runs", type=int, default=2)
    p.add_argument("--only", default="service,window,serve", help="which cases, comma-separated")
    args = p.parse_args()
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    now = now_ms()
    header(f"decay catch-up, {(now - NOW) / DAY_MS:.0f} days after the store's last event", bs)
    work = Path(tempfile.mkdtemp(prefix="cm-bench-catch-up-", dir=os.environ.get("CM_BENCH_TMP")))
    try:
        cases = set(args.only.split(","))
        if "service" in cases:
            service_case(bs.folder, work, now)
        if "window" in cases:
            window_case(bs.folder, work, args.window_runs)
        if "serve" in cases:
            serve_case(bs.folder, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

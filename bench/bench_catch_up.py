"""A store left for months, opened again: the decay catch-up (decision 0061).

Two figures on a copy of the cached store whose page cache is dropped first (the state of a store
nobody has read for months), opened now (the cached stores' events end at ``bench.common.NOW``,
2026-05-28; the window has no other clock):

- ``refresh_decay`` alone: its time, how many write transactions it held, the longest of them
  (budget 250 ms), and how many records it decayed or archived;
- the window, spawned on another such copy, to its first tab painted with data loaded
  (``CM_QUIT_AFTER_START``), beside a bare PySide6 window started in the same run.

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
from creative_memory.services.clock import DAY_MS, now_ms


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
    from creative_memory.services.datadir import DataDir
    from creative_memory.services.decay import refresh_decay
    from creative_memory.services.lock_clock import HOLDS
    from creative_memory.services.store import Store

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
    print(f"refresh_decay: {took:.1f} s for {counts.due:,} records due ({counts.decayed:,} decayed, "
          f"{counts.archived:,} archived); {len(holds)} write transactions, the longest "
          f"{', '.join(f'{ms:.0f}' for ms in holds[:3])} ms, {over} over 250 ms")


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
        subprocess.run([sys.executable, "-c", BARE], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        bare = time.perf_counter() - t0
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "creative_memory.gui.app", "--data-dir", str(data),
                        "--user", USER], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        app = time.perf_counter() - t0
        print(f"window spawned → first tab loaded, run {i + 1}: {app:.2f} s (bare PySide6 window {bare:.2f} s)")
        shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    p = parser("A store left for months, opened again: the decay catch-up")
    p.add_argument("--window-runs", type=int, default=2)
    args = p.parse_args()
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    now = now_ms()
    header(f"decay catch-up, {(now - NOW) / DAY_MS:.0f} days after the store's last event", bs)
    work = Path(tempfile.mkdtemp(prefix="cm-bench-catch-up-", dir=os.environ.get("CM_BENCH_TMP")))
    try:
        service_case(bs.folder, work, now)
        window_case(bs.folder, work, args.window_runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

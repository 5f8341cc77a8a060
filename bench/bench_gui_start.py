"""GUI cold start: spawn → a painted window with its data loaded, against a bare PySide6 window.

quality.md's bar: the app's start on the L store ≤ 1.5 × the start of a bare PySide6 window that
shows one label, measured in the same run. Both run offscreen (or on $DISPLAY with --platform xcb).

    python -m bench.bench_gui_start --size L --runs 7
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
from PySide6.QtWidgets import QApplication, QLabel
from PySide6.QtCore import QTimer
app = QApplication([])
label = QLabel("Hello")
label.show()
label.repaint()
QTimer.singleShot(0, app.quit)
app.exec()
"""


def timed(cmd: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="L", choices=["S", "M", "L"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--platform", default="offscreen")
    args = ap.parse_args()
    from bench.common import USER, demo_store  # builds or reuses the demo store

    src = demo_store(args.size, args.seed).folder
    work = Path(tempfile.mkdtemp(prefix="cm-gui-start-"))
    data = work / "data"
    data.mkdir()
    for name in ("app.sqlite", "app.sqlite-wal"):
        if (src / name).exists():
            shutil.copy2(src / name, data / name)
    env = dict(
        os.environ,
        QT_QPA_PLATFORM=args.platform,
        CM_QUIT_AFTER_START="1",
        CM_SETTINGS_DIR=str(work / "settings"),
        CM_CONFIG_DIR=str(work / "config"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )
    app_cmd = [sys.executable, "-m", "creative_memory.gui.app", "--data-dir", str(data), "--user", USER]
    bare_cmd = [sys.executable, "-c", BARE]
    timed(app_cmd, env)  # warm the page cache and bring decay up to now once
    bare, app = [], []
    for _ in range(args.runs):
        bare.append(timed(bare_cmd, env))
        app.append(timed(app_cmd, env))
    mb, ma = statistics.median(bare), statistics.median(app)
    print(f"store {args.size} ({src})")
    print(f"bare PySide6 window: median {mb:.0f} ms  (min {min(bare):.0f}, max {max(bare):.0f})")
    print(f"creative-memory:     median {ma:.0f} ms  (min {min(app):.0f}, max {max(app):.0f})")
    print(f"ratio app/bare: {ma / mb:.2f}  (target ≤ 1.5)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

"""GUI cold start against a bare PySide6 window, measured in the same run.

Two figures for the app: spawn → its first window painted (``CM_QUIT_AFTER_FIRST_PAINT``; the bar:
≤ 1.5 × the start of a bare PySide6 window that shows one label), and spawn → the main window
painted with the current tab's data loaded (``CM_QUIT_AFTER_START``). Both run offscreen (or on
$DISPLAY with --platform xcb).

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
    paint_env = dict(env, CM_QUIT_AFTER_FIRST_PAINT="1")
    paint_env.pop("CM_QUIT_AFTER_START")
    # Bring decay up to now once (the window would do it in slices behind its first tab, and quits
    # before the end), then warm the page cache.
    cli = [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(data), "--user", USER, "decay"]
    subprocess.run(cli, env=env, check=True, stdout=subprocess.DEVNULL)
    timed(app_cmd, env)
    bare: list[float] = []
    painted: list[float] = []
    loaded: list[float] = []
    for _ in range(args.runs):
        bare.append(timed(bare_cmd, env))
        painted.append(timed(app_cmd, paint_env))
        loaded.append(timed(app_cmd, env))
    mb = statistics.median(bare)
    print(f"store {args.size} ({src}), {args.runs} runs, platform {args.platform}")

    def line(label: str, values: list[float]) -> None:
        m = statistics.median(values)
        print(
            f"{label:<34} median {m:5.0f} ms  (min {min(values):.0f}, max {max(values):.0f})  {m / mb:.2f} × bare"
        )

    line("bare PySide6 window (reference)", bare)
    line("creative-memory, first paint", painted)
    line("creative-memory, painted + loaded", loaded)
    print("target: first paint ≤ 1.5 × bare")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

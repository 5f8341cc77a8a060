"""The window's start and close as whole processes, beside a bare PySide6 window in the same run.

Each run spawns, one after the other:

- a bare PySide6 window (one label): spawn → painted, and its close (``close()`` → process ended)
  — the reference;
- the program with ``CM_QUIT_AFTER_FIRST_PAINT``: spawn → its first window painted;
- the program with ``CM_QUIT_AFTER_START``: spawn → **loaded**, then its close. Loaded means the
  main window is painted with its first tab's data (on a fresh settings folder the Overview: the
  status in the banner, the counts and the rest the tab reads from the store), no refresh of that
  tab running or asked for, nothing in the status bar saying "Working…", and the event loop has
  turned once after the paint (the window answers). Then the window is asked to close
  (``window.close()``, what a window manager's close does) and the close is timed to the end of
  the process.

The moments inside a process are written by ``creative_memory.gui.startmarks`` (``CM_BENCH_MARKS``)
from the system's monotonic clock, the one this process reads before a spawn and after the exit.
Medians of ``--runs`` runs; every figure is printed beside the bare window's and against the
targets (painted and loaded ≤ 3 × the bare window at M, ≤ 5 × at L; closed in ≤ 0.5 s).

The program runs from the same interpreter and ``sys.path`` as this benchmark (``PYTHONPATH`` is
passed on, so a worktree's ``src`` is what runs). Its bytecode is cached, as in an installed
program: the warm-up run writes the ``.pyc`` files even when ``PYTHONDONTWRITEBYTECODE`` is set
(``--no-bytecode-cache`` measures compiling every module, Qt's and the libraries' too, on each
start instead: the children look for bytecode in an empty ``PYTHONPYCACHEPREFIX`` and write none).

    python -m bench.bench_gui_start --size M --runs 7
    python -m bench.bench_gui_start --size L --runs 5 [--platform xcb]   # xcb: under xvfb-run -a
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.common import USER, copy_store, demo_store, header, parser, runs_for

# The reference: a bare PySide6 window with one label. Run with ``python -c``; it writes the same
# marks as the program when CM_BENCH_MARKS is set (painted, then close asked), and ends when its
# window has closed.
BARE = """
import os, time
from PySide6.QtWidgets import QApplication, QLabel
from PySide6.QtCore import QTimer
marks = os.environ.get("CM_BENCH_MARKS")
def mark(name):
    if marks:
        with open(marks, "a") as out:
            out.write(f"{name} {time.monotonic():.6f}\\n")
app = QApplication([])
label = QLabel("Hello")
label.show()
label.repaint()
mark("first_paint")
def close():
    mark("close")
    label.close()
QTimer.singleShot(0, close)
app.exec()
"""

TARGET_LOADED = {"S": 3.0, "M": 3.0, "L": 5.0}
TARGET_CLOSE_S = 0.5


def spawn(cmd: list[str], env: dict[str, str], marks: Path) -> dict[str, float]:
    """Run ``cmd`` to its end; ms from the spawn to each mark it wrote, and to ``exit``."""
    marks.unlink(missing_ok=True)
    env = dict(env, CM_BENCH_MARKS=str(marks))
    t0 = time.monotonic()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t_exit = time.monotonic()
    out = {"exit": (t_exit - t0) * 1000}
    if marks.exists():
        for line in marks.read_text().splitlines():
            name, at = line.split()
            out[name] = (float(at) - t0) * 1000
    return out


def prepare(size: str, seed: int, work: Path) -> Path:
    """A copy of the cached demo store, migrated, derived by this code's rules and brought up to
    now (the window would catch decay up behind its first tab; the cached store's clock is fixed)."""
    src = demo_store(size, seed).folder
    data = work / "data"
    copy_store(src, data)
    env = dict(
        os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(work / "config")
    )
    cli = [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(data), "--user", USER, "decay"]
    subprocess.run(cli, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return data


def line(label: str, values: Sequence[float], reference: float | None, *, unit: str = "ms") -> float:
    m = statistics.median(values)
    ratio = f"  {m / reference:5.2f} × bare" if reference else ""
    print(f"   {label:<46} median {m:6.0f} {unit}  (min {min(values):.0f}, max {max(values):.0f}){ratio}")
    return m


def main() -> None:
    ap = parser(__doc__ or "", runs={"S": 7, "M": 7, "L": 5})
    ap.add_argument(
        "--platform", default="offscreen", help="QT_QPA_PLATFORM of the children (offscreen, xcb)"
    )
    ap.add_argument(
        "--no-bytecode-cache",
        action="store_true",
        help="every start compiles every module it imports (no .pyc is read or written)",
    )
    args = ap.parse_args()
    runs = runs_for(args, 7)
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    header(
        f"bench_gui_start: spawn → painted, loaded; close → exit ({args.size}, platform {args.platform})", bs
    )
    work = Path(tempfile.mkdtemp(prefix="cm-gui-start-"))
    try:
        data = prepare(args.size, args.seed, work)
        env = dict(
            os.environ,
            QT_QPA_PLATFORM=args.platform,
            CM_SETTINGS_DIR=str(work / "settings"),
            CM_CONFIG_DIR=str(work / "config"),
            CM_LOG_DIR=str(work / "log"),
            PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        )
        if args.no_bytecode_cache:
            (work / "no-pyc").mkdir()
            env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(work / "no-pyc"))
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        print(f"   bytecode: {'compiled on every start' if args.no_bytecode_cache else 'cached (.pyc)'}")
        marks = work / "marks"
        app = [sys.executable, "-m", "creative_memory.gui.app", "--data-dir", str(data), "--user", USER]
        bare_cmd = [sys.executable, "-c", BARE]
        paint_env = dict(env, CM_QUIT_AFTER_FIRST_PAINT="1")
        load_env = dict(env, CM_QUIT_AFTER_START="1")
        # Warm up: the page cache, the .pyc files, the settings folder.
        spawn(bare_cmd, env, marks)
        spawn(app, load_env, marks)
        bare_paint: list[float] = []
        bare_close: list[float] = []
        first_paint: list[float] = []
        loaded: list[float] = []
        close: list[float] = []
        for _ in range(runs):
            b = spawn(bare_cmd, env, marks)
            bare_paint.append(b["first_paint"])
            bare_close.append(b["exit"] - b["close"])
            p = spawn(app, paint_env, marks)
            first_paint.append(p["first_paint"])
            a = spawn(app, load_env, marks)
            loaded.append(a["loaded"])
            close.append(a["exit"] - a["close"])
        print(f"   {runs} runs each (medians), store copy {data}")
        ref = line("bare PySide6 window: spawn → painted", bare_paint, None)
        line("bare PySide6 window: close → exit", bare_close, None)
        line("creative-memory: spawn → first window painted", first_paint, ref)
        m_loaded = line("creative-memory: spawn → painted and loaded", loaded, ref)
        m_close = line("creative-memory: close → exit", close, None)
        target = TARGET_LOADED[args.size]
        ratio = m_loaded / ref
        print(
            f"   targets: painted and loaded ≤ {target:g} × bare — {ratio:.2f} × "
            f"({'met' if ratio <= target else 'missed'}); closed in ≤ {TARGET_CLOSE_S:g} s — "
            f"{m_close / 1000:.2f} s ({'met' if m_close <= TARGET_CLOSE_S * 1000 else 'missed'})"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Shared by the benchmarks: the standard demo stores (cached), working copies, statistics, output.

A store is built once per size and seed with the demo generator and cached under
``cm-bench/<size>-<seed>/`` in the temporary folder (``CM_BENCH_DIR`` overrides the root); ``--fresh`` rebuilds it.
Benchmarks that change a store (recorded retrievals, forget, rebuild, ingest) work on a copy
made with SQLite's backup API, so the cached store stays exactly as generated.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import os
import platform
import pstats
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.model.events import iso
from creative_memory.services.demo import demo
from creative_memory.services.derivation import rebuild
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

CACHE_ROOT = Path(os.environ.get("CM_BENCH_DIR") or Path(tempfile.gettempdir()) / "cm-bench")
USER = "local"
# A fixed "now" so that every run evaluates the same records (2026-05-28T20:26:40Z).
NOW = 1_780_000_000_000
META = "bench-meta.json"


# --------------------------------------------------------------------------- arguments
def parser(description: str, *, runs: dict[str, int] | None = None) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument(
        "--size", choices=sorted(demo.SIZES), default="S", type=str.upper, help="data set (S, M, L)"
    )
    p.add_argument("--seed", type=int, default=1, help="demo seed (default 1)")
    p.add_argument("--fresh", action="store_true", help="regenerate the cached demo store first")
    p.add_argument("--runs", type=int, default=None, help="repetitions (default depends on the size)")
    p.add_argument("--profile", action="store_true", help="also print a cProfile summary")
    p.set_defaults(default_runs=runs or {})
    return p


def runs_for(args: argparse.Namespace, default: int) -> int:
    if args.runs is not None:
        return max(1, int(args.runs))
    return int(args.default_runs.get(args.size, default))


# --------------------------------------------------------------------------- stores
@dataclass(frozen=True)
class BenchStore:
    size: str
    seed: int
    folder: Path  # the cached data dir (holds app.sqlite)
    meta: dict[str, Any]

    def open(self) -> Store:
        return Store.open(DataDir(self.folder, "flag"))


def _progress_printer(label: str) -> Callable[[int, int], None]:
    state = {"last": -1.0, "t0": time.perf_counter()}

    def show(done: int, total: int) -> None:
        pct = 100.0 * done / max(1, total)
        if pct - state["last"] >= 10 or done >= total:
            state["last"] = pct
            print(
                f"  {label}: {pct:5.1f}%  ({time.perf_counter() - state['t0']:.1f} s)",
                file=sys.stderr,
                flush=True,
            )

    return show


def demo_store(size: str, seed: int = 1, *, fresh: bool = False) -> BenchStore:
    """The cached demo store of ``size``/``seed``, generated (and timed) on first use."""
    folder = CACHE_ROOT / f"{size}-{seed}"
    meta_path = folder / META
    if not fresh and meta_path.exists() and (folder / "app.sqlite").exists():
        # A store derived by older rules is kept, not regenerated (the L store takes many minutes
        # and the cache is shared): its events are the same, and a working copy re-derives them
        # (``make_current``). Only ``--fresh`` regenerates.
        return BenchStore(size, seed, folder, json.loads(meta_path.read_text()))
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    print(f"generating demo store {size} seed {seed} in {folder} …", file=sys.stderr, flush=True)
    store = Store.open(DataDir(folder, "flag"))
    t0 = time.perf_counter()
    try:
        result = demo.generate(store, USER, size=size, seed=seed, now=NOW, progress=_progress_printer("demo"))
    finally:
        store.close()
    took = time.perf_counter() - t0
    meta = {
        "size": size,
        "seed": seed,
        "now": NOW,
        "now_iso": iso(NOW),
        "result": result.as_json(),
        "generated_in_s": round(took, 2),
        "derivation_version": DERIVATION_VERSION,
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "file_mb": round((folder / "app.sqlite").stat().st_size / 1e6, 1),
    }
    meta_path.write_text(json.dumps(meta, indent=2))
    print(f"generated {result} in {took:.1f} s", file=sys.stderr, flush=True)
    return BenchStore(size, seed, folder, meta)


def copy_store(src_folder: Path, dst_folder: Path) -> None:
    """Copy ``src_folder/app.sqlite`` into ``dst_folder`` (made if missing) with SQLite's backup API."""
    dst_folder.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(f"file:{src_folder / 'app.sqlite'}?mode=ro", uri=True)
    dst = sqlite3.connect(dst_folder / "app.sqlite")
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
    (dst_folder / "app.sqlite").chmod(0o600)


@contextmanager
def working_copy(bs: BenchStore) -> Iterator[Store]:
    """A throw-away copy of a cached store (SQLite backup API), opened; removed afterwards."""
    tmp = Path(tempfile.mkdtemp(prefix=f"cm-bench-{bs.size}-", dir=os.environ.get("CM_BENCH_TMP")))
    try:
        copy_store(bs.folder, tmp)
        store = Store.open(DataDir(tmp, "flag"))
        try:
            yield store
        finally:
            store.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def outdated(bs: BenchStore) -> bool:
    """Whether the cached store's preferences were derived by older rules than this code's."""
    return bool(bs.meta.get("derivation_version") != DERIVATION_VERSION)


def make_current(store: Store, bs: BenchStore) -> float | None:
    """Re-derive a working copy of a store derived by older rules (seconds taken), else None."""
    if not outdated(bs):
        return None

    print(
        f"   the cached store was derived by {bs.meta.get('derivation_version')}: re-deriving the copy "
        f"by {DERIVATION_VERSION} first …",
        flush=True,
    )
    t0 = time.perf_counter()
    rebuild.rebuild(store, USER, NOW)
    took = time.perf_counter() - t0
    print(f"   re-derived by the new rules in {took:.2f} s (every record rewritten)", flush=True)
    return took


# --------------------------------------------------------------------------- statistics
def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of already sorted values."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, math.ceil(q / 100.0 * len(sorted_values)) - 1))
    return sorted_values[k]


def summary(values_ms: Sequence[float]) -> dict[str, float]:
    v = sorted(values_ms)
    return {
        "n": float(len(v)),
        "median": statistics.median(v),
        "p50": percentile(v, 50),
        "p95": percentile(v, 95),
        "p99": percentile(v, 99),
        "max": v[-1],
        "mean": statistics.fmean(v),
    }


def fmt_ms(s: dict[str, float]) -> str:
    return (
        f"n={int(s['n'])}  p50 {s['p50']:.2f} ms  p95 {s['p95']:.2f} ms  p99 {s['p99']:.2f} ms  "
        f"max {s['max']:.2f} ms  mean {s['mean']:.2f} ms"
    )


def timed_runs(fn: Callable[[], Any], runs: int, warmup: int = 10) -> list[float]:
    """Wall-clock ms of each run (after ``warmup`` untimed runs)."""
    return [w for w, _c in timed_runs_cpu(fn, runs, warmup)]


def timed_runs_cpu(fn: Callable[[], Any], runs: int, warmup: int = 10) -> list[tuple[float, float]]:
    """(wall ms, CPU ms of this process) of each run. On a shared machine the CPU time is the
    figure that other people's load does not inflate (it leaves out waiting for I/O and locks)."""
    for _ in range(warmup):
        fn()
    out: list[tuple[float, float]] = []
    for _ in range(runs):
        c0 = time.process_time()
        t0 = time.perf_counter()
        fn()
        t1 = time.perf_counter()
        c1 = time.process_time()
        out.append(((t1 - t0) * 1000.0, (c1 - c0) * 1000.0))
    return out


def fmt_wall_cpu(samples: Sequence[tuple[float, float]]) -> str:
    w = summary([x for x, _ in samples])
    c = summary([y for _, y in samples])
    return (
        f"wall p50 {w['p50']:.2f} p95 {w['p95']:.2f} p99 {w['p99']:.2f} ms | "
        f"cpu p50 {c['p50']:.2f} p95 {c['p95']:.2f} p99 {c['p99']:.2f} ms"
    )


def profile(fn: Callable[[], Any], runs: int, top: int = 25, sort: str = "cumulative") -> str:
    """cProfile summary of ``runs`` calls, timed in CPU time (robust against other processes' load)."""
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    for _ in range(runs):
        fn()
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).strip_dirs().sort_stats(sort).print_stats(top)
    return buf.getvalue()


# --------------------------------------------------------------------------- output
def machine() -> str:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{datetime.now(UTC).date().isoformat()}  {os.cpu_count()} cores ({cpu})  Python {platform.python_version()}  "
        f"SQLite {sqlite3.sqlite_version}  load avg {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )


def reference_ms() -> float:
    """CPU-bound reference work (JSON + sha256 + sorting, ~25 ms on an idle core of this machine).

    Printed with every result: on a shared machine, figures taken at different moments compare
    only relative to it (a busy neighbour inflates both the figure and this)."""
    import hashlib

    payload: dict[str, Any] = {
        "scope": "global",
        "patterns": [{"preference_type": "spacing", "pattern": "airy_spacing"}],
    }
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        acc = []
        for i in range(4000):
            payload["n"] = i
            text = json.dumps(payload, sort_keys=True)
            acc.append(hashlib.sha256(text.encode()).hexdigest())
            json.loads(text)
        acc.sort()
        best = min(best, (time.perf_counter() - t0) * 1000)
    return best


def header(title: str, bs: BenchStore | None = None) -> None:
    print(f"== {title}")
    print(f"   {machine()}  reference work {reference_ms():.1f} ms")
    if bs is not None:
        r = bs.meta.get("result", {})
        print(
            f"   store {bs.size} seed {bs.seed}: {r.get('events')} events, {r.get('preferences')} preferences, "
            f"{r.get('projects')} projects, {bs.meta.get('file_mb')} MB (generated in {bs.meta.get('generated_in_s')} s)"
        )


def busiest_project(store: Store) -> tuple[str, int]:
    """The project with the most preference records."""
    from sqlalchemy import func, select

    from creative_memory.model.tables import Preference

    with store.read() as s:
        row = s.execute(
            select(Preference.project_id, func.count())
            .where(Preference.user_id == USER, Preference.project_id.is_not(None))
            .group_by(Preference.project_id)
            .order_by(func.count().desc(), Preference.project_id)
            .limit(1)
        ).one()
    return str(row[0]), int(row[1])


# --------------------------------------------------------------------------- garbage collections
class GcWatch:
    """Times every cyclic garbage collection of this process (``gc.callbacks``) while it is
    started: per generation how many ran and the longest, and the thread that ran them — a
    collection of the oldest generation walks every tracked object and holds the GIL meanwhile,
    so it shows as a frame or a stall of the window whichever thread runs it."""

    def __init__(self) -> None:
        self.runs: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.threads: set[str] = set()
        self._t0 = 0.0

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._t0 = time.perf_counter()
        else:
            import threading

            self.runs[info["generation"]].append((time.perf_counter() - self._t0) * 1000)
            self.threads.add(threading.current_thread().name)

    def start(self) -> None:
        import gc

        gc.callbacks.append(self._callback)

    def reset(self) -> None:
        for took in self.runs.values():
            took.clear()
        self.threads.clear()

    def stop(self) -> None:
        import gc

        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def line(self) -> str:
        parts = []
        for g, took in self.runs.items():
            longest = f", longest {max(took):.1f} ms" if took else ""
            parts.append(f"generation {g}: {len(took)}{longest}")
        threads = ", ".join(sorted(self.threads)) or "none"
        return f"garbage collections: {'; '.join(parts)} (threads: {threads})"


def sample_late_frames(last: list[float], out: dict[str, Any], late_ms: float = 40.0) -> None:
    """``--why``: while ``out["done"]`` is unset, a thread samples every other thread's stack each
    10 ms in which the window's 10 ms timer (its last tick at ``last[0]``) is ``late_ms`` late and
    ``out["sampling"]`` is set; counts per (thread, stack) go to ``out["why"]``."""
    import threading
    import traceback

    out["why"] = {}
    names = {t.ident: t.name for t in threading.enumerate()}

    def sample() -> None:
        me = threading.get_ident()
        while not out.get("done"):
            time.sleep(0.01)
            if not out.get("sampling") or (time.perf_counter() - last[0]) * 1000 <= late_ms:
                continue
            for ident, frame in sys._current_frames().items():
                if ident == me:
                    continue
                if ident not in names:
                    names.update({t.ident: t.name for t in threading.enumerate()})
                stack = "".join(traceback.format_stack(frame, limit=16)[-9:])
                key = f"[{names.get(ident, ident)}]\n{stack}"
                out["why"][key] = out["why"].get(key, 0) + 1

    threading.Thread(target=sample, daemon=True, name="why").start()


def print_why(out: dict[str, Any], top: int = 8) -> None:
    for stack, n in sorted(out.get("why", {}).items(), key=lambda kv: -kv[1])[:top]:
        print(f"--- {n} samples (10 ms each) in a late frame, {stack}")

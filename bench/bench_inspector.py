"""The Inspector tab on a large store: typed text → rows painted, sort, scroll, resident memory.

The Inspector tab alone is opened in process (offscreen, 1200 × 740) on a throw-away copy of the
demo store of ``--size``. The copy is opened first (a migration and decay brought up to date if
the cached store needs them: untimed, its time is printed), then:

* **text → rows painted**: filter strings (prefixes of words found in the store, typed a few
  characters at a time) are set in the filter box and applied at once (the end of the 150 ms
  debounce); each is timed from the filter's change to the table having painted the new rows: the
  model's reload has been applied and the whole viewport painted since its reset (the reset asks
  Qt for that paint, which runs before the measuring coroutine resumes; if it has not, the bench
  calls ``viewport().repaint()``). Until 2026-11-27 the bench always called ``repaint()`` after the
  reload, which painted the rows a second time; that span is printed beside, from the same run.
  Also in the same run, the same measurement for clearing the filter (the empty-filter reload);
* **sort** by each sortable column (a header click), timed the same way, with the longest frame —
  the largest gap of a 10 ms timer — from the click until the rows are painted;
* **scroll**: Page Down pressed ``--pages`` times at a key-repeat pace, then Ctrl+End (a table's last row) until the table
  has reached its very last row (every page fetched), with the longest frame during each;
* **resident memory** (``/proc/self/statm``) after opening, and after scrolling to the end;
* **garbage collections** of each phase, the CPU time inside the longest frames, and one full
  collection timed after the walk. The tab runs under the window's collector (``gui/collector.py``:
  held, start-up frozen once the tab has loaded), as in the main window.

Targets (issue 19.7 and 19.9): text → rows painted p95 ≤ 50 ms on L; sort and scroll without a
frame over 50 ms; resident memory ≤ 300 MB on L after scrolling the Inspector to the end.

    python -m bench.bench_inspector --size L
"""

from __future__ import annotations

import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import (
    USER,
    GcWatch,
    copy_store,
    demo_store,
    fmt_ms,
    header,
    parser,
    print_why,
    sample_late_frames,
    summary,
)

#: words whose prefixes are typed (found in the demo stores' patterns, types and project names)
WORDS = (
    "serif",
    "grid",
    "warm",
    "shadow",
    "dense",
    "minimal",
    "color",
    "airy",
    "brand",
    "icon",
    "neutral",
    "motion",
)


def rss_mb() -> float:
    """This process's resident memory now (MB)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):  # no /proc: the peak instead
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def typed_strings(count: int) -> list[str]:
    """``count`` filter texts: each word typed 2, 3, 4 … characters at a time."""
    out: list[str] = []
    for n in range(2, 12):
        for w in WORDS:
            if n <= len(w) and len(out) < count:
                out.append(w[:n])
    return out


def run_tab(folder: Path, args: Any) -> dict[str, Any]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    os.environ.setdefault("CM_SETTINGS_DIR", str(folder.parent / "settings"))
    import asyncio

    from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
    from PySide6.QtGui import QPaintEvent
    from PySide6.QtTest import QTest

    from creative_memory.gui.asyncbridge import AppContext, run_app
    from creative_memory.gui.collector import collector
    from creative_memory.gui.controller import Controller
    from creative_memory.gui.itemmodels.preferences import COLUMNS
    from creative_memory.gui.tabs.inspector.view import InspectorTab
    from creative_memory.model.constants import Actor
    from creative_memory.services.context import Context
    from creative_memory.services.location.datadir import DataDir

    out: dict[str, Any] = {"rss_start": rss_mb()}

    async def body(actx: AppContext) -> None:
        # The tab runs as in the main window: the collector held (collections on this thread only)
        # and start-up's objects frozen once the tab has loaded (gui/collector.py).
        collector().hold()
        ctx = Context(data_dir=DataDir(folder, "flag"), user=USER, actor=Actor.GUI)
        ctrl = Controller(ctx, actx.worker, actx.keeper)
        t0 = time.perf_counter()
        store = await ctrl.open()
        if ctrl.outdated_rules is not None:
            from creative_memory.services.derivation import rebuild

            await ctrl.run(rebuild.rebuild, store, USER, ctrl.now())
        while any(t.get_name() == "decay-catch-up" and not t.done() for t in asyncio.all_tasks()):
            await asyncio.sleep(0.05)
        out["open_s"] = time.perf_counter() - t0
        tab = InspectorTab(ctrl)
        tab.resize(1200, 740)
        tab.show()
        # Decay up to today archives the demo's preferences (their "now" is months ago): show them all.
        tab.archived_box.setChecked(True)
        t0 = time.perf_counter()
        await tab.refresh()
        out["first_load_ms"] = (time.perf_counter() - t0) * 1000
        collector().settle()
        out["rss_open"] = rss_mb()
        watch_gc = GcWatch()
        watch_gc.start()
        model, table = tab.model, tab.table
        applied = asyncio.Event()
        model.reloaded.connect(applied.set)
        gaps: list[float] = []
        #: per tick: CPU ms of this (the GUI) thread and of the whole process since the last tick
        frame_cpu: list[tuple[float, float]] = []
        cpu_last = [time.thread_time(), time.process_time()]
        last = [time.perf_counter()]

        def tick() -> None:
            t = time.perf_counter()
            gaps.append((t - last[0]) * 1000 - 10)
            last[0] = t
            thread, process = time.thread_time(), time.process_time()
            frame_cpu.append(((thread - cpu_last[0]) * 1000, (process - cpu_last[1]) * 1000))
            cpu_last[:] = [thread, process]

        def restart_frames() -> None:
            gaps.clear()
            frame_cpu.clear()
            last[0] = time.perf_counter()
            cpu_last[:] = [time.thread_time(), time.process_time()]

        def longest_frame() -> tuple[float, float, float, float]:
            """The largest gap, the GUI thread's and the process's CPU ms in it, and the most CPU
            time the process spent in any one frame (what a frame would take on an idle machine,
            at most: the busiest frame by CPU rather than by the wall clock)."""
            if not gaps:
                return 0.0, 0.0, 0.0, 0.0
            i = max(range(len(gaps)), key=gaps.__getitem__)
            return gaps[i], *frame_cpu[i], max(cpu for _gui, cpu in frame_cpu)

        timer = QTimer()
        timer.setInterval(10)
        timer.timeout.connect(tick)
        timer.start()
        if args.why:
            sample_late_frames(last, out)

        cpu: list[float] = []
        forced: list[float] = []
        # Whole-viewport paints since the model's last reset: the reset asks for one, which Qt runs
        # (posted events come first) before the awaiting coroutine below resumes.
        viewport = table.viewport()
        paints = [0]

        class PaintWatch(QObject):
            def eventFilter(self, obj: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.Paint and obj is viewport:
                    assert isinstance(event, QPaintEvent)
                    if event.rect().contains(viewport.rect()):
                        paints[0] += 1
                return False

        watch = PaintWatch()
        viewport.installEventFilter(watch)
        model.modelReset.connect(lambda: paints.__setitem__(0, 0))

        async def painted(change: Any) -> tuple[float, float]:
            """(ms from ``change()`` to the new rows painted, the longest frame meanwhile); the
            process's CPU time for the same span (both threads) is appended to ``cpu``, and the
            span up to a second, forced repaint (how this was measured before 2026-11-27) to
            ``forced``."""
            await asyncio.sleep(0.05)  # let the timer settle
            restart_frames()
            applied.clear()
            c0 = time.process_time()
            t0 = time.perf_counter()
            change()
            await applied.wait()
            if not paints[0]:  # not painted yet since the reset: paint now
                viewport.repaint()
            took = (time.perf_counter() - t0) * 1000
            cpu.append((time.process_time() - c0) * 1000)
            tick()
            viewport.repaint()
            forced.append((time.perf_counter() - t0) * 1000)
            return took, max(gaps, default=0.0)

        def set_text(text: str) -> Any:
            def go() -> None:
                tab.filter_edit.blockSignals(True)
                tab.filter_edit.setText(text)
                tab.filter_edit.blockSignals(False)
                tab.filter_edit.flush()

            return go

        texts, clears, texts_cpu, clears_cpu, texts_forced, clears_forced = [], [], [], [], [], []
        print("measuring: filter strings …", file=sys.stderr, flush=True)
        for s in typed_strings(args.strings):
            took, _gap = await painted(set_text(s))
            texts.append(took)
            texts_cpu.append(cpu[-1])
            texts_forced.append(forced[-1])
            if len(texts) % 10 == 0:
                took, _gap = await painted(set_text(""))
                clears.append(took)
                clears_cpu.append(cpu[-1])
                clears_forced.append(forced[-1])
        out["texts"], out["clears"] = texts, clears
        out["texts_cpu"], out["clears_cpu"] = texts_cpu, clears_cpu
        out["texts_forced"], out["clears_forced"] = texts_forced, clears_forced
        await painted(set_text(""))
        # wait for the counts of the last filter, then sort by each column
        while model.is_loading():
            await asyncio.sleep(0.01)
        out["gc_text"] = watch_gc.line()
        watch_gc.reset()
        print("measuring: sorts …", file=sys.stderr, flush=True)
        sorts: list[tuple[str, float, float]] = []
        header_view = table.horizontalHeader()

        def click(i: int) -> Any:
            x = header_view.sectionViewportPosition(i) + header_view.sectionSize(i) // 2
            return lambda: QTest.mouseClick(
                header_view.viewport(),
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
                QPoint(x, header_view.height() // 2),
            )

        for i, col in enumerate(COLUMNS):
            table.scrollTo(model.index(0, i))
            await asyncio.sleep(0.02)
            took, gap = await painted(click(i))
            sorts.append((col.name, took, gap))
            while model.is_loading():
                await asyncio.sleep(0.01)
        table.scrollTo(model.index(0, 4))
        await asyncio.sleep(0.02)
        await painted(click(4))  # back to strength, strongest first
        out["sorts"] = sorts
        while model.is_loading():
            await asyncio.sleep(0.01)
        out["gc_sort"] = watch_gc.line()
        watch_gc.reset()
        print("measuring: scrolling …", file=sys.stderr, flush=True)
        table.setFocus()
        table.setCurrentIndex(model.index(0, 0))
        await asyncio.sleep(0.05)
        restart_frames()
        out["sampling"] = True
        t0 = time.perf_counter()
        for _ in range(args.pages):
            QTest.keyClick(table, Qt.Key.Key_PageDown)
            await asyncio.sleep(0.033)  # a held key repeats about 30 times a second
        out["pagedown"] = (args.pages, (time.perf_counter() - t0), longest_frame(), model.rowCount())
        out["gc_pagedown"] = watch_gc.line()
        watch_gc.reset()
        restart_frames()
        t0 = time.perf_counter()
        presses = 0
        while True:
            QTest.keyClick(table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
            presses += 1
            await asyncio.sleep(0)
            while model.is_loading():
                await asyncio.sleep(0.002)
            if os.environ.get("CM_BENCH_DEBUG"):
                print(
                    presses,
                    model.rowCount(),
                    model.canFetchMore(),
                    model.can_fetch_previous(),
                    table.currentIndex().row(),
                    table.verticalScrollBar().value(),
                    file=sys.stderr,
                )
            if not model.canFetchMore() and table.currentIndex().row() == model.rowCount() - 1:
                break
        out["end"] = (presses, time.perf_counter() - t0, longest_frame(), model.rowCount())
        out["at_end"] = model.key_at(table.currentIndex().row())
        out["gc_end"] = watch_gc.line()
        watch_gc.stop()
        out["done"] = True
        timer.stop()
        out["rss_end"] = rss_mb()
        # What a collection of the oldest generation costs now (it walks every tracked object not
        # frozen, holding the GIL): after the text filters, the sorts and the walk to the end.
        import gc

        c0, t0 = time.process_time(), time.perf_counter()
        gc.collect()
        out["full_gc"] = (
            (time.perf_counter() - t0) * 1000,
            (time.process_time() - c0) * 1000,
            len(gc.get_objects()),
            gc.get_freeze_count(),
        )
        out["total"] = model.total
        out["held_rows"] = model.rowCount()
        tab.close()
        collector().release()
        actx.app.quit()

    run_app(body, argv=[sys.argv[0]])
    return out


def main() -> None:
    p = parser("The Inspector tab: typed text → rows painted, sort, scroll, resident memory")
    p.add_argument("--strings", type=int, default=36, help="filter strings typed (≥ 30)")
    p.add_argument("--pages", type=int, default=60, help="Page Down presses before End")
    p.add_argument("--why", action="store_true", help="print where the threads were during frames over 40 ms")
    args = p.parse_args()
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    header("Inspector: text → rows painted, sort, scroll, memory", bs)
    work = Path(tempfile.mkdtemp(prefix="cm-bench-inspector-", dir=os.environ.get("CM_BENCH_TMP")))
    try:
        copy_store(bs.folder, work / "data")
        out = run_tab(work / "data", args)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(
        f"open of the copy (migration and decay brought up to date, untimed): {out['open_s']:.1f} s; "
        f"first load of the tab {out['first_load_ms']:.0f} ms"
    )
    print(
        f"text → rows painted ({len(out['texts'])} strings):  {fmt_ms(summary(out['texts']))}  (target p95 ≤ 50 ms)"
    )
    print(f"  reference, empty filter → rows painted:  {fmt_ms(summary(out['clears']))}")
    print(
        f"  CPU time of the process (both threads) for the same spans: text {fmt_ms(summary(out['texts_cpu']))}; "
        f"empty filter {fmt_ms(summary(out['clears_cpu']))}"
    )
    print(
        f"  with a second, forced repaint after the first (as measured before 2026-11-27): text "
        f"{fmt_ms(summary(out['texts_forced']))}; empty filter {fmt_ms(summary(out['clears_forced']))}"
    )
    print(f"  {out['gc_text']}")
    for name, took, gap in out["sorts"]:
        print(f"sort by {name:<14} → rows painted {took:7.1f} ms, longest frame {gap:6.1f} ms")
    print(f"sort: longest frame {max(g for _n, _t, g in out['sorts']):.1f} ms (target ≤ 50 ms)")
    print(f"  {out['gc_sort']}")
    n, s, (gap, gui_cpu, cpu, busiest), rows = out["pagedown"]
    print(
        f"Page Down ×{n} in {s:.1f} s: longest frame {gap:.1f} ms (target ≤ 50 ms; CPU in it: GUI thread "
        f"{gui_cpu:.1f} ms, process {cpu:.1f} ms; the most CPU in any frame {busiest:.1f} ms); rows held {rows}"
    )
    print(f"  {out['gc_pagedown']}")
    n, s, (gap, gui_cpu, cpu, busiest), rows = out["end"]
    print(
        f"Ctrl+End ×{n} to the last row in {s:.1f} s: longest frame {gap:.1f} ms (target ≤ 50 ms; CPU in it: "
        f"GUI thread {gui_cpu:.1f} ms, process {cpu:.1f} ms; the most CPU in any frame {busiest:.1f} ms); "
        f"rows held {rows} "
        f"of {out['total']}; last row {out['at_end']}"
    )
    print(f"  {out['gc_end']}")
    print_why(out)
    wall, cpu, tracked, frozen = out["full_gc"]
    print(
        f"a full collection after the walk: {wall:.1f} ms ({cpu:.1f} ms CPU) over {tracked} tracked objects "
        f"({frozen} more frozen)"
    )
    print(
        f"resident memory: start {out['rss_start']:.0f} MB, tab open {out['rss_open']:.0f} MB, "
        f"after scrolling to the end {out['rss_end']:.0f} MB (target ≤ 300 MB on L)"
    )


if __name__ == "__main__":
    main()

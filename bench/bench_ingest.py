"""Ingest throughput: validated ``EventIn`` batches of 1000 through ``services.ingest.ingest.ingest_events``
with the derived cache kept current (the default), into an empty store and appended to the demo
store of ``--size``; plus the raw insert path (``ingest.insert_event_rows``, no derivation).
Target (quality.md): ≥ 20 k events/s batched with derivation kept current.

    python -m bench.bench_ingest --size M                 # 20 000 events (20 batches)
    python -m bench.bench_ingest --size M --events 50000 --profile
    python -m bench.bench_ingest --size M --shapes        # + the same stream in other shapes

``--shapes`` adds, on copies of the size's store, what the target would cost in shapes the
program does not use: the batches without any derivation (the events alone), the same with the
derivation run once after the last batch (nothing current in between), and the whole stream as
one ``ingest_events`` call (its own chunks, each derived).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import (
    NOW,
    USER,
    BenchStore,
    demo_store,
    header,
    parser,
    profile,
    summary,
    working_copy,
)
from creative_memory.model.events import EventIn
from creative_memory.services.demo import demo, demo_plan
from creative_memory.services.derivation.derivation import ensure_current
from creative_memory.services.ingest import ingest
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

DAY = 86_400_000
BATCH = 1000
TARGET_EPS = 20_000


def stream(n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` wire events that all come after the demo stores' events (so derivation stays incremental)."""
    size = "S" if n <= 10_000 else ("M" if n <= 100_000 else "L")
    start = NOW + demo_plan.SPAN_DAYS * DAY + DAY
    return list(demo.wire_events(USER, size=size, seed=seed + 1000, now=start, limit=n))


def validate(wire: list[dict[str, Any]]) -> tuple[list[EventIn], float]:
    t0 = time.perf_counter()
    events = [EventIn.model_validate(w) for w in wire]
    return events, time.perf_counter() - t0


@dataclass
class Timing:
    wall_s: float = 0.0
    cpu_s: float = 0.0
    per_batch_ms: list[float] = field(default_factory=list)


@contextmanager
def clock(t: Timing) -> Iterator[None]:
    w0, c0 = time.perf_counter(), time.process_time()
    yield
    w, c = time.perf_counter() - w0, time.process_time() - c0
    t.wall_s += w
    t.cpu_s += c
    t.per_batch_ms.append(w * 1000)


def ingest_batches(
    store: Store, events: list[EventIn], now: int, *, batch: int = BATCH, derive: bool = True
) -> tuple[Timing, dict[str, int]]:
    """Ingest in batches of 1000 (each: one write transaction + bringing the cache up to date)."""
    t = Timing()
    totals = {"accepted": 0, "duplicates": 0}
    for i in range(0, len(events), batch):
        with clock(t):
            rep = ingest.ingest_events(
                store, events[i : i + batch], default_user=USER, now=now, derive=derive
            )
        totals["accepted"] += rep.accepted
        totals["duplicates"] += rep.duplicates
    return t, totals


def rows_of(events: list[EventIn], now: int) -> list[dict[str, Any]]:
    """The rows ``ingest_events`` builds (no gates, no blocklist): the raw insert path's input."""
    return [
        ingest.event_row(ev, ev.user_id or USER, list(ev.patterns), None, None, "cli", now)[0]
        for ev in events
    ]


def raw_insert(store: Store, rows: list[dict[str, Any]], batch: int, grouped: bool) -> Timing:
    t = Timing()
    for i in range(0, len(rows), batch):
        chunk = [dict(r) for r in rows[i : i + batch]]
        if grouped:  # rows sorted by NULL pattern (mattered for the old ORM insert's executemany
            # groups; the DB-API insert is one executemany per table either way: kept to show it)
            chunk.sort(key=lambda r: (r["project_id"] is None, r["tag"] is None))
        with clock(t), store.write() as s:
            ingest.insert_event_rows(s, chunk)
    return t


def fresh_store() -> tuple[Store, Path]:
    folder = Path(tempfile.mkdtemp(prefix="cm-bench-ingest-"))
    return Store.open(DataDir(folder, "flag")), folder


def report(label: str, n: int, t: Timing) -> tuple[float, float]:
    """Prints and returns (events/s by wall clock, events/s by CPU time of this process)."""
    eps = n / t.wall_s if t.wall_s > 0 else float("inf")
    eps_cpu = n / t.cpu_s if t.cpu_s > 0 else float("inf")
    s = summary(t.per_batch_ms)
    print(
        f"   {label:<52} {eps:>8,.0f} ev/s wall, {eps_cpu:>8,.0f} ev/s cpu  "
        f"(batch wall p50 {s['p50']:.0f} p95 {s['p95']:.0f} p99 {s['p99']:.0f} ms)"
    )
    return eps, eps_cpu


def shapes(bs: BenchStore, events: list[EventIn], now: int, size: str) -> None:
    """The same stream on copies of the store, in shapes that the program does not use: how far
    each would get towards the target (decision 0062)."""
    print(f"-- the same stream in other shapes, {size} store (not what the program does)")
    with working_copy(bs) as store:
        ensure_current(store, USER, now)
        t, tot = ingest_batches(store, events, now, derive=False)
        report("batches of 1000, no derivation (the events alone)", tot["accepted"], t)
        with clock(t):
            ensure_current(store, USER, now)
        report("  + one derivation after the last batch", tot["accepted"], t)
        print(f"     (that derivation: {t.per_batch_ms[-1] / 1000:.2f} s wall, one write transaction)")
    with working_copy(bs) as store:
        ensure_current(store, USER, now)
        t, tot = ingest_batches(store, events, now, batch=len(events))
        report(f"one call of {len(events)} events (derive=True)", tot["accepted"], t)


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__ or "")
    p.add_argument("--events", type=int, default=20_000, help="events to ingest (default 20000)")
    p.add_argument("--shapes", action="store_true", help="also the stream in shapes the program does not use")
    args = p.parse_args(argv)
    bs: BenchStore = demo_store(args.size, args.seed, fresh=args.fresh)
    header(f"ingest throughput, {args.events} events in batches of {BATCH}", bs)
    wire = stream(args.events, args.seed)
    events, v_took = validate(wire)
    n = len(events)
    now = max(e.occurred_ms for e in events) + 60_000
    print(
        f"   validation (EventIn.model_validate): {n / v_took:,.0f} events/s ({v_took:.2f} s, not counted below)"
    )
    print(f"   target ≥ {TARGET_EPS:,} events/s with derivation kept current")

    store, folder = fresh_store()
    try:
        t, tot = ingest_batches(store, events, now)
        report("ingest_events → empty store (derive=True)", tot["accepted"], t)
    finally:
        store.close()
        shutil.rmtree(folder, ignore_errors=True)

    with working_copy(bs) as store:
        ensure_current(store, USER, now)
        t, tot = ingest_batches(store, events, now)
        eps, eps_cpu = report(f"ingest_events → {args.size} store (derive=True)", tot["accepted"], t)
        print(
            f"   target ≥ {TARGET_EPS:,} ev/s: wall {'meets' if eps >= TARGET_EPS else 'MISSES'}, "
            f"cpu {'meets' if eps_cpu >= TARGET_EPS else 'MISSES'}"
        )

    if args.shapes:
        shapes(bs, events, now, args.size)

    rows = rows_of(events, now)
    for label, batch, grouped in (
        ("insert_event_rows, 1000-row batches, as they come", 1000, False),
        ("insert_event_rows, 1000-row batches, NULL-grouped", 1000, True),
        ("insert_event_rows, 20000-row batches, as they come", 20_000, False),
    ):
        if batch > n:
            continue
        store, folder = fresh_store()
        try:
            report(label, n, raw_insert(store, rows, batch, grouped))
        finally:
            store.close()
            shutil.rmtree(folder, ignore_errors=True)

    if args.profile:
        store, folder = fresh_store()
        try:
            half = events[: min(n, 10 * BATCH)]
            it = iter(range(0, len(half), BATCH))

            def one() -> None:
                i = next(it)
                ingest.ingest_events(store, half[i : i + BATCH], default_user=USER, now=now)

            print(
                f"-- cProfile: ingest_events, {len(half) // BATCH} batches into an empty store (by internal time)"
            )
            print(profile(one, len(half) // BATCH, top=30, sort="tottime"))
        finally:
            store.close()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Full re-derivation (``services.derivation.rebuild.rebuild``) of the demo store of ``--size``.
Target (quality.md): ≤ 15 s for 1 M events (L).

    python -m bench.bench_rebuild --size M             # 3 runs
    python -m bench.bench_rebuild --size L --runs 1 --profile
    python -m bench.bench_rebuild --size M --empty-cache   # worst case for the write-back

The write-back only writes rows that differ from the stored ones, so a rebuild over a current
cache (the default here) writes almost nothing; ``--empty-cache`` deletes the user's preference
rows before each run (untimed), so every row is inserted, as after an import or a reset.
"""

from __future__ import annotations

import logging
import resource
import sqlite3
import statistics
import time

from bench.common import (
    NOW,
    USER,
    demo_store,
    header,
    make_current,
    parser,
    profile,
    runs_for,
    working_copy,
)
from creative_memory.services.derivation import rebuild

TARGET_S_PER_M_EVENTS = 15.0


class _Writes(logging.Handler):
    """The rebuild's own summary line: how many rows it wrote and its longest write transaction."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.last: tuple[int, float] = (0, 0.0)

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg.startswith("rebuilt") and len(record.args or ()) == 5:
            args = record.args
            assert isinstance(args, tuple)
            self.last = (int(args[3]), float(args[4]))


def _cpu() -> float:
    """CPU seconds of this process and of its ended children (the fold's helper process,
    services.derivation.fold_split), user and system."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__ or "", runs={"S": 5, "M": 3, "L": 1})
    p.add_argument(
        "--empty-cache",
        action="store_true",
        help="delete the user's preference rows before each run (every row is then written)",
    )
    args = p.parse_args(argv)
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    runs = runs_for(args, 3)
    mode = ", cache emptied before each run" if args.empty_cache else ""
    # CPU below: this process and the fold's helper process together (services.derivation.fold_split)
    header(f"full re-derivation, size {args.size}, {runs} run(s){mode}", bs)
    writes = _Writes()
    engine_log = logging.getLogger("cm.engine")
    engine_log.addHandler(writes)
    engine_log.setLevel(logging.INFO)
    with working_copy(bs) as store:
        make_current(store, bs)
        took: list[float] = []
        cpu: list[float] = []
        marks: list[tuple[int, float]] = []
        for _ in range(runs):
            if args.empty_cache:
                con = sqlite3.connect(store.path)
                con.execute("DELETE FROM creative_memory_preferences WHERE user_id = ?", (USER,))
                con.commit()
                con.close()
            marks.clear()
            t0 = time.perf_counter()
            c0 = _cpu()

            def mark(done: int, _total: int, t0: float = t0) -> None:
                marks.append((done, time.perf_counter() - t0))

            info = rebuild.rebuild(store, USER, NOW, progress=mark)
            took.append(time.perf_counter() - t0)
            cpu.append(_cpu() - c0)
            fold_end = max((t for d, t in marks if d < info.events), default=0.0)
            print(
                f"   run: {took[-1]:.2f} s wall, {cpu[-1]:.2f} s CPU  {info.events:,} events → {info.preferences:,} preferences  "
                f"({took[-1] / max(1, info.events) * 1e6:.1f} µs/event; last fold progress at {fold_end:.2f} s; "
                f"{writes.last[0]:,} rows written, longest write transaction {writes.last[1]:.0f} ms)"
            )
        med = statistics.median(took)
        events = info.events
        scaled = med * 1_000_000 / max(1, events)
        print(
            f"   median {med:.2f} s wall, {statistics.median(cpu):.2f} s CPU ({events / med:,.0f} events/s); "
            f"scaled to 1 M events ≈ {scaled:.1f} s; "
            f"target ≤ {TARGET_S_PER_M_EVENTS:g} s for 1 M — {'meets' if scaled <= TARGET_S_PER_M_EVENTS else 'MISSES'}"
        )
        if args.profile:
            print("-- cProfile: one rebuild (by internal time)")
            print(profile(lambda: rebuild.rebuild(store, USER, NOW), 1, top=30, sort="tottime"))


if __name__ == "__main__":
    main()

"""Retrieve + build the block: one project (the one with the most records) and no project,
dry-run and recorded. Prints p50/p95/p99 in ms. Targets (quality.md): M p99 ≤ 5 ms, L p99 ≤ 20 ms.

    python -m bench.bench_retrieval --size M            # 500 runs per case
    python -m bench.bench_retrieval --size L --profile  # 200 runs per case, plus where the time goes
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bench.common import (
    NOW,
    USER,
    busiest_project,
    demo_store,
    fmt_wall_cpu,
    header,
    parser,
    profile,
    runs_for,
    summary,
    timed_runs_cpu,
    working_copy,
)
from creative_memory.model.constants import Mode, Origin
from creative_memory.services.controls import controls
from creative_memory.services.derivation.derivation import ensure_current
from creative_memory.services.engine.block import build_block, estimate_tokens
from creative_memory.services.engine.retrieve import Gates
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.candidates import load as load_candidates
from creative_memory.services.retrieval.retrieval import bounded_retrieve
from creative_memory.services.store.store import Store

TARGETS = {"S": 5.0, "M": 5.0, "L": 20.0}


def _case(store: Store, project: str | None, dry_run: bool) -> Callable[[], Any]:
    origin = Origin.PREVIEW if dry_run else Origin.DAEMON

    def run() -> Any:
        return retrieval.run(
            store,
            retrieval.RetrievalRequest(
                USER,
                project_id=project,
                now=NOW,
                mode=Mode.GENERATION,
                origin=origin,
                dry_run=dry_run,
            ),
        )

    return run


def _stages(store: Store, project: str | None, runs: int) -> dict[str, float]:
    """Median CPU ms of each stage of ``retrieval.run`` (dry run), timed separately."""

    acc: dict[str, list[float]] = {
        k: [] for k in ("ensure_current", "gates", "first read", "retrieve", "block", "total")
    }
    for _ in range(runs):
        t0 = time.process_time()
        ensure_current(store, USER, NOW)
        t1 = time.process_time()
        with store.snapshot() as s:
            g = controls.using_gate(s, USER, project, NOW)
            gates = Gates(
                memory_enabled=g.memory_enabled,
                using_paused=g.using_paused,
                project_use_memory=g.project_use_memory,
                project_use_global=g.project_use_global,
            )
            t2 = time.process_time()
            reader = load_candidates(s, USER, project, NOW)
            c = reader.candidates()
            t3 = time.process_time()
            result = bounded_retrieve(s, USER, project, now=NOW, gates=gates)
            t4 = time.process_time()
        block = build_block(result, Mode.GENERATION)
        estimate_tokens(block)
        t5 = time.process_time()
        for k, a, b in (
            ("ensure_current", t0, t1),
            ("gates", t1, t2),
            ("first read", t2, t3),
            ("retrieve", t3, t4),
            ("block", t4, t5),
            ("total", t0, t5),
        ):
            acc[k].append((b - a) * 1000)
    out = {k: sorted(v)[len(v) // 2] for k, v in acc.items()}
    out["loaded"] = float(len(c.records))
    return out


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__ or "", runs={"S": 500, "M": 500, "L": 200})
    args = p.parse_args(argv)
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    runs = runs_for(args, 500)
    header(f"retrieve + build block, size {args.size}, {runs} runs per case", bs)
    target = TARGETS[args.size]
    with working_copy(bs) as store:
        # As od-memory serve does (services/rpc/host.py): the log is checkpointed beside the calls.
        store.background_checkpoints()
        project, n_records = busiest_project(store)
        print(f"   project: {project} ({n_records} records); target p99 ≤ {target:g} ms")
        worst_wall = worst_cpu = 0.0
        for label, proj in ((f"project {project}", project), ("no project", None)):
            for dry in (True, False):
                fn = _case(store, proj, dry)
                out = fn()
                samples = timed_runs_cpu(fn, runs)
                worst_wall = max(worst_wall, summary([w for w, _ in samples])["p99"])
                worst_cpu = max(worst_cpu, summary([c for _, c in samples])["p99"])
                r = out.result
                kind = "dry-run " if dry else "recorded"
                print(f"   {label:<26} {kind}  {fmt_wall_cpu(samples)}")
                print(
                    f"   {'':<26}           kept {len(r.positives)}+/{len(r.negatives)}-, overrides "
                    f"{len(r.project_overrides)}, {out.tokens} tokens, engine {r.duration_ms:.2f} ms"
                )
        for what, worst in (("wall", worst_wall), ("cpu", worst_cpu)):
            verdict = "meets" if worst <= target else "MISSES"
            print(f"   worst p99 ({what}) {worst:.2f} ms — {verdict} the target (p99 ≤ {target:g} ms)")

        print("   stage medians (dry run, CPU ms):")
        for label, proj in ((f"project {project}", project), ("no project", None)):
            st = _stages(store, proj, max(20, runs // 5))
            parts = "  ".join(f"{k} {v:.2f}" for k, v in st.items() if k != "loaded")
            print(f"     {label:<26} records read {int(st['loaded'])}:  {parts}")

        if args.profile:
            for label, proj, dry in (
                (f"project {project}, recorded", project, False),
                ("no project, dry-run", None, True),
            ):
                print(f"-- cProfile: {label}, {min(runs, 100)} runs (sorted by cumulative time)")
                print(profile(_case(store, proj, dry), min(runs, 100), top=30))


if __name__ == "__main__":
    main()

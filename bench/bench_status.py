"""Commands a person waits for, as whole processes: ``od-memory --version``, ``--help``, ``where``
and ``status`` (text and ``--json``) on a copy of the size's store, beside ``python -c pass`` (the
interpreter's own start) measured in the same rounds. Targets (issue 19.2): ``--version`` and
``--help`` ≤ 100 ms, ``status`` and ``where`` ≤ 250 ms on the L store.

    python -m bench.bench_status --size L            # 15 rounds
    python -m bench.bench_status --size M --runs 31

Each round runs every command once, in turn, so a neighbour's load spreads over all of them alike.
The first ``status`` after the copy reads the counts' index pages from the page cache the copy
left warm; a store nobody touched for a while answers its first ``status`` slower (disk reads).
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.common import demo_store, header, parser, runs_for, working_copy


def _cli() -> list[str]:
    script = Path(sys.executable).with_name("od-memory")
    return [str(script)] if script.exists() else [sys.executable, "-m", "creative_memory.cli.main"]


def main() -> int:
    args = parser(__doc__ or "", runs={"S": 15, "M": 15, "L": 15}).parse_args()
    runs = runs_for(args, 15)
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    header(f"bench_status --size {args.size}: whole-process wall time of the quick commands", bs)
    with working_copy(bs) as store:
        folder = str(store.data_dir.path)
        store.close()
        cli = _cli()
        cases = {
            "python -c pass (reference)": [sys.executable, "-c", "pass"],
            "od-memory --version": [*cli, "--version"],
            "od-memory --help": [*cli, "--help"],
            "od-memory where": [*cli, "--data-dir", folder, "where"],
            "od-memory status": [*cli, "--data-dir", folder, "status"],
            "od-memory --json status": [*cli, "--data-dir", folder, "--json", "status"],
        }
        times: dict[str, list[float]] = {k: [] for k in cases}
        for argv in cases.values():  # one untimed round: the files are read once
            subprocess.run(argv, capture_output=True, check=True)
        for _ in range(runs):
            for label, argv in cases.items():
                t0 = time.perf_counter()
                subprocess.run(argv, capture_output=True, check=True)
                times[label].append((time.perf_counter() - t0) * 1000.0)
    print(f"   {runs} rounds; wall ms: median / min / max")
    ref = statistics.median(times["python -c pass (reference)"])
    for label, t in times.items():
        med = statistics.median(t)
        extra = "" if label.startswith("python") else f"   (reference + {med - ref:.0f} ms)"
        print(f"   {label:<30} {med:7.0f} {min(t):7.0f} {max(t):7.0f}{extra}")
    if shutil.which("od-memory") is None and cli[0] == sys.executable:
        print("   (od-memory is not on PATH: ran as python -m creative_memory.cli.main)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

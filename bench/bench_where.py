"""Where the store is: ``od-memory where`` as a whole process (the flag, and discovery in a fake
HOME whose ``~/.od`` is the demo store), beside ``od-memory --version`` measured in the same run;
and what the program's backup copies cost: making one (the first open), and the byte search a
forget adds while one exists (decision 0016).

    python -m bench.bench_where --size M
    python -m bench.bench_where --size L --where-only
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import demo_store, fmt_ms, header, parser, runs_for, summary
from creative_memory.services.store import backups


def _process_ms(args: list[str], env: dict[str, str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "creative_memory.cli.main", *args],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        times.append((time.perf_counter() - t0) * 1000)
    return times


def main() -> None:
    p = parser(__doc__ or "", runs={"S": 10, "M": 10, "L": 5})
    p.add_argument("--where-only", action="store_true", help="skip the backup figures (they copy the store)")
    args = p.parse_args()
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    runs = runs_for(args, 10)
    header("where, and the program's backup copies", bs)
    tmp = Path(tempfile.mkdtemp(prefix="cm-bench-where-"))
    try:
        home = tmp / "home"
        home.mkdir()
        (home / ".od").symlink_to(bs.folder)  # discovered as Home Manager's ~/.od; only read
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "XDG_"))}
        env.update(HOME=str(home), CM_CONFIG_DIR=str(tmp / "cfg"))
        ref = summary(_process_ms(["--version"], env, runs))
        flag = summary(_process_ms(["--data-dir", str(bs.folder), "where", "--json"], env, runs))
        found = summary(_process_ms(["where", "--json"], env, runs))
        listed = summary(_process_ms(["where", "--all", "--json"], env, runs))
        print(f"   od-memory --version (reference)     {fmt_ms(ref)}")
        print(f"   od-memory --data-dir D where         {fmt_ms(flag)}")
        print(f"   od-memory where (discovered ~/.od)   {fmt_ms(found)}")
        print(f"   od-memory where --all                {fmt_ms(listed)}")
        print(f"   where (discovered) − --version, p50  {found['p50'] - ref['p50']:.1f} ms")

        if args.where_only:
            return
        store = bs.folder / "app.sqlite"
        size_mb = store.stat().st_size / 1e6
        t0 = time.perf_counter()
        absent = backups._contains(store, [b"no such pattern anywhere \x01"])
        scan_ms = (time.perf_counter() - t0) * 1000
        assert not absent
        print(f"   byte search a forget adds per backup copy ({size_mb:.0f} MB, no match): {scan_ms:.0f} ms")
        copy_dir = tmp / "copy"
        copy_dir.mkdir()
        shutil.copy2(store, copy_dir / "app.sqlite")
        t0 = time.perf_counter()
        made = backups.make_backup(copy_dir / "app.sqlite")
        print(
            f"   making a backup copy (SQLite backup API, fsync, rename): {(time.perf_counter() - t0) * 1000:.0f} ms"
            f" ({made.stat().st_size / 1e6:.0f} MB)"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

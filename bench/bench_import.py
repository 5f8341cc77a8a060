"""Importing a bundle as a whole process: peak resident memory and time of ``od-memory import`` of
the size's demo store exported (plain, and encrypted with ``--encrypted``) into an empty data
folder, beside ``python -c pass`` and ``od-memory --version`` measured in the same run.

    python -m bench.bench_import --size M                 # plain bundle, 1 run
    python -m bench.bench_import --size M --encrypted     # also the encrypted bundle
    python -m bench.bench_import --size M --code DIR      # an older checkout's code (DIR holds creative_memory/)

Peak memory is each command's ``ru_maxrss`` (Linux: KiB) as a small launcher process sees it: a
child forked from the benchmark itself would start from the benchmark's own high-water mark.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import demo_store, header, parser, runs_for, working_copy

PASSPHRASE = "bench passphrase 1"


_LAUNCHER = (
    "import resource, subprocess, sys, time\n"
    "t0 = time.perf_counter()\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\n"
    "wall = time.perf_counter() - t0\n"
    "print(wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)\n"
)


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(wall s, peak RSS MiB, exit code) of one command, run by the launcher."""
    done = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, *argv], env=env, capture_output=True, text=True, check=False
    )
    wall, rss, code = done.stdout.split()
    if int(code) != 0:
        print(f"   ! {' '.join(argv[2:])} exited {code}: {done.stderr.strip()[-400:]}")
    return float(wall), int(rss) / 1024.0, int(code)


def main() -> int:
    p = parser(__doc__ or "", runs={"S": 3, "M": 1, "L": 1})
    p.add_argument("--encrypted", action="store_true", help="also import the encrypted bundle")
    p.add_argument("--code", type=Path, default=None, help="a folder holding creative_memory/ to run instead")
    args = p.parse_args()
    runs = runs_for(args, 1)
    bs = demo_store(args.size, args.seed, fresh=args.fresh)
    header(f"bench_import --size {args.size}: od-memory import as a whole process", bs)
    env = dict(os.environ)
    src = str((args.code or Path(__file__).resolve().parents[1] / "src").resolve())
    env["PYTHONPATH"] = src
    env["CM_BENCH_PASSPHRASE"] = PASSPHRASE
    cli = [sys.executable, "-m", "creative_memory.cli.main"]
    print(f"   code: {src}")
    tmp = Path(tempfile.mkdtemp(prefix="cm-bench-import-"))
    try:
        with working_copy(bs) as store:
            folder = str(store.data_dir.path)
            store.close()
            plain, enc = tmp / "bundle.json", tmp / "bundle.enc"
            # The bundles are written by this checkout's code, whatever --code names.
            own = {**env, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
            subprocess.run([*cli, "--data-dir", folder, "export", "--to", str(plain)], env=own, check=True)
            if args.encrypted:
                subprocess.run(
                    [*cli, "--data-dir", folder, "export", "--to", str(enc), "--encrypt",
                     "--passphrase-env", "CM_BENCH_PASSPHRASE"],
                    env=own, check=True, capture_output=True,
                )  # fmt: skip
        print(f"   plain bundle {plain.stat().st_size / 1e6:.1f} MB", end="")
        print(f", encrypted {enc.stat().st_size / 1e6:.1f} MB" if args.encrypted else "")
        cases: dict[str, list[str]] = {
            "python -c pass (reference)": [sys.executable, "-c", "pass"],
            "od-memory --version": [*cli, "--version"],
        }
        bundles = [("plain", plain)] + ([("encrypted", enc)] if args.encrypted else [])
        print(f"   {runs} run(s) each; wall s and peak RSS MiB (max over runs)")
        for label, argv in cases.items():
            got = [_run(argv, env) for _ in range(runs)]
            print(f"   {label:<34} {min(g[0] for g in got):8.2f} s {max(g[1] for g in got):8.1f} MiB")
        for name, bundle in bundles:
            got = []
            for _ in range(runs):
                target = tmp / f"target-{name}"
                shutil.rmtree(target, ignore_errors=True)
                target.mkdir()
                argv = [*cli, "--data-dir", str(target), "import", str(bundle)]
                if name == "encrypted":
                    argv += ["--passphrase-env", "CM_BENCH_PASSPHRASE"]
                got.append(_run(argv, env))
            label = f"od-memory import ({name})"
            print(f"   {label:<34} {min(g[0] for g in got):8.2f} s {max(g[1] for g in got):8.1f} MiB")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

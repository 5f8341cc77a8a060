"""Looking never writes: the store digest before and after opening every tab and every read-only command.

    python -m bench.looking_digest [--size S] [--seed 3]

Makes a demo store in a temporary folder, records one injection (``od-memory retrieve``), takes the
digest of every row of every table (``services.store.digest``), then opens the window on it and renders
every tab (``creative-memory --data-dir D --screenshot OUT``), runs ``preview``, ``explain``,
``inspect``, ``status``, ``diagnostics`` and ``retrieve --dry-run``, and takes the digest again.
Prints both digests and any table whose rows changed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from creative_memory.services.store.digest import store_digest, table_digests


def _run(module: str, *args: str, env: dict[str, str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", module, *args], env=env, capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise SystemExit(f"{module} {' '.join(args)} exited {proc.returncode}: {proc.stderr.strip()}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--size", default="S", choices=["S", "M", "L"])
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="cm-looking-") as tmp:
        root = Path(tmp)
        data = root / "data"
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "CM_SETTINGS_DIR": str(root / "settings"),
            "CM_CONFIG_DIR": str(root / "config"),
            "CM_DEMO_DIR": str(root / "demo"),
        }
        cli = "creative_memory.cli.main"
        _run(cli, "--data-dir", str(data), "demo", "--size", args.size, "--seed", str(args.seed), env=env)
        _run(cli, "--data-dir", str(data), "retrieve", env=env)  # one injection, as the daemon records it
        store = data / "app.sqlite"
        before, tables_before = store_digest(store), table_digests(store)
        _run("creative_memory.gui.app", "--data-dir", str(data), "--screenshot", str(root / "shots"), env=env)
        for command in (
            ["preview", "--with-personal"],
            ["preview", "--mode", "critique"],
            ["inspect"],
            ["status"],
            ["diagnostics"],
            ["retrieve", "--dry-run"],
            ["audit"],
            ["project", "list"],
        ):
            _run(cli, "--data-dir", str(data), *command, env=env)
        after, tables_after = store_digest(store), table_digests(store)
        print(f"store: demo {args.size} seed {args.seed}, {len(tables_before)} tables")
        print(f"digest before opening every tab: {before}")
        print(f"digest after opening every tab:  {after}")
        changed = sorted(t for t in tables_before if tables_before[t] != tables_after.get(t))
        print("unchanged" if before == after else f"CHANGED: {', '.join(changed)}")
        return 0 if before == after else 1


if __name__ == "__main__":
    raise SystemExit(main())

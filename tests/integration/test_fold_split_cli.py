"""``od-memory rebuild`` as installed (the console script, a process of its own) folds a store on
two cores when told to by ``CM_FOLD_SPLIT_MIN_EVENTS`` and leaves the same table as one process:
the second process starts from the real entry point, runs only the fold, and prints nothing on
stdout (docs/decisions/0056)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from creative_memory.services.demo import demo
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_780_000_000_000
NOW_ISO = "2026-05-28T20:26:40Z"
SCRIPT = Path(sys.executable).with_name("od-memory")


def _rows(db: Path) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(db)
    try:
        cur = con.execute("SELECT * FROM creative_memory_preferences")
        names = [d[0] for d in cur.description]
        return sorted(tuple(v for k, v in zip(names, r, strict=True) if k != "id") for r in cur.fetchall())
    finally:
        con.close()


def _rebuild(data: Path, split: bool) -> subprocess.CompletedProcess[str]:
    con = sqlite3.connect(data / "app.sqlite")
    con.execute("DELETE FROM creative_memory_preferences")
    con.commit()
    con.close()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_"))}
    env.update(HOME=str(data.parent), CM_LOG_LEVEL="INFO", CM_FOLD_SPLIT_MIN_EVENTS="0" if split else "")
    return subprocess.run(
        [str(SCRIPT), "rebuild", "--json", "--now", NOW_ISO, "--data-dir", str(data)],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not SCRIPT.exists(), reason="the od-memory console script is not installed beside Python")
def test_the_installed_command_folds_on_two_cores_as_on_one(tmp_path: Path) -> None:
    data = tmp_path / "od-data"
    data.mkdir()
    store = Store.open(DataDir(data, "flag"))
    try:
        demo.generate(store, USER, size="S", seed=2, now=NOW)
    finally:
        store.close()
    one = _rebuild(data, split=False)
    assert one.returncode == 0, one.stderr
    alone = _rows(data / "app.sqlite")
    two = _rebuild(data, split=True)
    assert two.returncode == 0, two.stderr
    assert "helper process folded" in two.stderr and "helper process folded" not in one.stderr
    assert json.loads(two.stdout)["preferences"] == json.loads(one.stdout)["preferences"] == len(alone) > 300
    assert _rows(data / "app.sqlite") == alone

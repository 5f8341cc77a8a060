"""``reset --backup`` is refused when its backup would not import again (issue 32, point 4): the
bundle is read back as an import reads it before anything is erased; a good one resets as before."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.backup import check_importable

NOW = 1_794_312_000_000


def od(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_"))}
    env.update(PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(root / "cfg"))
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(root / "od"), *args],
        cwd=root, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def events(n: int) -> str:
    return "\n".join(
        json.dumps(
            {
                "event_id": f"e{i}",
                "signal_type": "manual_refinement",
                "occurred_at": "2026-11-01T10:00:00Z",
                "patterns": [
                    {"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}
                ],
            }
        )
        for i in range(n)
    )


def count(root: Path) -> int:
    con = sqlite3.connect(root / "od" / "app.sqlite")
    try:
        return int(con.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0])
    finally:
        con.close()


def test_a_backup_that_would_not_import_refuses_the_reset(tmp_path: Path) -> None:
    (tmp_path / "od").mkdir()
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    ingest_jsonl(store, events(3), default_user="local", now=NOW)
    store.close()
    # One stored event the import refuses (its payload's tag differs from the event's): a store
    # that an older version, or a damaged write, left like this.
    con = sqlite3.connect(tmp_path / "od" / "app.sqlite")
    with con:
        con.execute("UPDATE creative_memory_events SET tag = 'love this' WHERE event_id = 'e1'")
    con.close()

    r = od(tmp_path, "reset", "--confirm", "--backup", "before.json")
    assert r.returncode == 5, r.stderr
    assert "would not import again" in r.stderr and "nothing was erased" in r.stderr
    assert count(tmp_path) == 3  # nothing erased
    assert (tmp_path / "before.json").exists()  # left for a look


def test_a_good_backup_is_read_back_and_the_reset_runs(tmp_path: Path) -> None:
    (tmp_path / "od").mkdir()
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    ingest_jsonl(store, events(3), default_user="local", now=NOW)
    store.close()
    r = od(tmp_path, "reset", "--confirm", "--backup", "before.json")
    assert r.returncode == 0, r.stderr
    assert count(tmp_path) == 0
    check_importable(tmp_path / "before.json")  # raises if it would not import

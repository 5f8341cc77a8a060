"""A block holds wherever the store goes (issue 32, point 3): the blocks carry a mark of the install
secret that made them, and a program with another secret (another home, another keychain) refuses
to learn into that store with a sentence instead of learning the blocked pattern again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import keyring.backends.fail
import pytest
from sqlalchemy import func, select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Event
from creative_memory.services.common.errors import RefusedForSafety
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest import blocklist
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

NOW = 1_794_312_000_000


def checker(folder: Path) -> BlockChecker:
    return BlockChecker(SecretStore(config_dir=folder, keyring_backend=keyring.backends.fail.Keyring()))


def line(i: int, pattern: str) -> str:
    return json.dumps(
        {
            "event_id": f"e{i}",
            "signal_type": "manual_refinement",
            "occurred_at": "2026-11-01T10:00:00Z",
            "patterns": [{"preference_type": "shape", "pattern": pattern, "polarity": "positive"}],
        }
    )


def events(store: Store) -> int:
    with store.read() as s:
        return int(s.scalar(select(func.count()).select_from(Event)) or 0)


def test_a_program_with_another_secret_refuses_to_learn_instead_of_relearning(tmp_path: Path) -> None:
    (tmp_path / "od").mkdir()
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    mine, other = checker(tmp_path / "home-a"), checker(tmp_path / "home-b")
    try:
        ingest_jsonl(store, line(1, "drop_shadows"), default_user="local", now=NOW, blocks=mine)
        forgetting.forget(
            store, "local", [erasure.Target("shape", "drop_shadows")], blocks=mine, block=True,
            actor=Actor.CLI, now=NOW,
        )  # fmt: skip
        assert len(blocklist.list_blocks(store, "local")) == 1  # the secret's mark is not a block
        # The install that made the block still drops the pattern.
        rep = ingest_jsonl(store, line(2, "drop_shadows"), default_user="local", now=NOW, blocks=mine)
        assert rep.accepted == 0
        # Another install cannot tell what the block blocks: it refuses, and stores nothing.
        with pytest.raises(RefusedForSafety, match="another install secret"):
            ingest_jsonl(store, line(3, "drop_shadows"), default_user="local", now=NOW, blocks=other)
        assert events(store) == 0
    finally:
        store.close()


def test_the_command_line_under_another_home_says_so(tmp_path: Path) -> None:
    (tmp_path / "od").mkdir()
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    try:
        with store.write() as s:
            checker(tmp_path / "home-a").block(s, "local", "shape", "drop_shadows", NOW)
    finally:
        store.close()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_"))}
    env.update(PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(tmp_path / "home-b"))
    r = subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(tmp_path / "od"), "ingest", "-"],
        input=line(1, "drop_shadows"), env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert r.returncode == 5, r.stderr
    assert "another install secret" in r.stderr and "Traceback" not in r.stderr


def test_another_home_neither_blocks_nor_lifts_by_name_nor_makes_a_secret(tmp_path: Path) -> None:
    """Found in review: a block made from another home was written under a secret made there on
    the spot (so it held for nobody), and a lift by name said "not blocked" beside a listed block.
    Both refuse now, as learning does, and asking makes no secret file."""
    (tmp_path / "od").mkdir()
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    mine = checker(tmp_path / "home-a")
    other_home = tmp_path / "home-b"
    try:
        ingest_jsonl(store, line(1, "drop_shadows") + "\n" + line(2, "airy_spacing"), default_user="local",
                     now=NOW, blocks=mine)  # fmt: skip
        forgetting.forget(store, "local", [erasure.Target("shape", "drop_shadows")], blocks=mine, block=True,
                          actor=Actor.CLI, now=NOW)  # fmt: skip
        before = [b.fingerprint for b in blocklist.list_blocks(store, "local")]
        with pytest.raises(RefusedForSafety, match="another install secret"):
            forgetting.forget(store, "local", [erasure.Target("shape", "airy_spacing")], blocks=checker(other_home),
                              block=True, actor=Actor.CLI, now=NOW)  # fmt: skip
        with pytest.raises(RefusedForSafety, match="by its number"):
            blocklist.lift_pattern(store, checker(other_home), "local", "shape", "drop_shadows",
                                   actor=Actor.CLI, now=NOW)  # fmt: skip
        with pytest.raises(RefusedForSafety):
            ingest_jsonl(
                store, line(3, "airy_spacing"), default_user="local", now=NOW, blocks=checker(other_home)
            )
        assert not (other_home / "install-secret").exists() and not any(other_home.glob("*"))
        assert [b.fingerprint for b in blocklist.list_blocks(store, "local")] == before
        with store.read() as s:
            assert mine.blocked(mine.fingerprints(s, "local"), "shape", "drop_shadows")
        # the home that made the blocks still lifts by name
        assert blocklist.lift_pattern(store, mine, "local", "shape", "DROP-SHADOWS", actor=Actor.CLI, now=NOW)
    finally:
        store.close()

"""Bugs found in review, each with the test that would have caught it."""

from __future__ import annotations

import json
from pathlib import Path

import keyring.backends.fail
import pytest

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.controls import controls
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection.queries import inspect
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.store.store import Store

NOW = 1_793_500_000_000


def _line(n: int, ptype: str, pattern: str, *, project: str | None = None, polarity: str = "positive") -> str:
    obj = {
        "event_id": f"r{n}",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-11-0{1 + n % 8}T10:{n:02d}:00Z",
        "session_id": f"s{n % 3}",
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": polarity}],
    }
    if project:
        obj["project_id"] = project
    return json.dumps(obj, ensure_ascii=False)


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    return BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )


def test_forget_of_a_pattern_whose_name_another_type_shares_is_verified(
    store: Store, blocks: BlockChecker
) -> None:
    lines = [_line(i, "effects", "drop_shadows") for i in range(3)]
    lines += [_line(10 + i, "layout", "drop_shadows") for i in range(4)]
    rep = ingest_jsonl(store, "\n".join(lines), default_user="local", now=NOW)
    assert rep.accepted == 7
    receipt = forgetting.forget(
        store, "local", [erasure.Target("effects", "drop_shadows")], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    assert receipt.verified, receipt.as_json()
    assert receipt.events_deleted == 3
    assert receipt.events_rewritten == 0  # the layout events were not touched
    assert any("another type" in n for n in receipt.notes)
    with store.read() as s:
        left = inspect(s, "local")
    assert [(p.preference_type, p.pattern) for p in left] == [("layout", "drop_shadows")]
    assert left[0].accept_count == 4


def test_the_daemons_non_ascii_project_ids_work(store: Store) -> None:
    rep = ingest_jsonl(
        store, _line(1, "color", "warm_palette", project="p_café"), default_user="local", now=NOW
    )
    assert rep.accepted == 1 and not rep.rejected
    row = controls.set_project(store, "local", "p_café", use_memory=False, actor=Actor.CLI, now=NOW)
    assert row.id == "p_café" and row.use_memory is False


@pytest.mark.parametrize("bad", ["p_1\n", "p 1", "p/1", ""])
def test_ids_with_a_newline_space_or_slash_are_refused(store: Store, bad: str) -> None:
    with pytest.raises(InvalidInput):
        controls.set_project(store, "local", bad, use_memory=False, actor=Actor.CLI, now=NOW)
    with pytest.raises(InvalidInput):
        erasure.Target("layout", bad).validate()

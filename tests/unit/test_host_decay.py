"""``serve``'s ``decay`` on a store left for months answers within a bounded time with what is
``remaining``, and the daemon's next call goes on with it: its retrievals never wait behind half a
minute of writes, only the first slice of them (docs/decisions/0061)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from store_helpers import due_records

from creative_memory.model.constants import Actor
from creative_memory.services.common.clock import DAY_MS
from creative_memory.services.context import Context
from creative_memory.services.derivation import decay as decay_module
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.rpc import host as host_module
from creative_memory.services.rpc.host import Host
from creative_memory.services.store.store import Store

USER = "local"
T0 = 1_793_500_000_000  # early November 2026


def _due(store: Store, now: int) -> int:
    return due_records(store, USER, now)


@pytest.fixture
def months_later(store: Store, tmp_data_dir: DataDir, monkeypatch: pytest.MonkeyPatch) -> Any:
    """40 records learned, then the daemon's session a year later; every call writes one chunk of
    two rows."""
    lines = [
        json.dumps({
            "event_id": f"e{i}", "signal_type": "manual_refinement",
            "occurred_at": f"2026-11-0{1 + i % 8}T10:{i:02d}:00Z", "session_id": "s1",
            "patterns": [{"preference_type": "layout", "pattern": f"pattern_{i}", "polarity": "positive"}],
        })
        for i in range(40)
    ]  # fmt: skip
    assert ingest_jsonl(store, "\n".join(lines), default_user=USER, now=T0).accepted == 40
    monkeypatch.setattr(decay_module, "_FIRST_CHUNK", 2)
    monkeypatch.setattr(decay_module, "_STEP", 2)
    monkeypatch.setattr(decay_module, "DEADLINE_S", 0.0)  # a chunk of one step
    monkeypatch.setattr(host_module, "DECAY_ANSWER_S", 0.0)  # one chunk, then the answer
    now = T0 + 365 * DAY_MS
    ctx = Context(data_dir=tmp_data_dir, user=USER, actor=Actor.CLI, now_override=now)
    yield Host(ctx), store, now
    ctx.close()


def test_decay_answers_within_its_time_with_what_remains_and_the_next_call_goes_on(months_later: Any) -> None:
    host, store, now = months_later
    due = _due(store, now)
    assert due >= 30
    answer = host.decay({})
    assert answer["remaining"] == due - 2 and answer["decayed"] + answer["archived"] == 2
    assert _due(store, now) == due - 2
    calls = 1
    while answer["remaining"]:
        before = answer["remaining"]
        answer = host.decay({})
        calls += 1
        assert answer["remaining"] == before - 2  # one chunk of two rows per call here
    assert calls == -(-due // 2) and _due(store, now) == 0
    assert host.decay({}) == {"decayed": 0, "archived": 0, "remaining": 0}

"""The event-pattern index (creative_memory_event_patterns) mirrors every stored payload after a forget.

A forget rewrites payloads: a comparison that loses all of one side loses both sides, so patterns
other than the forgotten one can leave a payload. The index rows must follow the rewritten payload,
not only lose the forgotten pattern's rows (explain, project lists and later forgets read it).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import keyring.backends.fail
import pytest
from sqlalchemy import select

from creative_memory.model.constants import Actor, Polarity
from creative_memory.model.events import payload_items
from creative_memory.model.tables import Event, EventPattern
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.store.store import Store

NOW = 1_793_500_000_000
USER = "local"

A = ("color", "teal_gradient")  # the chosen side; forgotten
B = ("layout", "airy_spacing")  # the other side: goes with the comparison
C = ("typography", "serif_headings")  # a plain pattern of the same event: stays


def _side(*xs: tuple[str, str]) -> dict[str, Any]:
    return {"patterns": [{"preference_type": x[0], "pattern": x[1]} for x in xs]}


def _pat(x: tuple[str, str], polarity: str = "positive") -> dict[str, str]:
    return {"preference_type": x[0], "pattern": x[1], "polarity": polarity}


def _events() -> list[dict[str, Any]]:
    return [
        {
            "event_id": "pair_with_plain",
            "signal_type": "pairwise_comparison",
            "occurred_at": "2026-11-01T10:00:00Z",
            "session_id": "s1",
            "chose": _side(A),
            "over": _side(B),
            "patterns": [_pat(C)],
        },
        {  # a comparison that keeps both sides after A goes (A beside C on the chosen side)
            "event_id": "pair_mixed",
            "signal_type": "pairwise_comparison",
            "occurred_at": "2026-11-01T10:01:00Z",
            "session_id": "s2",
            "chose": _side(A, C),
            "over": _side(B),
        },
        {  # only A: deleted
            "event_id": "only_a",
            "signal_type": "manual_refinement",
            "occurred_at": "2026-11-01T10:02:00Z",
            "session_id": "s3",
            "patterns": [_pat(A)],
        },
        {  # untouched
            "event_id": "only_b",
            "signal_type": "thumbs_up",
            "occurred_at": "2026-11-01T10:03:00Z",
            "session_id": "s4",
            "patterns": [_pat(B)],
        },
    ]


def index_mismatches(store: Store) -> dict[int, tuple[Counter[Any], Counter[Any]]]:
    """Every event (and orphan index seq) whose index rows differ from what its stored payload names:
    seq -> (rows expected from payload_items, rows in the index), as multisets of
    (user_id, scope, preference_type, pattern, polarity, role). Empty when the index mirrors the events."""
    expected: dict[int, Counter[Any]] = {}
    actual: dict[int, Counter[Any]] = {}
    with store.read() as s:
        for seq, user_id, scope, payload in s.execute(
            select(Event.seq, Event.user_id, Event.scope, Event.payload)
        ):
            expected[seq] = Counter((user_id, scope, *item) for item in payload_items(json.loads(payload)))
        for row in s.execute(
            select(
                EventPattern.seq,
                EventPattern.user_id,
                EventPattern.scope,
                EventPattern.preference_type,
                EventPattern.pattern,
                EventPattern.polarity,
                EventPattern.role,
            )
        ):
            actual.setdefault(row[0], Counter())[tuple(row[1:])] += 1
    out = {}
    for seq in expected.keys() | actual.keys():
        want, got = expected.get(seq, Counter()), actual.get(seq, Counter())
        if want != got:
            out[seq] = (want, got)
    return out


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    return BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )


def _ingest(store: Store) -> None:
    rep = ingest_jsonl(store, "\n".join(json.dumps(e) for e in _events()), default_user=USER, now=NOW)
    assert rep.accepted == len(_events()), rep.as_json()
    assert index_mismatches(store) == {}


def _stored(store: Store) -> dict[str, dict[str, Any]]:
    with store.read() as s:
        return {eid: json.loads(p) for eid, p in s.execute(select(Event.event_id, Event.payload))}


def test_forget_of_one_side_reindexes_a_comparison_that_also_has_plain_patterns(
    store: Store, blocks: BlockChecker
) -> None:
    _ingest(store)
    receipt = forgetting.forget(store, USER, [erasure.Target(*A)], blocks=blocks, actor=Actor.CLI, now=NOW)
    assert receipt.verified, receipt.as_json()
    stored = _stored(store)
    # The comparison lost its chosen side, so both sides went; the plain pattern C stayed.
    assert "chose" not in stored["pair_with_plain"] and "over" not in stored["pair_with_plain"]
    assert payload_items(stored["pair_with_plain"]) == [(*C, "positive", "")]
    assert "only_a" not in stored
    assert index_mismatches(store) == {}


def test_forget_by_polarity_reindexes_a_comparison_that_also_has_plain_patterns(
    store: Store, blocks: BlockChecker
) -> None:
    _ingest(store)
    receipt = forgetting.forget(
        store,
        USER,
        [erasure.Target(*B, polarity=Polarity.NEGATIVE)],
        blocks=blocks,
        actor=Actor.CLI,
        now=NOW,
    )
    assert receipt.verified, receipt.as_json()
    stored = _stored(store)
    assert payload_items(stored["pair_with_plain"]) == [(*C, "positive", "")]
    assert "pair_mixed" not in stored  # lost its only "over" side and had nothing else
    assert payload_items(stored["only_b"]) == [(*B, "positive", "")]  # the other polarity stays
    assert index_mismatches(store) == {}

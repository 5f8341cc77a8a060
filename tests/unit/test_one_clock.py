"""One clock (decision 0024): inspect, explain and retrieve at the same ``now`` agree on every
strength, tier and status, whatever the wall clock was when the events were ingested."""

from __future__ import annotations

import json

import pytest

from creative_memory.model.constants import Mode
from creative_memory.services.common.clock import parse_instant
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import explain, queries
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store

JAN_3 = parse_instant("2026-01-03T00:00:00Z", 0)
NOV = parse_instant("2026-11-20T00:00:00Z", 0)  # the wall clock at ingest: records long archived


def _ingest(store: Store) -> None:
    lines = []
    for k in range(10):
        for ptype, pattern, signal, pol, tag in (
            ("layout", "airy_spacing", "explicit_tag", "positive", "love this"),
            ("color", "neon", "explicit_tag", "negative", "too noisy"),
            ("type", "serif", "thumbs_up", "positive", None),
        ):
            ev = {
                "event_id": f"{pattern}{k}",
                "signal_type": signal,
                "occurred_at": f"2026-01-02T10:{k:02d}:00Z",
                "session_id": f"s{k}",
                "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": pol}],
            }
            if tag:
                ev["tag"] = tag
            lines.append(json.dumps(ev))
    ingest_jsonl(store, "\n".join(lines), default_user="local", now=NOV)


def _retrieved(store: Store, now: int) -> dict[str, tuple[float, str]]:
    out = retrieval.run(
        store,
        retrieval.RetrievalRequest("local", project_id=None, now=now, mode=Mode.GENERATION, dry_run=True),
    )
    res = out.result
    return {r.pattern: (round(r.strength, 6), str(r.confidence)) for r in (*res.positives, *res.negatives)}


@pytest.mark.parametrize("now", [JAN_3, NOV])
def test_inspect_explain_and_retrieve_agree_at_one_now(store: Store, now: int) -> None:
    _ingest(store)
    with store.read() as session:
        listed = {p.pattern: p for p in queries.inspect(session, "local", now=now)}
        explained = {
            pattern: explain.explain(session, "local", ptype, pattern, now=now).preference
            for ptype, pattern in (("layout", "airy_spacing"), ("color", "neon"), ("type", "serif"))
        }
    kept = _retrieved(store, now)
    for pattern, p in listed.items():
        e = explained[pattern]
        assert (e.strength, e.confidence, e.status) == (p.strength, p.confidence, p.status)
        if p.status == "stable" and p.strength >= 0.40 and p.confidence != "low":
            assert kept[pattern] == (p.strength, p.confidence)
        else:
            assert pattern not in kept
    if now == JAN_3:
        # The day after the events: everything is stable and injected, the thumbs provisionally.
        assert {p.status for p in listed.values()} == {"stable"}
        assert set(kept) == {"airy_spacing", "neon", "serif"}
        assert listed["serif"].provisional and not listed["airy_spacing"].provisional
    else:
        # Ten months idle: archived, and nothing is injected.
        assert {p.status for p in listed.values()} == {"archived"} and kept == {}


def test_the_status_filter_applies_to_the_evaluation_at_now(store: Store) -> None:
    _ingest(store)
    with store.read() as session:
        stable_in_january = queries.inspect(session, "local", status="stable", now=JAN_3)
        stable_in_november = queries.inspect(session, "local", status="stable", now=NOV)
        strongest = queries.inspect(session, "local", limit=1, now=JAN_3)
    assert len(stable_in_january) == 3 and stable_in_november == []
    assert strongest[0].strength == max(p.strength for p in stable_in_january)

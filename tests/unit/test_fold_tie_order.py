"""Point 8 of issue 32, "the key fixes the result": the derivation's cache key is a digest of the
event set, but events with the same timestamp are folded in arrival order (``seq``), so the same set
ingested in two orders gets one key and different preferences. Not fixed yet: the fold order has to
break ties by the events' content in the engine, the bulk fold, every fold stream (full, incremental,
per project, per group, explain) and the stored watermark, with a derivation version bump
(decision 0026). This test states the property and is expected to fail until then."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from creative_memory.model.tables import Derivation, Preference
from creative_memory.services.derivation import derivation
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000


def line(i: int, polarity: str, at: str) -> str:
    return json.dumps(
        {
            "event_id": f"e{i}",
            "signal_type": "manual_refinement",
            "occurred_at": at,
            "session_id": f"s{i}",
            "patterns": [{"preference_type": "layout", "pattern": "airy_spacing", "polarity": polarity}],
        }
    )


def outcome(root: Path, lines: list[str]) -> tuple[str, list[tuple[Any, ...]]]:
    root.mkdir(parents=True)
    store = Store.open(DataDir(root, "flag"))
    try:
        for ln in lines:  # one ingest per event: the arrival order is the order given
            ingest_jsonl(store, ln, default_user=USER, now=NOW)
        derivation.ensure_current(store, USER, NOW)
        with store.read() as s:
            key = str(s.get(Derivation, USER).cache_key)  # type: ignore[union-attr]
            prefs = sorted(
                (
                    p.scope,
                    p.preference_type,
                    p.pattern,
                    p.polarity,
                    round(p.strength, 9),
                    p.status,
                    p.confidence,
                )
                for p in s.scalars(select(Preference))
            )
        return key, prefs
    finally:
        store.close()


@pytest.mark.xfail(strict=True, reason="ties in the fold order are broken by arrival (seq), not by content")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["positive", "negative"]), min_size=2, max_size=4))
def test_the_same_events_give_the_same_preferences_in_any_arrival_order(
    tmp_path_factory: pytest.TempPathFactory, polarities: list[str]
) -> None:
    at = "2026-11-01T10:00:00Z"  # every event at the same instant
    lines = [line(i, pol, at) for i, pol in enumerate(polarities)]
    shuffled = list(reversed(lines))
    root = tmp_path_factory.mktemp("tie")
    key_a, prefs_a = outcome(root / "a", lines)
    key_b, prefs_b = outcome(root / "b", shuffled)
    assert key_a == key_b  # the key says "same events"
    assert prefs_a == prefs_b  # … so the preferences must be the same

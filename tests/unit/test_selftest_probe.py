"""The self-test touches only its own probe: a person's own preferences named like the probe (the
probe was ``self_test_probe``, a name anyone can use) are neither deleted nor in its way."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from creative_memory.model.constants import Actor
from creative_memory.model.names import is_name
from creative_memory.model.tables import Preference
from creative_memory.services import selftest
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000


def lines(ptype: str, pattern: str) -> str:
    return "\n".join(
        json.dumps(
            {
                "event_id": f"{ptype}-{i}",
                "signal_type": "manual_refinement",
                "occurred_at": f"2026-11-0{1 + i}T10:00:00Z",
                "session_id": f"s{i}",
                "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
            }
        )
        for i in range(4)
    )


def prefs(store: Store) -> list[tuple[str, str, str, str, float]]:
    with store.read() as s:
        return sorted(
            (p.scope, p.preference_type, p.pattern, p.polarity, p.strength)
            for p in s.scalars(select(Preference))
        )


@pytest.mark.parametrize("ptype", ["color", "layout"])
def test_self_test_keeps_a_persons_preferences_named_like_the_old_probe(store: Store, ptype: str) -> None:
    rep = ingest_jsonl(
        store, lines(ptype, "self_test_probe") + "\n" + lines("spacing", "airy"), default_user=USER, now=NOW
    )
    assert rep.accepted == 8
    before = prefs(store)
    assert any(p[2] == "self_test_probe" for p in before)
    report = selftest.run(store, USER, now=NOW, actor=Actor.CLI)
    assert report.ok, report.as_json()
    assert prefs(store) == before


def test_the_probe_is_no_name_anyone_can_store() -> None:
    assert not is_name(selftest.PROBE_PATTERN)

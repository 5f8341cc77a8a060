"""Forget what one session taught: its events go, and what is left equals a store that never had them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput, NotFound
from creative_memory.services.derivation import cache_state
from creative_memory.services.forget.session_forget import forget_session, session_events
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import queries
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_794_200_000_000


def _ev(
    n: int, session: str, pattern: str, *, project: str | None = None, signal: str = "manual_refinement"
) -> str:
    obj: dict[str, object] = {
        "event_id": f"e{n}",
        "signal_type": signal,
        "occurred_at": f"2026-11-0{1 + n % 7}T10:{n:02d}:00Z",
        "session_id": session,
        "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
    }
    if project:
        obj["project_id"] = project
    return json.dumps(obj)


KEEP = [
    _ev(10, "s2", "airy_spacing"),
    _ev(11, "s2", "airy_spacing"),
    _ev(12, "s2", "dense_grids"),
    _ev(13, "s3", "dense_grids", project="p1"),
]
GONE = [
    _ev(1, "s1", "airy_spacing"),
    _ev(2, "s1", "airy_spacing"),
    _ev(3, "s1", "serif_headlines"),
    _ev(4, "s1", "dense_grids", project="p1"),
]


def _prefs(store: Store) -> list[tuple[object, ...]]:
    with store.read() as session:
        rows = queries.inspect(session, USER, scope="all", status="all", limit=1000)
    return sorted(
        (p.scope, p.pattern, p.polarity, round(p.strength, 6), p.confidence, p.status) for p in rows
    )


def test_forgetting_a_session_leaves_what_a_store_without_it_would_hold(store: Store, tmp_path: Path) -> None:
    ingest_jsonl(store, "\n".join(GONE + KEEP), default_user=USER, now=NOW)
    assert session_events(store, USER, "s1") == 4
    r = forget_session(store, USER, "s1", actor=Actor.CLI, now=NOW)
    assert r.events_deleted == 4 and r.checkpointed
    assert r.patterns == [
        ("layout", "airy_spacing"),
        ("layout", "dense_grids"),
        ("layout", "serif_headlines"),
    ]
    assert session_events(store, USER, "s1") == 0
    with store.read() as session:
        assert cache_state.is_current(session, USER)
    other = Store.open(DataDir(tmp_path / "other", "flag"))
    try:
        ingest_jsonl(other, "\n".join(KEEP), default_user=USER, now=NOW)
        assert _prefs(store) == _prefs(other)
    finally:
        other.close()
    con = sqlite3.connect(store.path)
    assert con.execute("SELECT count(*) FROM creative_memory_events WHERE session_id = 's1'").fetchone() == (
        0,
    )
    assert con.execute(
        "SELECT count(*) FROM creative_memory_event_patterns WHERE pattern = 'serif_headlines'"
    ).fetchone() == (0,)
    assert con.execute(
        "SELECT action, target FROM creative_memory_audit ORDER BY id DESC LIMIT 1"
    ).fetchone() == ("forget-session", "session s1")
    con.close()


def test_an_unknown_or_malformed_session_changes_nothing(store: Store) -> None:
    ingest_jsonl(store, "\n".join(KEEP), default_user=USER, now=NOW)
    before = _prefs(store)
    with pytest.raises(NotFound, match="No event of session s9"):
        forget_session(store, USER, "s9", actor=Actor.CLI, now=NOW)
    with pytest.raises(InvalidInput, match="is not a session id"):
        forget_session(store, USER, "bad id", actor=Actor.CLI, now=NOW)
    assert _prefs(store) == before

"""The bounded read keeps its whole-scope counts between retrievals only while the user's
preference epoch (migration 0007's triggers) is unchanged: any writer's change is seen at once."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

import pytest

from creative_memory.model.constants import Origin
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000
PROJECT = "p_brand"
PREFS = "creative_memory_preferences"


def _lines(
    pattern: str, *, n: int = 5, project: str | None = None, polarity: str = "positive", tag: str = ""
) -> list[str]:
    out = []
    for i in range(n):
        obj: dict[str, object] = {
            "event_id": f"{pattern}-{polarity}-{project}-{tag}{i}",
            "signal_type": "manual_refinement",
            "occurred_at": f"2026-11-0{1 + i % 8}T10:{i:02d}:00Z",
            "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": polarity}],
        }
        if project:
            obj["project_id"] = project
        out.append(json.dumps(obj))
    return out


def _fill(store: Store) -> None:
    lines: list[str] = []
    for p in range(8):
        lines += _lines(f"global_{p}")
    for p in range(3):  # project records hiding the first three globals
        lines += _lines(f"global_{p}", project=PROJECT, n=3)
    lines += _lines("own_pattern", project=PROJECT)
    assert ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW).accepted == len(lines)


def _fingerprint(out: retrieval.RetrievalOutcome) -> str:
    data = out.as_json()
    data.pop("duration_ms")
    for e in data["events"]:
        e.pop("trace", None)
    return json.dumps([out.block, data], sort_keys=True, default=str)


def _fresh(store: Store) -> str:
    """The same retrieval by a store opened anew: nothing remembered."""
    other = Store.open(DataDir(store.path.parent, "flag"))
    try:
        return _fingerprint(
            retrieval.run(other, retrieval.RetrievalRequest(USER, project_id=PROJECT, now=NOW, dry_run=True))
        )
    finally:
        other.close()


def _sql(store: Store, statement: str) -> None:
    con = sqlite3.connect(store.path)  # another writer, behind the program's back
    try:
        con.execute(statement)
        con.commit()
    finally:
        con.close()


def _counting_statements(store: Store) -> list[str]:
    """The whole-scope count statements the next retrieval runs on the kept read connection."""
    seen: list[str] = []
    con = store._snap
    assert con is not None
    con.set_trace_callback(seen.append)
    retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=PROJECT, now=NOW, dry_run=True))
    con.set_trace_callback(None)
    return [s for s in seen if "count(*)" in s or "JOIN" in s]


CHANGES: dict[str, Callable[[Store], None]] = {
    "ingest adds and strengthens records": lambda s: ingest_jsonl(
        s,
        "\n".join(_lines("global_9") + _lines("global_3", project=PROJECT, tag="x")),
        default_user=USER,
        now=NOW,
    ),
    "a record archived by hand": lambda s: _sql(
        s, f"UPDATE {PREFS} SET status = 'archived' WHERE scope = 'global' AND pattern = 'global_5'"
    ),
    "a hiding project record deleted": lambda s: _sql(
        s, f"DELETE FROM {PREFS} WHERE scope = 'project:{PROJECT}' AND pattern = 'global_0'"
    ),
    "a strength changed": lambda s: _sql(
        s, f"UPDATE {PREFS} SET strength = 0.41 WHERE scope = 'global' AND pattern = 'global_6'"
    ),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_the_counts_are_reused_until_a_writer_changes_the_preferences(store: Store, change: str) -> None:
    _fill(store)
    first = _fingerprint(
        retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=PROJECT, now=NOW, dry_run=True))
    )
    assert _counting_statements(store) == []  # nothing changed: reused
    # A recorded retrieval sets last_injected_at on what it kept: not a change of what is counted.
    retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=PROJECT, now=NOW, origin=Origin.DAEMON))
    assert _counting_statements(store) == []

    CHANGES[change](store)
    assert _counting_statements(store) != []  # counted again after the change
    after = _fingerprint(
        retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=PROJECT, now=NOW, dry_run=True))
    )
    assert after == _fresh(store)
    assert after != first

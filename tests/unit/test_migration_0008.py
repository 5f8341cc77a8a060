"""Migration 0008: the stage events of recorded retrievals lose their index on ``pattern`` (nothing
looked a pattern up by it, and it cost a page written per event); the rows stay as they were and
every reader that names a pattern still finds them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from migration_helpers import index_sql, migrate

from creative_memory.model.constants import Origin
from creative_memory.services.forget import forget_events
from creative_memory.services.forget.erasure import Target
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import retrieval_log
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store

EVENTS = "creative_memory_retrieval_events"
INDEX = "ix_cm_retrieval_events_pattern"
USER = "local"
NOW = 1_793_500_000_000


def indexes(path: Path) -> set[str]:
    return set(index_sql(path, EVENTS))


def stage_rows(path: Path) -> list[tuple[object, ...]]:
    con = sqlite3.connect(path)
    try:
        return con.execute(f"SELECT * FROM {EVENTS} ORDER BY id").fetchall()
    finally:
        con.close()


def _lines(pattern: str) -> list[str]:
    return [
        json.dumps(
            {
                "event_id": f"{pattern}-{i}",
                "signal_type": "manual_refinement",
                "occurred_at": f"2026-11-0{1 + i}T10:00:00Z",
                "session_id": f"s{i}",
                "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
            }
        )
        for i in range(5)
    ]


def test_0008_drops_the_pattern_index_keeps_the_rows_and_the_readers_still_find_a_pattern(
    tmp_path: Path,
) -> None:
    data_dir = DataDir(tmp_path / "od", "flag")
    data_dir.path.mkdir()
    store = Store.open(data_dir)
    try:
        rep = ingest_jsonl(
            store, "\n".join(_lines("airy_spacing") + _lines("dense_grids")), default_user=USER, now=NOW
        )
        assert rep.accepted == 10
        out = retrieval.run(
            store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, origin=Origin.DAEMON)
        )
        assert out.retrieval_id is not None
    finally:
        store.close()
    assert INDEX not in indexes(data_dir.store)  # a new store is made at the head
    before = stage_rows(data_dir.store)
    assert any(r[7] == "airy_spacing" for r in before)

    migrate(data_dir.store, "0007", down=True)
    assert INDEX in indexes(data_dir.store)
    assert stage_rows(data_dir.store) == before

    migrate(data_dir.store, "0008")
    assert indexes(data_dir.store) == {"ix_cm_retrieval_events_retrieval"}
    assert stage_rows(data_dir.store) == before
    con = sqlite3.connect(data_dir.store)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()

    store = Store.open(data_dir)
    try:
        # Diagnostics' text filter and forget's diagnostics step find the pattern without the index.
        found = retrieval_log.retrieval_page(store, USER, before_id=None, limit=10, text="airy spacing")
        assert [r.id for r in found] == [out.retrieval_id]
        assert retrieval_log.retrieval_page(store, USER, before_id=None, limit=10, text="nowhere_named") == []
        with store.read() as session:
            naming = forget_events.diagnostics_naming(session, USER, Target("layout", "airy_spacing"))
        want = [int(str(r[0])) for r in before if "airy_spacing" in json.dumps([str(c) for c in r])]
        assert naming == want and naming
    finally:
        store.close()

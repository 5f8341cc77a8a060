"""A recorded retrieval a person asks for (the CLI's retrieve, the window's Diagnostics) is refused on
a damaged store and records nothing; a dry run still answers."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from creative_memory.services.common.errors import StoreUnavailable
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval.guarded import run_unless_damaged
from creative_memory.services.retrieval.request import RetrievalRequest
from creative_memory.services.store.store import Store

NOW = 1_790_000_000_000
EVENT = {
    "signal_type": "thumbs_up",
    "occurred_at": "2026-09-01T10:00:00Z",
    "patterns": [{"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive"}],
}


def _damaged_store(folder: Path) -> Path:
    store = Store.open(DataDir(folder, "flag"))
    lines = "\n".join(json.dumps({**EVENT, "event_id": f"e{i}", "session_id": f"s{i}"}) for i in range(400))
    ingest_jsonl(store, lines, default_user="local", now=NOW)
    store.close()
    path = folder / "app.sqlite"
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    raw = bytearray(path.read_bytes())
    page = int.from_bytes(raw[16:18], "big")
    raw[len(raw) - 2 * page : len(raw) - page] = b"\xa5" * page  # a page a retrieval does not read
    path.write_bytes(bytes(raw))
    return path


def _recorded(path: Path) -> int:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(con.execute("SELECT count(*) FROM creative_memory_retrievals").fetchone()[0])
    finally:
        con.close()


def test_a_recorded_retrieval_on_a_damaged_store_is_refused_and_a_dry_run_answers(tmp_path: Path) -> None:
    path = _damaged_store(tmp_path / "od")
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    try:
        with pytest.raises(StoreUnavailable, match="The store is damaged") as refused:
            run_unless_damaged(
                store, RetrievalRequest("local", project_id=None, now=NOW), "Run a recorded retrieval"
            )
        assert "Run a recorded retrieval" in str(refused.value) and "export" not in str(refused.value)
        dry = run_unless_damaged(
            store, RetrievalRequest("local", project_id=None, now=NOW, dry_run=True), "retrieve"
        )
        assert dry.retrieval_id is None
    finally:
        store.close()
    assert _recorded(path) == 0


def test_a_sound_store_records_as_before(tmp_path: Path) -> None:
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    try:
        ingest_jsonl(
            store, json.dumps({**EVENT, "event_id": "e1", "session_id": "s1"}), default_user="local", now=NOW
        )
        out = run_unless_damaged(store, RetrievalRequest("local", project_id=None, now=NOW), "retrieve")
        assert out.retrieval_id is not None
    finally:
        store.close()

"""Migration 0010: the table of page digests. A store at 0009 (made here from the committed dump
``tests/fixtures/store-0009.sql``, a store of that revision with events) upgrades with every row
kept, an event with a page is then stored with its digest, and the downgrade drops the table."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from migration_helpers import migrate, store_from_dump
from migration_helpers import table_rows as rows

from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.store.store import Store

TABLE = "creative_memory_page_digests"
PAGE = "<html><head><style>p{margin:30px 0}</style></head><body><p>Words of the person</p></body></html>"


def tables(path: Path) -> set[str]:
    con = sqlite3.connect(path)
    try:
        return {str(r[0]) for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        con.close()


def test_0010_on_a_committed_0009_store(tmp_path: Path) -> None:
    data_dir = store_from_dump(tmp_path)
    assert rows(data_dir.store, "creative_memory_alembic_version") == [("0009",)]
    assert TABLE not in tables(data_dir.store)
    events = rows(data_dir.store, "creative_memory_events")
    assert len(events) == 3

    migrate(data_dir.store, "0010")
    assert TABLE in tables(data_dir.store)
    assert rows(data_dir.store, "creative_memory_events") == events
    assert rows(data_dir.store, TABLE) == []

    store = Store.open(data_dir)
    try:
        line = {
            "event_id": "with_page",
            "signal_type": "generation_accepted",
            "occurred_at": "2026-11-05T10:00:00Z",
            "page": PAGE,
        }
        assert (
            ingest_jsonl(store, json.dumps(line), default_user="local", now=1_793_500_000_000).accepted == 1
        )
    finally:
        store.close()
    ((digest_id, body),) = rows(data_dir.store, TABLE)
    assert "Words" not in body and "margin:30px 0" in body
    con = sqlite3.connect(data_dir.store)
    (text,) = con.execute(
        "SELECT payload FROM creative_memory_events WHERE event_id = 'with_page'"
    ).fetchone()
    con.close()
    payload = json.loads(text)
    assert payload["pages"] == {"page": digest_id}

    migrate(data_dir.store, "0009", down=True)
    assert TABLE not in tables(data_dir.store)
    con = sqlite3.connect(data_dir.store)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()

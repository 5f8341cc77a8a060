"""The kept write connection of a recorded retrieval, and checkpoints taken beside it (serve)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import pytest

from creative_memory.model.constants import Origin
from creative_memory.services.common.errors import ReadOnly
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000


def _fill(store: Store, patterns: int = 12) -> None:
    lines = [
        json.dumps(
            {
                "event_id": f"e{p}-{i}",
                "signal_type": "manual_refinement",
                "occurred_at": f"2026-11-0{1 + i}T10:00:00Z",
                "patterns": [
                    {"preference_type": "layout", "pattern": f"pattern_{p}", "polarity": "positive"}
                ],
            }
        )
        for p in range(patterns)
        for i in range(5)
    ]
    assert ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW).accepted == len(lines)


def _one(store: Store, sql: str) -> object:
    con = sqlite3.connect(store.path)
    try:
        return con.execute(sql).fetchone()[0]
    finally:
        con.close()


def _in_database_file(store: Store, sql: str) -> object:
    """A value read from the database file alone (``immutable``: the log is not looked at), so it
    shows what checkpoints have copied so far, without checkpointing anything itself."""
    con = sqlite3.connect(f"file:{store.path}?immutable=1", uri=True)
    try:
        return con.execute(sql).fetchone()[0]
    finally:
        con.close()


def test_recorded_retrievals_reuse_one_connection_and_are_visible_at_once(store: Store) -> None:
    _fill(store)
    ids = []
    for i in range(3):
        out = retrieval.run(
            store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW + i, origin=Origin.DAEMON)
        )
        assert out.retrieval_id is not None
        ids.append(out.retrieval_id)
        # Another connection sees the retrieval, its stage events and the injection marks now.
        assert _one(store, f"SELECT count(*) FROM creative_memory_retrievals WHERE id = {ids[-1]}") == 1
        assert _one(
            store, f"SELECT count(*) FROM creative_memory_retrieval_events WHERE retrieval_id = {ids[-1]}"
        )
        assert _one(store, "SELECT max(last_injected_at) FROM creative_memory_preferences") == NOW + i
    con = store._hot._con
    assert con is not None
    retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW + 5, origin=Origin.DAEMON))
    assert store._hot._con is con  # kept, not reopened
    assert not con.in_transaction  # idle between calls: holds no lock


def test_a_failing_write_rolls_back_and_the_connection_stays_usable(store: Store) -> None:
    _fill(store, patterns=2)
    before = _one(store, "SELECT count(*) FROM creative_memory_retrievals")
    with pytest.raises(RuntimeError), store.hot_write() as con:
        con.execute(
            "INSERT INTO creative_memory_retrievals (user_id, at, origin, mode, duration_ms, kept_positive, "
            "kept_negative, kept_high, kept_medium, kept_overrides, token_estimate, block_sha256) "
            "VALUES ('local', 1, 'daemon', 'generation', 0, 0, 0, 0, 0, 0, 0, '')"
        )
        raise RuntimeError("the caller failed half-way")
    assert _one(store, "SELECT count(*) FROM creative_memory_retrievals") == before
    out = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, origin=Origin.DAEMON)
    )
    assert out.retrieval_id is not None


def test_a_locked_store_is_a_sentence_and_the_next_write_works(store: Store) -> None:
    _fill(store, patterns=2)
    store.lock_budget_s = 0.2
    store._hot._lock_budget_s = 0.2
    blocker = sqlite3.connect(store.path, timeout=0.1, isolation_level=None)
    try:
        retrieval.run(
            store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, origin=Origin.DAEMON)
        )  # opens the kept one
        store._hot._con.execute("PRAGMA busy_timeout=50")  # type: ignore[union-attr]
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(Exception) as info:
            retrieval.run(
                store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW + 1, origin=Origin.DAEMON)
            )
        assert "busy" in str(info.value) and "Nothing was changed" in str(info.value)
        blocker.execute("ROLLBACK")
    finally:
        blocker.close()
    assert retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW + 2, origin=Origin.DAEMON)
    ).retrieval_id


def test_background_checkpoints_copy_the_log_without_a_commit_doing_it(store: Store) -> None:
    _fill(store)
    store.background_checkpoints()
    for i in range(5):
        retrieval.run(
            store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW + i, origin=Origin.DAEMON)
        )
    con = store._hot._con
    assert con is not None
    assert con.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0  # no commit checkpoints
    last = "SELECT max(id) FROM creative_memory_retrievals"
    newest = _one(store, last)
    deadline = time.monotonic() + 10
    while _in_database_file(store, last) != newest and time.monotonic() < deadline:
        time.sleep(0.05)  # the checkpointer catches up shortly after the last write
    assert _in_database_file(store, last) == newest
    threads = [t for t in threading.enumerate() if t.name == "cm-checkpoint"]
    assert threads
    store.close()
    assert not any(t.is_alive() for t in threads)  # closing the store stops the thread


def test_a_read_only_store_refuses_a_hot_write(tmp_data_dir: object) -> None:
    from creative_memory.services.location.datadir import DataDir

    assert isinstance(tmp_data_dir, DataDir)
    Store.open(tmp_data_dir).close()
    ro = Store.open(tmp_data_dir, read_only=True)
    try:
        with pytest.raises(ReadOnly), ro.hot_write():
            pass
    finally:
        ro.close()


def test_while_serving_reads_use_the_recording_connection_and_write_nothing(store: Store) -> None:
    """serve: a retrieval reads on the connection its recordings are written on (its page cache is
    not emptied by its own commits); that read is still read-only, and a second thread reading at
    the same moment gets the kept read connection."""
    _fill(store)
    with store.snapshot() as before:  # not serving: the kept read connection
        pass
    store.background_checkpoints()
    with store.hot_write() as writer:
        pass
    with store.snapshot() as con:
        assert con is writer
        assert con.execute("SELECT count(*) FROM creative_memory_events").fetchone() == (60,)
        seen: list[sqlite3.Connection] = []

        def other() -> None:
            with store.snapshot() as c:
                seen.append(c)

        t = threading.Thread(target=other)
        t.start()
        t.join()
        assert seen == [before]
    # A read that writes is rolled back and refused, without a statement-expiring pragma.
    with pytest.raises(ReadOnly), store.snapshot() as con:
        assert con is writer
        con.execute("DELETE FROM creative_memory_events")
    assert _one(store, "SELECT count(*) FROM creative_memory_events") == 60
    with store.snapshot() as con:  # the connection is opened again and reads as before
        assert con.execute("SELECT count(*) FROM creative_memory_events").fetchone() == (60,)
    out = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, origin=Origin.DAEMON)
    )
    assert out.retrieval_id is not None  # the same connection writes again after the read
    assert _one(store, "SELECT count(*) FROM creative_memory_retrievals") == 1
    assert _one(store, "SELECT count(*) FROM creative_memory_events") == 60

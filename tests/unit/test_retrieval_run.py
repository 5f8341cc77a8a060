"""``retrieval.run`` on the store's kept read connection, and what a recorded retrieval writes."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading

import pytest
from store_helpers import outside_read as _rows

from creative_memory.model.constants import Origin
from creative_memory.services.common.clock import DAY_MS
from creative_memory.services.common.errors import StoreUnavailable
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000  # 2026-11-02T... is well within 90 days of the events below


def _lines(pattern: str, *, n: int = 5, project: str | None = None, polarity: str = "positive") -> list[str]:
    """``n`` refinements of one pattern: enough for a medium, injectable record."""
    out = []
    for i in range(n):
        obj: dict[str, object] = {
            "event_id": f"{pattern}-{polarity}-{project}-{i}",
            "signal_type": "manual_refinement",
            "occurred_at": f"2026-11-0{1 + i % 8}T10:{i:02d}:00Z",
            "session_id": f"s{i % 3}",
            "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": polarity}],
        }
        if project:
            obj["project_id"] = project
        out.append(json.dumps(obj))
    return out


def _ingest(store: Store, *lines: str) -> None:
    rep = ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW)
    assert rep.accepted == len(lines)


def test_a_retrieval_sees_what_was_committed_since_the_last_one(store: Store) -> None:
    # The kept connection must not keep an old snapshot between retrievals.
    _ingest(store, *_lines("airy_spacing"))
    first = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
    assert [p.pattern for p in first.result.positives] == ["airy_spacing"]
    _ingest(store, *_lines("serif_headlines", n=6))
    second = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
    assert [p.pattern for p in second.result.positives] == ["serif_headlines", "airy_spacing"]


def test_the_kept_connection_holds_no_snapshot_between_uses(store: Store) -> None:
    _ingest(store, *_lines("airy_spacing"))
    retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
    with store.snapshot() as kept:
        pass
    # A reader with an open transaction would make a TRUNCATE checkpoint fail (erasure needs it).
    _ingest(store, *_lines("dense_grids", polarity="negative"))
    assert store.checkpoint_truncate()
    wal = store.path.with_name(store.path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    with store.snapshot() as again:
        assert again is kept  # the same connection, kept open
        assert again.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0] == 10


def test_a_snapshot_is_one_consistent_read(store: Store) -> None:
    _ingest(store, *_lines("airy_spacing"))
    with store.snapshot() as con:
        before = con.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0]
        _ingest(store, *_lines("dense_grids", polarity="negative"))  # commits on another connection
        assert con.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0] == before
    with store.snapshot() as con:
        assert con.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0] == before + 5


def test_a_second_thread_gets_a_connection_of_its_own(store: Store) -> None:
    seen: list[sqlite3.Connection] = []
    with store.snapshot() as mine:

        def other() -> None:
            with store.snapshot() as theirs:
                seen.append(theirs)
                theirs.execute("SELECT 1").fetchone()

        t = threading.Thread(target=other)
        t.start()
        t.join(10)
        assert seen and seen[0] is not mine
        with pytest.raises(sqlite3.ProgrammingError):  # the one-off connection was closed
            seen[0].execute("SELECT 1")
        mine.execute("SELECT 1").fetchone()


def test_an_unreadable_store_is_reported_in_one_sentence(store: Store) -> None:
    store.close()
    store.path.write_bytes(b"this is not a database" * 200)
    with pytest.raises(StoreUnavailable) as err:
        retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
    assert "could not be used" in str(err.value)
    # The next use opens a fresh connection instead of reusing a broken one.
    with pytest.raises(StoreUnavailable):
        retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))


@pytest.mark.parametrize(
    ("origin", "marks"), [(Origin.DAEMON, True), (Origin.CLI, True), (Origin.PREVIEW, False)]
)
def test_a_recorded_retrieval_stores_its_trace_and_marks_what_it_injected(
    store: Store, origin: Origin, marks: bool
) -> None:
    _ingest(store, *_lines("airy_spacing"), *_lines("dense_grids", polarity="negative"), *_lines("weak", n=1))
    out = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, origin=origin))
    assert out.retrieval_id is not None
    ((at, org, kept_pos, kept_neg, tokens, sha),) = _rows(
        store,
        "SELECT at, origin, kept_positive, kept_negative, token_estimate, block_sha256 "
        "FROM creative_memory_retrievals WHERE id = ?",
        (out.retrieval_id,),
    )
    assert (at, org, kept_pos, kept_neg, tokens) == (NOW, str(origin), 1, 1, out.tokens)
    assert sha == hashlib.sha256(out.block.encode()).hexdigest()
    stored = _rows(
        store,
        "SELECT ordinal, type, stage, preference_key, preference_type, pattern, fields, trace "
        "FROM creative_memory_retrieval_events WHERE retrieval_id = ? ORDER BY ordinal",
        (out.retrieval_id,),
    )
    assert [(r[1], r[2], r[3], r[7]) for r in stored] == [
        (e.type, e.stage, e.preference_key, e.trace) for e in out.result.events
    ]
    assert [r[0] for r in stored] == list(range(len(out.result.events)))
    assert [json.loads(str(r[6])) for r in stored] == [
        json.loads(json.dumps(e.fields, default=str)) for e in out.result.events
    ]
    kept_rows = [(r[4], r[5]) for r in stored if r[1] == "kept"]
    assert sorted(kept_rows) == [("layout", "airy_spacing"), ("layout", "dense_grids")]
    marked = _rows(
        store,
        "SELECT pattern, polarity, last_injected_at FROM creative_memory_preferences ORDER BY pattern",
    )
    want = NOW if marks else None
    assert marked == [
        ("airy_spacing", "positive", want),
        ("dense_grids", "negative", want),
        ("weak", "positive", None),
    ]


def test_recorded_retrievals_are_pruned_after_the_retention_days(store: Store) -> None:
    _ingest(store, *_lines("airy_spacing"))
    old = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, origin=Origin.PREVIEW)
    )
    within = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW + 29 * DAY_MS, origin=Origin.PREVIEW)
    )
    ids = {r[0] for r in _rows(store, "SELECT id FROM creative_memory_retrievals")}
    assert ids == {old.retrieval_id, within.retrieval_id}
    # The default keeps 30 days: the first one goes, with its stage events.
    later = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW + 31 * DAY_MS, origin=Origin.PREVIEW)
    )
    ids = {r[0] for r in _rows(store, "SELECT id FROM creative_memory_retrievals")}
    assert ids == {within.retrieval_id, later.retrieval_id}
    assert _rows(
        store,
        "SELECT count(*) FROM creative_memory_retrieval_events WHERE retrieval_id = ?",
        (old.retrieval_id,),
    ) == [(0,)]
    # A longer retention setting keeps them longer.
    con = sqlite3.connect(store.path)
    with con:
        con.execute(
            "INSERT INTO creative_memory_settings (user_id, memory_enabled, diagnostics_retention_days, "
            "updated_at) VALUES (?, 1, 90, 0)",
            (USER,),
        )
    con.close()
    retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW + 80 * DAY_MS, origin=Origin.PREVIEW)
    )
    ids = {r[0] for r in _rows(store, "SELECT id FROM creative_memory_retrievals")}
    assert {within.retrieval_id, later.retrieval_id} <= ids

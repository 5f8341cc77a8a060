"""A retrieval asked again while nothing it depends on changed is the last one's answer (decision
0057): the same answer as a retrieval that remembers nothing, whatever changed in between — rows
written by another connection, a switch, the clock passing a record's decay or archival — and
far fewer statements when nothing did. And ``serve`` prepares the next retrieval after an ingest."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from store_helpers import outside_write
from test_candidates import DAY, USER, _fill, _view

from creative_memory.model.constants import Actor, Mode
from creative_memory.services.common.errors import StoreUnavailable
from creative_memory.services.context import Context
from creative_memory.services.engine.block import build_block
from creative_memory.services.engine.evaluation import ARCHIVE_MS
from creative_memory.services.engine.retrieve import Gates
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval, retrieval_memo
from creative_memory.services.retrieval.retrieval import bounded_retrieve
from creative_memory.services.rpc.host import Host
from creative_memory.services.store.store import Store


@pytest.fixture
def filled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, int]]:
    s = Store.open(DataDir(tmp_path_factory.mktemp("memo") / "od", "flag"))
    try:
        yield s, _fill(s, random.Random(5), saturated=True)
    finally:
        s.close()


def _statements(con: sqlite3.Connection) -> list[str]:
    seen: list[str] = []
    con.set_trace_callback(seen.append)
    return seen


def _fresh(store: Store, project: str | None, now: int, gates: Gates | None = None) -> dict[str, Any]:
    """The retrieval of a reader that remembers nothing (its own connection, no memo)."""
    with store.read() as session:
        return _view(
            bounded_retrieve(session, USER, project, now=now, gates=gates or Gates()), Mode.GENERATION
        )


def test_the_same_question_in_an_unchanged_store_is_answered_without_reading_it_again(
    filled: tuple[Store, int],
) -> None:
    store, now = filled
    memo: dict[object, object] = {}
    with store.snapshot() as con:
        first = bounded_retrieve(con, USER, "p1", now=now, gates=Gates(), memo=memo)
        seen = _statements(con)
        again = bounded_retrieve(con, USER, "p1", now=now + 1000, gates=Gates(), memo=memo)
        con.set_trace_callback(None)
    assert _view(again, Mode.GENERATION) == _view(first, Mode.GENERATION) == _fresh(store, "p1", now + 1000)
    assert seen == ["PRAGMA data_version"]
    # Another question (project, types or switches) is not that answer.
    with store.snapshot() as con:
        seen = _statements(con)
        other = bounded_retrieve(con, USER, "p2", now=now, gates=Gates(), memo=memo)
        con.set_trace_callback(None)
    assert len(seen) > 5 and _view(other, Mode.GENERATION) == _fresh(store, "p2", now)


def test_a_row_written_by_another_program_is_seen_by_the_next_retrieval(filled: tuple[Store, int]) -> None:
    store, now = filled
    memo: dict[object, object] = {}
    with store.snapshot() as con:
        first = bounded_retrieve(con, USER, "p1", now=now, gates=Gates(), memo=memo)
    top = first.positives[0]
    outside_write(
        store,
        "UPDATE creative_memory_preferences SET strength = 0.2, confidence = 'low' WHERE user_id = ? "
        "AND scope = ? AND preference_type = ? AND pattern = ? AND polarity = ?",
        (USER, *top.key),
    )
    with store.snapshot() as con:
        after = bounded_retrieve(con, USER, "p1", now=now, gates=Gates(), memo=memo)
    assert top.key not in [p.key for p in after.positives]
    assert _view(after, Mode.GENERATION) == _fresh(store, "p1", now)


def test_the_clock_passing_a_decay_or_an_archival_gives_a_new_answer(filled: tuple[Store, int]) -> None:
    store, now = filled
    memo: dict[object, object] = {}
    with store.snapshot() as con:
        bounded_retrieve(con, USER, "p1", now=now, gates=Gates(), memo=memo)
        (decay_at,) = con.execute(
            "SELECT min(decay_at) FROM creative_memory_preferences WHERE status != 'archived' AND decay_at > ? "
            "AND scope IN ('global', 'project:p1')",
            (now,),
        ).fetchone()
    for later in (decay_at - 1, decay_at, decay_at + DAY, now + ARCHIVE_MS, now + 3 * ARCHIVE_MS, now):
        with store.snapshot() as con:
            got = bounded_retrieve(con, USER, "p1", now=later, gates=Gates(), memo=memo)
        assert _view(got, Mode.GENERATION) == _fresh(store, "p1", later), later


@pytest.mark.parametrize("seed", range(12))
def test_remembered_answers_equal_answers_from_nothing(
    tmp_path_factory: pytest.TempPathFactory, seed: int
) -> None:
    """Questions, clock moves and outside writes in random order: every answer of the reader that
    remembers equals the one of a reader that does not."""
    rng = random.Random(seed)
    store = Store.open(DataDir(tmp_path_factory.mktemp("memo") / "od", "flag"))
    try:
        now = _fill(store, rng, saturated=rng.random() < 0.5)
        memo: dict[object, object] = {}
        for _ in range(14):
            step = rng.random()
            if step < 0.25:
                now += rng.choice([1, 1000, DAY, 20 * DAY, 95 * DAY])
            elif step < 0.4:
                outside_write(
                    store,
                    "UPDATE creative_memory_preferences SET strength = ?, state = state WHERE id = "
                    "(SELECT id FROM creative_memory_preferences ORDER BY random() LIMIT 1)",
                    (rng.choice([0.1, 0.5, 0.95]),),
                )
            elif step < 0.5:
                outside_write(
                    store,
                    "DELETE FROM creative_memory_preferences WHERE id = (SELECT max(id) FROM creative_memory_preferences)",
                )
            project = rng.choice([None, "p1", "p1", "p2"])
            gates = rng.choice([Gates(), Gates(), Gates(project_use_global=False)])
            with store.snapshot() as con:
                got = bounded_retrieve(con, USER, project, now=now, gates=gates, memo=memo)
            assert _view(got, Mode.GENERATION) == _fresh(store, project, now, gates), (seed, project, now)
    finally:
        store.close()


def test_a_record_evaluated_after_now_limits_the_answer_to_that_moment(filled: tuple[Store, int]) -> None:
    store, now = filled
    memo: dict[object, object] = {}
    earlier = now - 30 * DAY  # every row was evaluated at ``now``: after this moment
    with store.snapshot() as con:
        bounded_retrieve(con, USER, "p1", now=earlier, gates=Gates(), memo=memo)
    kept = memo[retrieval_memo._KEY]
    assert isinstance(kept, dict)
    (entry,) = kept.values()
    assert entry.until == earlier + 1


def _event(i: int, pattern: str) -> dict[str, Any]:
    return {
        "event_id": f"e{i}",
        "project_id": "p1",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-11-0{1 + i % 8}T10:{i:02d}:00Z",
        "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
    }


def _retrieve_reading(host: Host) -> tuple[dict[str, Any], list[str]]:
    """``host.retrieve`` for p1, with the statements it ran on serve's kept connection."""
    with host.store().snapshot() as con:
        seen = _statements(con)  # stays set on the kept connection for the call below
    try:
        return host.retrieve({"project_id": "p1"}), seen
    finally:
        con.set_trace_callback(None)


@pytest.mark.parametrize("prepared", [True, False])
def test_serve_prepares_the_next_retrieval_after_an_ingest(
    store: Store, tmp_data_dir: DataDir, prepared: bool
) -> None:
    now = 1_793_500_000_000
    ctx = Context(data_dir=tmp_data_dir, user=USER, actor=Actor.CLI, now_override=now)
    host = Host(ctx)
    host.store().background_checkpoints()  # as serve: reads on the kept write connection
    try:
        host.ingest({"events": [_event(i, "grid_twelve") for i in range(5)]})
        host.settle()
        assert "grid twelve" in host.retrieve({"project_id": "p1"})["block"]
        # The reaction to that generation, then (while the daemon generates) the preparation.
        host.ingest({"events": [_event(10 + i, "asymmetric_hero") for i in range(5)]})
        if prepared:
            host.settle()
        answer, seen = _retrieve_reading(host)
        assert "asymmetric hero" in answer["block"] and answer["recorded"]
        read_again = any("ix_cm_prefs_rank" in sql for sql in seen)
        assert read_again is not prepared
        assert any(sql.startswith("INSERT INTO creative_memory_retrievals") for sql in seen)
        with host.store().read() as session:
            expected = bounded_retrieve(session, USER, "p1", now=now, gates=Gates())
        assert answer["block"] == build_block(expected, Mode.GENERATION)
    finally:
        ctx.close()


def test_nothing_is_prepared_without_an_ingest_and_a_failed_preparation_fails_no_call(
    store: Store, tmp_data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx = Context(data_dir=tmp_data_dir, user=USER, actor=Actor.CLI, now_override=1_793_500_000_000)
    host = Host(ctx)
    try:
        calls: list[object] = []
        real_run = retrieval.run

        def failing(*args: Any, **kw: Any) -> Any:
            request = args[1] if len(args) > 1 else kw["request"]
            calls.append(request.dry_run)
            raise StoreUnavailable("The store could not be used (disk I/O error). Nothing was changed.")

        monkeypatch.setattr(retrieval, "run", failing)
        host.settle()
        assert calls == []
        monkeypatch.setattr(retrieval, "run", real_run)
        host.ingest({"events": [_event(i, "grid_twelve") for i in range(5)]})
        monkeypatch.setattr(retrieval, "run", failing)
        host.settle()  # logged, not raised
        assert calls == [True]
        monkeypatch.setattr(retrieval, "run", real_run)
        assert "grid twelve" in host.retrieve({"project_id": "p1"})["block"]
    finally:
        ctx.close()

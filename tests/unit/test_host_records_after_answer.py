"""serve answers a retrieval first and records it afterwards, under the id its answer gave
(decision 0057): the row appears when ``Host.settle`` runs, ids stay unique beside other writers,
and a recording that cannot be made is logged, never raised."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from store_helpers import outside_read, outside_write

from creative_memory.model.constants import Actor, Origin
from creative_memory.services.context import Context
from creative_memory.services.forget import erasure, forgetting, reset
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.retrieval_record import ReservedIds
from creative_memory.services.rpc.host import Host
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000


def _event(i: int) -> dict[str, Any]:
    return {
        "event_id": f"e{i}",
        "project_id": "p1",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-11-0{1 + i % 8}T10:{i:02d}:00Z",
        "patterns": [{"preference_type": "layout", "pattern": "grid_twelve", "polarity": "positive"}],
    }


@pytest.fixture
def host(store: Store, tmp_data_dir: DataDir) -> Iterator[Host]:
    ctx = Context(
        data_dir=tmp_data_dir,
        user=USER,
        actor=Actor.CLI,
        now_override=NOW,
        busy_timeout_s=0.2,
        lock_budget_s=0.6,
    )
    h = Host(ctx, record_after_answer=True)
    h.ingest({"events": [_event(i) for i in range(5)]})
    h.settle()
    try:
        yield h
    finally:
        ctx.close()


def _rows(store: Store) -> list[tuple[Any, ...]]:
    return outside_read(
        store,
        "SELECT r.id, r.origin, r.project_id, (SELECT count(*) FROM creative_memory_retrieval_events e "
        "WHERE e.retrieval_id = r.id) FROM creative_memory_retrievals r ORDER BY r.id",
    )


def _injected(store: Store) -> list[Any]:
    return [
        r[0]
        for r in outside_read(
            store, "SELECT last_injected_at FROM creative_memory_preferences WHERE scope = 'project:p1'"
        )
    ]


def test_the_answer_comes_first_and_the_recording_under_its_id_when_serve_settles(
    host: Host, store: Store
) -> None:
    answer = host.retrieve({"project_id": "p1"})
    rid = answer["retrieval_id"]
    assert answer["recorded"] and "grid twelve" in answer["block"]
    assert _rows(store) == [] and _injected(store) == [None]  # nothing written before the answer is out
    host.settle()
    ((got, origin, project, events),) = _rows(store)
    assert (got, origin, project) == (rid, "daemon", "p1") and events > 0
    assert _injected(store) == [NOW]
    # A dry run is never recorded; the next recorded one gets the next id of the block.
    assert host.retrieve({"project_id": "p1", "dry_run": True})["retrieval_id"] is None
    host.settle()
    second = host.retrieve({"project_id": "p1"})["retrieval_id"]
    host.settle()
    assert [r[0] for r in _rows(store)] == [rid, second] and second == rid + 1


def test_other_writers_number_their_retrievals_after_the_reserved_block(host: Host, store: Store) -> None:
    first = host.retrieve({"project_id": "p1"})["retrieval_id"]
    host.settle()
    # The window (or the CLI) records a retrieval of its own meanwhile: AUTOINCREMENT skips the block.
    theirs = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id="p1", now=NOW, origin=Origin.GUI)
    ).retrieval_id
    assert theirs is not None and theirs == first + 2  # serve holds the next id, first + 1
    ours = host.retrieve({"project_id": "p1"})["retrieval_id"]
    host.settle()
    assert [r[0] for r in _rows(store)] == sorted([first, ours, theirs]) and ours == first + 1


def test_each_recording_sets_the_next_id_aside(host: Host, store: Store) -> None:
    seen = []
    for _ in range(5):
        seen.append(host.retrieve({"project_id": "p1"})["retrieval_id"])
        host.settle()
    assert len(set(seen)) == len(seen) == len(_rows(store))
    assert [r[0] for r in _rows(store)] == sorted(seen) == list(range(seen[0], seen[0] + 5))
    ((seq,),) = outside_read(
        store, "SELECT seq FROM sqlite_sequence WHERE name = 'creative_memory_retrievals'"
    )
    assert seq == seen[-1] + 1 and ReservedIds.RESERVE == 1


def test_a_recording_that_cannot_be_made_is_logged_and_the_next_call_works(
    host: Host, store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    answer = host.retrieve({"project_id": "p1"})
    # Another program holds the write lock longer than our lock budget.
    holder = sqlite3.connect(store.path, timeout=0)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with caplog.at_level(logging.WARNING, logger="cm.serve"):
            host.settle()  # not raised
    finally:
        holder.rollback()
        holder.close()
    assert f"answered as {answer['retrieval_id']} was not recorded" in caplog.text
    assert _rows(store) == []
    again = host.retrieve({"project_id": "p1"})
    host.settle()
    assert [r[0] for r in _rows(store)] == [again["retrieval_id"]]


def test_an_id_taken_meanwhile_records_under_a_new_one_and_says_so(
    host: Host, store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    answer = host.retrieve({"project_id": "p1"})
    rid = answer["retrieval_id"]
    # The table was emptied and renumbered under us (as a restore of an older file could): the id
    # the answer gave is someone else's now.
    outside_write(
        store,
        "INSERT INTO creative_memory_retrievals (id, user_id, at, origin, mode, duration_ms, block_sha256, "
        "kept_positive, kept_negative, kept_high, kept_medium, kept_overrides, token_estimate) "
        "VALUES (?, 'someone', 0, 'gui', 'generation', 0, '', 0, 0, 0, 0, 0, 0)",
        (rid,),
    )
    with caplog.at_level(logging.WARNING, logger="cm.serve"):
        host.settle()
    assert f"answered as {rid} was recorded as" in caplog.text
    ours = [r for r in _rows(store) if r[1] == "daemon"]
    assert len(ours) == 1 and ours[0][0] != rid


def _store_bytes(store: Store) -> bytes:
    con = sqlite3.connect(store.path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        con.close()
    return b"".join(
        p.read_bytes() for p in (store.path, store.path.with_name(store.path.name + "-wal")) if p.exists()
    )


@pytest.mark.parametrize("erase", ["forget", "reset"])
def test_a_retrieval_answered_before_a_forget_is_not_recorded_after_it(
    host: Host, store: Store, blocks: BlockChecker, erase: str
) -> None:
    """The daemon's retrieval was answered with the pattern; then the person forgot it (or reset
    the memory) in the window, and the receipt said verified. The recording that serve makes once
    its answer is out must not put the pattern back into the diagnostics."""
    answer = host.retrieve({"project_id": "p1"})
    assert answer["recorded"] and "grid twelve" in answer["block"]
    if erase == "forget":
        receipt = forgetting.forget(store, USER, [erasure.Target("layout", "grid_twelve")], blocks=blocks,
                                 actor=Actor.CLI, now=NOW)  # fmt: skip
    else:
        receipt = reset.reset(store, USER, confirm=True, actor=Actor.CLI, now=NOW)
    assert receipt.verified
    host.settle()
    names = outside_read(
        store, "SELECT count(*) FROM creative_memory_retrieval_events WHERE pattern = 'grid_twelve'"
    )
    assert names == [(0,)]
    assert b"grid_twelve" not in _store_bytes(store)
    # The next retrieval is recorded as usual.
    assert host.retrieve({"project_id": "p1"})["recorded"]
    host.settle()


def test_after_a_warm_up_the_first_recorded_retrieval_finds_its_id_set_aside(
    store: Store, tmp_data_dir: DataDir
) -> None:
    """The daemon's client warms serve up with dry runs: once the store is open, settle sets the
    next recorded retrieval's id aside, so that the first generation does not wait for that write."""
    ctx = Context(
        data_dir=tmp_data_dir,
        user=USER,
        actor=Actor.CLI,
        now_override=NOW,
        busy_timeout_s=0.2,
        lock_budget_s=0.6,
    )
    h = Host(ctx, record_after_answer=True)
    try:
        h.ping(None)
        h.settle()
        assert ctx.open_store is None  # a ping opens nothing, so nothing is written
        h.retrieve({"dry_run": True})
        assert _rows(store) == []
        h.settle()
        ((seq,),) = outside_read(
            store, "SELECT seq FROM sqlite_sequence WHERE name = 'creative_memory_retrievals'"
        )
        answer = h.retrieve({})
        assert answer["retrieval_id"] == seq and answer["recorded"]
        h.settle()
        assert [r[0] for r in _rows(store)] == [seq]
    finally:
        ctx.close()


def test_the_whole_file_damage_check_runs_between_calls_not_in_the_first_generation(
    host: Host, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check reads every page (about 150 ms on the M demo store): serve does it while it
    settles after the client's warm-up, so the first generation does not wait for it."""
    from creative_memory.services.store import integrity

    calls: list[str] = []
    real = integrity.damage

    def counted(s: Store) -> str | None:
        calls.append("check")
        return real(s)

    monkeypatch.setattr(integrity, "damage", counted)
    fresh = Host(host.ctx, record_after_answer=True)  # serve as it starts, on the open store
    fresh.retrieve({"dry_run": True})  # the client's warm-up
    assert calls == []
    fresh.settle()
    assert calls == ["check"]
    before = len(_rows(store))
    fresh.retrieve({"project_id": "p1"})  # the first generation: the check is not run again
    fresh.settle()
    assert calls == ["check"]
    assert len(_rows(store)) == before + 1


def test_the_ratings_of_a_context_are_read_from_their_own_index(store: Store) -> None:
    """Every retrieval reads its context's ratings: from the partial index of the ratings, not
    from every event of the project (7 ms for 7 700 events on the M demo store)."""
    from creative_memory.services.retrieval import context_ratings

    plan = outside_read(store, "EXPLAIN QUERY PLAN " + context_ratings.RATINGS_SQL, (USER, "p1", NOW))
    assert any("ix_cm_events_ratings" in str(row) for row in plan), plan


def _weak(pattern: str) -> dict[str, Any]:
    """One thumbs up in p1: a record too weak to be kept, which the lifecycle's sample lists."""
    return {
        "event_id": "weak",
        "project_id": "p1",
        "signal_type": "thumbs_up",
        "occurred_at": "2026-11-09T10:00:00Z",
        "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
    }


def test_a_name_only_a_stage_event_lists_is_not_recorded_after_its_forget(
    host: Host, store: Store, blocks: BlockChecker
) -> None:
    """A weak record is no kept record, but the lifecycle's ``sample`` lists it: the forget of it
    between the answer and its recording must keep its name out of the diagnostics too."""
    host.ingest({"events": [_weak("faint_marker")]})
    host.settle()
    probe = host.retrieve({"project_id": "p1"})  # recorded: the sample does name the weak record
    host.settle()
    sampled = outside_read(
        store, "SELECT count(*) FROM creative_memory_retrieval_events WHERE fields LIKE '%faint_marker%'"
    )
    assert probe["recorded"] and sampled[0][0] >= 1, "the case must list the weak record, or it tests nothing"
    answer = host.retrieve({"project_id": "p1"})
    assert answer["recorded"] and "faint" not in answer["block"]
    receipt = forgetting.forget(store, USER, [erasure.Target("layout", "faint_marker")], blocks=blocks,
                                actor=Actor.CLI, now=NOW)  # fmt: skip
    assert receipt.verified
    host.settle()
    assert b"faint_marker" not in _store_bytes(store)


def test_a_session_forget_erases_the_stage_events_that_name_what_only_it_taught_and_verifies(
    host: Host, store: Store
) -> None:
    """A session forget is verified as a pattern forget is: the name of a preference only the
    session taught is gone from the diagnostics (the lifecycle's sample named it) and the files."""
    from creative_memory.services.forget import session_forget

    host.ingest({"events": [{**_weak("cobalt_accent"), "session_id": "s_chat"}]})
    host.settle()
    assert host.retrieve({"project_id": "p1"})["recorded"]
    host.settle()
    assert b"cobalt_accent" in _store_bytes(store), "the diagnostics must name it, or this tests nothing"
    r = session_forget.forget_session(store, USER, "s_chat", actor=Actor.CLI, now=NOW)
    assert r.gone == [("layout", "cobalt_accent")] and r.diagnostics >= 1
    assert r.verified and r.as_json()["verified"] is True
    assert b"cobalt_accent" not in _store_bytes(store)

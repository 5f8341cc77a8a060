"""Forget in short transactions (docs/decisions/0035): readers never see the target once the first
transaction committed, the result equals a full derivation, and a run that dies between chunks is
finished by the next open, forget, import or rebuilding command so that nothing forgotten comes
back, and that no rebuild derives from what it left before that (docs/decisions/0070).

The stores are real SQLite files (a demo store); a run is interrupted by making one of its chunks
raise, the way a crash or a lost lock would stop it, and a dead process is shown by the lease's pid.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from store_helpers import outside_read as _sql
from store_helpers import outside_write

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InterruptedWork
from creative_memory.services.common.spelled_bytes import Spellings
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.context import Context
from creative_memory.services.demo import demo
from creative_memory.services.derivation import cache_state, derivation, rebuild
from creative_memory.services.forget import erasure, forget_events, forget_phases, forgetting
from creative_memory.services.forget.spelled_search import count_spelled
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import interrupted_plans
from creative_memory.services.transfer.exporting import export_bundle
from creative_memory.services.transfer.importing import import_file

USER = "local"
NOW = 1_780_000_000_000


@pytest.fixture()
def demo_store(tmp_path: Path) -> Iterator[Store]:
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    demo.generate(store, USER, size="S", seed=5, now=NOW)
    try:
        yield store
    finally:
        store.close()


def _busiest(store: Store) -> tuple[str, str, int]:
    row = _sql(
        store,
        "SELECT preference_type, pattern, count(*) FROM creative_memory_event_patterns WHERE user_id = ? "
        "GROUP BY preference_type, pattern ORDER BY count(*) DESC, pattern LIMIT 1",
        (USER,),
    )[0]
    return str(row[0]), str(row[1]), int(row[2])


def _traces(store: Store, ptype: str, pattern: str) -> dict[str, int]:
    return {
        "records": _sql(
            store,
            "SELECT count(*) FROM creative_memory_preferences WHERE preference_type = ? AND pattern = ?",
            (ptype, pattern),
        )[0][0],
        "index": _sql(
            store,
            "SELECT count(*) FROM creative_memory_event_patterns WHERE preference_type = ? AND pattern = ?",
            (ptype, pattern),
        )[0][0],
        "payloads": _sql(
            store,
            "SELECT count(*) FROM creative_memory_events WHERE instr(payload, ?) > 0",
            (f'"{pattern}"',),
        )[0][0],
    }


def _full_derivation_equals_cache(store: Store) -> None:
    query = (
        "SELECT scope, preference_type, pattern, polarity, round(strength, 9), confidence, status, "
        "accept_count, reject_count, state FROM creative_memory_preferences WHERE user_id = ?"
    )
    with store.read() as s:
        assert cache_state.is_current(s, USER)
    cached = sorted(_sql(store, query, (USER,)))
    rebuild.rebuild(store, USER, NOW)
    assert sorted(_sql(store, query, (USER,))) == cached, "the cache differs from a full derivation"


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, calls: int, during: Any = None) -> list[int]:
    """Make the forget's event rewrite stop (raise) at its ``calls``-th chunk; ``during`` runs in
    each earlier chunk's place, after it committed (between two chunks)."""
    real = forget_phases.rewrite_events
    seen: list[int] = []

    def rewrite(*args: Any, **kwargs: Any) -> Any:
        seen.append(1)
        if len(seen) >= calls:
            raise KeyboardInterrupt("stopped between two chunks")
        if during is not None and len(seen) > 1:
            during()
        return real(*args, **kwargs)

    monkeypatch.setattr(forget_phases, "rewrite_events", rewrite)
    return seen


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_busy_forget_commits_in_several_transactions_and_equals_a_full_derivation(
    demo_store: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    ptype, pattern, n = _busiest(demo_store)
    assert n > 100, "the demo store's busiest pattern is too small to need chunks"
    ids = "SELECT scope, preference_type, pattern, polarity, id, state FROM creative_memory_preferences"
    before = {r[:4]: r[4:] for r in _sql(demo_store, ids)}
    seen = _interrupt_after(monkeypatch, 10**9)  # counts the chunks, never stops
    r = forgetting.forget(
        demo_store, USER, [erasure.Target(ptype, pattern)], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    assert len(seen) > 2, "the events were not rewritten in several transactions"
    # The other patterns' groups re-derived (comparisons that lost their other side) are updated in
    # place: a record still derived keeps its row, so indexes whose columns did not change stay.
    after = {r[:4]: r[4:] for r in _sql(demo_store, ids)}
    changed = [k for k in after.keys() & before.keys() if after[k][1] != before[k][1]]
    assert changed, "no other group was re-derived"
    assert all(after[k][0] == before[k][0] for k in changed)
    assert r.verified and r.events_deleted + r.events_rewritten >= n
    assert _traces(demo_store, ptype, pattern) == {"records": 0, "index": 0, "payloads": 0}
    assert _sql(demo_store, "SELECT count(*) FROM creative_memory_leases")[0][0] == 0
    assert _sql(
        demo_store, "SELECT count(*) FROM creative_memory_events WHERE payload LIKE '{\"patterns\":[]}%'"
    ) == [(0,)]
    _full_derivation_equals_cache(demo_store)


def test_between_chunks_readers_serve_the_stored_state_without_the_target(
    demo_store: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    ptype, pattern, _n = _busiest(demo_store)
    other = Store.open(DataDir(demo_store.path.parent, "flag"))
    looked: list[dict[str, Any]] = []

    def look() -> None:
        # Another handle, as the daemon's retrieval: no derivation from half-rewritten events, and
        # the target is gone from the first commit on.
        info = derivation.ensure_current(other, USER, NOW)
        out = retrieval.run(other, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
        looked.append({"mode": info.mode, "in_block": pattern.replace("_", " ") in out.block})
        looked[-1].update(_traces(other, ptype, pattern))

    _interrupt_after(monkeypatch, 10**9, during=look)
    try:
        forgetting.forget(
            demo_store, USER, [erasure.Target(ptype, pattern)], blocks=blocks, actor=Actor.CLI, now=NOW
        )
    finally:
        other.close()
    assert looked, "no chunk boundary was observed"
    assert all(x["mode"] == "current" and not x["in_block"] and x["records"] == 0 for x in looked), looked
    assert looked[0]["payloads"] > 0  # really half-way: events still held it


def _die_half_way(
    store: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, str, dict[str, int]]:
    """Forget the busiest pattern and stop between two chunks, in a process that is then gone (its
    lease, with the plan, names a pid that no longer runs); the target and its traces half-way."""
    ptype, pattern, _n = _busiest(store)
    _interrupt_after(monkeypatch, 3)
    with pytest.raises(KeyboardInterrupt):
        forgetting.forget(
            store, USER, [erasure.Target(ptype, pattern)], blocks=blocks, actor=Actor.CLI, now=NOW
        )
    monkeypatch.undo()
    half = _traces(store, ptype, pattern)
    assert half["records"] == 0 and half["payloads"] > 0 and half["index"] > 0, half
    outside_write(store, "UPDATE creative_memory_leases SET pid = ?, heartbeat_at = ?", (_dead_pid(), NOW))
    return ptype, pattern, half


def _plans(store: Store) -> list[str]:
    con = sqlite3.connect(store.path)
    try:
        return [u for u, _p in interrupted_plans(con, "forget")]
    finally:
        con.close()


@pytest.mark.parametrize("reopen", ["open", "forget", "rebuild", "import"])
def test_a_forget_that_died_between_chunks_is_finished_and_nothing_comes_back(
    reopen: str, demo_store: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ptype, pattern, half = _die_half_way(demo_store, blocks, monkeypatch)
    demo_store.close()

    if reopen == "open":  # any command, the window or serve: they open through services.context
        ctx = Context(DataDir(tmp_path / "od", "flag"), USER, Actor.CLI)
        store = ctx.store()
    else:
        store = Store.open(DataDir(tmp_path / "od", "flag"))
        if reopen == "forget":  # of another pattern: the interrupted one is finished first
            other = _sql(store, "SELECT preference_type, pattern FROM creative_memory_preferences LIMIT 1")[0]
            forgetting.forget(store, USER, [erasure.Target(*other)], blocks=blocks, actor=Actor.CLI, now=NOW)
        elif reopen == "rebuild":
            # A full rebuild would re-derive the pattern from the events the dead run left: it
            # refuses, changing nothing; what rebuilds (the window's Rebuild, an import, the demo,
            # every command through services.context) finishes the forget first.
            with pytest.raises(InterruptedWork):
                rebuild.rebuild(store, USER, NOW)
            assert _traces(store, ptype, pattern) == half and _plans(store) == [USER]
            assert len(forgetting.finish_interrupted(store, USER)) == 1
            rebuild.rebuild(store, USER, NOW)
        else:  # an import ends with a rebuild: it finishes the forget before its first write
            empty = Store.open(DataDir(tmp_path / "empty", "flag"))
            try:
                bundle = export_bundle(empty, USER, tmp_path / "empty.json", now=NOW, actor=Actor.CLI).path
            finally:
                empty.close()
            import_file(store, USER, bundle, now=NOW, actor=Actor.CLI)
    try:
        derivation.ensure_current(store, USER, NOW)
        assert _traces(store, ptype, pattern) == {"records": 0, "index": 0, "payloads": 0}
        assert _sql(store, "SELECT count(*) FROM creative_memory_leases")[0][0] == 0
        placeholders = "SELECT count(*) FROM creative_memory_events WHERE payload LIKE '{\"patterns\":[]}%'"
        assert _sql(store, placeholders) == [(0,)]
        erasure.checkpoint(store)
        assert count_spelled(store.path, Spellings([canonical_name(pattern)])) == 0
        _full_derivation_equals_cache(store)
        assert _traces(store, ptype, pattern)["records"] == 0  # the rebuild did not bring it back
    finally:
        store.close()


def test_no_derivation_in_full_from_the_leftovers_of_an_interrupted_forget(
    demo_store: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Until the dead run is finished, neither a rebuild nor a read that needs one derives from the
    events it left (they still name the target): the rebuild refuses and leaves the plan, a read
    serves the stored state, in which the target's records are gone (docs/decisions/0070)."""
    ptype, pattern, half = _die_half_way(demo_store, blocks, monkeypatch)
    with pytest.raises(InterruptedWork):
        rebuild.rebuild(demo_store, USER, NOW)
    assert _traces(demo_store, ptype, pattern) == half and _plans(demo_store) == [USER]
    # Rules of another version: only a full derivation is exact, and a read would run one.
    outside_write(demo_store, "UPDATE creative_memory_derivations SET derivation_version = 'older'")
    info = derivation.ensure_current(demo_store, USER, NOW)
    assert info.mode == "current" and _traces(demo_store, ptype, pattern) == half
    assert _plans(demo_store) == [USER]
    out = retrieval.run(demo_store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
    assert pattern.replace("_", " ") not in out.block
    assert len(forgetting.finish_interrupted(demo_store, USER)) == 1  # it derives in full once done
    assert _traces(demo_store, ptype, pattern) == {"records": 0, "index": 0, "payloads": 0}
    _full_derivation_equals_cache(demo_store)


def test_a_rebuild_whose_lease_a_dying_forget_took_keeps_that_forgets_plan(
    demo_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forget takes a running rebuild's lease over (decision 0035); when it dies before it is done,
    the rebuild must neither take the lease back (its plan would be lost) nor derive: it stops."""
    plan = f'{{"now":{NOW},"targets":[["layout","nothing_here",null,null,false]]}}'
    real = rebuild._rebuild_once
    calls: list[int] = []

    def taken_over(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:  # the forget took the lease over, then its process died
            outside_write(
                demo_store,
                "UPDATE creative_memory_leases SET operation = ?, pid = ?, heartbeat_at = ?",
                (f"forget\n{plan}", _dead_pid(), NOW),
            )
            raise rebuild._Retry()
        return real(*args, **kwargs)

    monkeypatch.setattr(rebuild, "_rebuild_once", taken_over)
    with pytest.raises(InterruptedWork):
        rebuild.rebuild(demo_store, USER, NOW)
    assert calls == [1]
    assert _plans(demo_store) == [USER]
    assert _sql(demo_store, "SELECT operation FROM creative_memory_leases") == [(f"forget\n{plan}",)]


def test_a_failed_forget_does_not_keep_others_waiting(
    demo_store: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A chunk that fails in a process that lives on (the window) marks the lease as over at once:
    readers derive again and the next forget finishes the interrupted one first."""
    ptype, pattern, _n = _busiest(demo_store)
    _interrupt_after(monkeypatch, 2)
    with pytest.raises(KeyboardInterrupt):
        forgetting.forget(
            demo_store, USER, [erasure.Target(ptype, pattern)], blocks=blocks, actor=Actor.CLI, now=NOW
        )
    monkeypatch.undo()
    con = sqlite3.connect(demo_store.path)
    try:
        from creative_memory.services.store.writes import interrupted_plans, lease_holder

        assert lease_holder(con, USER) is None
        assert [u for u, _p in interrupted_plans(con, "forget")] == [USER]
    finally:
        con.close()
    assert len(forgetting.finish_interrupted(demo_store, USER)) == 1
    assert _traces(demo_store, ptype, pattern) == {"records": 0, "index": 0, "payloads": 0}
    _full_derivation_equals_cache(demo_store)


def test_the_deletes_after_the_rewrites_take_only_the_users_placeholders(demo_store: Store) -> None:
    """``delete_placeholders`` (one statement for many events) deletes an event only where it is
    this user's placeholder: an event that was written again meanwhile, or another user's, stays."""
    seqs = [r[0] for r in _sql(demo_store, "SELECT seq FROM creative_memory_events ORDER BY seq LIMIT 4")]
    placeholder = forget_events.PLACEHOLDER + "   "
    outside_write(
        demo_store,
        "UPDATE creative_memory_events SET payload = ? WHERE seq IN (?, ?, ?)",
        (placeholder, *seqs[:3]),
    )
    outside_write(demo_store, "UPDATE creative_memory_events SET user_id = 'other' WHERE seq = ?", (seqs[2],))
    with demo_store.write() as session:
        forget_events.delete_placeholders(session, USER, seqs)
    left = {
        r[0]
        for r in _sql(
            demo_store, "SELECT seq FROM creative_memory_events WHERE seq IN (?, ?, ?, ?)", tuple(seqs)
        )
    }
    assert left == {seqs[2], seqs[3]}


def test_the_same_forget_run_again_after_an_interruption_gives_its_receipt(
    demo_store: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Found in review: after a forget stopped half-way (a full disk), its activity entry already
    said "ok"; running the same forget again finished it on opening the store, then said "Nothing is
    remembered …, so nothing was changed" with no verification. Now the entry says "started" until
    the forget is done, and the same forget run again gives the finished forget's receipt."""
    ptype, pattern, _half = _die_half_way(demo_store, blocks, monkeypatch)
    started = _sql(demo_store, "SELECT outcome FROM creative_memory_audit WHERE action = 'forget'")
    assert started == [("started, not finished",)]
    demo_store.close()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_"))}
    env.update(PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(tmp_path / "cfg"))
    r = subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(tmp_path / "od"), "--user", USER,
         "forget", ptype, pattern.upper(), "--yes"],
        env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Finished the forget of this pattern" in r.stdout and "Verified" in r.stdout, r.stdout
    assert "Nothing is remembered" not in r.stdout + r.stderr
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    try:
        done = _sql(store, "SELECT outcome FROM creative_memory_audit WHERE action = 'forget'")
        assert done == [("ok, finished after an interruption",)]
        assert _traces(store, ptype, pattern) == {"records": 0, "index": 0, "payloads": 0}
    finally:
        store.close()

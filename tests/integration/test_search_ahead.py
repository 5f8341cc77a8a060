"""The verification's search begun ahead (``search_ahead``, decision 0100) finds exactly what a
search of the whole files finds at the same moment: the WAL's frames name every page a checkpoint
changes, mentions across the edge of a written page are searched again, and a commit by another
connection (whose frames may be copied and gone unseen) sends the verification back to the whole
files."""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from creative_memory.model.constants import Actor
from creative_memory.services.common.spelled_bytes import Spellings
from creative_memory.services.demo import demo
from creative_memory.services.forget import erasure, forgetting, search_ahead
from creative_memory.services.forget.search_ahead import SearchAhead, search_again
from creative_memory.services.forget.spelled_search import SpelledCount, search_spelled
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.store.store import Store
from creative_memory.services.store.wal_pages import WalPages
from creative_memory.services.store.writes import checkpoints_between

USER = "local"
NOW = 1_780_000_000_000
_NAME = "drop_shadows"
_SPELLINGS = [
    b"drop_shadows",
    b"Drop Shadows",
    b"DROP-SHADOWS",
    b"drop  shadows",
    "ｄｒｏｐ shadows".encode(),
    # as long as a mention may be (decision 0102: 64 characters for this name), and one longer
    b"drop" + b" " * 53 + b"shadows",
    b"drop" + b" " * 54 + b"shadows",
    ("drop " + "\u200b" * 52 + "shadows").encode(),
    ("drop " + "\u200b" * 53 + "shadows").encode(),
]


@pytest.fixture()
def ahead_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every forget searches ahead, and the verification waits for it (a small store's forget ends
    long before a helper process has started)."""
    monkeypatch.setattr(search_ahead, "MIN_BYTES", 0)
    monkeypatch.setattr(search_ahead, "HALF", 0.0)
    monkeypatch.setattr(search_ahead, "CORES", 2)  # a helper on this machine too


@pytest.fixture()
def ahead_later(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every forget keeps its verification's first search of the whole files, with no helper
    (as on a machine with fewer cores than ``CORES``; decision 0103)."""
    monkeypatch.setattr(search_ahead, "MIN_BYTES", 0)
    monkeypatch.setattr(search_ahead, "CORES", 1 << 20)


# --------------------------------------------------------------------------- the WAL's pages
def test_the_wals_frames_name_every_page_a_checkpoint_changes(tmp_path: Path) -> None:
    db = tmp_path / "w.sqlite"
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA wal_autocheckpoint=0")
    con.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    rnd = random.Random(4)
    con.executemany("INSERT INTO t VALUES (?, ?)", [(i, "x" * rnd.randint(10, 900)) for i in range(3000)])
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = db.read_bytes()
    other = sqlite3.connect(db, isolation_level=None)
    pages = WalPages(db.with_name(db.name + "-wal"))
    pages.read()
    for round_ in range(12):
        con.execute("BEGIN IMMEDIATE")
        for _ in range(40):
            i = rnd.randrange(3000)
            con.execute("UPDATE t SET body = ? WHERE id = ?", ("y" * rnd.randint(10, 900), i))
        con.execute("DELETE FROM t WHERE id = ?", (rnd.randrange(3000),))
        con.execute("COMMIT")
        pages.read()
        if round_ % 3 == 2:  # copied into the file: the next write starts the WAL over, new salts
            other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    after = db.read_bytes()
    size = 4096
    changed = {
        n + 1
        for n in range(max(len(before), len(after)) // size)
        if before[n * size : (n + 1) * size] != after[n * size : (n + 1) * size]
    }
    assert len(changed) > 50
    assert changed <= pages.pages
    other.close()
    con.close()


# --------------------------------------------------------------------------- written pages searched again
def _mentions_file(path: Path, rnd: random.Random, pages: int) -> bytearray:
    words = [b"layout", b"shadow", b"drop", b"soft", b"grid", b"\xe2\x80\x8b", b"caf\xc3\xa9"]
    data = bytearray()
    while len(data) < pages * 4096:
        data += rnd.choice(words) + rnd.choice([b" ", b"_", b"-", b"\n"])
        if rnd.random() < 0.05:
            data += rnd.choice(_SPELLINGS) + b" "
    del data[pages * 4096 :]
    for page in range(1, pages):  # names across page edges, whole or waiting for their other half
        edge = page * 4096
        kind = rnd.randrange(3)
        if kind == 0:
            data[edge - 6 : edge + 8] = b" drop_shadows "
        elif kind == 1:
            data[edge - 5 : edge] = b" drop"
        else:
            data[edge : edge + 8] = b"shadows "
    path.write_bytes(data)
    return data


def _rewrite_pages(path: Path, data: bytearray, dirty: set[int], rnd: random.Random) -> None:
    """New bytes on the dirty pages: mentions removed, added, and cut at a page's edge (half of one
    on each side of it)."""
    for page in dirty:
        lo, hi = (page - 1) * 4096, page * 4096
        body = bytearray(rnd.choice(b"ab ") for _ in range(4096))
        for _ in range(rnd.randint(0, 4)):
            word = rnd.choice(_SPELLINGS)
            at = rnd.randrange(0, 4096 - len(word))
            body[at : at + len(word)] = word
        edge = rnd.choice(_SPELLINGS)
        if rnd.random() < 0.5:  # the first half of a name at the end: its rest on the next page
            body[4096 - len(edge) // 2 :] = edge[: len(edge) // 2]
        else:  # the end of a name at the start: its beginning on the page before
            body[: len(edge) - len(edge) // 2] = edge[len(edge) // 2 :]
        data[lo:hi] = body
    with path.open("r+b") as fh:  # in place: the same file, as SQLite writes it
        fh.write(data)


@pytest.mark.parametrize("seed", range(6))
def test_pages_searched_again_give_what_a_whole_search_gives(tmp_path: Path, seed: int) -> None:
    rnd = random.Random(seed)
    path = tmp_path / "f.sqlite"
    data = _mentions_file(path, rnd, 64)
    names = Spellings([_NAME])
    before = search_spelled(path, names, places=True, files=[path])
    assert before.mentions > 20
    dirty = set(rnd.sample(range(1, 65), rnd.randint(1, 20)))
    _rewrite_pages(path, data, dirty, rnd)
    again = search_again(path, names, before, dirty, 4096)
    whole = search_spelled(path, names, places=True, files=[path])
    assert again.places == whole.places
    assert again.unanchored == {path: (whole.unanchored or {}).get(path, [])}
    assert again.mentions == whole.mentions
    # a page left out of the written ones is where the answer goes wrong: the check can fail
    if dirty != {1}:
        wrong = search_again(path, names, before, dirty - {max(dirty)}, 4096)
        assert wrong.places != whole.places or before.places == whole.places


# --------------------------------------------------------------------------- beside real writes
@contextlib.contextmanager
def _searching(store: Store, names: Spellings) -> Iterator[SearchAhead]:
    """A search ahead made as a forget makes it (hearing every commit), stopped after."""
    made: list[SearchAhead] = []
    with checkpoints_between(store, after=lambda: made[0].committed()) as keeper:
        made.append(SearchAhead(store, names, hooked=keeper.hooked))
        try:
            yield made[0]
        finally:
            made[0].stop()


def _pinned(store: Store, names: Spellings, ahead: SearchAhead) -> tuple[SpelledCount | None, SpelledCount]:
    """In a pinned snapshot with an empty WAL, as the verification asks: the search ahead's answer
    and a search of the whole files."""
    with store.raw() as con:
        con.execute("BEGIN")
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        try:
            return ahead.found(names), search_spelled(store.path, names, places=True)
        finally:
            con.execute("ROLLBACK")


def _write_rows(
    store: Store, rnd: random.Random, rounds: int, between: Callable[[int], None] | None = None
) -> None:
    for r in range(rounds):
        with store.write() as session:
            con = session.connection()
            rows = [
                (
                    rnd.choice([_NAME, "Drop Shadows", "airy spacing", "serif_headlines"])
                    + " "
                    + "z" * rnd.randint(0, 600),
                )
                for _ in range(20)
            ]
            con.exec_driver_sql("INSERT INTO notes (body) VALUES (?)", rows)
            con.exec_driver_sql("DELETE FROM notes WHERE id % 97 = ?", (r % 97,))
        if between is not None:
            between(r)


@pytest.fixture()
def notes(store: Store) -> Iterator[Store]:
    """A table of another program's, with text naming the pattern, spread over many pages."""
    rnd = random.Random(1)
    with store.raw() as con:
        con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        con.executemany(
            "INSERT INTO notes (body) VALUES (?)",
            [
                (rnd.choice([_NAME, "soft grid", "airy"]) + " " + "q" * rnd.randint(0, 900),)
                for _ in range(2000)
            ],
        )
        con.commit()
    assert store.checkpoint_truncate()
    yield store


def test_beside_real_writes_the_search_ahead_is_the_whole_search(notes: Store, ahead_always: None) -> None:
    store = notes
    names = Spellings([_NAME])
    rnd = random.Random(2)
    with _searching(store, names) as ahead:
        assert ahead.answered(60)  # everything below changes what it read
        _write_rows(store, rnd, 8)
        assert store.checkpoint_truncate()
        found, whole = _pinned(store, names, ahead)
        assert found is not None, "the search ahead was not used"
        assert found.places == whole.places and found.mentions == whole.mentions > 100
        assert ahead.pages_searched > 0
        # written again (as the page wipe does), then asked again: only the new pages are read
        searched = ahead.pages_searched
        _write_rows(store, rnd, 2)
        assert store.checkpoint_truncate()
        found, whole = _pinned(store, names, ahead)
        assert found is not None and found.places == whole.places
        assert 0 < ahead.pages_searched - searched < searched


def _pinned_whole(
    store: Store, names: Spellings, ahead: SearchAhead, meanwhile: Callable[[], None] | None = None
) -> SpelledCount:
    """The verification's first try without a helper: nothing to start from, the whole files
    searched, and what they hold handed to the search ahead (``meanwhile``: done before that)."""
    with store.raw() as con:
        con.execute("BEGIN")
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        try:
            assert ahead.found(names) is None
            whole = search_spelled(store.path, names, places=True)
            if meanwhile is not None:
                meanwhile()
            ahead.searched(names, whole)
            return whole
        finally:
            con.execute("ROLLBACK")


def test_without_a_helper_the_second_search_reads_only_the_pages_written_after_the_first(
    notes: Store, ahead_later: None
) -> None:
    store = notes
    names = Spellings([_NAME])
    rnd = random.Random(6)
    with _searching(store, names) as ahead:
        assert not ahead.answered(0.5)  # no helper
        _write_rows(store, rnd, 6)  # the forget's writes: before the base, not tracked
        assert store.checkpoint_truncate()
        first = _pinned_whole(store, names, ahead)
        assert first.mentions > 100 and ahead.pages_searched == 0
        # written after it (as the page wipe does), then asked again: only the new pages are read
        _write_rows(store, rnd, 2)
        assert store.checkpoint_truncate()
        found, whole = _pinned(store, names, ahead)
        assert found is not None and found.places == whole.places and found.mentions == whole.mentions
        assert 0 < ahead.pages_searched < 0.2 * store.path.stat().st_size / 4096


def _foreign_note(store: Store, *, checkpoint: bool) -> None:
    """Another program writes the name on a page (and, with ``checkpoint``, empties the WAL)."""
    other = sqlite3.connect(store.path, isolation_level=None)
    try:
        other.execute("UPDATE notes SET body = ? WHERE id = 50", ("a new Drop Shadows note",))
        if checkpoint:
            other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        other.close()


@pytest.mark.parametrize("during", [False, True], ids=["after the first search", "during it"])
def test_without_a_helper_a_commit_by_another_connection_sends_the_second_search_to_the_whole_files(
    notes: Store, ahead_later: None, during: bool
) -> None:
    """After the first search, its frames are copied and gone before the second (only
    ``data_version`` tells); during it, they wait in the WAL behind the pinned snapshot, and the
    file searched is not the one they will change."""
    store = notes
    names = Spellings([_NAME])
    with _searching(store, names) as ahead:
        if during:
            _pinned_whole(store, names, ahead, meanwhile=lambda: _foreign_note(store, checkpoint=False))
            assert store.checkpoint_truncate()
        else:
            _pinned_whole(store, names, ahead)
            _foreign_note(store, checkpoint=True)
        found, whole = _pinned(store, names, ahead)
        assert found is None and whole.mentions > 0


def test_a_commit_by_another_connection_sends_the_verification_to_the_whole_files(
    notes: Store, ahead_always: None
) -> None:
    """Another program writes the name into a page this run never wrote, and empties the WAL: its
    frames are gone before this run reads the WAL again. Only ``data_version`` can tell."""
    store = notes
    names = Spellings([_NAME])
    rnd = random.Random(3)
    # a row on a page this run never writes: its rounds delete ids 0-3 modulo 97 and add rows at the end
    quiet_id = 50

    def foreign(r: int) -> None:
        if r != 1:
            return
        other = sqlite3.connect(store.path, isolation_level=None)
        try:
            changed = other.execute(
                "UPDATE notes SET body = ? WHERE id = ?", ("a new Drop Shadows note", quiet_id)
            )
            assert changed.rowcount == 1
            other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            other.close()

    with _searching(store, names) as ahead:
        assert ahead.answered(60)  # it read the page before the other program wrote it
        _write_rows(store, rnd, 4, between=foreign)
        assert store.checkpoint_truncate()
        found, _whole = _pinned(store, names, ahead)
    assert found is None


def test_a_store_with_frames_left_in_its_wal_is_searched_whole(notes: Store, ahead_always: None) -> None:
    store = notes
    names = Spellings([_NAME])
    with _searching(store, names) as ahead:
        _write_rows(store, random.Random(5), 3)  # no checkpoint: the WAL still holds them
        assert ahead.found(names) is None


# --------------------------------------------------------------------------- through forget
def _demo(path: Path) -> Store:
    from creative_memory.services.location.datadir import DataDir

    store = Store.open(DataDir(path, "flag"))
    demo.generate(store, USER, size="S", seed=9, now=NOW)
    return store


def _receipts(
    tmp_path: Path, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch, *, ahead: bool, cores: int = 2
) -> list[dict[str, Any]]:
    monkeypatch.setattr(search_ahead, "MIN_BYTES", 0 if ahead else 1 << 62)
    monkeypatch.setattr(search_ahead, "HALF", 0.0)
    monkeypatch.setattr(search_ahead, "CORES", cores)
    used: list[bool] = []
    real = SearchAhead.found

    def found(self: SearchAhead, names: Spellings) -> SpelledCount | None:
        out = real(self, names)
        if out is not None:  # compared with the whole search at the same moment, in the same snapshot
            whole = search_spelled(self._path, names, places=True)
            assert out.places == whole.places and out.mentions == whole.mentions
        used.append(out is not None)
        return out

    monkeypatch.setattr(SearchAhead, "found", found)
    store = _demo(tmp_path / ("ahead" if ahead else "whole"))
    try:
        from sqlalchemy import text

        with store.read() as s:
            rows = s.execute(
                text(
                    "SELECT preference_type, pattern FROM creative_memory_event_patterns GROUP BY 1, 2 "
                    "ORDER BY count(*) DESC, 2 LIMIT 3"
                )
            ).all()
        out = []
        for ptype, pattern in rows:
            receipt = forgetting.forget(
                store, USER, [erasure.Target(ptype, pattern)], blocks=blocks, actor=Actor.CLI, now=NOW
            )
            data = receipt.as_json()
            data.pop("duration_ms")
            out.append(data)
        assert any(used) == (ahead and cores <= 2)  # without a helper: a page wipe's second search
        return out
    finally:
        store.close()


def test_a_forget_searching_ahead_gives_the_receipt_of_one_searching_the_whole_files(
    tmp_path: Path, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = _receipts(tmp_path, blocks, monkeypatch, ahead=False)
    ahead = _receipts(tmp_path, blocks, monkeypatch, ahead=True)
    later = _receipts(tmp_path / "later", blocks, monkeypatch, ahead=True, cores=1 << 20)
    assert ahead == whole == later
    assert all(r["verified"] for r in ahead)


def test_frames_a_rolled_back_transaction_left_do_not_hide_the_next_commit(
    notes: Store, ahead_always: None
) -> None:
    """Another program's transaction spilled its cache into the WAL, then rolled back: its frames
    stay after the log's end under the current salts, and the next commit writes over them. They
    are counted, but the log is read again from its last commit."""
    store = notes
    names = Spellings([_NAME])
    with store.raw() as con:
        con.execute("CREATE TABLE scratch (b TEXT)")
        con.commit()
    assert store.checkpoint_truncate()
    made: list[SearchAhead] = []
    with checkpoints_between(store, after=lambda: made[0].committed()) as keeper:
        daemon = sqlite3.connect(store.path, isolation_level=None)
        other = sqlite3.connect(store.path, isolation_level=None)
        try:
            daemon.execute("UPDATE notes SET body = body || '!' WHERE id = 3")  # one commit in the log
            other.execute("PRAGMA cache_size=2")
            other.execute("BEGIN IMMEDIATE")
            other.executemany("INSERT INTO scratch VALUES (?)", [("z" * 3000,) for _ in range(200)])
            other.execute("ROLLBACK")  # its spilled pages stay in the WAL, past the log's end
            made.append(SearchAhead(store, names, hooked=keeper.hooked))
            assert made[0].answered(60)
            with store.write() as session:  # a copy of the name on a page, over the rolled-back frames
                changed = session.connection().exec_driver_sql(
                    "UPDATE notes SET body = 'a drop_shadows note ' || body WHERE id = 1500"
                )
                assert changed.rowcount == 1
            assert store.checkpoint_truncate()
            found, whole = _pinned(store, names, made[0])
        finally:
            made[0].stop()
            daemon.close()
            other.close()
    assert found is not None
    assert found.places == whole.places


def test_the_cores_a_process_may_use_decide_the_helper_and_the_folds_split(
    notes: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One answer to "how many cores?" (``limits.cores``: those the process is allowed, which a
    container may make fewer than the machine's), asked by the search ahead and the fold's split."""
    from creative_memory.services.common import limits
    from creative_memory.services.derivation import fold_split

    if hasattr(os, "sched_getaffinity"):
        assert limits.cores() == len(os.sched_getaffinity(0))
    monkeypatch.setattr(search_ahead, "MIN_BYTES", 0)
    monkeypatch.setattr(search_ahead, "CORES", 2)
    monkeypatch.setattr(limits, "cores", lambda: 1)
    with _searching(notes, Spellings([_NAME])) as ahead:
        assert not ahead.answered(1.0)  # one core: no helper process
    con = sqlite3.connect(":memory:")
    try:
        assert fold_split.helper_scopes(con, USER, 1 << 40) == []
    finally:
        con.close()

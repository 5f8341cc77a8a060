"""A forget stopped by a full disk says what it did and what is left, the same forget run again once
there is space finishes it (verified), and the commands in between are not broken by what it left.

The disk is a real SQLite limit on real files: while the disk is "full", every connection that writes
the store may use no page more than the file has (``PRAGMA max_page_count``, set on each connection,
as a disk with no free byte allows the file no growth), so a transaction that needs a new page fails
with SQLite's "database or disk is full" and is rolled back, the transactions before it stay.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from store_helpers import outside_read as _sql

from creative_memory.cli.main import main as cli
from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.common.spelled_bytes import Spellings
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.context import Context
from creative_memory.services.demo import demo
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.forget.forget_progress import ForgetProgress
from creative_memory.services.forget.spelled_search import count_spelled
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store import connections
from creative_memory.services.store import store as store_module
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_780_000_000_000
NO_LIMIT = 1_073_741_823


class FullDisk:
    """Makes the store's disk full and frees it again (see the module notes)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        #: every connection that writes, with the thread that opened it: only that thread touches it
        #: here (a connection used on two threads at once crashes the process); the forget writes on
        #: this thread, and a connection opened while the disk is full is limited when it opens
        self.opened: list[tuple[sqlite3.Connection, int]] = []
        real = connections.connect

        def connect(
            path: Path, busy_timeout_s: float, *, read_only: bool, immutable: bool
        ) -> sqlite3.Connection:
            con = real(path, busy_timeout_s, read_only=read_only, immutable=immutable)
            if not read_only:
                self.opened.append((con, threading.get_ident()))
                if self.full:
                    self._limit(con, None)
            return con

        monkeypatch.setattr(connections, "connect", connect)
        monkeypatch.setattr(store_module, "_connect", connect)

    @staticmethod
    def _limit(con: sqlite3.Connection, pages: int | None) -> None:
        try:
            if pages is None:
                pages = int(con.execute("PRAGMA page_count").fetchone()[0])
            con.execute(f"PRAGMA max_page_count={pages}")
        except sqlite3.ProgrammingError:  # closed since
            pass

    def _mine(self) -> list[sqlite3.Connection]:
        here = threading.get_ident()
        return [con for con, thread in self.opened if thread == here]

    def fill(self) -> None:
        self.full = True
        for con in self._mine():
            self._limit(con, None)
        self._use_free_pages()

    def _use_free_pages(self) -> None:
        """What the file holds free is taken too: a scratch table grows into every free page (a full
        disk leaves SQLite only the space its own deletes free later)."""
        con = next((c for c in reversed(self._mine()) if _usable(c)), None)
        if con is None:
            return
        con.execute(f"CREATE TABLE IF NOT EXISTS {SCRATCH} (b BLOB)")
        con.commit()
        for size in (65536, 4096, 512, 64):
            while True:
                try:
                    con.execute(f"INSERT INTO {SCRATCH} VALUES (zeroblob(?))", (size,))
                    con.commit()
                except sqlite3.OperationalError:  # database or disk is full
                    con.rollback()
                    break

    def free(self) -> None:
        self.full = False
        for con in self._mine():
            self._limit(con, NO_LIMIT)
        con = next((c for c in reversed(self._mine()) if _usable(c)), None)
        if con is not None:
            con.execute(f"DROP TABLE IF EXISTS {SCRATCH}")
            con.commit()


SCRATCH = "full_disk_scratch"


def _usable(con: sqlite3.Connection) -> bool:
    try:
        con.execute("SELECT 1").fetchone()
    except sqlite3.ProgrammingError:  # closed since
        return False
    return not con.in_transaction


@pytest.fixture()
def data_dir(tmp_path: Path) -> DataDir:
    return DataDir(tmp_path / "od", "flag")


@pytest.fixture()
def disk(monkeypatch: pytest.MonkeyPatch) -> FullDisk:
    return FullDisk(monkeypatch)


@pytest.fixture()
def demo_store(data_dir: DataDir, disk: FullDisk) -> Iterator[Store]:
    store = Store.open(data_dir)
    demo.generate(store, USER, size="S", seed=5, now=NOW)
    try:
        yield store
    finally:
        store.close()


def _busiest(store: Store) -> tuple[str, str]:
    row = _sql(
        store,
        "SELECT preference_type, pattern FROM creative_memory_event_patterns WHERE user_id = ? "
        "GROUP BY preference_type, pattern ORDER BY count(*) DESC, pattern LIMIT 1",
        (USER,),
    )[0]
    return str(row[0]), str(row[1])


def _traces(store: Store, ptype: str, pattern: str) -> tuple[int, int]:
    """(the target's records, the events whose pattern index names it)."""
    records = _sql(
        store,
        "SELECT count(*) FROM creative_memory_preferences WHERE preference_type = ? AND pattern = ?",
        (ptype, pattern),
    )[0][0]
    events = _sql(
        store,
        "SELECT count(*) FROM creative_memory_event_patterns WHERE preference_type = ? AND pattern = ?",
        (ptype, pattern),
    )[0][0]
    return int(records), int(events)


def _forget(store: Store, blocks: BlockChecker, targets: list[erasure.Target]) -> erasure.Receipt:
    return forgetting.forget(store, USER, targets, blocks=blocks, actor=Actor.CLI, now=NOW)


def _fill_after_first_write(monkeypatch: pytest.MonkeyPatch, disk: FullDisk) -> None:
    """The disk fills once the first forget's first transaction committed (its events are next);
    a forget run again after :meth:`FullDisk.free` meets a disk with room."""
    real = forgetting.rewrite_in_chunks
    filled: list[bool] = []

    def rewrite(*args: Any, **kwargs: Any) -> Any:
        if not filled:
            filled.append(True)
            disk.fill()
        return real(*args, **kwargs)

    monkeypatch.setattr(forgetting, "rewrite_in_chunks", rewrite)


def _leftovers(store: Store) -> int:
    return int(_sql(store, "SELECT count(*) FROM creative_memory_leases")[0][0])


def test_a_forget_stopped_half_way_by_a_full_disk_says_what_it_did_and_is_finished_by_running_it_again(
    demo_store: Store,
    blocks: BlockChecker,
    disk: FullDisk,
    monkeypatch: pytest.MonkeyPatch,
    data_dir: DataDir,
) -> None:
    ptype, pattern = _busiest(demo_store)
    records, events = _traces(demo_store, ptype, pattern)
    assert records and events > 100
    _fill_after_first_write(monkeypatch, disk)

    with pytest.raises(CreativeMemoryError) as stopped:
        _forget(demo_store, blocks, [erasure.Target(ptype, pattern)])
    sentence = str(stopped.value)
    # What it says is true: its first transaction committed, so something was changed ...
    assert "nothing was changed" not in sentence.lower(), sentence
    assert _traces(demo_store, ptype, pattern)[0] == 0  # ... the preferences are gone ...
    assert "disk is full" in sentence and "already" in sentence.lower(), sentence
    assert "preferences" in sentence and "left" in sentence.lower(), sentence
    assert "free some space" in sentence.lower() and "same forget again" in sentence.lower(), sentence
    # in plain words: no internal names, and never the forgotten name itself (it is shown and logged)
    for word in ("lease", "SQLITE", "derivation", "chunk", "WAL", pattern, pattern.replace("_", " ")):
        assert word not in sentence, (word, sentence)

    # Another command while the disk is still full: it is not broken by what the forget left, and
    # it finishes the forget (what is left needs no new page: every rewrite keeps its record's
    # size) or a note says the forget is not finished and why; never an unfinished forget unsaid.
    notes: list[str] = []
    ctx = Context(data_dir, USER, Actor.CLI, now_override=NOW, on_note=notes.append)
    try:
        store = ctx.store()
        with store.read() as s:
            assert s.connection().exec_driver_sql("SELECT count(*) FROM creative_memory_events").scalar()
    finally:
        if ctx.open_store is not None:
            ctx.open_store.close()
    finished = _leftovers(demo_store) == 0
    assert finished or any("disk is full" in n and "forget" in n for n in notes), notes
    if finished:
        # … and a note says it finished the forget, with its verification
        assert _traces(demo_store, ptype, pattern) == (0, 0), notes
        assert len(notes) == 1 and "was finished now" in notes[0] and "verified" in notes[0], notes

    # Space is freed: the same forget again finishes it, and its receipt is verified.
    disk.free()
    receipt = _forget(demo_store, blocks, [erasure.Target(ptype, pattern)])
    assert receipt.verified, receipt.as_json()
    assert _traces(demo_store, ptype, pattern) == (0, 0)
    assert count_spelled(demo_store.path, Spellings([canonical_name(pattern)])) == 0
    assert _leftovers(demo_store) == 0
    out = retrieval.run(demo_store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
    assert pattern.replace("_", " ") not in out.block


def test_a_forget_that_a_full_disk_stops_before_its_first_write_says_nothing_was_changed(
    demo_store: Store, blocks: BlockChecker, disk: FullDisk
) -> None:
    # Many targets at once (the window's "Forget all shown"): the plan kept with the forget is
    # larger than the room left on the page it goes to, so the very first transaction needs a page.
    rows = _sql(
        demo_store,
        "SELECT DISTINCT preference_type, pattern FROM creative_memory_preferences WHERE user_id = ? "
        "ORDER BY pattern LIMIT 120",
        (USER,),
    )
    targets = [erasure.Target(str(t), str(p)) for t, p in rows]
    before = _sql(demo_store, "SELECT count(*) FROM creative_memory_preferences")[0][0]
    audit = _sql(demo_store, "SELECT count(*) FROM creative_memory_audit")[0][0]
    disk.fill()
    with pytest.raises(CreativeMemoryError) as stopped:
        _forget(demo_store, blocks, targets)
    sentence = str(stopped.value)
    assert "disk is full" in sentence and "nothing was changed" in sentence.lower(), sentence
    assert "free some space" in sentence.lower(), sentence
    assert _sql(demo_store, "SELECT count(*) FROM creative_memory_preferences")[0][0] == before
    assert _sql(demo_store, "SELECT count(*) FROM creative_memory_audit")[0][0] == audit
    assert _leftovers(demo_store) == 0

    disk.free()
    receipt = _forget(demo_store, blocks, targets)
    assert _sql(demo_store, "SELECT count(*) FROM creative_memory_preferences")[0][0] < before
    assert _leftovers(demo_store) == 0
    # Verified, or honest about copies a page split left in free space (docs/decisions/0053); a
    # compacting forget then proves it.
    assert receipt.verified or erasure.COMPACT_NOTE in receipt.notes, receipt.as_json()
    receipt = forgetting.forget(
        demo_store, USER, targets, blocks=blocks, actor=Actor.CLI, now=NOW, compact=True
    )
    assert receipt.verified, receipt.as_json()


def test_the_command_line_prints_the_same_sentence(
    demo_store: Store,
    disk: FullDisk,
    monkeypatch: pytest.MonkeyPatch,
    data_dir: DataDir,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    ptype, pattern = _busiest(demo_store)
    demo_store.close()
    monkeypatch.setenv("CM_CONFIG_DIR", str(tmp_path / "config"))
    _fill_after_first_write(monkeypatch, disk)
    code = cli(
        ["--data-dir", str(data_dir.path), "--now", "2026-05-28T20:26:40Z", "forget", "--yes", ptype, pattern]
    )
    err = capsys.readouterr().err
    assert code != 0
    assert "disk is full" in err and "Already" in err and "nothing was changed" not in err.lower(), err
    assert "Traceback" not in err


def test_each_phase_a_full_disk_can_stop_says_what_is_done_and_what_is_left() -> None:
    # Stopped among the events (a real disk fills its log there; the page limit above cannot make
    # an event rewrite, which keeps every record's size, need a page).
    p = ForgetProgress(blocked=True, first=True, events={1, 2, 3, 4}, erased={1, 2, 3})
    sentence = p.disk_full()
    assert "3 of the 4 recorded events that held the name no longer do" in sentence
    assert "1 recorded event still holds copies of the name" in sentence
    assert "blocked from being learned again" in sentence and "nothing was changed" not in sentence
    assert "no recorded event holds the name" in ForgetProgress(first=True, events_done=True).disk_full()
    assert "erased from the memory" in ForgetProgress(first=True, events_done=True, written=True).disk_full()
    assert "nothing was changed" in ForgetProgress().disk_full()

"""Any change to the events is noticed (issue 16.6); no lost updates between read and write phases
(17.3); reading at another moment persists nothing (17.5).

Changes are made behind the program's back with plain ``sqlite3`` sessions (foreign keys off, as
``sqlite3`` opens by default, and on); interleavings use a second :class:`Store` handle on the
same file at the point between a writer's read phase and its write phase. Every check compares the
stored cache with a full derivation of the final events.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import keyring.backends.fail
import pytest
from store_helpers import due_records

from creative_memory.cli.main import main as cli_main
from creative_memory.model.constants import Actor
from creative_memory.services.derivation import cache_state, decay, derivation
from creative_memory.services.derivation import decay as decay_module
from creative_memory.services.derivation import rebuild as rebuild_module
from creative_memory.services.forget import erasure, forgetting, reset
from creative_memory.services.ingest import ingest
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

USER = "local"
DAY = 86_400_000
T0 = 1_767_225_600_000  # 2026-01-01
NOW = T0 + 40 * DAY
KINDS = [("layout", f"grid_{i}") for i in range(6)] + [("color", f"hue_{i}") for i in range(6)]
GONE = ("color", "hue_3")  # forgotten in the interleavings


def _lines(prefix: str, n: int, start: int) -> str:
    out = []
    for i in range(n):
        pats = [KINDS[i % len(KINDS)], KINDS[(i * 5 + 1) % len(KINDS)]]
        pol = "negative" if i % 6 == 0 else "positive"
        out.append(
            json.dumps(
                {
                    "event_id": f"{prefix}{i}",
                    "signal_type": "thumbs_down" if pol == "negative" else "manual_refinement",
                    "occurred_at": f"2026-01-{1 + (start + i) // 1440 % 28:02d}T{(start + i) // 60 % 24:02d}:{(start + i) % 60:02d}:00Z",
                    "session_id": f"s{i % 5}",
                    "project_id": "p_1" if i % 4 == 0 else None,
                    "patterns": [
                        {"preference_type": t, "pattern": p, "polarity": pol} for t, p in dict(pats).items()
                    ],
                }
            )
        )
    return "\n".join(out)


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    secrets = SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    secrets.install_secret()
    return BlockChecker(secrets)


@pytest.fixture
def filled(store: Store, blocks: BlockChecker) -> Store:
    rep = ingest_jsonl(store, _lines("e", 240, 0), default_user=USER, now=NOW, blocks=blocks)
    assert rep.accepted == 240
    return store


def prefs(store: Store) -> dict[tuple[str, str, str, str], tuple[Any, ...]]:
    """The user's preference rows (everything but the surrogate id and the evaluation moment)."""
    con = sqlite3.connect(store.path)
    try:
        rows = con.execute(
            "SELECT scope, preference_type, pattern, polarity, id, strength, confidence, status, accept_count, "
            "reject_count, state FROM creative_memory_preferences WHERE user_id = ?",
            (USER,),
        ).fetchall()
    finally:
        con.close()
    return {r[:4]: r[4:] for r in rows}


def without_ids(rows: dict[tuple[str, str, str, str], tuple[Any, ...]]) -> dict[Any, Any]:
    return {k: (round(v[1], 9), *v[2:]) for k, v in rows.items()}


def assert_equals_full_derivation(store: Store, now: int = NOW) -> None:
    with store.read() as s:
        assert cache_state.is_current(s, USER)
    cached = without_ids(prefs(store))
    rebuild_module.rebuild(store, USER, now)
    assert without_ids(prefs(store)) == cached, "the cache differs from a full derivation of the events"


def behind_our_back(
    store: Store, sql: str, params: tuple[Any, ...] = (), *, foreign_keys: bool = False
) -> None:
    con = sqlite3.connect(store.path)
    try:
        con.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        with con:
            con.execute(sql, params)
    finally:
        con.close()


def change_log(store: Store) -> int:
    con = sqlite3.connect(store.path)
    try:
        return int(con.execute("SELECT count(*) FROM creative_memory_event_changes").fetchone()[0])
    finally:
        con.close()


# ------------------------------------------------------------------------------ 16.6 changes
def _seq_naming(store: Store, ptype: str, pattern: str) -> int:
    con = sqlite3.connect(store.path)
    try:
        row = con.execute(
            "SELECT seq FROM creative_memory_event_patterns WHERE preference_type = ? AND pattern = ? "
            "ORDER BY seq LIMIT 1",
            (ptype, pattern),
        ).fetchone()
    finally:
        con.close()
    return int(row[0])


@pytest.mark.parametrize("foreign_keys", [False, True], ids=["sqlite3-default", "foreign-keys-on"])
@pytest.mark.parametrize("edit", ["update-payload", "update-time", "delete", "insert-below"])
def test_a_change_behind_the_programs_back_re_derives_exactly_what_changed(
    filled: Store, edit: str, foreign_keys: bool
) -> None:
    store = filled
    seq = _seq_naming(store, "layout", "grid_2")
    before = prefs(store)
    if edit == "update-payload":
        # The event now names hue_5 instead of grid_2 (a content change the seq cannot show).
        con = sqlite3.connect(store.path)
        payload = json.loads(
            con.execute("SELECT payload FROM creative_memory_events WHERE seq = ?", (seq,)).fetchone()[0]
        )
        con.close()
        for p in payload["patterns"]:
            if p["pattern"] == "grid_2":
                p["preference_type"], p["pattern"] = "color", "hue_5"
        behind_our_back(
            store,
            "UPDATE creative_memory_events SET payload = ? WHERE seq = ?",
            (json.dumps(payload), seq),
            foreign_keys=foreign_keys,
        )
    elif edit == "update-time":
        behind_our_back(
            store,
            "UPDATE creative_memory_events SET occurred_at = occurred_at + ? WHERE seq = ?",
            (20 * DAY, seq),
            foreign_keys=foreign_keys,
        )
    elif edit == "delete":
        behind_our_back(
            store, "DELETE FROM creative_memory_events WHERE seq = ?", (seq,), foreign_keys=foreign_keys
        )
    else:  # a row with an explicit seq in a gap below the watermark (after a deletion)
        con = sqlite3.connect(store.path)
        row = con.execute("SELECT * FROM creative_memory_events WHERE seq = ?", (seq,)).fetchone()
        cols = [d[0] for d in con.execute("SELECT * FROM creative_memory_events LIMIT 0").description]
        con.close()
        behind_our_back(
            store, "DELETE FROM creative_memory_events WHERE seq = ?", (seq,), foreign_keys=foreign_keys
        )
        derivation.ensure_current(store, USER, NOW)
        before = prefs(store)
        values = dict(zip(cols, row, strict=True))
        values["event_id"] = "sneaked_in"
        behind_our_back(
            store,
            f"INSERT INTO creative_memory_events ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
            tuple(values.values()),
            foreign_keys=foreign_keys,
        )
    assert change_log(store) > 0
    with store.read() as s:
        assert not cache_state.is_current(s, USER), "a change behind the program's back went unnoticed"

    info = derivation.ensure_current(store, USER, NOW)

    assert info.mode == "incremental", info  # the logged change, not a full re-derivation
    assert change_log(store) == 0
    after = prefs(store)
    touched = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    assert touched, "nothing was re-derived"
    # Only the groups the old or new row feeds were rewritten; every other row kept its id and values.
    assert all(k[2] in {"grid_2", "hue_5"} or k[2] in _co_patterns(store, seq) for k in touched), touched
    assert_equals_full_derivation(store)


def _co_patterns(store: Store, seq: int) -> set[str]:
    """Patterns that shared the changed event (re-derived with it)."""
    i = None
    con = sqlite3.connect(store.path)
    try:
        row = con.execute("SELECT event_id FROM creative_memory_events WHERE seq = ?", (seq,)).fetchone()
    finally:
        con.close()
    if row is not None and str(row[0]).startswith("e"):
        i = int(str(row[0])[1:])
    if i is None:  # the row is gone: its event is the first naming grid_2 (index 2 of the stream)
        i = 2
    return {KINDS[i % len(KINDS)][1], KINDS[(i * 5 + 1) % len(KINDS)][1]}


def test_our_own_forget_and_reset_leave_no_change_log(filled: Store, blocks: BlockChecker) -> None:
    store = filled
    forgetting.forget(store, USER, [erasure.Target(*GONE)], blocks=blocks, actor=Actor.CLI, now=NOW)
    assert change_log(store) == 0
    assert_equals_full_derivation(store)
    reset.reset(store, USER, confirm=True, actor=Actor.CLI, now=NOW)
    assert change_log(store) == 0


# ------------------------------------------------------------------------------ 17.3 races
def second_handle(store: Store) -> Store:
    return Store.open(DataDir(store.path.parent, "flag"))


def _forget_gone(other: Store, blocks: BlockChecker) -> None:
    forgetting.forget(
        other, USER, [erasure.Target(*GONE)], blocks=blocks, block=True, actor=Actor.CLI, now=NOW
    )


def _gone_is_gone(store: Store) -> None:
    assert not any(k[1:3] == GONE for k in prefs(store)), "a forgotten pattern came back"


def test_forget_during_a_rebuild_is_not_undone(
    filled: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = filled
    other = second_handle(store)
    real_order = rebuild_module._in_key_order
    calls: list[int] = []

    def order_after_a_forget(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:  # between the rebuild's read snapshot and its first write
            _forget_gone(other, blocks)
        return real_order(*args, **kwargs)

    monkeypatch.setattr(rebuild_module, "_in_key_order", order_after_a_forget)
    try:
        rebuild_module.rebuild(store, USER, NOW)
    finally:
        other.close()
    assert len(calls) == 2, "the rebuild did not start over after the forget"
    _gone_is_gone(store)
    assert_equals_full_derivation(store)
    _gone_is_gone(store)


def test_ingest_during_a_decay_refresh_is_not_overwritten(
    filled: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other handle ingests right after the refresh has read the records due: it must either
    wait for the refresh's transaction (read and write are one) or be seen by it, never be
    overwritten by values computed before it."""
    store = filled
    later = NOW + 150 * DAY  # many records due to decay
    other = second_handle(store)
    real = decay_module.state_from_json
    started: list[threading.Thread] = []
    reports: list[Any] = []

    def ingest_meanwhile() -> None:
        reports.append(
            ingest_jsonl(other, _lines("late", 24, 60 * 24 * 20), default_user=USER, now=later, blocks=blocks)
        )

    def read_then_ingest(text: str) -> Any:
        if not started:  # the due records were read; their new values are not written yet
            t = threading.Thread(target=ingest_meanwhile)
            started.append(t)
            t.start()
            t.join(0.5)  # a read-then-write refresh would let it commit here
        return real(text)

    monkeypatch.setattr(decay_module, "state_from_json", read_then_ingest)
    try:
        decay.refresh_decay(store, USER, later)
        started[0].join(30)
    finally:
        other.close()
    assert reports and reports[0].accepted == 24
    # The reinforced records carry the ingest's state, and every record its evaluation at `later`.
    assert_equals_full_derivation(store, later)


def test_forget_during_an_ingest_never_comes_back(
    filled: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = filled
    other = second_handle(store)
    real = ingest._ingest_chunk
    chunks: list[int] = []

    def chunk_then_forget(*args: Any, **kwargs: Any) -> Any:
        out = real(*args, **kwargs)
        chunks.append(1)
        return out

    monkeypatch.setattr(ingest, "_ingest_chunk", chunk_then_forget)
    real_write = Store.write
    forgot: list[int] = []

    def write_then_forget(self: Store) -> Any:
        # Between two chunks of the ingest: the other handle forgets (and blocks) the pattern.
        if self is store and len(chunks) == 1 and not forgot:
            forgot.append(1)
            _forget_gone(other, blocks)
        return real_write(self)

    monkeypatch.setattr(Store, "write", write_then_forget)
    monkeypatch.setattr(ingest, "Chunker", lambda *a, **k: _FixedChunks(40))
    try:
        rep = ingest_jsonl(store, _lines("n", 200, 60 * 24 * 22), default_user=USER, now=NOW, blocks=blocks)
    finally:
        other.close()
    assert forgot and len(chunks) > 1
    assert rep.ignored.get("blocked", 0) > 0  # the rest of the stream no longer teaches it
    _gone_is_gone(store)
    assert_equals_full_derivation(store)
    _gone_is_gone(store)


class _FixedChunks:
    def __init__(self, size: int) -> None:
        self.size = size

    def timed(self, items: int) -> Any:
        import contextlib

        return contextlib.nullcontext()


# ------------------------------------------------------------------------------ 17.5 --now
def digest(path: Path) -> str:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [
            r[0]
            for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'creative_memory_%' ORDER BY name"
            )
        ]
        h = hashlib.sha256()
        for t in tables:
            for row in sorted(con.execute(f"SELECT * FROM {t}").fetchall(), key=repr):
                h.update(repr((t, row)).encode())
        return h.hexdigest()
    finally:
        con.close()


@pytest.mark.parametrize(
    "argv",
    [
        ["inspect"],
        ["explain", "layout", "grid_1"],
        ["preview"],
        ["preview", "--project", "p_1"],
        ["status"],
        ["retrieve", "--dry-run"],
        ["diagnostics"],
    ],
    ids=lambda a: "-".join(a),
)
def test_reading_at_another_moment_changes_nothing_stored(
    filled: Store, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    store = filled
    derivation.ensure_current(store, USER, NOW)
    store.checkpoint_truncate()
    before = digest(store.path)
    future = "2027-06-01T00:00:00Z"  # far enough for every record to decay, and past the real clock
    code = cli_main(["--data-dir", str(store.path.parent), "--json", "--now", future, *argv])
    assert code == 0, capsys.readouterr().err
    assert digest(store.path) == before, f"{' '.join(argv)} --now wrote to the store"


def test_inspect_at_another_moment_shows_the_decay_it_computed(
    filled: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    store = filled
    derivation.ensure_current(store, USER, NOW)
    run: Callable[[str], list[dict[str, Any]]] = lambda when: (  # noqa: E731
        cli_main(["--data-dir", str(store.path.parent), "--json", "--now", when, "inspect"]),
        json.loads(capsys.readouterr().out)["preferences"],
    )[1]
    today = {(p["scope"], p["pattern"], p["polarity"]): p for p in run("2026-02-10T00:00:00Z")}
    later = {(p["scope"], p["pattern"], p["polarity"]): p for p in run("2026-08-01T00:00:00Z")}
    assert today.keys() == later.keys()
    assert any(later[k]["strength"] < today[k]["strength"] for k in today)
    assert all(later[k]["strength"] <= today[k]["strength"] for k in today)
    # and the stored columns still hold the earlier evaluation
    again = {(p["scope"], p["pattern"], p["polarity"]): p for p in run("2026-02-10T00:00:00Z")}
    assert again == today


def test_events_ingested_while_a_rebuild_holds_its_lease_are_folded_when_it_ends(
    filled: Store, blocks: BlockChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An ingest beside a rebuild only stores its events (the rebuild's lease keeps it from
    folding); the rebuild folds them when it has published, so nothing waits for a later read.
    (A window refreshed right after such an ingest showed an empty inspector.)"""
    store = filled
    other = second_handle(store)
    real_order = rebuild_module._in_key_order
    reports: list[Any] = []

    def order_after_an_ingest(*args: Any, **kwargs: Any) -> Any:
        if not reports:
            reports.append(
                ingest_jsonl(
                    other, _lines("mid", 30, 60 * 24 * 25), default_user=USER, now=NOW, blocks=blocks
                )
            )
        return real_order(*args, **kwargs)

    monkeypatch.setattr(rebuild_module, "_in_key_order", order_after_an_ingest)
    try:
        rebuild_module.rebuild(store, USER, NOW)
    finally:
        other.close()
    assert reports and reports[0].accepted == 30
    with store.read() as s:
        assert cache_state.is_current(s, USER), "the events stored during the rebuild were left unfolded"
    assert_equals_full_derivation(store)


def test_a_decay_chunk_stops_at_its_deadline_and_the_next_one_goes_on(
    filled: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A chunk that is slow for its size (a cold disk, a thread keeping the GIL) commits what it has
    written once its deadline has passed, instead of holding the lock until the chunk's end: with
    no time at all, each transaction writes one step of rows, and the result is the same."""
    from creative_memory.services.store.lock_clock import HOLDS

    store = filled
    later = NOW + 150 * DAY
    due = due_records(store, USER, later)
    assert due > 8
    monkeypatch.setattr(decay_module, "_STEP", 4)
    monkeypatch.setattr(decay_module, "DEADLINE_S", 0.0)
    derivation.ensure_current(store, USER, later)
    before = HOLDS.count
    seen: list[tuple[int, int]] = []
    counts = decay.refresh_decay(store, USER, later, progress=lambda done, of: seen.append((done, of)))
    assert HOLDS.count - before == -(-due // 4)  # one transaction per step of four rows
    assert seen[-1] == (due, due) and [d for d, _ in seen] == sorted({d for d, _ in seen})
    assert counts.decayed + counts.archived > 0
    assert due_records(store, USER, later) == 0
    assert_equals_full_derivation(store, later)


def test_a_long_decay_catch_up_writes_on_one_connection(
    filled: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store idle for months has many records due: their chunks share one warm connection (a
    connection per chunk parsed the schema and read every index page again, and its commits
    checkpointed inside the lock) — the same rows as chunk by chunk."""
    from creative_memory.services.store import connections
    from creative_memory.services.store import store as store_module

    store = filled
    later = NOW + 150 * DAY
    derivation.ensure_current(store, USER, later)
    opened: list[bool] = []
    real = connections.connect

    def counted(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        opened.append(bool(kwargs.get("read_only")))
        return real(*args, **kwargs)

    monkeypatch.setattr(decay_module, "_FIRST_CHUNK", 2)
    monkeypatch.setattr(decay_module, "_STEP", 2)
    monkeypatch.setattr(decay_module, "DEADLINE_S", 0.0)
    monkeypatch.setattr(store_module, "_connect", counted)  # the kept connections
    monkeypatch.setattr(connections, "connect", counted)  # a connection per unit of work
    from creative_memory.services.store.lock_clock import HOLDS

    before = HOLDS.count
    counts = decay.refresh_decay(store, USER, later)
    chunks = HOLDS.count - before
    monkeypatch.undo()
    assert counts.decayed + counts.archived > 8
    assert chunks >= 6
    # the chunks' connection, the idle one kept beside it, the checkpoints' own, and bringing the
    # derivation up to date first: none per chunk
    assert opened.count(False) <= 4, f"{opened.count(False)} write connections for {chunks} chunks"
    assert_equals_full_derivation(store, later)

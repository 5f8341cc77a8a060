"""The full re-derivation's write-back, built a chunk at a time (docs/decisions/0050, 0056): in key
order, every chunk holds whole groups, nothing is written twice or left out, and the table ends as a re-derivation
into an empty table leaves it; the epoch moves and the triggers come back as they were."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from creative_memory.services.common.errors import StoreUnavailable
from creative_memory.services.demo import demo
from creative_memory.services.derivation import rebuild as rebuild_module
from creative_memory.services.derivation.rebuild import Op, _next_chunk
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_780_000_000_000
PREFS = "creative_memory_preferences"


def _op(group: str, n: int) -> Op:
    return (("global", group, group), "insert", (n,))


def test_a_chunk_ends_where_a_group_ends() -> None:
    ops = iter([_op("a", 1), _op("a", 2), _op("b", 3), _op("b", 4), _op("b", 5), _op("c", 6)])
    pending: list[Op] = []
    assert not _next_chunk(ops, pending, 2)
    # two writes asked for, and b's first one read to see that a ended: it opens the next chunk
    assert [p[2][0] for p in pending] == [1, 2, 3]
    pending = pending[-1:]
    assert not _next_chunk(ops, pending, 2)  # b's rest comes along; c's first write opens the next
    assert [p[2][0] for p in pending] == [3, 4, 5, 6]
    pending = pending[-1:]
    assert _next_chunk(ops, pending, 2)  # nothing left: the carried write is the last chunk
    assert pending == [_op("c", 6)]
    empty: list[Op] = []
    assert _next_chunk(iter([]), empty, 5) and empty == []


def _rows(store: Store) -> dict[tuple[str, str, str, str], tuple[Any, ...]]:
    con = sqlite3.connect(store.path)
    try:
        cur = con.execute(f"SELECT * FROM {PREFS} WHERE user_id = ?", (USER,))
        names = [d[0] for d in cur.description]
        out = {}
        for row in cur.fetchall():
            d = dict(zip(names, row, strict=True))
            out[(d["scope"], d["preference_type"], d["pattern"], d["polarity"])] = tuple(
                v for k, v in d.items() if k != "id"
            )
        return out
    finally:
        con.close()


def test_a_rebuild_in_many_chunks_writes_each_group_in_one_in_key_order_and_every_row_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    demo.generate(store, USER, size="S", seed=3, now=NOW)
    derived = _rows(store)
    con = sqlite3.connect(store.path)
    con.execute(f"DELETE FROM {PREFS} WHERE user_id = ?", (USER,))
    con.commit()
    con.close()

    chunks: list[list[Op]] = []
    real_apply = rebuild_module._apply

    def recording(con: sqlite3.Connection, ops: list[Op]) -> None:
        chunks.append(list(ops))
        real_apply(con, ops)

    monkeypatch.setattr(rebuild_module, "_apply", recording)
    monkeypatch.setattr(rebuild_module, "FIRST_CHUNK", 50)
    monkeypatch.setattr(rebuild_module.Chunker, "record", lambda self, items, seconds: None)  # stays at 50
    info = rebuild_module.rebuild(store, USER, NOW)

    assert info.preferences == len(derived) > 500
    written = [op for chunk in chunks for op in chunk]
    assert len(chunks) > 10 and all(kind == "insert" for _g, kind, _p in written)
    assert len(written) == len(derived)
    home: dict[tuple[str, str, str], int] = {}
    for i, chunk in enumerate(chunks):
        assert len(chunk) >= 50 or i == len(chunks) - 1
        for group, _kind, _params in chunk:
            assert home.setdefault(group, i) == i, f"group {group} written in two transactions"
    # in the unique key's order (scope first), so that a chunk's index writes stay on few pages
    keys = [(p[1], p[3], p[4], p[5]) for _g, _k, p in written]  # scope, type, pattern, polarity
    assert keys == sorted(keys) and len({k[0] for k in keys}) > 3
    assert [g for g, _k, _p in written] == [k[:3] for k in keys]
    assert _rows(store) == derived


def _triggers_and_epoch(store: Store) -> tuple[dict[str, str], int | None]:
    con = sqlite3.connect(store.path)
    try:
        triggers = dict(con.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall())
        row = con.execute(
            "SELECT epoch FROM creative_memory_pref_epochs WHERE user_id = ?", (USER,)
        ).fetchone()
        return triggers, None if row is None else int(row[0])
    finally:
        con.close()


def test_a_rebuild_moves_the_epoch_and_leaves_the_triggers_as_they_were(store: Store) -> None:
    demo.generate(store, USER, size="S", seed=3, now=NOW)
    triggers, _ = _triggers_and_epoch(store)
    assert {f"creative_memory_pref_epochs_{n}" for n in ("ai", "ad", "au")} <= set(triggers)
    con = sqlite3.connect(store.path)
    con.execute(f"DELETE FROM {PREFS} WHERE user_id = ?", (USER,))
    con.commit()
    con.close()
    _, emptied = _triggers_and_epoch(store)

    rebuild_module.rebuild(store, USER, NOW)
    after, rebuilt = _triggers_and_epoch(store)
    assert after == triggers  # every trigger back, with the same text
    assert rebuilt is not None and rebuilt != emptied

    con = sqlite3.connect(store.path)  # and they still work for a writer behind our back
    con.execute(f"UPDATE {PREFS} SET strength = 0.5 WHERE id = (SELECT min(id) FROM {PREFS})")
    con.commit()
    con.close()
    assert _triggers_and_epoch(store)[1] != rebuilt


def test_a_failed_chunk_leaves_the_triggers_and_the_rows(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    demo.generate(store, USER, size="S", seed=3, now=NOW)
    triggers, _ = _triggers_and_epoch(store)
    con = sqlite3.connect(store.path)
    con.execute(f"DELETE FROM {PREFS} WHERE user_id = ?", (USER,))
    con.commit()
    con.close()
    before = _triggers_and_epoch(store)
    real_apply = rebuild_module._apply

    def failing(con: sqlite3.Connection, ops: list[Op]) -> None:
        real_apply(con, ops)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(rebuild_module, "_apply", failing)
    with pytest.raises(StoreUnavailable):  # the I/O error, in the store's words
        rebuild_module.rebuild(store, USER, NOW)
    assert _triggers_and_epoch(store) == before and before[0] == triggers
    assert _rows(store) == {}

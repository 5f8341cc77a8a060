"""The full derivation's fold on two cores (services.derivation.fold_split, docs/decisions/0056) gives exactly
what one process gives: the same rows, the same derivation row; and when the helper process saw
other events than the rebuild's snapshot counted, or failed, its records are not used."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from creative_memory.services.common import limits
from creative_memory.services.demo import demo
from creative_memory.services.derivation import fold_split, rebuild
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_780_000_000_000
PREFS = "creative_memory_preferences"


def _table(store: Store, sql: str) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(store.path)
    try:
        cur = con.execute(sql)
        names = [d[0] for d in cur.description]
        return sorted(
            tuple(
                v
                for k, v in zip(names, row, strict=True)
                if k not in ("id", "derived_at", "duration_ms", "generation")
            )
            for row in cur.fetchall()
        )
    finally:
        con.close()


Tables = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]


def _rebuilt_after(store: Store, *statements: str) -> Tables:
    """Run ``statements`` behind the program's back, then rebuild: the preference and derivation
    tables as the rebuild left them."""
    con = sqlite3.connect(store.path)
    for sql in statements:
        con.execute(sql)
    con.commit()
    con.close()
    rebuild.rebuild(store, USER, NOW)
    return (
        _table(store, f"SELECT * FROM {PREFS} WHERE user_id = '{USER}'"),
        _table(store, f"SELECT * FROM creative_memory_derivations WHERE user_id = '{USER}'"),
    )


def _rebuilt(store: Store) -> Tables:
    return _rebuilt_after(store, f"DELETE FROM {PREFS} WHERE user_id = '{USER}'")


@pytest.fixture
def demo_store(store: Store) -> Store:
    demo.generate(store, USER, size="S", seed=5, now=NOW)
    return store


def _helper_runs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Use the helper on any store; record the scopes each started helper got."""
    started: list[list[str]] = []
    real_start = fold_split.start

    def start(*args: Any) -> fold_split.Helper | None:
        helper = real_start(*args)
        if helper is not None:
            started.append(helper.scopes)
        return helper

    monkeypatch.setattr(fold_split, "MIN_EVENTS", 0)
    monkeypatch.setattr(limits, "cores", lambda: 2)
    monkeypatch.setattr(fold_split, "start", start)
    return started


def test_the_split_fold_equals_the_fold_in_one_process(
    demo_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    alone = _rebuilt(demo_store)
    started = _helper_runs(monkeypatch)
    merged: list[object] = []
    real_merge = fold_split.merge
    monkeypatch.setattr(fold_split, "merge", lambda *a: merged.append(real_merge(*a)) or merged[-1])
    split = _rebuilt(demo_store)
    assert len(started) == 1 and len(started[0]) > 3  # a helper folded several project scopes
    assert merged and merged[0] is not None  # and its records were used
    assert split == alone and len(alone[0]) > 300


def _tampered_then_rebuilt(store: Store) -> Tables:
    """From the current cache with rows changed, removed and marked injected behind the program's
    back, a rebuild (so that the write-back updates, inserts and keeps rows, not only inserts)."""
    rebuild.rebuild(store, USER, NOW)
    return _rebuilt_after(
        store,
        f"UPDATE {PREFS} SET last_injected_at = 1234 WHERE length(pattern) % 3 = 0",
        f"UPDATE {PREFS} SET strength = 0.01, state = state || ' ' WHERE length(pattern) % 4 = 1",
        f"DELETE FROM {PREFS} WHERE length(pattern) % 5 = 2",
    )


def test_the_split_fold_updates_as_the_fold_in_one_process(
    demo_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    alone = _tampered_then_rebuilt(demo_store)
    assert any(row[-2] == 1234 for row in alone[0])  # a last injection is kept over a rewrite
    started = _helper_runs(monkeypatch)
    assert _tampered_then_rebuilt(demo_store) == alone
    assert len(started) == 2


def test_helper_scopes_take_about_half_of_the_events(
    demo_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    con = sqlite3.connect(demo_store.path)
    try:
        total = con.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0]
        assert fold_split.helper_scopes(con, USER, total) == []  # a small store: one process
        monkeypatch.setattr(fold_split, "MIN_EVENTS", 0)
        monkeypatch.setattr(limits, "cores", lambda: 1)
        assert fold_split.helper_scopes(con, USER, total) == []  # one core: one process
        monkeypatch.setattr(limits, "cores", lambda: 2)
        scopes = fold_split.helper_scopes(con, USER, total)
        ids = [s.split(":", 1)[1] for s in scopes]
        mark = ",".join("?" * len(ids))
        (taken,) = con.execute(
            f"SELECT count(*) FROM creative_memory_events WHERE project_id IN ({mark})", ids
        ).fetchone()
    finally:
        con.close()
    assert "global" not in scopes and all(s.startswith("project:") for s in scopes)
    assert 0.3 * total <= taken <= 0.5 * total


def test_a_helper_that_saw_other_events_is_not_used(
    demo_store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An event whose project id does not match its scope (written behind our back) is not found
    by the helper's per-project read: the counts differ, and every event is folded here."""
    con = sqlite3.connect(demo_store.path)
    (scope,) = con.execute(
        "SELECT scope FROM creative_memory_events WHERE scope LIKE 'project:%' GROUP BY scope ORDER BY count(*) DESC"
    ).fetchone()
    con.execute(
        "UPDATE creative_memory_events SET project_id = 'elsewhere' WHERE seq = "
        "(SELECT min(seq) FROM creative_memory_events WHERE scope = ?)",
        (scope,),
    )
    con.commit()
    con.close()
    alone = _rebuilt(demo_store)
    started = _helper_runs(monkeypatch)
    monkeypatch.setattr(fold_split, "helper_scopes", lambda *_a: [scope])
    split = _rebuilt(demo_store)
    assert started == [[scope]]
    assert "saw other events" in caplog.text
    assert split == alone


def test_a_failing_helper_is_not_used(
    demo_store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    alone = _rebuilt(demo_store)
    _helper_runs(monkeypatch)
    # a scope the helper cannot read: its query fails in the helper process
    monkeypatch.setattr(fold_split, "helper_scopes", lambda *_a: ["project-without-colon"])
    assert _rebuilt(demo_store) == alone
    assert "helper process failed (IndexError" in caplog.text

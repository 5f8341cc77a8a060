"""What a forget will touch, counted before asking (``forget --dry-run``, the Forget dialog): the
bulk count of many targets (by (type, pattern) or (scope, type, pattern) tuples) equals the union
of the one-target counts."""

from __future__ import annotations

import sqlite3

from creative_memory.services.demo import demo
from creative_memory.services.forget.erasure import Target
from creative_memory.services.forget.forget_scope import _PER_TARGET_LIMIT, count_erasure
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_780_000_000_000


def _targets(store: Store) -> tuple[list[Target], list[Target]]:
    con = sqlite3.connect(store.path)
    try:
        pairs = con.execute(
            "SELECT DISTINCT preference_type, pattern FROM creative_memory_preferences WHERE user_id = ? "
            "ORDER BY 1, 2",
            (USER,),
        ).fetchall()
        scoped = con.execute(
            "SELECT DISTINCT scope, preference_type, pattern FROM creative_memory_preferences "
            "WHERE user_id = ? AND scope LIKE 'project:%' ORDER BY 1, 2, 3",
            (USER,),
        ).fetchall()
    finally:
        con.close()
    whole = [Target(t, p) for t, p in pairs]
    projects = [Target(t, p, project_id=s.split(":", 1)[1]) for s, t, p in scoped]
    return whole, projects


def test_many_targets_count_as_the_union_of_each_one(store: Store) -> None:
    demo.generate(store, USER, size="S", seed=5, now=NOW)
    whole, projects = _targets(store)
    targets = whole[: _PER_TARGET_LIMIT + 30] + projects[:40]
    assert len(targets) > _PER_TARGET_LIMIT and projects  # the bulk path, with both kinds of target
    bulk = count_erasure(store, USER, targets)
    prefs = sum(count_erasure(store, USER, [t]).preferences for t in targets)
    con = sqlite3.connect(store.path)
    try:
        events: set[int] = set()
        for t in targets:
            scope = "global" if t.project_id is None else f"project:{t.project_id}"
            sql = "SELECT seq FROM creative_memory_event_patterns WHERE user_id = ? AND preference_type = ? AND pattern = ?"
            args: tuple[str, ...] = (USER, t.preference_type, t.pattern)
            if t.project_id is not None:
                sql += " AND scope = ?"
                args += (scope,)
            events.update(r[0] for r in con.execute(sql, args))
    finally:
        con.close()
    assert (bulk.patterns, bulk.preferences, bulk.events) == (len(targets), prefs, len(events))
    assert bulk.preferences > 0 and bulk.events > 0

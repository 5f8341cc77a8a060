"""The pickers' project list (no counts) is ``controls.projects``' list: the same ids in the same
order with the same names and switches, on a demo store with settings and a daemon table."""

from __future__ import annotations

import sqlite3

from creative_memory.model.constants import Actor
from creative_memory.services.controls import controls
from creative_memory.services.controls.project_choices import project_choices
from creative_memory.services.demo import demo
from creative_memory.services.store.store import Store

NOW = 1_780_000_000_000


def _same(store: Store) -> None:
    full = controls.projects(store, "local")
    got = project_choices(store, "local")
    assert [(p.id, p.name, p.use_memory, p.use_global_memory) for p in full] == [
        (c.id, c.name, c.use_memory, c.use_global_memory) for c in got
    ]


def test_the_pickers_list_is_the_project_list_without_counts(store: Store) -> None:
    assert project_choices(store, "local") == []
    demo.generate(store, "local", size="S", seed=2, now=NOW)
    _same(store)
    some = [p.id for p in controls.projects(store, "local")]
    assert len(some) >= 3
    controls.set_project(store, "local", some[1], use_memory=False, actor=Actor.GUI, now=NOW)
    controls.set_project(store, "local", "only_settings", use_global_memory=False, actor=Actor.GUI, now=NOW)
    con = sqlite3.connect(store.path)
    try:  # Open Design's own table: names, and a project memory has not seen yet
        con.execute("CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT)")
        con.executemany("INSERT INTO projects VALUES (?, ?)", [(some[0], "Zebra"), ("od_only", "Aardvark")])
        con.commit()
    finally:
        con.close()
    _same(store)
    assert "only_settings" in {c.id for c in project_choices(store, "local")}
    assert project_choices(store, "someone_else")[0].id == "od_only"  # names are the daemon's, for anyone

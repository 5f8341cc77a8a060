"""Migration 0006: the project list reads each project's activity from an index, not the rows."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from migration_helpers import migrate

from creative_memory.services.controls import controls
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

EVENTS = "creative_memory_events"
ACTIVITY = (
    f"SELECT project_id, max(occurred_at), count(*) FROM {EVENTS} "
    "WHERE user_id = 'local' AND project_id IS NOT NULL GROUP BY project_id"
)


def indexes(con: sqlite3.Connection) -> set[str]:
    return {
        r[0]
        for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_%'",
            (EVENTS,),
        )
    }


def test_the_activity_query_reads_only_the_index_and_the_upgrade_keeps_every_row(tmp_path: Path) -> None:
    data_dir = DataDir(tmp_path / "od", "flag")
    data_dir.path.mkdir()
    migrate(data_dir.store, "0005")
    con = sqlite3.connect(data_dir.store)
    cols = "event_id, user_id, project_id, scope, signal_type, occurred_at, payload, content_hash, source, ingested_at"
    rows = [("e1", "p_a", 10), ("e2", "p_a", 30), ("e3", "p_b", 20), ("e4", None, 40)]
    for eid, project, at in rows:
        con.execute(
            f"INSERT INTO {EVENTS} ({cols}) VALUES (?, 'local', ?, 'global', 'thumbs_up', ?, '{{}}', 'h', 'cli', 0)",
            (eid, project, at),
        )
    con.commit()
    before = con.execute(ACTIVITY).fetchall()
    assert "ix_cm_events_user_project" in indexes(con)
    con.close()

    store = Store.open(data_dir)  # migrates to head
    con = sqlite3.connect(data_dir.store)
    plan = " ".join(str(r[-1]) for r in con.execute("EXPLAIN QUERY PLAN " + ACTIVITY))
    assert "COVERING INDEX ix_cm_events_user_project_time" in plan, plan
    assert "ix_cm_events_user_project" not in indexes(con)
    assert con.execute(ACTIVITY).fetchall() == before == [("p_a", 30, 2), ("p_b", 20, 1)]
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()
    listed = {p.id: (p.events, p.last_activity) for p in controls.projects(store, "local")}
    assert listed["p_a"][0] == 2 and listed["p_b"][0] == 1
    store.close()

    migrate(data_dir.store, "0005", down=True)
    con = sqlite3.connect(data_dir.store)
    assert "ix_cm_events_user_project" in indexes(con)
    assert "ix_cm_events_user_project_time" not in indexes(con)
    assert con.execute(ACTIVITY).fetchall() == before
    con.close()

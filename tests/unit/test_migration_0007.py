"""Migration 0007: the ranked indexes hold the engine's first-seen order, so a group is read in
that order without a sort; no row changes, and downgrading restores the 0002 indexes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from migration_helpers import migrate, query_plan

from creative_memory.model.tables import SQL_CREATED_ORDER
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store

PREFS = "creative_memory_preferences"
NOW = 1_793_500_000_000


def index_sql(path: Path) -> dict[str, str]:
    con = sqlite3.connect(path)
    try:
        rows = con.execute(
            "SELECT name, sql FROM sqlite_master WHERE name IN ('ix_cm_prefs_rank', 'ix_cm_prefs_ineligible')"
        ).fetchall()
    finally:
        con.close()
    return {n: " ".join(s.split()) for n, s in rows}


def rows_of(path: Path) -> list[tuple[object, ...]]:
    con = sqlite3.connect(path)
    try:
        return con.execute(f"SELECT * FROM {PREFS} ORDER BY id").fetchall()
    finally:
        con.close()


def plan(path: Path, order: str) -> str:
    return " | ".join(
        query_plan(
            path,
            f"SELECT id FROM {PREFS} INDEXED BY ix_cm_prefs_rank WHERE user_id = 'local' "
            "AND scope = 'global' AND polarity = 'positive' AND preference_type = 'layout' "
            f"AND status = 'stable' AND confidence != 'low' AND strength >= 0.4 ORDER BY {order} LIMIT 7",
        )
    )


def test_0007_rebuilds_the_ranked_indexes_in_first_seen_order_and_back(tmp_path: Path) -> None:
    data_dir = DataDir(tmp_path / "od", "flag")
    data_dir.path.mkdir()
    migrate(data_dir.store, "0006")  # the revision before it
    store = Store.open(data_dir)  # upgrades to the head: back to 0006 once the data is in
    lines = [
        json.dumps(
            {
                "event_id": f"e{p}-{i}",
                "signal_type": "manual_refinement",
                "occurred_at": f"2026-11-0{1 + i}T10:00:{59 - p:02d}Z",  # the last first
                "patterns": [
                    {"preference_type": "layout", "pattern": f"tied_{p:02d}", "polarity": "positive"}
                ],
            }
        )
        for p in range(12)
        for i in range(5)
    ]
    assert ingest_jsonl(store, "\n".join(lines), default_user="local", now=NOW).accepted == 60
    store.close()
    migrate(data_dir.store, "0006", down=True)
    before_rows = rows_of(data_dir.store)
    old = index_sql(data_dir.store)
    assert "strength DESC, pattern" in old["ix_cm_prefs_rank"]
    order = f"strength DESC, {', '.join(SQL_CREATED_ORDER)}, pattern"
    assert "TEMP B-TREE" in plan(data_dir.store, order)  # before: a run of ties is sorted

    migrate(data_dir.store, "0007")
    new = index_sql(data_dir.store)
    for name in ("ix_cm_prefs_rank", "ix_cm_prefs_ineligible"):
        assert all(expr in new[name] for expr in SQL_CREATED_ORDER), new[name]
    assert "TEMP B-TREE" not in plan(data_dir.store, order)  # read in the index's order
    assert rows_of(data_dir.store) == before_rows  # no row changes

    # The retrieval over the new indexes keeps the tied records in first-seen order (the reverse of
    # their names' order here).
    store = Store.open(data_dir)
    try:
        out = retrieval.run(
            store, retrieval.RetrievalRequest("local", project_id=None, now=NOW, dry_run=True)
        )
        names = [p.pattern for p in out.result.positives]
        assert len(names) > 2 and names == sorted(names, reverse=True) and names[0] == "tied_11"
    finally:
        store.close()

    migrate(data_dir.store, "0006", down=True)
    assert index_sql(data_dir.store) == old
    assert rows_of(data_dir.store) == before_rows

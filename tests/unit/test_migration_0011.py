"""Migration 0011: the pattern index of events becomes the group index (user, type, pattern, seq,
scope). A store at 0009 (the committed dump) upgraded to 0010 then 0011 keeps every row, its group
reads are answered from the index alone, a forget of a pattern re-derives the other groups its
events fed exactly as a full rebuild does, and the downgrade builds the old index again."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from migration_helpers import index_sql, migrate, query_plan, store_from_dump, table_rows

from creative_memory.model.constants import Actor
from creative_memory.services.derivation import rebuild
from creative_memory.services.forget.erasure import Target
from creative_memory.services.forget.forgetting import forget
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

TABLE = "creative_memory_event_patterns"
USER = "local"
NOW = 1_793_500_000_000


def indexes(path: Path) -> dict[str, str]:
    return index_sql(path, TABLE)


def rows(path: Path) -> list[tuple[object, ...]]:
    return table_rows(path, TABLE)


def plan(path: Path) -> str:
    sql = f"SELECT seq, scope FROM {TABLE} WHERE user_id = ? AND preference_type = ? AND pattern = ? AND seq <= ?"
    return " ".join(query_plan(path, sql, ("local", "layout", "airy", 10)))


def test_0011_on_a_committed_0009_store(tmp_path: Path) -> None:
    data_dir = store_from_dump(tmp_path)
    migrate(data_dir.store, "0010")
    before = rows(data_dir.store)
    assert before, "the dump holds indexed events"
    assert "ix_cm_event_patterns_key" in indexes(data_dir.store)

    migrate(data_dir.store, "0011")
    found = indexes(data_dir.store)
    assert "ix_cm_event_patterns_key" not in found
    assert "user_id, preference_type, pattern, seq, scope" in found["ix_cm_event_patterns_group"]
    assert rows(data_dir.store) == before
    assert "COVERING INDEX ix_cm_event_patterns_group" in plan(data_dir.store)

    migrate(data_dir.store, "0010", down=True)
    found = indexes(data_dir.store)
    assert "ix_cm_event_patterns_group" not in found
    assert "user_id, preference_type, pattern)" in found["ix_cm_event_patterns_key"]
    assert rows(data_dir.store) == before
    con = sqlite3.connect(data_dir.store)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()


def _comparison(i: int, scope: str | None, chose: list[str], over: list[str]) -> str:
    def side(names: list[str]) -> dict[str, object]:
        return {"patterns": [{"preference_type": "layout", "pattern": n} for n in names]}

    line: dict[str, object] = {
        "event_id": f"cmp-{i}",
        "signal_type": "pairwise_comparison",
        "occurred_at": f"2026-11-{1 + i % 27:02d}T10:{i % 60:02d}:00Z",
        "chose": side(chose),
        "over": side(over),
    }
    if scope is not None:
        line["project_id"] = scope
    return json.dumps(line)


def test_a_forget_re_derives_the_groups_of_other_scopes_as_a_rebuild_does(tmp_path: Path) -> None:
    """The group reads of the re-derivation go through the index's scope column: a comparison that
    loses its only chosen pattern drops both sides, and the other side's groups — in the global
    scope and in projects, beside the same pattern in scopes the forget did not touch — come out
    as a full rebuild derives them."""
    data_dir = DataDir(tmp_path / "od", "flag")
    store = Store.open(data_dir)
    try:
        lines = []
        for i in range(60):
            scope = (None, "p_one", "p_two")[i % 3]
            chose = ["gone"] if i % 2 else ["gone", "kept_a"]
            lines.append(_comparison(i, scope, chose, ["kept_b", "kept_c"] if i % 4 else ["kept_b"]))
        for i in range(60, 80):  # the same patterns in a project the forget never touches
            lines.append(_comparison(i, "p_three", ["kept_a"], ["kept_b"]))
        assert ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW).accepted == 80
        blocks = BlockChecker(SecretStore(config_dir=tmp_path / "config"))
        receipt = forget(store, USER, [Target("layout", "gone")], blocks=blocks, actor=Actor.CLI, now=NOW)
        assert receipt.events_deleted == 30 and receipt.events_rewritten == 30
        con = sqlite3.connect(data_dir.store)
        query = (
            "SELECT scope, preference_type, pattern, polarity, strength, confidence, status, pairwise_count, state "
            "FROM creative_memory_preferences WHERE user_id = ? ORDER BY 1, 2, 3, 4"
        )
        after_forget = con.execute(query, (USER,)).fetchall()
        con.close()
        assert {r[2] for r in after_forget} == {"kept_a", "kept_b", "kept_c"}
        assert {r[0] for r in after_forget} >= {"global", "project:p_one", "project:p_two", "project:p_three"}
        rebuild.rebuild(store, USER, NOW)
        con = sqlite3.connect(data_dir.store)
        assert con.execute(query, (USER,)).fetchall() == after_forget
        con.close()
    finally:
        store.close()

"""``whereabouts.where`` and ``every_store`` return typed facts; their JSON keeps its keys and order."""

from __future__ import annotations

import json
from pathlib import Path

from creative_memory.services.location.datadir import DataDir
from creative_memory.services.location.schema import latest_revision
from creative_memory.services.store import whereabouts
from creative_memory.services.store.store import Store

COMMON = ["data_dir", "store", "rule", "rule_detail", "exists", "read_only", "schema", "needs_migration",
          "legacy", "others", "backups"]  # fmt: skip


def test_a_missing_store_says_where_it_was_looked_for(tmp_path: Path) -> None:
    dd = DataDir(tmp_path / "none", "flag")
    facts = whereabouts.where(dd)
    assert not facts.exists and facts.missing == dd.missing_sentence()
    data = facts.as_json()
    assert list(data) == [*COMMON, "looked", "missing"]
    assert data["looked"] == [str(tmp_path / "none")] and data["schema"] == {
        "current": None,
        "latest": latest_revision(),
    }
    assert not (tmp_path / "none").exists()


def test_a_current_store_names_its_schema_and_whether_open_designs_tables_are_in_it(tmp_path: Path) -> None:
    dd = DataDir(tmp_path, "flag")
    Store.open(dd).close()
    facts = whereabouts.where(dd)
    assert (facts.exists, facts.read_only, facts.needs_migration, facts.daemon_tables) == (
        True,
        False,
        False,
        False,
    )
    data = facts.as_json()
    assert list(data) == [*COMMON, "daemon_tables"]
    assert data["schema"] == {"current": latest_revision(), "latest": latest_revision()}
    assert json.loads(json.dumps(data)) == data  # plain JSON values only


def test_a_file_that_is_no_database_is_read_only_with_the_reason_and_no_table_facts(tmp_path: Path) -> None:
    dd = DataDir(tmp_path, "flag")
    dd.store.write_bytes(b"not a database at all" * 100)
    facts = whereabouts.where(dd)
    assert (
        facts.read_only
        and facts.read_only_reason
        and "not a readable SQLite database" in facts.read_only_reason
    )
    assert list(facts.as_json()) == [*COMMON, "read_only_reason"]


def test_every_store_marks_the_chosen_one_even_when_discovery_did_not_find_it(tmp_path: Path) -> None:
    dd = DataDir(tmp_path / "mine", "flag")
    dd.path.mkdir()
    Store.open(dd).close()
    env = {"HOME": str(tmp_path / "home"), "CM_CONFIG_DIR": str(tmp_path / "cfg")}
    rows = whereabouts.every_store(dd, env=env, cwd=tmp_path)
    assert [(r.data_dir, r.chosen) for r in rows] == [(dd.path, True)]
    data = rows[0].as_json()
    assert list(data)[-1] == "chosen" and data["data_dir"] == str(dd.path) and data["daemon_tables"] is False

"""A good neighbour in the daemon's file: nothing of ours refers to a daemon table, our DDL quotes
strings with single quotes (the daemon's SQLite has double-quoted strings disabled), we never set
``PRAGMA user_version``, and the daemon's start-up migrations (rename and rebuild a table, with
``foreign_keys=ON``) run on a store that holds our tables and leave it clean."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from types import ModuleType

import pytest

from creative_memory.model.constants import Mode, Origin
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "docs" / "events" / "sample-events.jsonl"
NOW = 1_795_000_000_000  # 2026-11-18
OURS = "creative_memory_"
DAEMON_USER_VERSION = 7  # whatever the daemon keeps there is the daemon's business


def daemon(path: Path) -> sqlite3.Connection:
    """A connection with the daemon's pragmas (better-sqlite3: WAL, foreign keys, nothing else)."""
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("PRAGMA foreign_keys = ON")
    return con


@pytest.fixture
def shared_file(tmp_path: Path, daemon_store: ModuleType) -> Path:
    """The daemon's app.sqlite (its tables, rows and a user_version), then our tables and data in it."""
    data = tmp_path / "od-data"
    data.mkdir()
    db = data / "app.sqlite"
    daemon_store.create(str(db))
    con = daemon(db)
    con.execute(f"PRAGMA user_version = {DAEMON_USER_VERSION}")
    con.close()
    store = Store.open(DataDir(data, "flag"))
    try:
        rep = ingest_jsonl(store, SAMPLE.read_text(encoding="utf-8"), default_user="local", now=NOW)
        assert rep.accepted > 0
        out = retrieval.run(
            store,
            retrieval.RetrievalRequest(
                "local",
                project_id="p_brand",
                now=NOW,
                mode=Mode.GENERATION,
                origin=Origin.CLI,
            ),
        )
        assert out.retrieval_id is not None
    finally:
        store.close()
    return db


def objects(con: sqlite3.Connection) -> list[tuple[str, str, str, str]]:
    return con.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
    ).fetchall()


def words(sql: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", sql)}


def test_no_foreign_key_trigger_or_view_of_ours_refers_to_a_daemon_table(shared_file: Path) -> None:
    con = sqlite3.connect(shared_file)
    try:
        everything = objects(con)
        tables = {name for kind, name, _, _ in everything if kind == "table"}
        daemon_tables = {t for t in tables if not t.startswith(OURS)}
        assert {"projects", "conversations", "messages"} <= daemon_tables  # the check has something to find
        ours = [o for o in everything if o[2].startswith(OURS)]
        assert len([o for o in ours if o[0] == "table"]) >= 8 and any(o[0] == "trigger" for o in ours)
        for table in (name for kind, name, _, _ in ours if kind == "table"):
            for fk in con.execute(f"PRAGMA foreign_key_list('{table}')"):
                assert fk[2].startswith(OURS), f"{table} has a foreign key to {fk[2]}"
        for kind, name, _, sql in ours:
            if kind in ("trigger", "view"):
                assert not (words(sql) & daemon_tables), f"{kind} {name} names a daemon table"
        for kind, name, tbl, _ in everything:
            if kind in ("trigger", "view") and not tbl.startswith(OURS):
                assert not name.startswith(OURS), f"our {kind} {name} sits on the daemon's {tbl}"
    finally:
        con.close()


def test_our_ddl_double_quotes_identifiers_only(shared_file: Path) -> None:
    con = sqlite3.connect(shared_file)
    try:
        everything = objects(con)
        identifiers = {name.lower() for _, name, _, _ in everything}
        for _, name, _, _ in everything:
            if name.startswith(OURS):
                identifiers |= {r[1].lower() for r in con.execute(f"PRAGMA table_info('{name}')")}
        checked = 0
        for _, name, tbl, sql in everything:
            if not tbl.startswith(OURS):
                continue
            # A single-quoted literal may contain a double quote; look only outside them.
            outside = re.sub(r"'(?:[^']|'')*'", "''", sql)
            for quoted in re.findall(r'"((?:[^"]|"")*)"', outside):
                checked += 1
                assert quoted.lower() in identifiers, f'{name}: "{quoted}" is a string, not an identifier'
        assert checked > 0  # SQLAlchemy quotes some names: the check ran on real DDL
    finally:
        con.close()


def test_we_never_set_user_version(shared_file: Path, tmp_path: Path) -> None:
    con = sqlite3.connect(shared_file)
    try:
        assert con.execute("PRAGMA user_version").fetchone()[0] == DAEMON_USER_VERSION
    finally:
        con.close()
    fresh = Store.open(DataDir(tmp_path / "fresh", "flag"))
    fresh.close()
    con = sqlite3.connect(tmp_path / "fresh" / "app.sqlite")
    try:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 0
    finally:
        con.close()
    for folder in ("model", "services", "cli", "gui"):
        for path in (REPO / folder).rglob("*.py"):
            assert "user_version" not in path.read_text(encoding="utf-8"), f"{path} mentions user_version"


def test_the_daemons_rename_and_rebuild_migrations_leave_the_file_clean(shared_file: Path) -> None:
    con = daemon(shared_file)
    try:
        before = con.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0]
        # Rebuild a child table into a new one, drop the old, rename the new (preview_comments' way).
        con.executescript(
            """
            CREATE TABLE messages_next (id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL,
              role TEXT NOT NULL, content TEXT NOT NULL, agent_id TEXT, agent_name TEXT,
              events_json TEXT, attachments_json TEXT, produced_files_json TEXT, started_at INTEGER,
              ended_at INTEGER, position INTEGER NOT NULL, created_at INTEGER NOT NULL, run_id TEXT,
              run_status TEXT, last_run_event_id TEXT, feedback_json TEXT,
              FOREIGN KEY(conversation_id) REFERENCES conversations(id) ON DELETE CASCADE);
            INSERT INTO messages_next (id, conversation_id, role, content, position, created_at)
              SELECT id, conversation_id, role, content, position, created_at FROM messages;
            DROP TABLE messages;
            ALTER TABLE messages_next RENAME TO messages;
            CREATE INDEX IF NOT EXISTS idx_messages_conv ON messages(conversation_id, position);
            """
        )
        # Rename the old table aside, create the new one, copy, drop the old (workspace_projects' way).
        con.executescript(
            """
            ALTER TABLE templates RENAME TO templates_legacy;
            CREATE TABLE templates (id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT,
              source_project_id TEXT, files_json TEXT NOT NULL, created_at INTEGER NOT NULL,
              version INTEGER NOT NULL DEFAULT 1);
            INSERT INTO templates (id, name, description, source_project_id, files_json, created_at)
              SELECT id, name, description, source_project_id, files_json, created_at FROM templates_legacy;
            DROP TABLE templates_legacy;
            ALTER TABLE projects ADD COLUMN custom_instructions TEXT;
            """
        )
        # The daemon deletes a project; nothing of ours may stand in the way.
        con.execute("DELETE FROM projects WHERE id = 'p_nda'")
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert con.execute("PRAGMA foreign_key_check").fetchall() == []
        assert con.execute("SELECT count(*) FROM messages").fetchone()[0] == 3
        assert con.execute("SELECT count(*) FROM creative_memory_events").fetchone()[0] == before
        con.execute("VACUUM")
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()
    store = Store.open(DataDir(shared_file.parent, "flag"))  # and we still open it and read our data
    try:
        out = retrieval.run(
            store,
            retrieval.RetrievalRequest(
                "local",
                project_id="p_brand",
                now=NOW,
                mode=Mode.GENERATION,
                dry_run=True,
            ),
        )
        assert out.result is not None
    finally:
        store.close()

"""Migration 0005: an event's identity is per user; the events table is rebuilt without losing a row,
an index entry, a trigger, the AUTOINCREMENT high-water mark or the pattern index's foreign key."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.location.schema import alembic_config
from creative_memory.services.store.store import Store

EVENTS = "creative_memory_events"
PATTERNS = "creative_memory_event_patterns"


def at_revision(path: Path, rev: str) -> None:
    from alembic import command

    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, rev)
    finally:
        engine.dispose()


def schema(con: sqlite3.Connection, kind: str) -> set[str]:
    return {
        r[0]
        for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = ? AND tbl_name = ? AND name NOT LIKE 'sqlite_%'",
            (kind, EVENTS),
        )
    }


def test_the_rebuild_keeps_every_row_and_makes_identity_per_user(tmp_path: Path) -> None:
    data_dir = DataDir(tmp_path / "od", "flag")
    data_dir.path.mkdir()
    at_revision(data_dir.store, "0004")  # the revision before it
    con = sqlite3.connect(data_dir.store)
    cols = "event_id, user_id, project_id, scope, signal_type, occurred_at, payload, content_hash, source, ingested_at"
    for seq, (eid, user) in enumerate([("e1", "local"), ("e2", "local"), ("e3", "bob")], start=1):
        con.execute(
            f"INSERT INTO {EVENTS} (seq, {cols}) VALUES (?, ?, ?, NULL, 'global', 'thumbs_up', ?, '{{}}', 'h', 'cli', 0)",
            (seq, eid, user, seq),
        )
        con.execute(
            f"INSERT INTO {PATTERNS} (seq, user_id, scope, preference_type, pattern, polarity, role) "
            "VALUES (?, ?, 'global', 'layout', 'airy', 'positive', '')",
            (seq, user),
        )
    con.execute("UPDATE sqlite_sequence SET seq = 40 WHERE name = ?", (EVENTS,))
    con.commit()
    before_events = con.execute(f"SELECT * FROM {EVENTS} ORDER BY seq").fetchall()
    before_patterns = con.execute(f"SELECT * FROM {PATTERNS} ORDER BY id").fetchall()
    indexes, triggers = schema(con, "index"), schema(con, "trigger")
    assert triggers == {"creative_memory_events_au", "creative_memory_events_ad", "creative_memory_events_ai"}
    con.close()

    at_revision(data_dir.store, "0005")  # (0006 then replaces an index: tests/unit/test_migration_0006.py)

    con = sqlite3.connect(data_dir.store)
    con.execute("PRAGMA foreign_keys=ON")
    assert con.execute(f"SELECT * FROM {EVENTS} ORDER BY seq").fetchall() == before_events
    assert con.execute(f"SELECT * FROM {PATTERNS} ORDER BY id").fetchall() == before_patterns
    assert schema(con, "index") == indexes and schema(con, "trigger") == triggers
    assert con.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (EVENTS,)).fetchone() == (40,)
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    # Another user may use the same id; the same user may not.
    con.execute(
        f"INSERT INTO {EVENTS} ({cols}) VALUES ('e1', 'bob', NULL, 'global', 'thumbs_up', 9, '{{}}', 'h', 'cli', 0)"
    )
    with pytest.raises(sqlite3.IntegrityError):
        con.execute(
            f"INSERT INTO {EVENTS} ({cols}) VALUES ('e1', 'local', NULL, 'global', 'thumbs_up', 9, '{{}}', 'h', 'cli', 0)"
        )
    assert con.execute(f"SELECT max(seq) FROM {EVENTS}").fetchone() == (41,)  # the high-water mark held
    # The pattern index still follows its event (the foreign key survived the rebuild).
    con.execute(f"DELETE FROM {EVENTS} WHERE seq = 1")
    assert con.execute(f"SELECT count(*) FROM {PATTERNS} WHERE seq = 1").fetchone() == (0,)
    # and the 0003 trigger still logs the change.
    assert con.execute("SELECT op FROM creative_memory_event_changes WHERE seq = 1").fetchall() == [
        ("delete",)
    ]
    con.close()


def test_two_users_events_with_the_same_id_are_both_kept(store: Store) -> None:
    ev = {
        "event_id": "e1",
        "signal_type": "thumbs_up",
        "occurred_at": "2026-01-01T00:00:00Z",
        "patterns": [{"preference_type": "layout", "pattern": "airy", "polarity": "positive"}],
    }
    now = 1_767_225_600_000
    assert ingest_events(store, [validate_event(ev)], default_user="local", now=now).accepted == 1
    rep = ingest_events(store, [validate_event({**ev, "user_id": "bob"})], default_user="local", now=now)
    assert (rep.accepted, rep.duplicates) == (1, 0)
    again = ingest_events(store, [validate_event(ev)], default_user="local", now=now)
    assert (again.accepted, again.duplicates) == (0, 1)

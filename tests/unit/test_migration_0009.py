"""Migration 0009: blocks record their kind, the length of a blocked text and a reason; a block
written before (no kind, no length) is kept as it is and still honoured — its pattern, and its text
in whole words of a diff."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import keyring.backends.fail
from migration_helpers import migrate
from sqlalchemy import select

from creative_memory.model.tables import Blocklist, Event
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000


def columns(path: Path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return [str(r[1]) for r in con.execute("PRAGMA table_info(creative_memory_blocklist)")]
    finally:
        con.close()


def line(i: int, pattern: str, diff: str | None = None) -> str:
    ev = {
        "event_id": f"e{i}",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-11-0{i}T10:00:00Z",
        "session_id": f"s{i}",
        "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
    }
    if diff is not None:
        ev["diff"] = diff
    return json.dumps(ev)


def test_0009_adds_the_columns_and_an_older_block_still_holds(tmp_path: Path) -> None:
    data_dir = DataDir(tmp_path / "od", "flag")
    data_dir.path.mkdir()
    Store.open(data_dir).close()
    migrate(data_dir.store, "0008", down=True)
    assert "length" not in columns(data_dir.store)
    blocks = BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )
    con = sqlite3.connect(data_dir.store)
    with con:  # a block as the previous version wrote it: two fingerprints, nothing else
        for fp in (blocks.fingerprint("layout", "drop_shadows"), blocks.text_fingerprint("drop_shadows")):
            con.execute(
                "INSERT INTO creative_memory_blocklist (user_id, fingerprint, created_at) VALUES (?, ?, ?)",
                (USER, fp, NOW),
            )
    con.close()

    migrate(data_dir.store, "0009")
    assert columns(data_dir.store)[-3:] == ["kind", "length", "reason"]
    store = Store.open(data_dir)
    try:
        with store.read() as s:
            rows = s.scalars(select(Blocklist)).all()
            assert [(r.kind, r.length, r.reason) for r in rows] == [(None, None, None)] * 2
            fps = blocks.fingerprints(s, USER)
        assert fps.legacy and not fps.lengths
        rep = ingest_jsonl(
            store,
            "\n".join([line(1, "Drop-Shadows"), line(2, "grid", diff="no Drop Shadows here")]),
            default_user=USER,
            now=NOW,
            blocks=blocks,
        )
        assert rep.accepted == 1 and rep.ignored.get("blocked") == 1
        with store.read() as s:
            diff = json.loads(s.scalars(select(Event.payload)).one())["diff"]
        assert diff == "no [blocked] here"
        # blocking it again records what the older rows lacked
        with store.write() as s:
            blocks.block(s, USER, "layout", "drop_shadows", NOW, reason="too heavy")
        with store.read() as s:
            kinds = {(r.kind, r.length) for r in s.scalars(select(Blocklist))}
        assert kinds == {("pattern", None), ("text", len(canonical_name("drop_shadows")))}
    finally:
        store.close()

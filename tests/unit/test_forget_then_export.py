"""Point 4 of issue 32: a bundle exported after a forget imports back. A comparison that also names
plain patterns loses both sides when one side is forgotten (a comparison needs both); the event
is kept as a pairwise_comparison without sides, which the export writes and the import refuses.
The import checks an exported event as it was stored, so that shape imports back with its plain
patterns. Import drops only blocked patterns and holds pause ends to what pause allows."""

from __future__ import annotations

import json
from pathlib import Path

import keyring.backends.fail
import pytest
from sqlalchemy import select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Event
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.exporting import export_bundle
from creative_memory.services.transfer.importing import import_file

USER = "local"
NOW = 1_793_500_000_000


def open_store(root: Path) -> Store:
    root.mkdir(parents=True)
    return Store.open(DataDir(root, "flag"))


def test_an_export_after_forgetting_one_side_of_a_comparison_imports_back(tmp_path: Path) -> None:
    blocks = BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )
    comparison = {
        "event_id": "c1",
        "signal_type": "pairwise_comparison",
        "occurred_at": "2026-11-06T10:00:00Z",
        "chose": {"patterns": [{"preference_type": "typography", "pattern": "serif_headlines"}]},
        "over": {"patterns": [{"preference_type": "typography", "pattern": "sans_headlines"}]},
        "patterns": [{"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}],
    }
    src = open_store(tmp_path / "a")
    try:
        rep = ingest_jsonl(src, json.dumps(comparison), default_user=USER, now=NOW)
        assert rep.accepted == 1, rep
        r = forgetting.forget(
            src,
            USER,
            [erasure.Target("typography", "sans_headlines")],
            blocks=blocks,
            actor=Actor.CLI,
            now=NOW,
        )
        assert r.verified
        bundle = export_bundle(src, USER, tmp_path / "after-forget.json", now=NOW, actor=Actor.CLI).path
    finally:
        src.close()
    dst = open_store(tmp_path / "b")
    try:
        res = import_file(dst, USER, bundle, now=NOW, actor=Actor.CLI, blocks=blocks)
        assert res.events == 1
        with dst.read() as s:
            (payload,) = s.scalars(select(Event.payload))
        kept = json.loads(payload)
        assert "chose" not in kept and "over" not in kept
        assert [p["pattern"] for p in kept["patterns"]] == ["airy_spacing"]
    finally:
        dst.close()


def test_import_drops_only_the_blocked_pattern_not_the_whole_event(tmp_path: Path) -> None:
    """As ingest does: an imported event that names a blocked pattern and another keeps the other."""
    blocks = BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )
    both = {
        "event_id": "m1",
        "signal_type": "manual_refinement",
        "occurred_at": "2026-11-06T10:00:00Z",
        "session_id": "s1",
        "patterns": [
            {"preference_type": "layout", "pattern": "drop_shadows", "polarity": "positive"},
            {"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"},
        ],
    }
    src = open_store(tmp_path / "a")
    try:
        assert ingest_jsonl(src, json.dumps(both), default_user=USER, now=NOW).accepted == 1
        bundle = export_bundle(src, USER, tmp_path / "both.json", now=NOW, actor=Actor.CLI).path
    finally:
        src.close()
    dst = open_store(tmp_path / "b")
    try:
        ingest_jsonl(
            dst,
            json.dumps({**both, "event_id": "x", "patterns": both["patterns"][:1]}),
            default_user=USER,
            now=NOW,
        )
        assert forgetting.forget(
            dst,
            USER,
            [erasure.Target("layout", "Drop-Shadows")],
            blocks=blocks,
            block=True,
            actor=Actor.CLI,
            now=NOW,
        ).verified
        res = import_file(dst, USER, bundle, now=NOW, actor=Actor.CLI, blocks=blocks)
        assert res.events == 1 and res.skipped == 0 and res.skipped_by_reason == {"blocked_patterns": 1}
        from sqlalchemy import select

        from creative_memory.model.tables import Event, Preference

        with dst.read() as s:
            payloads = [json.loads(p) for p in s.scalars(select(Event.payload))]
            patterns = {p.pattern for p in s.scalars(select(Preference))}
        assert [[p["pattern"] for p in pl["patterns"]] for pl in payloads] == [["airy_spacing"]]
        assert patterns == {"airy_spacing"}
    finally:
        dst.close()


def _bundle_with_pauses(tmp_path: Path, learning: str, using: str | None) -> Path:
    src = open_store(tmp_path / "p")
    try:
        ingest_jsonl(
            src,
            json.dumps(
                {
                    "event_id": "p1",
                    "signal_type": "manual_refinement",
                    "occurred_at": "2026-11-06T10:00:00Z",
                    "session_id": "s",
                    "patterns": [{"preference_type": "layout", "pattern": "grid", "polarity": "positive"}],
                }
            ),
            default_user=USER,
            now=NOW,
        )
        path = export_bundle(src, USER, tmp_path / "p.json", now=NOW, actor=Actor.CLI).path
    finally:
        src.close()
    doc = json.loads(path.read_text())
    doc["settings"]["learning_paused_until"] = learning
    doc["settings"]["using_paused_until"] = using
    path.write_text(json.dumps(doc))
    return path


def test_import_refuses_a_pause_end_that_pause_refuses(tmp_path: Path) -> None:
    from creative_memory.services.common.errors import InvalidInput

    path = _bundle_with_pauses(tmp_path, "9999-12-31T23:59:59-14:00", None)  # 10000-01-01 in UTC
    dst = open_store(tmp_path / "b")
    try:
        with pytest.raises(InvalidInput, match="9999"):
            import_file(dst, USER, path, mode="replace", now=NOW, actor=Actor.CLI)
    finally:
        dst.close()


def test_an_imported_pause_that_has_ended_is_no_pause(tmp_path: Path) -> None:
    from creative_memory.model.tables import Settings

    path = _bundle_with_pauses(tmp_path, "1900-01-01T00:00:00Z", "9999-12-31T23:59:59Z")
    dst = open_store(tmp_path / "b")
    try:
        import_file(dst, USER, path, mode="replace", now=NOW, actor=Actor.CLI)
        with dst.read() as s:
            st = s.get(Settings, USER)
            assert st is not None
            assert st.learning_paused_until is None  # ended long ago, as pause would never store it
            assert st.using_paused_until == 253_402_300_799_000  # "until resumed", as pause stores it
    finally:
        dst.close()

"""What an import skips is listed by the rule that skipped it: after a reset (which keeps the blocks
and the project switches) importing the backup leaves out the blocked patterns' events and a
switched-off project's, and says which pattern and which project; lifting those and importing again
brings exactly those events in."""

from __future__ import annotations

import json
from pathlib import Path

import keyring.backends.fail
import pytest
from sqlalchemy import func, select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Event
from creative_memory.services.controls import audit, controls
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.forget.reset import reset
from creative_memory.services.ingest import blocklist
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.exporting import export_bundle
from creative_memory.services.transfer.importing import import_file
from creative_memory.services.transfer.skips import SkippedPattern, SkippedProject, lift_skips

USER = "local"
NOW = 1_793_500_000_000


def event(i: int, ptype: str, pattern: str, project: str | None = None) -> str:
    e: dict[str, object] = {
        "event_id": f"e{i}",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-11-06T10:{i:02d}:00Z",
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
    }
    if project:
        e["project_id"] = project
    return json.dumps(e)


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    return BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )


def events_in(store: Store) -> int:
    with store.read() as s:
        return int(s.scalar(select(func.count()).select_from(Event)) or 0)


def backup_then_reset(store: Store, blocks: BlockChecker, tmp_path: Path) -> Path:
    """Nine drop-shadow events, three neon ones, four in a project, two plain; exported; then the
    two patterns forgotten and blocked, the project's learning switched off, and memory reset."""
    lines = [event(i, "layout", "drop_shadows") for i in range(9)]
    lines += [event(10 + i, "color", "neon_accents") for i in range(3)]
    lines += [event(20 + i, "layout", "airy_spacing", "brand") for i in range(4)]
    lines += [event(30 + i, "layout", "airy_spacing") for i in range(2)]
    assert ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW).accepted == 18
    bundle = tmp_path / "backup.json"
    export_bundle(store, USER, bundle, now=NOW, actor=Actor.CLI)
    forgetting.forget(
        store,
        USER,
        [erasure.Target("layout", "drop_shadows"), erasure.Target("color", "neon_accents")],
        blocks=blocks,
        block=True,
        actor=Actor.CLI,
        now=NOW,
    )
    controls.set_project(store, USER, "brand", learn_from_project=False, actor=Actor.CLI, now=NOW)
    reset(store, USER, confirm=True, actor=Actor.CLI, now=NOW)
    assert events_in(store) == 0
    return bundle


def test_an_import_after_a_reset_lists_what_it_skipped_by_pattern_and_project(
    store: Store, blocks: BlockChecker, tmp_path: Path
) -> None:
    bundle = backup_then_reset(store, blocks, tmp_path)
    res = import_file(store, USER, bundle, now=NOW, actor=Actor.CLI, blocks=blocks)
    assert res.events == 2
    assert res.skipped_by_reason == {"blocked": 12, "project_learning_disabled": 4}
    assert res.skipped_patterns == (
        SkippedPattern("layout", "drop_shadows", events=9),
        SkippedPattern("color", "neon_accents", events=3),
    )
    assert res.liftable_blocks == res.skipped_patterns
    assert res.skipped_projects == (SkippedProject("brand", None, 4),)
    wire = res.as_json()
    assert wire["skipped_by_reason"] == {"blocked": 12, "project_learning_disabled": 4}
    assert wire["skipped_patterns"][0] == {
        "preference_type": "layout",
        "pattern": "drop_shadows",
        "events": 9,
        "left_out_of_events": 0,
    }
    assert wire["skipped_projects"] == [{"project_id": "brand", "name": None, "events": 4}]
    # The activity log keeps counts, never the blocked names.
    entries = audit.all_entries(store, USER)
    assert not any("drop_shadows" in f"{e.target} {e.outcome}" for e in entries)


def test_lifting_the_blocks_and_the_switch_then_importing_again_brings_exactly_those_in(
    store: Store, blocks: BlockChecker, tmp_path: Path
) -> None:
    bundle = backup_then_reset(store, blocks, tmp_path)
    first = import_file(store, USER, bundle, now=NOW, actor=Actor.CLI, blocks=blocks)
    lifted = lift_skips(
        store, blocks, USER, first.liftable_blocks, first.skipped_projects, actor=Actor.GUI, now=NOW
    )
    assert lifted == 2 and blocklist.list_blocks(store, USER) == []
    again = import_file(store, USER, bundle, now=NOW, actor=Actor.CLI, blocks=blocks)
    assert again.events == 16 and again.skipped_by_reason == {"duplicate": 2}
    assert again.skipped_patterns == () and again.skipped_projects == ()
    assert events_in(store) == 18
    entries = audit.all_entries(store, USER)
    assert len([e for e in entries if e.action == "lift block"]) == 2
    assert any(e.action == "project" and e.target == "brand: learn=on" for e in entries)
    # A block lifted meanwhile is passed over.
    assert lift_skips(store, blocks, USER, first.liftable_blocks, (), actor=Actor.GUI, now=NOW) == 0


def test_a_blocked_pattern_dropped_from_an_event_that_comes_in_is_listed_apart(
    store: Store, blocks: BlockChecker, tmp_path: Path
) -> None:
    both = {
        "event_id": "b1",
        "signal_type": "manual_refinement",
        "occurred_at": "2026-11-06T10:00:00Z",
        "patterns": [
            {"preference_type": "layout", "pattern": "drop_shadows", "polarity": "positive"},
            {"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"},
        ],
    }
    assert ingest_jsonl(store, json.dumps(both), default_user=USER, now=NOW).accepted == 1
    bundle = tmp_path / "b.json"
    export_bundle(store, USER, bundle, now=NOW, actor=Actor.CLI)
    reset(store, USER, confirm=True, actor=Actor.CLI, now=NOW)
    with store.write() as s:
        blocks.block(s, USER, "layout", "Drop-Shadows", NOW)
    res = import_file(store, USER, bundle, now=NOW, actor=Actor.CLI, blocks=blocks)
    assert res.events == 1 and res.skipped == 0
    assert res.skipped_patterns == (SkippedPattern("layout", "drop_shadows", events=0, left_out=1),)
    assert res.liftable_blocks == ()

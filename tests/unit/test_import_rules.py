"""Import is as strict as ingest: the same rules, limits and redaction, the learning gates (or a
restore that says it bypasses them), another user's bundle only with --as-user, identity per user,
and what will change said before anything is written."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import keyring.backends.fail
import pytest
from sqlalchemy import select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Event, ProjectSettings
from creative_memory.services.common.errors import InvalidInput, RefusedForSafety
from creative_memory.services.controls import controls
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import MAX_STORED_DIFF_BYTES, ingest_events, validate_event
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import crypto, import_plan, importing

USER = "local"
NOW = 1_767_225_600_000 + 86_400_000


def ev(i: int, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "event_id": f"e{i}",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-01-01T00:{i:02d}:00Z",
        "patterns": [{"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}],
    }
    out.update(kw)
    return out


def bundle(events: list[dict[str, Any]], **over: Any) -> dict[str, Any]:
    """A bundle as export writes it, from wire events."""
    rows = []
    for e in events:
        scope = f"project:{e['project_id']}" if e.get("project_id") else "global"
        payload: dict[str, Any] = {"scope": scope, "patterns": e.get("patterns", [])}
        if e.get("diff") is not None:
            payload["diff"] = e["diff"]
        if e.get("tag") is not None:
            payload["tag"] = e["tag"]
        rows.append(
            {
                "event_id": e["event_id"],
                "project_id": e.get("project_id"),
                "scope": scope,
                "signal_type": e["signal_type"],
                "occurred_at": e["occurred_at"],
                "tag": e.get("tag"),
                "session_id": None,
                "artifact_id": None,
                "payload": payload,
                "source": "cli",
            }
        )
    doc: dict[str, Any] = {
        "format": "creative-memory-bundle",
        "version": 1,
        "exported_at": "2026-01-02T00:00:00Z",
        "user_id": USER,
        "derivation_version": "x",
        "settings": {"memory_enabled": True},
        "project_settings": [],
        "events": rows,
        "preferences": 0,
    }
    doc.update(over)
    return doc


def write(tmp_path: Path, doc: dict[str, Any], name: str = "b.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc))
    return p


def digest(store: Store) -> str:
    with store.read() as s:
        rows = s.execute(select(Event.user_id, Event.event_id, Event.payload).order_by(Event.seq)).all()
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def do_import(store: Store, path: Path, **kw: Any) -> Any:
    return importing.import_file(store, USER, path, now=NOW, actor=Actor.CLI, **kw)


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    return BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )


# --------------------------------------------------------------------------- the same rules
@pytest.mark.parametrize(
    ("event", "message"),
    [
        (ev(1, diff="x" * (MAX_STORED_DIFF_BYTES + 1)), "larger than ingest ever stores"),
        (ev(1, project_id="p nda"), "contains a space"),
        (ev(1, signal_type="explicit_tag", tag="too noisy"), "contradicts tag"),
        (ev(1, signal_type="explicit_tag"), "needs a tag"),
        (ev(1, patterns=[]), "at least one pattern"),
        (
            ev(1, patterns=[{"preference_type": "layout", "pattern": "a/b", "polarity": "positive"}]),
            r"U\+002F",
        ),
    ],
)
def test_a_bundle_event_ingest_would_refuse_is_refused_and_nothing_changes(
    store: Store, tmp_path: Path, event: dict[str, Any], message: str
) -> None:
    ingest_events(store, [validate_event(ev(50))], default_user=USER, now=NOW)
    before = digest(store)
    with pytest.raises(InvalidInput, match=message) as info:
        do_import(store, write(tmp_path, bundle([ev(2), event])))
    assert str(info.value).endswith("Nothing was imported.")
    assert digest(store) == before


def test_secrets_in_diffs_are_redacted_as_ingest_redacts_them(store: Store, tmp_path: Path) -> None:
    diff = "mail ana@example.com, token=abc123secret, Authorization: Bearer abcdefghijklmnop"
    do_import(store, write(tmp_path, bundle([ev(1, diff=diff)])))
    with store.read() as s:
        stored = json.loads(s.scalars(select(Event.payload)).one())["diff"]
    assert (
        "ana@example.com" not in stored and "abc123secret" not in stored and "abcdefghijklmnop" not in stored
    )
    assert "[redacted:email]" in stored


def test_a_blocked_patterns_text_is_scrubbed_from_an_imported_diff(
    store: Store, tmp_path: Path, blocks: BlockChecker
) -> None:
    with store.write() as s:
        blocks.block(s, USER, "imagery", "drop_shadows", NOW)
    do_import(
        store,
        write(
            tmp_path,
            bundle(
                [
                    ev(1, diff="add Drop Shadows"),
                    ev(
                        2,
                        patterns=[
                            {"preference_type": "imagery", "pattern": "Drop-Shadows", "polarity": "positive"}
                        ],
                    ),
                ]
            ),
        ),
        blocks=blocks,
    )
    with store.read() as s:
        payloads = [json.loads(p) for p in s.scalars(select(Event.payload))]
    assert [p.get("diff") for p in payloads] == ["add [blocked]"]


# --------------------------------------------------------------------------- gates
def test_a_merge_applies_the_learning_gates_and_counts_what_it_skips(store: Store, tmp_path: Path) -> None:
    controls.set_project(store, USER, "p_nda", learn_from_project=False, actor=Actor.CLI, now=NOW)
    res = do_import(
        store, write(tmp_path, bundle([ev(1), ev(2, project_id="p_nda"), ev(3, project_id="p_ok")]))
    )
    assert res.events == 2 and res.skipped_by_reason == {"project_learning_disabled": 1}
    assert any("skipped, as ingest skips them" in n for n in res.notes)

    controls.set_enabled(store, USER, False, actor=Actor.CLI, now=NOW)
    res = do_import(store, write(tmp_path, bundle([ev(4), ev(5)]), "c.json"))
    assert res.events == 0 and res.skipped_by_reason == {"memory_disabled": 2}


def test_a_restore_of_ones_own_backup_bypasses_the_gates_and_says_why(store: Store, tmp_path: Path) -> None:
    controls.set_enabled(store, USER, False, actor=Actor.CLI, now=NOW)
    res = do_import(store, write(tmp_path, bundle([ev(1), ev(2)])), mode="replace")
    assert res.events == 2 and res.skipped == 0
    assert import_plan.RESTORE_NOTE in res.notes
    assert any(c.startswith("memory: off → on") for c in res.changes)


# --------------------------------------------------------------------------- whose memory
def test_another_users_bundle_is_refused_unless_as_user_names_the_receiver(
    store: Store, tmp_path: Path
) -> None:
    ingest_events(store, [validate_event(ev(i)) for i in (1, 2)], default_user=USER, now=NOW)
    before = digest(store)
    path = write(tmp_path, bundle([ev(1), ev(2), ev(3)], user_id="bob"))
    with pytest.raises(RefusedForSafety, match=r"holds the memory of user 'bob'.*--as-user local"):
        do_import(store, path)
    assert digest(store) == before
    # Into bob's own memory: bob's e1 and e2 are not duplicates of local's.
    res = importing.import_file(store, "bob", path, now=NOW, actor=Actor.CLI)
    assert (res.events, res.skipped, res.user) == (3, 0, "bob")
    # Into local's, explicitly: only e3 is new there.
    res = do_import(store, path, as_user=USER)
    assert (res.events, res.skipped_by_reason, res.user) == (1, {"duplicate": 2}, USER)
    assert any("imported as 'local'" in n for n in res.notes)


# --------------------------------------------------------------------------- said before done
def test_the_plan_says_what_changes_before_anything_is_written(store: Store, tmp_path: Path) -> None:
    controls.set_project(store, USER, "p_old", use_memory=False, actor=Actor.CLI, now=NOW)
    doc = bundle(
        [ev(1)],
        settings={"memory_enabled": False, "learning_paused_until": "2026-03-01T00:00:00Z"},
        project_settings=[{"project_id": "p_new", "use_memory": True, "learn_from_project": False}],
    )
    path = write(tmp_path, doc)
    plan = import_plan.plan_import(store, USER, path, mode="replace")
    assert plan.changes == [
        "memory: on → off",
        "learning paused until: not paused → 2026-03-01T00:00:00.000Z",
        "project p_old: its switches are cleared (use memory off → on)",
        "project p_new: learn on → off",
    ]
    merge = import_plan.plan_import(store, USER, path, mode="merge")
    assert merge.changes == ["project p_new: learn on → off"]
    seen: list[str] = []

    def announce(p: import_plan.ImportPlan) -> None:
        seen.append(digest(store))  # nothing written yet when the plan is told

    before = digest(store)
    res = importing.import_file(
        store, USER, path, mode="replace", now=NOW, actor=Actor.CLI, announce=announce
    )
    assert seen == [before] and res.changes == tuple(plan.changes)
    assert controls.status(store, USER, NOW).enabled is False


def test_the_plan_lists_every_setting_it_changes_one_by_one(store: Store, tmp_path: Path) -> None:
    """Use global memory and memory notes changed without a line in the plan (decision 0074)."""
    controls.set_project(store, USER, "p_kept", use_global_memory=False, actor=Actor.CLI, now=NOW)
    controls.set_project(store, USER, "p_both", learn_from_project=False, actor=Actor.CLI, now=NOW)
    doc = bundle(
        [ev(1)],
        settings={
            "memory_notes": True,
            "diagnostics_retention_days": 7,
            "using_paused_until": "2026-03-01T00:00:00Z",
        },
        project_settings=[
            {
                "project_id": "p_both",
                "use_memory": True,
                "learn_from_project": False,
                "use_global_memory": False,
            },
            {
                "project_id": "p_legacy",
                "use_memory": False,
                "learn_from_project": True,
            },  # no use_global_memory
        ],
    )
    path = write(tmp_path, doc)
    plan = import_plan.plan_import(store, USER, path, mode="replace")
    assert plan.changes == [
        "using paused until: not paused → 2026-03-01T00:00:00.000Z",
        "diagnostics kept for (days): 30 → 7",
        "memory notes: off → on",
        "project p_kept: its switches are cleared (use global memory off → on)",
        "project p_both: use global memory on → off",
        "project p_legacy: use memory on → off, use global memory on → off",
    ]
    res = importing.import_file(store, USER, path, mode="replace", now=NOW, actor=Actor.CLI)
    assert res.changes == tuple(plan.changes)
    with store.read() as session:
        switches = {
            p.project_id: (p.use_memory, p.use_global_memory, p.learn_from_project)
            for p in session.query(ProjectSettings).filter(ProjectSettings.user_id == USER)
        }
        settings = controls.get_settings(session, USER)
        assert (settings.memory_notes, settings.diagnostics_retention_days) == (True, 7)
    assert switches == {"p_both": (True, False, False), "p_legacy": (False, False, True)}


# --------------------------------------------------------------------------- read first
def test_the_contents_are_read_before_any_store_is_named(tmp_path: Path) -> None:
    doc = bundle([ev(1), ev(2, project_id="p_cafe")], project_settings=[{"project_id": "p_cafe"}])
    plain = write(tmp_path, doc)
    contents = import_plan.read_contents(plain)
    assert (contents.kind, contents.encrypted, contents.user, contents.events, contents.projects) == (
        "bundle",
        False,
        USER,
        2,
        1,
    )
    assert contents.as_json()["exported_at"] == "2026-01-02T00:00:00.000Z"
    secret = tmp_path / "secret.json"
    secret.write_bytes(crypto.encrypt(plain.read_bytes(), "right passphrase", n=2**14))
    with pytest.raises(InvalidInput, match="give its passphrase"):
        import_plan.read_contents(secret)
    with pytest.raises(crypto.WrongPassphrase, match="passphrase is wrong"):
        import_plan.read_contents(secret, lambda: "wrong passphrase")
    opened = import_plan.read_contents(secret, lambda: "right passphrase")
    assert opened.encrypted and opened.events == 2
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(InvalidInput, match="not a JSON file") as refused:
        import_plan.read_contents(broken)
    assert not isinstance(refused.value, crypto.WrongPassphrase)

"""Export and import through the service: the bundle (plain and encrypted), merge and replace, the
prototype's preferences.json, and hostile files — which are refused with a sentence and change
nothing (in particular they never leave events behind that break later derivations)."""

from __future__ import annotations

import copy
import hashlib
import json
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import keyring.backends.fail
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput, OperationFailed, RefusedForSafety
from creative_memory.services.controls import controls
from creative_memory.services.derivation import decay, rebuild
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import queries
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import crypto
from creative_memory.services.transfer.exporting import build_bundle, export_bundle
from creative_memory.services.transfer.importing import import_file

REPO = Path(__file__).resolve().parents[2]
LEGACY = REPO / "tests" / "fixtures" / "legacy_preferences.json"
NOW = 1_794_312_000_000  # 2026-11-10T12:00:00Z
LEGACY_NOW = 1_792_521_000_000  # 2026-10-20T18:30:00Z, the fixture's last_updated
USER = "local"
PASSPHRASE = "a long enough passphrase"
SHORT = {"busy_timeout_s": 0.2, "lock_budget_s": 0.6}


def _ev(n: int, signal: str, t: str, p: str, pol: str, at: str, project: str | None = None, **kw: Any) -> str:
    ev: dict[str, Any] = {
        "event_id": f"ev_{n:03d}",
        "signal_type": signal,
        "occurred_at": at,
        "session_id": f"s_{n % 3}",
        "patterns": [{"preference_type": t, "pattern": p, "polarity": pol}],
        **kw,
    }
    if project:
        ev["project_id"] = project
    return json.dumps(ev)


EVENTS = "\n".join(
    [
        _ev(
            1,
            "explicit_tag",
            "layout",
            "airy_spacing",
            "positive",
            "2026-11-01T09:00:00Z",
            "p_brand",
            tag="love this",
        ),
        _ev(2, "manual_refinement", "layout", "airy_spacing", "positive", "2026-11-01T10:00:00Z", "p_brand"),
        _ev(3, "revert_after_edit", "layout", "airy_spacing", "positive", "2026-11-02T09:00:00Z", "p_brand"),
        _ev(4, "thumbs_up", "layout", "airy_spacing", "positive", "2026-11-02T10:00:00Z", "p_brand"),
        _ev(
            5,
            "explicit_tag",
            "color",
            "muted_palette",
            "positive",
            "2026-11-03T09:00:00Z",
            tag="keep this style",
        ),
        _ev(
            6,
            "manual_refinement",
            "color",
            "muted_palette",
            "positive",
            "2026-11-03T10:00:00Z",
            diff="calmer",
        ),
        _ev(7, "thumbs_down", "effects", "drop_shadows", "negative", "2026-11-04T10:00:00Z"),
        _ev(8, "single_rejection", "effects", "drop_shadows", "negative", "2026-11-04T11:00:00Z"),
        # A contradiction (counted, noise guard) so reversal fields take part in the round trip.
        _ev(9, "thumbs_up", "effects", "drop_shadows", "positive", "2026-11-05T09:00:00Z"),
        json.dumps(
            {
                "event_id": "ev_010",
                "signal_type": "pairwise_comparison",
                "occurred_at": "2026-11-06T10:00:00Z",
                "chose": {"patterns": [{"preference_type": "typography", "pattern": "serif_headlines"}]},
                "over": {"patterns": [{"preference_type": "typography", "pattern": "sans_headlines"}]},
            }
        ),
    ]
)
EVENT_COUNT = 10


# --------------------------------------------------------------------------- helpers
def open_store(path: Path) -> Store:
    return Store.open(DataDir(path, "flag"), **SHORT)


@pytest.fixture
def other(tmp_path: Path) -> Iterator[Store]:
    """A second, empty store (another machine)."""
    s = open_store(tmp_path / "other-data")
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def filled(store: Store) -> Store:
    rep = ingest_jsonl(store, EVENTS, default_user=USER, now=NOW)
    assert rep.accepted == EVENT_COUNT
    controls.set_project(store, USER, "p_deck", use_memory=False, actor=Actor.CLI, now=NOW)
    controls.pause(store, USER, until=NOW + 3_600_000, what="learning", actor=Actor.CLI, now=NOW)
    return store


def prefs(store: Store, now: int = NOW) -> dict[tuple[str, ...], dict[str, Any]]:
    """The inspector's view, keyed by preference key (row ids are not part of the content)."""
    decay.refresh_decay(store, USER, now)
    with store.read() as session:
        rows = queries.inspect(session, USER)
    return {
        (r.scope, r.preference_type, r.pattern, r.polarity): {
            k: v for k, v in r.as_json().items() if k != "id"
        }
        for r in rows
    }


def digest(store: Store) -> str:
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    try:
        h = hashlib.sha256()
        for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name"):
            h.update(name.encode())
            h.update("\n".join(sorted(repr(r) for r in con.execute(f'SELECT * FROM "{name}"'))).encode())
        return h.hexdigest()
    finally:
        con.close()


def event_ids(store: Store) -> set[str]:
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    try:
        return {r[0] for r in con.execute("SELECT event_id FROM creative_memory_events")}
    finally:
        con.close()


def export(store: Store, path: Path, passphrase: str | None = None, *, force: bool = False) -> Path:
    return export_bundle(store, USER, path, now=NOW, actor=Actor.CLI, passphrase=passphrase, force=force).path


def export_bundle_bypassing_checks(store: Store, target: Path) -> None:
    """The write half alone, onto a target the checks would refuse, so the rename fails."""
    from creative_memory.services.store import safefile

    safefile.write_atomic(target, json.dumps(build_bundle(store, USER, NOW)).encode(), what="export")


def do_import(store: Store, path: Path, **kw: Any) -> Any:
    kw.setdefault("now", NOW)
    return import_file(store, USER, path, actor=Actor.CLI, **kw)


# --------------------------------------------------------------------------- export
def test_export_is_private_atomic_and_carries_the_canonical_data(filled: Store, tmp_path: Path) -> None:
    path = export(filled, tmp_path / "bundle.json")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".cm-export-")] == []
    doc = json.loads(path.read_text())
    assert (doc["format"], doc["version"], doc["user_id"]) == ("creative-memory-bundle", 1, USER)
    assert doc["exported_at"] == "2026-11-10T12:00:00.000Z"
    assert [e["event_id"] for e in doc["events"]] == [f"ev_{n:03d}" for n in range(1, EVENT_COUNT + 1)]
    assert doc["settings"]["learning_paused_until"] == "2026-11-10T13:00:00.000Z"
    assert doc["project_settings"] == [
        {"project_id": "p_deck", "use_memory": False, "learn_from_project": True, "use_global_memory": True}
    ]
    assert doc["settings"]["memory_notes"] is False
    assert doc["preferences"] == len(prefs(filled))
    # The bundle never holds secrets or derived state beyond the count.
    assert "install" not in path.read_text() and "cache_key" not in path.read_text()


def test_export_onto_a_folder_and_into_a_missing_folder_are_refused(filled: Store, tmp_path: Path) -> None:
    with pytest.raises(RefusedForSafety, match="is a folder; name a file inside it"):
        export(filled, tmp_path, force=True)
    assert not [p for p in tmp_path.iterdir() if p.is_file()]
    with pytest.raises(InvalidInput) as err:
        export(filled, tmp_path / "missing" / "b.json")
    assert "does not exist" in str(err.value)


def test_export_overwrites_with_private_mode_even_if_the_target_was_public(
    filled: Store, tmp_path: Path
) -> None:
    target = tmp_path / "b.json"
    target.write_text("old")
    target.chmod(0o644)
    with pytest.raises(RefusedForSafety, match="already exists"):
        export(filled, target)
    assert target.read_text() == "old"
    export(filled, target, force=True)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert json.loads(target.read_text())["format"] == "creative-memory-bundle"


# --------------------------------------------------------------------------- import
def test_round_trip_into_another_store_gives_the_same_preferences(
    filled: Store, other: Store, tmp_path: Path
) -> None:
    want = prefs(filled)
    res = do_import(other, export(filled, tmp_path / "b.json"))
    assert (res.kind, res.events, res.skipped, res.preferences) == ("bundle", EVENT_COUNT, 0, len(want))
    assert prefs(other) == want
    # merge: project settings the store lacks are added; the master settings are left alone.
    s = controls.status(other, USER, NOW)
    assert s.projects_disabled == ["p_deck"]
    assert s.learning_paused_until is None


def test_merge_dedupes_by_event_id(filled: Store, other: Store, tmp_path: Path) -> None:
    bundle = export(filled, tmp_path / "b.json")
    do_import(other, bundle)
    before = digest(other)
    again = do_import(other, bundle)
    assert (again.events, again.skipped) == (0, EVENT_COUNT)
    assert event_ids(other) == event_ids(filled)
    # Only the audit entry of the second import differs.
    with other.read() as session:
        from creative_memory.services.controls import audit

        assert audit.entries(session, USER, limit=1)[0].outcome == f"ok: 0 events, {EVENT_COUNT} skipped"
    assert before != digest(other)


def test_replace_swaps_the_memory_and_settings_as_a_whole(
    filled: Store, other: Store, tmp_path: Path
) -> None:
    bundle = export(filled, tmp_path / "b.json")
    extra = _ev(99, "thumbs_up", "layout", "bento_grid", "positive", "2026-11-07T09:00:00Z")
    assert ingest_jsonl(other, extra, default_user=USER, now=NOW).accepted == 1
    controls.set_project(other, USER, "p_only_here", use_memory=False, actor=Actor.GUI, now=NOW)
    merged = do_import(other, bundle)
    assert merged.events == EVENT_COUNT
    assert "ev_099" in event_ids(other)
    replaced = do_import(other, bundle, mode="replace")
    assert replaced.events == EVENT_COUNT  # the user's events were swapped, so all are new again
    assert event_ids(other) == event_ids(filled)
    assert prefs(other) == prefs(filled)
    s = controls.status(other, USER, NOW)
    assert s.projects_disabled == ["p_deck"]
    assert s.learning_paused_until == "2026-11-10T13:00:00.000Z"


def test_import_does_not_touch_other_users(filled: Store, other: Store, tmp_path: Path) -> None:
    bob = _ev(1, "thumbs_up", "layout", "bento_grid", "positive", "2026-11-07T09:00:00Z")
    assert ingest_jsonl(other, bob.replace('"ev_001"', '"bob_1"'), default_user="bob", now=NOW).accepted == 1
    do_import(other, export(filled, tmp_path / "b.json"), mode="replace")
    assert "bob_1" in event_ids(other)


def test_blocked_patterns_are_not_imported(filled: Store, other: Store, tmp_path: Path) -> None:
    blocks = BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )
    with other.write() as session:
        blocks.block(session, USER, "layout", "airy_spacing", NOW)
    res = do_import(other, export(filled, tmp_path / "b.json"), blocks=blocks)
    assert (res.events, res.skipped) == (EVENT_COUNT - 4, 4)
    assert not any(k[2] == "airy_spacing" for k in prefs(other))


# --------------------------------------------------------------------------- encryption
def test_encrypted_round_trip(filled: Store, other: Store, tmp_path: Path) -> None:
    path = export(filled, tmp_path / "b.enc", passphrase=PASSPHRASE)
    raw = path.read_bytes()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert crypto.is_encrypted(raw) and b"airy_spacing" not in raw and b"p_brand" not in raw
    res = do_import(other, path, passphrase=lambda: PASSPHRASE)
    assert res.encrypted is True and res.events == EVENT_COUNT
    assert prefs(other) == prefs(filled)


def _flip(raw: bytes, at: int) -> bytes:
    b = bytearray(raw)
    b[at] = ord("B") if b[at] == ord("A") else ord("A")
    return bytes(b)


@pytest.mark.parametrize("where", ["salt", "nonce", "ciphertext-start", "ciphertext-end"])
def test_a_changed_byte_or_wrong_passphrase_is_refused_and_changes_nothing(
    filled: Store, other: Store, tmp_path: Path, where: str
) -> None:
    path = export(filled, tmp_path / "b.enc", passphrase=PASSPHRASE)
    raw = path.read_bytes()
    marker = {"salt": b'"salt":"', "nonce": b'"nonce":"', "ciphertext-start": b'"ciphertext":"'}
    at = len(raw) - 6 if where == "ciphertext-end" else raw.index(marker[where]) + len(marker[where]) + 3
    bad = tmp_path / "bad.enc"
    bad.write_bytes(_flip(raw, at))
    before = digest(other)
    with pytest.raises(InvalidInput) as err:
        do_import(other, bad, passphrase=lambda: PASSPHRASE)
    assert str(err.value) == crypto.WRONG_OR_CHANGED
    with pytest.raises(InvalidInput) as wrong:
        do_import(other, path, passphrase=lambda: PASSPHRASE + "!")
    assert str(wrong.value) == crypto.WRONG_OR_CHANGED
    assert digest(other) == before


def test_encrypted_bundle_without_a_passphrase_is_refused(
    filled: Store, other: Store, tmp_path: Path
) -> None:
    path = export(filled, tmp_path / "b.enc", passphrase=PASSPHRASE)
    with pytest.raises(InvalidInput) as err:
        do_import(other, path)
    assert "passphrase" in str(err.value)


# --------------------------------------------------------------------------- bad files
def _bundle(**over: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "creative-memory-bundle",
        "version": 1,
        "exported_at": "2026-11-10T12:00:00Z",
        "user_id": USER,
        "derivation_version": "cm-derive-1",
        "settings": {},
        "events": [
            {
                "event_id": "e1",
                "scope": "global",
                "signal_type": "thumbs_up",
                "occurred_at": "2026-11-01T00:00:00Z",
                "payload": {
                    "scope": "global",
                    "patterns": [{"preference_type": "layout", "pattern": "airy", "polarity": "positive"}],
                },
            }
        ],
    }
    doc.update(over)
    return doc


def _event(**over: Any) -> dict[str, Any]:
    ev = dict(_bundle()["events"][0])
    ev.update(over)
    return ev


SNAPSHOT = {
    "preference_type": "layout",
    "pattern": "airy",
    "polarity": "positive",
    "strength": 0.5,
    "confidence": "medium",
    "status": "stable",
    "decay_at": 1_800_000_000_000,
    "first_seen": 1_790_000_000_000,
    "last_seen": 1_790_000_000_000,
}


def _legacy(mutate: Any) -> dict[str, Any]:
    doc = json.loads(LEGACY.read_text())
    mutate(doc)
    return doc


BAD_FILES: list[Any] = [
    pytest.param(b"", "not a JSON file", id="empty"),
    pytest.param(b"\xff\xfe garbage", "not a JSON file", id="binary"),
    pytest.param(b'{"format": "creative-memory-bundle", "events": [', "not a JSON file", id="truncated"),
    pytest.param(b"[1, 2]", "JSON object", id="array"),
    pytest.param(b'{"hello": "world"}', "neither", id="unknown-object"),
    pytest.param(_bundle(version=2), "version", id="bundle-v2"),
    pytest.param(_bundle(extra=1), "extra", id="bundle-unknown-field"),
    pytest.param(_bundle(events=[_event(event_id="e 1")]), "event_id", id="bad-event-id"),
    pytest.param(_bundle(events=[_event(signal_type="nope")]), "signal_type", id="bad-signal"),
    pytest.param(_bundle(events=[_event(occurred_at="2026-11-01T00:00:00")]), "occurred_at", id="naive"),
    pytest.param(
        _bundle(events=[_event(payload={"patterns": [{"pattern": "x"}]})]),
        "payload.patterns",
        id="bad-patterns",
    ),
    pytest.param(
        _bundle(events=[_event(payload={"patterns": [], "chose": {"patterns": "x"}})]),
        "payload.chose",
        id="bad-side",
    ),
    pytest.param(
        _bundle(
            events=[
                _event(
                    signal_type="legacy_snapshot",
                    payload={
                        "patterns": [],
                        "snapshot": {k: v for k, v in SNAPSHOT.items() if k != "strength"},
                    },
                )
            ]
        ),
        "strength",
        id="snapshot-without-strength",
    ),
    pytest.param(
        _bundle(
            events=[
                _event(
                    signal_type="legacy_snapshot",
                    payload={"patterns": [], "snapshot": {**SNAPSHOT, "accept_count": 10**30}},
                )
            ]
        ),
        "accept_count",
        id="snapshot-count-overflow",
    ),
    pytest.param(
        _bundle(events=[_event(signal_type="legacy_snapshot", payload={"patterns": []})]),
        "snapshot",
        id="snapshot-missing",
    ),
    pytest.param(
        _bundle(events=[_event(payload={"patterns": [], "snapshot": SNAPSHOT})]),
        "snapshot",
        id="snapshot-on-a-normal-event",
    ),
    pytest.param(_legacy(lambda d: d.update(schema_version="2.0")), "schema_version", id="legacy-version"),
    pytest.param(
        _legacy(lambda d: d["global_preferences"][0].update(confidence="extreme")),
        "confidence",
        id="legacy-tier",
    ),
    pytest.param(
        _legacy(lambda d: d["global_preferences"][0].update(signal_strength=1.5)),
        "signal_strength",
        id="legacy-strength",
    ),
    pytest.param(
        _legacy(lambda d: d["global_preferences"][0].update(last_seen="2026-10-18T14:02:11")),
        "last_seen",
        id="legacy-naive",
    ),
    pytest.param(
        _legacy(lambda d: d["global_preferences"][0].update(accept_count=10**30)),
        "accept_count",
        id="legacy-overflow",
    ),
    pytest.param(
        _legacy(lambda d: d["project_overrides"]["p_brand"][0].update(scope="project:p_other")),
        "scope",
        id="legacy-scope-mismatch",
    ),
    pytest.param(
        _legacy(lambda d: d["project_overrides"].update({"bad id!": []})),
        "project id",
        id="legacy-project-id",
    ),
]


@pytest.mark.parametrize(("content", "named"), BAD_FILES)
def test_bad_files_are_refused_with_a_sentence_and_change_nothing(
    filled: Store, tmp_path: Path, content: Any, named: str
) -> None:
    path = tmp_path / "in.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    before = digest(filled)
    with pytest.raises(InvalidInput) as err:
        do_import(filled, path)
    message = str(err.value)
    assert named in message, message
    assert "\n" not in message and message.endswith("."), "one sentence, one line"
    assert digest(filled) == before
    assert len(prefs(filled)) > 0, "the store still derives"


_MISSING = object()


@pytest.mark.parametrize(
    ("event_id", "where"),
    [
        pytest.param("ev_010", ("chose", "patterns", 0, "pattern"), id="chose-pattern"),
        pytest.param("ev_010", ("over", "patterns", 0, "pattern"), id="over-pattern"),
        pytest.param("ev_010", ("chose", "patterns", 0, "preference_type"), id="chose-type"),
        pytest.param("ev_001", ("patterns", 0, "pattern"), id="plain-pattern"),
    ],
)
@pytest.mark.parametrize(
    ("value", "says"),
    [
        pytest.param(None, "valid string", id="null"),
        pytest.param(7, "valid string", id="number"),
        pytest.param(_MISSING, "required field is missing", id="missing"),
    ],
)
def test_a_pattern_that_is_not_text_in_a_bundle_payload_is_refused_and_changes_nothing(
    filled: Store, other: Store, tmp_path: Path, event_id: str, where: tuple[Any, ...], value: Any, says: str
) -> None:
    """A comparison side's (or a plain) pattern of null or a number used to pass the payload check
    (``str(None)`` is "None") and then fail inside the import transaction with an sqlite
    IntegrityError; it is refused like ingest refuses it on the wire, and nothing changes."""
    doc = json.loads(export(filled, tmp_path / "good.json").read_text())
    event = next(e for e in doc["events"] if e["event_id"] == event_id)
    _set(event["payload"], where, value, delete=value is _MISSING)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    # The target holds a memory of its own (and the source's, for replace), which must survive.
    extra = _ev(99, "thumbs_up", "layout", "bento_grid", "positive", "2026-11-07T09:00:00Z")
    assert ingest_jsonl(other, extra, default_user=USER, now=NOW).accepted == 1
    field = "payload." + ".".join(str(w) for w in where).replace(".0.", "[0].")
    for target, mode in ((other, "merge"), (other, "replace"), (filled, "replace")):
        before_prefs = prefs(target)  # refreshes decay first, so the digest is the settled state
        before = digest(target)
        with pytest.raises(InvalidInput) as err:
            do_import(target, path, mode=mode)
        message = str(err.value)
        assert f"events[{event_id}].{field}" in message and says in message, message
        assert "\n" not in message and message.endswith("Nothing was imported."), message
        assert digest(target) == before
        assert prefs(target) == before_prefs


def test_missing_file_or_a_folder_is_refused(store: Store, tmp_path: Path) -> None:
    with pytest.raises(InvalidInput) as err:
        do_import(store, tmp_path / "nope.json")
    assert "Cannot read" in str(err.value)
    with pytest.raises(InvalidInput) as err:  # used to escape as IsADirectoryError
        do_import(store, tmp_path)
    assert "Cannot read" in str(err.value)


def test_export_that_cannot_be_written_says_so_and_leaves_no_temp_file(filled: Store, tmp_path: Path) -> None:
    """An OSError while writing (here: a file name too long for the file system) used to escape."""
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(InvalidInput) as err:
        export(filled, out / ("x" * 300 + ".json"))
    assert "cannot be used (File name too long)" in str(err.value) and "\n" not in str(err.value)
    (out / "taken" / "inside").mkdir(parents=True)
    with pytest.raises(OperationFailed, match="could not be written"):
        export_bundle_bypassing_checks(filled, out / "taken")
    assert [p.name for p in out.iterdir()] == ["taken"]


# --------------------------------------------------------------------------- legacy preferences.json
def test_legacy_file_re_derives_to_the_prototype_records(store: Store) -> None:
    doc = json.loads(LEGACY.read_text())
    res = do_import(store, LEGACY, now=LEGACY_NOW)
    records = [("global", p) for p in doc["global_preferences"]] + [
        (f"project:{pid}", p) for pid, ps in doc["project_overrides"].items() for p in ps
    ]
    assert (res.kind, res.events, res.preferences) == ("legacy", len(records), len(records))
    got = prefs(store, LEGACY_NOW)
    assert len(got) == len(records)
    key_of = {p["id"]: "/".join((s, p["preference_type"], p["pattern"], p["polarity"])) for s, p in records}
    for scope, p in records:
        row = got[(scope, p["preference_type"], p["pattern"], p["polarity"])]
        assert row["strength"] == round(p["signal_strength"], 6)
        assert (row["confidence"], row["status"]) == (p["confidence"], p["polarity_status"])
        assert (row["accept_count"], row["reject_count"]) == (p["accept_count"], p["reject_count"])
        assert (row["last_seen"], row["decay_at"]) == (p["last_seen"], p["decay_at"])
        assert (row["sources"], row["explicit_tags"]) == (p["sources"], p["explicit_tags"])
        assert row["reversal_signals"] == p["reversal_signals"]
        assert row["shadow_of"] == (key_of[p["shadow_of"]] if p["shadow_of"] else None)
    # Both scope spellings landed in the project they sit under.
    assert got[("project:p_brand", "imagery", "monochrome", "positive")]["scope"] == "project:p_brand"
    assert got[("project:p_cafe", "color", "warm_palette", "positive")]["project_id"] == "p_cafe"
    # The stored tier is kept even where strength alone would say otherwise (a decayed record).
    dense = got[("global", "layout", "dense_grids", "negative")]
    assert (dense["confidence"], dense["derived_tier"]) == ("low", "medium")


def test_legacy_records_then_age_like_any_other(store: Store) -> None:
    do_import(store, LEGACY, now=LEGACY_NOW)
    later = prefs(store, LEGACY_NOW + 60 * 86_400_000)  # 2026-12-19: past some decay_at dates
    dense = later[("global", "layout", "dense_grids", "negative")]
    assert dense["status"] == "archived"  # 180 days after its last signal (2026-06-03)
    airy = later[("global", "layout", "airy_spacing", "positive")]
    assert airy["strength"] == 0.55 and airy["status"] == "stable"


def test_legacy_import_twice_adds_nothing_and_replace_applies_the_master_switch(
    store: Store, tmp_path: Path
) -> None:
    do_import(store, LEGACY, now=LEGACY_NOW)
    again = do_import(store, LEGACY, now=LEGACY_NOW)
    assert (again.events, again.skipped) == (0, 10)
    off = tmp_path / "preferences.json"
    off.write_text(json.dumps(_legacy(lambda d: d.update(memory_enabled=False))))
    do_import(store, off, mode="replace", now=LEGACY_NOW)
    assert controls.status(store, USER, LEGACY_NOW).enabled is False
    assert len(prefs(store, LEGACY_NOW)) == 10


def test_legacy_state_survives_export_and_import(store: Store, other: Store, tmp_path: Path) -> None:
    do_import(store, LEGACY, now=LEGACY_NOW)
    bundle = export_bundle(store, USER, tmp_path / "b.json", now=LEGACY_NOW, actor=Actor.GUI).path
    do_import(other, bundle, now=LEGACY_NOW)
    assert prefs(other, LEGACY_NOW) == prefs(store, LEGACY_NOW)


# --------------------------------------------------------------------------- hostile files (property)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
BASE_LEGACY = json.loads(LEGACY.read_text())


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*prefix, i))
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    if delete and isinstance(parent, dict):
        parent.pop(path[-1], None)
    else:
        parent[path[-1]] = value
    return doc


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any]) -> bytes:
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        doc = _set(doc, path, draw(JSON), draw(st.booleans()))
    text = json.dumps(doc).encode()
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@pytest.fixture(scope="module")
def bundle_base(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("bundle-base")
    s = open_store(root / "data")
    try:
        ingest_jsonl(s, EVENTS, default_user=USER, now=NOW)
        import_file(s, USER, LEGACY, now=NOW, actor=Actor.CLI)
        return json.loads(export_bundle(s, USER, root / "b.json", now=NOW, actor=Actor.CLI).path.read_text())
    finally:
        s.close()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    s = open_store(tmp_path_factory.mktemp("scratch") / "data")
    ingest_jsonl(s, EVENTS, default_user=USER, now=NOW)
    try:
        yield s
    finally:
        s.close()


def _import_or_refuse(store: Store, path: Path, data: bytes) -> None:
    path.write_bytes(data)
    before = digest(store)
    try:
        do_import(store, path, mode="replace")
    except InvalidInput as exc:
        assert str(exc).strip()
        assert digest(store) == before
        return
    # Accepted: the store must still derive and be readable.
    rebuild.rebuild(store, USER, NOW)
    prefs(store)
    controls.status(store, USER, NOW)


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=mutated(BASE_LEGACY))
def test_mutated_legacy_files_import_cleanly_or_are_refused(
    scratch: Store, tmp_path: Path, data: bytes
) -> None:
    _import_or_refuse(scratch, tmp_path / "legacy.json", data)


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.data())
def test_mutated_bundles_import_cleanly_or_are_refused(
    scratch: Store, tmp_path: Path, bundle_base: dict[str, Any], data: st.DataObject
) -> None:
    _import_or_refuse(scratch, tmp_path / "bundle.json", data.draw(mutated(bundle_base)))

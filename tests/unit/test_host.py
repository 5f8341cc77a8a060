"""The host protocol's methods (``services/rpc/host.py``) and memory notes, on real stores."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

import pytest

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput, StoreUnavailable
from creative_memory.services.context import Context
from creative_memory.services.controls import controls, notes
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.rpc.host import Expired, Host
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000  # early November 2026, within 90 days of the events below
TYPES = ("layout", "color", "typography", "imagery", "motion", "tone", "spacing", "iconography")


def _event(
    pattern: str, i: int, *, ptype: str = "layout", project: str | None = None, polarity: str = "positive"
) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "event_id": f"{ptype}-{pattern}-{polarity}-{project}-{i}",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-11-0{1 + i % 8}T10:{i:02d}:00Z",
        "session_id": f"s{i % 3}",
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": polarity}],
    }
    if project:
        obj["project_id"] = project
    return obj


def _learn(store: Store, pattern: str, *, n: int = 5, **kw: Any) -> None:
    lines = [json.dumps(_event(pattern, i, **kw)) for i in range(n)]
    rep = ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW)
    assert rep.accepted == n


@pytest.fixture
def host(store: Store, tmp_data_dir: DataDir) -> Any:
    ctx = Context(data_dir=tmp_data_dir, user=USER, actor=Actor.CLI, now_override=NOW)
    yield Host(ctx)
    ctx.close()


def _origins(store: Store) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(store.path)
    try:
        return con.execute(
            "SELECT id, origin, project_id FROM creative_memory_retrievals ORDER BY id"
        ).fetchall()
    finally:
        con.close()


def test_a_retrieval_is_recorded_as_the_daemons_and_marks_what_it_injected(store: Store, host: Host) -> None:
    _learn(store, "airy_spacing")
    r = host.call("retrieve", {"project_id": "p_1", "mode": "generation"})
    assert "airy spacing" in r["block"] and r["recorded"] and r["gate"] is None
    assert [k["pattern"] for k in r["kept"]] == ["airy_spacing"]
    assert _origins(store) == [(r["retrieval_id"], "daemon", "p_1")]
    con = sqlite3.connect(store.path)
    injected = con.execute("SELECT last_injected_at FROM creative_memory_preferences").fetchall()
    con.close()
    assert injected == [(NOW,)]
    dry = host.call("retrieve", {"project_id": "p_1", "dry_run": True})
    assert dry["block"] == r["block"] and dry["retrieval_id"] is None and not dry["recorded"]
    assert len(_origins(store)) == 1


def test_gates_are_read_afresh_on_every_call(store: Store, host: Host) -> None:
    _learn(store, "airy_spacing")
    assert host.call("retrieve", {"project_id": "p_1"})["block"]
    # Another process (the GUI, the CLI) flips a switch between two calls of the same host.
    controls.set_enabled(store, USER, False, actor=Actor.GUI, now=NOW)
    off = host.call("retrieve", {"project_id": "p_1"})
    assert (off["block"], off["gate"], off["kept"]) == ("", "memory_disabled", [])
    controls.set_enabled(store, USER, True, actor=Actor.GUI, now=NOW)
    controls.pause(store, USER, until=None, what="using", actor=Actor.GUI, now=NOW)
    assert host.call("retrieve", {"project_id": "p_1"})["gate"] == "memory_paused"
    controls.resume(store, USER, actor=Actor.GUI, now=NOW)
    controls.set_project(
        store, USER, "p_1", use_memory=False, use_global_memory=False, actor=Actor.GUI, now=NOW
    )
    assert host.call("retrieve", {"project_id": "p_1"})["gate"] == "project_memory_disabled"
    assert host.call("retrieve", {"project_id": "p_2"})["block"]


def test_memory_notes_are_off_by_default_and_say_what_the_retrieval_did(store: Store, host: Host) -> None:
    # 25 injectable records over eight types: the hard cap and the category ceiling both cut.
    for i in range(25):
        _learn(store, f"pattern_{i:02d}", ptype=TYPES[i % len(TYPES)], n=5 + i % 3)
    assert host.call("status", None)["memory_notes"] is False
    assert host.call("retrieve", {})["note"] is None
    status = notes.set_notes(store, USER, True, actor=Actor.CLI, now=NOW)
    assert status.memory_notes is True and host.call("status", {})["memory_notes"] is True
    r = host.call("retrieve", {})
    outcome = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, dry_run=True))
    (cap,) = [e for e in outcome.result.events if e.type == "hard_cap_applied"]
    used = len(r["kept"])
    eligible = int(cap.fields["total_eligible"])
    assert eligible == 25 and used < eligible
    assert r["note"] == f"memory: {used} preferences used; {eligible - used} capped"
    notes.set_notes(store, USER, False, actor=Actor.CLI, now=NOW)
    assert host.call("retrieve", {})["note"] is None


def test_a_note_for_a_closed_gate_or_an_empty_memory(store: Store, host: Host) -> None:
    notes.set_notes(store, USER, True, actor=Actor.CLI, now=NOW)
    assert host.call("retrieve", {})["note"] == "memory: nothing strong enough to use yet"
    controls.pause(store, USER, until=None, what="using", actor=Actor.GUI, now=NOW)
    assert host.call("retrieve", {})["note"] == "memory: paused, nothing used"


def test_ingest_answers_each_event(store: Store, host: Host) -> None:
    good = _event("airy_spacing", 1)
    bad = {**_event("airy_spacing", 2), "signal_type": "nonsense"}
    out = host.call("ingest", {"events": [good, bad, good, "not an object"]})
    assert (out["accepted"], out["duplicates"], out["rejected"]) == (1, 1, 2)
    assert [e["outcome"] for e in out["events"]] == ["accepted", "rejected", "duplicate", "rejected"]
    assert [e["index"] for e in out["events"]] == [0, 1, 2, 3]
    assert "signal_type" in out["events"][1]["reason"]
    controls.pause(store, USER, until=None, what="learning", actor=Actor.GUI, now=NOW)
    paused = host.call("ingest", {"events": [_event("airy_spacing", 3)]})
    assert paused["events"] == [
        {
            "index": 0,
            "event_id": paused["events"][0]["event_id"],
            "outcome": "ignored",
            "reason": "learning_paused",
        }
    ]
    con = sqlite3.connect(store.path)
    sources = con.execute("SELECT source FROM creative_memory_events").fetchall()
    con.close()
    assert sources == [("daemon",)]


def test_a_caller_that_stopped_waiting_gets_nothing_recorded(store: Store, host: Host) -> None:
    _learn(store, "airy_spacing")
    with pytest.raises(Expired):
        host.call("retrieve", {"deadline_ms": time.time() * 1000 - 1})
    late = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW), still_wanted=lambda: False
    )
    assert late.block and late.retrieval_id is None
    ok = host.call("retrieve", {"deadline_ms": time.time() * 1000 + 60_000})
    assert ok["recorded"]
    assert len(_origins(store)) == 1


@pytest.mark.parametrize(
    ("method", "params", "words"),
    [
        ("retrieve", {"mode": "poem"}, "mode must be"),
        ("retrieve", {"project_id": "bad id"}, "is not a project id"),
        ("retrieve", {"dry_run": "yes"}, "dry_run must be true or false"),
        ("retrieve", {"colour": 1}, "retrieve has no parameter 'colour'"),
        ("retrieve", [1, 2], "must be a JSON object"),
        (
            "retrieve",
            {"project_id": 7},
            "^project_id must be a string id, or null for global memory only[.]$",
        ),
        ("retrieve", {"types": "color"}, "^types must be a list of preference type names"),
        ("retrieve", {"types": ["color", 3]}, "^types must be a list of preference type names"),
        ("retrieve", {"types": ["bad type"]}, "is not a preference type"),
        ("retrieve", {"deadline_ms": "soon"}, "^deadline_ms must be a time in milliseconds since 1970"),
        ("retrieve", {"deadline_ms": True}, "^deadline_ms must be a time in milliseconds since 1970"),
        ("retrieve", {"user_id": 5}, "^user_id must be a string id, or left out for the default user[.]$"),
        ("retrieve", {"user_id": "a b"}, "is not a user id"),
        (
            "retrieve",
            {"zeta": 1, "alpha": 2},
            "^retrieve has no parameter 'alpha'; its parameters are: "
            "project_id, mode, dry_run, types, user_id, deadline_ms, temporary[.]$",
        ),
        ("status", {"user_id": []}, "^user_id must be a string id"),
        (
            "decay",
            {"project_id": "p"},
            "^decay has no parameter 'project_id'; its parameters are: user_id[.]$",
        ),
        ("ping", {"x": 1}, "^ping has no parameter 'x'; its parameters are: none[.]$"),
        ("ping", "hello", "^The params of ping must be a JSON object [(]named parameters[)][.]$"),
        ("ingest", {"events": []}, "non-empty list"),
        ("ingest", {}, "non-empty list"),
        ("ingest", {"events": {"event_id": "e1"}}, "non-empty list"),
        ("ingest", {"events": [{}] * 1001}, "^Send at most 1000 events per call; split the batch[.]$"),
        ("nope", {}, "There is no method 'nope'"),
    ],
)
def test_bad_params_get_one_sentence_and_change_nothing(
    store: Store, host: Host, method: str, params: Any, words: str
) -> None:
    before = _origins(store)
    with pytest.raises(InvalidInput, match=words):
        host.call(method, params)
    assert _origins(store) == before


def test_a_missing_store_is_reported_per_call_and_never_created(tmp_path: Any) -> None:
    dd = DataDir(tmp_path / "not-yet", "flag")
    ctx = Context(data_dir=dd, user=USER, actor=Actor.CLI, now_override=NOW)
    host = Host(ctx)
    assert host.call("ping", None)["pong"] is True
    with pytest.raises(StoreUnavailable):
        host.call("retrieve", {})
    assert not dd.path.exists()
    Store.open(dd).close()  # the daemon creates its store later: the next call finds it
    assert host.call("retrieve", {})["block"] == ""
    ctx.close()

"""The scan of the events' diffs for free-text mentions runs on a thread of its own beside the
forget's first writes (``forget_phases.MentionScan``): the events only a diff names are rewritten all
the same, events stored meanwhile are caught by the catch-up, and a scan that fails fails the forget
(its plan is kept and the next run finishes it), never a "verified" receipt without it."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from store_helpers import outside_read as _sql

from creative_memory.model.constants import Actor
from creative_memory.services.forget import erasure, forget_phases, forgetting
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store
from creative_memory.services.store.writes import interrupted_plans

USER = "local"
NOW = 1_780_000_000_000


def _lines() -> str:
    out = []
    for i in range(40):
        out.append(
            {
                "event_id": f"named-{i}",
                "signal_type": "manual_refinement",
                "occurred_at": f"2026-05-{1 + i % 27:02d}T10:00:00Z",
                "session_id": f"s{i}",
                "patterns": [
                    {"preference_type": "layout", "pattern": "drop_shadows", "polarity": "positive"},
                    {"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive"},
                ],
            }
        )
    for i in range(12):  # only the diff names it, in words a person typed
        out.append(
            {
                "event_id": f"typed-{i}",
                "signal_type": "manual_refinement",
                "occurred_at": f"2026-05-{1 + i:02d}T11:00:00Z",
                "session_id": f"t{i}",
                "diff": f"made the cards flat: no more Drop Shadows ({i}), kept the spacing",
                "patterns": [
                    {"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive"}
                ],
            }
        )
    return "\n".join(json.dumps(line) for line in out)


@pytest.fixture()
def store(tmp_path: Path) -> Any:
    s = Store.open(DataDir(tmp_path / "od", "flag"))
    assert ingest_jsonl(s, _lines(), default_user=USER, now=NOW).accepted == 52
    yield s
    s.close()


def _blocks(tmp_path: Path) -> BlockChecker:
    return BlockChecker(SecretStore(config_dir=tmp_path / "config"))


def _forget_shadows(store: Store, tmp_path: Path) -> erasure.Receipt:
    target = erasure.Target("layout", "drop_shadows")
    return forgetting.forget(store, USER, [target], blocks=_blocks(tmp_path), actor=Actor.CLI, now=NOW)


def test_events_only_a_diff_names_are_rewritten_and_the_scan_ran_on_its_own_thread(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    real = forget_phases.diff_candidates

    def candidates(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(forget_phases, "diff_candidates", candidates)
    receipt = _forget_shadows(store, tmp_path)
    assert receipt.verified, receipt.as_json()
    assert receipt.events_rewritten == 40 + 12
    assert threads == ["cm-forget-mentions"]
    payloads = [json.loads(p) for (p,) in _sql(store, "SELECT payload FROM creative_memory_events")]
    diffs = [p["diff"] for p in payloads if isinstance(p.get("diff"), str)]
    assert len(diffs) == 12 and all("kept the spacing" in d for d in diffs)
    assert not any("shadow" in json.dumps(p).lower() for p in payloads)


def test_a_scan_that_fails_fails_the_forget_and_the_next_run_finishes_it(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError("the disk went away while the diffs were read")

    monkeypatch.setattr(forget_phases, "diff_candidates", broken)
    target = erasure.Target("layout", "drop_shadows")
    with pytest.raises(OSError, match="went away"):
        forgetting.forget(store, USER, [target], blocks=_blocks(tmp_path), actor=Actor.CLI, now=NOW)
    with store.read() as s:
        con = s.connection().connection.driver_connection
        assert interrupted_plans(con, "forget", USER)  # kept for the next run
    monkeypatch.undo()
    receipt = forgetting.forget(store, USER, [target], blocks=_blocks(tmp_path), actor=Actor.CLI, now=NOW)
    assert receipt.verified, receipt.as_json()
    assert not any(
        "shadow" in p.lower() for (p,) in _sql(store, "SELECT payload FROM creative_memory_events")
    )


def test_no_thread_of_a_forget_that_stopped_outlives_it(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forget stopped while its scan still reads (here: its first chunk fails) waits for the scan
    before it hands its error on: nothing of it reads the store behind the caller's back (the caller
    may close the store, or a test change its connections, right after)."""
    scanning = threading.Event()
    real = forget_phases.diff_candidates

    def slow(*args: Any, **kwargs: Any) -> Any:
        scanning.set()
        threading.Event().wait(0.4)
        return real(*args, **kwargs)

    def failing(*_args: Any, **_kwargs: Any) -> None:
        assert scanning.wait(5)
        raise RuntimeError("the first chunk failed")

    monkeypatch.setattr(forget_phases, "diff_candidates", slow)
    monkeypatch.setattr(forgetting, "rewrite_in_chunks", failing)
    with pytest.raises(RuntimeError, match="first chunk"):
        _forget_shadows(store, tmp_path)
    assert not [t for t in threading.enumerate() if t.name == "cm-forget-mentions"]

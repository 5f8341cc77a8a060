"""A concurrent writer: another process appends events (and writes the daemon's ``projects`` table)
while this process toggles, pauses, forgets, previews and resets another user — all on one real
``app.sqlite`` with the default busy timeout (5 s).

Afterwards every event the writer was told was accepted is present exactly once, every project row
it inserted is there, ``PRAGMA integrity_check`` is ok, and no exception (in particular no
``StoreLocked``) surfaced in either process.
"""

from __future__ import annotations

import collections
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import keyring.backends.fail
import pytest
from sqlalchemy import select

from creative_memory.model.constants import Actor, Mode, Origin
from creative_memory.model.tables import Event, Preference
from creative_memory.services.common.clock import now_ms
from creative_memory.services.controls import controls
from creative_memory.services.derivation import cache_state, derivation, rebuild
from creative_memory.services.forget import erasure, forgetting, reset
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import preview, retrieval
from creative_memory.services.store.store import DEFAULT_BUSY_TIMEOUT_S, Store

HERE = Path(__file__).resolve().parent
WRITER = HERE / "writer_process.py"
MEMORY_DIR = HERE.parent / "fixtures" / "od-data-dir" / "memory"
WRITER_USER = "daemon_user"
OTHER = "other"
WRITER_SECONDS = 4.0  # at least; until the test has run every action twice (at most 60 s)
WRITER_RATE = 50.0
# Patterns the writer never uses: forgotten while it writes.
UNUSED = [("color", f"unused_hue_{i}") for i in range(4)]


def wire(eid: str, user: str, ptype: str, pattern: str, t_ms: int, project: str | None = None) -> Any:
    from creative_memory.model.events import iso

    return validate_event(
        {
            "event_id": eid,
            "user_id": user,
            "project_id": project,
            "signal_type": "explicit_tag",
            "tag": "love this",
            "occurred_at": iso(t_ms),
            "session_id": f"s_{eid}",
            "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
        }
    )


def seed_other(store: Store, blocks: BlockChecker, round_: int) -> int:
    base = now_ms() - 86_400_000
    evs = [
        wire(
            f"other_{round_}_{i}",
            OTHER,
            "layout",
            f"other_pattern_{i % 6}",
            base + i,
            "p_other" if i % 2 else None,
        )
        for i in range(60)
    ]
    return ingest_events(store, evs, default_user=OTHER, now=now_ms(), blocks=blocks).accepted


def byte_count(path: Path, word: bytes) -> int:
    n = 0
    for f in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if f.exists():
            n += f.read_bytes().count(word)
    return n


@pytest.mark.slow
def test_a_concurrent_writer_loses_nothing_and_never_sees_a_lock(
    tmp_path: Path, daemon_store: ModuleType
) -> None:
    data_dir = DataDir(tmp_path / "od data ☕", "flag")  # a path with a space and non-ASCII
    data_dir.path.mkdir(parents=True)
    daemon_store.create(str(data_dir.store))
    config = tmp_path / "config"
    blocks = BlockChecker(SecretStore(config_dir=config, keyring_backend=keyring.backends.fail.Keyring()))
    store = Store.open(data_dir)
    assert store.busy_timeout_s == DEFAULT_BUSY_TIMEOUT_S == 5.0
    try:
        # Before the writer starts: the patterns that will be forgotten, and another user's memory.
        base = now_ms() - 2 * 86_400_000
        evs = [wire(f"unused_{i}", WRITER_USER, *UNUSED[i % len(UNUSED)], base + i) for i in range(40)]
        assert ingest_events(store, evs, default_user=WRITER_USER, now=now_ms(), blocks=blocks).accepted == 40
        assert seed_other(store, blocks, 0) == 60
        blocks.fingerprint("x", "y")  # the install secret exists before two processes need it

        stop_file = tmp_path / "stop-writing"
        out_path = tmp_path / "writer.out"
        err_path = tmp_path / "writer.err"
        with out_path.open("wb") as out, err_path.open("wb") as err:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    str(WRITER),
                    "write",
                    str(data_dir.path),
                    "--seconds",
                    "60",
                    "--stop-file",
                    str(stop_file),
                    "--rate",
                    str(WRITER_RATE),
                    "--config",
                    str(config),
                ],
                stdout=out,
                stderr=err,
                cwd=str(HERE.parents[1]),
            )
        try:
            deadline = time.monotonic() + 60
            while b"ready" not in out_path.read_bytes():
                assert proc.poll() is None, err_path.read_text()
                assert time.monotonic() < deadline, "the writer never became ready"
                time.sleep(0.02)

            actions: collections.Counter[str] = collections.Counter()
            receipts: list[erasure.Receipt] = []
            step = 0
            started = time.monotonic()
            while proc.poll() is None:
                if step >= 16 and time.monotonic() - started >= WRITER_SECONDS:
                    stop_file.touch()  # every action ran twice while the writer wrote: stop it
                    break
                now = now_ms()
                kind = step % 8
                if kind == 0:
                    controls.set_enabled(store, WRITER_USER, False, actor=Actor.GUI, now=now)
                    time.sleep(0.05)
                    controls.set_enabled(store, WRITER_USER, True, actor=Actor.GUI, now=now_ms())
                    actions["toggle"] += 1
                elif kind == 1:
                    controls.pause(store, WRITER_USER, until=None, what="learning", actor=Actor.GUI, now=now)
                    time.sleep(0.05)
                    controls.resume(store, WRITER_USER, what="both", actor=Actor.GUI, now=now_ms())
                    actions["pause"] += 1
                elif kind in (2, 6):
                    target = UNUSED[(actions["forget"]) % len(UNUSED)]
                    receipts.append(
                        forgetting.forget(
                            store,
                            WRITER_USER,
                            [erasure.Target(*target)],
                            blocks=blocks,
                            actor=Actor.GUI,
                            now=now,
                        )
                    )
                    actions["forget"] += 1
                elif kind in (3, 7):
                    pv = preview.compose(
                        store, WRITER_USER, MEMORY_DIR, project_id="wp_1", mode=Mode.GENERATION, now=now
                    )
                    assert pv.outcome.retrieval_id is None  # a preview only looks
                    rec = retrieval.run(
                        store,
                        retrieval.RetrievalRequest(
                            WRITER_USER, project_id="wp_1", now=now, origin=Origin.DAEMON
                        ),
                    )
                    assert rec.retrieval_id is not None  # a recorded one writes beside the other process
                    actions["preview"] += 1
                elif kind == 4:
                    r = reset.reset(store, OTHER, confirm=True, actor=Actor.GUI, now=now)
                    assert r.events_deleted > 0
                    actions["reset"] += 1
                    assert seed_other(store, blocks, step) == 60  # something to reset next time
                else:
                    controls.set_project(
                        store, WRITER_USER, "wp_2", learn_from_project=step % 16 < 8, actor=Actor.GUI, now=now
                    )
                    controls.status(store, WRITER_USER, now)
                    actions["project"] += 1
                step += 1
            rc = proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        output = out_path.read_text(encoding="utf-8").splitlines()
        assert rc == 0, err_path.read_text()

        errors = [line for line in output if line.startswith("error")]
        assert errors == [], f"the writer hit exceptions: {errors[:5]}"
        assert output[0] == "ready" and output[-1] == "done"
        assert "Traceback" not in err_path.read_text()
        for key in ("toggle", "pause", "forget", "preview", "reset"):
            assert actions[key] >= 2, f"the test did not {key} twice while the writer ran: {dict(actions)}"

        accepted = [line.split()[1] for line in output if line.startswith("accepted ")]
        ignored = [line.split()[1:] for line in output if line.startswith("ignored ")]
        projects = [line.split()[1] for line in output if line.startswith("project ")]
        assert len(accepted) >= 20 and len(accepted) + len(ignored) >= WRITER_SECONDS * WRITER_RATE * 0.25, (
            len(accepted),
            collections.Counter(r for _, r in ignored),
            dict(actions),
        )
        assert len(accepted) == len(set(accepted))
        assert all(
            reason in {"memory_disabled", "learning_paused", "project_learning_disabled"}
            for _, reason in ignored
        ), ignored

        with store.read() as s:
            ids = collections.Counter(
                s.scalars(
                    select(Event.event_id).where(
                        Event.user_id == WRITER_USER, Event.event_id.like("w\\_%", escape="\\")
                    )
                )
            )
            status = controls.status_in(s, WRITER_USER, now_ms())
        assert set(ids) == set(accepted), (
            f"missing: {sorted(set(accepted) - set(ids))[:5]}, unexpected: {sorted(set(ids) - set(accepted))[:5]}"
        )
        assert all(n == 1 for n in ids.values())
        assert sum(status.ignored.values()) >= len(ignored)

        con = sqlite3.connect(data_dir.store)
        try:
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            in_table = {r[0] for r in con.execute("SELECT id FROM projects WHERE id LIKE 'wproj_%'")}
        finally:
            con.close()
        assert in_table == set(projects) and len(projects) == len(accepted) + len(ignored)

        # The derived cache of the writer's user is exact (not merely "current").
        derivation.ensure_current(store, WRITER_USER, now_ms())
        with store.read() as s:
            assert cache_state.is_current(s, WRITER_USER)
            cached = sorted(
                (p.scope, p.preference_type, p.pattern, p.polarity, p.accept_count, p.reject_count)
                for p in s.scalars(select(Preference).where(Preference.user_id == WRITER_USER))
            )
        rebuild.rebuild(store, WRITER_USER, now_ms())
        with store.read() as s:
            rebuilt = sorted(
                (p.scope, p.preference_type, p.pattern, p.polarity, p.accept_count, p.reject_count)
                for p in s.scalars(select(Preference).where(Preference.user_id == WRITER_USER))
            )
        assert cached == rebuilt

        # Forgets during the writes were real; a receipt may honestly say "not yet verified" when
        # the writer held a snapshot, and once it is gone a second forget finishes the erasure.
        for r in receipts:
            assert r.verified or r.notes, r.as_json()
        final = forgetting.forget(
            store,
            WRITER_USER,
            [erasure.Target(*t) for t in UNUSED],
            blocks=blocks,
            actor=Actor.GUI,
            now=now_ms(),
        )
        assert final.verified and final.checkpointed and final.occurrences == 0, final.as_json()
        for _t, pattern in UNUSED:
            assert byte_count(data_dir.store, pattern.encode()) == 0
    finally:
        store.close()

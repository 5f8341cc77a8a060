"""The Overview's facts, read with plain SQL: tiers, last event, last injection, switched-off
projects by Open Design's names, whether the daemon's tables are there — and no ORM loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from types import ModuleType

from creative_memory.model.constants import Actor, Origin
from creative_memory.model.tables import Preference, Retrieval
from creative_memory.services.controls import controls
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.overview import SwitchedOff, overview_facts
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

NOW = 1_794_312_000_000  # 2026-11-10T12:00:00Z
USER = "local"


def _events(store: Store, *specs: tuple[str, str | None, str, str]) -> None:
    """(event_id, project_id, occurred_at, pattern) → one thumbs_up event each."""
    text = "".join(
        json.dumps(
            {
                "event_id": eid,
                "signal_type": "thumbs_up",
                "occurred_at": at,
                **({"project_id": pid} if pid else {}),
                "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
            }
        )
        + "\n"
        for eid, pid, at, pattern in specs
    )
    assert ingest_jsonl(store, text, default_user=USER, now=NOW).accepted == len(specs)


def _retrieval(store: Store, at: int, origin: Origin) -> None:
    with store.write() as session:
        session.add(
            Retrieval(
                user_id=USER,
                at=at,
                origin=str(origin),
                mode="normal",
                duration_ms=1.0,
                block_sha256="0" * 64,
            )
        )


def test_an_empty_store_has_nothing_to_show(store: Store) -> None:
    facts = overview_facts(store, USER, NOW)
    assert (facts.tiers, facts.last_event, facts.last_retrieval, facts.switched_off, facts.shared) == (
        {},
        None,
        None,
        [],
        False,
    )
    assert facts.status == controls.status(store, USER, NOW)
    assert queries.overview_facts is overview_facts  # the name the Inspector's module gave it


def test_the_facts_of_a_store_shared_with_open_design(
    tmp_data_dir: DataDir, daemon_store: ModuleType
) -> None:
    tmp_data_dir.path.mkdir(parents=True)
    daemon_store.create(str(tmp_data_dir.store))
    store = Store.open(tmp_data_dir, busy_timeout_s=0.2, lock_budget_s=0.6)
    try:
        _events(
            store,
            ("e1", "p_brand", "2026-11-01T09:00:00Z", "airy_spacing"),
            ("e2", None, "2026-11-04T09:00:00Z", "dense_grid"),
            ("e3", "p_local_only", "2026-11-02T09:00:00Z", "serif_titles"),
        )
        with store.write() as session:  # one record archived: not counted in its tier
            pref = session.query(Preference).filter_by(user_id=USER, pattern="dense_grid").one()
            pref.status = "archived"
        _retrieval(store, NOW - 5000, Origin.DAEMON)
        _retrieval(store, NOW - 3000, Origin.CLI)
        _retrieval(store, NOW - 1000, Origin.SELF_TEST)  # not an injection
        _retrieval(store, NOW - 500, Origin.GUI)  # nor is a Diagnostics run
        controls.set_project(store, USER, "p_deck", use_memory=False, actor=Actor.GUI, now=NOW)
        controls.set_project(store, USER, "p_zz_local", learn_from_project=False, actor=Actor.GUI, now=NOW)
        controls.set_project(store, USER, "p_brand", use_memory=True, actor=Actor.GUI, now=NOW)  # all on
        facts = overview_facts(store, USER, NOW)
        status = controls.status(store, USER, NOW)
        with store.read() as session:
            live = session.query(Preference).filter(
                Preference.user_id == USER, Preference.status != "archived"
            )
            tiers: dict[str, int] = {}
            for p in live:
                tiers[str(p.confidence)] = tiers.get(str(p.confidence), 0) + 1
    finally:
        store.close()
    assert facts.status == status
    assert facts.tiers == tiers and sum(tiers.values()) == 2
    assert facts.last_event == "2026-11-04T09:00:00.000Z"
    assert facts.last_retrieval == "2026-11-10T11:59:57.000Z"  # the CLI's, not the later self-test's
    assert facts.shared is True
    names = {p.id: p.name for p in facts.switched_off}
    assert facts.switched_off[0] == SwitchedOff(
        id="p_deck",
        name=names["p_deck"],
        global_memory_off=False,
        project_memory_off=True,
        learning_off=False,
    )
    assert names["p_deck"] is not None  # Open Design's name for it
    assert facts.switched_off[-1] == SwitchedOff(
        id="p_zz_local", name=None, global_memory_off=False, project_memory_off=False, learning_off=True
    )
    assert [p.id for p in facts.switched_off] == ["p_deck", "p_zz_local"]


def test_reading_the_facts_loads_no_orm(store: Store) -> None:
    probe = (
        "import sys\n"
        "from creative_memory.services.inspection.overview import overview_facts\n"
        "from creative_memory.services.location.datadir import DataDir\n"
        "from creative_memory.services.store.store import Store\n"
        "s = Store.open(DataDir(__import__('pathlib').Path(sys.argv[1]), 'flag'))\n"
        "overview_facts(s, 'local', 0)\n"
        "s.close()\n"
        "print(sorted(m for m in ('sqlalchemy', 'pydantic', 'alembic') if m in sys.modules))\n"
    )
    path = str(store.data_dir.path)
    r = subprocess.run([sys.executable, "-c", probe, path], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "[]", r.stderr

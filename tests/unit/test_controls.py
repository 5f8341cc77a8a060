"""User controls through the services: the master switch, pauses (timed and until resumed), the
per-project switches, the audit trail they leave, and the project list beside the daemon's table."""

from __future__ import annotations

import json
from types import ModuleType

import pytest

from creative_memory.model.constants import Actor
from creative_memory.services.common.clock import FOREVER_MS, parse_duration, parse_instant
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.controls import audit, controls
from creative_memory.services.controls.status import StatusCounts, UntilResumed
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

NOW = 1_794_312_000_000  # 2026-11-10T12:00:00Z
HOUR = 3_600_000
USER = "local"


def audit_log(store: Store, user: str = USER) -> list[audit.AuditEntry]:
    with store.read() as session:
        return list(reversed(audit.entries(session, user, limit=1000)))


def add_events(store: Store, *specs: tuple[str, str | None, str]) -> None:
    """(event_id, project_id, occurred_at) → one thumbs_up event each."""
    text = "".join(
        json.dumps(
            {
                "event_id": eid,
                "signal_type": "thumbs_up",
                "occurred_at": at,
                **({"project_id": pid} if pid else {}),
                "patterns": [
                    {"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}
                ],
            }
        )
        + "\n"
        for eid, pid, at in specs
    )
    rep = ingest_jsonl(store, text, default_user=USER, now=NOW)
    assert rep.accepted == len(specs), rep


# --------------------------------------------------------------------------- master switch
def test_default_status_is_on_and_unpaused(store: Store) -> None:
    s = controls.status(store, USER, NOW)
    assert s.enabled is True
    assert s.learning_paused_until is None and s.using_paused_until is None
    assert s.paused_until_resumed == UntilResumed()
    assert s.counts == StatusCounts()
    assert s.projects_disabled == []
    assert audit_log(store) == [], "reading the status records nothing"


def test_enable_disable_record_who_did_it(store: Store) -> None:
    off = controls.set_enabled(store, USER, False, actor=Actor.GUI, now=NOW)
    assert off.enabled is False
    on = controls.set_enabled(store, USER, True, actor=Actor.CLI, now=NOW + 1)
    assert on.enabled is True
    log = audit_log(store)
    assert [(e.actor, e.action, e.target, e.outcome) for e in log] == [
        ("gui", "disable", "memory", "ok"),
        ("cli", "enable", "memory", "ok"),
    ]
    with store.read() as session:
        gate = controls.using_gate(session, USER, None, NOW)
    assert gate.memory_enabled is True


def test_switches_are_per_user(store: Store) -> None:
    controls.set_enabled(store, "alice", False, actor=Actor.CLI, now=NOW)
    assert controls.status(store, "alice", NOW).enabled is False
    assert controls.status(store, "bob", NOW).enabled is True
    assert audit_log(store, "bob") == []


# --------------------------------------------------------------------------- pause / resume
def test_pause_without_end_lasts_until_resumed(store: Store) -> None:
    s = controls.pause(store, USER, until=None, actor=Actor.GUI, now=NOW)
    assert s.paused_until_resumed == UntilResumed(learning=True, using=True)
    assert s.learning_paused is True and s.using_paused is True
    # Years later it is still paused: nothing ends it but a resume.
    much_later = NOW + 50 * 365 * 24 * HOUR
    later = controls.status(store, USER, much_later)
    assert later.paused_until_resumed == UntilResumed(learning=True, using=True)
    with store.read() as session:
        assert controls.using_gate(session, USER, None, much_later).using_paused is True
        assert controls.learning_gate(session, USER, much_later).reason_for(None) == "learning_paused"
    (entry,) = audit_log(store)
    assert (entry.actor, entry.action, entry.target) == ("gui", "pause", "both until resumed")


def test_resume_learning_only_leaves_using_paused(store: Store) -> None:
    controls.pause(store, USER, until=None, actor=Actor.CLI, now=NOW)
    s = controls.resume(store, USER, what="learning", actor=Actor.GUI, now=NOW + 1)
    assert s.learning_paused_until is None and s.learning_paused is False
    assert s.using_paused is True and s.paused_until_resumed.using is True
    with store.read() as session:
        assert controls.learning_gate(session, USER, NOW + 2).reason_for(None) is None
        assert controls.using_gate(session, USER, None, NOW + 2).using_paused is True
    assert [(e.actor, e.action, e.target) for e in audit_log(store)] == [
        ("cli", "pause", "both until resumed"),
        ("gui", "resume", "learning"),
    ]
    s = controls.resume(store, USER, actor=Actor.CLI, now=NOW + 3)
    assert s.using_paused_until is None and s.learning_paused_until is None


def test_timed_pause_ends_by_itself(store: Store) -> None:
    s = controls.pause(store, USER, until=NOW + HOUR, what="using", actor=Actor.CLI, now=NOW)
    assert s.using_paused_until == "2026-11-10T13:00:00.000Z"
    assert s.learning_paused_until is None
    assert s.paused_until_resumed == UntilResumed()
    assert controls.status(store, USER, NOW + HOUR - 1).using_paused is True
    after = controls.status(store, USER, NOW + HOUR)
    assert after.using_paused_until is None and after.using_paused is False
    with store.read() as session:
        assert controls.using_gate(session, USER, None, NOW + HOUR).using_paused is False
    (entry,) = audit_log(store)
    assert entry.target == "using until 2026-11-10T13:00:00.000Z"


@pytest.mark.parametrize("until", [NOW, NOW - 1, NOW - 24 * HOUR])
def test_pause_end_not_in_the_future_is_refused_and_changes_nothing(store: Store, until: int) -> None:
    with pytest.raises(InvalidInput) as err:
        controls.pause(store, USER, until=until, actor=Actor.CLI, now=NOW)
    assert "future" in str(err.value)
    assert controls.status(store, USER, NOW).learning_paused is False
    assert audit_log(store) == []


def test_pause_end_after_the_year_9999_is_refused(store: Store) -> None:
    """`pause --for 999999w` used to crash while formatting the audit entry (year 21192)."""
    until = NOW + parse_duration("999999w")
    with pytest.raises(InvalidInput) as err:
        controls.pause(store, USER, until=until, actor=Actor.CLI, now=NOW)
    assert "9999" in str(err.value)
    assert audit_log(store) == [] and controls.status(store, USER, NOW).learning_paused is False
    # The last representable moment is still a valid end (it is the "until resumed" sentinel).
    s = controls.pause(store, USER, until=FOREVER_MS, actor=Actor.CLI, now=NOW)
    assert s.paused_until_resumed == UntilResumed(learning=True, using=True)


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("2026-11-10T13:00:00+01:00", NOW),
        ("2026-11-10T12:00:00Z", NOW),
        ("1h", NOW + HOUR),
        ("30m", NOW + HOUR // 2),
        ("2d", NOW + 48 * HOUR),
        ("1w", NOW + 7 * 24 * HOUR),
    ],
)
def test_time_arguments(text: str, ms: int) -> None:
    assert parse_instant(text, NOW) == ms


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("2026-11-10T13:00:00", "time zone"),
        ("tomorrow", "date-time"),
        ("0m", "duration"),
        ("9999-12-31T23:59:59-01:00", "9999"),  # after the year 9999 once in UTC: used to overflow
        ("0001-01-01T00:00:00+01:00", "9999"),
    ],
)
def test_bad_time_arguments_are_invalid_input(text: str, says: str) -> None:
    with pytest.raises(InvalidInput) as err:
        parse_instant(text, NOW)
    assert says in str(err.value)


# --------------------------------------------------------------------------- projects
def test_project_switches_set_only_what_was_asked(store: Store) -> None:
    row = controls.set_project(store, USER, "p_deck", use_memory=False, actor=Actor.CLI, now=NOW)
    assert (row.id, row.use_memory, row.learn_from_project) == ("p_deck", False, True)
    row = controls.set_project(store, USER, "p_nda", learn_from_project=False, actor=Actor.GUI, now=NOW)
    assert (row.use_memory, row.learn_from_project) == (True, False)
    row = controls.set_project(
        store, USER, "p_deck", use_memory=True, learn_from_project=True, actor=Actor.GUI, now=NOW + 1
    )
    assert (row.use_memory, row.learn_from_project) == (True, True)
    assert [(e.actor, e.action, e.target) for e in audit_log(store)] == [
        ("cli", "project", "p_deck: use_memory=off"),
        ("gui", "project", "p_nda: learn=off"),
        ("gui", "project", "p_deck: use_memory=on, learn=on"),
    ]
    s = controls.status(store, USER, NOW)
    assert s.projects_disabled == ["p_nda"]
    with store.read() as session:
        assert controls.using_gate(session, USER, "p_nda", NOW).project_use_memory is True
        gate = controls.learning_gate(session, USER, NOW)
    assert gate.reason_for("p_nda") == "project_learning_disabled"
    assert gate.reason_for("p_deck") is None and gate.reason_for(None) is None


def test_project_using_off_gates_retrieval_of_that_project_only(store: Store) -> None:
    controls.set_project(store, USER, "p_deck", use_memory=False, actor=Actor.CLI, now=NOW)
    with store.read() as session:
        assert controls.using_gate(session, USER, "p_deck", NOW).project_use_memory is False
        assert controls.using_gate(session, USER, "p_brand", NOW).project_use_memory is True
        assert controls.using_gate(session, USER, None, NOW).project_use_memory is True


@pytest.mark.parametrize("bad", ["", "p 1", "p/../x", "x" * 129])
def test_invalid_project_id_is_refused(store: Store, bad: str) -> None:
    with pytest.raises(InvalidInput):
        controls.set_project(store, USER, bad, use_memory=False, actor=Actor.CLI, now=NOW)
    assert audit_log(store) == []


@pytest.fixture
def daemon_dir(tmp_data_dir: DataDir, daemon_store: ModuleType) -> DataDir:
    tmp_data_dir.path.mkdir(parents=True)
    daemon_store.create(str(tmp_data_dir.store))
    return tmp_data_dir


def test_project_list_merges_daemon_names_with_event_projects(
    daemon_dir: DataDir, daemon_store: ModuleType
) -> None:
    path = str(daemon_dir.store)
    before = daemon_store.digest(path)
    store = Store.open(daemon_dir, busy_timeout_s=0.2, lock_budget_s=0.6)
    try:
        add_events(
            store,
            ("e1", "p_brand", "2026-11-01T09:00:00Z"),
            ("e2", "p_brand", "2026-11-03T09:00:00Z"),
            ("e3", "p_local_only", "2026-11-02T09:00:00Z"),
            ("e4", None, "2026-11-04T09:00:00Z"),
        )
        controls.set_project(store, USER, "p_deck", use_memory=False, actor=Actor.GUI, now=NOW)
        controls.set_project(
            store, USER, "p_settings_only", learn_from_project=False, actor=Actor.GUI, now=NOW
        )
        rows = {r.id: r for r in controls.projects(store, USER)}
    finally:
        store.close()
    assert set(rows) == {"p_brand", "p_nda", "p_deck", "p_café", "p_local_only", "p_settings_only"}
    assert rows["p_brand"].name == "Brand refresh — Q3"
    assert rows["p_café"].name == "Café menu ☕"
    assert rows["p_brand"].in_daemon is True and rows["p_local_only"].in_daemon is False
    assert rows["p_local_only"].name is None
    assert rows["p_brand"].last_activity == "2026-11-03T09:00:00.000Z"
    assert rows["p_brand"].events == 2 and rows["p_brand"].preferences == 1
    assert rows["p_local_only"].preferences == 1
    assert rows["p_nda"].last_activity is None and rows["p_nda"].preferences == 0
    assert (rows["p_deck"].use_memory, rows["p_deck"].learn_from_project) == (False, True)
    assert (rows["p_settings_only"].use_memory, rows["p_settings_only"].learn_from_project) == (
        True,
        False,
    )
    assert daemon_store.digest(path) == before, "the daemon's tables were changed"


def test_project_list_without_a_daemon_table(store: Store) -> None:
    add_events(store, ("e1", "p_x", "2026-11-01T09:00:00Z"))
    (row,) = controls.projects(store, USER)
    assert row.id == "p_x" and row.name is None and row.in_daemon is False


def test_project_list_survives_an_unexpected_daemon_schema(tmp_data_dir: DataDir) -> None:
    import sqlite3

    tmp_data_dir.path.mkdir(parents=True)
    con = sqlite3.connect(tmp_data_dir.store)
    con.execute("CREATE TABLE projects (uuid TEXT PRIMARY KEY, title TEXT)")
    con.execute("INSERT INTO projects VALUES ('p_1', 'One')")
    con.commit()
    con.close()
    store = Store.open(tmp_data_dir, busy_timeout_s=0.2, lock_budget_s=0.6)
    try:
        add_events(store, ("e1", "p_x", "2026-11-01T09:00:00Z"))
        assert [r.id for r in controls.projects(store, USER)] == ["p_x"]
    finally:
        store.close()

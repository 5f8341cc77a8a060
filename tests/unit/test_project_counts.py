"""The Projects list's counts kept between reads (services/controls/project_counts.py, decision 0058) are
always those of a full count: after appends, our own forget, and another program's delete or edit
behind our back — whether or not a derivation has consumed the change log meanwhile."""

from __future__ import annotations

import json
import sqlite3

from creative_memory.model.constants import Actor
from creative_memory.services.controls import controls, project_counts
from creative_memory.services.derivation import derivation
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.store.store import Store, raw_connection

NOW = 1_794_312_000_000  # 2026-11-10T12:00:00Z
USER = "local"


def add(
    store: Store,
    first: int,
    count: int,
    *,
    projects: tuple[str | None, ...] = ("p_a", "p_b", None),
    pattern: str = "airy_spacing",
) -> None:
    lines = [
        json.dumps(
            {
                "event_id": f"e{n}",
                "signal_type": "thumbs_up",
                "occurred_at": f"2026-11-{1 + n % 9:02d}T09:{n % 60:02d}:00Z",
                **({"project_id": p} if (p := projects[n % len(projects)]) else {}),
                "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
            }
        )
        for n in range(first, first + count)
    ]
    rep = ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW)
    assert rep.accepted == count, rep


def full_counts(store: Store) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    """What the list said before decision 0058: a GROUP BY over every event and preference row."""
    con = sqlite3.connect(store.path)
    try:
        events = {
            str(p): (int(last), int(n))
            for p, last, n in con.execute(
                "SELECT project_id, max(occurred_at), count(*) FROM creative_memory_events "
                "WHERE user_id = ? AND project_id IS NOT NULL GROUP BY project_id",
                (USER,),
            )
        }
        prefs = {
            str(p): int(n)
            for p, n in con.execute(
                "SELECT project_id, count(*) FROM creative_memory_preferences "
                "WHERE user_id = ? AND project_id IS NOT NULL GROUP BY project_id",
                (USER,),
            )
        }
    finally:
        con.close()
    return events, prefs


def listed(store: Store) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    """The counts as the Projects list reads them (with the store's kept counts)."""
    with store.read() as session:
        con = raw_connection(session)
        return project_counts.project_activity(con, USER, store.memo), project_counts.preference_counts(
            con, USER
        )


def kept(store: Store) -> project_counts.KeptActivity:
    value = store.memo[("project_activity", USER)]
    assert isinstance(value, project_counts.KeptActivity)
    return value


def test_counts_kept_between_reads_follow_appended_events(store: Store) -> None:
    add(store, 0, 30)
    assert listed(store) == full_counts(store)
    first = kept(store)
    add(store, 30, 7, projects=("p_b", "p_c"))  # a new project, and later events of an old one
    assert listed(store) == full_counts(store)
    assert kept(store).max_seq > first.max_seq and kept(store).upto == 37
    assert listed(store)[0]["p_c"][1] == 3  # e31, e33, e35


def test_our_forget_is_counted_again(store: Store, blocks: BlockChecker) -> None:
    add(store, 0, 20)
    add(store, 20, 6, pattern="dense_grid")
    assert listed(store) == full_counts(store)
    forgetting.forget(
        store, USER, [erasure.Target("layout", "dense_grid")], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    add(store, 26, 3)  # and some more after it: the kept count must not simply add them
    assert listed(store) == full_counts(store)
    assert sum(n for _last, n in listed(store)[0].values()) == 16  # 14 + 2 new; the 4 forgotten are gone


def test_another_programs_delete_and_edit_are_counted_again(store: Store) -> None:
    add(store, 0, 30)
    assert listed(store) == full_counts(store)
    con = sqlite3.connect(store.path)
    with con:
        con.execute("DELETE FROM creative_memory_events WHERE event_id = 'e4'")
    con.close()
    assert listed(store) == full_counts(store)  # the change log says so
    con = sqlite3.connect(store.path)
    with con:
        con.execute("DELETE FROM creative_memory_events WHERE event_id = 'e7'")
    con.close()
    derivation.ensure_current(store, USER, NOW)  # folds the change in and empties the log
    add(store, 30, 2)
    assert listed(store) == full_counts(store)  # fewer events up to the kept seq


def test_an_edit_folded_in_before_the_read_is_seen_within_full_every_reads(store: Store) -> None:
    """An update behind our back keeps the count; when a derivation has emptied the log before the
    list reads, only the periodic full count sees it."""
    add(store, 0, 30)
    assert listed(store) == full_counts(store)
    con = sqlite3.connect(store.path)
    with con:
        con.execute("UPDATE creative_memory_events SET project_id = 'p_moved' WHERE event_id = 'e9'")
    con.close()
    derivation.ensure_current(store, USER, NOW)
    for _ in range(project_counts.FULL_EVERY):
        events = listed(store)[0]
    assert "p_moved" in events
    assert listed(store) == full_counts(store)


def test_the_project_list_keeps_its_counts_and_reads_the_same(store: Store) -> None:
    add(store, 0, 12)
    rows = controls.projects(store, USER)
    events, prefs = full_counts(store)
    assert {r.id: r.events for r in rows} == {p: n for p, (_last, n) in events.items()}
    assert {r.id: r.preferences for r in rows} == {p: prefs.get(p, 0) for p in events}
    assert ("project_activity", USER) in store.memo
    add(store, 12, 5)
    rows = controls.projects(store, USER)
    events, _prefs = full_counts(store)
    assert {r.id: r.events for r in rows} == {p: n for p, (_last, n) in events.items()}


def test_the_inspectors_project_facet_lists_the_same_projects(store: Store) -> None:
    from creative_memory.services.inspection import queries

    add(store, 0, 12, projects=("p_b", "p_a", None, "p_c"))
    con = sqlite3.connect(store.path)
    try:
        expected = [
            str(p)
            for (p,) in con.execute(
                "SELECT DISTINCT project_id FROM creative_memory_preferences WHERE user_id = ? AND project_id IS NOT NULL "
                "ORDER BY project_id",
                (USER,),
            )
        ]
    finally:
        con.close()
    assert queries.load_facets(store, USER).projects == expected == ["p_a", "p_b", "p_c"]

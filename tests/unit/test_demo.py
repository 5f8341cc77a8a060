"""The demo data generator: deterministic, realistic, the right size, and safe to run twice."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, text

from creative_memory.model.constants import DERIVATION_VERSION, TAG_POLARITY, Actor, Mode, Origin
from creative_memory.model.events import iso
from creative_memory.model.tables import Event, EventPattern, Preference
from creative_memory.services.common.errors import Cancelled, InvalidInput
from creative_memory.services.demo import demo, demo_words
from creative_memory.services.demo.demo import DemoCounts
from creative_memory.services.derivation import event_content
from creative_memory.services.forget.erasure import Target
from creative_memory.services.forget.forgetting import forget
from creative_memory.services.ingest import ingest
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store

DAY = 86_400_000
NOW = 1_780_000_000_000  # 2026-05-28T20:26:40Z
SEED = 3
USER = "local"

pytestmark = pytest.mark.timeout(120)


def _open(path: Path) -> Store:
    return Store.open(DataDir(path, "flag"), busy_timeout_s=0.2, lock_budget_s=0.6)


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Size S generated three times: twice with the same seed, once with another."""
    opened: list[Store] = []
    out: dict[str, Any] = {}
    for name, seed in (("a", SEED), ("b", SEED), ("c", SEED + 1)):
        st = _open(tmp_path_factory.mktemp(f"demo-{name}"))
        opened.append(st)
        calls: list[tuple[int, int]] = []
        out[name] = st
        out[f"{name}_result"] = demo.generate(
            st, USER, size="S", seed=seed, now=NOW, progress=lambda d, t, c=calls: c.append((d, t))
        )
        out[f"{name}_progress"] = calls
    yield out
    for st in opened:
        st.close()


def _rows(st: Store, sql: str) -> list[tuple[Any, ...]]:
    with st.read() as s:
        return [tuple(r) for r in s.execute(text(sql)).all()]


EVENTS_SQL = "SELECT * FROM creative_memory_events ORDER BY seq"
PATTERNS_SQL = (
    "SELECT seq, user_id, scope, preference_type, pattern, polarity, role FROM creative_memory_event_patterns "
    "ORDER BY seq, role, preference_type, pattern"
)
PREFS_SQL = (
    "SELECT user_id, scope, project_id, preference_type, pattern, polarity, strength, confidence, status, "
    "decay_at, sources, explicit_tags, accept_count, reject_count, pairwise_count, first_seen, last_seen, "
    "reversal_signals, shadow_of, demoted_by, decay_count, last_seq, derivation_version, cache_key, "
    "evaluated_at, last_injected_at, state FROM creative_memory_preferences "
    "ORDER BY user_id, scope, preference_type, pattern, polarity"
)


# --------------------------------------------------------------------------- determinism
def test_same_seed_gives_identical_events_and_preferences(stores: dict[str, Any]) -> None:
    a, b = stores["a"], stores["b"]
    assert stores["a_result"] == stores["b_result"]
    assert _rows(a, EVENTS_SQL) == _rows(b, EVENTS_SQL)
    assert _rows(a, PATTERNS_SQL) == _rows(b, PATTERNS_SQL)
    prefs = _rows(a, PREFS_SQL)
    assert prefs and prefs == _rows(b, PREFS_SQL)


def test_another_seed_gives_other_data(stores: dict[str, Any]) -> None:
    a, c = stores["a"], stores["c"]
    payloads_a = {r[0] for r in _rows(a, "SELECT payload FROM creative_memory_events")}
    payloads_c = {r[0] for r in _rows(c, "SELECT payload FROM creative_memory_events")}
    assert payloads_a != payloads_c
    assert _rows(a, PREFS_SQL) != _rows(c, PREFS_SQL)
    assert _rows(c, "SELECT min(event_id) FROM creative_memory_events")[0][0].startswith(f"demo-{SEED + 1}-")


# --------------------------------------------------------------------------- size and shape
def test_size_s_lands_on_the_targets(stores: dict[str, Any]) -> None:
    st, res = stores["a"], stores["a_result"]
    want_prefs, want_events = demo.expected("S")
    with st.read() as s:
        n_events = s.scalar(select(func.count()).select_from(Event).where(Event.user_id == USER))
        n_prefs = s.scalar(select(func.count()).select_from(Preference).where(Preference.user_id == USER))
        projects = s.scalar(select(func.count(func.distinct(Event.project_id))))
    assert res == DemoCounts(events=n_events, preferences=n_prefs, projects=projects)
    assert abs(n_events - want_events) <= 0.1 * want_events
    assert abs(n_prefs - want_prefs) <= 0.1 * want_prefs
    assert projects == demo.SIZES["S"][2]


def test_vocabulary_polarities_lifecycle_and_signals(stores: dict[str, Any]) -> None:
    st = stores["a"]
    types = {r[0] for r in _rows(st, "SELECT DISTINCT preference_type FROM creative_memory_preferences")}
    assert types == set(demo_words.TYPES)
    polarities = Counter(
        dict(_rows(st, "SELECT polarity, count(*) FROM creative_memory_preferences GROUP BY 1"))
    )
    assert polarities["positive"] > polarities["negative"] > 0
    status = dict(_rows(st, "SELECT status, count(*) FROM creative_memory_preferences GROUP BY 1"))
    assert status.get("archived", 0) > 0 and status.get("under_review", 0) > 0 and status["stable"] > 0
    tiers = dict(_rows(st, "SELECT confidence, count(*) FROM creative_memory_preferences GROUP BY 1"))
    assert {"low", "medium", "high"} <= set(tiers)
    assert _rows(st, "SELECT count(*) FROM creative_memory_preferences WHERE shadow_of IS NOT NULL")[0][0] > 0
    assert _rows(st, "SELECT count(*) FROM creative_memory_preferences WHERE decay_count > 0")[0][0] > 0
    assert _rows(st, "SELECT count(*) FROM creative_memory_preferences WHERE scope = 'global'")[0][0] > 0
    assert _rows(st, "SELECT count(DISTINCT derivation_version) FROM creative_memory_preferences") == [(1,)]
    assert _rows(st, "SELECT derivation_version FROM creative_memory_preferences LIMIT 1") == [
        (DERIVATION_VERSION,)
    ]

    signals = Counter(dict(_rows(st, "SELECT signal_type, count(*) FROM creative_memory_events GROUP BY 1")))
    total = sum(signals.values())
    for sig in (
        "thumbs_up",
        "thumbs_down",
        "repeated_acceptance",
        "single_rejection",
        "manual_refinement",
        "explicit_tag",
        "abandoned_generation",
        "revert_after_edit",
        "pairwise_comparison",
    ):
        assert signals[sig] > 0, sig
    thumbs_and_acceptance = signals["thumbs_up"] + signals["thumbs_down"] + signals["repeated_acceptance"]
    assert thumbs_and_acceptance + signals["single_rejection"] > total / 2
    assert signals["abandoned_generation"] + signals["revert_after_edit"] < total / 5
    assert 0.01 * total < signals["pairwise_comparison"] < 0.1 * total
    assert "legacy_snapshot" not in signals


def test_sessions_scopes_times_and_ids(stores: dict[str, Any]) -> None:
    st = stores["a"]
    sizes = [r[0] for r in _rows(st, "SELECT count(*) FROM creative_memory_events GROUP BY session_id")]
    assert min(sizes) >= 3 and max(sizes) <= 30
    # A session stays in one project (or none).
    assert _rows(
        st,
        "SELECT count(*) FROM (SELECT session_id FROM creative_memory_events GROUP BY session_id "
        "HAVING count(DISTINCT coalesce(project_id, '')) > 1)",
    ) == [(0,)]
    in_project = dict(
        _rows(
            st,
            "SELECT scope = 'global', count(*) FROM creative_memory_events WHERE project_id IS NOT NULL "
            "GROUP BY 1",
        )
    )
    share_global = in_project[1] / (in_project[0] + in_project[1])
    assert 0.05 < share_global < 0.15
    assert _rows(
        st, "SELECT count(*) FROM creative_memory_events WHERE project_id IS NULL AND scope != 'global'"
    ) == [(0,)]
    lo, hi = _rows(st, "SELECT min(occurred_at), max(occurred_at) FROM creative_memory_events")[0]
    assert lo >= NOW - 401 * DAY and hi <= NOW and hi > NOW - 10 * DAY
    ids = [r[0] for r in _rows(st, "SELECT event_id FROM creative_memory_events")]
    assert sorted(ids) == sorted(f"demo-{SEED}-{n}" for n in range(len(ids)))
    assert _rows(st, "SELECT DISTINCT source FROM creative_memory_events") == [("demo",)]
    assert {r[0] for r in _rows(st, "SELECT DISTINCT project_id FROM creative_memory_events")} >= {
        None,
        "p_brand_refresh",
        "p_investor_deck",
        "p_cafe_menu",
    }
    # Some tastes went idle long ago: the last signal of some records is > 180 and 90-180 days old.
    idle = _rows(
        st,
        f"SELECT sum(last_seen < {NOW - 180 * DAY}), sum(last_seen BETWEEN {NOW - 180 * DAY} AND {NOW - 90 * DAY}) "
        "FROM creative_memory_preferences",
    )[0]
    assert idle[0] > 0 and idle[1] > 0


def _wire(row: Any) -> dict[str, Any]:
    """A stored event row back in the wire shape a host would send (store.md)."""
    payload = json.loads(row.payload)
    out: dict[str, Any] = {
        "event_id": row.event_id,
        "user_id": row.user_id,
        "project_id": row.project_id,
        "signal_type": row.signal_type,
        "occurred_at": iso(row.occurred_at),
        "session_id": row.session_id,
        "artifact_id": row.artifact_id,
        "patterns": payload["patterns"],
    }
    if row.project_id is not None and row.scope == "global":
        out["scope"] = "global"
    for key in ("tag", "diff", "chose", "over"):
        if key in payload:
            out[key] = payload[key]
    return out


def test_every_event_is_what_ingest_would_store_for_its_wire_form(stores: dict[str, Any]) -> None:
    """Each row validates as a wire event (valid tags matching polarity, ids, pairwise sides) and
    has exactly the payload text and content hash that the ingest path computes."""
    st = stores["a"]
    with st.read() as s:
        rows = s.execute(select(Event)).scalars().all()
    for row in rows:
        ev = ingest.validate_event(_wire(row))
        assert ev.effective_scope == row.scope
        assert ev.occurred_ms == row.occurred_at
        payload = ingest.payload_of(ev, ev.effective_scope, ev.patterns, ev.diff)
        assert event_content.canonical(payload) == row.payload
        hash_input = {
            c: getattr(row, c)
            for c in (
                "user_id",
                "project_id",
                "signal_type",
                "occurred_at",
                "session_id",
                "artifact_id",
                "scope",
                "payload",
            )
        }
        assert event_content.content_hash(hash_input) == row.content_hash
        if ev.tag is not None:
            assert all(p.polarity is TAG_POLARITY[ev.tag] for p in ev.patterns)
        if ev.diff is not None:
            assert ingest.redact(ev.diff) == ev.diff


def test_rows_equal_those_insert_event_rows_writes(stores: dict[str, Any], tmp_path: Path) -> None:
    """The generator's own fast insert writes what services.ingest.ingest.insert_event_rows writes."""
    src = stores["a"]
    cols = [c.name for c in Event.__table__.columns if c.name not in ("seq", "content_hash")]
    with src.read() as s:
        picked = s.execute(select(Event).where(Event.seq % 7 == 0).order_by(Event.seq)).scalars().all()
    rows = [{c: getattr(e, c) for c in cols} for e in picked]
    other = _open(tmp_path / "ingest")
    try:
        with other.write() as s:
            ingest.insert_event_rows(s, rows)

        def by_id(st: Store, where: str) -> dict[str, tuple[Any, ...]]:
            sql = f"SELECT * FROM creative_memory_events {where}"
            with st.read() as s:
                return {r.event_id: tuple(r)[1:] for r in s.execute(text(sql))}

        def patterns(st: Store, where: str) -> list[tuple[Any, ...]]:
            sql = (
                "SELECT e.event_id, p.user_id, p.scope, p.preference_type, p.pattern, p.polarity, p.role "
                f"FROM creative_memory_event_patterns p JOIN creative_memory_events e ON e.seq = p.seq {where} "
                "ORDER BY 1, 7, 4, 5, 6"
            )
            return _rows(st, sql)

        where = "WHERE e.seq % 7 = 0"
        assert by_id(other, "") == by_id(src, "WHERE seq % 7 = 0")
        assert patterns(other, "") == patterns(src, where)
        with src.read() as s:
            assert s.scalar(select(func.count()).select_from(EventPattern)) > len(rows)
    finally:
        other.close()


def test_progress_is_monotonic_and_completes(stores: dict[str, Any]) -> None:
    calls = stores["a_progress"]
    assert len(calls) >= 3
    dones = [d for d, _ in calls]
    assert dones == sorted(dones)
    assert len({t for _, t in calls}) == 1
    assert calls[-1][0] == calls[-1][1]


# --------------------------------------------------------------------------- refusals
def test_second_run_with_the_same_seed_is_refused_and_changes_nothing(stores: dict[str, Any]) -> None:
    st = stores["a"]
    before = (
        _rows(st, "SELECT count(*), max(seq), sum(length(payload)) FROM creative_memory_events"),
        _rows(st, PREFS_SQL),
    )
    with pytest.raises(
        InvalidInput, match=f"already holds demo data for seed {SEED}; reset first or pick another"
    ):
        demo.generate(st, USER, size="S", seed=SEED, now=NOW + DAY)
    with pytest.raises(InvalidInput, match="Another user"):
        demo.generate(st, "someone_else", size="S", seed=SEED, now=NOW)
    after = (
        _rows(st, "SELECT count(*), max(seq), sum(length(payload)) FROM creative_memory_events"),
        _rows(st, PREFS_SQL),
    )
    assert after == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"size": "XL"}, "not a demo size"),
        ({"seed": -1}, "not a seed"),
        ({"user": "no spaces please"}, "not a user id"),
        ({"user": "local\n"}, "not a user id"),
    ],
)
def test_bad_arguments_are_refused(store: Store, kwargs: dict[str, Any], message: str) -> None:
    user = kwargs.pop("user", USER)
    with pytest.raises(InvalidInput, match=message):
        demo.generate(store, user, now=NOW, **kwargs)
    assert _rows(store, "SELECT count(*) FROM creative_memory_events") == [(0,)]


def test_cancelling_removes_what_was_written(store: Store) -> None:
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)

    with pytest.raises(Cancelled, match="cancelled"):
        demo.generate(store, USER, size="S", seed=9, now=NOW, progress=progress, cancelled=lambda: bool(seen))
    assert _rows(store, "SELECT count(*) FROM creative_memory_events") == [(0,)]
    assert _rows(store, "SELECT count(*) FROM creative_memory_event_patterns") == [(0,)]
    assert _rows(store, "SELECT count(*) FROM creative_memory_preferences") == [(0,)]
    # A later run with that seed is allowed (nothing of it is left).
    assert demo.demo_owner(store, 9) is None


# --------------------------------------------------------------------------- works with the rest
def test_blocked_patterns_are_not_generated_and_demo_data_serves_and_forgets(
    store: Store, tmp_path: Path
) -> None:
    blocks = BlockChecker(SecretStore(config_dir=tmp_path / "config"))
    with store.write() as s:
        blocks.block(s, USER, "typography", "serif_headlines", NOW)
    res = demo.generate(store, USER, size="S", seed=5, now=NOW, blocks=blocks)
    assert res.events > 0
    named = "SELECT count(*) FROM creative_memory_event_patterns WHERE pattern = '{}'"
    assert _rows(store, named.format("serif_headlines")) == [(0,)]
    assert _rows(store, named.format("drop_shadows")) != [(0,)]

    # Outside any project the data gives a useful block with both polarities.
    out = retrieval.run(
        store,
        retrieval.RetrievalRequest(
            USER,
            project_id=None,
            now=NOW,
            mode=Mode.GENERATION,
            origin=Origin.PREVIEW,
            dry_run=True,
        ),
    )
    assert out.result.positives and out.result.negatives
    assert out.block.startswith("## Creative memory")
    assert "Prefer (" in out.block and "Avoid (" in out.block

    # Forgetting a demo pattern everywhere is verified (diff texts mention patterns too).
    receipt = forget(
        store, USER, [Target("spacing", "airy_spacing")], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    assert receipt.verified, receipt.as_json()
    assert receipt.preferences > 0 and receipt.events_rewritten + receipt.events_deleted > 0


def test_a_busy_project_still_gets_a_block(stores: dict[str, Any]) -> None:
    """The flagship project has many strong records; its override line must not eat the budget."""
    out = retrieval.run(
        stores["a"],
        retrieval.RetrievalRequest(
            USER,
            project_id="p_brand_refresh",
            now=NOW,
            mode=Mode.GENERATION,
            origin=Origin.PREVIEW,
            dry_run=True,
        ),
    )
    assert out.result.project_overrides
    assert out.result.positives or out.result.negatives
    assert out.block != ""


def test_a_store_locked_by_another_writer_fails_cleanly(store: Store) -> None:
    """Another program holds the write lock throughout: a clear StoreLocked, no hang, nothing left."""
    from creative_memory.services.common.errors import StoreLocked

    with store.raw() as other:
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreLocked, match="busy"):
                demo.generate(store, USER, size="S", seed=11, now=NOW)
        finally:
            other.execute("ROLLBACK")
    assert _rows(store, "SELECT count(*) FROM creative_memory_events") == [(0,)]


def test_wire_events_stream_the_same_data_set(stores: dict[str, Any]) -> None:
    streamed = list(demo.wire_events(USER, size="S", seed=SEED, now=NOW, limit=400))
    assert len(streamed) == 400
    with stores["a"].read() as s:
        stored = {e.event_id: _wire(e) for e in s.execute(select(Event).where(Event.seq <= 2000)).scalars()}
    assert all(w == stored[w["event_id"]] for w in streamed)
    assert [ingest.validate_event(w).occurred_ms for w in streamed] == sorted(
        ingest.validate_event(w).occurred_ms for w in streamed
    )

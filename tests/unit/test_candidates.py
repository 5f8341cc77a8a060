"""The bounded candidate read (services/retrieval/candidates.py) gives the same retrieval as reading every record.

Random preference tables (many ties, records due to decay or archive at ``now``, globals hidden by
project records of any status, groups deeper than the engine's rank depth) are written to a real
store the way derivation writes them; the retrieval from ``candidates.load`` and the one from
every record's fold state must agree on the block, the kept records and every stage event.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import delete, insert

from creative_memory.model.constants import Mode, Polarity, Status, Tier, tier_for
from creative_memory.model.records import PrefState, RetrievalResult
from creative_memory.model.tables import Preference
from creative_memory.services.derivation.derivation import pref_row
from creative_memory.services.engine.block import build_block
from creative_memory.services.engine.retrieve import RANK_DEPTH, Gates, NeedDeeper, retrieve, scope_switches
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import candidates as candidates_module
from creative_memory.services.retrieval.candidates import load
from creative_memory.services.retrieval.retrieval import bounded_retrieve, raw_connection
from creative_memory.services.retrieval.retrieval import candidates as every_record
from creative_memory.services.retrieval.retrieval_memo import forget as forget_results
from creative_memory.services.store.store import Store

DAY = 86_400_000
T0 = 1_767_225_600_000
USER = "local"
TYPES = ["layout", "color", "typography", "tone", "imagery", "spacing", "motion", "iconography"]
STRENGTHS = [0.1, 0.35, 0.39, 0.4, 0.5, 0.5, 0.55, 0.65, 0.7, 0.8, 0.9, 1.0, 1.0]


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    s = Store.open(DataDir(tmp_path_factory.mktemp("cand") / "od", "flag"))
    try:
        yield s
    finally:
        s.close()


def _random_state(
    rng: random.Random, scope: str, ptype: str, pattern: str, polarity: str, strong_negatives: bool = False
) -> PrefState:
    strength = rng.choice(STRENGTHS)
    if strong_negatives:  # negatives saturate the top, positives trail (the polarity stages work)
        strength = (
            rng.choice([0.9, 1.0, 1.0]) if polarity == "negative" else rng.choice([0.45, 0.5, 0.6, 0.7])
        )
    last_seen = T0 + rng.randrange(0, 200) * DAY
    status = rng.choice([Status.STABLE] * 6 + [Status.UNDER_REVIEW, Status.ARCHIVED])
    confidence = tier_for(strength) if rng.random() < 0.85 else Tier.LOW
    return PrefState(
        scope=scope,
        preference_type=ptype,
        pattern=pattern,
        polarity=Polarity(polarity),
        strength=strength,
        confidence=confidence,
        status=status,
        decay_at=last_seen + rng.choice([30, 90, 90, 90]) * DAY,
        first_seen=last_seen - DAY,
        last_seen=last_seen,
        as_of=last_seen,
        accept_count=rng.randrange(0, 5),
        # Where the fold created it: first-seen order breaks ties (decision 0022). Few distinct
        # values, so that equal times, equal sequence numbers and even equal positions (the key
        # decides) all occur among records of equal strength.
        created_at=T0 + rng.randrange(0, 3) * DAY,
        created_seq=rng.randrange(1, 6),
        created_item=rng.randrange(0, 4),
        # Derivation version 2: a record built only from unary evidence is provisional (at most
        # 0.65); the kept events say so, and the bounded read must carry the mark (decision 0021).
        provisional=strength <= 0.65 and rng.random() < 0.4,
    )


def _fill(store: Store, rng: random.Random, saturated: bool = False) -> int:
    """Random records; returns the latest evaluation time written (``now`` must not precede it).

    ``saturated``: shaped like a long-used store (the L demo store): many types, and strong
    negatives that fill the top and the overflow while positives trail, so every backfill scans
    far past what a shallow read holds.
    """
    scopes = ["global", "project:p1", "project:p2"]
    n_patterns = rng.choice([30, 60]) if saturated else rng.choice([8, 30, 60])
    records: dict[tuple[str, str, str, str], PrefState] = {}
    for _ in range(rng.choice([300, 600]) if saturated else rng.choice([40, 150, 400])):
        scope = rng.choice([*scopes, "global"])  # globals twice as likely
        ptype = rng.choice(TYPES if saturated else TYPES[: rng.choice([1, 2, 4])])
        key = (
            scope,
            ptype,
            f"pat_{rng.randrange(n_patterns)}",
            rng.choice(["positive", "negative", "positive"]),
        )
        records[key] = _random_state(rng, *key, strong_negatives=saturated and rng.random() < 0.8)
    evaluated_at = T0 + rng.randrange(150, 260) * DAY
    with store.write() as session:
        session.execute(delete(Preference))
        rows = [pref_row(st, USER, evaluated_at, "k", None) for st in records.values()]
        session.execute(insert(Preference), rows)
    return evaluated_at


def _view(res: RetrievalResult, mode: Any) -> dict[str, Any]:
    def recs(xs: tuple[PrefState, ...]) -> list[tuple[Any, ...]]:
        return [(r.key, r.strength, r.confidence, r.status) for r in xs]

    return {
        "positives": recs(res.positives),
        "negatives": recs(res.negatives),
        "overrides": recs(res.project_overrides),
        "events": [(e.type, e.stage, e.preference_key, e.trace, e.fields) for e in res.events],
        "empty": res.empty_reason,
        "block": build_block(res, mode),
        # Ties keep first-seen order in every block mode (decision 0022), the bounded read included.
        "blocks": [build_block(res, m) for m in Mode],
    }


def _both(
    store: Store,
    project: str | None,
    now: int,
    types: list[str] | None,
    gates: Gates | None = None,
    memo: dict[object, object] | None = None,
) -> tuple[dict[str, Any], dict[str, Any], int]:
    """The bounded retrieval, the one over every record, and how many records the first read.
    With ``memo``, also the retrieval that starts from the groups an earlier one read deeper (the
    hint ``bounded_retrieve`` keeps there), twice: the hint only ever adds rows to the read."""
    gates = gates or Gates()
    common: dict[str, Any] = {"project_id": project, "now": now, "preference_types": types, "gates": gates}
    use_global, use_project = scope_switches(gates, project)
    with store.read() as session:
        reader = load(
            raw_connection(session), USER, project, now, types, use_global=use_global, use_project=use_project
        )
        while True:
            c = reader.candidates()
            try:
                fast = retrieve(
                    c.records, excluded=c.excluded, unloaded=c.unloaded, horizons=c.horizons, **common
                )
                break
            except NeedDeeper as more:
                reader.deepen(more.groups)
        assert _view(fast, Mode.GENERATION) == _view(
            bounded_retrieve(session, USER, project, now=now, gates=gates, preference_types=types),
            Mode.GENERATION,
        )
        for _again in range(2 if memo is not None else 0):
            forget_results(memo)  # the hints are under test, not the remembered result (0057)
            hinted = bounded_retrieve(
                session, USER, project, now=now, gates=gates, preference_types=types, memo=memo
            )
            assert _view(hinted, Mode.GENERATION) == _view(fast, Mode.GENERATION)
        everything = every_record(session, USER, project)
    full = retrieve(everything, **common)
    return _view(fast, Mode.GENERATION), _view(full, Mode.GENERATION), len(c.records)


@pytest.mark.parametrize("seed", range(60))
def test_bounded_read_equals_reading_every_record(
    shared_store: Store, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    # A shallow first read makes the stages ask for more often: every deepening path is exercised.
    monkeypatch.setattr(candidates_module, "FIRST_DEPTH", rng.choice([1, 2, 6]))
    evaluated_at = _fill(shared_store, rng)
    memo: dict[object, object] = {}  # one for every question: hints of other questions are kept
    for _ in range(4):
        project = rng.choice([None, "p1", "p2", "p_none"])
        now = evaluated_at + rng.choice([0, 1, 20 * DAY, 95 * DAY, 400 * DAY])
        types = rng.choice([None, None, ["lay"], ["color", "ty"], ["nothing"]])
        # The project switches (decision 0025): global memory off, the project's own memory off.
        gates = rng.choice([Gates()] * 3 + [Gates(project_use_global=False), Gates(project_use_memory=False)])
        fast, full, _n = _both(shared_store, project, now, types, gates, memo)
        assert fast == full, (seed, project, now, types, gates)


@pytest.mark.parametrize("seed", range(40))
def test_bounded_read_equals_reading_every_record_in_saturated_stores(
    shared_store: Store, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every stage's scan runs past shallow reads of many groups: each group the scan passes must
    # be read deeper exactly when a record of it could still change that stage's outcome.
    rng = random.Random(1000 + seed)
    monkeypatch.setattr(candidates_module, "FIRST_DEPTH", rng.choice([1, 2, 3, 6]))
    evaluated_at = _fill(shared_store, rng, saturated=True)
    memo: dict[object, object] = {}
    for _ in range(3):
        project = rng.choice([None, "p1", "p2"])
        now = evaluated_at + rng.choice([0, 1, 95 * DAY])
        types = rng.choice([None, None, None, ["lay", "co"], ["ty", "sp", "mo", "ico"]])
        fast, full, _n = _both(shared_store, project, now, types, memo=memo)
        assert fast == full, (seed, project, now, types)


def test_a_hint_of_how_deep_to_read_each_group_is_kept_and_a_wrong_one_is_harmless(
    shared_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(candidates_module, "FIRST_DEPTH", 1)
    rng = random.Random(7)
    now = _fill(shared_store, rng, saturated=True)
    memo: dict[object, object] = {}
    with shared_store.read() as session:
        first = bounded_retrieve(session, USER, "p1", now=now, gates=Gates(), memo=memo)
        hints = {k: v for k, v in memo.items() if isinstance(k, tuple) and k[0] == "depths"}
        assert len(hints) == 1
        key = next(iter(hints))
        depths = hints[key]
        assert (
            isinstance(depths, dict) and max(depths.values()) > 1
        )  # the saturated store needed deeper reads
        memo[key] = {("project:gone", "positive", "no_such_type"): 9, **depths}  # a group gone since
        forget_results(memo)
        again = bounded_retrieve(session, USER, "p1", now=now, gates=Gates(), memo=memo)
        # A hint too shallow everywhere: the stages ask again, and the hint learns the deeper reads.
        memo[key] = dict.fromkeys(depths, 1)
        forget_results(memo)
        shallow = bounded_retrieve(session, USER, "p1", now=now, gates=Gates(), memo=memo)
        learnt = memo[key]
        assert isinstance(learnt, dict) and any(v > 1 for v in learnt.values())
        # And one too deep: only rows no stage looks at.
        memo[key] = dict.fromkeys(depths, 40)
        forget_results(memo)
        deep = bounded_retrieve(session, USER, "p1", now=now, gates=Gates(), memo=memo)
    for other in (again, shallow, deep):
        assert _view(other, Mode.GENERATION) == _view(first, Mode.GENERATION)


def test_deep_groups_are_read_only_as_deep_as_the_stages_look(shared_store: Store) -> None:
    # 300 eligible globals of one type and polarity: only the strongest RANK_DEPTH are read, and
    # the hard-cap event still counts all of them.
    states = [
        PrefState(
            scope="global",
            preference_type="layout",
            pattern=f"p{i:03d}",
            polarity=Polarity.POSITIVE,
            strength=0.4 + i / 1000,
            confidence=tier_for(0.4 + i / 1000),
            status=Status.STABLE,
            decay_at=T0 + 90 * DAY,
            first_seen=T0,
            last_seen=T0,
            as_of=T0,
        )
        for i in range(300)
    ]
    with shared_store.write() as session:
        session.execute(delete(Preference))
        session.execute(insert(Preference), [pref_row(s, USER, T0, "k", None) for s in states])
    fast, full, loaded = _both(shared_store, None, T0 + DAY, None)
    assert fast == full
    assert loaded < 2 * RANK_DEPTH  # read in doubling steps, not all 300
    (cap,) = [e for e in fast["events"] if e[0] == "hard_cap_applied"]
    assert cap[4]["total_eligible"] == 300 and cap[4]["dropped"] == 280


def test_hidden_globals_in_a_deep_group(shared_store: Store) -> None:
    # The strongest globals of a deep group are hidden by weak, archived project records: they are
    # reported as suppressed, and the globals ranked after them take their places.
    def state(scope: str, pattern: str, strength: float, status: Status = Status.STABLE) -> PrefState:
        return PrefState(
            scope=scope,
            preference_type="layout",
            pattern=pattern,
            polarity=Polarity.POSITIVE,
            strength=strength,
            confidence=tier_for(strength),
            status=status,
            decay_at=T0 + 90 * DAY,
            first_seen=T0,
            last_seen=T0,
            as_of=T0,
        )

    states = [state("global", f"g{i:02d}", 0.99 - i / 100) for i in range(50)]
    states += [state("project:p1", f"g{i:02d}", 0.2, Status.ARCHIVED) for i in range(0, 30, 2)]
    with shared_store.write() as session:
        session.execute(delete(Preference))
        session.execute(insert(Preference), [pref_row(s, USER, T0, "k", None) for s in states])
    fast, full, _n = _both(shared_store, "p1", T0 + DAY, None)
    assert fast == full
    suppressed = [e for e in fast["events"] if e[0] == "project_override_suppression"]
    assert len(suppressed) == 15
    kept = [k[0][2] for k in fast["positives"]]
    assert "g00" not in kept and "g01" in kept


def test_records_evaluated_after_now_come_from_their_fold_state(shared_store: Store) -> None:
    # A what-if in the past: records evaluated later than ``now`` are read from the fold state.
    rng = random.Random(7)
    evaluated_at = _fill(shared_store, rng)
    for project in (None, "p1"):
        for back in (1, 30 * DAY, 120 * DAY):
            fast, full, _n = _both(shared_store, project, evaluated_at - back, None)
            assert fast == full, (project, back)


def test_the_head_of_a_state_text_gives_the_creation_position_and_the_mark() -> None:
    from creative_memory.services.derivation.derivation import state_json
    from creative_memory.services.retrieval.candidate_ties import HEAD_CHARS, parse_head

    st = _random_state(random.Random(3), "global", "layout", "p", "positive")
    from creative_memory.model.events import order_tie

    biggest_tie = order_tie("f" * 64)  # decision 0089: the creating event's order tie
    assert biggest_tie == 10**15 + 2**48 - 1 and len(str(biggest_tie)) == len(str(order_tie("0" * 64))) == 16
    st.created_at, st.created_seq, st.created_item, st.provisional = (
        1_799_999_999_999,
        biggest_tie,
        65_535,
        False,
    )
    text = state_json(st)
    assert parse_head(text[:HEAD_CHARS]) == (1_799_999_999_999, biggest_tie, 65_535, False)
    st.provisional = True
    assert parse_head(state_json(st)[:HEAD_CHARS]) == (1_799_999_999_999, biggest_tie, 65_535, True)
    st.provisional = False
    assert parse_head(state_json(st)[:HEAD_CHARS])[3] is False
    assert parse_head('{"scope":"global"}') == (0, 0, 0, False)  # a state written by older rules


def test_runs_of_ties_in_a_derived_store_before_and_after_a_full_re_derivation(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # A real derivation: tags saturate most patterns at 1.0, so every group's first read ends
    # inside a long run of ties. Events that sort before the stored ones then re-derive
    # everything and move the creation positions; the bounded read must follow.
    import json as _json

    from creative_memory.services.ingest.ingest import ingest_jsonl

    s = Store.open(DataDir(tmp_path_factory.mktemp("kept") / "od", "flag"))
    rng = random.Random(11)

    def tags(prefix: str, start: int, n: int) -> str:
        lines = []
        for i in range(n):
            pol = rng.choice(["positive", "negative"])
            pattern = f"{pol[:3]}_{rng.randrange(40)}"
            lines.append(
                _json.dumps(
                    {
                        "event_id": f"{prefix}{i}",
                        "signal_type": "explicit_tag",
                        "tag": "love this" if pol == "positive" else "too noisy",
                        "occurred_at": f"2026-0{start + i // 600}-0{1 + i % 9}T10:00:00Z",
                        "session_id": f"s{i % 5}",
                        "patterns": [
                            {"preference_type": rng.choice(TYPES[:3]), "pattern": pattern, "polarity": pol}
                        ],
                    }
                )
            )
        return "\n".join(lines)

    try:
        ingest_jsonl(s, tags("a", 5, 900), default_user=USER, now=T0 + 200 * DAY)
        for round_ in range(2):
            for project in (None, "p1"):
                now = T0 + 200 * DAY
                with s.read() as session:
                    fast = bounded_retrieve(session, USER, project, now=now, gates=Gates())
                    full = retrieve(
                        every_record(session, USER, project), project_id=project, now=now, gates=Gates()
                    )
                assert _view(fast, Mode.LEGACY) == _view(full, Mode.LEGACY), (round_, project)
            # Earlier events: a full re-derivation that moves every creation position.
            ingest_jsonl(s, tags("b", 1, 900), default_user=USER, now=T0 + 200 * DAY)
    finally:
        s.close()


def test_row_state_passes_prefstate_fields_in_declaration_order() -> None:
    """``row_state`` builds records positionally: a field added to or moved in ``PrefState`` must
    be placed there too, or records read from rows would carry values in the wrong fields."""
    import dataclasses

    from creative_memory.services.retrieval.candidate_rows import ROW_STATE_FIELDS

    assert tuple(f.name for f in dataclasses.fields(PrefState)) == ROW_STATE_FIELDS

"""What ratings change (decision 0086), on real stores: "not relevant here" lowers a preference in
its project and mode only, "helped" restores it, "too much" narrows that context (with a floor),
each rating counts less as it ages, "missed" is evidence as an explicit tag is, and no rating but
"missed" changes a preference's strength."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from creative_memory.model.constants import Actor, Mode, Origin
from creative_memory.services.engine.context import RATING_HALF_LIFE
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import queries
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import event_reasons, retrieval
from creative_memory.services.retrieval.rating import rate
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_794_312_000_000
DAY = 86_400_000


def _ev(n: int, ptype: str, pattern: str, polarity: str = "positive", signal: str = "manual_refinement",
        project: str | None = None) -> str:  # fmt: skip
    obj = {
        "event_id": f"e{n}",
        "signal_type": signal,
        "occurred_at": f"2026-11-0{1 + n % 7}T10:{n % 60:02d}:00Z",
        "session_id": f"s{n}",
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": polarity}],
    }
    if project:
        obj["project_id"] = project
    if signal == "explicit_tag":
        obj["tag"] = "love this" if polarity == "positive" else "not this"
    return json.dumps(obj)


# Global preferences: airy spacing 0.60, drop shadows (avoid) 0.50, serif headlines 0.50,
# muted palette 0.45 — all injected in every project.
EVENTS = (
    [_ev(i, "layout", "airy_spacing") for i in range(6)]
    + [_ev(10 + i, "effects", "drop_shadows", "negative") for i in range(5)]
    + [_ev(20 + i, "typography", "serif_headlines") for i in range(5)]
    + [_ev(30 + i, "color", "muted_palette") for i in range(2)]
    + [_ev(40 + i, "color", "muted_palette", signal="thumbs_up") for i in range(5)]
)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store.open(DataDir(tmp_path / "od", "flag"))
    assert ingest_jsonl(s, "\n".join(EVENTS), default_user=USER, now=NOW).accepted == len(EVENTS)
    yield s
    s.close()


def _run(store: Store, project: str | None = "p1", mode: Mode = Mode.GENERATION, now: int = NOW,
         dry_run: bool = False) -> retrieval.RetrievalOutcome:  # fmt: skip
    return retrieval.run(
        store,
        retrieval.RetrievalRequest(
            USER, project_id=project, now=now, mode=mode, origin=Origin.CLI, dry_run=dry_run
        ),
    )


def _kept(outcome: retrieval.RetrievalOutcome) -> set[str]:
    return {r.pattern for r in (*outcome.result.positives, *outcome.result.negatives)}


def _strengths(store: Store) -> dict[tuple[str, str], float]:
    with store.read() as session:
        rows = queries.inspect(session, USER, scope="all", status="all", limit=1000)
    return {(p.scope, p.pattern): p.strength for p in rows}


def _not_relevant(store: Store, rid: int, ptype: str, pattern: str, now: int = NOW) -> None:
    rate(store, USER, rid, "not_relevant", preference_type=ptype, pattern=pattern, now=now, actor=Actor.CLI)


def test_not_relevant_lowers_a_preference_in_its_project_and_mode_only(store: Store) -> None:
    before = _strengths(store)
    first = _run(store)
    assert _kept(first) == {"airy_spacing", "drop_shadows", "serif_headlines", "muted_palette"}
    rid = first.retrieval_id
    assert rid is not None
    _not_relevant(store, rid, "typography", "serif_headlines", NOW + 1)
    here = _run(store, now=NOW + 2, dry_run=True)
    assert "serif_headlines" not in _kept(here)  # 0.50 x 0.5 = 0.25: below the threshold here
    (event,) = [e for e in here.result.events if e.type == "rated_not_relevant"]
    assert event.fields["left_out"] is True and event.fields["factor"] == pytest.approx(0.5, rel=1e-3)
    said = event_reasons.event_sentence(event.as_json())
    assert "rated not relevant in this project" in said and "left out" in said
    # Elsewhere it is injected as before: another project, no project, another mode of this one.
    assert "serif_headlines" in _kept(_run(store, "p2", now=NOW + 2, dry_run=True))
    assert "serif_headlines" in _kept(_run(store, None, now=NOW + 2, dry_run=True))
    assert "serif_headlines" in _kept(_run(store, "p1", Mode.CRITIQUE, now=NOW + 2, dry_run=True))
    # What memory knows of the person is unchanged.
    assert _strengths(store) == before


def test_a_rating_counts_less_as_it_ages(store: Store) -> None:
    rid = _run(store).retrieval_id
    assert rid is not None
    _not_relevant(store, rid, "layout", "airy_spacing", NOW + 1)
    here = _run(store, now=NOW + 2, dry_run=True)
    assert "airy_spacing" not in _kept(here)  # 0.60 x 0.5 = 0.30: left out here
    # two half-lives later the rating counts a quarter: 0.60 x 0.5 ** 0.25 = 0.50 — in again
    later = _run(store, now=NOW + 2 * RATING_HALF_LIFE + 2, dry_run=True)
    assert "airy_spacing" in _kept(later)
    assert not [e for e in later.result.events if e.type == "rated_not_relevant" and e.fields["left_out"]]


def test_helped_restores_what_not_relevant_lowered_in_the_same_context(store: Store) -> None:
    rid = _run(store).retrieval_id
    assert rid is not None
    _not_relevant(store, rid, "color", "muted_palette", NOW + 1)
    assert "muted_palette" not in _kept(_run(store, now=NOW + 2, dry_run=True))
    again = _run(store, now=NOW + 3).retrieval_id  # injects the other three
    assert again is not None
    # Helped of a retrieval that injected it: x1.25 per rating, never above its own strength.
    for i in range(4):
        rate(store, USER, rid, "helped", now=NOW + 10 + i, actor=Actor.CLI)
    assert "muted_palette" in _kept(_run(store, now=NOW + 20, dry_run=True))


def test_too_much_narrows_the_context_with_a_floor_and_not_elsewhere(store: Store) -> None:
    rid = _run(store).retrieval_id
    assert rid is not None
    before = _strengths(store)
    rate(store, USER, rid, "too_much", now=NOW + 1, actor=Actor.CLI)
    one = _run(store, now=NOW + 2, dry_run=True)  # threshold 0.50: muted palette (0.45) out
    assert _kept(one) == {"airy_spacing", "drop_shadows", "serif_headlines"}
    (event,) = [e for e in one.result.events if e.type == "rated_too_much"]
    assert event.fields["threshold"] == pytest.approx(0.50) and event.fields["count"] == 1
    assert "rated too much in this project" in event_reasons.event_sentence(event.as_json())
    for i in range(4):
        rate(store, USER, rid, "too_much", now=NOW + 3 + i, actor=Actor.CLI)
    many = _run(store, now=NOW + 10, dry_run=True)  # threshold 0.65 (the most): the floor keeps two
    assert len(_kept(many)) == 2 and "airy_spacing" in _kept(many)
    assert len(_kept(_run(store, "p2", now=NOW + 10, dry_run=True))) == 4
    assert len(_kept(_run(store, "p1", Mode.CRITIQUE, now=NOW + 10, dry_run=True))) == 4
    assert _strengths(store) == before


def test_missed_is_evidence_as_an_explicit_tag_in_the_project(store: Store, tmp_path: Path) -> None:
    rid = _run(store).retrieval_id
    assert rid is not None
    for i in range(3):
        rate(store, USER, rid, "missed", preference_type="imagery", pattern="hand_drawn", now=NOW + 1 + i,
             actor=Actor.CLI)  # fmt: skip
    tagged = Store.open(DataDir(tmp_path / "tagged", "flag"))
    try:
        lines = [_ev(50 + i, "imagery", "hand_drawn", signal="explicit_tag", project="p1") for i in range(3)]
        ingest_jsonl(tagged, "\n".join(EVENTS + lines), default_user=USER, now=NOW)
        assert (
            _strengths(store)[("project:p1", "hand_drawn")]
            == _strengths(tagged)[("project:p1", "hand_drawn")]
        )
    finally:
        tagged.close()
    assert "hand_drawn" in _kept(_run(store, now=NOW + 10, dry_run=True))
    assert "hand_drawn" not in _kept(_run(store, "p2", now=NOW + 10, dry_run=True))

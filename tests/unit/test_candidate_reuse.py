"""What a retrieval keeps for the next one (decision 0054): the records built from unchanged rows,
and the engine using a record that nothing happens to by ``now`` as it is."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from engine_helpers import DAY, T0, pref
from sqlalchemy import insert, update

from creative_memory.model.constants import Status, Tier
from creative_memory.model.records import PrefState
from creative_memory.model.tables import Preference
from creative_memory.services.derivation.derivation import pref_row
from creative_memory.services.engine.evaluation import ARCHIVE_MS
from creative_memory.services.engine.retrieve import Gates
from creative_memory.services.engine.stages import split_scopes
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval.retrieval import bounded_retrieve
from creative_memory.services.store.store import Store

USER = "local"


def _state(pattern: str, strength: float, *, scope: str = "global", last_seen: int = T0) -> PrefState:
    confidence = Tier.HIGH if strength >= 0.7 else Tier.MEDIUM
    return replace(
        pref(pattern, strength=strength, scope=scope, confidence=confidence, now=last_seen),
        decay_at=last_seen + 30 * DAY,
        first_seen=last_seen - DAY,
        created_at=T0,
        created_seq=len(pattern),
    )


@pytest.fixture
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    s = Store.open(DataDir(tmp_path_factory.mktemp("reuse") / "od", "flag"))
    states = [_state(f"pattern_{i}", 0.5 + i / 100) for i in range(30)]
    states.append(_state("pattern_p", 0.9, scope="project:p1"))
    with s.write() as session:
        session.execute(insert(Preference), [pref_row(st, USER, T0, "k", None) for st in states])
    try:
        yield s
    finally:
        s.close()


def _by_pattern(memo: dict[object, object]) -> dict[str, PrefState]:
    built = memo["candidates.built"]
    assert isinstance(built, dict)
    return {st.pattern: st for st in built.values()}


def test_an_unchanged_row_gives_the_same_record_and_a_changed_one_a_new_record(store: Store) -> None:
    memo: dict[object, object] = {}
    with store.snapshot() as con:
        first = bounded_retrieve(con, USER, "p1", now=T0 + DAY, gates=Gates(), memo=memo)
    before = _by_pattern(memo)
    with store.write() as session:  # an ingest moves one record
        session.execute(update(Preference).where(Preference.pattern == "pattern_29").values(strength=0.95))
    with store.snapshot() as con:  # a later moment: nothing is due yet
        second = bounded_retrieve(con, USER, "p1", now=T0 + 2 * DAY, gates=Gates(), memo=memo)
    after = _by_pattern(memo)
    assert after["pattern_28"] is before["pattern_28"]
    assert after["pattern_29"] is not before["pattern_29"] and after["pattern_29"].strength == 0.95
    assert before["pattern_29"].strength == 0.79  # a record handed out before is not changed
    # The same retrieval as one that keeps nothing.
    with store.snapshot() as con:
        plain = bounded_retrieve(con, USER, "p1", now=T0 + 2 * DAY, gates=Gates())
    assert [(p.key, p.strength) for p in second.positives] == [(p.key, p.strength) for p in plain.positives]
    assert [(e.type, e.trace, e.fields) for e in second.events] == [
        (e.type, e.trace, e.fields) for e in plain.events
    ]
    assert first.positives[0].pattern == "pattern_p" and second.positives[0].pattern == "pattern_29"


def test_a_record_nothing_happens_to_by_now_is_used_as_it_is_and_a_due_one_is_evaluated() -> None:
    quiet = _state("quiet", 0.8)  # as of T0, due to decay at T0 + 30 days
    archived = _state("gone", 0.8)
    archived.status = Status.ARCHIVED
    for now in (T0 + DAY, T0 + 29 * DAY):
        globals_, _ = split_scopes([quiet, archived], Gates(), None, now)
        assert globals_[0] is quiet and globals_[1] is archived
    globals_, _ = split_scopes([quiet], Gates(), None, T0 + 31 * DAY)  # decayed by then
    assert globals_[0] is not quiet and globals_[0].strength < quiet.strength
    assert globals_[0].as_of == T0 + 31 * DAY and quiet.as_of == T0
    old = _state("old", 0.8, last_seen=T0 - ARCHIVE_MS + DAY)  # archived a day later
    old.decay_at = T0 + 60 * DAY
    globals_, _ = split_scopes([old], Gates(), None, T0 + 2 * DAY)
    assert globals_[0].status is Status.ARCHIVED and old.status is Status.STABLE

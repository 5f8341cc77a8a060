"""Rating an injection: a recall_rating event per rating, checked against the recorded retrieval,
folded into no preference, forgotten with its pattern or its session, exported and imported."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import keyring.backends.fail
import pytest

from creative_memory.model.constants import Actor, Mode, Origin
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.controls import audit
from creative_memory.services.derivation.rebuild import rebuild
from creative_memory.services.forget.erasure import Target
from creative_memory.services.forget.forgetting import forget
from creative_memory.services.forget.session_forget import forget_session
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl, validate_event
from creative_memory.services.inspection import queries
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.rating import rate
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.exporting import export_bundle
from creative_memory.services.transfer.importing import import_file

USER = "local"
NOW = 1_794_312_000_000


def _ev(n: int, pattern: str, ptype: str = "layout", polarity: str = "positive") -> str:
    return json.dumps(
        {
            "event_id": f"e{n}",
            "signal_type": "manual_refinement",
            "occurred_at": f"2026-11-0{1 + n % 7}T10:{n:02d}:00Z",
            "session_id": f"s{n}",
            "project_id": "p1",
            "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": polarity}],
        }
    )


EVENTS = [_ev(i, "airy_spacing") for i in range(4)] + [
    _ev(10 + i, "drop_shadows", "effects", "negative") for i in range(4)
]


def _store(folder: Path) -> Store:
    store = Store.open(DataDir(folder, "flag"))
    assert ingest_jsonl(store, "\n".join(EVENTS), default_user=USER, now=NOW).accepted == len(EVENTS)
    return store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = _store(tmp_path / "od")
    yield s
    s.close()


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    return BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )


def _retrieve(store: Store, **kw: object) -> int:
    request = retrieval.RetrievalRequest(
        USER, project_id="p1", now=NOW, mode=Mode.CRITIQUE, origin=Origin.CLI, **kw
    )  # type: ignore[arg-type]
    rid = retrieval.run(store, request).retrieval_id
    assert rid is not None
    return rid


def _prefs(store: Store) -> list[tuple[object, ...]]:
    with store.read() as session:
        rows = queries.inspect(session, USER, scope="all", status="all", limit=1000)
    return sorted((p.scope, p.pattern, p.polarity, p.strength, str(p.confidence)) for p in rows)


def _ratings(store: Store) -> list[tuple[object, ...]]:
    con = sqlite3.connect(store.path)
    try:
        rows = con.execute(
            "SELECT event_id, project_id, session_id, payload FROM creative_memory_events "
            "WHERE signal_type = 'recall_rating' ORDER BY seq"
        ).fetchall()
    finally:
        con.close()
    return [(e, p, s, json.loads(payload)) for e, p, s, payload in rows]


def test_each_rating_is_an_event_with_its_retrieval_and_only_missed_derives(store: Store) -> None:
    rid = _retrieve(store)
    before = _prefs(store)
    helped = rate(store, USER, rid, "helped", now=NOW, actor=Actor.CLI)
    assert helped.stored and set(helped.patterns) == {
        ("layout", "airy_spacing", "positive"),
        ("effects", "drop_shadows", "negative"),
    }
    rate(store, USER, rid, "too_much", now=NOW + 1, actor=Actor.GUI)
    off = rate(
        store,
        USER,
        rid,
        "not_relevant",
        preference_type="effects",
        pattern="drop_shadows",
        now=NOW + 2,
        actor=Actor.CLI,
    )
    assert off.patterns == (("effects", "drop_shadows", "negative"),)
    missed = rate(
        store, USER, rid, "missed", preference_type="color", pattern="muted_palette", session_id="s_talk",
        now=NOW + 3, actor=Actor.HOST,
    )  # fmt: skip
    assert missed.patterns == (("color", "muted_palette", "positive"),)
    rows = _ratings(store)
    assert [r[3]["recall"] for r in rows] == [
        {"retrieval_id": rid, "outcome": o, "mode": "critique"}
        for o in ("helped", "too_much", "not_relevant", "missed")
    ]
    assert {r[1] for r in rows} == {"p1"} and rows[3][2] == "s_talk"
    assert rows[1][3]["patterns"] == []
    # Only the missed one is evidence (decision 0086): a tag of the project it was missed in; the
    # other ratings change no preference's strength.
    missed_record = ("project:p1", "muted_palette", "positive", 0.15, "low")
    assert _prefs(store) == sorted([*before, missed_record])
    rebuild(store, USER, NOW + 10)
    assert _prefs(store) == sorted([*before, missed_record])
    with store.read() as session:
        log = audit.entries(session, USER, limit=10)
    assert [(e.action, e.target, e.outcome) for e in log][:4] == [
        ("rate", f"retrieval {rid}", "missed"),
        ("rate", f"retrieval {rid}", "not relevant here"),
        ("rate", f"retrieval {rid}", "too much"),
        ("rate", f"retrieval {rid}", "helped"),
    ]
    assert not any("muted" in e.outcome or "drop" in e.outcome for e in log)


@pytest.mark.parametrize(
    ("rid", "outcome", "named", "words"),
    [
        (999, "helped", None, "There is no recorded retrieval 999"),
        (0, "helped", None, "A retrieval id is a whole number"),
        (None, "sort_of", None, "'sort_of' is not a rating"),
        (None, "not_relevant", ("color", "muted_palette"), "did not inject muted palette"),
        (None, "missed", ("layout", "airy_spacing"), "injected airy spacing \\(layout\\) already"),
        (None, "missed", None, "names the preference it is about"),
        (None, "helped", ("layout", "airy_spacing"), "names no preference"),
        (None, "missed", ("layout", "bad name!"), "pattern"),
    ],
)
def test_a_bad_rating_is_refused_in_a_sentence_and_stores_nothing(
    store: Store, rid: int | None, outcome: str, named: tuple[str, str] | None, words: str
) -> None:
    real = _retrieve(store)
    with pytest.raises(InvalidInput, match=words):
        rate(
            store, USER, real if rid is None else rid, outcome, now=NOW, actor=Actor.CLI,
            preference_type=named[0] if named else None, pattern=named[1] if named else None,
        )  # fmt: skip
    assert _ratings(store) == []


def test_an_empty_or_temporary_retrieval_takes_only_what_fits(store: Store) -> None:
    temp = _retrieve(store, temporary=True)
    with pytest.raises(InvalidInput, match="temporary conversation"):
        rate(store, USER, temp, "missed", preference_type="color", pattern="muted", now=NOW, actor=Actor.CLI)
    empty = _retrieve(store, types=["typography"])
    with pytest.raises(InvalidInput, match="injected nothing"):
        rate(store, USER, empty, "too_much", now=NOW, actor=Actor.CLI)
    assert rate(
        store, USER, empty, "missed", preference_type="typography", pattern="serif", now=NOW, actor=Actor.CLI
    ).stored
    assert len(_ratings(store)) == 1


def test_the_wire_refuses_a_rating_of_the_wrong_shape() -> None:
    base = {"event_id": "r1", "signal_type": "recall_rating", "occurred_at": "2026-11-01T10:00:00Z"}
    pattern = [{"preference_type": "layout", "pattern": "airy", "polarity": "positive"}]
    for bad, words in (
        (base, "needs 'recall'"),
        ({**base, "recall": {"retrieval_id": 1, "outcome": "missed"}}, "names exactly one pattern"),
        (
            {**base, "recall": {"retrieval_id": 1, "outcome": "too_much"}, "patterns": pattern},
            "names no pattern",
        ),
        ({**base, "recall": {"retrieval_id": "1", "outcome": "helped"}}, "retrieval_id"),
        (
            {
                **base,
                "signal_type": "thumbs_up",
                "patterns": pattern,
                "recall": {"retrieval_id": 1, "outcome": "helped"},
            },
            "only a recall_rating event carries it",
        ),
    ):
        with pytest.raises(InvalidInput, match=words):
            validate_event(bad)
    assert validate_event({**base, "recall": {"retrieval_id": 1, "outcome": "helped"}}).recall is not None


def test_ratings_are_forgotten_with_their_pattern_and_their_session(
    store: Store, blocks: BlockChecker
) -> None:
    rid = _retrieve(store)
    rate(
        store,
        USER,
        rid,
        "not_relevant",
        preference_type="effects",
        pattern="drop_shadows",
        now=NOW,
        actor=Actor.CLI,
    )
    rate(
        store, USER, rid, "missed", preference_type="color", pattern="muted_palette", now=NOW, actor=Actor.CLI
    )
    rate(store, USER, rid, "too_much", session_id="s_talk", now=NOW, actor=Actor.CLI)
    rate(store, USER, rid, "helped", now=NOW, actor=Actor.CLI)
    receipt = forget(
        store, USER, [Target("effects", "drop_shadows")], blocks=blocks, actor=Actor.CLI, now=NOW + 1
    )
    assert receipt.verified
    left = _ratings(store)
    assert [r[3]["recall"]["outcome"] for r in left] == ["missed", "too_much", "helped"]
    assert left[2][3]["patterns"] == [
        {"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}
    ]
    forget(store, USER, [Target("color", "muted_palette")], blocks=blocks, actor=Actor.CLI, now=NOW + 2)
    forget_session(store, USER, "s_talk", actor=Actor.CLI, now=NOW + 3)
    assert [r[3]["recall"]["outcome"] for r in _ratings(store)] == ["helped"]


def test_ratings_travel_in_an_export_and_come_back_on_import(store: Store, tmp_path: Path) -> None:
    rid = _retrieve(store)
    rate(
        store,
        USER,
        rid,
        "not_relevant",
        preference_type="layout",
        pattern="airy_spacing",
        now=NOW,
        actor=Actor.GUI,
    )
    rate(store, USER, rid, "too_much", now=NOW, actor=Actor.CLI)
    path = export_bundle(store, USER, tmp_path / "b.json", now=NOW, actor=Actor.CLI).path
    other = Store.open(DataDir(tmp_path / "other", "flag"))
    try:
        import_file(other, USER, path, now=NOW, actor=Actor.CLI)
        assert [r[3] for r in _ratings(other)] == [r[3] for r in _ratings(store)]
        assert _prefs(other) == _prefs(store)
    finally:
        other.close()
    # A bundle whose rating lost its recall is refused before anything is written.
    doc = json.loads(path.read_text())
    for e in doc["events"]:
        if e["signal_type"] == "recall_rating":
            e["payload"].pop("recall")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    third = Store.open(DataDir(tmp_path / "third", "flag"))
    try:
        with pytest.raises(InvalidInput, match=r"payload\.recall"):
            import_file(third, USER, bad, now=NOW, actor=Actor.CLI)
    finally:
        third.close()


def test_explain_shows_a_rating_among_the_evidence_in_words(store: Store) -> None:
    from creative_memory.cli.commands.inspect import explain_text
    from creative_memory.services.inspection.explain import load_explain

    rid = _retrieve(store)
    rate(
        store, USER, rid, "not_relevant", preference_type="effects", pattern="drop_shadows",
        now=NOW + 5, actor=Actor.CLI,
    )  # fmt: skip
    d = load_explain(store, USER, "effects", "drop_shadows", "p1")
    ratings = [e for e in d.events if e.rating is not None]
    assert [e.rating for e in ratings] == ["not_relevant"]
    assert all(e.rating is None for e in d.events if e.signal_type != "recall_rating")
    assert "rated not relevant" in explain_text(d)
    assert d.as_json()["events"][-1]["rating"] == "not_relevant"

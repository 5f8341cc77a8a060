"""The seed's signal vocabulary on the wire: each name stores and derives exactly as this project's
own name does, bad combinations are refused in one sentence with nothing stored, the committed JSON
Schema is what the model generates, and the sample events file ingests."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from creative_memory.model.constants import REJECTING_SIGNALS
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.ingest.ingest import ingest_jsonl, parse_jsonl, validate_event
from creative_memory.services.ingest.wire_schema import schema_text
from creative_memory.services.store.store import Store

REPO = Path(__file__).resolve().parents[2]
SCHEMA_FILE = REPO / "docs" / "events" / "events.schema.json"
SAMPLE_FILE = REPO / "docs" / "events" / "sample-events.jsonl"
NOW = 1_794_312_000_000  # 2026-11-10T12:00:00Z
AIRY = {"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive"}


def event(n: int, signal: str, **extra: Any) -> dict[str, Any]:
    ev: dict[str, Any] = {
        "event_id": f"ev_{n:03d}",
        "signal_type": signal,
        "occurred_at": "2026-11-02T10:15:00Z",
        "session_id": "s_1",
        "patterns": [AIRY],
    }
    ev.update(extra)
    return ev


def comparison(n: int, signal: str = "comparison", **extra: Any) -> dict[str, Any]:
    ev = event(n, signal, **extra)
    del ev["patterns"]
    ev.setdefault(
        "chose",
        {
            "artifact_id": "a_1",
            "patterns": [
                {"preference_type": "spacing", "pattern": "airy_spacing"},
                {"preference_type": "color", "pattern": "neon_accents"},
            ],
        },
    )
    ev.setdefault(
        "over", {"artifact_id": "a_2", "patterns": [{"preference_type": "spacing", "pattern": "cramped"}]}
    )
    return ev


def ingest(store: Store, *events: dict[str, Any]) -> Any:
    text = "".join(json.dumps(e) + "\n" for e in events)
    return ingest_jsonl(store, text, default_user="local", now=NOW)


def stored(store: Store) -> list[tuple[str, str, str]]:
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    try:
        return con.execute(
            "SELECT event_id, signal_type, payload FROM creative_memory_events ORDER BY event_id"
        ).fetchall()
    finally:
        con.close()


def preferences(store: Store) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    try:
        return con.execute(
            "SELECT scope, preference_type, pattern, polarity, strength, accept_count, reject_count "
            "FROM creative_memory_preferences ORDER BY preference_type, pattern, polarity"
        ).fetchall()
    finally:
        con.close()


@pytest.mark.parametrize(
    ("seed", "extra", "ours"),
    [
        ("generation_accepted", {}, "repeated_acceptance"),
        ("thumbs", {"rating": "up"}, "thumbs_up"),
        ("thumbs", {"rating": "down"}, "thumbs_down"),
        ("thumbs", {"rating": "positive"}, "thumbs_up"),
        ("thumbs", {"rating": "negative"}, "thumbs_down"),
        ("abandon", {}, "abandoned_generation"),
        ("revert", {}, "revert_after_edit"),
    ],
)
def test_a_seed_signal_stores_and_derives_as_our_own_name(
    store: Store, tmp_path: Path, seed: str, extra: dict[str, Any], ours: str
) -> None:
    from creative_memory.services.location.datadir import DataDir

    # A rejecting signal carries the pattern the person turned away from (a positive one is refused).
    pattern = {**AIRY, "polarity": "negative"} if ours in REJECTING_SIGNALS else AIRY
    rep = ingest(store, event(1, seed, patterns=[pattern], **extra))
    assert (rep.accepted, rep.rejected) == (1, [])
    twin = Store.open(DataDir(tmp_path / "twin", "flag"))
    try:
        ingest(twin, event(1, ours, patterns=[pattern]))
        ours_rows, twin_rows = stored(store), stored(twin)
        assert [r[1] for r in ours_rows] == [ours]
        assert ours_rows == twin_rows  # same signal, same payload: the vocabulary leaves no trace
        assert preferences(store) == preferences(twin) != []
    finally:
        twin.close()


def test_a_comparison_with_dimensions_learns_only_the_compared_dimensions(store: Store) -> None:
    rep = ingest(store, comparison(1, dimensions=["spacing"]))
    assert (rep.accepted, rep.rejected) == (1, [])
    [(_, signal, payload)] = stored(store)
    assert signal == "pairwise_comparison"
    sides = json.loads(payload)
    assert sides["chose"]["patterns"] == [{"preference_type": "spacing", "pattern": "airy_spacing"}]
    assert sides["over"]["patterns"] == [{"preference_type": "spacing", "pattern": "cramped"}]
    learned = {(p[2], p[3]) for p in preferences(store)}
    assert learned == {("airy_spacing", "positive"), ("cramped", "negative")}  # no neon_accents


def test_a_comparison_without_dimensions_learns_every_side_pattern(store: Store) -> None:
    ingest(store, comparison(1))
    learned = {(p[2], p[3]) for p in preferences(store)}
    assert learned == {("airy_spacing", "positive"), ("neon_accents", "positive"), ("cramped", "negative")}


@pytest.mark.parametrize(
    ("ev", "words"),
    [
        (event(1, "thumbs"), ["rating", "needs a rating", "'up' or 'down'"]),
        (event(1, "thumbs", rating="sideways"), ["rating", "'sideways'", "'up' or 'down'"]),
        (event(1, "thumbs_up", rating="down"), ["rating", "contradicts", "thumbs_up"]),
        (event(1, "manual_refinement", rating="up"), ["rating", "only a thumbs event"]),
        (event(1, "abandon", dimensions=["spacing"]), ["dimensions", "only a comparison"]),
        (comparison(1, dimensions=["color"]), ["dimensions", "'over'", "'color'"]),
        (comparison(1, chose="a_1"), ["chose", "bare artifact id", "patterns"]),
        (event(1, "like_it"), ["signal_type", "generation_accepted", "thumbs", "comparison"]),
    ],
)
def test_bad_vocabulary_is_refused_in_one_sentence_and_nothing_is_stored(
    store: Store, ev: dict[str, Any], words: list[str]
) -> None:
    with pytest.raises(InvalidInput) as err:
        validate_event(ev)
    message = str(err.value)
    for w in words:
        assert w in message, message
    rep = ingest(store, event(2, "revert"), ev)
    assert rep.accepted == 0 and [r.line for r in rep.rejected] == [2]
    assert stored(store) == []


def test_the_committed_schema_is_the_generated_one() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "docs/events/events.schema.json is stale; run "
        "python -m creative_memory.services.ingest.wire_schema > docs/events/events.schema.json"
    )


def test_the_schema_lists_both_vocabularies_and_the_fields_that_carry_them() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    names = set(schema["properties"]["signal_type"]["enum"])
    assert {"generation_accepted", "thumbs", "abandon", "revert", "comparison", "manual_refinement"} <= names
    assert "legacy_snapshot" not in names  # internal only, never accepted on the wire
    assert {"rating", "dimensions", "chose", "over"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == {"event_id", "signal_type", "occurred_at"}


def test_the_sample_events_file_ingests_whole_and_uses_every_seed_name(store: Store) -> None:
    text = SAMPLE_FILE.read_text(encoding="utf-8")
    parsed = parse_jsonl(text)
    assert parsed.rejected == []
    raw = {json.loads(line)["signal_type"] for line in text.splitlines() if line.strip()}
    assert {"generation_accepted", "thumbs", "abandon", "revert", "comparison"} <= raw
    rep = ingest_jsonl(store, text, default_user="local", now=NOW)
    assert (rep.accepted, rep.duplicates, rep.ignored, rep.rejected) == (len(parsed.events), 0, {}, [])
    again = ingest_jsonl(store, text, default_user="local", now=NOW)
    assert (again.accepted, again.duplicates) == (0, len(parsed.events))


def test_the_schemas_signal_names_are_exactly_the_accepted_ones() -> None:
    from typing import get_args

    from creative_memory.model.vocabulary import WIRE_SIGNAL_NAMES, WireSignalName

    assert list(get_args(WireSignalName)) == list(WIRE_SIGNAL_NAMES)
    for name in WIRE_SIGNAL_NAMES:
        extra: dict[str, Any] = {"thumbs": {"rating": "up"}, "explicit_tag": {"tag": "love this"}}.get(
            name, {}
        )
        if name in {"thumbs_down", "single_rejection", "abandoned_generation", "abandon"}:
            extra = {"patterns": [{**AIRY, "polarity": "negative"}]}  # a rejection names what it turned from
        if name == "recall_rating":
            extra = {"recall": {"retrieval_id": 1, "outcome": "helped"}}
        ev = comparison(1, name) if "comparison" in name else event(1, name, **extra)
        assert validate_event(ev).signal_type  # every listed name validates

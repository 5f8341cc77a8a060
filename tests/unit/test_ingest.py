"""Ingest at the boundary: validation that names the field, redaction before disk, idempotency,
the learning gates (ignored events are counted, never stored), and hostile JSON lines."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.controls import controls
from creative_memory.services.ingest.ingest import (
    IngestReport,
    ingest_jsonl,
    parse_jsonl,
    redact,
    validate_event,
)
from creative_memory.services.store.store import Store, sqlite_file_set

NOW = 1_794_312_000_000  # 2026-11-10T12:00:00Z
HOUR = 3_600_000


def event(n: int = 1, **overrides: Any) -> dict[str, Any]:
    ev: dict[str, Any] = {
        "event_id": f"ev_{n:03d}",
        "signal_type": "manual_refinement",
        "occurred_at": "2026-11-02T10:15:00Z",
        "session_id": "s_9",
        "artifact_id": "a_17",
        "patterns": [{"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}],
    }
    ev.update(overrides)
    return {k: v for k, v in ev.items() if v is not ...}


def lines(*events: dict[str, Any] | str) -> str:
    return "".join((e if isinstance(e, str) else json.dumps(e)) + "\n" for e in events)


def ingest(store: Store, *events: dict[str, Any] | str, skip_invalid: bool = False) -> IngestReport:
    return ingest_jsonl(store, lines(*events), default_user="local", now=NOW, skip_invalid=skip_invalid)


def rows(store: Store, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def event_count(store: Store) -> int:
    return int(rows(store, "SELECT count(*) FROM creative_memory_events")[0][0])


def file_bytes(store: Store) -> bytes:
    return b"".join(f.read_bytes() for f in sqlite_file_set(store.path) if f.exists())


def rejection(obj: dict[str, Any] | str) -> str:
    """The single rejection message for one line."""
    parsed = parse_jsonl(lines(obj))
    assert parsed.events == [], "the line was accepted"
    (r,) = parsed.rejected
    assert r.line == 1
    return str(r.error)


# --------------------------------------------------------------------------- validation
PAIRWISE = {
    "event_id": "ev_pw",
    "signal_type": "pairwise_comparison",
    "occurred_at": "2026-11-02T10:15:00Z",
    "chose": {"patterns": [{"preference_type": "typography", "pattern": "serif_headlines"}]},
    "over": {"patterns": [{"preference_type": "typography", "pattern": "sans_headlines"}]},
}


@pytest.mark.parametrize(
    ("obj", "names"),
    [
        pytest.param(event(colour="teal"), ["colour", "unknown field"], id="unknown-field"),
        pytest.param(
            event(signal_type="thumbs_sideways"), ["signal_type", "unknown signal type"], id="signal"
        ),
        pytest.param(event(signal_type="explicit_tag", tag="meh"), ["tag", "unknown tag"], id="unknown-tag"),
        pytest.param(event(occurred_at="2026-11-02T10:15:00"), ["occurred_at", "time zone"], id="naive-time"),
        pytest.param(event(event_id="ev 1/../x"), ["event_id"], id="event-id-chars"),
        pytest.param(event(session_id="s;drop"), ["session_id"], id="session-id-chars"),
        pytest.param(event(event_id="x" * 129), ["event_id"], id="event-id-too-long"),
        pytest.param(event(scope="project"), ["scope", "project_id"], id="project-scope-without-project"),
        pytest.param(
            event(signal_type="explicit_tag"), ["tag", "explicit_tag"], id="explicit-tag-without-tag"
        ),
        pytest.param(
            event(signal_type="explicit_tag", tag="too noisy"),
            ["patterns[0].polarity", "too noisy"],
            id="tag-contradicts-polarity",
        ),
        pytest.param(
            event(signal_type="thumbs_down"),
            ["patterns[0].polarity", "thumbs_down", "airy_spacing", "negative"],
            id="thumbs-down-on-a-positive-pattern",
        ),
        pytest.param(
            event(signal_type="single_rejection"),
            ["patterns[0].polarity"],
            id="rejection-on-a-positive-pattern",
        ),
        pytest.param(
            {k: v for k, v in PAIRWISE.items() if k != "over"}, ["over"], id="pairwise-without-over"
        ),
        pytest.param(
            event(
                patterns=[{"preference_type": "layout", "pattern": "airy spacing", "polarity": "positive"}]
            ),
            ["patterns[0].pattern"],
            id="pattern-chars",
        ),
        pytest.param(
            event(signal_type="legacy_snapshot"), ["signal_type", "legacy_snapshot"], id="internal-type"
        ),
        pytest.param(event(patterns=[]), ["patterns"], id="no-patterns"),
    ],
)
def test_validation_message_names_the_field(obj: dict[str, Any], names: list[str]) -> None:
    message = rejection(obj)
    for name in names:
        assert name in message, f"{name!r} not named in: {message}"
    with pytest.raises(InvalidInput) as err:
        validate_event(obj)
    assert str(err.value) == message


def test_oversize_line_is_rejected_with_its_size() -> None:
    big = event(diff="x" * (64 * 1024))
    message = rejection(big)
    assert "64 KiB" in message
    # Just under the limit is accepted when the diff itself is within its own bound.
    ok = event(diff="y" * 50_000)
    assert len(json.dumps(ok)) < 64 * 1024
    assert parse_jsonl(lines(ok)).rejected == []


def test_valid_shapes_are_accepted() -> None:
    parsed = parse_jsonl(
        lines(
            event(1),
            event(
                2,
                signal_type="explicit_tag",
                tag="too noisy",
                patterns=[{"preference_type": "color", "pattern": "neon", "polarity": "negative"}],
            ),
            {**PAIRWISE},
            event(3, project_id="p_42", scope="global", occurred_at="2026-11-02T11:15:00+01:00"),
        )
    )
    assert parsed.rejected == []
    assert [n for n, _e in parsed.events] == [1, 2, 3, 4]
    assert parsed.events[3][1].effective_scope == "global"


def test_every_bad_line_is_reported_with_its_number() -> None:
    text = "\n".join(
        [
            json.dumps(event(1)),
            "",  # blank lines are skipped but still counted
            "{not json",
            json.dumps(event(2, signal_type="nope")),
            "   ",
            "[1, 2, 3]",
            json.dumps(event(3)),
        ]
    )
    parsed = parse_jsonl(text)
    assert [n for n, _e in parsed.events] == [1, 7]
    assert [r.line for r in parsed.rejected] == [3, 4, 6]
    assert "JSON" in parsed.rejected[0].error
    assert "signal_type" in parsed.rejected[1].error
    assert "object" in parsed.rejected[2].error


def test_line_separators_inside_json_strings_do_not_split_lines() -> None:
    """U+2028 / U+0085 / form feed are legal raw inside JSON strings (JavaScript's JSON.stringify
    writes U+2028 raw): only "\\n" (or "\\r\\n") ends a JSON line."""
    first = event(1, diff="moved the title\u2028then the logo\u0085and\x0cthe footer")
    text = json.dumps(first, ensure_ascii=False) + "\r\n" + json.dumps(event(2, signal_type="nope")) + "\n"
    parsed = parse_jsonl(text)
    assert [n for n, _e in parsed.events] == [1]
    assert parsed.events[0][1].diff == first["diff"]
    assert [r.line for r in parsed.rejected] == [2]


def test_invalid_batch_stores_nothing(store: Store) -> None:
    before = event_count(store)
    rep = ingest(store, event(1), event(2, occurred_at="yesterday"), event(3))
    assert rep.accepted == 0
    assert [r.line for r in rep.rejected] == [2]
    assert "occurred_at" in rep.rejected[0].error
    assert event_count(store) == before
    rep = ingest(store, event(1), event(2, occurred_at="yesterday"), event(3), skip_invalid=True)
    assert rep.accepted == 2 and [r.line for r in rep.rejected] == [2]
    assert event_count(store) == before + 2


# --------------------------------------------------------------------------- redaction
SECRET_DIFF = (
    "Asked jane.doe+design@studio.example.co.uk about the hero; "
    "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl' "
    "with OPENAI key sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz012345 and api_key=9f8e7d6c5b4a39281706 "
    "and AKIAIOSFODNN7EXAMPLE; widened the gutters"
)
SECRETS = [
    "jane.doe+design@studio.example.co.uk",
    "eyJhbGciOiJIUzI1NiJ9",
    "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz012345",
    "9f8e7d6c5b4a39281706",
    "AKIAIOSFODNN7EXAMPLE",
]


def test_secrets_in_diff_are_redacted_before_anything_reaches_disk(store: Store) -> None:
    rep = ingest(store, event(1, diff=SECRET_DIFF))
    assert rep.accepted == 1
    ((payload_text,),) = rows(store, "SELECT payload FROM creative_memory_events WHERE event_id = 'ev_001'")
    diff = json.loads(payload_text)["diff"]
    for secret in SECRETS:
        assert secret not in diff
    assert "[redacted:email]" in diff
    assert "[redacted:token]" in diff
    assert "[redacted:key]" in diff
    assert "widened the gutters" in diff and "about the hero" in diff
    store.checkpoint_truncate()
    data = file_bytes(store)
    for secret in SECRETS:
        assert secret.encode() not in data, secret


def test_redact_keeps_ordinary_text() -> None:
    text = "Use 8px spacing, token colors from the brand book; email the team later."
    assert redact(text) == text


# --------------------------------------------------------------------------- idempotency
def test_same_event_id_twice_is_a_duplicate(store: Store) -> None:
    first = ingest(store, event(1), event(2))
    assert (first.accepted, first.duplicates) == (2, 0)
    again = ingest(store, event(1), event(3))
    assert (again.accepted, again.duplicates) == (1, 1)
    within = ingest(store, event(4), event(4, signal_type="thumbs_up"))
    assert (within.accepted, within.duplicates) == (1, 1)
    assert event_count(store) == 4
    ((signal,),) = rows(store, "SELECT signal_type FROM creative_memory_events WHERE event_id = 'ev_004'")
    assert signal == "manual_refinement", "the first copy wins"


# --------------------------------------------------------------------------- gates
def _secret_event(n: int, word: str, **kw: Any) -> dict[str, Any]:
    return event(
        n,
        diff=f"the {word} note",
        patterns=[{"preference_type": "layout", "pattern": word, "polarity": "positive"}],
        **kw,
    )


def test_events_are_ignored_and_counted_while_memory_is_off(store: Store) -> None:
    controls.set_enabled(store, "local", False, actor=Actor.CLI, now=NOW)
    rep = ingest(store, _secret_event(1, "zebra_stripes_off"), _secret_event(2, "zebra_stripes_off"))
    assert rep.accepted == 0 and rep.ignored == {"memory_disabled": 2}
    assert event_count(store) == 0
    assert controls.status(store, "local", NOW).ignored == {"memory_disabled": 2}
    store.checkpoint_truncate()
    assert b"zebra_stripes_off" not in file_bytes(store)


def test_events_are_ignored_while_learning_is_paused_then_stored_after(store: Store) -> None:
    controls.pause(store, "local", until=NOW + HOUR, what="learning", actor=Actor.GUI, now=NOW)
    rep = ingest(store, _secret_event(1, "paused_pattern_xyz"))
    assert rep.accepted == 0 and rep.ignored == {"learning_paused": 1}
    store.checkpoint_truncate()
    assert b"paused_pattern_xyz" not in file_bytes(store)
    # Using-only pauses do not stop learning; after the pause ends learning resumes by itself.
    later = ingest_jsonl(
        store, lines(_secret_event(2, "after_pause")), default_user="local", now=NOW + HOUR + 1
    )
    assert later.accepted == 1 and later.ignored == {}
    assert event_count(store) == 1


def test_events_of_a_project_with_learning_off_are_ignored(store: Store) -> None:
    controls.set_project(store, "local", "p_nda", learn_from_project=False, actor=Actor.GUI, now=NOW)
    rep = ingest(
        store,
        _secret_event(1, "nda_secret_layout", project_id="p_nda"),
        _secret_event(2, "open_layout", project_id="p_open"),
        _secret_event(3, "global_layout"),
    )
    assert rep.accepted == 2 and rep.ignored == {"project_learning_disabled": 1}
    assert {r[0] for r in rows(store, "SELECT event_id FROM creative_memory_events")} == {"ev_002", "ev_003"}
    store.checkpoint_truncate()
    assert b"nda_secret_layout" not in file_bytes(store)


# --------------------------------------------------------------------------- hostile input
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=25,
)
FIELDS = [
    "event_id",
    "user_id",
    "project_id",
    "signal_type",
    "occurred_at",
    "session_id",
    "artifact_id",
    "scope",
    "patterns",
    "tag",
    "diff",
    "chose",
    "over",
]
FIELD_VALUES = (
    JSON_VALUES
    | st.sampled_from(
        [
            "explicit_tag",
            "pairwise_comparison",
            "love this",
            "too noisy",
            "project",
            "global",
            "2026-11-02T10:15:00Z",
            "2026-11-02T10:15:00",
            "p_42",
            "\u2028",
        ]
    )
    | st.just([{"preference_type": "layout", "pattern": "airy_spacing", "polarity": "negative"}])
    | st.just({"patterns": [{"preference_type": "t", "pattern": "p"}]})
)
RANDOM_EVENTS = st.builds(
    lambda base, extra: {**base, **extra},
    st.integers(1, 30).map(event),  # a valid event (distinct ids), then some fields overwritten
    st.dictionaries(st.sampled_from([*FIELDS, "extra"]) | st.text(max_size=8), FIELD_VALUES, max_size=6),
)
LINES = st.lists(
    st.one_of(
        JSON_VALUES.map(json.dumps),
        RANDOM_EVENTS.map(lambda d: json.dumps(d, ensure_ascii=False)),
        st.text(max_size=200),
        st.sampled_from(["{", "[" * 3000, '{"a": ' * 2000, "\x00", "\ufeff{}", '"\\ud800"']),
    ),
    max_size=8,
)


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(LINES)
def test_parse_jsonl_never_raises_and_every_rejection_has_a_line_and_a_message(batch: list[str]) -> None:
    text = "\n".join(batch)
    parsed = parse_jsonl(text)
    physical = text.split("\n")
    non_blank = [i for i, line in enumerate(physical, start=1) if line.removesuffix("\r").strip()]
    seen = sorted([n for n, _e in parsed.events] + [r.line for r in parsed.rejected])
    assert seen == non_blank, "every non-blank line is either accepted or rejected, once"
    for r in parsed.rejected:
        assert type(r.line) is int and 1 <= r.line <= len(physical)
        assert isinstance(r.error, str) and r.error.strip()


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(RANDOM_EVENTS, min_size=1, max_size=4))
def test_random_events_are_stored_or_rejected_cleanly(
    tmp_path_factory: pytest.TempPathFactory, batch: list[dict[str, Any]]
) -> None:
    """Whatever validation lets through can be stored: ingest never fails with an internal error."""
    from creative_memory.services.location.datadir import DataDir

    store = Store.open(
        DataDir(tmp_path_factory.mktemp("rnd") / "d", "flag"), busy_timeout_s=0.2, lock_budget_s=0.6
    )
    try:
        text = "\n".join(json.dumps(d, ensure_ascii=False) for d in batch)
        rep = ingest_jsonl(store, text, default_user="local", now=NOW, skip_invalid=True)
        assert rep.accepted + rep.duplicates + len(rep.rejected) + sum(rep.ignored.values()) == len(batch)
        assert event_count(store) == rep.accepted
    finally:
        store.close()


def test_a_line_whose_text_is_not_unicode_is_rejected_with_its_number() -> None:
    good = (
        '{"event_id":"a","signal_type":"thumbs_up","occurred_at":"2026-11-01T10:00:00Z",'
        '"patterns":[{"preference_type":"layout","pattern":"grid","polarity":"positive"}]}'
    )
    bad_diff = good.replace('"event_id":"a"', '"event_id":"b","diff":"x\\ud800"')
    bad_key = good.replace('"event_id":"a"', '"event_id":"c","\\udfff":1')
    escaped = good.replace('"event_id":"a"', '"event_id":"d","diff":"\\\\ud800 \\u00e9"')
    parsed = parse_jsonl("\n".join([bad_diff, good, bad_key, escaped]))
    assert [n for n, _ in parsed.events] == [2, 4]
    assert [r.line for r in parsed.rejected] == [1, 3]
    assert all("not Unicode" in r.error for r in parsed.rejected)

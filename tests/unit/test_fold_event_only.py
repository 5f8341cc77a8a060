"""A stored event read for some groups only (a forget's re-derivation): the items of other groups are
left out, and each kept item keeps its place in the event's full item list (the creation place of a
record it creates, decision 0022)."""

from __future__ import annotations

import json

from creative_memory.services.derivation.derivation_rows import fold_event

PAYLOAD = {
    "chose": {
        "patterns": [{"pattern": "airy_spacing", "polarity": "positive", "preference_type": "spacing"}]
    },
    "over": {"patterns": [{"pattern": "drop_shadows", "polarity": "negative", "preference_type": "layout"}]},
    "patterns": [
        {"pattern": "serif_headlines", "polarity": "positive", "preference_type": "typography"},
        {"pattern": "muted_palette", "polarity": "negative", "preference_type": "color"},
    ],
}


def _row(signal: str = "pairwise_comparison") -> tuple[object, ...]:
    payload = json.dumps(PAYLOAD, sort_keys=True, separators=(",", ":"))
    return (7, "e7", 1_700_000_000_000, signal, "project:p1", None, None, payload, "ab" * 32)


def test_every_item_in_its_place() -> None:
    ev = fold_event(_row())
    assert [(i.pattern, i.role, i.index) for i in ev.items] == [
        ("serif_headlines", "", 0),
        ("muted_palette", "", 1),
        ("airy_spacing", "chose", 2),
        ("drop_shadows", "over", 3),
    ]


def test_only_the_groups_asked_for_in_their_full_places() -> None:
    only = {("project:p1", "color", "muted_palette"), ("project:p1", "layout", "drop_shadows")}
    ev = fold_event(_row(), only=only)
    assert [(i.pattern, i.index) for i in ev.items] == [("muted_palette", 1), ("drop_shadows", 3)]
    # Another scope's group of the same name is not this event's.
    assert fold_event(_row(), only={("global", "color", "muted_palette")}).items == ()

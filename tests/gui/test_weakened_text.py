"""The Inspector's "Last weakened" line (decision 0104): a contradicting reaction is told by its
date and kind, in the window's language, never by a stamp; a decay by its date; an event id that a
store derived before the change still holds, as before."""

from __future__ import annotations

from typing import Any

from harness import speaking

from creative_memory.gui.tabs.inspector.fields import weakened_text
from creative_memory.model.constants import SignalType
from creative_memory.model.events import FoldEvent
from creative_memory.services.engine.reversal import against, read_against

AT = 1_793_527_200_000  # 2026-11-01 10:00 UTC


def test_a_reaction_is_told_by_its_date_and_kind(qapp: Any) -> None:
    ev = FoldEvent(7, "e7", AT, SignalType.THUMBS_DOWN, "global", "s1", ())
    stamp = against(ev)
    assert read_against(stamp) == (AT, "thumbs_down")
    text = weakened_text(stamp)
    assert "thumbs down" in text and "2026" in text
    assert "against@" not in text and "thumbs_down" not in text and str(AT) not in text
    with speaking(qapp, "de"):
        german = weakened_text(stamp)
    assert "Gegenteil" in german and "Daumen runter" in german and "01.11." in german
    assert "against@" not in german


def test_other_stamps_keep_their_sentences(qapp: Any) -> None:
    assert read_against(f"decay@{AT}") is None
    assert read_against("against@soon:thumbs_down") is None  # not a time: not a reaction's stamp
    assert "faded" in weakened_text(f"decay@{AT}")
    assert "stored as event" in weakened_text("e12")  # a version 4 store's id, until it re-derives
    assert weakened_text(None) == "—"

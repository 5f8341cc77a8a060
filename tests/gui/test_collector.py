"""Cycles are collected on the GUI thread while a main window is open (gui/collector.py)."""

from __future__ import annotations

import gc
from typing import Any

from creative_memory.gui.collector import GuiCollector, collector


def test_holding_turns_automatic_collection_off_and_the_timer_collects_what_is_due(qapp: Any) -> None:
    c = GuiCollector()
    assert gc.isenabled()
    c.hold()
    c.hold()
    try:
        assert not gc.isenabled()
        threshold = gc.get_threshold()[0]
        gc.collect()
        junk = []
        for _ in range(threshold + 50):  # more cycles than the youngest generation's threshold
            a: list[Any] = []
            a.append(a)
            junk.append(a)
        del junk
        assert gc.get_count()[0] > threshold  # nothing collected them: the interpreter is off
        assert c.collect_due() >= 0
        assert gc.get_count()[0] <= threshold
        assert c.collect_due() == -1  # nothing more is due
    finally:
        c.release()
        assert not gc.isenabled()  # still held once
        c.release()
    assert gc.isenabled()
    c.release()  # one release too many changes nothing
    assert gc.isenabled()


def test_the_main_window_holds_the_collector_while_it_is_open(window: Any) -> None:
    assert collector().holders >= 1
    assert not gc.isenabled()
    window.close()
    assert collector().holders == 0
    assert gc.isenabled()


def _long_lived(n: int) -> list[list[Any]]:
    """``n`` tracked objects moved into the oldest generation (a collection of the younger two
    moves their survivors there)."""
    objects: list[list[Any]] = [[] for _ in range(n)]
    gc.collect(1)
    return objects


def test_the_oldest_generation_waits_for_a_quarter_more_long_lived_objects(qapp: Any) -> None:
    """CPython's rule (a full pass walks every tracked object): after a collection of the oldest
    generation, the next waits until a quarter as many objects again have reached it."""
    c = GuiCollector()
    c.hold()
    try:
        base = _long_lived(40_000)
        c.collect(2)
        kept = len(gc.get_objects(2))
        assert kept >= 40_000
        assert not c.oldest_due()
        few = _long_lived(kept // 10)
        assert not c.oldest_due()  # a tenth more: still waits
        more = _long_lived(kept // 5)
        assert c.oldest_due()  # over a quarter more now
        c.collect(2)
        assert not c.oldest_due()
        del base, few, more
    finally:
        c.release()


def test_settling_freezes_what_exists_until_the_last_release(qapp: Any) -> None:
    c = GuiCollector()
    c.settle()  # not held: nothing to do
    assert gc.get_freeze_count() == 0
    c.hold()
    try:
        kept = _long_lived(10_000)
        c.settle()
        assert gc.get_freeze_count() >= 10_000
        assert len(gc.get_objects(2)) < 10_000  # a full pass no longer walks them
        assert c.oldest_due()  # counted from nothing after the freeze
        del kept
    finally:
        c.release()
    assert gc.get_freeze_count() == 0  # unfrozen and collected when the window closes


def test_the_main_window_freezes_start_up_after_its_first_tab_has_loaded(window: Any, qtbot: Any) -> None:
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0 and not window.current_page().stale, timeout=10_000)
    window.close()
    assert gc.get_freeze_count() == 0


def test_the_release_that_ends_the_program_collects_nothing_and_leaves_collection_off(qapp: Any) -> None:
    c = GuiCollector()
    was_enabled = gc.isenabled()
    c.hold()
    try:
        gc.collect()
        garbage = [[] for _ in range(100)]
        for item in garbage:
            item.append(item)  # cycles only a collection frees
        del garbage, item
        before = gc.get_count()[0]
        c.release(ending=True)
        assert gc.get_count()[0] >= before  # not collected: the process hands its memory back
        assert not gc.isenabled()  # and no other thread collects the window's objects meanwhile
        assert c.holders == 0
    finally:
        if was_enabled:
            gc.enable()
        gc.collect()

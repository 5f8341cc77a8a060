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


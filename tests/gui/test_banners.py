"""Banners as people read them: a pause says its end and the time left in the warning colour, a
notice can be dismissed (and stays dismissed), and the demo store is marked with one click back."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from creative_memory.gui.banner_state import StoreInfo, banner_state, time_left
from creative_memory.model.events import iso
from creative_memory.services.controls.status import MemoryStatus, UntilResumed

HOUR = 3_600_000
NOW = 1_793_000_000_000


def test_a_pause_is_a_warning_with_the_time_left() -> None:
    status = MemoryStatus(
        "local",
        learning_paused_until=iso(NOW + 2 * HOUR),
        using_paused_until=iso(NOW + 2 * HOUR),
        learning_paused=True,
        using_paused=True,
    )
    kind, text, action = banner_state(status, StoreInfo(), NOW)  # type: ignore[misc]
    assert kind == "warning" and action == "resume"
    assert text.startswith("Paused — learning and using — until ") and text.endswith("(2 h 0 min left).")
    forever = replace(status, paused_until_resumed=UntilResumed(learning=True, using=True))
    assert banner_state(forever, StoreInfo(), NOW)[1] == "Paused — learning and using — until you resume."  # type: ignore[index]
    assert time_left(3 * 24 * HOUR + 5 * HOUR) == "3 days 5 h left"
    assert time_left(24 * HOUR) == "1 day 0 h left"
    assert time_left(20 * 60_000) == "20 min left"
    assert time_left(30_000) == "less than a minute left"
    # A notice is not a state: the keychain fallback has its own dismissable bar.
    assert banner_state(MemoryStatus("local"), StoreInfo(keychain_fallback=True, keychain_detail="x")) is None


def test_a_notice_is_dismissed_for_good(window: Any, ctrl: Any) -> None:
    window.store_info.keychain_fallback = True
    window.store_info.keychain_detail = "No system keychain was found; the secret is kept in a file."
    window._on_status(ctrl.status)
    assert window.notice.isVisible() and window.notice.kind == "info"
    assert window.notice.actionText() == "O&K, hide this notice"
    window.notice.actionButton().click()
    assert not window.notice.isVisible()
    window._on_status(ctrl.status)
    assert not window.notice.isVisible()
    assert "keychain" in str(window.settings.value("notices/dismissed"))


def test_the_demo_store_has_a_banner_and_one_click_back(
    window: Any, ctrl: Any, run_async: Any, wait_until: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CM_DEMO_DIR", str(tmp_path / "demo"))
    real = ctrl.ctx.data_dir
    assert not window.demo_banner.isVisible()
    run_async(window.open_demo())
    assert ctrl.ctx.data_dir.rule == "demo" and window.in_demo
    assert window.demo_banner.isVisible() and window.demo_banner.kind == "warning"
    assert window.demo_banner.text().startswith("Demo data — not your memory")
    assert window.demo_banner.actionText() == "&Back to my memory"
    assert str(tmp_path / "demo") in window.store_label.text()
    overview = window.pages[0]
    window.tabs.setCurrentWidget(overview)
    run_async(overview.refresh())
    assert overview.rule_label.text() == "the demo store, kept apart from your memory"
    assert overview.file_label.text() == "app.sqlite — demo data only; Open Design never reads it"
    window.demo_banner.actionButton().click()
    wait_until(lambda: not window.demo_banner.isVisible())
    assert ctrl.ctx.data_dir == real
    con = sqlite3.connect(real.store)
    assert con.execute("SELECT count(*) FROM creative_memory_events").fetchone() == (0,)
    con.close()
    assert not ctrl.errors

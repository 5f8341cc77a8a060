"""The main window: tabs, shortcuts, banner states, live refresh from another process."""

from __future__ import annotations

from typing import Any

from harness import event
from PySide6.QtCore import Qt

from creative_memory.gui.banner_state import StoreInfo, banner_state
from creative_memory.services.controls import controls
from creative_memory.services.controls.status import MemoryStatus


def test_six_tabs_in_order_and_ctrl_number_switches(window: Any, qtbot: Any) -> None:
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles == ["Overview", "Projects", "Inspector", "Diagnostics", "Preview", "Activity"]
    for i in range(1, 7):
        qtbot.keyClick(window, Qt.Key.Key_0 + i, Qt.KeyboardModifier.ControlModifier)
        assert window.tabs.currentIndex() == i - 1


def test_banner_says_off_and_paused_with_a_resume_action() -> None:
    on = MemoryStatus("local")
    assert banner_state(on, StoreInfo()) is None
    kind, text, action = banner_state(MemoryStatus("local", enabled=False), StoreInfo())  # type: ignore[misc]
    assert "off" in text and action == "enable"
    status = MemoryStatus(
        "local",
        learning_paused_until="2026-11-24T09:00:00.000Z",
        using_paused_until="2026-11-24T09:00:00.000Z",
        learning_paused=True,
        using_paused=True,
    )
    kind, text, action = banner_state(status, StoreInfo())  # type: ignore[misc]
    assert "learning and using" in text and "Nov" in text and action == "resume"
    kind, text, action = banner_state(on, StoreInfo(read_only=True, reason="folder is read-only"))  # type: ignore[misc]
    assert kind == "warning" and "read-only" in text
    kind, text, _ = banner_state(on, StoreInfo(too_new=True, reason="schema ffff"))  # type: ignore[misc]
    assert kind == "error" and "newer version" in text


def test_banner_resume_button_resumes_through_the_service(
    window: Any, ctrl: Any, run_async: Any, wait_until: Any
) -> None:
    run_async(
        ctrl.run(
            controls.pause,
            ctrl.store,
            ctrl.user,
            until=None,
            what="both",
            actor=ctrl.ctx.actor,
            now=ctrl.now(),
        )
    )
    run_async(ctrl.reload_status())
    assert window.banner.isVisible() and "Paused" in window.banner.text()
    window.banner.actionButton().click()
    # The banner may stay for the keychain notice, but the pause line and its button must go.
    wait_until(lambda: "Paused" not in window.banner.text())
    assert not window.banner.actionButton().isVisible()
    st = controls.status(ctrl.store, ctrl.user, ctrl.now())
    assert not st.learning_paused and not st.using_paused


def test_a_store_derived_by_older_rules_is_re_derived_on_opening(
    qloop: Any, run_async: Any, tmp_path: Any, qtbot: Any, wait_until: Any, monkeypatch: Any
) -> None:
    # Decision 0026: the window notices preferences derived by an older DERIVATION_VERSION and
    # re-derives them (with progress) before anything else reads them.
    import sqlite3

    from harness import open_controller

    from creative_memory.gui.main_window import MainWindow
    from creative_memory.gui.settings import AppSettings
    from creative_memory.model.constants import DERIVATION_VERSION
    from creative_memory.services.ingest.ingest import ingest_jsonl

    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    first = open_controller(qloop, run_async, tmp_path)
    c = next(first)
    ingest_jsonl(
        c.store, "\n".join(event(i, session=f"s{i}") for i in range(1, 6)), default_user=c.user, now=c.now()
    )
    db = c.ctx.data_dir.store
    first.close()
    with sqlite3.connect(db) as con:
        con.execute("UPDATE creative_memory_derivations SET derivation_version = 'cm-derive-1'")
        con.execute("UPDATE creative_memory_preferences SET derivation_version = 'cm-derive-1'")

    again = open_controller(qloop, run_async, tmp_path)
    ctrl = next(again)
    try:
        assert ctrl.outdated_rules == "cm-derive-1"
        w = MainWindow(ctrl, AppSettings())
        qtbot.addWidget(w)
        w.show()
        w.store_opened()
        wait_until(lambda: ctrl.outdated_rules is None)
        with sqlite3.connect(db) as con:
            versions = {
                v for (v,) in con.execute("SELECT derivation_version FROM creative_memory_preferences")
            }
            (derived,) = con.execute("SELECT derivation_version FROM creative_memory_derivations").fetchone()
        assert versions == {DERIVATION_VERSION} and derived == DERIVATION_VERSION
        assert not ctrl.errors  # type: ignore[attr-defined]
    finally:
        again.close()


def test_where_the_secret_is_kept_is_asked_after_the_first_screen(window: Any, wait_until: Any) -> None:
    """The keychain is asked on the store thread once the first tab has loaded (it may be slow
    to answer); with no keychain here the secret is in a file, and the notice says so then."""
    wait_until(window.notice.isVisible)
    assert window.store_info.keychain_fallback
    assert window.notice.text().startswith("No system keychain was found")
    assert window.showing_latest()  # the tab had loaded first
    overview = window.current_page()  # its keychain line, too, follows the first screen
    wait_until(lambda: overview.keychain_label.text().startswith("No system keychain was found"))


def test_a_tab_is_built_when_first_shown_under_the_title_it_gives_itself(window: Any, qtbot: Any) -> None:
    """Only the tab shown first is built with the window (the others' modules load when they are
    first shown); each keeps its place, title and tooltip, and becomes the page of its tab."""
    from creative_memory.gui.tabs.base import Tab

    assert [page is not None for page in window.places._pages] == [True, False, False, False, False, False]
    before = [(window.tabs.tabText(i), window.tabs.tabToolTip(i)) for i in range(window.tabs.count())]
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    inspector = window.tabs.currentWidget()
    assert isinstance(inspector, Tab) and inspector.key == "inspector"
    assert window.tabs.currentIndex() == 2 and window.places._pages[2] is inspector
    pages = window.pages  # every tab, built now
    assert [p.key for p in pages] == [
        "overview",
        "projects",
        "inspector",
        "diagnostics",
        "preview",
        "activity",
    ]
    assert [(p.title(), window.tabs.widget(i)) for i, p in enumerate(pages)] == [
        (before[i][0], p) for i, p in enumerate(pages)
    ]
    assert [window.tabs.tabToolTip(i) for i in range(6)] == [tip for _title, tip in before]
    assert window.tabs.currentIndex() == 2  # building the others did not change the tab shown

"""The Diagnostics tab over a real store: the retrievals list (keyset paging, filters), stage events
with their traces, "Run a retrieval now" (recorded and dry run), export, and screenshots.

Screenshots go to ``$CM_SHOTS_DIR`` (default: ``cm-shots`` in the system temp folder).
"""

from __future__ import annotations

import asyncio
import csv
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import event
from PySide6.QtCore import QDateTime, QModelIndex, Qt, qInstallMessageHandler
from PySide6.QtTest import QAbstractItemModelTester

from creative_memory.gui.itemmodels.diagnostics import RetrievalsModel, fetch_retrieval_events
from creative_memory.gui.itemmodels.stage_events import StageEventsModel
from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab
from creative_memory.gui.theme import apply_scheme
from creative_memory.model.constants import Actor, Mode, Origin
from creative_memory.model.records import DiagEvent
from creative_memory.services.controls import controls
from creative_memory.services.inspection import retrieval_log
from creative_memory.services.retrieval import event_reasons, labels, retrieval

DAY = 86_400_000
SHOTS = Path(os.environ.get("CM_SHOTS_DIR") or tempfile.gettempdir()) / "cm-shots"


# --------------------------------------------------------------------------- helpers
def seed_preferences(seed: Any, ctrl: Any) -> None:
    """p1 prefers airy spacing (0.50, medium) and avoids drop shadows (0.50): both injectable."""
    now = ctrl.now()
    lines = [event(i, project="p1", at_ms=now - (30 - i) * 60_000) for i in range(1, 6)]
    lines += [
        event(
            10 + i, project="p1", pattern="drop_shadows", polarity="negative", at_ms=now - (20 - i) * 60_000
        )
        for i in range(1, 6)
    ]
    lines.append(event(40, project="p2", pattern="dense_grids", signal="thumbs_up", at_ms=now - 60_000))
    seed(lines)


def run(
    ctrl: Any, project: str | None, origin: Origin, *, now: int | None = None, dry_run: bool = False
) -> retrieval.RetrievalOutcome:
    return retrieval.run(
        ctrl.store,
        retrieval.RetrievalRequest(
            ctrl.user,
            project_id=project,
            now=now or ctrl.now(),
            origin=origin,
            dry_run=dry_run,
        ),
    )


def stored_ids(ctrl: Any, **kw: Any) -> list[int]:
    with ctrl.store.read() as session:
        return [
            r.id for r in session.scalars(retrieval_log.retrievals_query(ctrl.user, limit=1_000_000, **kw))
        ]


def shown_ids(tab: DiagnosticsTab) -> list[int]:
    return [tab.model.row_at(i).id for i in range(tab.model.rowCount())]  # type: ignore[union-attr]


@pytest.fixture
def tab(ctrl: Any, qtbot: Any) -> DiagnosticsTab:
    t = DiagnosticsTab(ctrl)
    qtbot.addWidget(t)
    t.resize(1100, 720)
    t.show()
    return t


# --------------------------------------------------------------------------- the list
def test_list_shows_retrievals_newest_first_with_their_columns(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed_preferences(seed, ctrl)
    a = run(ctrl, "p1", Origin.DAEMON).retrieval_id
    b = run(ctrl, "p2", Origin.CLI).retrieval_id
    c = run(ctrl, None, Origin.SELF_TEST).retrieval_id
    d = run(ctrl, "p1", Origin.CLI).retrieval_id
    run_async(tab.refresh())
    assert shown_ids(tab) == [d, c, b, a]
    model = tab.model
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert headers == ["Time", "Origin", "Project", "Mode", "Kept +/−", "Tokens", "Duration"]
    top = [model.index(0, col).data() for col in range(model.columnCount())]
    assert top[1] == "command line" and top[2] == "project p1" and top[3] == "generation"
    assert top[4].startswith("+1 / −1")  # airy spacing kept, drop shadows kept
    assert int(top[5]) > 0 and top[6].endswith("ms")
    assert model.index(2, 4).data().startswith("+0 / −0")  # p2: nothing above threshold
    # The newest row is selected and its events are shown.
    assert tab.selected_retrieval().id == d  # type: ignore[union-attr]
    wait_until(lambda: len(tab.shown_events()) > 0)


def test_filters_narrow_by_origin_project_event_type_and_time(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed_preferences(seed, ctrl)
    old = run(ctrl, "p1", Origin.DAEMON, now=ctrl.now() - 3 * DAY).retrieval_id
    a = run(ctrl, "p1", Origin.DAEMON).retrieval_id
    b = run(ctrl, "p2", Origin.CLI).retrieval_id
    c = run(ctrl, None, Origin.SELF_TEST).retrieval_id
    controls.set_project(
        ctrl.store,
        ctrl.user,
        "p2",
        use_memory=False,
        use_global_memory=False,
        actor=Actor.GUI,
        now=ctrl.now(),
    )
    off = run(ctrl, "p2", Origin.DAEMON).retrieval_id
    run_async(tab.refresh())
    assert shown_ids(tab) == [off, c, b, a, old]

    # Through the combo box, as a person would (the list reloads by itself).
    tab.origin_combo.setCurrentIndex(tab.origin_combo.findData("daemon"))
    wait_until(lambda: shown_ids(tab) == [off, a, old])

    tab.set_filter(project_id="p1")
    run_async(tab.apply_filter())
    assert shown_ids(tab) == [a, old]

    tab.set_filter(origin="daemon", project_id="p2")
    run_async(tab.apply_filter())
    assert shown_ids(tab) == [off]

    tab.set_filter(event_type="project_memory_disabled")
    run_async(tab.apply_filter())
    assert shown_ids(tab) == [off]
    tab.set_filter(event_type="kept")
    run_async(tab.apply_filter())
    assert shown_ids(tab) == [a, old]

    tab.set_filter(since=QDateTime.fromMSecsSinceEpoch(ctrl.now() - DAY))
    run_async(tab.apply_filter())
    assert shown_ids(tab) == [off, c, b, a]
    tab.set_filter(until=QDateTime.fromMSecsSinceEpoch(ctrl.now() - DAY))
    run_async(tab.apply_filter())
    assert shown_ids(tab) == [old]

    tab.set_filter(origin="preview")
    run_async(tab.apply_filter())
    assert shown_ids(tab) == []
    assert tab.list_stack.currentWidget() is tab.empty
    assert "No retrieval matches" in tab.empty.text()
    tab.empty.actionButton().click()  # "Clear filters"
    wait_until(lambda: len(shown_ids(tab)) == 5)
    assert tab.list_stack.currentWidget() is tab.table


def test_selecting_a_retrieval_shows_its_stage_events_and_traces_in_order(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed_preferences(seed, ctrl)
    first = run(ctrl, "p1", Origin.DAEMON)
    controls.set_project(
        ctrl.store,
        ctrl.user,
        "p2",
        use_memory=False,
        use_global_memory=False,
        actor=Actor.GUI,
        now=ctrl.now(),
    )
    second = run(ctrl, "p2", Origin.DAEMON)
    run_async(tab.refresh())

    tab.select_retrieval(first.retrieval_id)  # type: ignore[arg-type]
    expected = [(e.stage, e.type, e.trace) for e in first.result.events]
    assert len(expected) >= 2 and all(trace for *_x, trace in expected)
    wait_until(lambda: [(e.stage, e.type, e.trace) for e in tab.shown_events()] == expected)
    m = tab.events_model
    assert [m.index(i, 4).data() for i in range(m.rowCount())] == [
        event_reasons.event_sentence(e) for e in first.result.events
    ]
    assert [m.index(i, 0).data() for i in range(m.rowCount())] == [str(i + 1) for i in range(len(expected))]
    kept = [m.index(i, 3).data() for i in range(m.rowCount()) if m.index(i, 2).data() == "used"]
    assert "Prefers airy spacing (layout) · in project p1 only" in kept
    assert tab.events_view.wordWrap()
    # The selected event's whole trace and its fields are readable in the detail pane.
    tab.events_view.selectRow(len(expected) - 1)
    assert tab.detail.toPlainText().startswith(event_reasons.event_sentence(first.result.events[-1]))
    assert expected[-1][2] in tab.detail.toPlainText()
    assert "preference_key:" in tab.detail.toPlainText()
    assert f"Retrieval #{first.retrieval_id}" in tab.summary.text()

    tab.select_retrieval(second.retrieval_id)  # type: ignore[arg-type]
    wait_until(lambda: [e.type for e in tab.shown_events()] == ["project_memory_disabled"])
    assert (
        "Nothing is injected: project p2 uses neither global memory nor its own (both switches are off)."
        in (tab.summary.text())
    )


def test_run_now_records_a_row_at_the_top_and_a_dry_run_records_nothing(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed_preferences(seed, ctrl)
    run(ctrl, "p2", Origin.DAEMON)
    run_async(tab.refresh())
    before = stored_ids(ctrl)
    assert shown_ids(tab) == before

    tab.run_project_combo.setCurrentIndex(tab.run_project_combo.findData("p1"))
    tab.dry_run_check.setChecked(False)
    tab.run_button.click()
    wait_until(lambda: tab.model.rowCount() == len(before) + 1)
    after = stored_ids(ctrl)
    assert len(after) == len(before) + 1
    top = tab.model.row_at(0)
    assert top is not None and top.id == after[0] and top.origin == "gui" and top.project_id == "p1"
    wait_until(lambda: getattr(tab.selected_retrieval(), "id", None) == after[0])
    assert "Recorded retrieval" in tab.message.text()

    tab.dry_run_check.setChecked(True)
    tab.run_button.click()
    wait_until(lambda: tab.summary.text().startswith("Dry run"))
    assert stored_ids(ctrl) == after
    assert tab.model.rowCount() == len(after)
    assert any(e.type == "kept" for e in tab.shown_events())
    assert "Nothing was recorded" in tab.message.text()

    # A read-only store: recording is not offered, and a run cannot record.
    tab.set_read_only(True)
    assert tab.dry_run_check.isChecked() and not tab.dry_run_check.isEnabled()
    outcome = run_async(tab.run_retrieval("p1", mode=Mode.CRITIQUE, dry_run=False))
    assert outcome.retrieval_id is None and stored_ids(ctrl) == after


def test_refresh_keeps_the_selection_when_new_retrievals_arrive(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed_preferences(seed, ctrl)
    ids = [run(ctrl, "p1", Origin.DAEMON).retrieval_id for _ in range(6)]
    run_async(tab.refresh())
    tab.select_retrieval(ids[2])  # type: ignore[arg-type]
    new = run(ctrl, "p2", Origin.DAEMON).retrieval_id
    run_async(tab.refresh())
    assert shown_ids(tab)[0] == new
    assert tab.selected_retrieval().id == ids[2]  # type: ignore[union-attr]


def test_export_json_and_csv_hold_the_filtered_rows_with_mode_0600(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, tmp_path: Path
) -> None:
    seed_preferences(seed, ctrl)
    a = run(ctrl, "p1", Origin.DAEMON).retrieval_id
    b = run(ctrl, "p2", Origin.CLI).retrieval_id
    c = run(ctrl, "p1", Origin.CLI).retrieval_id
    run_async(tab.refresh())

    path = tmp_path / "all.json"
    assert run_async(tab.export_to(path, "json")) == 3
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    rows = json.loads(path.read_text(encoding="utf-8"))
    assert [r["id"] for r in rows] == [c, b, a]
    assert rows[0]["origin"] == "cli" and rows[0]["project_id"] == "p1"
    assert [e["type"] for e in rows[0]["events"]] == [e.type for e in queries_events(ctrl, c)]
    assert any(e["type"] == "kept" for e in rows[0]["events"])

    tab.set_filter(origin="cli")
    run_async(tab.apply_filter())
    path = tmp_path / "cli.csv"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o644)
    assert run_async(tab.export_to(path, "csv")) == 2
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with path.open(newline="", encoding="utf-8") as fh:
        parsed = list(csv.DictReader(fh))
    assert [int(r["id"]) for r in parsed] == [c, b]
    assert {r["origin"] for r in parsed} == {"cli"}
    assert parsed[1]["project_id"] == "p2" and int(parsed[0]["kept_positive"]) == 1


def queries_events(ctrl: Any, retrieval_id: int) -> list[DiagEvent]:
    with ctrl.store.read() as session:
        return retrieval_log.retrieval_events(session, retrieval_id)


# --------------------------------------------------------------------------- the model
@pytest.fixture
def qt_messages() -> Iterator[list[str]]:
    """Every Qt message while the test runs (the C++ model tester reports through qWarning)."""
    messages: list[str] = []
    previous = qInstallMessageHandler(lambda _mode, _ctx, text: messages.append(text))
    try:
        yield messages
    finally:
        qInstallMessageHandler(previous)


def test_retrievals_model_passes_the_item_model_tester(
    ctrl: Any, seed: Any, run_async: Any, qt_messages: list[str], qtmodeltester: Any, wait_until: Any
) -> None:
    seed_preferences(seed, ctrl)
    for i in range(7):
        run(ctrl, "p1" if i % 2 else "p2", Origin.DAEMON)
    model = RetrievalsModel(ctrl)
    model.page_size = 3  # several pages with a handful of rows
    # Qt's own tester (failures are warnings, collected below) and pytest-qt's (raises at once).
    tester = QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Warning)
    qtmodeltester.check(model, force_py=True)
    run_async(model.reload())
    assert model.rowCount() >= 3 and model.canFetchMore(QModelIndex())

    def ids() -> list[int]:
        return [model.row_at(i).id for i in range(model.rowCount())]  # type: ignore[union-attr]

    model.fetchMore(QModelIndex())
    wait_until(lambda: model.rowCount() >= 6 and not model.is_fetching())
    assert ids() == stored_ids(ctrl)[: len(ids())]
    newest = run(ctrl, "p1", Origin.CLI).retrieval_id  # arrives at the top on reload
    loaded = model.rowCount()
    run_async(model.reload())
    assert model.rowCount() == loaded and ids()[0] == newest
    assert ids() == stored_ids(ctrl)[:loaded]
    while model.canFetchMore(QModelIndex()):
        model.fetchMore(QModelIndex())
        wait_until(lambda: not model.is_fetching())
    assert ids() == stored_ids(ctrl) and len(ids()) == 8
    run_async(model.reload(reset=True))
    assert ids() == stored_ids(ctrl)[:3]
    del tester
    failures = [m for m in qt_messages if "FAIL" in m]
    assert not failures, failures


def test_stage_events_model_passes_the_item_model_tester(
    ctrl: Any, seed: Any, qt_messages: list[str], qtmodeltester: Any
) -> None:
    seed_preferences(seed, ctrl)
    recorded = run(ctrl, "p1", Origin.DAEMON).retrieval_id
    assert recorded is not None
    model = StageEventsModel()
    tester = QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Warning)
    events = fetch_retrieval_events(ctrl.store, recorded)
    assert events and all(isinstance(e, DiagEvent) for e in events)
    model.set_events(events)
    qtmodeltester.check(model, force_py=True)
    assert model.events == events and model.rowCount() == len(events)
    assert [model.index(i, 2).data() for i in range(model.rowCount())] == [
        labels.EVENTS[e.type] for e in events
    ]
    assert [model.index(i, 2).data(Qt.ItemDataRole.ToolTipRole) for i in range(model.rowCount())] == [
        f"Stored as {e.type}" for e in events
    ]
    model.set_events([])
    assert model.rowCount() == 0
    del tester
    failures = [m for m in qt_messages if "FAIL" in m]
    assert not failures, failures


def test_paging_reaches_every_one_of_350_retrievals(
    tab: DiagnosticsTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed_preferences(seed, ctrl)
    for i in range(350):
        run(ctrl, "p1" if i % 3 else "p2", Origin.DAEMON if i % 2 else Origin.CLI)
    every = stored_ids(ctrl)
    assert len(every) == 350
    run_async(tab.refresh())
    assert tab.model.rowCount() == 200 and tab.model.canFetchMore(QModelIndex())
    assert "scroll down for more" in tab.count_label.text()
    # Scrolling to the end asks the model for the next page, as a person would.
    for _ in range(10):
        if tab.model.rowCount() == 350:
            break
        tab.table.scrollToBottom()  # the view calls fetchMore when its last row shows
        wait_until(lambda: not tab.model.is_fetching())
    assert shown_ids(tab) == every
    assert not tab.model.canFetchMore(QModelIndex())
    assert tab.count_label.text() == "350 retrievals"


# --------------------------------------------------------------------------- screenshots
def test_screenshots_light_and_dark(
    ctrl: Any, qtbot: Any, qapp: Any, run_async: Any, wait_until: Any
) -> None:
    from creative_memory.services.demo import demo

    now = ctrl.now()
    demo.generate(ctrl.store, ctrl.user, size="S", seed=3, now=now)
    projects = controls.projects(ctrl.store, ctrl.user)
    for i, p in enumerate(projects[:5]):
        run(ctrl, p.id, Origin.DAEMON, now=now - (5 - i) * 3_600_000)
        run(ctrl, p.id, Origin.CLI, now=now - (5 - i) * 3_600_000 + 60_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab = DiagnosticsTab(ctrl)
    qtbot.addWidget(tab)
    tab.resize(1200, 760)
    tab.show()
    try:
        for dark in (False, True):
            apply_scheme(qapp, dark=dark)
            run_async(tab.refresh())
            tab.select_row(1)
            wait_until(lambda: len(tab.shown_events()) > 3)
            tab.events_view.selectRow(2)
            run_async(asyncio.sleep(0.2))
            image = tab.grab().toImage()
            assert not image.isNull() and image.width() >= 1000
            path = SHOTS / f"diagnostics-{'dark' if dark else 'light'}.png"
            assert image.save(str(path))
    finally:
        apply_scheme(qapp, dark=False)

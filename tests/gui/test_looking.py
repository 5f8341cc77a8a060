"""Looking never writes: opening every tab, every Preview project, mode and what-if, selecting in the
Inspector and a Diagnostics dry run leave every table of the store unchanged (a digest of every row
of every table, before and after)."""

from __future__ import annotations

import sqlite3
from typing import Any

from harness import event  # the fixtures (ctrl, seed, window, wait_until) come from conftest

from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab
from creative_memory.gui.tabs.inspector.view import InspectorTab
from creative_memory.gui.tabs.preview.view import PreviewTab
from creative_memory.model.constants import Mode, Origin
from creative_memory.model.tables import Retrieval
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.digest import store_digest, table_digests


def _seed_store(ctrl: Any, seed: Any) -> None:
    now = ctrl.now()
    lines = [event(i, project="p1", at_ms=now - (50 - i) * 60_000) for i in range(1, 6)]
    lines += [
        event(10 + i, pattern="serif_headlines", ptype="typography", at_ms=now - (40 - i) * 60_000)
        for i in range(1, 6)
    ]
    lines += [
        event(
            20 + i,
            pattern="drop_shadows",
            ptype="imagery",
            polarity="negative",
            project="p2",
            at_ms=now - (30 - i) * 60_000,
        )
        for i in range(1, 4)
    ]
    seed(lines)
    con = sqlite3.connect(ctrl.store.path)
    with con:
        con.execute("CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT)")
        con.execute("INSERT INTO projects VALUES ('p1', 'Investor deck'), ('p2', 'Café menu')")
    con.close()
    for project in (None, "p1"):
        retrieval.run(
            ctrl.store,
            retrieval.RetrievalRequest(ctrl.user, project_id=project, now=now, origin=Origin.DAEMON),
        )


def test_opening_every_tab_and_previewing_changes_no_table(
    ctrl: Any, seed: Any, window: Any, run_async: Any, wait_until: Any
) -> None:
    _seed_store(ctrl, seed)
    run_async(ctrl.reload_status())
    before = table_digests(ctrl.store.path)
    digest_before = store_digest(ctrl.store.path)

    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        run_async(page.refresh())

    preview = next(p for p in window.pages if isinstance(p, PreviewTab))
    for project in (None, "p1", "p2"):
        preview.project_combo.setCurrentIndex(preview.project_combo.findData(project))
        for mode in (Mode.GENERATION, Mode.CRITIQUE, Mode.LEGACY):
            preview.mode_combo.setCurrentIndex(preview.mode_combo.findData(str(mode)))
            run_async(preview.compose_preview())
    preview.project_combo.setCurrentIndex(preview.project_combo.findData("p1"))
    preview.disabled_check.setChecked(True)
    run_async(preview.compose_preview())
    assert preview.current_preview is not None and preview.current_preview.block == ""

    inspector = next(p for p in window.pages if isinstance(p, InspectorTab))
    window.tabs.setCurrentWidget(inspector)
    run_async(inspector.refresh())
    wait_until(lambda: inspector.model.rowCount() > 0)
    inspector.table.selectRow(0)
    wait_until(lambda: bool(inspector.detail.retrieval_label.text()))

    diagnostics = next(p for p in window.pages if isinstance(p, DiagnosticsTab))
    window.tabs.setCurrentWidget(diagnostics)
    assert diagnostics.dry_run_check.isChecked()  # a recorded run is an explicit choice
    out = run_async(diagnostics.run_retrieval("p1", dry_run=True))
    assert out.retrieval_id is None

    assert table_digests(ctrl.store.path) == before
    assert store_digest(ctrl.store.path) == digest_before
    assert not ctrl.errors


def test_only_an_explicit_recorded_run_in_diagnostics_records_and_it_is_not_an_injection(
    ctrl: Any, seed: Any, window: Any, run_async: Any
) -> None:
    _seed_store(ctrl, seed)
    diagnostics = next(p for p in window.pages if isinstance(p, DiagnosticsTab))
    window.tabs.setCurrentWidget(diagnostics)
    run_async(diagnostics.refresh())
    assert diagnostics.run_button.text() == "&Run (dry run)"
    diagnostics.dry_run_check.setChecked(False)
    assert diagnostics.run_button.text() == "&Run a recorded retrieval"
    before = table_digests(ctrl.store.path)
    out = run_async(diagnostics.run_retrieval("p1", dry_run=False))
    after = table_digests(ctrl.store.path)
    assert out.retrieval_id is not None
    changed = {t for t in before if before[t] != after[t]}
    # The retrieval and its stage events; no preference's "last injected" moved.
    assert changed == {"creative_memory_retrievals", "creative_memory_retrieval_events", "sqlite_sequence"}
    with ctrl.store.read() as session:
        origin = (
            session.execute(Retrieval.__table__.select().where(Retrieval.id == out.retrieval_id)).one().origin
        )
    assert origin == "gui"

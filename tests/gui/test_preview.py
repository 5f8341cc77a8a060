"""The Preview tab over a real store: the composed prefix (Personal then Creative memory), modes,
the empty explanations, the what-if toggles (which change and record nothing), copy, never
recording, and screenshots in light and dark palettes.

Screenshots go to ``$CM_SHOTS_DIR`` (default: ``cm-shots`` in the system temp folder).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from harness import event
from PySide6.QtGui import QColor, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication

from creative_memory.gui.tabs.preview.render import section_colours
from creative_memory.gui.tabs.preview.view import PreviewTab
from creative_memory.gui.theme import apply_scheme
from creative_memory.model.constants import Actor
from creative_memory.services.controls import controls
from creative_memory.services.engine.block import estimate_tokens
from creative_memory.services.inspection import queries, retrieval_log

REPO_ROOT = Path(__file__).resolve().parents[2]
FIXTURE_MEMORY = REPO_ROOT / "tests" / "fixtures" / "od-data-dir" / "memory"
SHOTS = Path(os.environ.get("CM_SHOTS_DIR") or tempfile.gettempdir()) / "cm-shots"


def seed_p1(seed: Any, ctrl: Any) -> None:
    """In project p1: airy spacing at 0.50 (medium), serif headlines at 0.50, both injectable."""
    now = ctrl.now()
    lines = [event(i, project="p1", at_ms=now - (40 - i) * 60_000) for i in range(1, 6)]
    lines += [
        event(
            10 + i, project="p1", pattern="serif_headlines", ptype="typography", at_ms=now - (30 - i) * 60_000
        )
        for i in range(1, 6)
    ]
    seed(lines)


def preview_ids(ctrl: Any) -> list[int]:
    with ctrl.store.read() as session:
        q = retrieval_log.retrievals_query(ctrl.user, origin="preview", limit=1_000_000)
        return [r.id for r in session.scalars(q)]


def all_ids(ctrl: Any) -> list[int]:
    with ctrl.store.read() as session:
        return [r.id for r in session.scalars(retrieval_log.retrievals_query(ctrl.user, limit=1_000_000))]


def choose(tab: PreviewTab, run_async: Any, *, project: str | None = None, mode: str | None = None) -> None:
    if project is not None:
        tab.project_combo.setCurrentIndex(tab.project_combo.findData(project))
    if mode is not None:
        tab.mode_combo.setCurrentIndex(tab.mode_combo.findData(mode))
    run_async(tab.compose_preview())


def block_background(doc: QTextDocument, starts_with: str) -> QColor:
    block = doc.begin()
    while block.isValid():
        if block.text().startswith(starts_with):
            return block.blockFormat().background().color()
        block = block.next()
    raise AssertionError(f"no line starts with {starts_with!r}")


@pytest.fixture
def tab(ctrl: Any, qtbot: Any, run_async: Any) -> PreviewTab:
    t = PreviewTab(ctrl)
    qtbot.addWidget(t)
    t.resize(1000, 700)
    t.show()
    return t


def test_project_block_holds_the_pattern_in_human_form(
    tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed_p1(seed, ctrl)
    run_async(tab.refresh())
    assert [tab.project_combo.itemData(i) for i in range(tab.project_combo.count())] == [None, "p1"]
    choose(tab, run_async, project="p1")
    text = tab.text_view.toPlainText()
    assert text == tab.prefix_text()
    assert "## Creative memory" in text
    assert "airy spacing" in text and "airy_spacing" not in text
    assert "Prefer (medium): " in text
    preview = tab.current_preview
    assert preview is not None
    assert f"Creative memory: {estimate_tokens(preview.block)} tokens" in tab.tokens_text()
    assert "Personal memory: none" in tab.tokens_text()
    assert not tab.empty_banner.isVisible() and not tab.whatif_banner.isVisible()
    # Without a project, the project's preferences are not used: the explanation says why.
    tab.project_combo.setCurrentIndex(0)
    run_async(tab.compose_preview())
    assert "## Creative memory" not in tab.text_view.toPlainText()
    assert tab.empty_banner.isVisible()
    assert tab.empty_banner.text() == "Nothing is injected: no preference is strong and stable enough yet."


def test_legacy_and_critique_modes(tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any) -> None:
    seed_p1(seed, ctrl)
    run_async(tab.refresh())
    choose(tab, run_async, project="p1", mode="legacy")
    text = tab.text_view.toPlainText()
    assert "[MEMORY CONTEXT]" in text and "airy_spacing" in text
    assert "## Creative memory" not in text
    choose(tab, run_async, mode="critique")
    assert "Prefer (medium, supporting context): " in tab.text_view.toPlainText()


def test_personal_memory_comes_first_and_the_blocks_look_different(
    tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    shutil.copytree(FIXTURE_MEMORY, ctrl.ctx.data_dir.path / "memory")
    seed_p1(seed, ctrl)
    run_async(tab.refresh())
    choose(tab, run_async, project="p1")
    text = tab.text_view.toPlainText()
    assert text.startswith("## Personal memory")
    assert text.index("## Personal memory") < text.index("## Creative memory")
    assert "No stock photography" in text
    assert text.rstrip().endswith("…")  # the custom-instructions placeholder closes the prefix
    preview = tab.current_preview
    assert preview is not None and preview.personal_tokens > 0
    assert tab.tokens_text() == (
        f"Personal memory: {preview.personal_tokens} tokens · Creative memory: {preview.tokens} tokens"
    )
    doc = tab.text_view.document()
    personal = block_background(doc, "## Personal memory")
    creative = block_background(doc, "## Creative memory")
    assert personal.isValid() and creative.isValid() and personal != creative
    # Every line of a block carries its block's tint (so the blocks read as two areas).
    assert block_background(doc, "### Profile") == personal
    assert block_background(doc, "Prefer (medium)") == creative


def test_personal_memory_warnings_are_shown(tab: PreviewTab, ctrl: Any, run_async: Any) -> None:
    memory = ctrl.ctx.data_dir.path / "memory"
    shutil.copytree(FIXTURE_MEMORY, memory)
    index = memory / "MEMORY.md"
    index.write_text(
        index.read_text(encoding="utf-8") + "- [Gone](gone_entry.md) — deleted\n", encoding="utf-8"
    )
    run_async(tab.refresh())
    assert tab.warnings_banner.isVisible()
    assert "gone_entry.md" in tab.warnings_banner.text()
    assert tab.text_view.toPlainText().startswith("## Personal memory")  # the rest still composes
    index.write_text(
        index.read_text(encoding="utf-8").replace("- [Gone](gone_entry.md) — deleted\n", ""), encoding="utf-8"
    )
    run_async(tab.compose_preview())
    assert not tab.warnings_banner.isVisible()


def test_disabling_the_project_explains_the_empty_block(
    tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed_p1(seed, ctrl)
    controls.set_project(
        ctrl.store,
        ctrl.user,
        "p1",
        use_memory=False,
        use_global_memory=False,
        actor=Actor.GUI,
        now=ctrl.now(),
    )
    run_async(tab.refresh())
    choose(tab, run_async, project="p1")
    assert "## Creative memory" not in tab.text_view.toPlainText()
    assert tab.empty_banner.isVisible()
    assert tab.empty_banner.text() == (
        "Nothing is injected: project p1 uses neither global memory nor its own (both switches are off)."
    )
    assert "ignores memory" in tab.project_combo.currentText()
    assert "Creative memory: none" in tab.tokens_text()


def test_whatif_project_disabled_changes_nothing_and_records_nothing(
    tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed_p1(seed, ctrl)
    run_async(tab.refresh())
    choose(tab, run_async, project="p1")
    assert "## Creative memory" in tab.text_view.toPlainText()
    recorded = all_ids(ctrl)

    tab.disabled_check.setChecked(True)
    run_async(tab.compose_preview())
    assert "## Creative memory" not in tab.text_view.toPlainText()
    assert tab.whatif_banner.isVisible()
    assert "What-if preview — nothing has changed" in tab.whatif_banner.text()
    assert tab.empty_banner.text() == (
        "In this what-if: Nothing is injected: project p1 uses neither global memory nor its own "
        "(both switches are off)."
    )
    assert all_ids(ctrl) == recorded  # nothing recorded
    p1 = next(p for p in controls.projects(ctrl.store, ctrl.user) if p.id == "p1")
    assert p1.use_memory is True  # nothing changed

    tab.disabled_check.setChecked(False)
    run_async(tab.compose_preview())
    assert "## Creative memory" in tab.text_view.toPlainText()
    assert not tab.whatif_banner.isVisible()


def test_whatif_without_global_memory_keeps_only_the_projects_own(
    tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed_p1(seed, ctrl)
    now = ctrl.now()
    seed(
        [
            event(30 + i, pattern="muted_palette", ptype="color", at_ms=now - (20 - i) * 60_000)
            for i in range(1, 6)
        ]
    )
    run_async(tab.refresh())
    choose(tab, run_async, project="p1")
    assert "muted palette" in tab.text_view.toPlainText()
    recorded = all_ids(ctrl)
    tab.global_check.setChecked(True)
    run_async(tab.compose_preview())
    text = tab.text_view.toPlainText()
    assert "muted palette" not in text and "airy spacing" in text
    assert "did not use global memory" in tab.whatif_banner.text()
    assert all_ids(ctrl) == recorded
    p1 = next(p for p in controls.projects(ctrl.store, ctrl.user) if p.id == "p1")
    assert p1.use_global_memory is True  # nothing changed


def test_whatif_as_if_forgotten_uses_the_inspector_selection(
    tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed_p1(seed, ctrl)
    run_async(tab.refresh())
    choose(tab, run_async, project="p1")
    assert "airy spacing" in tab.text_view.toPlainText()
    recorded = all_ids(ctrl)

    tab.show_as_if_forgotten([("layout", "airy_spacing")])
    tab.forgotten_check.setChecked(True)
    run_async(tab.compose_preview())
    text = tab.text_view.toPlainText()
    assert "airy spacing" not in text and "serif headlines" in text
    assert "“airy spacing” were forgotten" in tab.whatif_banner.text()
    assert all_ids(ctrl) == recorded
    with ctrl.store.read() as session:
        prefs = queries.inspect(session, ctrl.user, project_id="p1")
    assert any(p.pattern == "airy_spacing" for p in prefs)  # still remembered

    # The Inspector's selection changes while the toggle is on: showing the tab re-composes.
    tab.show_as_if_forgotten([("typography", "serif_headlines")])
    tab.hide()
    tab.show()
    run_async(asyncio.sleep(0.3))
    text = tab.text_view.toPlainText()
    assert "serif headlines" not in text and "airy spacing" in text


def test_copy_puts_the_exact_text_on_the_clipboard(
    tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    shutil.copytree(FIXTURE_MEMORY, ctrl.ctx.data_dir.path / "memory")
    seed_p1(seed, ctrl)
    run_async(tab.refresh())
    choose(tab, run_async, project="p1")
    QApplication.clipboard().clear()
    tab.copy_button.click()
    preview = tab.current_preview
    assert preview is not None
    assert QApplication.clipboard().text() == preview.text == tab.text_view.toPlainText()
    assert "Copied" in tab.status_label.text()


def test_previews_are_never_recorded(tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any) -> None:
    seed_p1(seed, ctrl)
    changes: list[str] = []
    ctrl.changed.connect(changes.append)
    run_async(tab.refresh())
    choose(tab, run_async, project="p1")
    choose(tab, run_async, mode="critique")
    assert "airy spacing" in tab.text_view.toPlainText()
    assert all_ids(ctrl) == [] and preview_ids(ctrl) == []
    assert "diagnostics" not in changes
    with ctrl.store.read() as session:
        prefs = queries.inspect(session, ctrl.user, project_id="p1")
    assert all(p.last_injected is None for p in prefs)


def contrast(a: QColor, b: QColor) -> float:
    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_screenshots_light_and_dark_keep_the_blocks_readable(
    ctrl: Any, qtbot: Any, qapp: Any, run_async: Any
) -> None:
    from creative_memory.gui.theme import scheme_palette
    from creative_memory.services.demo import demo

    shutil.copytree(FIXTURE_MEMORY, ctrl.ctx.data_dir.path / "memory")
    demo.generate(ctrl.store, ctrl.user, size="S", seed=3, now=ctrl.now())
    projects = controls.projects(ctrl.store, ctrl.user)
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab = PreviewTab(ctrl)
    qtbot.addWidget(tab)
    tab.resize(1200, 760)
    tab.show()
    try:
        for dark in (False, True):
            palette = scheme_palette(dark=dark)
            text = palette.color(QPalette.ColorRole.Text)
            for background, accent in section_colours(palette).values():
                assert contrast(text, background) >= 7.0  # body text on the tint
                assert contrast(accent, background) >= 4.5  # headings on the tint
            apply_scheme(qapp, dark=dark)
            run_async(tab.refresh())
            choose(tab, run_async, project=projects[0].id)
            doc = tab.text_view.document()
            assert block_background(doc, "## Creative memory") == section_colours(palette)["creative"][0]
            sfx = "dark" if dark else "light"
            tab.text_view.verticalScrollBar().setValue(tab.text_view.verticalScrollBar().maximum())
            run_async(asyncio.sleep(0.1))
            assert tab.grab().save(str(SHOTS / f"preview-{sfx}.png"))
            controls.set_project(
                ctrl.store,
                ctrl.user,
                projects[1].id,
                use_memory=False,
                use_global_memory=False,
                actor=Actor.GUI,
                now=ctrl.now(),
            )
            run_async(tab.refresh())
            choose(tab, run_async, project=projects[1].id)
            assert tab.empty_banner.isVisible()
            assert tab.grab().save(str(SHOTS / f"preview-empty-{sfx}.png"))
            controls.set_project(
                ctrl.store,
                ctrl.user,
                projects[1].id,
                use_memory=True,
                use_global_memory=True,
                actor=Actor.GUI,
                now=ctrl.now(),
            )
            choose(tab, run_async, project=projects[0].id)
            tab.disabled_check.setChecked(True)
            run_async(tab.compose_preview())
            assert tab.grab().save(str(SHOTS / f"preview-whatif-{sfx}.png"))
            tab.disabled_check.setChecked(False)
    finally:
        apply_scheme(qapp, dark=False)


def test_whatif_forgets_a_project_scoped_selection_only_in_its_project(
    tab: PreviewTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    now = ctrl.now()
    seed(
        [event(i, project="p1", at_ms=now - (40 - i) * 60_000) for i in range(1, 6)]
        + [event(20 + i, at_ms=now - (30 - i) * 60_000) for i in range(1, 6)]
    )  # airy spacing, global too
    run_async(tab.refresh())
    choose(tab, run_async, project=None)
    assert "airy spacing" in tab.text_view.toPlainText()
    tab.show_as_if_forgotten([("layout", "airy_spacing", "project:p1")])
    tab.forgotten_check.setChecked(True)
    run_async(tab.compose_preview())
    assert "airy spacing" in tab.text_view.toPlainText()  # the global one is not what was selected
    tab.show_as_if_forgotten([("layout", "airy_spacing", "global")])
    run_async(tab.compose_preview())
    # Nothing left: no block and no custom-instructions note under nothing.
    assert tab.text_view.toPlainText() == "" and tab.prefix_text() == ""
    assert tab.empty_banner.text().startswith("In this what-if: Nothing is injected")


def test_the_creative_block_is_in_view_at_the_default_size(
    window: Any, ctrl: Any, seed: Any, run_async: Any
) -> None:
    shutil.copytree(FIXTURE_MEMORY, ctrl.ctx.data_dir.path / "memory")
    seed_p1(seed, ctrl)
    window.resize(1100, 720)
    page = next(p for p in window.pages if isinstance(p, PreviewTab))
    window.tabs.setCurrentWidget(page)
    run_async(page.refresh())
    choose(page, run_async, project="p1")
    view = page.text_view
    found = view.document().find("## Creative memory")
    assert not found.isNull() and view.toPlainText().startswith("## Personal memory")
    rect = view.cursorRect(found)
    assert view.viewport().rect().contains(rect.topLeft()), "the Creative memory heading is scrolled out"
    assert window.minimumSizeHint().width() <= 720 and window.minimumSizeHint().height() <= 600

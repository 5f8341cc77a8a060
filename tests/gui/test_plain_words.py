"""Every tab on the demo store, in English and German, reads in a person's words: no visible label,
button, picker entry or table cell shows a project id (``p_brand_refresh``), a stored pattern
name (``airy_spacing``), a decay stamp (``decay@…``) or, in German, an untranslated stage, origin
or mode code. Stored values may show only where the window says so: tooltips, and the text under
a "Stored as" line."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from harness import speaking
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QTreeWidget,
    QWidget,
)

from creative_memory.gui.controller import Controller
from creative_memory.model.constants import Actor
from creative_memory.services.controls import controls
from creative_memory.services.demo import demo
from creative_memory.services.demo.demostore import name_projects, show_everything
from creative_memory.services.retrieval import labels

#: what an internal identifier looks like (a word joined to another by "_": project ids, stored
#: pattern and type names, stage and reason codes), and a decay or reaction stamp
CODE = re.compile(r"(?<![\w/.-])[a-z][a-z0-9]*_[a-z0-9_]+\b|decay@|against@")
#: the codes that are English words too: wrong only where the window speaks German
_ENGLISH_WORDS = sorted({*labels.STAGES, *labels.ORIGINS, *labels.MODES} - {"preview"})
GERMAN_CODES = re.compile(r"\b(?:" + "|".join(_ENGLISH_WORDS) + r")\b")
#: a path on this machine (the store, the log): whatever its folders are called, not an identifier
PATH = re.compile(r"(?:[A-Za-z]:)?[/\\]\S+")
#: where the window deliberately shows the stored spelling: a "Stored as" line and what follows it
#: (for reviewers), and a name's "(stored as …)"
STORED = ("Stored as", "Gespeichert als")
STORED_NAME = re.compile(r"\((?:stored as|gespeichert als) [^)]*\)")
#: tables where an id column is deliberate (the Projects tab lists each project's id beside its name)
ID_COLUMNS = {"projects_table": {1}}
#: the text views that hold other text than the window's own (the prompt a model gets)
SKIPPED = {"prefix_text"}
#: table rows read per table (the first page tells as much as every page)
ROWS = 60


@pytest.fixture
def demo_ctrl(ctrl: Controller) -> Controller:
    """The demo store as ``--screenshot`` and "Explore with demo data" make it, with an activity log
    that names a project, and a project that switched one thing off."""
    now = ctrl.now()
    demo.generate(ctrl.store, ctrl.user, size="S", seed=7, now=now)
    show_everything(ctrl.store, ctrl.user, now)
    # The test's own folder: its projects get names, as Open Design's project list gives them.
    name_projects(ctrl.store, [p.id for p in controls.projects(ctrl.store, ctrl.user)])
    controls.pause(ctrl.store, ctrl.user, until=None, what="learning", actor=Actor.GUI, now=now)
    controls.resume(ctrl.store, ctrl.user, what="learning", actor=Actor.GUI, now=now)
    controls.set_project(
        ctrl.store, ctrl.user, "p_cafe_menu", learn_from_project=False, actor=Actor.CLI, now=now
    )
    controls.set_project(
        ctrl.store, ctrl.user, "p_brand_refresh", use_global_memory=False, actor=Actor.GUI, now=now
    )
    return ctrl


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    if request.param == "en":
        yield "en"
        return
    with speaking(qapp, "de"):
        yield "de"


def _readable_part(text: str) -> str:
    """The text before a "Stored as" line, without paths."""
    for mark in STORED:
        if mark in text:
            text = text[: text.index(mark)]
    return PATH.sub(" ", STORED_NAME.sub(" ", text))


def _model_texts(view: QAbstractItemView) -> list[tuple[str, str]]:
    model = view.model()
    if model is None:
        return []
    name = view.objectName()
    skip = ID_COLUMNS.get(name, set())
    out = []
    for c in range(model.columnCount()):
        header = model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        out.append((f"{name} header {c}", str(header or "")))
    for r in range(min(model.rowCount(), ROWS)):
        for c in range(model.columnCount()):
            if c in skip:
                continue
            value = model.index(r, c).data(Qt.ItemDataRole.DisplayRole)
            if value is not None:
                out.append((f"{name} cell {r},{c}", str(value)))
    return out


def visible_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) of every text a person sees in ``root`` as it is shown now."""
    out: list[tuple[str, str]] = []
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root) or w.objectName() in SKIPPED or isinstance(w, QHeaderView):
            continue  # a header's titles are read with its table
        where = f"{type(w).__name__} {w.objectName()}"
        if isinstance(w, QLabel | QAbstractButton):
            out.append((where, w.text()))
        elif isinstance(w, QGroupBox):
            out.append((where, w.title()))
        elif isinstance(w, QComboBox):
            out += [(f"{where} item {i}", w.itemText(i)) for i in range(w.count())]
        elif isinstance(w, QTabWidget):
            out += [(f"{where} tab {i}", w.tabText(i)) for i in range(w.count())]
        elif isinstance(w, QTextEdit | QPlainTextEdit):
            out.append((where, w.toPlainText()))
        elif isinstance(w, QListWidget):
            out += [(f"{where} item {i}", w.item(i).text()) for i in range(w.count())]
        elif isinstance(w, QTreeWidget):
            for i in range(w.topLevelItemCount()):
                item = w.topLevelItem(i)
                out += [(f"{where} item {i},{c}", item.text(c)) for c in range(item.columnCount())]
        elif isinstance(w, QAbstractItemView):
            out += _model_texts(w)
    return out


def codes_in(texts: list[tuple[str, str]], language: str) -> list[str]:
    found = []
    for where, text in texts:
        readable = _readable_part(text)
        hits = CODE.findall(readable)
        if language == "de":
            hits += GERMAN_CODES.findall(readable)
        if hits:
            found.append(f"{where}: {sorted(set(hits))} in {text[:120]!r}")
    return found


def test_every_tab_reads_without_internal_identifiers(
    language: str, demo_ctrl: Controller, qtbot: Any, run_async: Callable[..., Any]
) -> None:
    from creative_memory.gui.main_window import MainWindow
    from creative_memory.gui.settings import AppSettings
    from creative_memory.gui.tabs.inspector.view import InspectorTab

    window = MainWindow(demo_ctrl, AppSettings())
    qtbot.addWidget(window)
    window.resize(1200, 780)
    window.show()
    window.store_opened()
    problems: list[str] = []
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        run_async(page.refresh(), timeout=30)
        run_async(asyncio.sleep(0.3))
        if isinstance(page, InspectorTab):  # a project's preference selected: the detail pane too
            row = next(r for r in range(page.model.rowCount()) if page.model.key_at(r).project_id)
            page.select_key(page.model.key_at(row))
            run_async(asyncio.sleep(0.5))
            assert page.detail.detail_key() is not None
        problems += [f"{page.key}: {p}" for p in codes_in(visible_texts(window), language)]
    assert not problems, "\n".join(problems)


def test_the_check_finds_what_it_is_for() -> None:
    """The check itself: a project id, a stored name, a decay stamp and, in German, an English stage
    code are found; paths, tooltips' "Stored as" text and ordinary words are not."""
    texts = [
        ("a", "in p_nda only"),
        ("b", "Prefers airy_spacing"),
        ("c", "Demoted by event decay@1788610871233"),
        ("d", "Prefers airy spacing · in Brand refresh only"),
        ("e", "Store: /tmp/cm-2751rl8u/data/app_x.sqlite"),
        ("f", "Global drop shadows\n\nStored as:\np_cafe_menu override"),
        ("g", "Phase: lifecycle"),
    ]
    assert [f[:2] for f in codes_in(texts, "en")] == ["a:", "b:", "c:"]
    assert [f[:2] for f in codes_in(texts, "de")] == ["a:", "b:", "c:", "g:"]

"""Every visible string in ``gui/`` is found by ``pyside6-lupdate`` under a real context, and the
window looks each one up under that same context at run time.

The first tests run ``pyside6-lupdate`` over every Python file in ``gui/`` (as
``resources/translations/README.md`` says) into a temporary ``.ts``. The last ones fill that ``.ts``
with marker translations, build it with ``pyside6-lrelease`` and show a tab, a dialog and an item
model's headers with the translator installed: each shows the marker, so the context lupdate wrote is
the one Qt asks for (``self.tr`` in an inherited method included).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator

from creative_memory.gui.dialogs.store import StoreDialog
from creative_memory.gui.tabs.activity.view import ActivityTab
from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab
from creative_memory.gui.tabs.projects.view import ProjectsTab

GUI = Path(__file__).resolve().parents[2] / "src" / "creative_memory" / "gui"
BIN = Path(sys.executable).parent

#: the number of messages extracted when every helper was replaced (867); a new helper that hides
#: strings from lupdate lowers it
FLOOR = 850


def _tool(name: str) -> str:
    path = BIN / name
    assert path.exists(), f"{name} belongs to PySide6 and is installed beside the interpreter"
    return str(path)


def _lupdate(out: Path) -> ET.Element:
    files = sorted(GUI.rglob("*.py"))
    listing = out.with_suffix(".files")
    listing.write_text("\n".join(str(f) for f in files) + "\n", encoding="utf-8")
    subprocess.run(
        [_tool("pyside6-lupdate"), f"@{listing}", "-ts", str(out)], check=True, capture_output=True, text=True
    )
    return ET.parse(out).getroot()


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ET.Element]:
    ts = tmp_path_factory.mktemp("ts") / "creative_memory.ts"
    return ts, _lupdate(ts)


def _messages(root: ET.Element) -> list[tuple[str, str]]:
    return [
        (c.findtext("name") or "", m.findtext("source") or "")
        for c in root.iter("context")
        for m in c.iter("message")
    ]


def _source_contexts() -> set[str]:
    """Class names in gui/ and the literal contexts of translate()/QT_TRANSLATE_NOOP() calls."""
    names: set[str] = set()
    for path in GUI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in ("translate", "QT_TRANSLATE_NOOP") and isinstance(node.args[0].value, str):
                    names.add(node.args[0].value)
    return names


def _marked_in_source() -> set[tuple[str, str]]:
    """(context, text) of every literal in gui/ passed to self.tr (context: the class holding the call),
    QCoreApplication.translate or QT_TRANSLATE_NOOP (context: the first argument)."""
    found: set[tuple[str, str]] = set()

    def visit(node: ast.AST, cls: str) -> None:
        if isinstance(node, ast.ClassDef):
            cls = node.name
        if (
            isinstance(node, ast.Call)
            and node.args
            and all(isinstance(a, ast.Constant) for a in node.args[:2])
        ):
            func = node.func
            first = node.args[0].value  # type: ignore[attr-defined]
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "tr"
                and isinstance(func.value, ast.Name)
                and func.value.id == "self"
                and isinstance(first, str)
            ):
                found.add((cls, first))
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("translate", "QT_TRANSLATE_NOOP") and len(node.args) >= 2:
                context, text = first, node.args[1].value  # type: ignore[attr-defined]
                if isinstance(context, str) and isinstance(text, str):
                    found.add((context, text))
        for child in ast.iter_child_nodes(node):
            visit(child, cls)

    for path in GUI.rglob("*.py"):
        visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def test_every_marked_literal_is_extracted_under_its_context(extracted: tuple[Path, ET.Element]) -> None:
    marked = _marked_in_source()
    assert len(marked) >= FLOOR
    assert sorted(marked - set(_messages(extracted[1]))) == []


def test_no_message_is_extracted_without_a_context(extracted: tuple[Path, ET.Element]) -> None:
    empty = [source for context, source in _messages(extracted[1]) if not context]
    assert empty == []


def test_as_many_messages_as_the_window_shows(extracted: tuple[Path, ET.Element]) -> None:
    messages = _messages(extracted[1])
    assert len(messages) >= FLOOR
    # strings that only reach the window through a table of labels are marked where they are kept
    assert ("StoreDialog", "Folder") in messages
    assert ("RetrievalFilters", "Memory off") in messages
    assert ("AuditModel", "forget and block") in messages


def test_counted_messages_carry_the_count_for_plural_forms(extracted: tuple[Path, ET.Element]) -> None:
    counted = [m for m in extracted[1].iter("message") if "%n" in (m.findtext("source") or "")]
    assert counted
    assert [m.findtext("source") for m in counted if m.get("numerus") != "yes"] == []


def test_every_context_is_a_class_or_a_literal_context_in_the_source(
    extracted: tuple[Path, ET.Element],
) -> None:
    contexts = {c.findtext("name") or "" for c in extracted[1].iter("context")}
    assert len(contexts) > 40
    assert contexts - _source_contexts() == set()


def _mark(text: str) -> str:
    return f"⟦{text}⟧"


@pytest.fixture
def marked(extracted: tuple[Path, ET.Element], tmp_path: Path, qapp: Any) -> Iterator[QTranslator]:
    """A translator whose every translation is the source text in ⟦⟧, installed while the test runs."""
    source, _ = extracted
    root = ET.parse(source).getroot()
    root.set("language", "en")
    for message in root.iter("message"):
        translation = message.find("translation")
        assert translation is not None
        translation.attrib.pop("type", None)
        marker = _mark(message.findtext("source") or "")
        if message.get("numerus") == "yes":  # English has two forms: one, other
            for form in translation.findall("numerusform"):
                translation.remove(form)
            for _ in range(2):
                ET.SubElement(translation, "numerusform").text = marker
        else:
            translation.text = marker
    ts = tmp_path / "marked.ts"
    ET.ElementTree(root).write(ts, encoding="utf-8", xml_declaration=True)
    qm = tmp_path / "marked.qm"
    subprocess.run([_tool("pyside6-lrelease"), str(ts), "-qm", str(qm)], check=True, capture_output=True)
    translator = QTranslator()
    assert translator.load(str(qm))
    QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


def test_a_tab_shows_its_strings_from_the_extracted_context(
    marked: QTranslator, ctrl: Any, qtbot: Any
) -> None:
    tab = ActivityTab(ctrl)
    qtbot.addWidget(tab)
    assert tab.export_button.text() == _mark("E&xport…")
    assert tab.table.accessibleName() == _mark("Activity log")


def test_a_counted_message_is_looked_up_with_its_count(marked: QTranslator, ctrl: Any, qtbot: Any) -> None:
    tab = ProjectsTab(ctrl)
    qtbot.addWidget(tab)
    tab._update_view()  # no project yet: total 0
    assert tab.count_label.text() == _mark("%n project(s)").replace("%n", "0")


def test_a_part_of_a_tab_finds_its_strings_under_its_own_class(
    marked: QTranslator, ctrl: Any, qtbot: Any
) -> None:
    tab = DiagnosticsTab(
        ctrl
    )  # the run row is RunActions's, a part of the tab; lupdate files it under RunActions
    qtbot.addWidget(tab)
    tab.dry_run_check.setChecked(True)
    tab.dry_run_check.setChecked(False)
    assert tab.run_button.text() == _mark("&Run a recorded retrieval")
    tab.dry_run_check.setChecked(True)
    assert tab.run_button.text() == _mark("&Run (dry run)")
    assert tab.origin_combo.itemText(1) == _mark("Open Design (daemon)")  # a table of labels


def test_a_dialog_shows_its_strings_from_the_extracted_context(
    marked: QTranslator, tmp_path: Path, qtbot: Any
) -> None:
    dialog = StoreDialog(None, [], tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == _mark("Where creative memory is stored")
    header = dialog.table.horizontalHeaderItem(0)
    assert header is not None and header.text() == _mark("Folder")


def test_an_item_model_shows_its_headers_from_the_extracted_context(
    marked: QTranslator, ctrl: Any, qtbot: Any
) -> None:
    tab = ActivityTab(ctrl)
    qtbot.addWidget(tab)
    model = tab.model
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert headers == [_mark(h) for h in ("Time", "Who", "Action", "Target", "Outcome")]


def test_without_a_translator_the_window_speaks_english(ctrl: Any, qtbot: Any) -> None:
    tab = ActivityTab(ctrl)
    qtbot.addWidget(tab)
    assert tab.export_button.text() == "E&xport…"
    assert tab.model.headerData(0, Qt.Orientation.Horizontal) == "Time"

"""The German translation: complete, consistent with its binary, chosen by ``--lang de`` (or the system
locale), and used for what the window shows, including the reasons worded in ``services``; the
command line stays English (docs/decisions/0048-translations.md)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import speaking
from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, Qt, QTranslator
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDateTimeEdit

from creative_memory.gui import app as gui_app
from creative_memory.gui import language
from creative_memory.gui.dialogs.import_mode import ImportDialog
from creative_memory.gui.dialogs.pause import PauseDialog
from creative_memory.gui.tabs.activity.view import ActivityTab
from creative_memory.gui.tabs.inspector.detail import retrieval_sentence
from creative_memory.gui.tabs.preview.view import PreviewTab
from creative_memory.model.constants import Actor
from creative_memory.services.controls import controls
from creative_memory.services.transfer.import_plan import ImportContents

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "src" / "creative_memory" / "resources" / "translations"
TS = FOLDER / "creative_memory_de.ts"
QM = FOLDER / "creative_memory_de.qm"
BIN = Path(sys.executable).parent
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%n|%\d")
ACCELERATOR = re.compile(r"&(?!&)")


def _messages() -> list[tuple[str, ET.Element]]:
    root = ET.parse(TS).getroot()
    assert root.get("language") == "de"
    return [(c.findtext("name") or "", m) for c in root.iter("context") for m in c.iter("message")]


def _forms(message: ET.Element) -> list[str]:
    translation = message.find("translation")
    assert translation is not None
    if message.get("numerus") == "yes":
        return [form.text or "" for form in translation.findall("numerusform")]
    return [translation.text or ""]


def test_every_message_is_translated_and_keeps_its_placeholders_and_accelerators() -> None:
    messages = _messages()
    assert len(messages) > 900
    problems = []
    for context, message in messages:
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        forms = _forms(message)
        if translation.get("type") in ("unfinished", "vanished", "obsolete") or not all(forms):
            problems.append((context, source, "unfinished"))
        if message.get("numerus") == "yes" and len(forms) != 2:  # German: one, other
            problems.append((context, source, "needs both plural forms"))
        for form in forms:
            if sorted(PLACEHOLDER.findall(form)) != sorted(PLACEHOLDER.findall(source)):
                problems.append((context, source, form))
            if len(ACCELERATOR.findall(form)) != len(ACCELERATOR.findall(source)):
                problems.append((context, source, form))
    assert problems == []


def test_the_shipped_binary_holds_every_translation_of_the_source(qapp: Any) -> None:
    """Robust against lrelease versions: the .qm answers each .ts message with its translation."""
    translator = QTranslator()
    assert translator.load(str(QM))
    for context, message in _messages():
        source = message.findtext("source") or ""
        forms = _forms(message)
        if message.get("numerus") == "yes":
            assert translator.translate(context, source, None, 1) == forms[0], (context, source)
            assert translator.translate(context, source, None, 3) == forms[1], (context, source)
        else:
            assert translator.translate(context, source) == forms[0], (context, source)


def test_every_string_the_sources_mark_is_in_the_german_file(tmp_path: Path) -> None:
    files = sorted(str(p) for p in (REPO / "src" / "creative_memory" / "gui").rglob("*.py"))
    files += sorted(
        str(p)
        for p in (REPO / "src" / "creative_memory" / "services").rglob("*.py")
        if "QT_TRANSLATE_NOOP" in p.read_text("utf-8")
    )
    listing = tmp_path / "files"
    listing.write_text("\n".join(files) + "\n", encoding="utf-8")
    out = tmp_path / "now.ts"
    subprocess.run(
        [str(BIN / "pyside6-lupdate"), f"@{listing}", "-ts", str(out)],
        check=True,
        capture_output=True,
        text=True,
    )
    root = ET.parse(out).getroot()
    extracted = {
        (c.findtext("name"), m.findtext("source")) for c in root.iter("context") for m in c.iter("message")
    }
    shipped = {(context, m.findtext("source")) for context, m in _messages()}
    assert ("Reasons", "Nothing is injected: {because}.") in extracted
    assert sorted(extracted - shipped) == []  # type: ignore[type-var]


@pytest.fixture
def german(qapp: QApplication) -> Iterator[QApplication]:
    """What ``creative-memory --lang de`` installs, removed again after the test."""
    with speaking(qapp, "de"):
        yield qapp


def test_lang_de_loads_the_german_translation_and_a_tab_speaks_german(
    german: QApplication, ctrl: Any, qtbot: Any
) -> None:
    assert len(language.KEPT) >= 1
    tab = ActivityTab(ctrl)
    qtbot.addWidget(tab)
    assert tab.export_button.text() == "E&xportieren…"
    assert tab.table.accessibleName() == "Aktivitätsprotokoll"
    assert QLocale().language() == QLocale.Language.German


def test_qt_standard_buttons_speak_german_when_qt_ships_german(german: QApplication) -> None:
    if not any((folder / "qtbase_de.qm").is_file() for folder in language.qt_translation_folders()):
        pytest.skip("this PySide6 ships no qtbase_de.qm")
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"


def test_a_pause_end_is_typed_and_said_in_german(german: QApplication, qtbot: Any) -> None:
    dialog = PauseDialog(now_ms=1_793_000_000_000)  # 2026-10-26
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.until_edit.displayFormat() == "dd.MM.yyyy HH:mm"
    button = dialog.preset_buttons["custom"]
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)
    qtbot.keyClick(button, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.until_edit
    assert dialog.until_edit.currentSection() == QDateTimeEdit.Section.DaySection
    QTest.keyClicks(dialog.until_edit, "02.12.2026 09:30")
    assert dialog.until_edit.dateTime().toString("yyyy-MM-dd HH:mm") == "2026-12-02 09:30"
    assert (
        dialog.ends_label.text() == "Lernen und Nutzen werden bis Mittwoch, 2. Dezember 2026, 09:30 pausiert."
    )
    dialog.set_what("learning")
    assert dialog.ends_label.text() == "Das Lernen wird bis Mittwoch, 2. Dezember 2026, 09:30 pausiert."
    dialog.set_preset("resume")
    assert dialog.ends_label.text() == "Das Lernen bleibt pausiert, bis Sie fortsetzen."


def test_an_import_says_what_the_file_holds_in_german(
    german: QApplication, qtbot: Any, tmp_path: Path
) -> None:
    contents = ImportContents("bundle", True, "local", 6, 3, 0, 1_793_000_000_000, None)  # type: ignore[arg-type]
    dialog = ImportDialog(path=tmp_path / "sicherung.json", contents=contents)
    qtbot.addWidget(dialog)
    assert dialog.holds_label.text() == (
        "sicherung.json enthält 6 Ereignisse aus dem Gedächtnis des Benutzers local, exportiert am "
        + QLocale().toString(QDateTime.fromMSecsSinceEpoch(1_793_000_000_000), QLocale.FormatType.ShortFormat)
        + ". Sie ist verschlüsselt; die Passphrase hat sie geöffnet."
    )


def test_a_counted_message_has_both_german_forms(german: QApplication) -> None:
    assert QCoreApplication.translate("ProjectsTab", "%n project(s)", None, 1) == "1 Projekt"
    assert QCoreApplication.translate("ProjectsTab", "%n project(s)", None, 4) == "4 Projekte"


def test_the_overview_says_where_and_the_keychain_in_german(
    german: QApplication, ctrl: Any, qtbot: Any, run_async: Any, tmp_path: Path
) -> None:
    """Why this folder and where the secret is: worded in services, shown in the window's language;
    the English (od-memory where, status) is unchanged."""
    from creative_memory.gui.tabs.overview.view import OverviewTab
    from creative_memory.gui.visible import said
    from creative_memory.services.keychain.secrets import SecretStore
    from creative_memory.services.location.datadir import DataDir

    assert DataDir(tmp_path, "flag").how() == "chosen with --data-dir"
    assert said(DataDir(tmp_path, "flag").how_sentence()) == "mit --data-dir gewählt"
    assert (
        said(DataDir(tmp_path, "env", detail="x").how_sentence())
        == "aus der Umgebungsvariablen OD_DATA_DIR; x"
    )
    import keyring.backends.fail

    status = SecretStore(config_dir=tmp_path / "c", keyring_backend=keyring.backends.fail.Keyring()).status()
    assert status.detail.startswith("No system keychain was found; the key that keeps your blocked patterns ")
    assert status.sentence is not None
    assert said(status.sentence).startswith(
        "Es wurde kein Schlüsselbund des Systems gefunden; der Schlüssel, der Ihre gesperrten Muster "
    )
    tab = OverviewTab(ctrl)
    qtbot.addWidget(tab)
    tab.show()
    run_async(tab.refresh())
    assert tab.rule_label.text() == "mit --data-dir gewählt"
    assert "Schlüsselbund" in tab.keychain_label.text()


def test_a_services_sentence_is_shown_in_german(
    german: QApplication, ctrl: Any, qtbot: Any, run_async: Any
) -> None:
    controls.set_enabled(ctrl.store, ctrl.user, False, actor=Actor.GUI, now=ctrl.now())
    tab = PreviewTab(ctrl)
    qtbot.addWidget(tab)
    tab.show()
    run_async(tab.refresh())
    run_async(tab.compose_preview())
    assert tab.empty_banner.text() == (
        "Nichts wird eingefügt: das kreative Gedächtnis ist ausgeschaltet (der Schalter „Kreatives Gedächtnis“)."
    )
    assert (
        retrieval_sentence(None)
        == "Open Design hat das kreative Gedächtnis noch in keiner Generierung genutzt."
    )


def test_an_unknown_language_is_said_and_the_window_speaks_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert gui_app.build_parser().parse_args(["--lang", "xx"]).lang == "en"
    assert "no 'xx' translation" in capsys.readouterr().err
    assert gui_app.build_parser().parse_args(["--lang", "de-AT"]).lang == "de"
    assert language.shipped_languages() == ["en", "de"]


def test_the_command_line_stays_english_under_a_german_locale(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "LANG", "LC_"))}
    env.update(
        OD_DATA_DIR=str(tmp_path / "data"),
        CM_CONFIG_DIR=str(tmp_path / "cfg"),
        HOME=str(tmp_path),
        LANG="de_DE.UTF-8",
        LC_ALL="de_DE.UTF-8",
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )

    def od(*args: str) -> str:
        proc = subprocess.run(
            [sys.executable, "-m", "creative_memory.cli.main", *args],
            env=env,
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
            stdin=subprocess.DEVNULL,
        )
        return proc.stdout

    (tmp_path / "data").mkdir()  # OD_DATA_DIR names it: a write never creates it (decision 0074)
    od("disable")
    preview = json.loads(od("--json", "preview"))
    assert preview["empty_sentence"] == (
        "Nothing is injected: creative memory is switched off (the “Creative memory” switch)."
    )


def test_a_stage_event_of_diagnostics_reads_in_german(german: QApplication) -> None:
    from creative_memory.gui.itemmodels.stage_events import event_details
    from creative_memory.model.records import DiagEvent

    kept = DiagEvent("kept", "rank", "kept", "global/layout/airy_spacing/positive", {"strength": 0.71})
    assert event_details(kept).startswith("Behalten: airy spacing (layout), positiv (Stärke 0.71).")


def test_without_lang_the_system_locale_decides(tmp_path: Path) -> None:
    script = (
        "from PySide6.QtCore import QCoreApplication, QLocale\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from creative_memory.gui import language\n"
        "qt = QApplication([])\n"
        "language.install_translator(qt, None)\n"
        "print(QLocale.system().name(), QCoreApplication.translate('ActivityTab', 'Activity log'))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env.update(LANG="de_DE.UTF-8", LC_ALL="de_DE.UTF-8", QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["de_DE", "Aktivitätsprotokoll"]


def _accelerator(text: str) -> str | None:
    found = re.search(r"&(?!&)(.)", text)
    return found.group(1).lower() if found else None


def test_accelerators_stay_distinct_where_the_english_ones_are() -> None:
    """Within a context (a dialog, a card, a tab), two strings whose English accelerators differ get
    different German ones, so Alt+letter still reaches one control."""
    clashes = []
    by_context: dict[str, list[tuple[str, str, str]]] = {}
    for context, message in _messages():
        source = message.findtext("source") or ""
        english, german_key = _accelerator(source), _accelerator(_forms(message)[0])
        if english and german_key:
            by_context.setdefault(context, []).append((english, german_key, source))
    for context, keys in by_context.items():
        for i, (en_a, de_a, a) in enumerate(keys):
            for en_b, de_b, b in keys[i + 1 :]:
                if en_a != en_b and de_a == de_b:
                    clashes.append((context, a, b))
    assert clashes == []

"""The first window: painted before the store layer is imported, then handed over to the main window."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from creative_memory.gui.settings import AppSettings, make_qsettings
from creative_memory.gui.startwindow import StartWindow

HEAVY = ("sqlalchemy", "alembic", "pydantic", "keyring", "cryptography", "asyncio", "qasync")

PROBE = """
import json, sys
from creative_memory.gui.app import main
code = main(sys.argv[1:])
loaded = sorted({m.split(".")[0] for m in sys.modules} & set(json.loads(sys.stdin.read())))
ours = sorted(m for m in sys.modules if m.startswith("creative_memory.services."))
print(json.dumps({"code": code, "heavy": loaded, "services": ours}))
"""


def _run(tmp_path: Path, env_extra: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "CM_SETTINGS_DIR": str(tmp_path / "settings"),
        "CM_CONFIG_DIR": str(tmp_path / "config"),
        "CM_OFFSCREEN_DEADLINE_S": "60",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        **env_extra,
    }
    return subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        input=json.dumps(HEAVY),
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_the_first_paint_imports_no_store_layer_and_creates_nothing(tmp_path: Path) -> None:
    data = tmp_path / "od"
    r = _run(tmp_path, {"CM_QUIT_AFTER_FIRST_PAINT": "1"}, "--data-dir", str(data), "--user", "local")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.splitlines()[-1])
    assert out["code"] == 0
    assert out["heavy"] == [], f"imported before the first paint: {out['heavy']}"
    # only the path-finding modules: no store, no engine, no queries
    heavy_modules = ("store.store", "inspection.queries", "derivation.derivation", "controls.controls")
    assert not [m for m in out["services"] if m.endswith(heavy_modules)]
    assert not data.exists()  # looking for the store never creates it


def test_the_full_start_goes_on_to_the_loaded_main_window_and_ends_when_it_closes(tmp_path: Path) -> None:
    """The program as started (it ends its own process when its window has closed): the first
    window painted, then the main window loaded, then closed, and the store made."""
    data = tmp_path / "od"
    marks = tmp_path / "marks"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "CM_SETTINGS_DIR": str(tmp_path / "settings"),
        "CM_CONFIG_DIR": str(tmp_path / "config"),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        "CM_QUIT_AFTER_START": "1",
        "CM_BENCH_MARKS": str(marks),
    }
    r = subprocess.run(
        [sys.executable, "-m", "creative_memory.gui.app", "--data-dir", str(data), "--user", "local"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    seen = [line.split()[0] for line in marks.read_text().splitlines()]
    assert seen == ["first_paint", "loaded", "close"]
    assert (data / "app.sqlite").is_file()
    assert (tmp_path / "settings" / "creative-memory-studio.ini").is_file()  # what the window keeps


def test_a_bad_user_is_refused_before_any_window(tmp_path: Path) -> None:
    r = _run(
        tmp_path, {"CM_QUIT_AFTER_FIRST_PAINT": "1"}, "--data-dir", str(tmp_path / "od"), "--user", "bad id"
    )
    assert json.loads(r.stdout.splitlines()[-1])["code"] == 3, r.stderr
    assert r.stderr.startswith("creative-memory: ")
    assert "is not a user id" in r.stderr
    assert "Traceback" not in r.stderr


def test_the_start_window_shows_the_location_as_text_and_takes_the_remembered_place(qtbot: QtBot) -> None:
    settings = AppSettings(make_qsettings())
    remembered = QWidget()
    qtbot.addWidget(remembered)
    remembered.setGeometry(40, 50, 800, 610)
    settings.save_window(remembered)
    location = "/home/ana/Open <b>Design</b>/data"
    shell = StartWindow(location, settings)
    qtbot.addWidget(shell)
    shell.show_painted()
    assert shell.isVisible()
    assert abs(shell.width() - 800) <= 4 and abs(shell.height() - 610) <= 4  # not the default 1100 × 720
    label = shell.findChild(QLabel, "start_location")
    assert label is not None
    assert "&lt;b&gt;Design&lt;/b&gt;" in label.text()  # shown as typed, never as markup
    assert "<b>" not in label.text()
    shell.move(120, 90)
    main = QWidget()
    qtbot.addWidget(main)
    shell.hand_over(main)
    assert main.isVisible()
    assert not shell.isVisible()
    assert main.geometry() == shell.geometry()

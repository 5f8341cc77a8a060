"""The window's log file: where it goes, that it rotates, that an unwritable folder is survived, and
that the Diagnostics tab shows its path."""

from __future__ import annotations

import io
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from creative_memory.gui import logging_setup
from creative_memory.gui.tabs.diagnostics.view import DiagnosticsTab


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """Whatever a test installs on the root logger is taken off again."""
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    try:
        yield
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(level)
        logging.getLogger("cm").setLevel(logging.NOTSET)


def test_the_log_file_is_in_the_log_folder_or_where_cm_log_dir_says(tmp_path: Path) -> None:
    assert logging_setup.default_log_file({"CM_LOG_DIR": str(tmp_path)}) == tmp_path / "creative-memory.log"
    default = logging_setup.default_log_file({})
    assert default.name == "creative-memory.log" and "creative-memory-studio" in default.parts
    if sys.platform.startswith("linux"):  # the tests' XDG_STATE_HOME is a temp folder (tests/conftest.py)
        assert default.is_relative_to(Path(os.environ["XDG_STATE_HOME"]))


def test_the_log_file_rotates_and_keeps_a_bounded_number_of_old_files(
    tmp_path: Path, restore_logging: None
) -> None:
    log_file = tmp_path / "logs" / "creative-memory.log"
    logging_setup.setup_logging(
        logging.INFO,
        log_file=log_file,
        stream=io.StringIO(),
        qt_messages=False,
        capture_warnings=False,
        max_bytes=2_000,
        backups=2,
    )
    assert logging_setup.current_log_file() == log_file
    log = logging_setup.get_logger("store")
    for i in range(200):
        log.info("line %03d %s", i, "x" * 60)
    names = sorted(p.name for p in log_file.parent.iterdir())
    assert names == ["creative-memory.log", "creative-memory.log.1", "creative-memory.log.2"]
    for path in log_file.parent.iterdir():
        assert 0 < path.stat().st_size <= 2_000
    newest = log_file.read_text(encoding="utf-8").splitlines()
    assert "line 199" in newest[-1]
    older = (log_file.parent / "creative-memory.log.2").read_text(encoding="utf-8")
    assert "line 000" not in older  # the oldest lines were let go
    logging_setup.close_log_file()
    assert logging_setup.current_log_file() is None


def test_an_unwritable_log_folder_leaves_the_console(tmp_path: Path, restore_logging: None) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log folder would be")
    console = io.StringIO()
    logging_setup.setup_logging(
        logging.INFO,
        log_file=blocker / "creative-memory.log",
        stream=console,
        qt_messages=False,
        capture_warnings=False,
    )
    assert logging_setup.current_log_file() is None
    logging_setup.get_logger("gui").warning("still heard")
    text = console.getvalue()
    assert "cannot be written" in text and "still heard" in text


def test_the_diagnostics_tab_shows_where_the_log_is(
    ctrl: Any, qtbot: Any, tmp_path: Path, restore_logging: None
) -> None:
    tab = DiagnosticsTab(ctrl)
    qtbot.addWidget(tab)
    tab.show()
    assert logging_setup.current_log_file() is None and not tab.log_label.isVisible()
    log_file = tmp_path / "log" / "creative-memory.log"
    logging_setup.setup_logging(
        logging.WARNING,
        log_file=log_file,
        stream=io.StringIO(),
        qt_messages=False,
        capture_warnings=False,
    )
    tab.show_log_file()
    assert tab.log_label.isVisible()
    assert tab.log_label.text() == f"Program log (warnings and errors): {log_file}"

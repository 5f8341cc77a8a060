"""A reset's backup honours "Encrypt with a passphrase": ticked, the backup written before the reset
is encrypted (the window asks for the passphrase after the reset dialog); declining the passphrase
writes nothing and erases nothing. The command line: ``reset --backup F --encrypt --passphrase-env``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import shiboken6
from harness import event
from PySide6.QtCore import Qt

from creative_memory.gui.controller import Controller
from creative_memory.gui.tabs.overview.view import OverviewTab
from creative_memory.services.controls import controls
from creative_memory.services.transfer import crypto

REPO = Path(__file__).resolve().parents[2]
PASSPHRASE = "correct horse battery staple"


def open_tab(ctrl: Controller, run_async: Any) -> OverviewTab:
    tab = OverviewTab(ctrl)
    tab.resize(1100, 760)
    tab.show()
    run_async(tab.refresh())
    return tab


def confirm_reset(tab: OverviewTab, backup: Path, qtbot: Any, wait_until: Any) -> None:
    tab.reset_button.click()
    wait_until(
        lambda: tab.reset_actions.reset_dialog is not None and tab.reset_actions.reset_dialog.isVisible()
    )
    dialog = tab.reset_actions.reset_dialog
    assert dialog is not None
    dialog.backup_edit.setText(str(backup))
    qtbot.keyClicks(dialog.confirm_edit, "RESET")
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)


def test_a_ticked_encrypt_box_encrypts_the_reset_backup(
    ctrl: Controller, seed: Any, run_async: Any, wait_until: Any, qtbot: Any, tmp_path: Path
) -> None:
    seed([event(i) for i in range(4)])
    tab = open_tab(ctrl, run_async)
    try:
        tab.encrypt_check.setChecked(True)
        backup = tmp_path / "backup.cmbundle"
        confirm_reset(tab, backup, qtbot, wait_until)
        wait_until(
            lambda: (
                tab.reset_actions.passphrase_dialog is not None
                and tab.reset_actions.passphrase_dialog.isVisible()
            )
        )
        ask = tab.reset_actions.passphrase_dialog
        assert ask is not None
        qtbot.keyClicks(ask.passphrase_edit, PASSPHRASE)
        qtbot.keyClicks(ask.confirm_edit, PASSPHRASE)
        ask.buttons.button(ask.buttons.StandardButton.Ok).click()
        wait_until(
            lambda: (
                tab.reset_actions.receipt_dialog is not None and tab.reset_actions.receipt_dialog.isVisible()
            ),
            timeout=30,
        )
        data = backup.read_bytes()
        assert crypto.is_encrypted(data) and b"airy_spacing" not in data
        assert len(json.loads(crypto.decrypt(data, PASSPHRASE))["events"]) == 4
        assert controls.status(ctrl.store, ctrl.user, ctrl.now()).counts.events == 0
        tab.reset_actions.receipt_dialog.close()
    finally:
        tab.close()
        shiboken6.delete(tab)


def test_declining_the_passphrase_writes_and_erases_nothing(
    ctrl: Controller, seed: Any, run_async: Any, wait_until: Any, qtbot: Any, tmp_path: Path
) -> None:
    seed([event(i) for i in range(3)])
    tab = open_tab(ctrl, run_async)
    try:
        tab.encrypt_check.setChecked(True)
        backup = tmp_path / "backup.cmbundle"
        confirm_reset(tab, backup, qtbot, wait_until)
        wait_until(
            lambda: (
                tab.reset_actions.passphrase_dialog is not None
                and tab.reset_actions.passphrase_dialog.isVisible()
            )
        )
        ask = tab.reset_actions.passphrase_dialog
        assert ask is not None
        ask.reject()
        wait_until(lambda: tab.reset_actions.passphrase_dialog is None)
        assert not backup.exists()
        assert controls.status(ctrl.store, ctrl.user, ctrl.now()).counts.events == 3
    finally:
        tab.close()
        shiboken6.delete(tab)


def test_the_command_line_encrypts_the_reset_backup(ctrl: Controller, seed: Any, tmp_path: Path) -> None:
    seed([event(i) for i in range(2)])
    env = dict(os.environ)
    env.update(
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        CM_CONFIG_DIR=str(tmp_path / "cli-config"),
        CM_TEST_PASS=PASSPHRASE,
    )
    base = [
        sys.executable,
        "-m",
        "creative_memory.cli.main",
        "--json",
        "--data-dir",
        str(ctrl.ctx.data_dir.path),
        "--user",
        ctrl.user,
    ]
    backup = tmp_path / "b.cmbundle"
    bad = subprocess.run(
        [*base, "reset", "--encrypt", "--confirm"],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 3 and "--backup" in bad.stderr
    out = subprocess.run(
        [
            *base,
            "reset",
            "--backup",
            str(backup),
            "--encrypt",
            "--passphrase-env",
            "CM_TEST_PASS",
            "--confirm",
        ],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    data = backup.read_bytes()
    assert crypto.is_encrypted(data)
    assert len(json.loads(crypto.decrypt(data, PASSPHRASE))["events"]) == 2

"""File choosers, awaited with :func:`gui.asyncbridge.wait_dialog` (no nested event loop)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QWidget,
)

from creative_memory.gui.asyncbridge import wait_dialog


async def ask_save_path(parent: QWidget | None, title: str, suggested: Path) -> Path | None:
    """A save-file chooser, awaited (no nested loop). None when cancelled."""
    dialog = QFileDialog(parent, title, str(suggested))
    dialog.setObjectName("save_file_dialog")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setOption(QFileDialog.Option.DontConfirmOverwrite)  # gui.replace asks, once, for every path
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setNameFilter(
        QCoreApplication.translate("DialogsFiles", "Creative memory (*.json);;All files (*)")
    )
    dialog.setDefaultSuffix("json")
    dialog.selectFile(str(suggested))
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
    try:
        result = await wait_dialog(dialog)
        files = dialog.selectedFiles()
        if result != int(QDialog.DialogCode.Accepted.value) or not files:
            return None
        return Path(files[0])
    finally:
        dialog.deleteLater()


async def ask_open_path(parent: QWidget | None, title: str, folder: Path) -> Path | None:
    """An open-file chooser, awaited (no nested loop). None when cancelled."""
    dialog = QFileDialog(parent, title, str(folder))
    dialog.setObjectName("open_file_dialog")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setNameFilter(
        QCoreApplication.translate(
            "DialogsFiles", "Creative memory or preferences.json (*.json);;All files (*)"
        )
    )
    try:
        result = await wait_dialog(dialog)
        files = dialog.selectedFiles()
        if result != int(QDialog.DialogCode.Accepted.value) or not files:
            return None
        return Path(files[0])
    finally:
        dialog.deleteLater()

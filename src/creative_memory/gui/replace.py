"""The window's one question before a file is replaced: "Replace" or "Cancel" (nothing written).

The file dialogs do not ask themselves (``DontConfirmOverwrite``), so a path typed into a field and
a path chosen in a dialog get the same question, once.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from creative_memory.gui.asyncbridge import wait_dialog
from creative_memory.model.inert import for_display
from creative_memory.services.store import safefile


def replace_box(parent: QWidget | None, path: Path) -> QMessageBox:
    box = QMessageBox(parent)
    box.setObjectName("replace_file_dialog")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(
        QCoreApplication.translate("ReplaceDialog", "Replace the file? — Creative Memory Studio")
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(
        QCoreApplication.translate("ReplaceDialog", "{name} already exists. Replace it?").format(
            name=for_display(path.name)
        )
    )
    box.setInformativeText(
        QCoreApplication.translate(
            "ReplaceDialog",
            "Its contents will be lost. The new file is written completely before the old one is replaced.",
        )
    )
    replace = box.addButton(
        QCoreApplication.translate("ReplaceDialog", "Replace"), QMessageBox.ButtonRole.AcceptRole
    )
    replace.setObjectName("replace_button")
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    return box


async def replace_allowed(parent: QWidget | None, path: Path, protected: Sequence[Path] = ()) -> bool | None:
    """False when ``path`` does not exist yet (nothing to ask), True when the person chose "Replace",
    None when they cancelled. A target that is never replaced (a store, a data folder's file, a
    folder, a device) raises the refusal first, without a question."""
    safefile.check_target(path, force=True, protected=protected)
    if not path.exists():
        return False
    box = replace_box(parent, path)
    try:
        await wait_dialog(box)
        return (
            True
            if box.clickedButton() is not None
            and box.buttonRole(box.clickedButton()) == (QMessageBox.ButtonRole.AcceptRole)
            else None
        )
    finally:
        box.deleteLater()

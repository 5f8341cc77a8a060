"""What the Diagnostics tab shares with the Preview and Activity tabs: the origin and mode names, a
compact row height, and the project pickers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QWidget,
)

from creative_memory.gui.visible import QT_TRANSLATE_NOOP, shown_id
from creative_memory.model.constants import Mode

if TYPE_CHECKING:
    from collections.abc import Sequence

    from creative_memory.services.controls.controls import ProjectRow
    from creative_memory.services.controls.project_choices import ProjectChoice

ORIGINS: tuple[tuple[str, str], ...] = (
    ("daemon", QT_TRANSLATE_NOOP("DiagnosticsTab", "Open Design (daemon)")),
    ("cli", QT_TRANSLATE_NOOP("DiagnosticsTab", "Command line")),
    ("gui", QT_TRANSLATE_NOOP("DiagnosticsTab", "Recorded here (Diagnostics)")),
    ("preview", QT_TRANSLATE_NOOP("DiagnosticsTab", "Preview (older versions)")),
    ("self_test", QT_TRANSLATE_NOOP("DiagnosticsTab", "Self-test")),
)
MODES: tuple[tuple[Mode, str], ...] = (
    (Mode.GENERATION, QT_TRANSLATE_NOOP("DiagnosticsTab", "Generation")),
    (Mode.CRITIQUE, QT_TRANSLATE_NOOP("DiagnosticsTab", "Critique")),
    (Mode.LEGACY, QT_TRANSLATE_NOOP("DiagnosticsTab", "Legacy format")),
)


def row_height(widget: QWidget) -> int:
    """A compact, font-relative table row height."""
    return widget.fontMetrics().height() + max(6, widget.fontMetrics().height() // 2)


def named(widget: QWidget, name: str, tooltip: str) -> None:
    widget.setAccessibleName(name)
    widget.setToolTip(tooltip)


def project_label(project: ProjectRow | ProjectChoice) -> str:
    name = project.name  # the daemon's name is untrusted text: controls visible, bidi isolated
    pid = project.id
    return f"{shown_id(str(name))} ({shown_id(pid)})" if name and name != pid else shown_id(pid)


def fill_projects(
    combo: QComboBox, projects: Sequence[ProjectRow | ProjectChoice], first: str, *, mark_disabled: bool = False
) -> None:
    """(Re)fill a project picker keeping the chosen project (``first`` is the None entry).

    With ``mark_disabled`` a project that uses no memory, or no global memory, says so in its label.
    """
    current = combo.currentData()
    combo.blockSignals(True)
    try:
        combo.clear()
        combo.addItem(first, None)
        for p in projects:
            label = project_label(p)
            own, glob = p.use_memory, p.use_global_memory
            tip = "" if own and glob else QCoreApplication.translate("DiagnosticsCommon", "This project ignores its own memory") if glob else QCoreApplication.translate("DiagnosticsCommon", "This project ignores global memory") if own else QCoreApplication.translate("DiagnosticsCommon", "This project uses no memory")
            if mark_disabled and not glob:
                label = (QCoreApplication.translate("DiagnosticsCommon", "{project} — ignores global memory") if own else QCoreApplication.translate("DiagnosticsCommon", "{project} — ignores memory")).format(project=label)
            combo.addItem(label, p.id)
            if tip:
                combo.setItemData(combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        index = combo.findData(current) if current is not None else 0
        combo.setCurrentIndex(max(index, 0))
    finally:
        combo.blockSignals(False)

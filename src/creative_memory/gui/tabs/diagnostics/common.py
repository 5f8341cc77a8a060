"""What the Diagnostics tab's parts share, also with the Preview and Activity tabs: the origin and
mode names, a compact row height, the project pickers, and the numbers of a "why empty" sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QWidget,
)

from creative_memory.gui.visible import QT_TRANSLATE_NOOP, project_shown, project_tip
from creative_memory.model.constants import Mode

if TYPE_CHECKING:
    from collections.abc import Sequence

    from creative_memory.services.controls.controls import ProjectRow
    from creative_memory.services.controls.project_choices import ProjectChoice

ORIGINS: tuple[tuple[str, str], ...] = (
    ("daemon", QT_TRANSLATE_NOOP("RetrievalFilters", "Open Design (daemon)")),
    ("cli", QT_TRANSLATE_NOOP("RetrievalFilters", "Command line")),
    ("gui", QT_TRANSLATE_NOOP("RetrievalFilters", "Recorded here (Diagnostics)")),
    ("preview", QT_TRANSLATE_NOOP("RetrievalFilters", "Preview (older versions)")),
    ("self_test", QT_TRANSLATE_NOOP("RetrievalFilters", "Self-test")),
)
MODES: tuple[tuple[Mode, str], ...] = (
    (Mode.GENERATION, QT_TRANSLATE_NOOP("RunActions", "Generation")),
    (Mode.CRITIQUE, QT_TRANSLATE_NOOP("RunActions", "Critique")),
    (Mode.LEGACY, QT_TRANSLATE_NOOP("RunActions", "Legacy format")),
)


def row_height(widget: QWidget) -> int:
    """A compact, font-relative table row height."""
    return widget.fontMetrics().height() + max(6, widget.fontMetrics().height() // 2)


def named(widget: QWidget, name: str, tooltip: str) -> None:
    widget.setAccessibleName(name)
    widget.setToolTip(tooltip)


def buddy(host: QWidget, text: str, widget: QWidget) -> QLabel:
    """A label for ``widget`` whose mnemonic moves the focus to it."""
    label = QLabel(text, host)
    label.setBuddy(widget)
    return label


def empty_numbers(projects: Sequence[ProjectChoice], project_id: str | None) -> dict[str, Any]:
    """The numbers of a "why nothing was kept" sentence: the project and its name, when it has one."""
    name = next((p.name for p in projects if p.id == project_id), None)
    return {"project_id": project_id, "project_name": name if name != project_id else None}


def project_label(project: ProjectRow | ProjectChoice) -> str:
    """The project by Open Design's name (untrusted text: controls visible, bidi isolated); its id
    is in the picker's tooltip."""
    return project_shown(project.id, project.name)


def fill_projects(
    combo: QComboBox,
    projects: Sequence[ProjectRow | ProjectChoice],
    first: str,
    *,
    mark_disabled: bool = False,
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
            tip = (
                ""
                if own and glob
                else QCoreApplication.translate("DiagnosticsCommon", "This project ignores its own memory")
                if glob
                else QCoreApplication.translate("DiagnosticsCommon", "This project ignores global memory")
                if own
                else QCoreApplication.translate("DiagnosticsCommon", "This project uses no memory")
            )
            if mark_disabled and not glob:
                label = (
                    QCoreApplication.translate("DiagnosticsCommon", "{project} — ignores global memory")
                    if own
                    else QCoreApplication.translate("DiagnosticsCommon", "{project} — ignores memory")
                ).format(project=label)
            combo.addItem(label, p.id)
            ident = project_tip(p.id, p.name)
            tip = f"{ident}\n{tip}" if tip else ident
            combo.setItemData(combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        index = combo.findData(current) if current is not None else 0
        combo.setCurrentIndex(max(index, 0))
    finally:
        combo.blockSignals(False)

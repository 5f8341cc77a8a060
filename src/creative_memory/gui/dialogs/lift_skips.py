"""After an import that blocks or a project's switch left events out of: which blocks to lift and
which projects to let learn again, each a box to tick, before the file is imported again."""

from __future__ import annotations

from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from creative_memory.services.transfer.bundle import TransferResult
from creative_memory.services.transfer.skips import SkippedPattern, SkippedProject


class LiftSkipsDialog(QDialog):
    """Offers to lift the blocks and turn on the projects' learning that left an import's events out;
    every box is ticked, and accepting lifts the ticked ones and imports the file again."""

    def __init__(self, parent: QWidget | None, *, name: str, result: TransferResult) -> None:
        super().__init__(parent)
        self.setObjectName("lift_skips_dialog")
        self.setWindowTitle(self.tr("Lift and import again"))
        self.setAccessibleName(self.tr("Lift what left events out and import again"))
        loc = QLocale()
        blocks, projects = result.liftable_blocks, result.skipped_projects
        if len(blocks) == 1 and not projects:
            ask = self.tr("Lift the block on {pattern} and import {name} again?").format(
                pattern=blocks[0].pattern, name=name
            )
        elif len(projects) == 1 and not blocks:
            ask = self.tr("Turn learning back on in project {project} and import {name} again?").format(
                project=projects[0].label, name=name
            )
        else:
            ask = self.tr("Lift what kept events of {name} out, and import it again?").format(name=name)
        layout = QVBoxLayout(self)
        self.text = QLabel(ask, self)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setMinimumWidth(min(self.fontMetrics().horizontalAdvance("M") * 34, 640))
        layout.addWidget(self.text)
        self.block_checks: list[tuple[QCheckBox, SkippedPattern]] = []
        for p in blocks:
            box = QCheckBox(
                self.tr("Lift the block on {type} {pattern} (%n event(s))", None, p.events).format(
                    type=p.preference_type, pattern=p.pattern
                ),
                self,
            )
            self.block_checks.append((box, p))
        self.project_checks: list[tuple[QCheckBox, SkippedProject]] = []
        for proj in projects:
            box = QCheckBox(
                self.tr("Learn from project {project} again (%n event(s))", None, proj.events).format(
                    project=proj.label
                ),
                self,
            )
            self.project_checks.append((box, proj))
        for box, _what in [*self.block_checks, *self.project_checks]:
            box.setChecked(True)
            box.setAccessibleName(box.text())
            box.toggled.connect(self._enable)
            layout.addWidget(box)
        note = QLabel(
            self.tr(
                "A lifted pattern can be learned again and its words are kept in diffs again. Each lift "
                "and switch is written to the activity log. The import is a merge: only the events that "
                "were skipped come in ({n} events at most)."
            ).format(n=loc.toString(sum(p.events for p in blocks) + sum(p.events for p in projects))),
            self,
        )
        note.setWordWrap(True)
        note.setTextFormat(Qt.TextFormat.PlainText)
        note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(note)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(self.tr("&Lift and import again"))
        self.ok.setToolTip(self.tr("Lift what is ticked, then import the file again"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            self.tr("Keep the blocks and switches as they are")
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        first = [*self.block_checks, *self.project_checks]
        if first:
            first[0][0].setFocus()

    def _enable(self) -> None:
        self.ok.setEnabled(bool(self.chosen_blocks() or self.chosen_projects()))

    def chosen_blocks(self) -> list[SkippedPattern]:
        return [p for box, p in self.block_checks if box.isChecked()]

    def chosen_projects(self) -> list[SkippedProject]:
        return [p for box, p in self.project_checks if box.isChecked()]

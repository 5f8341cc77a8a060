"""Forget: what will be erased (counted first) and the confirmation dialog (the receipt is
:class:`creative_memory.gui.dialogs.receipt.ReceiptDialog`).

What a selection means (the rule the dialog states):

* a **global** row forgets the whole pattern — its records in every scope, both polarities, and the
  pattern in every raw event — so the text can vanish from the file and the receipt can be
  verified by a byte search;
* a **project** row forgets the pattern in that project only (both polarities); its global
  records and other projects' records stay. When the same pattern is also selected as a global row,
  the whole pattern is forgotten once.

Both dialogs are opened with :func:`gui.asyncbridge.wait_dialog` (``open()``), never ``exec()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import heading_font as _heading_font
from creative_memory.gui.icons import icon, tinted_icon
from creative_memory.gui.itemmodels.preferences import PreferenceKey
from creative_memory.gui.visible import number as _n
from creative_memory.gui.visible import shown_id, shown_pair
from creative_memory.gui.widgets.banner import accent_colour
from creative_memory.services.forget.erasure import Target
from creative_memory.services.forget.forget_scope import ErasePlan, ScopeRow, count_erasure, targets_for


def plan_targets(keys: Iterable[PreferenceKey]) -> list[Target]:
    """The erasure targets for selected rows (see the module notes), in selection order, no repeats."""
    keys = list(keys)
    whole = {(k.preference_type, k.pattern) for k in keys if k.project_id is None}
    out: list[Target] = []
    seen: set[Target] = set()
    for k in keys:
        tp = (k.preference_type, k.pattern)
        t = Target(*tp) if tp in whole else Target(*tp, project_id=k.project_id)
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


class ForgetDialog(QDialog):
    """Asks once, clearly: where each selected pattern is remembered (scope × project × polarity,
    with counts), every row ticked (the caller ticks the whole pattern and lists the rows the person
    selected first; decision 0108) and "everywhere" one click away after narrowing; how much the ticked
    rows erase (recounted by the caller through :attr:`checksChanged` and :meth:`set_plan`), that it
    cannot be undone, and whether to block the patterns from being learned again."""

    #: the ticked rows changed; the argument is the list of erasure targets they mean
    checksChanged = Signal(list)

    def __init__(
        self,
        rows: Sequence[ScopeRow],
        ticked: Iterable[tuple[str, str, str | None, str]],
        plan: ErasePlan,
        *,
        block: bool,
        parent: QWidget | None = None,
    ) -> None:
        # Built top to bottom in reading order, which is also its keyboard order (Qt's focus chain
        # follows the order widgets are made): the parts below are made in that order.
        super().__init__(parent)
        self.setObjectName("forget_dialog")
        self.rows = list(rows)
        self.plan = plan
        self.setWindowTitle(self.tr("Forget — Creative Memory Studio"))
        self.setModal(True)
        heading, where = self._build_heading()
        self._build_list(where, ticked)
        self._build_everywhere()
        warn = self._build_summary()
        self._build_block(block)
        buttons = self._build_buttons()

        row = QHBoxLayout()
        row.addWidget(where, 1)
        row.addWidget(self.everywhere_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addLayout(row)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.summary)
        layout.addLayout(warn)
        layout.addWidget(self.block_box)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)
        self.setAccessibleName(heading.text())
        self.set_plan(plan)
        self.list.setFocus()

    def _build_heading(self) -> tuple[QLabel, QLabel]:
        """ "Forget this pattern?" and the label of the list."""
        pairs = {(r.preference_type, r.pattern) for r in self.rows}
        n = len(pairs)
        heading = QLabel(
            self.tr("Forget this pattern?") if n == 1 else self.tr("Forget {n} patterns?").format(n=_n(n)),
            self,
        )
        heading.setObjectName("forget_heading")
        heading.setFont(_heading_font(self))
        heading.setWordWrap(True)
        where = QLabel(self.tr("&Where it is remembered (tick what to forget):"), self)
        where.setWordWrap(True)
        return heading, where

    def _build_list(self, where: QLabel, ticked: Iterable[tuple[str, str, str | None, str]]) -> None:
        """Where the selection is remembered, one checkable row each, the selected rows ticked."""
        self.list = QListWidget(self)
        self.list.setObjectName("forget_list")
        self.list.setAccessibleName(self.tr("Where the selection is remembered"))
        self.list.setToolTip(self.tr("Tick the places to forget; Space ticks the current row"))
        self.list.setSelectionMode(QListWidget.SelectionMode.SingleSelection)
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        where.setBuddy(self.list)
        on = set(ticked)
        for r in self.rows:
            item = QListWidgetItem(self.describe(r), self.list)
            item.setData(Qt.ItemDataRole.UserRole, r.key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if r.key in on else Qt.CheckState.Unchecked)
            item.setToolTip(item.text())
        if self.list.count():
            self.list.setCurrentRow(0)
        line = self.list.fontMetrics().lineSpacing()
        # every row in view up to eight (a row a person cannot see is not one they agreed to)
        self.list.setMinimumHeight(min(self.list.count(), 8) * (line + 8) + 8)

    def _build_everywhere(self) -> None:
        """ "Tick everywhere"."""
        self.everywhere_button = QPushButton(self.tr("Tick &everywhere"), self)
        self.everywhere_button.setObjectName("forget_everywhere")
        self.everywhere_button.setAccessibleName(self.tr("Tick everywhere"))
        self.everywhere_button.setToolTip(
            self.tr(
                "Forget the selected patterns in every scope and both polarities (their text leaves the file)"
            )
        )
        self.everywhere_button.setAutoDefault(False)
        self.everywhere_button.clicked.connect(self.tick_everywhere)

    def _build_summary(self) -> QHBoxLayout:
        """What will be erased, and the warning that it cannot be undone (returned, as a row)."""
        self.summary = QLabel(self)
        self.summary.setObjectName("forget_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setAccessibleName(self.tr("What will be erased"))

        warn_icon = QLabel(self)
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self)
        warn_icon.setPixmap(
            tinted_icon("warning", accent_colour("warning", self.palette())).pixmap(size, size)
        )
        warn_icon.setAccessibleName(self.tr("Warning"))
        undo = QLabel(self.tr("This cannot be undone. Nothing recoverable is kept."), self)
        undo.setObjectName("forget_undo")
        undo.setWordWrap(True)
        warn = QHBoxLayout()
        warn.addWidget(warn_icon, 0, Qt.AlignmentFlag.AlignTop)
        warn.addWidget(undo, 1)
        return warn

    def _build_block(self, block: bool) -> None:
        """ "Also block these patterns from being learned again"."""
        self.block_box = QCheckBox(self.tr("Also &block these patterns from being learned again"), self)
        self.block_box.setObjectName("forget_block")
        self.block_box.setChecked(block)
        self.block_box.setToolTip(
            self.tr(
                "Keeps only a keyed fingerprint of each pattern, never its text, so it is never learned again"
            )
        )
        self.block_box.setAccessibleName(self.tr("Block from being learned again"))

    def _build_buttons(self) -> QDialogButtonBox:
        """Forget (destructive) and Cancel (the default), wired to the list and the block box."""
        buttons = QDialogButtonBox(self)
        self.forget_button = QPushButton(icon("forget"), self.tr("&Forget"), self)
        self.forget_button.setObjectName("forget_confirm")
        self.forget_button.setToolTip(self.tr("Erase what is ticked above"))
        self.forget_button.setAutoDefault(False)
        buttons.addButton(self.forget_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.cancel_button = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setObjectName("forget_cancel")
        self.cancel_button.setText(self.tr("&Cancel"))
        self.cancel_button.setAccessibleName(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Keep everything as it is"))
        self.cancel_button.setDefault(True)  # the safe choice is the one Enter picks
        self.forget_button.clicked.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.block_box.toggled.connect(self._update_button)
        self.list.itemChanged.connect(self._checks_changed)
        return buttons

    # rows --------------------------------------------------------------------------------------
    def describe(self, r: ScopeRow) -> str:
        where = (
            self.tr("global")
            if r.project_id is None
            else self.tr("project {project}").format(project=shown_id(r.project_name or r.project_id))
        )
        prefs = (
            self.tr("1 preference")
            if r.preferences == 1
            else self.tr("{n} preferences").format(n=_n(r.preferences))
        )
        events = self.tr("1 event") if r.events == 1 else self.tr("{n} events").format(n=_n(r.events))
        return self.tr("{name} — {where}, {polarity}: {prefs}, {events}").format(
            name=shown_pair(r.preference_type, r.pattern),
            where=where,
            polarity=self.tr("prefer") if r.polarity == "positive" else self.tr("avoid"),
            prefs=prefs,
            events=events,
        )

    def checked_rows(self) -> list[ScopeRow]:
        out = []
        for i, r in enumerate(self.rows):
            item = self.list.item(i)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                out.append(r)
        return out

    def targets(self) -> list[Target]:
        return targets_for(self.checked_rows(), self.rows)

    def tick_everywhere(self) -> None:
        self.list.blockSignals(True)
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item is not None:
                item.setCheckState(Qt.CheckState.Checked)
        self.list.blockSignals(False)
        self._checks_changed()

    def _checks_changed(self, *_args: Any) -> None:
        self.forget_button.setEnabled(False)  # until the caller's recount arrives
        self.checksChanged.emit(self.targets())

    def set_plan(self, plan: ErasePlan) -> None:
        """The counts of what the ticked rows erase (exactly what the forget will do)."""
        self.plan = plan
        ticked = len(self.checked_rows())
        if not ticked:
            self.summary.setText(self.tr("Nothing is ticked, so nothing would be erased."))
        else:
            records = (
                self.tr("1 learned preference")
                if plan.preferences == 1
                else self.tr("{n} learned preferences").format(n=_n(plan.preferences))
            )
            events = (
                self.tr("1 recorded event")
                if plan.events == 1
                else self.tr("{n} recorded events").format(n=_n(plan.events))
            )
            self.summary.setText(
                self.tr(
                    "This erases {records} and the pattern inside {events} (an event that names nothing "
                    "else is deleted), and every diagnostic that mentions it."
                ).format(records=records, events=events)
            )
        self.summary_text = self.summary.text()
        self.setAccessibleDescription(self.summary_text)
        self.forget_button.setEnabled(ticked > 0)
        self._update_button()

    def _update_button(self) -> None:
        text = self.tr("&Forget and block") if self.block_box.isChecked() else self.tr("&Forget")
        self.forget_button.setText(text)
        self.forget_button.setAccessibleName(text.replace("&", ""))
        self.forget_button.setIcon(icon("block" if self.block_box.isChecked() else "forget"))

    def block_requested(self) -> bool:
        return self.block_box.isChecked()


__all__ = ["ErasePlan", "ForgetDialog", "count_erasure", "plan_targets"]

"""The deletion receipt of a forget or a reset: what was erased, whether the byte search verified it,
notes."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import heading_font as _heading_font
from creative_memory.gui.icons import tinted_icon
from creative_memory.gui.visible import number as _n
from creative_memory.gui.visible import shown_id, shown_pair
from creative_memory.gui.widgets.banner import accent_colour
from creative_memory.services.forget.erasure import Receipt, Target


class ReceiptDialog(QDialog):
    """The deletion receipt: what was erased, whether the byte search verified it, notes.

    A forget's receipt names how many patterns (``patterns``) and which targets were erased and
    whether they are blocked; a reset's (``patterns=None``) names the backup written first, if any.
    """

    def target_text(self, t: Target, names: dict[str, str]) -> str:
        """ "airy spacing (layout): everywhere" / "…: global, avoid only" / "…: project Deck"."""
        if t.project_id:
            where = self.tr("project {project}").format(
                project=shown_id(names.get(t.project_id) or t.project_id)
            )
        elif t.global_only:
            where = self.tr("global")
        else:
            where = self.tr("everywhere")
        if t.polarity is not None:
            where += ", " + (
                self.tr("prefer only") if str(t.polarity) == "positive" else self.tr("avoid only")
            )
        return f"{shown_pair(t.preference_type, t.pattern)}: {where}"

    def __init__(
        self,
        receipt: Receipt,
        *,
        patterns: int | None = None,
        targets: Sequence[Target] = (),
        names: dict[str, str] | None = None,
        backup: Path | None = None,
        parent: QWidget | None = None,
    ) -> None:
        # Built top to bottom in reading order, which is also its keyboard order (Qt's focus chain
        # follows the order widgets are made): the parts below are made in that order.
        super().__init__(parent)
        self.setObjectName("receipt_dialog")
        self.receipt = receipt
        self.setWindowTitle(self.tr("Deletion receipt — Creative Memory Studio"))
        verified = receipt.verified

        heading, top = self._build_heading(verified, patterns)
        form = self._build_values(receipt, verified, patterns, targets, names, backup)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(form)
        self._build_notes(receipt, verified, patterns)
        layout.addWidget(self.notes_label)
        layout.addWidget(self._build_buttons())
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 60)
        self.setAccessibleName(heading.text())

    def _build_heading(self, verified: bool, patterns: int | None) -> tuple[QLabel, QHBoxLayout]:
        """The mark (verified or not) and the heading beside it."""
        kind: Literal["info", "warning"] = "info" if verified else "warning"
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_LargeIconSize, None, self)
        mark = QLabel(self)
        mark.setPixmap(tinted_icon(kind, accent_colour(kind, self.palette())).pixmap(size, size))
        mark.setAccessibleName(self.tr("Verified") if verified else self.tr("Not verified"))
        if patterns is None:
            heading_text = self.tr("Reset and verified") if verified else self.tr("Reset, but not verified")
        else:
            heading_text = (
                self.tr("Forgotten and verified") if verified else self.tr("Forgotten, but not verified")
            )
        heading = QLabel(heading_text, self)
        heading.setObjectName("receipt_heading")
        heading.setFont(_heading_font(self))
        heading.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(mark, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(heading, 1)
        return heading, top

    def _build_values(
        self,
        receipt: Receipt,
        verified: bool,
        patterns: int | None,
        targets: Sequence[Target],
        names: dict[str, str] | None,
        backup: Path | None,
    ) -> QFormLayout:
        """What was erased, verified or not, the backup and the time taken, one labelled value a row."""
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.values: dict[str, QLabel] = {}

        add = partial(self._add_value, form)
        if patterns is not None:
            add("patterns", self.tr("Patterns"), _n(patterns))
        if targets:
            add(
                "what",
                self.tr("What was erased"),
                "\n".join(self.target_text(t, names or {}) for t in targets[:50])
                + (
                    "\n" + self.tr("… and {n} more").format(n=_n(len(targets) - 50))
                    if len(targets) > 50
                    else ""
                ),
            )
        add("preferences", self.tr("Learned preferences erased"), _n(receipt.preferences))
        add("events_deleted", self.tr("Events deleted"), _n(receipt.events_deleted))
        if patterns is not None or receipt.events_rewritten:
            add("events_rewritten", self.tr("Events with the pattern removed"), _n(receipt.events_rewritten))
        add("diagnostics", self.tr("Diagnostics erased"), _n(receipt.diagnostics))
        if patterns is not None:
            add(
                "blocked",
                self.tr("Blocked from being learned again"),
                self.tr("yes") if receipt.blocked else self.tr("no"),
            )
        occurrences = receipt.occurrences
        if verified:
            verified_text = self.tr("yes — a byte search of the database files found no trace")
        elif occurrences:
            verified_text = self.tr("no — a byte search still found {n} occurrence(s)").format(
                n=_n(occurrences)
            )
        else:
            verified_text = self.tr("no — see the notes below")
        add("verified", self.tr("Verified"), verified_text)
        if backup is not None:
            add("backup", self.tr("Backup"), str(backup))
        add(
            "duration",
            self.tr("Time taken"),
            self.tr("{ms} ms").format(ms=QLocale().toString(round(receipt.duration_ms, 1), "f", 0)),
        )
        return form

    def _add_value(self, form: QFormLayout, key: str, label: str, value: str) -> None:
        lab = QLabel(value, self)
        lab.setObjectName(f"receipt_{key}")
        lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lab.setWordWrap(True)
        lab.setAccessibleName(label)
        self.values[key] = lab
        form.addRow(label, lab)

    def _build_notes(self, receipt: Receipt, verified: bool, patterns: int | None) -> None:
        """The notes, one bullet each (hidden when there are none)."""
        notes = list(receipt.notes)
        if patterns is None and not verified and not receipt.checkpointed:
            # a forget's notes say so themselves; a reset's do not
            notes.append(
                self.tr(
                    "The write-ahead log could not be emptied (another program holds the store open); "
                    "old page images may remain until Open Design closes it."
                )
            )
        self.notes_label = QLabel("\n".join(f"• {n}" for n in notes), self)
        self.notes_label.setObjectName("receipt_notes")
        self.notes_label.setWordWrap(True)
        self.notes_label.setTextFormat(Qt.TextFormat.PlainText)
        self.notes_label.setAccessibleName(self.tr("Notes"))
        self.notes_label.setVisible(bool(notes))

    def _build_buttons(self) -> QDialogButtonBox:
        """Close."""
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setToolTip(self.tr("Close the receipt"))
        close.setAccessibleName(self.tr("Close"))
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        return buttons

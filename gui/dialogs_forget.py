"""Forget: what will be erased (counted first), the confirmation dialog, and the deletion receipt.

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
from dataclasses import dataclass
from typing import Any, Literal

from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QStyle,
    QVBoxLayout,
    QWidget,
)
from sqlalchemy import func, select, tuple_

from creative_memory.gui.icons import icon, tinted_icon
from creative_memory.gui.models.preferences import PreferenceKey
from creative_memory.gui.widgets import accent_colour
from creative_memory.model.constants import Polarity, scope_for
from creative_memory.model.tables import EventPattern, Preference
from creative_memory.services.erasure import Target
from creative_memory.services.store import Store

#: above this many targets, count with one indexed scan per chunk instead of one query per target
_PER_TARGET_LIMIT = 64
_CHUNK = 400


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


@dataclass(frozen=True)
class ErasePlan:
    """What forgetting the targets will touch, counted before asking."""

    patterns: int
    preferences: int
    events: int


def count_erasure(store: Store, user_id: str, targets: Sequence[Target]) -> ErasePlan:
    """Count the preference records and the raw events the targets name (runs on the store thread)."""
    seqs: set[int] = set()
    prefs = 0
    whole = [t for t in targets if t.project_id is None]
    scoped = [t for t in targets if t.project_id is not None]
    with store.read() as session:
        if len(targets) <= _PER_TARGET_LIMIT:
            for t in targets:
                econds = [
                    EventPattern.user_id == user_id,
                    EventPattern.preference_type == t.preference_type,
                    EventPattern.pattern == t.pattern,
                ]
                pconds = [
                    Preference.user_id == user_id,
                    Preference.preference_type == t.preference_type,
                    Preference.pattern == t.pattern,
                ]
                if t.project_id is not None:
                    econds.append(EventPattern.scope == scope_for(t.project_id))
                    pconds.append(Preference.scope == scope_for(t.project_id))
                seqs.update(session.scalars(select(EventPattern.seq).where(*econds)))
                prefs += int(session.scalar(select(func.count()).select_from(Preference).where(*pconds)) or 0)
        else:
            for i in range(0, len(whole), _CHUNK):
                pairs = [(t.preference_type, t.pattern) for t in whole[i : i + _CHUNK]]
                seqs.update(
                    session.scalars(
                        select(EventPattern.seq).where(
                            EventPattern.user_id == user_id,
                            tuple_(EventPattern.preference_type, EventPattern.pattern).in_(pairs),
                        )
                    )
                )
                prefs += int(
                    session.scalar(
                        select(func.count())
                        .select_from(Preference)
                        .where(
                            Preference.user_id == user_id,
                            tuple_(Preference.preference_type, Preference.pattern).in_(pairs),
                        )
                    )
                    or 0
                )
            for i in range(0, len(scoped), _CHUNK):
                triples = [(scope_for(t.project_id), t.preference_type, t.pattern) for t in scoped[i : i + _CHUNK]]
                seqs.update(
                    session.scalars(
                        select(EventPattern.seq).where(
                            EventPattern.user_id == user_id,
                            tuple_(EventPattern.scope, EventPattern.preference_type, EventPattern.pattern).in_(
                                triples
                            ),
                        )
                    )
                )
                prefs += int(
                    session.scalar(
                        select(func.count())
                        .select_from(Preference)
                        .where(
                            Preference.user_id == user_id,
                            tuple_(Preference.scope, Preference.preference_type, Preference.pattern).in_(triples),
                        )
                    )
                    or 0
                )
    return ErasePlan(patterns=len(targets), preferences=prefs, events=len(seqs))


def _n(value: int) -> str:
    return QLocale().toString(int(value))


def _heading_font(widget: QWidget) -> QFont:
    font = QFont(widget.font())
    font.setBold(True)
    size = font.pointSizeF()
    if size > 0:
        font.setPointSizeF(size * 1.15)
    return font


class ForgetDialog(QDialog):
    """Asks once, clearly: what will be erased, how much, that it cannot be undone; and whether
    to block the patterns from being learned again."""

    #: at most this many patterns are listed by name
    LIST_LIMIT = 200

    def __init__(
        self,
        targets: Sequence[Target],
        plan: ErasePlan,
        *,
        block: bool,
        parent: QWidget | None = None,
        polarity: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("forget_dialog")
        self.targets = list(targets)
        self.polarity = polarity
        self.plan = plan
        self.setWindowTitle(self.tr("Forget — Creative Memory Studio"))
        self.setModal(True)

        n = len(self.targets)
        heading = QLabel(
            self.tr("Forget this pattern?") if n == 1 else self.tr("Forget {n} patterns?").format(n=_n(n)), self
        )
        heading.setObjectName("forget_heading")
        heading.setFont(_heading_font(self))
        heading.setWordWrap(True)

        summary = QLabel(self)
        summary.setObjectName("forget_summary")
        summary.setWordWrap(True)
        summary.setTextFormat(Qt.TextFormat.PlainText)
        patterns = self.tr("1 pattern") if n == 1 else self.tr("{n} patterns").format(n=_n(n))
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
        summary.setText(
            self.tr(
                "This erases {patterns}: {records}, the pattern inside {events} (an event that names "
                "nothing else is deleted), and every diagnostic that mentions it."
            ).format(patterns=patterns, records=records, events=events)
        )
        self.summary_text = summary.text()

        self.list = QListWidget(self)
        self.list.setObjectName("forget_list")
        self.list.setAccessibleName(self.tr("Patterns to forget"))
        self.list.setToolTip(self.tr("What will be erased, and where"))
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for t in self.targets[: self.LIST_LIMIT]:
            item = QListWidgetItem(self.describe(t), self.list)
            item.setToolTip(item.text())
        if n > self.LIST_LIMIT:
            QListWidgetItem(self.tr("… and {n} more").format(n=_n(n - self.LIST_LIMIT)), self.list)
        # As tall as its items (two lines each), up to five; more scroll.
        line = self.list.fontMetrics().lineSpacing()
        shown = min(self.list.count(), 5)
        height = shown * (2 * line + 6) + self.list.frameWidth() * 2 + 4
        self.list.setMinimumHeight(height)
        self.list.setMaximumHeight(height if self.list.count() <= 5 else 16_777_215)
        self.list.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

        warn_icon = QLabel(self)
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self)
        warn_icon.setPixmap(tinted_icon("warning", accent_colour("warning", self.palette())).pixmap(size, size))
        warn_icon.setAccessibleName(self.tr("Warning"))
        undo = QLabel(self.tr("This cannot be undone. Nothing recoverable is kept."), self)
        undo.setObjectName("forget_undo")
        undo.setWordWrap(True)
        warn = QHBoxLayout()
        warn.addWidget(warn_icon, 0, Qt.AlignmentFlag.AlignTop)
        warn.addWidget(undo, 1)

        self.block_box = QCheckBox(self.tr("Also block these patterns from being learned again"), self)
        self.block_box.setObjectName("forget_block")
        self.block_box.setChecked(block)
        self.block_box.setToolTip(
            self.tr("Keeps only a keyed fingerprint of each pattern, never its text, so it is never learned again")
        )
        self.block_box.setAccessibleName(self.tr("Block from being learned again"))

        buttons = QDialogButtonBox(self)
        self.forget_button = QPushButton(icon("forget"), self.tr("Forget"), self)
        self.forget_button.setObjectName("forget_confirm")
        self.forget_button.setAccessibleName(self.tr("Forget"))
        self.forget_button.setToolTip(self.tr("Erase what is listed above"))
        self.forget_button.setAutoDefault(False)
        buttons.addButton(self.forget_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.cancel_button = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setObjectName("forget_cancel")
        self.cancel_button.setAccessibleName(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Keep everything as it is"))
        self.cancel_button.setDefault(True)  # the safe choice is the one Enter picks
        self.forget_button.clicked.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._update_button()
        self.block_box.toggled.connect(self._update_button)

        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(summary)
        layout.addWidget(self.list, 1)
        layout.addLayout(warn)
        layout.addWidget(self.block_box)
        # One polarity, like `od-memory forget --polarity`: offered when every selected row has the same.
        self.polarity_box = QCheckBox(self._polarity_text(), self)
        self.polarity_box.setObjectName("forget_polarity")
        self.polarity_box.setToolTip(
            self.tr("Keep what was learned the other way; the counts above are for both polarities")
        )
        self.polarity_box.setVisible(polarity is not None)
        layout.addWidget(self.polarity_box)
        layout.addWidget(buttons)
        fm = self.fontMetrics()
        self.setMinimumWidth(fm.averageCharWidth() * 64)
        self.setAccessibleName(heading.text())
        self.setAccessibleDescription(summary.text())

    def describe(self, t: Target) -> str:
        if t.project_id is None:
            return self.tr("{type} · {pattern}\neverywhere: global and every project, both polarities").format(
                type=t.preference_type, pattern=t.pattern
            )
        return self.tr("{type} · {pattern}\nin project {project} only, both polarities").format(
            type=t.preference_type, pattern=t.pattern, project=t.project_id
        )

    def _update_button(self) -> None:
        text = self.tr("Forget and block") if self.block_box.isChecked() else self.tr("Forget")
        self.forget_button.setText(text)
        self.forget_button.setAccessibleName(text)
        self.forget_button.setIcon(icon("block" if self.block_box.isChecked() else "forget"))

    def block_requested(self) -> bool:
        return self.block_box.isChecked()

    def _polarity_text(self) -> str:
        if self.polarity == "negative":
            return self.tr("Only the negative preference (what to avoid); keep the positive one")
        return self.tr("Only the positive preference (what to prefer); keep the negative one")

    def chosen_targets(self) -> list[Target]:
        """The targets to erase: with the polarity when "only this polarity" is ticked."""
        if self.polarity is None or not self.polarity_box.isChecked():
            return list(self.targets)
        pol = Polarity(self.polarity)
        return [Target(t.preference_type, t.pattern, t.project_id, pol) for t in self.targets]

    @staticmethod
    def polarity_of(keys: Iterable[PreferenceKey]) -> str | None:
        """The polarity every selected row shares, or None when they differ."""
        found = {k.polarity for k in keys}
        return found.pop() if len(found) == 1 else None


class ReceiptDialog(QDialog):
    """The deletion receipt: what was erased, whether the byte search verified it, notes."""

    def __init__(self, receipt: dict[str, Any], *, patterns: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("receipt_dialog")
        self.receipt = receipt
        self.setWindowTitle(self.tr("Deletion receipt — Creative Memory Studio"))
        verified = bool(receipt.get("verified"))
        erased = receipt.get("erased", {})

        kind: Literal["info", "warning"] = "info" if verified else "warning"
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_LargeIconSize, None, self)
        mark = QLabel(self)
        mark.setPixmap(tinted_icon(kind, accent_colour(kind, self.palette())).pixmap(size, size))
        mark.setAccessibleName(self.tr("Verified") if verified else self.tr("Not verified"))
        heading = QLabel(
            self.tr("Forgotten and verified") if verified else self.tr("Forgotten, but not verified"), self
        )
        heading.setObjectName("receipt_heading")
        heading.setFont(_heading_font(self))
        heading.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(mark, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(heading, 1)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.values: dict[str, QLabel] = {}

        def add(key: str, label: str, value: str) -> None:
            lab = QLabel(value, self)
            lab.setObjectName(f"receipt_{key}")
            lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            lab.setWordWrap(True)
            lab.setAccessibleName(label)
            self.values[key] = lab
            form.addRow(label, lab)

        add("patterns", self.tr("Patterns"), _n(patterns))
        add("preferences", self.tr("Learned preferences erased"), _n(int(erased.get("preferences", 0))))
        add("events_deleted", self.tr("Events deleted"), _n(int(erased.get("events_deleted", 0))))
        add("events_rewritten", self.tr("Events with the pattern removed"), _n(int(erased.get("events_rewritten", 0))))
        add("diagnostics", self.tr("Diagnostics erased"), _n(int(erased.get("diagnostics", 0))))
        add("blocked", self.tr("Blocked from being learned again"), self.tr("yes") if receipt.get("blocked") else self.tr("no"))
        occurrences = int(receipt.get("occurrences_found", 0))
        if verified:
            verified_text = self.tr("yes — a byte search of the database files found no trace")
        elif occurrences:
            verified_text = self.tr("no — a byte search still found {n} occurrence(s)").format(n=_n(occurrences))
        else:
            verified_text = self.tr("no — see the notes below")
        add("verified", self.tr("Verified"), verified_text)
        add("duration", self.tr("Time taken"), self.tr("{ms} ms").format(ms=QLocale().toString(float(receipt.get("duration_ms", 0.0)), "f", 0)))

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(form)
        notes = [str(n) for n in receipt.get("notes", [])]
        self.notes_label = QLabel("\n".join(f"• {n}" for n in notes), self)
        self.notes_label.setObjectName("receipt_notes")
        self.notes_label.setWordWrap(True)
        self.notes_label.setTextFormat(Qt.TextFormat.PlainText)
        self.notes_label.setAccessibleName(self.tr("Notes"))
        self.notes_label.setVisible(bool(notes))
        layout.addWidget(self.notes_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setToolTip(self.tr("Close the receipt"))
        close.setAccessibleName(self.tr("Close"))
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 60)
        self.setAccessibleName(heading.text())


__all__ = ["ErasePlan", "ForgetDialog", "ReceiptDialog", "count_erasure", "plan_targets"]

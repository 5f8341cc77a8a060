"""Name what a retrieval missed: a preference type, a pattern and whether it is preferred or
avoided. Diagnostics rates the retrieval ``missed`` with them (decision 0088); memory takes such a
rating as a tag the person gave (decision 0086)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import error_label, plain, wrap


@dataclass(frozen=True)
class Missed:
    """What the person named: the preference type, the pattern and its polarity."""

    preference_type: str
    pattern: str
    polarity: str  # "positive" (prefer) or "negative" (avoid)


class MissedDialog(QDialog):
    """A type (typed, or picked from the types memory knows), a pattern and Prefer / Avoid."""

    def __init__(self, types: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("missed_dialog")
        self.setWindowTitle(self.tr("Name what was missed"))
        about = wrap(
            self.tr(
                "Name a preference this retrieval should have used. Memory learns it as if you had "
                "tagged it yourself in this retrieval's project."
            ),
            self,
        )
        self.type_combo = QComboBox(self)
        self.type_combo.setObjectName("missed_type")
        self.type_combo.setEditable(True)
        self.type_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.type_combo.addItems(list(types))
        self.type_combo.setCurrentText("")
        self.type_combo.setAccessibleName(self.tr("Kind of preference"))
        self.type_combo.setToolTip(self.tr("What the preference is about, such as layout or typography"))
        line = self.type_combo.lineEdit()
        if line is not None:
            line.setPlaceholderText(self.tr("e.g. layout"))
        self.pattern_edit = QLineEdit(self)
        self.pattern_edit.setObjectName("missed_pattern")
        self.pattern_edit.setPlaceholderText(self.tr("e.g. airy_spacing"))
        self.pattern_edit.setAccessibleName(self.tr("What was missed"))
        self.pattern_edit.setToolTip(self.tr("The preference itself, in a few words or as memory names it"))
        self.prefer_radio = QRadioButton(self.tr("&Prefer it"), self)
        self.prefer_radio.setObjectName("missed_prefer")
        self.prefer_radio.setToolTip(self.tr("You want this in your designs"))
        self.avoid_radio = QRadioButton(self.tr("A&void it"), self)
        self.avoid_radio.setObjectName("missed_avoid")
        self.avoid_radio.setToolTip(self.tr("You want this kept out of your designs"))
        self.prefer_radio.setChecked(True)
        self._polarity = QButtonGroup(self)
        self._polarity.addButton(self.prefer_radio)
        self._polarity.addButton(self.avoid_radio)
        polarity = QHBoxLayout()
        polarity.addWidget(self.prefer_radio)
        polarity.addWidget(self.avoid_radio)
        polarity.addStretch(1)

        form = QFormLayout()
        type_label = QLabel(self.tr("&Kind:"), self)
        type_label.setBuddy(self.type_combo)
        pattern_label = QLabel(self.tr("&Missed:"), self)
        pattern_label.setBuddy(self.pattern_edit)
        form.addRow(type_label, self.type_combo)
        form.addRow(pattern_label, self.pattern_edit)
        form.addRow(self.tr("Polarity:"), polarity)

        self.problem = error_label(self)
        buttons = QDialogButtonBox(self)
        self.ok_button = QPushButton(self.tr("&Rate as missed"), self)
        self.ok_button.setObjectName("missed_ok")
        self.ok_button.setAccessibleName(plain(self.ok_button.text()))
        self.ok_button.setToolTip(self.tr("Tell memory this retrieval should have used it"))
        self.ok_button.setDefault(True)
        self.cancel_button = QPushButton(self.tr("&Cancel"), self)
        self.cancel_button.setObjectName("missed_cancel")
        buttons.addButton(self.ok_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.ok_button.clicked.connect(self._try_accept)
        self.cancel_button.clicked.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(self.fontMetrics().averageCharWidth() * 60, self.sizeHint().height())
        self.type_combo.setFocus()

    def missed(self) -> Missed:
        """What is named now (the type and the pattern stripped of outer spaces)."""
        return Missed(
            self.type_combo.currentText().strip(),
            self.pattern_edit.text().strip(),
            "positive" if self.prefer_radio.isChecked() else "negative",
        )

    def _try_accept(self) -> None:
        m = self.missed()
        problem = (
            self.tr("Name the kind of preference, such as layout.")
            if not m.preference_type
            else self.tr("Name what was missed, such as airy_spacing.")
            if not m.pattern
            else ""
        )
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        if problem:
            (self.type_combo if not m.preference_type else self.pattern_edit).setFocus()
            return
        self.accept()

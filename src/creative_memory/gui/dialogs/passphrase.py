"""The passphrase of an encrypted export: asked twice when exporting (with the minimum length and
the offer to remember it in the keychain), once when importing."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.dialogs.common import error_label, wrap
from creative_memory.services.common.passphrase import MIN_PASSPHRASE  # the dialog says it too


class PassphraseDialog(QDialog):
    """Ask for a passphrase.

    ``confirm=True`` (choosing one for an export): a second field that must match, at least
    :data:`MIN_PASSPHRASE` characters, and optionally "Remember it in the keychain". ``confirm=False``
    (opening an encrypted file): one field. A refused passphrase keeps the dialog open and says why.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        confirm: bool = True,
        offer_remember: bool = True,
        keychain_available: bool = True,
        title: str | None = None,
        prompt: str | None = None,
    ) -> None:
        # Built top to bottom in reading order, which is also its keyboard order (Qt's focus chain
        # follows the order widgets are made): the parts below are made in that order.
        super().__init__(parent)
        self.setObjectName("passphrase_dialog")
        self._confirm = confirm
        self._offer_remember = offer_remember
        title = title or (self.tr("Encrypt the export") if confirm else self.tr("Passphrase needed"))
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        prompt = prompt or (
            self.tr(
                "Choose a passphrase of at least {n} characters. Without it the export cannot be "
                "opened, so keep it somewhere safe."
            ).format(n=MIN_PASSPHRASE)
            if confirm
            else self.tr("This file is encrypted. Enter the passphrase it was exported with.")
        )
        intro = wrap(prompt, self)

        self._build_fields()
        self._build_remember(keychain_available)
        form = self._build_form(confirm)

        self.problem = error_label(self)
        self._build_buttons(confirm)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.show_check)
        layout.addWidget(self.remember_check)
        self.remember_check.setVisible(offer_remember)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)
        self.passphrase_edit.textChanged.connect(self._clear_problem)
        self.confirm_edit.textChanged.connect(self._clear_problem)
        self.passphrase_edit.setFocus()

    def _build_fields(self) -> None:
        """The passphrase, its repetition and "Show the passphrase"."""
        self.passphrase_edit = QLineEdit(self)
        self.passphrase_edit.setObjectName("passphrase")
        self.passphrase_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase_edit.setAccessibleName(self.tr("Passphrase"))
        self.passphrase_edit.setToolTip(self.tr("The passphrase (hidden as you type)"))
        self.confirm_edit = QLineEdit(self)
        self.confirm_edit.setObjectName("passphrase_confirm")
        self.confirm_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.confirm_edit.setAccessibleName(self.tr("Repeat the passphrase"))
        self.confirm_edit.setToolTip(self.tr("Type the same passphrase again"))
        self.show_check = QCheckBox(self.tr("S&how the passphrase"), self)
        self.show_check.setToolTip(self.tr("Show the characters instead of dots"))
        self.show_check.setAccessibleName(self.tr("Show the passphrase"))
        self.show_check.toggled.connect(self._on_show)

    def _build_remember(self, keychain_available: bool) -> None:
        """ "Remember it in the system keychain" (disabled, saying why, without a keychain)."""
        self.remember_check = QCheckBox(self.tr("&Remember it in the system keychain"), self)
        self.remember_check.setObjectName("remember_passphrase")
        self.remember_check.setAccessibleName(self.tr("Remember the passphrase in the system keychain"))
        if keychain_available:
            self.remember_check.setToolTip(
                self.tr(
                    "Keep the passphrase in the keychain so importing this file on this computer does not ask"
                )
            )
        else:
            self.remember_check.setEnabled(False)
            self.remember_check.setToolTip(
                self.tr("No system keychain was found, so it cannot be remembered")
            )

    def _build_form(self, confirm: bool) -> QFormLayout:
        """The labelled fields; the repetition only when choosing a passphrase."""
        form = QFormLayout()
        pass_label = QLabel(self.tr("&Passphrase:"), self)
        pass_label.setBuddy(self.passphrase_edit)
        form.addRow(pass_label, self.passphrase_edit)
        if confirm:
            confirm_label = QLabel(self.tr("Repe&at:"), self)
            confirm_label.setBuddy(self.confirm_edit)
            form.addRow(confirm_label, self.confirm_edit)
        else:
            self.confirm_edit.setVisible(False)
        return form

    def _build_buttons(self, confirm: bool) -> None:
        """Encrypt (or Open) and Cancel."""
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("&Encrypt") if confirm else self.tr("&Open"))
        ok.setToolTip(self.tr("Use this passphrase"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            self.tr("Go back without a passphrase")
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def passphrase(self) -> str:
        return self.passphrase_edit.text()

    def remember(self) -> bool:
        return self._offer_remember and self.remember_check.isEnabled() and self.remember_check.isChecked()

    def set_passphrase(self, text: str, confirm: str | None = None) -> None:
        self.passphrase_edit.setText(text)
        self.confirm_edit.setText(text if confirm is None else confirm)

    def problem_text(self) -> str | None:
        text = self.passphrase()
        if not text:
            return self.tr("Enter a passphrase.")
        if self._confirm:
            if len(text) < MIN_PASSPHRASE:
                return self.tr("The passphrase is too short: use at least {n} characters.").format(
                    n=MIN_PASSPHRASE
                )
            if text != self.confirm_edit.text():
                return self.tr("The two passphrases do not match; type the same passphrase twice.")
        return None

    def _clear_problem(self) -> None:
        self.problem.setVisible(False)

    def _on_show(self, show: bool) -> None:
        mode = QLineEdit.EchoMode.Normal if show else QLineEdit.EchoMode.Password
        self.passphrase_edit.setEchoMode(mode)
        self.confirm_edit.setEchoMode(mode)

    def show_problem(self, problem: str) -> None:
        """Say what is wrong under the fields, the dialog growing to hold the sentence (the fields
        keep their height), and put the cursor back in the passphrase."""
        self.problem.setText(problem)
        self.problem.setVisible(True)
        self.problem.setAccessibleName(problem)
        self._fit_height()
        self.passphrase_edit.selectAll()
        self.passphrase_edit.setFocus()

    def _fit_height(self) -> None:
        # A wrapped sentence's height depends on the width, which a window's minimum size does not
        # follow: without this the new line took its room from the fields (squashed to ~10 px).
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        need = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() else -1
        need = max(need, layout.totalSizeHint().height())
        if need > self.height():
            self.resize(self.width(), need)

    def accept(self) -> None:
        problem = self.problem_text()
        if problem is not None:
            self.show_problem(problem)
            return
        super().accept()

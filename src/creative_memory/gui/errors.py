"""Errors shown to a person: one non-blocking message box with a sentence they can act on.

Typed service errors (:class:`services.common.errors.CreativeMemoryError`) carry that sentence already
(``str(err)``), the same one the CLI prints. Anything else is unexpected: the box says so in plain
words and keeps the traceback under "Show Details…" for a bug report.
"""

from __future__ import annotations

import logging
import traceback

import shiboken6
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from creative_memory.services.common.errors import CreativeMemoryError

log = logging.getLogger("cm.gui")

# Kept open boxes by text, so a burst of identical failures shows one box, not twenty.
_open_boxes: dict[str, QMessageBox] = {}


def error_title(err: BaseException) -> str:
    """A short title naming the kind of problem."""
    if isinstance(err, CreativeMemoryError):
        titles = {
            "invalid_input": QCoreApplication.translate("ErrorDialog", "Invalid input"),
            "not_found": QCoreApplication.translate("ErrorDialog", "Not found"),
            "store_unavailable": QCoreApplication.translate("ErrorDialog", "Store unavailable"),
            "store_too_new": QCoreApplication.translate("ErrorDialog", "Store written by a newer version"),
            "read_only": QCoreApplication.translate("ErrorDialog", "Read-only store"),
            "locked": QCoreApplication.translate("ErrorDialog", "Store is busy"),
            "refused": QCoreApplication.translate("ErrorDialog", "Refused for safety"),
            "cancelled": QCoreApplication.translate("ErrorDialog", "Cancelled"),
        }
        return titles.get(err.kind, QCoreApplication.translate("ErrorDialog", "The action failed"))
    return QCoreApplication.translate("ErrorDialog", "Unexpected error")


def user_sentence(err: BaseException) -> str:
    """The sentence a person reads: the typed error's own, or a generic one for a surprise."""
    if isinstance(err, CreativeMemoryError):
        return str(err)
    summary = _one_line(err)
    return QCoreApplication.translate(
        "ErrorDialog",
        "Something unexpected went wrong ({summary}). The action may not have finished. "
        "Try it again; if it keeps happening, open “Show Details…” and include the details "
        "when you report the problem.",
    ).format(summary=summary)


def error_details(err: BaseException) -> str:
    """The traceback text for "Show Details…" (empty for typed errors)."""
    if isinstance(err, CreativeMemoryError):
        return ""
    return "".join(traceback.format_exception(type(err), err, err.__traceback__)).rstrip()


def _one_line(err: BaseException) -> str:
    name = type(err).__name__
    text = str(err).strip().splitlines()[0] if str(err).strip() else ""
    if len(text) > 160:
        text = text[:157] + "…"
    return f"{name}: {text}" if text else name


def _icon_for(err: BaseException) -> QMessageBox.Icon:
    if isinstance(err, CreativeMemoryError):
        if err.kind == "cancelled":
            return QMessageBox.Icon.Information
        if err.kind in {"store_unavailable", "failed"}:
            return QMessageBox.Icon.Critical
        return QMessageBox.Icon.Warning
    return QMessageBox.Icon.Critical


def show_error(parent: QWidget | None, err: BaseException, *, action: str | None = None) -> QMessageBox:
    """Show ``err`` in a window-modal message box opened with ``open()`` (never ``exec()``).

    ``action`` optionally names what was being attempted ("Could not forget the pattern."); the
    error's sentence then follows as the informative text. Returns the box (deleted on close).
    An identical box that is still open is raised instead of stacking a second one.
    """
    sentence = user_sentence(err)
    details = error_details(err)
    key = f"{action or ''}\n{sentence}"
    existing = _open_boxes.get(key)
    if existing is not None and shiboken6.isValid(existing) and existing.isVisible():
        existing.raise_()
        existing.activateWindow()
        return existing

    if not isinstance(err, CreativeMemoryError):
        log.error("Unexpected error shown to the user: %s", _one_line(err), exc_info=err)
    else:
        log.info("Error shown to the user (%s): %s", err.kind, sentence)

    box = QMessageBox(parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    box.setIcon(_icon_for(err))
    title = error_title(err)
    box.setWindowTitle(
        QCoreApplication.translate("ErrorDialog", "{title} — Creative Memory Studio").format(title=title)
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    if action:
        box.setText(action)
        box.setInformativeText(sentence)
    else:
        box.setText(sentence)
    if details:
        box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    box.setDefaultButton(QMessageBox.StandardButton.Close)
    box.setEscapeButton(QMessageBox.StandardButton.Close)
    box.setAccessibleName(title)
    box.setAccessibleDescription(sentence)
    close_button = box.button(QMessageBox.StandardButton.Close)
    if close_button is not None:
        close_button.setToolTip(QCoreApplication.translate("ErrorDialog", "Close this message"))
    box.setProperty("cm_error_kind", getattr(err, "kind", "unexpected"))

    _open_boxes[key] = box
    box.destroyed.connect(lambda *_: _open_boxes.pop(key, None))
    box.finished.connect(lambda *_: _open_boxes.pop(key, None))
    box.open()
    return box

"""What the window says about text that holds control characters (the Preview's Copy)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from creative_memory.model.inert import for_display, has_controls

__all__ = ["copied_message", "for_display", "has_controls"]


def tr(text: str) -> str:
    return QCoreApplication.translate("PreviewTab", text)


def copied_message(text: str) -> str:
    """The status after Copy: the clipboard holds exactly the model's text; a warning when that text
    holds control or bidirectional characters (the view shows them as symbols)."""
    msg = tr("Copied {n} characters").format(n=len(text))
    if has_controls(text):
        msg += tr(
            " — exactly what the model gets, including control or direction characters (shown as "
            "symbols here); check the text before pasting it into a terminal."
        )
    return msg

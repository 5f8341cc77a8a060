"""Walk a widget tree for what a keyboard or screen-reader user meets: mnemonics and accessible names."""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSlider,
    QTabBar,
    QTextEdit,
    QWidget,
)

INTERACTIVE = (
    QAbstractButton, QAbstractItemView, QAbstractSpinBox, QComboBox, QLineEdit, QPlainTextEdit, QSlider,
    QTextEdit,
)
_MNEMONIC = re.compile(r"(?<!&)&([^&\s])")


def mnemonic(text: str) -> str | None:
    m = _MNEMONIC.search(text.replace("&&", ""))
    return m.group(1).lower() if m else None


def shown(root: QWidget) -> list[QWidget]:
    """Every widget under ``root`` that is shown when ``root`` is (inner widgets of combos etc. skipped)."""
    out = []
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root) or isinstance(w, QTabBar):
            continue
        parent = w.parentWidget()
        if parent is not None and isinstance(parent, QComboBox | QAbstractSpinBox):
            continue
        if w.objectName().startswith("qt_"):
            continue
        out.append(w)
    return out


def mnemonics(root: QWidget) -> dict[str, list[str]]:
    """{letter: [the texts that use it]} for buttons, buddy labels and group boxes shown in ``root``."""
    found: dict[str, list[str]] = {}
    for w in shown(root):
        text = ""
        if isinstance(w, QAbstractButton) or (isinstance(w, QLabel) and w.buddy() is not None):
            text = w.text()
        elif isinstance(w, QGroupBox) and w.isCheckable():
            text = w.title()
        key = mnemonic(text) if text else None
        if key:
            found.setdefault(key, []).append(text)
    return found


def duplicates(root: QWidget) -> dict[str, list[str]]:
    return {k: v for k, v in mnemonics(root).items() if len(v) > 1}


def unnamed(root: QWidget) -> list[str]:
    """Interactive widgets (and tables, charts, banners) a screen reader could not name."""
    missing = []
    for w in shown(root):
        if not isinstance(w, INTERACTIVE):
            continue
        if w.parentWidget() is not None and isinstance(w.parentWidget(), QAbstractItemView):
            continue  # an item view's own viewport parts
        name = w.accessibleName()
        if not name and isinstance(w, QAbstractButton):
            name = w.text().replace("&", "")
        if not name.strip():
            missing.append(f"{type(w).__name__} {w.objectName()!r} in {type(w.parentWidget()).__name__}")
    return missing

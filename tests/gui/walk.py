"""Walk a widget tree for what a keyboard or screen-reader user meets: mnemonics, accessible names,
and the stops Tab reaches."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
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
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QSlider,
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


def _takes_tab_focus(w: QWidget) -> bool:
    return bool(w.focusPolicy() & Qt.FocusPolicy.TabFocus)


def keyboard_targets(root: QWidget) -> list[QWidget]:
    """Every enabled interactive widget shown in ``root`` (what a keyboard user must be able to reach)."""
    out = []
    for w in shown(root):
        if not isinstance(w, INTERACTIVE) or not w.isEnabled():
            continue
        if w.parentWidget() is not None and isinstance(w.parentWidget(), QAbstractItemView):
            continue  # an item view's own parts (its viewport, an editor)
        if isinstance(w, QAbstractButton) and (
            w.objectName().startswith("qt_") or isinstance(w.parentWidget(), QLineEdit)
        ):
            continue  # a line edit's decoration (its icon; the clear button, which Escape does too)
        out.append(w)
    return out


def _owner(w: QWidget | None, targets: list[QWidget]) -> QWidget | None:
    """The target that ``w`` (a focus widget, maybe a combo's line edit or a viewport) belongs to."""
    while w is not None:
        if w in targets:
            return w
        w = w.parentWidget()
    return None


def tab_walk(
    root: QWidget, targets: list[QWidget], *, backwards: bool = False, limit: int = 0
) -> list[QWidget]:
    """Press Tab (or Shift+Tab) from the focus's current place until it comes back to where it
    started; the targets that had the focus, in order (each once, the starting one first). Tab is
    sent to whatever has the focus, as the keyboard would (a date-time field takes one Tab per part)."""
    from PySide6.QtTest import QTest

    start = QApplication.focusWidget()
    stops: list[QWidget] = []
    first = _owner(start, targets)
    if first is not None:
        stops.append(first)
    left_start = False
    steps = limit or 4 * len(shown(root)) + 40
    key = Qt.Key.Key_Backtab if backwards else Qt.Key.Key_Tab
    mods = Qt.KeyboardModifier.ShiftModifier if backwards else Qt.KeyboardModifier.NoModifier
    for _ in range(steps):
        focus = QApplication.focusWidget()
        QTest.keyClick(focus if focus is not None else root, key, mods)
        QApplication.processEvents()
        now = QApplication.focusWidget()
        owner = _owner(now, targets)
        if owner is not None and owner not in stops:
            stops.append(owner)
        if now is not start:
            left_start = True
        elif left_start:
            break  # round once
    return stops


def describe(w: QWidget) -> str:
    name = w.accessibleName() or (w.text().replace("&", "") if isinstance(w, QAbstractButton) else "")
    return f"{type(w).__name__} {w.objectName()!r} ({name})"

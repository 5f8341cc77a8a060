"""WCAG 2.1 AA in the light and the dark palette, measured on what each tab draws: text 4.5 : 1
against its background (disabled text 3 : 1), the edge of check boxes and radio buttons 3 : 1
against the window, and keyboard focus a ring at least 2 px wide that stands out 3 : 1 from what it
covers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.controller import Controller
from creative_memory.gui.style import FOCUS_WIDTH, contrast
from creative_memory.gui.theme import apply_scheme, scheme_palette
from creative_memory.gui.widgets.banner import accent_colour
from creative_memory.gui.widgets.switch import MemorySwitch, switch_colours
from creative_memory.services.demo import demo
from creative_memory.services.demo.demostore import show_everything

R = QPalette.ColorRole
G = QPalette.ColorGroup

#: (text, background) pairs every palette must keep at 4.5 : 1
TEXT_PAIRS = [
    (R.WindowText, R.Window),
    (R.Text, R.Base),
    (R.Text, R.AlternateBase),
    (R.ButtonText, R.Button),
    (R.HighlightedText, R.Highlight),
    (R.PlaceholderText, R.Base),
    (R.PlaceholderText, R.Window),
    (R.PlaceholderText, R.AlternateBase),
    (R.ToolTipText, R.ToolTipBase),
    (R.Link, R.Base),
    (R.Link, R.Window),
]
#: disabled text: WCAG exempts it; it is kept at 3 : 1 all the same, to be read
DISABLED_PAIRS = [(R.WindowText, R.Window), (R.Text, R.Base), (R.ButtonText, R.Button)]


@pytest.fixture(params=[False, True], ids=["light", "dark"])
def dark(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[bool]:
    apply_scheme(qapp, dark=request.param)
    yield bool(request.param)
    apply_scheme(qapp, dark=False)


@pytest.mark.parametrize("scheme", [False, True], ids=["light", "dark"])
def test_the_palettes_text_colours_stand_out(scheme: bool) -> None:
    palette = scheme_palette(dark=scheme)
    low = [
        f"{fore.name}/{back.name} {contrast(palette.color(fore), palette.color(back)):.2f}"
        for fore, back in TEXT_PAIRS
        if contrast(palette.color(fore), palette.color(back)) < 4.5
    ]
    low += [
        f"disabled {fore.name}/{back.name}"
        for fore, back in DISABLED_PAIRS
        if contrast(palette.color(G.Disabled, fore), palette.color(G.Disabled, back)) < 3.0
    ]
    assert not low


@pytest.mark.parametrize("scheme", [False, True], ids=["light", "dark"])
def test_meaning_colours_and_switches_stand_out(scheme: bool) -> None:
    """The warning and error colours are text (a project's "Off", a dialog's error) on the field
    and the window; a switch's track is its edge against the window, the knob inside it."""
    palette = scheme_palette(dark=scheme)
    for kind in ("warning", "error"):
        for back in (R.Base, R.Window):
            assert contrast(accent_colour(kind, palette), palette.color(back)) >= 4.5, (kind, back.name)
    for on in (False, True):
        track, knob = switch_colours(palette, on=on)
        assert contrast(track, palette.color(R.Window)) >= 3.0, on
        assert contrast(track, palette.color(R.Base)) >= 3.0, on
        assert contrast(knob, track) >= 3.0, on


def _indicator_edge(widget: QCheckBox | QRadioButton) -> float:
    """The contrast of the indicator's edge with the window beside it: the strongest pixel of the
    outer two pixels of the indicator's middle row and column, against the window's colour."""
    option = QStyleOptionButton()
    widget.initStyleOption(option)
    element = (
        QStyle.SubElement.SE_RadioButtonIndicator
        if isinstance(widget, QRadioButton)
        else QStyle.SubElement.SE_CheckBoxIndicator
    )
    rect = widget.style().subElementRect(element, option, widget)
    image = widget.grab().toImage()
    ratio = image.devicePixelRatio()
    window = widget.palette().color(R.Window)

    def at(x: int, y: int) -> QColor:
        return image.pixelColor(QPoint(round(x * ratio), round(y * ratio)))

    middle_y, middle_x = rect.center().y(), rect.center().x()
    edge = [at(rect.left() + i, middle_y) for i in range(2)] + [
        at(middle_x, rect.top() + i) for i in range(2)
    ]
    return max(contrast(colour, window) for colour in edge)


def test_check_box_and_radio_edges_stand_out(dark: bool, qtbot: Any) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    boxes: list[QCheckBox | QRadioButton] = [QCheckBox("Encrypt", host), QRadioButton("Merge", host)]
    for box in boxes:
        layout.addWidget(box)
    host.show()
    for box in boxes:
        assert _indicator_edge(box) >= 3.0, type(box).__name__


def _focus_ring(button: QAbstractButton, qtbot: Any) -> tuple[int, float]:
    """(the ring's width, its weakest contrast with what it covers) on the left edge of the
    button's middle row, from pictures of the button without and with keyboard focus."""
    button.clearFocus()
    qtbot.wait(20)
    before = button.grab().toImage()
    button.setFocus(Qt.FocusReason.ShortcutFocusReason)  # as a mnemonic moves it: keyboard focus
    qtbot.waitUntil(button.hasFocus, timeout=1000)
    after = button.grab().toImage()
    return _changed_run(before, after)


def _changed_run(before: QImage, after: QImage) -> tuple[int, float]:
    y = before.height() // 2
    run: list[float] = []
    for x in range(min(before.width(), after.width()) // 2):
        a, b = before.pixelColor(x, y), after.pixelColor(x, y)
        if a == b:
            if run:
                break
            continue
        run.append(contrast(a, b))
    strong = [r for r in run if r >= 3.0]
    ratio = before.devicePixelRatio() or 1.0
    return round(len(strong) / ratio), min(strong, default=1.0)


def test_keyboard_focus_is_a_2px_ring_that_stands_out(dark: bool, qtbot: Any) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    button = QPushButton("Export…", host)
    other = QLineEdit(host)
    layout.addWidget(button)
    layout.addWidget(other)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow, timeout=1000)
    width, weakest = _focus_ring(button, qtbot)
    assert width >= FOCUS_WIDTH and weakest >= 3.0, (width, weakest)


def _text_problems(widget: QWidget) -> list[str]:
    """The text colours this widget draws with, against the background it draws them on."""
    palette = widget.palette()
    pairs: list[tuple[R, R]]
    if isinstance(widget, QLabel):
        if not widget.text().strip() or widget.textFormat() == Qt.TextFormat.RichText:
            return []
        pairs = [(widget.foregroundRole(), R.Window)]
    elif isinstance(widget, QAbstractButton) and not isinstance(widget, MemorySwitch):
        pairs = [(R.ButtonText, R.Button)] if isinstance(widget, QPushButton) else [(R.WindowText, R.Window)]
    elif isinstance(widget, QLineEdit):
        pairs = [(R.Text, R.Base), (R.PlaceholderText, R.Base)]
    elif isinstance(widget, QAbstractItemView):
        pairs = [(R.Text, R.Base), (R.Text, R.AlternateBase), (R.HighlightedText, R.Highlight)]
    else:
        return []
    group = G.Active if widget.isEnabled() else G.Disabled
    need = 4.5 if widget.isEnabled() else 3.0
    found = []
    for fore, back in pairs:
        ratio = contrast(palette.color(group, fore), palette.color(group, back))
        if ratio < need:
            name = widget.objectName() or type(widget).__name__
            found.append(f"{name}: {fore.name} on {back.name} {ratio:.2f}")
    return found


def test_every_tab_reads_and_shows_its_edges_and_focus(
    ctrl: Controller, qtbot: Any, run_async: Callable[..., Any], qapp: QApplication, dark: bool
) -> None:
    from creative_memory.gui.main_window import MainWindow
    from creative_memory.gui.settings import AppSettings

    demo.generate(ctrl.store, ctrl.user, size="S", seed=7, now=ctrl.now())
    show_everything(ctrl.store, ctrl.user, ctrl.now())
    window = MainWindow(ctrl, AppSettings())
    qtbot.addWidget(window)
    window.show()
    window.store_opened()
    window.resize(1100, 720)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=1000)
    problems: list[str] = []
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        run_async(page.refresh(), timeout=30)
        run_async(asyncio.sleep(0.2))
        shown = [w for w in page.findChildren(QWidget) if w.isVisibleTo(window)]
        for widget in shown:
            problems += [f"{page.key}: {p}" for p in _text_problems(widget)]
        boxes = [
            w for w in shown if isinstance(w, (QCheckBox, QRadioButton)) and not isinstance(w, MemorySwitch)
        ]
        for box in boxes:
            if box.isEnabled() and _indicator_edge(box) < 3.0:
                problems.append(f"{page.key}: the edge of {box.text()!r} {_indicator_edge(box):.2f}")
        buttons = [w for w in shown if isinstance(w, QPushButton) and w.isEnabled()][:3]
        for button in buttons:
            width, weakest = _focus_ring(button, qtbot)
            if width < FOCUS_WIDTH or weakest < 3.0:
                problems.append(f"{page.key}: focus on {button.text()!r}: {width} px at {weakest:.2f}")
    assert not problems, "\n".join(problems)

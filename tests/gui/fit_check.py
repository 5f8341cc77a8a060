"""What "a tab fits its window" means, measured on the widgets as laid out (tests/gui/test_fit.py).

Every interactive widget shown must be inside the window, or inside a scroll area that scrolls to
it; a table cell whose text is cut must carry its whole text as a tooltip; a column that shows names
is as wide as its longest name, up to a cap.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QStyleOptionViewItem,
    QTableView,
    QTextEdit,
    QWidget,
)

INTERACTIVE = (
    QAbstractButton,
    QComboBox,
    QLineEdit,
    QAbstractSpinBox,
    QAbstractItemView,
    QTextEdit,
    QPlainTextEdit,
)

#: a name column needs to be no wider than this many average characters
NAME_CAP_CHARS = 24


def _inner_part(widget: QWidget) -> bool:
    """A widget that is a part of another interactive widget (a combo box's line edit, a table's
    corner button): its owner is checked instead."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, INTERACTIVE):
            return True
        parent = parent.parentWidget()
    return False


def interactive_widgets(window: QWidget) -> list[QWidget]:
    found: list[QWidget] = []
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, INTERACTIVE) or not widget.isVisibleTo(window) or _inner_part(widget):
            continue
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            continue
        found.append(widget)
    return found


def unreachable(window: QWidget, widget: QWidget) -> str | None:
    """Why ``widget`` cannot be seen in ``window`` (None when it can): the first ancestor that cuts
    it off without a scroll bar to bring it in."""
    rect = QRect(widget.rect())
    child: QWidget = widget
    parent = widget.parentWidget()
    while parent is not None:
        rect.translate(child.pos())
        area = parent.parentWidget()
        if isinstance(area, QScrollArea) and area.viewport() is parent:
            content = area.widget()
            if content is not None and child is content:
                inner = QRect(rect)
                if inner.right() > parent.width() and (
                    area.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
                    or area.horizontalScrollBar().maximum() < inner.right() - parent.width()
                ):
                    return (
                        f"{_name(widget)}: beyond the right edge of {_name(area)}, which cannot scroll there"
                    )
                if inner.bottom() > parent.height() and (
                    area.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
                    or area.verticalScrollBar().maximum() < inner.bottom() - parent.height()
                ):
                    return f"{_name(widget)}: below {_name(area)}, which cannot scroll there"
                # the scroll area brings it into its viewport: from here on it is as large as fits
                rect = rect.intersected(QRect(0, 0, parent.width(), parent.height()))
                if rect.isEmpty():
                    rect = QRect(
                        0, 0, min(widget.width(), parent.width()), min(widget.height(), parent.height())
                    )
        if not parent.rect().contains(rect):
            return (
                f"{_name(widget)} at {rect.x()},{rect.y()} {rect.width()}x{rect.height()} is cut off by "
                f"{_name(parent)} ({parent.width()}x{parent.height()})"
            )
        if parent is window:
            return None
        child = parent
        parent = parent.parentWidget()
    return None


def squeezed(widget: QWidget) -> str | None:
    """A button narrower than its text needs (the style then cuts its words)."""
    if isinstance(widget, QAbstractButton) and widget.width() < widget.minimumSizeHint().width():
        return (
            f"{_name(widget)} is {widget.width()} px wide, its text needs {widget.minimumSizeHint().width()}"
        )
    return None


def _name(widget: QWidget) -> str:
    text = widget.accessibleName() or (widget.text() if isinstance(widget, QAbstractButton) else "")
    return f"{type(widget).__name__}({widget.objectName() or text!r})"


def cut_cells_without_tooltip(view: QTableView, rows: int = 60) -> list[str]:
    """Cells whose text does not fit their column and whose tooltip does not hold that text."""
    model = view.model()
    problems: list[str] = []
    header = view.horizontalHeader()
    for column in range(model.columnCount()):
        if header.isSectionHidden(column):
            continue
        width = view.columnWidth(column)
        delegate = view.itemDelegateForColumn(column) or view.itemDelegate()
        for row in range(min(rows, model.rowCount())):
            index = model.index(row, column)
            text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
            if not text:
                continue
            option = QStyleOptionViewItem()
            view.initViewItemOption(option)
            option.rect = view.visualRect(index)
            needed = delegate.sizeHint(option, index).width()
            if needed <= width:
                continue
            tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
            if text not in tip:
                title = model.headerData(column, Qt.Orientation.Horizontal)
                problems.append(
                    f"{view.objectName()}: {title!s} “{text}” needs {needed} px, has {width}, no tooltip"
                )
    return problems


def hidden_switches(view: QTableView) -> list[str]:
    """Columns of switches (checkable cells) that lie beyond the table's right edge: a person must
    not have to scroll sideways to reach a switch."""
    model = view.model()
    if not model.rowCount():
        return []
    problems = []
    for column in range(model.columnCount()):
        if not model.flags(model.index(0, column)) & Qt.ItemFlag.ItemIsUserCheckable:
            continue
        right = view.columnViewportPosition(column) + view.columnWidth(column)
        if (
            view.horizontalHeader().sectionPosition(column) + view.columnWidth(column)
            > view.viewport().width()
        ):
            title = model.headerData(column, Qt.Orientation.Horizontal)
            problems.append(
                f"{view.objectName()}: the switches of {title!s} end at {right} px, beyond {view.viewport().width()}"
            )
    return problems


def narrow_name_columns(view: QTableView, columns: set[int], rows: int = 60) -> list[str]:
    """Name columns narrower than their longest name (or the cap)."""
    model = view.model()
    fm = view.fontMetrics()
    cap = fm.averageCharWidth() * NAME_CAP_CHARS
    problems = []
    for column in sorted(columns):
        title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        if view.horizontalHeader().isSectionHidden(column):
            continue
        delegate = view.itemDelegateForColumn(column) or view.itemDelegate()
        longest = 0
        for row in range(min(rows, model.rowCount())):
            index: QModelIndex = model.index(row, column)
            option = QStyleOptionViewItem()
            view.initViewItemOption(option)
            longest = max(longest, delegate.sizeHint(option, index).width())
        wanted = min(longest, cap)
        if view.columnWidth(column) < wanted:
            problems.append(
                f"{view.objectName()}: {title} is {view.columnWidth(column)} px wide; its names need {wanted}"
            )
    return problems

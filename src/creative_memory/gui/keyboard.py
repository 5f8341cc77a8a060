"""Context actions of a table or list, reachable from the keyboard.

:func:`add_context_actions` gives an item view a context menu of its actions (Forget, Show in
Inspector …) and a Copy action, and makes the menu open from the keyboard: the Menu key and
Shift+F10 open it at the current row (not at the mouse pointer). The menu is shown with
``popup()``, never a nested ``exec()``; the last one opened is kept on the view as
``view.context_menu`` (tests and screen readers find it there). A platform that also turns the
Menu key into a context-menu request gets the menu already open, not a second one.

Copy (Ctrl+C, or the menu) puts the selected rows on the clipboard as the view shows them, one row a
line, cells separated by tabs (controls stay written as ``[ESC]``; the invisible isolation marks are
left out, so the clipboard holds no direction control).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import shiboken6
from PySide6.QtCore import QCoreApplication, QModelIndex, QPoint, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractItemView, QMenu

from creative_memory.model.inert import FSI, PDI

#: the key that opens a context menu on every platform's keyboard convention (besides the Menu key)
MENU_KEY = QKeySequence("Shift+F10")
#: a second request this soon after a menu opened, while it is open, is the same key press
_SAME_REQUEST_S = 0.5


def selected_text(view: QAbstractItemView) -> str:
    """The selected rows (or the current one) as shown: cells joined by tabs, rows by line breaks."""
    model = view.model()
    if model is None:
        return ""
    sm = view.selectionModel()
    rows = sorted({i.row() for i in sm.selectedIndexes()}) if sm is not None else []
    if not rows and view.currentIndex().isValid():
        rows = [view.currentIndex().row()]
    root = view.rootIndex()
    header = getattr(view, "horizontalHeader", None)
    columns: list[int] = list(range(model.columnCount(root)))
    if header is not None:  # in the order the columns are shown, hidden ones left out
        h = header()
        columns = [h.logicalIndex(v) for v in range(h.count()) if not h.isSectionHidden(h.logicalIndex(v))]
    lines = []
    for r in rows:
        cells = [str(model.index(r, c, root).data() or "") for c in columns]
        lines.append("\t".join(cells))
    # the isolation marks around shown names are for the screen; pasted text carries no direction control
    return "\n".join(lines).replace(FSI, "").replace(PDI, "")


def add_context_actions(
    view: QAbstractItemView, actions: Sequence[QAction] = (), *, copy: bool = True
) -> None:
    """Give ``view`` a context menu of ``actions`` (and Copy), opened by the mouse, the Menu key or
    Shift+F10. The actions are added to the view too, so their shortcuts work while it has the focus."""
    items: list[QAction | None] = list(actions)
    if copy:
        copy_action = QAction(QCoreApplication.translate("Keyboard", "&Copy"), view)
        copy_action.setObjectName(f"{view.objectName() or 'view'}_copy")
        copy_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Copy))
        copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        copy_action.setToolTip(
            QCoreApplication.translate("Keyboard", "Copy the selected rows as text (Ctrl+C)")
        )
        copy_action.triggered.connect(lambda: QGuiApplication.clipboard().setText(selected_text(view)))
        if items:
            items.append(None)  # a separator before Copy
        items.append(copy_action)
    for a in items:
        if a is not None and a not in view.actions():
            view.addAction(a)
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    view.customContextMenuRequested.connect(lambda pos: open_context_menu(view, items, pos))
    # Shift+F10, and the Menu key itself (a platform that also turns that key into a context-menu
    # request replaces this menu with one at the same place: one menu is ever open per view)
    for keys in (MENU_KEY, QKeySequence(Qt.Key.Key_Menu)):
        shortcut = QShortcut(keys, view)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(lambda: open_context_menu(view, items, None))


def open_context_menu(view: QAbstractItemView, items: Sequence[QAction | None], pos: QPoint | None) -> QMenu:
    """Show the menu at ``pos`` (viewport coordinates), or at the current row for the keyboard."""
    old = getattr(view, "context_menu", None)
    if isinstance(old, QMenu) and shiboken6.isValid(old) and old.isVisible():
        if time.monotonic() - getattr(view, "context_menu_at", 0.0) < _SAME_REQUEST_S:
            return old  # the Menu key's own context-menu request, right after our shortcut opened it
        old.close()
    if pos is None:
        pos = _current_point(view)
    menu = QMenu(view)
    menu.setObjectName("context_menu")
    menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    menu.setAccessibleName(QCoreApplication.translate("Keyboard", "Actions for the selection"))
    for a in items:
        if a is None:
            menu.addSeparator()
        else:
            menu.addAction(a)
    view.context_menu = menu  # type: ignore[attr-defined]
    view.context_menu_at = time.monotonic()  # type: ignore[attr-defined]
    menu.popup(view.viewport().mapToGlobal(pos))
    if menu.actions():
        menu.setActiveAction(
            next((a for a in menu.actions() if a.isEnabled() and not a.isSeparator()), menu.actions()[0])
        )
    return menu


def _current_point(view: QAbstractItemView) -> QPoint:
    index: QModelIndex = view.currentIndex()
    if index.isValid():
        rect = view.visualRect(index)
        if rect.isValid() and view.viewport().rect().intersects(rect):
            return rect.bottomLeft()
    return QPoint(0, 0)


__all__ = ["MENU_KEY", "add_context_actions", "open_context_menu", "selected_text"]

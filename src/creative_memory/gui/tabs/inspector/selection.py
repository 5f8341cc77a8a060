"""The Inspector's list: the preferences table or its empty state, and which rows are selected.

:class:`PreferenceList` keeps the selection, the current row and the scroll position across the
model's reloads (by preference key, decision 0043) and says so with its signals; the tab decides
what follows (the detail pane, the actions, the count).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, QPoint, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QStackedWidget, QTableView, QWidget

from creative_memory.gui.itemmodels.preference_columns import HIDDEN_BY_DEFAULT, strength_words
from creative_memory.gui.itemmodels.preferences import (
    C_STRENGTH,
    COLUMNS,
    PreferenceKey,
    PreferenceTableModel,
    format_time,
)
from creative_memory.gui.itemmodels.window_view import KeySelectionModel, follow_window
from creative_memory.gui.tabs.inspector.controls import named
from creative_memory.gui.visible import number as _n
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.gui.widgets.strength import StrengthBarDelegate
from creative_memory.services.inspection.queries import PrefFilter


class _Before(NamedTuple):
    """What was selected and shown when a reset began."""

    keys: list[PreferenceKey]
    current: PreferenceKey | None
    filter: PrefFilter
    vscroll: int
    hscroll: int


@dataclass(frozen=True)
class Place:
    """Where the selection goes after a reload: the rows in the window to select, the current
    row there, and the keys kept as selected (and current) outside the window."""

    rows: list[int]
    current_row: int | None
    away: list[PreferenceKey]
    away_current: PreferenceKey | None


def place_after_reset(
    keys: Sequence[PreferenceKey],
    current: PreferenceKey | None,
    where: Mapping[PreferenceKey, int],
    *,
    may_be_away: bool,
) -> Place:
    """What stays selected and current after a reload that put the keys of ``where`` at its rows.

    A selected row the reload still shows stays selected; one it does not show stays selected
    (outside the window) only if it ``may_be_away`` — the result has rows outside the window and
    the filter did not change — and is dropped otherwise: a row the filter hides, or that was
    forgotten, is neither selected nor counted nor shown in the detail pane. The current row
    stays current on the same terms; when it is gone, the first selected row still shown
    becomes current, so the detail pane shows a row that is selected, or nothing.
    """
    rows = sorted(where[k] for k in keys if k in where)
    away = [k for k in keys if k not in where] if may_be_away else []
    current_row = where.get(current) if current is not None else None
    away_current = current if may_be_away and current is not None and current_row is None else None
    if current_row is None and away_current is None and rows:
        current_row = rows[0]
    return Place(rows, current_row, away, away_current)


class PreferenceList(QStackedWidget):
    """The preferences table (sorted by its header, rows selected by key) or the empty state."""

    #: the selected rows changed (not while a reload puts them back)
    selectionChanged = Signal()
    #: the current row changed (not while a reload puts it back)
    currentChanged = Signal()
    #: a reload put the selection back; True when it was a refresh (the scroll position kept too)
    restored = Signal(bool)

    def __init__(self, model: PreferenceTableModel, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("inspector_table_stack")
        self.model = model
        self._restoring = False
        self._reset_state: _Before | None = None
        self.table = self._build_table()
        self.empty = EmptyState(self.tr("Nothing learned yet."), "info", self)
        self.empty.setObjectName("inspector_empty")
        self.addWidget(self.table)
        self.addWidget(self.empty)

        model.modelAboutToBeReset.connect(self._before_reset)
        model.modelReset.connect(self._after_reset)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)

    def _build_table(self) -> QTableView:
        table = QTableView(self)
        table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        table.setObjectName("inspector_table")
        named(
            table,
            self.tr("Preferences"),
            self.tr("Learned preferences; select rows to see details, Delete forgets them"),
        )
        table.setModel(self.model)
        # the selection outlives rows leaving the model's window; the view follows the window (0043)
        default_selection = table.selectionModel()
        table.setSelectionModel(KeySelectionModel(self.model, table))
        default_selection.deleteLater()
        follow_window(table, self.model)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.setShowGrid(False)
        table.setCornerButtonEnabled(False)
        table.setItemDelegateForColumn(
            C_STRENGTH, StrengthBarDelegate(table, labels=tuple(strength_words().values()))
        )
        table.verticalHeader().setVisible(False)
        fm = table.fontMetrics()
        table.verticalHeader().setDefaultSectionSize(fm.height() + max(6, fm.height() // 2))
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = table.horizontalHeader()
        header.setObjectName("inspector_header")
        header.setSectionsMovable(True)
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        header.setSortIndicatorShown(True)
        header.setMinimumSectionSize(fm.averageCharWidth() * 4)
        self._set_default_widths(table)
        for i, c in enumerate(COLUMNS):
            table.setColumnHidden(i, c.name in HIDDEN_BY_DEFAULT)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._column_menu)
        header.setToolTip(self.tr("Right-click a column title to show the stored values as columns"))
        header.setSortIndicator(C_STRENGTH, Qt.SortOrder.DescendingOrder)
        table.setSortingEnabled(True)
        return table

    def column_menu(self) -> QMenu:
        """The header's menu: a check per column (every column but the preference itself)."""
        menu = QMenu(self.table)
        menu.setObjectName("inspector_columns_menu")
        for i in range(1, len(COLUMNS)):
            title = str(self.model.headerData(i, Qt.Orientation.Horizontal))
            action = menu.addAction(title)
            action.setCheckable(True)
            action.setChecked(not self.table.isColumnHidden(i))
            action.toggled.connect(lambda shown, i=i: self.table.setColumnHidden(i, not shown))
        return menu

    def _column_menu(self, pos: QPoint) -> None:
        menu = self.column_menu()
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(self.table.horizontalHeader().mapToGlobal(pos))

    def _set_default_widths(self, table: QTableView) -> None:
        """Column widths from sample contents and the header titles (no pixel constants)."""
        fm = table.fontMetrics()
        hfm = table.horizontalHeader().fontMetrics()
        cw = fm.averageCharWidth()
        sample_date = format_time(1_798_761_540_000, False)  # a date with two-digit parts
        samples = {
            "preference": "Avoids asymmetric compositions",
            "scope": "in Brand refresh only",
            "type": "iconography",
            "pattern": "asymmetric_compositions",
            "polarity": max(
                (self.model.word("positive"), self.model.word("negative")), key=fm.horizontalAdvance
            ),
            "strength": "000000 " + max(strength_words().values(), key=fm.horizontalAdvance),
            "tier": max((self.model.word(t) for t in ("low", "medium", "high")), key=fm.horizontalAdvance),
            "status": self.model.word("under_review"),
            "sources": "thumbs up, rep",
            "counts": "000 / 000",
            "last_seen": sample_date,
            "decay_at": sample_date,
            "last_injected": sample_date,
        }
        header = table.horizontalHeader()
        for i, c in enumerate(COLUMNS):
            title = str(self.model.headerData(i, Qt.Orientation.Horizontal))
            need = max(fm.horizontalAdvance(samples.get(c.name, "")), hfm.horizontalAdvance(title) + cw * 2)
            header.resizeSection(i, need + cw * 2)

    # ------------------------------------------------------------------ across reloads
    def _before_reset(self) -> None:
        self._reset_state = _Before(
            self.selected_keys(),
            self.current_key(),
            self.model.shown_filter,
            self.table.verticalScrollBar().value(),
            self.table.horizontalScrollBar().value(),
        )

    def _after_reset(self) -> None:
        """Put back what is selected and current after any reload (a sort, a filter, a facet, a
        forget, a refresh): the one place that decides it. The tab then makes the detail pane,
        the actions and the count follow (:attr:`restored`)."""
        before, self._reset_state = self._reset_state, None
        if before is None:
            return
        refresh = self.model.reset_tag == "refresh"
        place = place_after_reset(
            before.keys,
            before.current,
            self.model.rows_of_keys({*before.keys, *([before.current] if before.current else [])}),
            # rows not in the window may still be in the result only if there are rows outside
            # it, and only if the reload was not asked to show other rows (a new filter)
            may_be_away=not self.model.holds_whole_result() and before.filter == self.model.shown_filter,
        )
        self._restoring = True
        try:
            sm = self.table.selectionModel()
            selection = QItemSelection()
            last = self.model.columnCount() - 1
            for row in place.rows:
                selection.select(self.model.index(row, 0), self.model.index(row, last))
            if not selection.isEmpty():
                sm.select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            self._kept_selection().keep_away(place.away, place.away_current)
            if place.current_row is not None:
                sm.setCurrentIndex(
                    self.model.index(place.current_row, 0), QItemSelectionModel.SelectionFlag.NoUpdate
                )
            if refresh:
                # Lay out now so the scroll range fits the rows, then put the view back where it was.
                self.table.doItemsLayout()
                self.table.verticalScrollBar().setValue(before.vscroll)
                self.table.horizontalScrollBar().setValue(before.hscroll)
            elif place.current_row is not None:
                self.table.scrollTo(
                    self.model.index(place.current_row, 0), QAbstractItemView.ScrollHint.EnsureVisible
                )
            else:
                self.table.scrollToTop()
        finally:
            self._restoring = False
        self.restored.emit(refresh)

    def _selection_changed(self, *_args: Any) -> None:
        if not self._restoring:
            self.selectionChanged.emit()

    def _current_changed(self, _current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._restoring:
            self.currentChanged.emit()

    # ------------------------------------------------------------------ what is shown
    def update_empty(self, *, nothing_learned: bool, filtered: bool, archived_shown: bool) -> bool:
        """Show the table if there are rows, else the empty state saying why; whether rows show."""
        total = self.model.total or 0
        if total > 0 or self.model.rowCount() > 0:
            self.setCurrentWidget(self.table)
            return True
        if nothing_learned and not filtered:
            self.empty.setText(
                self.tr(
                    "Nothing learned yet. Preferences appear here as Open Design sees what you accept, "
                    "refine, tag or reject."
                )
            )
            self.empty.setAction(None)
        elif not filtered and not archived_shown:
            self.empty.setText(self.tr("Every preference is archived (not seen for 180 days)."))
            self.empty.setAction(self.tr("Show archived"), self.tr("Also show archived preferences"))
        else:
            self.empty.setText(self.tr("No preference matches these filters."))
            self.empty.setAction(
                self.tr("Clear filters"), self.tr("Remove every filter and show all preferences")
            )
        self.setCurrentWidget(self.empty)
        return False

    def count_text(self) -> str:
        """How many preferences match, and how many are selected."""
        total = self.model.total
        if total is None:
            text = self.tr("Loading…") if self.model.is_loading() else ""
        elif total == 1:
            text = self.tr("1 preference")
        else:
            text = self.tr("{n} preferences").format(n=_n(total))
        selected = self.selected_count() if total else 0
        if selected:
            text = self.tr("{count} · {n} selected").format(count=text, n=_n(selected))
        return text

    # ------------------------------------------------------------------ the selection
    def _kept_selection(self) -> KeySelectionModel:
        sm = self.table.selectionModel()
        assert isinstance(sm, KeySelectionModel)
        return sm

    def has_selection(self) -> bool:
        """Whether any row is selected, in the window or outside it (what Forget acts on)."""
        return self.table.selectionModel().hasSelection() or bool(self._kept_selection().away_keys())

    def selected_keys(self) -> list[PreferenceKey]:
        """The selected rows' keys: those in the window (in order), then those outside it
        (decision 0043)."""
        out: list[PreferenceKey] = []
        for idx in sorted(self.table.selectionModel().selectedRows(), key=lambda i: i.row()):
            k = self.model.key_at(idx.row())
            if k is not None:
                out.append(k)
        return out + self._kept_selection().away_keys()

    def selected_count(self) -> int:
        """How many rows are selected (from the selection ranges, which may overlap)."""
        rows: set[int] = set()
        selection = self.table.selectionModel().selection()
        for i in range(selection.size()):
            r = selection.at(i)
            rows.update(range(r.top(), r.bottom() + 1))
        return len(rows) + len(self._kept_selection().away_keys())

    def current_key(self) -> PreferenceKey | None:
        idx = self.table.selectionModel().currentIndex()
        return self.model.key_at(idx.row()) if idx.isValid() else self._kept_selection().away_current()

    def select_key(self, key: PreferenceKey) -> bool:
        """Make ``key`` the current, only selected row (if it is in the window)."""
        row = self.model.rows_of_keys({key}).get(key)
        if row is None:
            return False
        self.table.selectionModel().setCurrentIndex(
            self.model.index(row, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(self.model.index(row, 0))
        return True


__all__ = ["Place", "PreferenceList", "place_after_reset"]

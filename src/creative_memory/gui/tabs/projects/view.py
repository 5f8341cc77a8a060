"""The Projects tab: every project (from the daemon's ``projects`` table and from events) with its
"Use global memory in this project", "Use this project's memory" and "Learn from this project"
switches, project-scoped preference count and last activity. Switching asks nothing (it is
reversible) and is written at once."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QObject,
    Qt,
)
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.controller import Controller
from creative_memory.gui.errors import show_error
from creative_memory.gui.itemmodels.projects import (
    CHECK_COLUMNS,
    COL,
    ID_ROLE,
    ProjectsFilterProxy,
    ProjectsModel,
    local_time,
)
from creative_memory.gui.keyboard import add_context_actions
from creative_memory.gui.settings import AppSettings
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.tabs.projects.switches import SwitchDelegate
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.controls import controls

if TYPE_CHECKING:
    from creative_memory.services.controls.controls import ProjectRow


def _wide_date() -> str:
    """A wide "Last activity" value in the user's language (the column's format, a long day and month)."""
    return local_time("2026-09-30T00:00:00")


log = logging.getLogger("cm.gui")

# The name column is as wide as the widest name up to this many average characters (wider when
# the window has room).
NAME_CAP_CHARS = 24


class ProjectsTab(Tab):
    key = "projects"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._read_only = False
        self._pending = 0

        self.model = ProjectsModel(self)
        self.proxy = ProjectsFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.model.toggleRequested.connect(self._write_switch)

        intro, top = self._build_top()
        self._build_table()
        self.empty = EmptyState(
            self.tr(
                "No projects yet. Projects appear here when Open Design creates them or when memory "
                "events name them."
            ),
            "info",
            self,
        )
        self.empty.setObjectName("projects_empty")
        self.empty.actionTriggered.connect(self._clear_filter)

        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.table)
        self.stack.addWidget(self.empty)

        layout = QVBoxLayout(self)
        em = self.fontMetrics().height()
        layout.setContentsMargins(em, em, em, em)
        layout.addWidget(intro)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)

        self.proxy.rowsInserted.connect(self._update_view)
        self.proxy.rowsRemoved.connect(self._update_view)
        self.proxy.modelReset.connect(self._update_view)
        self.proxy.layoutChanged.connect(self._update_view)
        QWidget.setTabOrder(self.filter_edit, self.table)
        self._update_view()

    def _build_top(self) -> tuple[QLabel, QHBoxLayout]:
        """The explanation of the three switches, and the filter box with the count."""
        intro = QLabel(
            self.tr(
                "Switch off “Use global memory in this project” to keep your general preferences out of "
                "a project's prompts (client or NDA work), “Use this project's memory” to leave out what "
                "was learned there, “Learn from this project” to keep its work out of memory. All are "
                "reversible and take effect at once."
            ),
            self,
        )
        intro.setObjectName("projects_intro")
        intro.setWordWrap(True)
        intro.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.filter_edit = FilterLineEdit(self, placeholder=self.tr("Filter by name or id…"))
        self.filter_edit.setObjectName("projects_filter")
        self.filter_edit.setAccessibleName(self.tr("Filter projects"))
        self.filter_edit.setToolTip(
            self.tr("Show the projects whose name or id contains these words (Ctrl+F)")
        )
        self.filter_edit.filterChanged.connect(self.set_filter)
        filter_label = QLabel(self.tr("&Filter:"), self)
        filter_label.setBuddy(self.filter_edit)
        self.count_label = QLabel(self)
        self.count_label.setObjectName("projects_count")
        self.count_label.setAccessibleName(self.tr("Number of projects"))

        top = QHBoxLayout()
        top.addWidget(filter_label)
        top.addWidget(self.filter_edit, 2)
        top.addStretch(1)
        top.addWidget(self.count_label)
        return intro, top

    def _build_table(self) -> None:
        """The projects, one row each, with a switch cell per setting."""
        self.table = QTableView(self)

        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it

        self.filter_edit.set_view(self.table)
        self.table.setObjectName("projects_table")
        self.table.setAccessibleName(self.tr("Projects"))
        add_context_actions(self.table)  # Copy (Ctrl+C), from the Menu key or Shift+F10 too
        self.table.setToolTip(self.tr("Click a switch or press Space on it to change it"))
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(round(self.table.fontMetrics().height() * 1.8))
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.switch_delegate = SwitchDelegate(self.table)
        for key in CHECK_COLUMNS:
            self.table.setItemDelegateForColumn(COL[key], self.switch_delegate)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.setSortIndicator(COL["name"], Qt.SortOrder.AscendingOrder)
        self._size_columns()
        # "-columns": widths saved before the switches' columns were narrowed are not restored
        self._header_restored = AppSettings().restore_header("projects-columns", header)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._id_sized = self._header_restored
        # The name column takes the room the others leave, and never less than its names need.
        header.sectionResized.connect(self._other_column_resized)
        self.table.viewport().installEventFilter(self)

    def title(self) -> str:
        return self.tr("Projects")

    def _size_columns(self) -> None:
        fm = self.table.fontMetrics()
        header = self.table.horizontalHeader()
        char = fm.averageCharWidth()
        pad = char * 5  # the margins and the sort arrow
        switch = self.switch_delegate.cell_width(fm)
        for key in CHECK_COLUMNS:  # the title on two lines (with the sort arrow), or the switch and its word
            title = str(self.model.headerData(COL[key], Qt.Orientation.Horizontal))
            lines = max(fm.horizontalAdvance(line) for line in title.split("\n"))
            header.resizeSection(COL[key], max(lines + char * 4, switch))
        for key, width in (
            ("id", max(char * 18, fm.horizontalAdvance("ID") + pad)),
            ("preferences", fm.horizontalAdvance(self.tr("Preferences")) + pad),
            (
                "last_activity",
                max(
                    fm.horizontalAdvance("Wed 28 Sep 2026, 00:00") + char * 3,
                    fm.horizontalAdvance(_wide_date()) + char * 3,  # "Mi. 30 Sept. 2026, 00:00"
                    fm.horizontalAdvance(self.tr("Last activity")) + pad,
                ),
            ),
        ):
            header.resizeSection(COL[key], width)
        header.resizeSection(COL["name"], char * NAME_CAP_CHARS)

    def _name_width(self) -> int:
        """What the names need (the widest of them), up to :data:`NAME_CAP_CHARS` characters; a
        longer name is cut and shown whole in its tooltip."""
        cap = self.table.fontMetrics().averageCharWidth() * NAME_CAP_CHARS
        if not self.proxy.rowCount():
            return cap
        return min(cap, self.table.sizeHintForColumn(COL["name"]))

    def _fit_name_column(self) -> None:
        header = self.table.horizontalHeader()
        name = COL["name"]
        others = sum(
            header.sectionSize(c)
            for c in range(header.count())
            if c != name and not header.isSectionHidden(c)
        )
        width = max(self._name_width(), self.table.viewport().width() - others)
        if header.sectionSize(name) != width:
            header.resizeSection(name, width)

    def _other_column_resized(self, column: int, _old: int, _new: int) -> None:
        if column != COL["name"]:
            self._fit_name_column()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_name_column()
        return super().eventFilter(watched, event)

    # ------------------------------------------------------------------ Tab contract
    async def refresh(self) -> None:
        with self.reading():
            rows = await self.ctrl.run(controls.projects, self.ctrl.store, self.ctrl.user)
        self.set_rows(rows)

    def set_rows(self, rows: list[ProjectRow]) -> None:
        current = self.selected_project()
        self.model.set_rows(rows)
        if not self._id_sized and rows:
            # Fit the id column to the ids once (the user's own widths win afterwards).
            self._id_sized = True
            fm = self.table.fontMetrics()
            widest = max(fm.horizontalAdvance(r.id) for r in rows) + fm.averageCharWidth() * 3
            limit = fm.averageCharWidth() * 40
            header = self.table.horizontalHeader()
            header.resizeSection(COL["id"], max(header.sectionSize(COL["id"]), min(widest, limit)))
        self._fit_name_column()
        if current is not None:
            self.select_project(current)
        self._update_view()

    def focus_filter(self) -> bool:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()
        return True

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        self.model.set_read_only(read_only)
        if read_only:
            try:
                reason = self.ctrl.store.read_only_reason or ""
            except CreativeMemoryError:
                reason = ""
            self.table.setToolTip(
                self.tr("This store is read-only, so the switches cannot be changed: {reason}").format(
                    reason=reason
                )
            )
        else:
            self.table.setToolTip(self.tr("Click a switch or press Space on it to change it"))

    def save_state(self) -> None:
        AppSettings().save_header("projects-columns", self.table.horizontalHeader())

    # ------------------------------------------------------------------ filter, selection
    def set_filter(self, text: str) -> None:
        self.proxy.set_filter_text(text)
        self._update_view()

    def _clear_filter(self) -> None:
        self.filter_edit.clear()
        self.filter_edit.flush()
        self.set_filter("")

    def selected_project(self) -> str | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        value = index.data(ID_ROLE)
        return str(value) if value is not None else None

    def select_project(self, project_id: str) -> bool:
        row = self.model.row_of(project_id)
        if row < 0:
            return False
        index = self.proxy.mapFromSource(
            self.model.index(
                row, self.table.currentIndex().column() if self.table.currentIndex().isValid() else 0
            )
        )
        if not index.isValid():
            return False
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
        )
        return True

    def visible_ids(self) -> list[str]:
        return [str(self.proxy.index(r, 0).data(ID_ROLE)) for r in range(self.proxy.rowCount())]

    def _update_view(self, *_args: Any) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        if total == 0:
            self.empty.setText(
                self.tr(
                    "No projects yet. Projects appear here when Open Design creates them or when memory "
                    "events name them."
                )
            )
            self.empty.setAction(None)
            self.stack.setCurrentWidget(self.empty)
        elif shown == 0:
            self.empty.setText(
                self.tr("No project matches “{text}”.").format(text=self.filter_edit.text().strip())
            )
            self.empty.setAction(self.tr("&Clear the filter"), self.tr("Show every project again"))
            self.stack.setCurrentWidget(self.empty)
        else:
            self.stack.setCurrentWidget(self.table)
        if total == shown:
            self.count_label.setText(self.tr("%n project(s)", None, total))
        else:
            self.count_label.setText(self.tr("{shown} of {n} projects").format(shown=shown, n=total))

    # ------------------------------------------------------------------ writes
    def toggle(self, project_id: str, key: str, value: bool) -> bool:
        """Switch one of a project's CHECK_COLUMNS (through the model)."""
        row = self.model.row_of(project_id)
        if row < 0:
            return False
        index = self.model.index(row, COL[key])
        state = Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        return self.model.setData(index, state, Qt.ItemDataRole.CheckStateRole)

    @property
    def pending_writes(self) -> int:
        return self._pending

    @async_slot()
    async def _write_switch(self, project_id: str, key: str, value: bool) -> None:
        self._pending += 1
        try:
            row = await self.ctrl.change(
                controls.set_project,
                self.ctrl.store,
                self.ctrl.user,
                project_id,
                actor=self.ctrl.ctx.actor,
                now=self.ctrl.now(),
                **{key: value},
            )
        except Exception as exc:
            self.model.set_flag(project_id, key, not value)
            name = self._name_of(project_id)
            show_error(
                self.window(),
                exc,
                action=self.tr("Could not change “{name}”; the switch was put back.").format(name=name),
            )
            return
        finally:
            self._pending -= 1
        self.model.update_row(row)
        self.ctrl.notify("projects", "audit")

    def _name_of(self, project_id: str) -> str:
        row = self.model.row_of(project_id)
        if row < 0:
            return project_id
        return self.model.project(row).name or project_id

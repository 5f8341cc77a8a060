"""The Diagnostics tab's run row: run a retrieval now (a dry run unless asked to record), export the
filtered list as JSON or CSV, and the line that says what happened.

:class:`RunActions` builds the row on the tab (which places :attr:`RunActions.row` and
:attr:`RunActions.message`). What a run shows goes out as signals the tab connects: a dry run's
summary and stage events (:attr:`RunActions.dryRunShown`), a recorded retrieval to select
(:attr:`RunActions.recorded`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QCheckBox, QComboBox, QFileDialog, QLabel, QPushButton, QWidget

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.controller import Controller
from creative_memory.gui.errors import show_error
from creative_memory.gui.flow import flow, group
from creative_memory.gui.icons import palette_icon
from creative_memory.gui.itemmodels.diagnostics import RetrievalsModel
from creative_memory.gui.tabs.diagnostics.common import MODES, buddy, empty_numbers, fill_projects, named
from creative_memory.gui.visible import said
from creative_memory.model.constants import Mode, Origin
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.controls.project_choices import ProjectChoice
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.guarded import run_unless_damaged
from creative_memory.services.transfer.list_export import export_retrievals, format_for


class RunActions(QObject):
    """Run now and export; their controls are children of ``host``."""

    #: a dry run was shown nowhere yet: its summary and its stage events (the engine's DiagEvents)
    dryRunShown = Signal(str, list)
    #: a recorded retrieval is in the reloaded list: its id (select it)
    recorded = Signal(int)

    def __init__(self, ctrl: Controller, model: RetrievalsModel, host: QWidget) -> None:
        super().__init__(host)
        self.ctrl = ctrl
        self.task_keeper = ctrl.keeper
        self.model = model
        self._host = host  # the parent of the controls and the dialogs
        self._read_only = False
        self._projects: list[ProjectChoice] = []

        self.run_project_combo = QComboBox(host)
        self.run_project_combo.setObjectName("run_project")
        self.run_project_combo.addItem(self.tr("No project (global only)"), None)
        self.run_project_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.run_project_combo.setMinimumContentsLength(18)
        named(
            self.run_project_combo,
            self.tr("Project to retrieve for"),
            self.tr("The project the retrieval runs for"),
        )
        self.run_mode_combo = QComboBox(host)
        self.run_mode_combo.setObjectName("run_mode")
        for mode, label in MODES:
            self.run_mode_combo.addItem(self.tr(label), str(mode))
        named(self.run_mode_combo, self.tr("Block format"), self.tr("Which prompt block format to build"))
        self.dry_run_check = QCheckBox(self.tr("&Dry run"), host)
        self.dry_run_check.setObjectName("dry_run")
        named(
            self.dry_run_check,
            self.tr("Dry run"),
            self.tr("Run the engine and show its stage events here without recording anything"),
        )
        self.dry_run_check.setChecked(True)
        self.run_button = QPushButton(self.tr("&Run (dry run)"), host)
        self.run_button.setObjectName("run_now")
        named(
            self.run_button,
            self.tr("Run a retrieval now"),
            self.tr("Retrieve for the chosen project now; a recorded run appears at the top of the list"),
        )
        self.export_button = QPushButton(self.tr("E&xport…"), host)
        self.export_button.setObjectName("export")
        named(self.export_button, self.tr("Export"), self.tr("Save the filtered list as JSON or CSV"))

        run_title = QLabel(self.tr("Run a retrieval now:"), host)
        bold = run_title.font()
        bold.setBold(True)
        run_title.setFont(bold)
        self.row = flow(
            host,
            group(
                host,
                run_title,
                buddy(host, self.tr("Pro&ject:"), self.run_project_combo),
                self.run_project_combo,
            ),
            group(host, buddy(host, self.tr("&Mode:"), self.run_mode_combo), self.run_mode_combo),
            self.dry_run_check,
            self.run_button,
            self.export_button,
        )

        self.message = QLabel(host)
        self.message.setObjectName("diagnostics_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAccessibleName(self.tr("Last action"))
        self.message.setVisible(False)

        self.run_button.clicked.connect(self._run_clicked)
        self.dry_run_check.toggled.connect(self._update_run_label)
        self.export_button.clicked.connect(self._export_clicked)

    def update_icons(self, palette: QPalette) -> None:
        self.run_button.setIcon(palette_icon("self-test", palette))
        self.export_button.setIcon(palette_icon("export", palette))

    def fill_projects(self, projects: Sequence[ProjectChoice]) -> None:
        """The projects a retrieval can run for (the chosen one kept)."""
        self._projects = list(projects)
        fill_projects(self.run_project_combo, projects, self.tr("No project (global only)"))

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        if read_only:
            self.dry_run_check.setChecked(True)
            self.dry_run_check.setToolTip(
                self.tr("This store is read-only: a retrieval can only be a dry run")
            )
        else:
            self.dry_run_check.setToolTip(
                self.tr("Run the engine and show its stage events here without recording anything")
            )
        self.dry_run_check.setEnabled(not read_only)

    def say(self, text: str) -> None:
        """What the last action did, on the line under the row."""
        self.message.setText(text)
        self.message.setVisible(True)

    # ------------------------------------------------------------------ run now
    def _update_run_label(self, dry: bool) -> None:
        self.run_button.setText(self.tr("&Run (dry run)") if dry else self.tr("&Run a recorded retrieval"))

    @async_slot()
    async def _run_clicked(self) -> None:
        mode = Mode(self.run_mode_combo.currentData())
        try:
            await self.run_retrieval(
                self.run_project_combo.currentData(), mode=mode, dry_run=self.dry_run_check.isChecked()
            )
        except CreativeMemoryError as exc:
            show_error(self._host, exc, action=self.tr("The retrieval could not run."))

    async def run_retrieval(
        self, project_id: str | None, *, mode: Mode = Mode.GENERATION, dry_run: bool = False
    ) -> retrieval.RetrievalOutcome:
        """Run the engine now; recorded runs are selected at the top, dry runs shown unrecorded."""
        dry = dry_run or self._read_only or self.ctrl.store.read_only
        self.run_button.setEnabled(False)
        try:
            request = retrieval.RetrievalRequest(
                self.ctrl.user,
                project_id=project_id,
                now=self.ctrl.now(),
                mode=mode,
                origin=Origin.GUI,
                dry_run=dry,
            )
            outcome = await self.ctrl.run(
                run_unless_damaged, self.ctrl.store, request, "Run a recorded retrieval"
            )
        finally:
            self.run_button.setEnabled(True)
        result = outcome.result
        where = self.model.project_label(project_id)
        kept = self.tr("kept +{pos} / −{neg}, {tokens} tokens").format(
            pos=len(result.positives), neg=len(result.negatives), tokens=outcome.tokens
        )
        if outcome.retrieval_id is None:
            summary = self.tr("Dry run (not recorded) · {where} · {mode} · {kept}").format(
                where=where, mode=str(mode), kept=kept
            )
            if result.empty_reason:
                numbers = empty_numbers(self._projects, project_id)
                summary += "\n" + said(retrieval.explain_empty(result.empty_reason, numbers))
            self.dryRunShown.emit(summary, list(result.events))
            self.say(
                self.tr("Dry run for {where}: {kept}. Nothing was recorded.").format(where=where, kept=kept)
            )
        else:
            await self.model.reload()
            text = self.tr("Recorded retrieval #{id} for {where}: {kept}.").format(
                id=outcome.retrieval_id, where=where, kept=kept
            )
            if self.model.row_of_id(outcome.retrieval_id) < 0:
                text += " " + self.tr("The current filters hide it.")
            self.recorded.emit(outcome.retrieval_id)
            self.say(text)
            self.ctrl.notify("diagnostics")
        return outcome

    # ------------------------------------------------------------------ export
    @async_slot()
    async def _export_clicked(self) -> None:
        dialog = QFileDialog(self._host, self.tr("Export retrievals"))
        dialog.setObjectName("export_dialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        json_filter, csv_filter = self.tr("JSON (*.json)"), self.tr("CSV (*.csv)")
        dialog.setNameFilters([json_filter, csv_filter])
        dialog.setDefaultSuffix("json")
        dialog.selectFile("retrievals.json")
        dialog.filterSelected.connect(lambda f: dialog.setDefaultSuffix("csv" if f == csv_filter else "json"))
        if await wait_dialog(dialog) != QFileDialog.DialogCode.Accepted.value:
            return
        files = dialog.selectedFiles()
        if not files:
            return
        fallback = "csv" if dialog.selectedNameFilter() == csv_filter else "json"
        path = files[0]
        try:
            await self.export_to(path, format_for(path, fallback))
        except (CreativeMemoryError, OSError) as exc:
            show_error(self._host, exc, action=self.tr("The retrievals could not be exported."))

    async def export_to(self, path: str | Path, fmt: str) -> int:
        """Write every retrieval the current filter matches to ``path`` (mode 0600); returns how many."""
        n = await self.ctrl.change(
            export_retrievals, self.ctrl.store, self.ctrl.user, self.model.filter, Path(path), fmt
        )
        self.say(self.tr("Exported %n retrievals to {path}.", None, n).format(path=str(path)))
        return n

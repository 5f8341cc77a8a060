"""The Diagnostics tab's actions: run a retrieval now (a dry run unless asked to record) and export
the filtered list as JSON or CSV."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, QModelIndex
from PySide6.QtWidgets import (
    QFileDialog,
)

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.errors import show_error
from creative_memory.gui.tabs.diagnostics.core import DiagnosticsCore
from creative_memory.gui.visible import said
from creative_memory.model.constants import Mode, Origin
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.retrieval import retrieval
from creative_memory.services.transfer.list_export import export_retrievals, format_for


class RunActions(DiagnosticsCore):
    """Run now and export."""

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
            show_error(self, exc, action=self.tr("The retrieval could not run."))

    async def run_retrieval(
        self, project_id: str | None, *, mode: Mode = Mode.GENERATION, dry_run: bool = False
    ) -> retrieval.RetrievalOutcome:
        """Run the engine now; recorded runs are selected at the top, dry runs shown unrecorded."""
        dry = dry_run or self._read_only or self.ctrl.store.read_only
        self.run_button.setEnabled(False)
        try:
            request = retrieval.RetrievalRequest(
                self.ctrl.user, project_id=project_id, now=self.ctrl.now(), mode=mode, origin=Origin.GUI, dry_run=dry
            )
            outcome = await self.ctrl.run(retrieval.run, self.ctrl.store, request)
        finally:
            self.run_button.setEnabled(True)
        result = outcome.result
        where = self.model.project_label(project_id)
        kept = self.tr("kept +{pos} / −{neg}, {tokens} tokens").format(
            pos=len(result.positives), neg=len(result.negatives), tokens=outcome.tokens
        )
        if outcome.retrieval_id is None:
            self.table.selectionModel().clearSelection()
            self._showing_dry_run = True
            self.table.selectionModel().setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
            self._events_generation += 1
            self._shown_retrieval = None
            summary = self.tr("Dry run (not recorded) · {where} · {mode} · {kept}").format(
                where=where, mode=str(mode), kept=kept
            )
            if result.empty_reason:
                summary += "\n" + said(retrieval.explain_empty(result.empty_reason, self._empty_numbers(project_id)))
            self.summary.setText(summary)
            self._set_events([e.as_json() for e in result.events])
            self._say(self.tr("Dry run for {where}: {kept}. Nothing was recorded.").format(where=where, kept=kept))
        else:
            self._showing_dry_run = False
            await self.model.reload()
            text = self.tr("Recorded retrieval #{id} for {where}: {kept}.").format(
                id=outcome.retrieval_id, where=where, kept=kept
            )
            if not self.select_retrieval(outcome.retrieval_id):
                text += " " + self.tr("The current filters hide it.")
            self._say(text)
            self.ctrl.notify("diagnostics")
        return outcome

    @async_slot()
    async def _export_clicked(self) -> None:
        dialog = QFileDialog(self, self.tr("Export retrievals"))
        dialog.setObjectName("export_dialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        json_filter, csv_filter = self.tr("JSON (*.json)"), self.tr("CSV (*.csv)")
        dialog.setNameFilters([json_filter, csv_filter])
        dialog.setDefaultSuffix("json")
        dialog.selectFile("retrievals.json")
        dialog.filterSelected.connect(
            lambda f: dialog.setDefaultSuffix("csv" if f == csv_filter else "json")
        )
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
            show_error(self, exc, action=self.tr("The retrievals could not be exported."))

    async def export_to(self, path: str | Path, fmt: str) -> int:
        """Write every retrieval the current filter matches to ``path`` (mode 0600); returns how many."""
        n = await self.ctrl.run(
            export_retrievals, self.ctrl.store, self.ctrl.user, self.model.filter, Path(path), fmt
        )
        self._say(self.tr("Exported %n retrievals to {path}.", None, n).format(path=str(path)))
        return n

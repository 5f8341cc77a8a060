"""The Preview tab: the memory-relevant prompt prefix exactly as the daemon would compose it.

``## Personal memory`` and ``## Creative memory`` are painted as two tinted blocks (:mod:`.render`),
with the token estimate of each below. The text shown and copied is
:attr:`services.retrieval.preview.Preview.text`, byte for byte. The what-ifs are worded in :mod:`.whatif`.

Looking never writes: a preview (a project, a mode, a what-if) is a dry run — nothing is recorded
and nothing in the store changes. Only Diagnostics' "Run a recorded retrieval" records one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import (
    QFontDatabase,
    QGuiApplication,
    QPalette,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.asyncbridge import async_slot
from creative_memory.gui.controller import Controller
from creative_memory.gui.flow import FlowLayout, flow, group
from creative_memory.gui.icons import palette_icon
from creative_memory.gui.tabs.base import Tab
from creative_memory.gui.tabs.diagnostics.common import fill_projects
from creative_memory.gui.tabs.preview.render import (
    render_prefix,
    scroll_to_creative,
    show_tokens,
    tokens_text,
)
from creative_memory.gui.tabs.preview.whatif import DISABLED_TIP, GLOBAL_OFF_TIP, whatif_for, whatif_sentence
from creative_memory.gui.visible import QT_TRANSLATE_NOOP, copied_message, said, shown_pair
from creative_memory.gui.widgets.banner import Banner
from creative_memory.model.constants import Mode
from creative_memory.services.controls.project_choices import project_choices
from creative_memory.services.retrieval import preview, retrieval
from creative_memory.services.store.store import Store

if TYPE_CHECKING:
    from creative_memory.services.controls.project_choices import ProjectChoice

MODES: tuple[tuple[Mode, str], ...] = (
    (Mode.GENERATION, QT_TRANSLATE_NOOP("PreviewTab", "Generation")),
    (Mode.CRITIQUE, QT_TRANSLATE_NOOP("PreviewTab", "Critique")),
    (Mode.LEGACY, QT_TRANSLATE_NOOP("PreviewTab", "Legacy ([MEMORY CONTEXT])")),
)


def _named(widget: QWidget, name: str, tooltip: str) -> None:
    widget.setAccessibleName(name)
    widget.setToolTip(tooltip)


@dataclass(frozen=True)
class Job:
    store: Store
    user: str
    memory_dir: Path
    project_id: str | None
    mode: Mode
    now: int
    whatif: retrieval.WhatIf | None


def compose_for_view(job: Job) -> preview.Preview:
    """Compose on the store thread (a dry run: nothing is recorded)."""
    return preview.compose(
        job.store,
        job.user,
        job.memory_dir,
        project_id=job.project_id,
        mode=job.mode,
        now=job.now,
        whatif=job.whatif,
    )


class PreviewTab(Tab):
    key = "preview"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._generation = 0
        self._preview: preview.Preview | None = None
        self._shown_forgotten: frozenset[tuple[str, ...]] = frozenset()
        #: the Inspector's selection handed over by "Preview as if forgotten": (type, pattern[, scope])
        self._forgotten: list[tuple[str, ...]] = []
        self._projects: list[ProjectChoice] = []
        top, whatif_row = self._build_inputs()
        bottom = self._build_output()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(whatif_row)
        layout.addWidget(self.whatif_banner)
        layout.addWidget(self.empty_banner)
        layout.addWidget(self.warnings_banner)
        layout.addWidget(self.text_view, 1)
        layout.addLayout(bottom)

        self._connect()
        self._update_controls()
        self._update_icons()
        self.copy_button.setEnabled(False)

    # ------------------------------------------------------------------ building
    def _build_inputs(self) -> tuple[FlowLayout, FlowLayout]:
        """Project, mode, Recompose and Copy; the what-if row."""
        self.project_combo = QComboBox(self)
        self.project_combo.setObjectName("preview_project")
        self.project_combo.addItem(self.tr("No project"), None)
        self.project_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.project_combo.setMinimumContentsLength(16)
        _named(
            self.project_combo,
            self.tr("Project"),
            self.tr("Compose the prefix as Open Design would for a generation in this project"),
        )
        self.mode_combo = QComboBox(self)
        self.mode_combo.setObjectName("preview_mode")
        for mode, label in MODES:
            self.mode_combo.addItem(self.tr(label), str(mode))
        _named(
            self.mode_combo,
            self.tr("Mode"),
            self.tr(
                "Generation (preferences first), critique (things to avoid first) or the prototype's "
                "legacy [MEMORY CONTEXT] format"
            ),
        )
        self.copy_button = QPushButton(self.tr("&Copy"), self)
        self.copy_button.setObjectName("copy")
        _named(self.copy_button, self.tr("Copy"), self.tr("Copy the exact prefix text to the clipboard"))
        self.refresh_button = QPushButton(self.tr("R&ecompose"), self)
        self.refresh_button.setObjectName("recompose")
        _named(
            self.refresh_button,
            self.tr("Recompose"),
            self.tr("Compose the prefix again from the store now (F5)"),
        )

        project_label = QLabel(self.tr("&Project:"), self)
        project_label.setBuddy(self.project_combo)
        mode_label = QLabel(self.tr("&Mode:"), self)
        mode_label.setBuddy(self.mode_combo)
        top = flow(
            self,
            group(self, project_label, self.project_combo),
            group(self, mode_label, self.mode_combo),
            self.refresh_button,
            self.copy_button,
        )

        self.forgotten_check = QCheckBox(self.tr("As if &forgotten (Inspector selection)"), self)
        self.forgotten_check.setObjectName("whatif_forgotten")
        _named(
            self.forgotten_check,
            self.tr("As if forgotten (Inspector selection)"),
            self.tr("Show the prefix as if the preferences selected in the Inspector were forgotten"),
        )
        self.disabled_check = QCheckBox(self.tr("As if this project were &disabled"), self)
        self.disabled_check.setObjectName("whatif_project_disabled")
        _named(self.disabled_check, self.tr("As if this project were disabled"), self.tr(DISABLED_TIP))
        self.global_check = QCheckBox(self.tr("As if without &global memory"), self)
        self.global_check.setObjectName("whatif_global_off")
        _named(
            self.global_check,
            self.tr("As if this project did not use global memory"),
            self.tr(GLOBAL_OFF_TIP),
        )
        whatif_label = QLabel(self.tr("What if:"), self)
        whatif_row = flow(self, whatif_label, self.forgotten_check, self.disabled_check, self.global_check)
        QWidget.setTabOrder(self.mode_combo, self.refresh_button)
        QWidget.setTabOrder(self.refresh_button, self.copy_button)
        QWidget.setTabOrder(self.copy_button, self.forgotten_check)
        return top, whatif_row

    def _build_output(self) -> QHBoxLayout:
        """The banners, the prefix itself, and the token estimates under it."""
        self.whatif_banner = Banner(self)
        self.whatif_banner.setObjectName("whatif_banner")
        self.whatif_banner.setAccessibleName(self.tr("What-if notice"))
        self.empty_banner = Banner(self)
        self.empty_banner.setObjectName("empty_banner")
        self.empty_banner.setAccessibleName(self.tr("Why there is no Creative memory block"))
        self.warnings_banner = Banner(self)
        self.warnings_banner.setObjectName("personal_warnings")
        self.warnings_banner.setAccessibleName(self.tr("Personal memory warnings"))

        self.text_view = QTextEdit(self)
        self.text_view.setObjectName("prefix_text")
        self.text_view.setReadOnly(True)
        self.text_view.setUndoRedoEnabled(False)
        self.text_view.setAcceptRichText(False)
        self.text_view.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        self.text_view.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.text_view.setTabChangesFocus(True)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSizeF(max(font.pointSizeF(), self.font().pointSizeF()))
        self.text_view.document().setDefaultFont(font)
        self.text_view.document().setDocumentMargin(self.fontMetrics().averageCharWidth() * 1.5)
        _named(
            self.text_view,
            self.tr("Composed prefix"),
            self.tr("The memory part of the prompt, as Open Design would send it"),
        )

        self.tokens_label = QLabel(self)
        self.tokens_label.setObjectName("tokens")
        self.tokens_label.setTextFormat(Qt.TextFormat.RichText)
        self.tokens_label.setToolTip(self.tr("Token estimates: 4 characters a token, as the engine counts"))
        self.status_label = QLabel(self)
        self.status_label.setObjectName("preview_status")
        self.status_label.setAccessibleName(self.tr("Preview status"))
        self.status_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        bottom = QHBoxLayout()
        bottom.addWidget(self.tokens_label, 1)
        bottom.addWidget(self.status_label)
        return bottom

    def _connect(self) -> None:
        self.project_combo.currentIndexChanged.connect(self._inputs_changed)
        self.mode_combo.currentIndexChanged.connect(self._inputs_changed)
        self.forgotten_check.toggled.connect(self._inputs_changed)
        self.disabled_check.toggled.connect(self._inputs_changed)
        self.global_check.toggled.connect(self._inputs_changed)
        self.copy_button.clicked.connect(self.copy_to_clipboard)
        self.refresh_button.clicked.connect(self._inputs_changed)

    def _update_icons(self) -> None:
        self.copy_button.setIcon(palette_icon("copy", self.palette()))
        self.refresh_button.setIcon(palette_icon("refresh", self.palette()))

    # ------------------------------------------------------------------ Tab contract
    def title(self) -> str:
        return self.tr("Preview")

    async def refresh(self) -> None:
        self.stale = False
        self._projects = await self.ctrl.run(project_choices, self.ctrl.store, self.ctrl.user)
        fill_projects(self.project_combo, self._projects, self.tr("No project"), mark_disabled=True)
        await self.compose_preview()

    def set_read_only(self, read_only: bool) -> None:
        """Nothing here writes."""

    # ------------------------------------------------------------------ inputs
    def whatif_forgotten(self) -> frozenset[tuple[str, ...]]:
        """(type, pattern[, scope]) to leave out: with a scope only there, without one everywhere."""
        return frozenset(p[:3] for p in self._forgotten if len(p) >= 2)

    def current_whatif(self) -> retrieval.WhatIf | None:
        disabled = self.disabled_check.isChecked() and self.disabled_check.isEnabled()
        global_off = self.global_check.isChecked() and self.global_check.isEnabled()
        return whatif_for(self.forgotten_check.isChecked(), self.whatif_forgotten(), disabled, global_off)

    def _update_controls(self) -> None:
        has_project = self.project_combo.currentData() is not None
        for check, tip in ((self.disabled_check, DISABLED_TIP), (self.global_check, GLOBAL_OFF_TIP)):
            check.setEnabled(has_project)
            check.setToolTip(self.tr(tip) if has_project else self.tr("Choose a project first"))
        forgotten = self.whatif_forgotten()
        if forgotten:
            names = ", ".join(shown_pair(f[0], f[1]) for f in sorted(forgotten))
            self.forgotten_check.setToolTip(
                self.tr("Show the prefix as if these preferences were forgotten: {names}").format(names=names)
            )
        else:
            self.forgotten_check.setToolTip(
                self.tr(
                    "Select preferences in the Inspector first; this shows the prefix as if they were forgotten"
                )
            )

    @async_slot()
    async def _inputs_changed(self) -> None:
        await self.compose_preview()

    def show_as_if_forgotten(self, pairs: Sequence[Sequence[str]]) -> None:
        """The Inspector's "Preview as if forgotten": take its selection and tick the what-if (the
        main window then shows this tab, whose showing composes it)."""
        self._forgotten = [tuple(str(v) for v in p) for p in pairs]
        self._update_controls()
        if pairs and not self.forgotten_check.isChecked():
            self.forgotten_check.setChecked(True)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # The Inspector's selection may have changed while this tab was hidden.
        self._update_controls()
        if (
            self.forgotten_check.isChecked()
            and self._preview is not None
            and self.whatif_forgotten() != self._shown_forgotten
        ):
            self.ctrl.start(self.compose_preview(), name="preview-whatif")

    # ------------------------------------------------------------------ compose and show
    async def compose_preview(self) -> preview.Preview:
        """Compose for the current inputs and show it (nothing is recorded)."""
        self._update_controls()
        self._generation += 1
        generation = self._generation
        whatif = self.current_whatif()
        job = Job(
            store=self.ctrl.store,
            user=self.ctrl.user,
            memory_dir=self.ctrl.ctx.data_dir.memory_dir,
            project_id=self.project_combo.currentData(),
            mode=Mode(self.mode_combo.currentData()),
            now=self.ctrl.now(),
            whatif=whatif,
        )
        result = await self.ctrl.run(compose_for_view, job)
        if generation == self._generation:
            self._shown_forgotten = whatif.forgotten if whatif is not None else frozenset()
            self._show(result, whatif)
        return result

    @property
    def current_preview(self) -> preview.Preview | None:
        return self._preview

    def prefix_text(self) -> str:
        """The exact text copied (shown with its control characters as symbols)."""
        return self._preview.text if self._preview is not None else ""

    def _show(self, result: preview.Preview, whatif: retrieval.WhatIf | None) -> None:
        self._preview = result
        self.copy_button.setEnabled(True)

        if whatif is not None:
            self.whatif_banner.show_message(
                "warning", whatif_sentence(whatif, self.forgotten_check.isChecked())
            )
        else:
            self.whatif_banner.clear()

        if not result.block:
            sentence = said(result.empty_explanation or retrieval.explain_empty("nothing_above_threshold"))
            if whatif is not None:
                sentence = self.tr("In this what-if: {sentence}").format(sentence=sentence)
            self.empty_banner.show_message("info", sentence)
        else:
            self.empty_banner.clear()

        if result.personal_warnings:
            self.warnings_banner.show_message(
                "warning",
                self.tr("Personal memory: some entries were skipped.")
                + "\n"
                + "\n".join(result.personal_warnings),
            )
        else:
            self.warnings_banner.clear()

        self._render_text()
        self.scroll_to_creative()
        self._render_tokens()
        self.status_label.setText("")

    def _render_text(self) -> None:
        render_prefix(self.text_view, self._preview)

    def scroll_to_creative(self) -> None:
        """Bring the Creative memory block to the top of the view (Personal memory may be long)."""
        scroll_to_creative(self.text_view, self.fontMetrics().height())

    def _render_tokens(self) -> None:
        show_tokens(self.tokens_label, self._preview)

    def tokens_text(self) -> str:
        """ "Personal memory: 123 tokens · Creative memory: 87 tokens" (plain text)."""
        return tokens_text(self._preview)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._update_icons()
            if self._preview is not None:
                self._render_text()
                self._render_tokens()

    # ------------------------------------------------------------------ copy
    def copy_to_clipboard(self) -> None:
        text = self.prefix_text()
        if not text:
            return
        QGuiApplication.clipboard().setText(text)
        self.status_label.setText(copied_message(text))

"""Diagnostics: rate the shown retrieval (decision 0088) — Helped, Too much, Missed something… on a
row under its summary, and Not relevant here beside the preferences it used.

:class:`RateActions` builds the row on the tab (which places :attr:`RateActions.row`) and adds its
Not relevant here button to the :class:`.kept.KeptPanel`. Each rating goes through
``services.retrieval.rating.rate`` on the store thread; what happened is said through
:attr:`RateActions.said` (the tab's message line) and the other tabs are told (``ctrl.notify``).
A button the service would refuse is disabled, with the reason in its tooltip and on the row.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs.missed import Missed, MissedDialog
from creative_memory.gui.errors import user_sentence
from creative_memory.gui.flow import flow
from creative_memory.gui.itemmodels.preferences import PreferenceKey
from creative_memory.gui.tabs.diagnostics.kept import KeptPanel
from creative_memory.gui.visible import shown_name
from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.engine.gates import TEMPORARY
from creative_memory.services.inspection.queries import load_facets
from creative_memory.services.inspection.retrieval_log import RecordedRetrieval
from creative_memory.services.retrieval import rating


class RateActions(QObject):
    """The rating buttons of the shown retrieval; the row's widgets are children of ``host``."""

    #: a sentence for the tab's message line: what a rating did, or why it was not stored
    said = Signal(str)

    def __init__(self, ctrl: Controller, kept: KeptPanel, host: QWidget) -> None:
        super().__init__(host)
        self.ctrl = ctrl
        self.task_keeper = ctrl.keeper
        self.kept = kept
        self._host = host
        self._row: RecordedRetrieval | None = None  # the shown recorded retrieval
        self._dry_run = False
        self._busy = False

        title = QLabel(self.tr("Rate this retrieval:"), host)
        bold = title.font()
        bold.setBold(True)
        title.setFont(bold)
        self.helped_button = QPushButton(self.tr("&Helped"), host)
        self.helped_button.setObjectName("rate_helped")
        self.too_much_button = QPushButton(self.tr("Too mu&ch"), host)
        self.too_much_button.setObjectName("rate_too_much")
        self.missed_button = QPushButton(self.tr("Missed somethin&g…"), host)
        self.missed_button.setObjectName("rate_missed")
        self.not_relevant_button = QPushButton(self.tr("&Not relevant here"), kept)
        self.not_relevant_button.setObjectName("rate_not_relevant")
        kept.add_button(self.not_relevant_button)
        self.note = QLabel(host)
        self.note.setObjectName("rate_note")
        self.note.setWordWrap(True)
        self.note.setAccessibleName(self.tr("Why rating is not possible"))
        self.note.setVisible(False)
        self.row = flow(host, title, self.helped_button, self.too_much_button, self.missed_button, self.note)

        self.helped_button.clicked.connect(self._helped_clicked)
        self.too_much_button.clicked.connect(self._too_much_clicked)
        self.missed_button.clicked.connect(self._missed_clicked)
        self.not_relevant_button.clicked.connect(self._not_relevant_clicked)
        kept.list.currentRowChanged.connect(self.update_buttons)
        self.update_buttons()

    # ------------------------------------------------------------------ what can be rated
    def set_retrieval(self, row: RecordedRetrieval | None, dry_run: bool = False) -> None:
        """The retrieval shown: a recorded one's row, or None (nothing, or a dry run)."""
        self._row = row
        self._dry_run = dry_run and row is None
        self.update_buttons()

    def _store_read_only(self) -> bool:
        store = self.ctrl.ctx.open_store  # never (re)open a store from a selection signal
        return store is None or store.read_only

    def _why_not_any(self) -> str | None:
        """Why no rating can be given now (None: some can)."""
        if self._row is None:
            if self._dry_run:
                return self.tr("A dry run is recorded nowhere, so it cannot be rated.")
            return self.tr("Select a recorded retrieval to rate it.")
        if self._row.empty_reason == TEMPORARY:
            return self.tr(
                "This retrieval was for a temporary conversation, which memory neither uses nor "
                "learns from, so it cannot be rated."
            )
        if self._store_read_only():
            return self.tr("This store is read-only, so a rating cannot be stored.")
        return None

    def why_not(self, outcome: str) -> str | None:
        """Why ``outcome`` cannot be given for the shown retrieval now, in a sentence (None: it can)."""
        reason = self._why_not_any()
        if reason is not None or outcome == "missed":
            return reason
        if not self.kept.kept():
            return self.tr(
                "This retrieval put nothing into the prompt; only something it missed can be named."
            )
        if outcome == "not_relevant" and self.kept.current_key() is None:
            return self.tr("Select a preference it used, then say it was not relevant here.")
        return None

    def _tips(self) -> dict[str, tuple[QPushButton, str, str]]:
        return {
            "helped": (
                self.helped_button,
                self.tr("Rated helped"),
                self.tr(
                    "What memory put into this prompt helped: it leans a little more on those preferences"
                ),
            ),
            "too_much": (
                self.too_much_button,
                self.tr("Rated too much"),
                self.tr(
                    "This prompt got more memory than it needed: this project's prompts of this kind get "
                    "fewer preferences"
                ),
            ),
            "not_relevant": (
                self.not_relevant_button,
                self.tr("Rate the selected preference not relevant here"),
                self.tr(
                    "The selected preference did not belong in this project's prompts: it is used less "
                    "here, and as before everywhere else"
                ),
            ),
            "missed": (
                self.missed_button,
                self.tr("Name what this retrieval missed"),
                self.tr("Name a preference this retrieval should have used (asks which)"),
            ),
        }

    def update_buttons(self, *_args: object) -> None:
        for outcome, (button, name, tip) in self._tips().items():
            reason = self.why_not(outcome)
            button.setEnabled(reason is None and not self._busy)
            button.setAccessibleName(name)
            button.setToolTip(tip if reason is None else reason)
        reason = self._why_not_any()
        shown = reason is not None and self._row is not None  # nothing selected says so above
        self.note.setText(reason or "")
        self.note.setVisible(shown)

    # ------------------------------------------------------------------ the buttons
    @async_slot()
    async def _helped_clicked(self) -> None:
        await self.rate("helped")

    @async_slot()
    async def _too_much_clicked(self) -> None:
        await self.rate("too_much")

    @async_slot()
    async def _not_relevant_clicked(self) -> None:
        key = self.kept.current_key()
        if key is not None:
            await self.rate("not_relevant", key=key)

    @async_slot()
    async def _missed_clicked(self) -> None:
        if self.why_not("missed") is not None:
            return
        facets = await self.ctrl.run(load_facets, self.ctrl.store, self.ctrl.user)
        dialog = MissedDialog(facets.types, self._host)
        try:
            if await wait_dialog(dialog) != MissedDialog.DialogCode.Accepted.value:
                return
            missed = dialog.missed()
        finally:
            dialog.deleteLater()
        await self.rate("missed", missed=missed)

    async def rate(
        self, outcome: str, *, key: PreferenceKey | None = None, missed: Missed | None = None
    ) -> rating.Rating | None:
        """Rate the shown retrieval ``outcome`` (``key``: the injected preference not relevant here;
        ``missed``: what it should have used); says what happened. None when nothing was stored."""
        reason = self.why_not(outcome)
        row = self._row
        if reason is not None or row is None:
            self.said.emit(reason or "")
            return None
        rid = row.id
        named_type, pattern, polarity = (
            (key.preference_type, key.pattern, key.polarity)
            if key is not None
            else (missed.preference_type, missed.pattern, missed.polarity)
            if missed is not None
            else (None, None, None)
        )
        self._busy = True
        self.update_buttons()
        try:
            result = await self.ctrl.change(
                rating.rate,
                self.ctrl.store,
                self.ctrl.user,
                rid,
                outcome,
                now=self.ctrl.now(),
                actor=Actor.GUI,
                preference_type=named_type,
                pattern=pattern,
                polarity=polarity,
                blocks=self.ctrl.ctx.blocks,
            )
        except CreativeMemoryError as exc:
            self.said.emit(
                self.tr("Retrieval #{id} was not rated. {why}").format(id=rid, why=user_sentence(exc))
            )
            return None
        finally:
            self._busy = False
            self.update_buttons()
        self.said.emit(self._result_sentence(result, pattern))
        self.ctrl.notify("preferences", "diagnostics", "audit")
        return result

    def _result_sentence(self, result: rating.Rating, pattern: str | None) -> str:
        rid = result.retrieval_id
        if not result.stored:
            why = {
                "duplicate": self.tr("The same rating was given a moment ago."),
                "blocked": self.tr("The preference it names is blocked."),
                "memory_disabled": self.tr("Memory is off."),
                "learning_paused": self.tr("Learning is paused."),
                "project_learning_disabled": self.tr("This project does not feed memory."),
            }.get(str(result.not_stored), str(result.not_stored))
            return self.tr("Retrieval #{id} was not rated: {why}").format(id=rid, why=why)
        what = shown_name(pattern or "")
        return {
            "helped": self.tr(
                "Retrieval #{id} rated helped: the preferences it used count a little more."
            ).format(id=rid),
            "too_much": self.tr(
                "Retrieval #{id} rated too much: its project gets fewer preferences in prompts of this kind."
            ).format(id=rid),
            "not_relevant": self.tr(
                "{pattern} rated not relevant in retrieval #{id}: it is used less in this project, and "
                "as before everywhere else."
            ).format(pattern=what, id=rid),
            "missed": self.tr(
                "{pattern} named as missed by retrieval #{id}: memory learns it as a tag you gave."
            ).format(pattern=what, id=rid),
        }[result.outcome]

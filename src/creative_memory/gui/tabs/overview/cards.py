"""The Overview's cards about memory itself: the master switch, what is remembered and where it
is stored (the self-test, export and import and the danger zone are in :mod:`.tool_cards`).

Each card is a widget that builds its own controls and shows what it is given (``show_*``); the
tab (:mod:`.view`) places the cards, connects their buttons to its action parts and hands the cards
what it read from the store.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QSize, Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.icons import tinted_icon
from creative_memory.gui.tabs.overview.card_parts import card_button, card_text, value_label
from creative_memory.gui.tabs.overview.text import (
    TIERS,
    breakable_path,
    local_when,
    state_sentence,
    switched_off_line,
    tier_name,
)
from creative_memory.gui.widgets.switch import MemorySwitch

if TYPE_CHECKING:
    from collections.abc import Sequence

    from creative_memory.services.controls.status import MemoryStatus
    from creative_memory.services.inspection.overview import OverviewFacts, SwitchedOff


class MemoryCard(QFrame):
    """The master switch, pause and resume, and one sentence on what memory does right now."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("memory_box")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.switch = MemorySwitch(self.tr("Creative &memory"), self)
        self.switch.setObjectName("memory_switch")
        self.switch.setAccessibleName(self.tr("Creative memory"))
        self.switch.setToolTip(self.tr("Turn creative memory on or off. Off keeps what is stored."))
        self.pause_button = card_button(
            self,
            self.tr("&Pause…"),
            self.tr("Pause learning and/or using for a while"),
            "pause",
            "pause_button",
        )
        self.resume_button = card_button(
            self,
            self.tr("R&esume"),
            self.tr("End the pause now: learn and use again"),
            "resume",
            "resume_button",
        )
        self.resume_button.setVisible(False)

        self.about_label = card_text(
            self,
            self.tr(
                "When on, Open Design learns your style from how you react to the work it generates "
                "(what you accept, refine, rate or revert) and adds it to the next prompt as a "
                "“Creative memory” block. When off, nothing is learned and nothing is added; what is "
                "already stored is kept."
            ),
            muted=True,
        )
        self.state_label = card_text(self)
        self.state_label.setObjectName("memory_state")
        self._switched = ""  # the lines on projects with a switch off, below the state
        font = QFont(self.state_label.font())
        font.setBold(True)
        self.state_label.setFont(font)

        top = QHBoxLayout()
        top.addWidget(self.switch)
        top.addStretch(1)
        top.addWidget(self.pause_button)
        top.addWidget(self.resume_button)
        layout = QVBoxLayout(self)
        em = self.fontMetrics().height()
        layout.setContentsMargins(em, em * 3 // 4, em, em * 3 // 4)
        layout.addLayout(top)
        layout.addWidget(self.state_label)
        layout.addWidget(self.about_label)
        self._layout = layout

    def add_below(self, widget: QWidget) -> None:
        """Put ``widget`` (another switch about memory) under the explanation."""
        self._layout.addWidget(widget)

    def show_status(self, status: MemoryStatus) -> None:
        """The switch, the sentence on what memory does, and Resume while something is paused."""
        self.switch.setChecked(status.enabled)
        self.state_label.setText(state_sentence(status))
        self.state_label.setAccessibleName(self.state_label.text())
        paused = status.learning_paused or status.using_paused
        self.resume_button.setVisible(paused)
        self.state_label.setText(state_sentence(status) + self._switched)

    def show_switched_off(self, projects: Sequence[SwitchedOff]) -> None:
        """Under the state: each project with a switch off, by name, and what exactly is off there."""
        lines = [switched_off_line(p) for p in projects]
        text = self.state_label.text().removesuffix(self._switched)
        self._switched = "".join("\n" + line for line in lines)
        self.state_label.setText(text + self._switched)
        self.state_label.setAccessibleName(self.state_label.text())


class CountsCard(QGroupBox):
    """What is remembered: counts, tiers and times; the way to the demo data while it is empty."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("What is remembered"), parent)
        self.setObjectName("counts_box")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.count_labels: dict[str, QLabel] = {}
        rows = [
            ("preferences", self.tr("Preferences:"), self.tr("Learned preferences of every status")),
            (
                "tiers",
                self.tr("By confidence:"),
                self.tr("Preferences that are not archived, by confidence tier"),
            ),
            (
                "events",
                self.tr("Raw events:"),
                self.tr("Reactions recorded from your work, the evidence behind preferences"),
            ),
            ("retrievals", self.tr("Retrievals:"), self.tr("Recorded retrievals (see Diagnostics)")),
            ("last_event", self.tr("Last event:"), self.tr("When the newest event happened")),
            (
                "last_retrieval",
                self.tr("Last injected:"),
                self.tr(
                    "When Open Design last added creative memory to a prompt (self-tests and previews do not count)"
                ),
            ),
        ]
        for key, label_text, tip in rows:
            value = value_label(self, f"count_{key}")
            value.setToolTip(tip)
            value.setAccessibleName(label_text.rstrip(":"))
            label = QLabel(label_text, self)
            label.setToolTip(tip)
            form.addRow(label, value)
            self.count_labels[key] = value

        self.empty_hint = QFrame(self)
        self.empty_hint.setObjectName("empty_hint")
        self.empty_hint.setFrameShape(QFrame.Shape.StyledPanel)
        hint_icon = QLabel(self.empty_hint)
        size = self.fontMetrics().height() * 2
        placeholder = self.palette().color(QPalette.ColorRole.PlaceholderText)
        hint_icon.setPixmap(tinted_icon("info", placeholder).pixmap(QSize(size, size)))
        hint_icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.empty_text = QLabel(
            self.tr(
                "Nothing is remembered yet. Memory grows as you react to work generated in Open Design. "
                "To look around first, explore a demo data set (about 1,000 preferences) in a separate "
                "demo store; your own memory is not touched."
            ),
            self.empty_hint,
        )
        self.empty_text.setWordWrap(True)
        self.demo_button = QPushButton(self.tr("Explore with &demo data"), self.empty_hint)
        self.demo_button.setObjectName("demo_button")
        self.demo_button.setAccessibleName(self.tr("Explore with demo data"))
        self.demo_button.setToolTip(
            self.tr("Open a separate demo store with generated data; your own memory is not touched")
        )
        hint_layout = QGridLayout(self.empty_hint)
        hint_layout.addWidget(hint_icon, 0, 0, 2, 1)
        hint_layout.addWidget(self.empty_text, 0, 1)
        hint_layout.addWidget(self.demo_button, 1, 1, Qt.AlignmentFlag.AlignLeft)
        hint_layout.setColumnStretch(1, 1)
        self.empty_hint.setVisible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.empty_hint)

    def show_counts(self, status: MemoryStatus) -> None:
        """The three counts of a status; the way to the demo data while nothing is remembered."""
        counts = status.counts
        loc = QLocale()
        for key, n in (
            ("preferences", counts.preferences),
            ("events", counts.events),
            ("retrievals", counts.retrievals),
        ):
            self.count_labels[key].setText(loc.toString(n))
        self.empty_hint.setVisible(not counts.preferences and not counts.events)

    def show_facts(self, facts: OverviewFacts) -> None:
        """The preferences by tier (and how many are archived) and the last times."""
        loc = QLocale()
        tiers = facts.tiers
        parts = [
            self.tr("{n} {tier}").format(n=loc.toString(int(tiers.get(t, 0))), tier=tier_name(t))
            for t in TIERS
        ]
        total = facts.status.counts.preferences
        archived = total - sum(int(v) for v in tiers.values())
        if archived > 0:
            parts.append(self.tr("{n} archived").format(n=loc.toString(archived)))
        self.count_labels["tiers"].setText(" · ".join(parts))
        self.count_labels["last_event"].setText(local_when(facts.last_event))
        self.count_labels["last_retrieval"].setText(local_when(facts.last_retrieval))


class StoreCard(QGroupBox):
    """Where it is stored: the folder, the rule that chose it, the store file and the keychain."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Where it is stored"), parent)
        self.setObjectName("store_box")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.location_label = value_label(self, "store_location")
        self.location_label.setAccessibleName(self.tr("Data folder"))
        self.rule_label = value_label(self, "store_rule")
        self.rule_label.setAccessibleName(self.tr("How the folder was chosen"))
        self.file_label = value_label(self, "store_file")
        self.file_label.setAccessibleName(self.tr("Store file"))
        self.keychain_label = value_label(self, "keychain_status")
        self.keychain_label.setAccessibleName(self.tr("Keychain"))
        self.keychain_label.setToolTip(
            self.tr("Where the install secret (used for blocked patterns) is kept")
        )
        form.addRow(self.tr("Folder:"), self.location_label)
        form.addRow(self.tr("Why here:"), self.rule_label)
        form.addRow(self.tr("Store:"), self.file_label)
        form.addRow(self.tr("Keychain:"), self.keychain_label)
        self.open_folder_button = card_button(
            self,
            self.tr("&Open folder"),
            self.tr("Show the data folder in the file manager"),
            "folder",
            "open_folder",
        )
        self.change_store_button = card_button(
            self,
            self.tr("C&hange…"),
            self.tr("Every store found on this computer, or a folder of your choosing"),
            None,
            "change_store",
        )
        self.move_store_button = card_button(
            self,
            self.tr("Mo&ve to this program's folder…"),
            self.tr("This store is in the first release's folder, which Open Design may use later"),
            None,
            "move_store",
        )
        self.store_notice = card_text(self, muted=True)
        self.store_notice.setObjectName("store_notice")
        row = QHBoxLayout()
        row.addWidget(self.open_folder_button)
        row.addWidget(self.change_store_button)
        row.addWidget(self.move_store_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.store_notice)
        layout.addLayout(row)

    def show_location(self, path: Path, rule: str, *, legacy: bool, notes: list[str]) -> None:
        """The data folder, why it is used (``rule``, already in the window's language), Move while
        it is the first release's folder, and what was noticed on opening it."""
        self.location_label.setText(breakable_path(path))
        self.location_label.setToolTip(str(path))
        self.rule_label.setText(rule)
        self.rule_label.setToolTip(f"{path} ({rule})")
        self.move_store_button.setVisible(legacy)
        self.store_notice.setText("\n".join(notes))
        self.store_notice.setVisible(bool(notes))

    def show_store(
        self, path: Path, *, read_only_reason: str | None, demo: bool, shared: bool | None = None
    ) -> None:
        """The store file and what it is: read-only (``read_only_reason`` not None), the demo store,
        the one shared with Open Design (``shared``: Open Design's own tables are in the file), or a
        store of this program's only (``shared`` False; None: not known yet)."""
        name = path.name
        if read_only_reason is not None:
            self.file_label.setText(
                self.tr("{name} — read-only: {reason}").format(name=name, reason=read_only_reason)
            )
        elif demo:
            self.file_label.setText(
                self.tr("{name} — demo data only; Open Design never reads it").format(name=name)
            )
        elif shared:
            self.file_label.setText(self.tr("{name} — shared with Open Design").format(name=name))
        elif shared is None:
            self.file_label.setText(name)
        else:
            self.file_label.setText(
                self.tr("{name} — no Open Design data was found in this folder").format(name=name)
            )
        self.file_label.setToolTip(str(path))

    def show_store_error(self, text: str) -> None:
        """Why there is no store to describe."""
        self.file_label.setText(text)

    def show_keychain(self, text: str) -> None:
        self.keychain_label.setText(text)

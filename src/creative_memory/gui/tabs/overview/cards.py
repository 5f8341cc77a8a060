"""The Overview's cards: memory (the master switch), what is remembered, where it is stored, the
self-test, export and import, and the danger zone.

Each card is a widget that builds its own controls and shows what it is given (``show_*``); the
tab (:mod:`.view`) places the cards, connects their buttons to its action parts and hands the cards
what it read from the store.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.icons import icon, mix, tinted_icon
from creative_memory.gui.tabs.overview.text import (
    TIERS,
    breakable_path,
    check_title,
    local_when,
    state_sentence,
    tier_name,
)
from creative_memory.gui.widgets.banner import accent_colour
from creative_memory.gui.widgets.switch import MemorySwitch

if TYPE_CHECKING:
    from creative_memory.services.controls.status import MemoryStatus
    from creative_memory.services.inspection.queries import OverviewFacts
    from creative_memory.services.selftest import Check, SelfTestReport


def _button(
    parent: QWidget, text: str, tip: str, icon_name: str | None = None, name: str | None = None
) -> QPushButton:
    button = QPushButton(text, parent)
    button.setToolTip(tip)
    button.setAccessibleName(text.replace("&", "").rstrip("…"))
    if icon_name:
        button.setIcon(icon(icon_name))
    if name:
        button.setObjectName(name)
    return button


def _wrap(parent: QWidget, text: str = "", *, muted: bool = False) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if muted:
        label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def _value(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setWordWrap(True)
    return label


def _clear_layout(layout: Any) -> None:
    """Remove and delete every item of a layout, nested layouts included."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            continue
        widget = item.widget()
        if widget is not None:
            widget.deleteLater()
        child = item.layout()
        if child is not None:
            _clear_layout(child)
            child.deleteLater()


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
        self.pause_button = _button(
            self,
            self.tr("&Pause…"),
            self.tr("Pause learning and/or using for a while"),
            "pause",
            "pause_button",
        )
        self.resume_button = _button(
            self,
            self.tr("R&esume"),
            self.tr("End the pause now: learn and use again"),
            "resume",
            "resume_button",
        )
        self.resume_button.setVisible(False)

        self.about_label = _wrap(
            self,
            self.tr(
                "When on, Open Design learns your style from how you react to the work it generates "
                "(what you accept, refine, rate or revert) and adds it to the next prompt as a "
                "“Creative memory” block. When off, nothing is learned and nothing is added; what is "
                "already stored is kept."
            ),
            muted=True,
        )
        self.state_label = _wrap(self)
        self.state_label.setObjectName("memory_state")
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
        disabled = status.projects_disabled
        if disabled:
            self.state_label.setText(
                self.state_label.text()
                + "\n"
                + self.tr(
                    "%n project(s) have memory switched off for them (see Projects).", None, len(disabled)
                )
            )


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
            value = _value(self, f"count_{key}")
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
        self.location_label = _value(self, "store_location")
        self.location_label.setAccessibleName(self.tr("Data folder"))
        self.rule_label = _value(self, "store_rule")
        self.rule_label.setAccessibleName(self.tr("How the folder was chosen"))
        self.file_label = _value(self, "store_file")
        self.file_label.setAccessibleName(self.tr("Store file"))
        self.keychain_label = _value(self, "keychain_status")
        self.keychain_label.setAccessibleName(self.tr("Keychain"))
        self.keychain_label.setToolTip(
            self.tr("Where the install secret (used for blocked patterns) is kept")
        )
        form.addRow(self.tr("Folder:"), self.location_label)
        form.addRow(self.tr("Why here:"), self.rule_label)
        form.addRow(self.tr("Store:"), self.file_label)
        form.addRow(self.tr("Keychain:"), self.keychain_label)
        self.open_folder_button = _button(
            self,
            self.tr("&Open folder"),
            self.tr("Show the data folder in the file manager"),
            "folder",
            "open_folder",
        )
        self.change_store_button = _button(
            self,
            self.tr("C&hange…"),
            self.tr("Every store found on this computer, or a folder of your choosing"),
            None,
            "change_store",
        )
        self.move_store_button = _button(
            self,
            self.tr("Mo&ve to this program's folder…"),
            self.tr("This store is in the first release's folder, which Open Design may use later"),
            None,
            "move_store",
        )
        self.store_notice = _wrap(self, muted=True)
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

    def show_store(self, path: Path, *, read_only_reason: str | None, demo: bool) -> None:
        """The store file and what it is: read-only (``read_only_reason`` not None), the demo store,
        or the one shared with Open Design."""
        name = path.name
        if read_only_reason is not None:
            self.file_label.setText(
                self.tr("{name} — read-only: {reason}").format(name=name, reason=read_only_reason)
            )
        elif demo:
            self.file_label.setText(
                self.tr("{name} — demo data only; Open Design never reads it").format(name=name)
            )
        else:
            self.file_label.setText(self.tr("{name} — shared with Open Design").format(name=name))
        self.file_label.setToolTip(str(path))

    def show_store_error(self, text: str) -> None:
        """Why there is no store to describe."""
        self.file_label.setText(text)

    def show_keychain(self, text: str) -> None:
        self.keychain_label.setText(text)


class SelfTestCard(QGroupBox):
    """The self-test (run it, see each check) and the rebuild from raw events."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Self-test"), parent)
        self.setObjectName("selftest_box")
        about = _wrap(
            self,
            self.tr(
                "Proves the gates: with memory off, using paused or a project disabled, a retrieval "
                "returns nothing. Your settings are put back exactly as they were."
            ),
            muted=True,
        )
        self.selftest_button = _button(
            self,
            self.tr("Run sel&f-test"),
            self.tr("Run the checks now (takes a moment)"),
            "self-test",
            "selftest_button",
        )
        self.rebuild_button = _button(
            self,
            self.tr("Reb&uild from events"),
            self.tr("Re-derive every preference from the raw events (shows progress; can be cancelled)"),
            "refresh",
            "rebuild_button",
        )
        self.selftest_summary = _value(self, "selftest_summary")
        self.selftest_summary.setAccessibleName(self.tr("Self-test result"))
        self.selftest_results = QWidget(self)
        self.selftest_results.setObjectName("selftest_results")
        self.selftest_results.setAccessibleName(self.tr("Self-test checks"))
        self.results_layout = QGridLayout(self.selftest_results)
        self.results_layout.setContentsMargins(0, 0, 0, 0)
        self.results_layout.setColumnStretch(1, 1)
        self.selftest_results.setVisible(False)
        row = QHBoxLayout()
        row.addWidget(self.selftest_button)
        row.addWidget(self.rebuild_button)
        row.addWidget(self.selftest_summary, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(row)
        layout.addWidget(self.selftest_results)
        self.last_checks: list[Check] = []

    def check_marks(self) -> list[tuple[str, bool]]:
        """(name, ok) of the checks shown, for tests and accessibility."""
        return [(c.name, c.ok) for c in self.last_checks]

    def show_checks(self, report: SelfTestReport) -> None:
        """One row per check (a ✓ or ✗, its title and detail) and the summary line."""
        self.last_checks = list(report.checks)
        _clear_layout(self.results_layout)
        palette = self.palette()
        good = (
            QColor("#81c995")
            if palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5
            else QColor("#188038")
        )
        bad = accent_colour("error", palette)
        checks = report.checks
        for row, check in enumerate(checks):
            ok = check.ok
            mark = QLabel("✓" if ok else "✗", self.selftest_results)
            mark.setObjectName(f"check_mark_{row}")
            mark_font = QFont(mark.font())
            mark_font.setBold(True)
            mark.setFont(mark_font)
            mark_palette = mark.palette()
            mark_palette.setColor(QPalette.ColorRole.WindowText, good if ok else bad)
            mark.setPalette(mark_palette)
            mark.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
            mark.setAccessibleName(self.tr("passed") if ok else self.tr("failed"))
            title = check_title(check.name)
            detail = check.detail
            text = QLabel(title, self.selftest_results)
            text.setObjectName(f"check_text_{row}")
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.setAccessibleName(f"{title}: {self.tr('passed') if ok else self.tr('failed')}")
            text.setToolTip(detail)
            note = QLabel(detail, self.selftest_results)
            note.setObjectName(f"check_detail_{row}")
            note.setWordWrap(True)
            note.setTextFormat(Qt.TextFormat.PlainText)
            note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            cell = QVBoxLayout()
            cell.setSpacing(0)
            cell.addWidget(text)
            cell.addWidget(note)
            self.results_layout.addWidget(mark, row, 0)
            self.results_layout.addLayout(cell, row, 1)
        passed = sum(1 for c in checks if c.ok)
        if report.ok:
            self.selftest_summary.setText(self.tr("✓ All {n} checks passed.").format(n=len(checks)))
        else:
            self.selftest_summary.setText(
                self.tr("✗ {bad} of {n} checks failed.").format(bad=len(checks) - passed, n=len(checks))
            )
        self.selftest_results.setVisible(bool(checks))


class TransferCard(QGroupBox):
    """Export (optionally encrypted) and import, and what the last one did."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Export and import"), parent)
        self.setObjectName("transfer_box")
        about = _wrap(
            self,
            self.tr(
                "Move memory between computers without a cloud. Exports are readable only by you; "
                "encrypt them to carry them safely. Import also reads the prototype's preferences.json."
            ),
            muted=True,
        )
        self.export_button = _button(
            self,
            self.tr("E&xport…"),
            self.tr("Write all creative memory to a file"),
            "export",
            "export_button",
        )
        self.encrypt_check = QCheckBox(self.tr("E&ncrypt with a passphrase"), self)
        self.encrypt_check.setObjectName("encrypt_check")
        self.encrypt_check.setAccessibleName(self.tr("Encrypt with a passphrase"))
        self.encrypt_check.setToolTip(self.tr("Ask for a passphrase and encrypt the export (AES-GCM)"))
        self.import_button = _button(
            self,
            self.tr("&Import…"),
            self.tr("Merge or replace memory from an exported file"),
            "import",
            "import_button",
        )
        self.report_button = _button(
            self,
            self.tr("Save &a report…"),
            self.tr("Write one printable page of everything memory knows about you, to read or to share"),
            "export",
            "report_button",
        )
        self.transfer_result = _value(self, "transfer_result")
        self.transfer_result.setAccessibleName(self.tr("Last export or import"))
        self.transfer_result.setVisible(False)
        grid = QGridLayout()
        grid.addWidget(self.export_button, 0, 0)
        grid.addWidget(self.encrypt_check, 0, 1)
        grid.addWidget(self.import_button, 1, 0)
        grid.addWidget(self.report_button, 2, 0)
        grid.setColumnStretch(2, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(grid)
        layout.addWidget(self.transfer_result)


class DangerCard(QGroupBox):
    """The danger zone: reset, framed in the palette's error colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Danger zone"), parent)
        self.setObjectName("danger_zone")
        about = _wrap(
            self,
            self.tr(
                "Reset erases all creative memory of this user — preferences, raw events and "
                "diagnostics — and proves nothing recoverable remains. It cannot be undone; the "
                "dialog offers to export a backup first."
            ),
        )
        self.reset_button = _button(
            self,
            self.tr("Re&set…"),
            self.tr("Erase all creative memory (asks first)"),
            "reset",
            "reset_button",
        )
        self.blocks_button = _button(
            self,
            self.tr("B&locked patterns…"),
            self.tr("What each block keeps, and lifting one"),
            None,
            "blocks_button",
        )
        row = QHBoxLayout()
        row.addWidget(self.reset_button)
        row.addWidget(self.blocks_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(row)

    def restyle(self, source: QWidget) -> None:
        """The frame and the reset icon in the error colour of ``source``'s palette (the tab's)."""
        palette = source.palette()
        accent = accent_colour("error", palette)
        edge = mix(palette.color(QPalette.ColorRole.Window), accent, 0.7)
        em = source.fontMetrics().height()
        self.setStyleSheet(
            f"QGroupBox#danger_zone {{ border: 1px solid {edge.name()}; border-radius: 4px;"
            f" margin-top: {em * 5 // 4}px; padding: {em // 2}px {em // 3}px {em // 3}px {em // 3}px; }}"
            f" QGroupBox#danger_zone::title {{ subcontrol-origin: margin; subcontrol-position: top left;"
            f" left: 0px; padding: 0px; color: {accent.name()}; font-weight: bold; }}"
        )
        size = source.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        self.reset_button.setIcon(tinted_icon("reset", accent))
        self.reset_button.setIconSize(QSize(size, size))

"""The Overview's cards that act on the whole store: the self-test (and rebuild), export, import
and the report, and the danger zone (reset, blocked patterns)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui.icons import mix, tinted_icon
from creative_memory.gui.tabs.overview.text import (
    check_title,
)
from creative_memory.gui.visible import said
from creative_memory.gui.widgets.banner import accent_colour

if TYPE_CHECKING:
    from creative_memory.services.selftest import Check, SelfTestReport


from creative_memory.gui.tabs.overview.card_parts import card_button, card_text, clear_layout, value_label


class SelfTestCard(QGroupBox):
    """The self-test (run it, see each check) and the rebuild from raw events."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Self-test"), parent)
        self.setObjectName("selftest_box")
        about = card_text(
            self,
            self.tr(
                "Proves the gates: with memory off, using paused or a project disabled, a retrieval "
                "returns nothing. Your settings are put back exactly as they were."
            ),
            muted=True,
        )
        self.selftest_button = card_button(
            self,
            self.tr("Run sel&f-test"),
            self.tr("Run the checks now (takes a moment)"),
            "self-test",
            "selftest_button",
        )
        self.rebuild_button = card_button(
            self,
            self.tr("Reb&uild from events"),
            self.tr("Re-derive every preference from the raw events (shows progress; can be cancelled)"),
            "refresh",
            "rebuild_button",
        )
        self.selftest_summary = value_label(self, "selftest_summary")
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
        clear_layout(self.results_layout)
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
            detail = said(check.said) if check.said is not None else check.detail
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
        about = card_text(
            self,
            self.tr(
                "Move memory between computers without a cloud. Exports are readable only by you; "
                "encrypt them to carry them safely. Import also reads the prototype's preferences.json."
            ),
            muted=True,
        )
        self.export_button = card_button(
            self,
            self.tr("E&xport…"),
            self.tr("Write all creative memory to a file"),
            "export",
            "export_button",
        )
        self.encrypt_check = QCheckBox(self.tr("E&ncrypt with a passphrase"), self)
        self.encrypt_check.setObjectName("encrypt_check")
        self.encrypt_check.setAccessibleName(self.tr("Encrypt with a passphrase"))
        self.encrypt_check.setToolTip(
            self.tr("Ask for a passphrase and encrypt the export, the reset's backup and the report")
        )
        self.import_button = card_button(
            self,
            self.tr("&Import…"),
            self.tr("Merge or replace memory from an exported file"),
            "import",
            "import_button",
        )
        self.report_button = card_button(
            self,
            self.tr("Save &a report…"),
            self.tr("Write one printable page of everything memory knows about you, to read or to share"),
            "export",
            "report_button",
        )
        self.transfer_result = value_label(self, "transfer_result")
        self.transfer_result.setAccessibleName(self.tr("Last export or import"))
        self.transfer_result.setVisible(False)
        self.lift_button = card_button(
            self,
            self.tr("Lift and import a&gain…"),
            self.tr(
                "Lift the blocks or turn on the projects' learning that left the last import's events "
                "out, then import the file again"
            ),
            None,
            "lift_skips_button",
        )
        self.lift_button.setVisible(False)
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
        layout.addWidget(self.lift_button, 0, Qt.AlignmentFlag.AlignLeft)


class DangerCard(QGroupBox):
    """The danger zone: reset, framed in the palette's error colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Danger zone"), parent)
        self.setObjectName("danger_zone")
        about = card_text(
            self,
            self.tr(
                "Reset erases all creative memory of this user — preferences, raw events and "
                "diagnostics — and proves nothing recoverable remains. It cannot be undone; the "
                "dialog offers to export a backup first."
            ),
        )
        self.reset_button = card_button(
            self,
            self.tr("Re&set…"),
            self.tr("Erase all creative memory (asks first)"),
            "reset",
            "reset_button",
        )
        self.blocks_button = card_button(
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

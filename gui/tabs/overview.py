"""The Overview tab: the master switch, pause/resume, where the store is, what is remembered, the
self-test, export/import, and the danger zone (reset).

Every action has a method that does the work after its dialog (``set_memory_enabled``, ``pause``,
``resume``, ``run_self_test``, ``export_to``, ``import_from``, ``reset_store``, ``load_demo``), so the
buttons and the tests go through the same code; only the choosing (file dialogs, confirmations) is
in the ``*_clicked`` handlers.
"""

from __future__ import annotations

import itertools
import logging
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDateTime, QEvent, QLocale, QRectF, QSize, Qt, QUrl
from PySide6.QtGui import QColor, QDesktopServices, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui import dialogs_store
from creative_memory.gui.asyncbridge import async_slot, wait_dialog
from creative_memory.gui.controller import Controller
from creative_memory.gui.dialogs import (
    ImportDialog,
    PassphraseDialog,
    PauseDialog,
    ProgressDialog,
    ReceiptDialog,
    ResetDialog,
    ask_save_path,
)
from creative_memory.gui.errors import show_error
from creative_memory.gui.icons import icon, mix, tinted_icon
from creative_memory.gui.replace import replace_allowed
from creative_memory.gui.tabs.base import Tab, tr
from creative_memory.gui.tabs.overview_import import ImportActions
from creative_memory.gui.widgets import accent_colour
from creative_memory.model.constants import Actor
from creative_memory.services import (
    audit,
    controls,
    demostore,
    derivation,
    erasure,
    portability,
    queries,
    selftest,
)
from creative_memory.services.errors import Cancelled, CreativeMemoryError
from creative_memory.services.secrets import SecretStore, passphrase_key

log = logging.getLogger("cm.gui")

ACCEPTED = int(QDialog.DialogCode.Accepted.value)
ZWSP = "\u200b"
DEMO_SEED = 1
TIERS = ("high", "medium", "low")


# --------------------------------------------------------------------------- store-thread helpers
overview_facts = queries.overview_facts


def keychain_status(secrets: SecretStore) -> dict[str, Any]:
    """The keychain line (runs on the store thread: a keyring call may block)."""
    try:
        st = secrets.status()
    except CreativeMemoryError as exc:
        return {"detail": str(exc), "fallback": True, "keyring": False}
    return {"detail": st.detail, "fallback": st.fallback, "keyring": st.backend == "keyring"}


record_action = audit.record_action


# --------------------------------------------------------------------------- formatting
def local_when(iso_text: str | None) -> str:
    """An ISO time as local 'Tue 24 Nov 2026, 09:00'; 'never' for None."""
    if not iso_text:
        return tr("never")
    try:
        dt = datetime.fromisoformat(iso_text.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return iso_text
    return QLocale().toString(QDateTime.fromMSecsSinceEpoch(int(dt.timestamp() * 1000)).toLocalTime(), "ddd d MMM yyyy, HH:mm")


def until_text(iso_text: str | None, forever: bool) -> str:
    if forever or not iso_text:
        return tr("until you resume")
    return tr("until {when}").format(when=local_when(iso_text))


def state_sentence(status: dict[str, Any]) -> str:
    """One line on what memory does right now."""
    if not status:
        return ""
    if not status.get("enabled", True):
        return tr("Off — nothing is learned and nothing is added to prompts. What is stored is kept.")
    lp, up = status.get("learning_paused_until"), status.get("using_paused_until")
    forever = status.get("paused_until_resumed", {}) or {}
    if lp and up:
        if lp == up:
            return tr("Paused — learning and using — {until}.").format(
                until=until_text(lp, bool(forever.get("learning")))
            )
        return tr("Paused — learning {l_until}, using {u_until}.").format(
            l_until=until_text(lp, bool(forever.get("learning"))),
            u_until=until_text(up, bool(forever.get("using"))),
        )
    if lp:
        return tr("On, but learning is paused {until}; what is remembered is still used.").format(
            until=until_text(lp, bool(forever.get("learning")))
        )
    if up:
        return tr("On, but using is paused {until}; learning goes on.").format(
            until=until_text(up, bool(forever.get("using")))
        )
    return tr("On — learning from your reactions and adding what it learned to prompts.")


def breakable_path(path: Path | str) -> str:
    """A path that a word-wrapped label may break after each separator."""
    return str(path).replace("/", "/" + ZWSP).replace("\\", "\\" + ZWSP)


def check_title(name: str) -> str:
    """A readable title for a self-test check name."""
    titles = {
        "baseline": tr("Baseline: with memory on, a probe preference is injected"),
        "memory_off": tr("Memory off returns nothing"),
        "using_paused": tr("Using paused returns nothing"),
        "project_disabled": tr("A disabled project returns nothing"),
        "settings_unchanged": tr("Your settings are unchanged"),
    }
    return titles.get(name) or name.replace("_", " ").capitalize()


def tier_name(tier: str) -> str:
    return {"high": tr("high"), "medium": tr("medium"), "low": tr("low")}.get(tier, tier)


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


# --------------------------------------------------------------------------- the switch
def switch_colours(palette: QPalette, *, on: bool, enabled: bool = True, selected: bool = False) -> tuple[QColor, QColor]:
    """(track, knob) colours of a switch: the accent when on, a neutral grey when off."""
    group = QPalette.ColorGroup.Normal if enabled else QPalette.ColorGroup.Disabled
    if selected:  # on a selected row the accent is the background: invert
        back = palette.color(group, QPalette.ColorRole.Highlight)
        fore = palette.color(group, QPalette.ColorRole.HighlightedText)
        return (fore, back) if on else (mix(back, fore, 0.45), back)
    window = palette.color(group, QPalette.ColorRole.Window)
    text = palette.color(group, QPalette.ColorRole.WindowText)
    track = palette.color(group, QPalette.ColorRole.Highlight) if on else mix(window, text, 0.42)
    knob = palette.color(group, QPalette.ColorRole.HighlightedText if on else QPalette.ColorRole.Base)
    if not enabled:
        track = mix(window, track, 0.45)
    return track, knob


def paint_switch(
    painter: QPainter,
    track: QRectF,
    palette: QPalette,
    *,
    on: bool,
    enabled: bool = True,
    focus: bool = False,
    selected: bool = False,
) -> None:
    """Draw a sliding switch (rounded track, round knob) into ``track``."""
    track_colour, knob_colour = switch_colours(palette, on=on, enabled=enabled, selected=selected)
    text = palette.color(QPalette.ColorRole.WindowText)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = track.height() / 2
    if focus:
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(track.adjusted(-2.5, -2.5, 2.5, 2.5), radius + 2.5, radius + 2.5)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(track_colour)
    painter.drawRoundedRect(track, radius, radius)
    margin = max(2.0, track.height() * 0.12)
    diameter = track.height() - 2 * margin
    x = track.right() - margin - diameter if on else track.left() + margin
    painter.setPen(QPen(mix(track_colour, text, 0.25), 1.0))
    painter.setBrush(knob_colour)
    painter.drawEllipse(QRectF(x, track.top() + margin, diameter, diameter))
    painter.restore()


class MemorySwitch(QCheckBox):
    """A check box drawn as a sliding switch (track and knob) followed by its text.

    It is a real QCheckBox: Space toggles it, the mnemonic works, screen readers announce a check
    box with its state. Colours come from the palette (the system accent when on).
    """

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.setFont(font)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def _geometry(self) -> tuple[int, int, int]:
        fm = self.fontMetrics()
        height = round(fm.height() * 1.15)
        width = round(height * 1.85)
        gap = fm.averageCharWidth() * 2
        return width, height, gap

    def _plain_text(self) -> str:
        return self.text().replace("&&", "\0").replace("&", "").replace("\0", "&")

    def sizeHint(self) -> QSize:
        width, height, gap = self._geometry()
        fm = self.fontMetrics()
        return QSize(4 + width + gap + fm.horizontalAdvance(self._plain_text()) + 4, max(height, fm.height()) + 8)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def hitButton(self, pos: Any) -> bool:
        return self.rect().contains(pos)

    def paintEvent(self, _event: QPaintEvent) -> None:
        width, height, gap = self._geometry()
        palette = self.palette()
        painter = QPainter(self)
        left = 4.0
        track = QRectF(left, (self.height() - height) / 2, width, height)
        paint_switch(painter, track, palette, on=self.isChecked(), enabled=self.isEnabled(), focus=self.hasFocus())
        text_rect = self.rect().adjusted(int(left + width + gap), 0, 0, 0)
        self.style().drawItemText(
            painter,
            text_rect,
            int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextShowMnemonic),
            palette,
            self.isEnabled(),
            self.text(),
            QPalette.ColorRole.WindowText,
        )
        painter.end()


# --------------------------------------------------------------------------- the tab
class OverviewTab(ImportActions, Tab):
    key = "overview"

    def __init__(self, ctrl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctrl, parent)
        self._read_only = False
        self._read_only_reason = ""
        self._keychain_ok = False
        self._status: dict[str, Any] = {}
        self._tooltips: dict[QWidget, str] = {}
        self._columns = 0
        self._column_layouts: list[QVBoxLayout] = []
        self.pause_dialog: PauseDialog | None = None
        self.passphrase_dialog: PassphraseDialog | None = None
        self.import_dialog: ImportDialog | None = None
        self.reset_dialog: ResetDialog | None = None
        self.receipt_dialog: ReceiptDialog | None = None
        self.progress_dialog: ProgressDialog | None = None
        self.last_checks: list[dict[str, Any]] = []

        self.scroll_area = QScrollArea(self)
        self.scroll_area.setObjectName("overview_scroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.content = QWidget(self.scroll_area)
        self.content.setObjectName("overview_content")
        self.scroll_area.setWidget(self.content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll_area)

        self._build_memory()
        self._build_counts()
        self._build_store()
        self._build_selftest()
        self._build_transfer()
        self._build_danger()

        self.grid = QGridLayout(self.content)
        em = self.fontMetrics().height()
        self.grid.setContentsMargins(em, em, em, em)
        self.grid.setHorizontalSpacing(em)
        self.grid.setVerticalSpacing(em)
        self._arrange(2)

        ctrl.statusChanged.connect(self._apply_status)
        if ctrl.status:
            self._apply_status(ctrl.status)

    def title(self) -> str:
        return tr("Overview")

    # ------------------------------------------------------------------ building
    def _button(self, text: str, tip: str, icon_name: str | None = None, name: str | None = None) -> QPushButton:
        button = QPushButton(text, self.content)
        button.setToolTip(tip)
        button.setAccessibleName(text.replace("&", "").rstrip("…"))
        if icon_name:
            button.setIcon(icon(icon_name))
        if name:
            button.setObjectName(name)
        return button

    def _wrap(self, text: str = "", *, muted: bool = False) -> QLabel:
        label = QLabel(text, self.content)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        if muted:
            label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        return label

    def _value(self, name: str) -> QLabel:
        label = QLabel(self.content)
        label.setObjectName(name)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setWordWrap(True)
        return label

    def _build_memory(self) -> None:
        self.memory_box = QFrame(self.content)
        self.memory_box.setObjectName("memory_box")
        self.memory_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.switch = MemorySwitch(tr("Creative &memory"), self.memory_box)
        self.switch.setObjectName("memory_switch")
        self.switch.setAccessibleName(tr("Creative memory"))
        self.switch.setToolTip(tr("Turn creative memory on or off. Off keeps what is stored."))
        self.switch.clicked.connect(self._on_switch_clicked)
        self.pause_button = self._button(
            tr("&Pause…"), tr("Pause learning and/or using for a while"), "pause", "pause_button"
        )
        self.pause_button.setParent(self.memory_box)
        self.pause_button.clicked.connect(self.pause_clicked)
        self.resume_button = self._button(
            tr("R&esume"), tr("End the pause now: learn and use again"), "resume", "resume_button"
        )
        self.resume_button.setParent(self.memory_box)
        self.resume_button.clicked.connect(self.resume_clicked)
        self.resume_button.setVisible(False)

        self.about_label = self._wrap(
            tr(
                "When on, Open Design learns your style from how you react to the work it generates "
                "(what you accept, refine, rate or revert) and adds it to the next prompt as a "
                "“Creative memory” block. When off, nothing is learned and nothing is added; what is "
                "already stored is kept."
            ),
            muted=True,
        )
        self.about_label.setParent(self.memory_box)
        self.state_label = self._wrap()
        self.state_label.setParent(self.memory_box)
        self.state_label.setObjectName("memory_state")
        font = QFont(self.state_label.font())
        font.setBold(True)
        self.state_label.setFont(font)

        top = QHBoxLayout()
        top.addWidget(self.switch)
        top.addStretch(1)
        top.addWidget(self.pause_button)
        top.addWidget(self.resume_button)
        layout = QVBoxLayout(self.memory_box)
        em = self.fontMetrics().height()
        layout.setContentsMargins(em, em * 3 // 4, em, em * 3 // 4)
        layout.addLayout(top)
        layout.addWidget(self.state_label)
        layout.addWidget(self.about_label)

    def _build_counts(self) -> None:
        self.counts_box = QGroupBox(tr("What is remembered"), self.content)
        self.counts_box.setObjectName("counts_box")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.count_labels: dict[str, QLabel] = {}
        rows = [
            ("preferences", tr("Preferences:"), tr("Learned preferences of every status")),
            ("tiers", tr("By confidence:"), tr("Preferences that are not archived, by confidence tier")),
            ("events", tr("Raw events:"), tr("Reactions recorded from your work, the evidence behind preferences")),
            ("retrievals", tr("Retrievals:"), tr("Recorded retrievals (see Diagnostics)")),
            ("last_event", tr("Last event:"), tr("When the newest event happened")),
            ("last_retrieval", tr("Last injected:"),
             tr("When Open Design last added creative memory to a prompt (self-tests and previews do not count)")),
        ]
        for key, label_text, tip in rows:
            value = self._value(f"count_{key}")
            value.setToolTip(tip)
            value.setAccessibleName(label_text.rstrip(":"))
            label = QLabel(label_text, self.content)
            label.setToolTip(tip)
            form.addRow(label, value)
            self.count_labels[key] = value

        self.empty_hint = QFrame(self.counts_box)
        self.empty_hint.setObjectName("empty_hint")
        self.empty_hint.setFrameShape(QFrame.Shape.StyledPanel)
        hint_icon = QLabel(self.empty_hint)
        size = self.fontMetrics().height() * 2
        placeholder = self.palette().color(QPalette.ColorRole.PlaceholderText)
        hint_icon.setPixmap(tinted_icon("info", placeholder).pixmap(QSize(size, size)))
        hint_icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.empty_text = QLabel(
            tr(
                "Nothing is remembered yet. Memory grows as you react to work generated in Open Design. "
                "To look around first, explore a demo data set (about 1,000 preferences) in a separate "
                "demo store; your own memory is not touched."
            ),
            self.empty_hint,
        )
        self.empty_text.setWordWrap(True)
        self.demo_button = QPushButton(tr("Explore with &demo data"), self.empty_hint)
        self.demo_button.setObjectName("demo_button")
        self.demo_button.setAccessibleName(tr("Explore with demo data"))
        self.demo_button.setToolTip(
            tr("Open a separate demo store with generated data; your own memory is not touched")
        )
        self.demo_button.clicked.connect(self.demo_clicked)
        hint_layout = QGridLayout(self.empty_hint)
        hint_layout.addWidget(hint_icon, 0, 0, 2, 1)
        hint_layout.addWidget(self.empty_text, 0, 1)
        hint_layout.addWidget(self.demo_button, 1, 1, Qt.AlignmentFlag.AlignLeft)
        hint_layout.setColumnStretch(1, 1)
        self.empty_hint.setVisible(False)

        layout = QVBoxLayout(self.counts_box)
        layout.addLayout(form)
        layout.addWidget(self.empty_hint)

    def _build_store(self) -> None:
        self.store_box = QGroupBox(tr("Where it is stored"), self.content)
        self.store_box.setObjectName("store_box")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.location_label = self._value("store_location")
        self.location_label.setAccessibleName(tr("Data folder"))
        self.rule_label = self._value("store_rule")
        self.rule_label.setAccessibleName(tr("How the folder was chosen"))
        self.file_label = self._value("store_file")
        self.file_label.setAccessibleName(tr("Store file"))
        self.keychain_label = self._value("keychain_status")
        self.keychain_label.setAccessibleName(tr("Keychain"))
        self.keychain_label.setToolTip(tr("Where the install secret (used for blocked patterns) is kept"))
        form.addRow(tr("Folder:"), self.location_label)
        form.addRow(tr("Why here:"), self.rule_label)
        form.addRow(tr("Store:"), self.file_label)
        form.addRow(tr("Keychain:"), self.keychain_label)
        self.open_folder_button = self._button(
            tr("&Open folder"), tr("Show the data folder in the file manager"), "folder", "open_folder"
        )
        self.open_folder_button.clicked.connect(self.open_folder)
        self.change_store_button = self._button(
            tr("C&hange…"), tr("Every store found on this computer, or a folder of your choosing"), None,
            "change_store",
        )
        self.change_store_button.clicked.connect(self.change_store_clicked)
        self.move_store_button = self._button(
            tr("Mo&ve to this program's folder…"),
            tr("This store is in the first release's folder, which Open Design may use later"), None, "move_store",
        )
        self.move_store_button.clicked.connect(self.move_store_clicked)
        self.store_notice = self._wrap(muted=True)
        self.store_notice.setObjectName("store_notice")
        row = QHBoxLayout()
        row.addWidget(self.open_folder_button)
        row.addWidget(self.change_store_button)
        row.addWidget(self.move_store_button)
        row.addStretch(1)
        layout = QVBoxLayout(self.store_box)
        layout.addLayout(form)
        layout.addWidget(self.store_notice)
        layout.addLayout(row)
        self._show_location()

    def _build_selftest(self) -> None:
        self.selftest_box = QGroupBox(tr("Self-test"), self.content)
        self.selftest_box.setObjectName("selftest_box")
        about = self._wrap(
            tr(
                "Proves the gates: with memory off, using paused or a project disabled, a retrieval "
                "returns nothing. Your settings are put back exactly as they were."
            ),
            muted=True,
        )
        self.selftest_button = self._button(
            tr("Run sel&f-test"), tr("Run the checks now (takes a moment)"), "self-test", "selftest_button"
        )
        self.selftest_button.clicked.connect(self.selftest_clicked)
        self.rebuild_button = self._button(
            tr("Reb&uild from events"),
            tr("Re-derive every preference from the raw events (shows progress; can be cancelled)"),
            "refresh",
            "rebuild_button",
        )
        self.rebuild_button.clicked.connect(self.rebuild_clicked)
        self.selftest_summary = self._value("selftest_summary")
        self.selftest_summary.setAccessibleName(tr("Self-test result"))
        self.selftest_results = QWidget(self.selftest_box)
        self.selftest_results.setObjectName("selftest_results")
        self.selftest_results.setAccessibleName(tr("Self-test checks"))
        self.results_layout = QGridLayout(self.selftest_results)
        self.results_layout.setContentsMargins(0, 0, 0, 0)
        self.results_layout.setColumnStretch(1, 1)
        self.selftest_results.setVisible(False)
        row = QHBoxLayout()
        row.addWidget(self.selftest_button)
        row.addWidget(self.rebuild_button)
        row.addWidget(self.selftest_summary, 1)
        layout = QVBoxLayout(self.selftest_box)
        layout.addWidget(about)
        layout.addLayout(row)
        layout.addWidget(self.selftest_results)

    def _build_transfer(self) -> None:
        self.transfer_box = QGroupBox(tr("Export and import"), self.content)
        self.transfer_box.setObjectName("transfer_box")
        about = self._wrap(
            tr(
                "Move memory between computers without a cloud. Exports are readable only by you; "
                "encrypt them to carry them safely. Import also reads the prototype's preferences.json."
            ),
            muted=True,
        )
        self.export_button = self._button(
            tr("E&xport…"), tr("Write all creative memory to a file"), "export", "export_button"
        )
        self.export_button.clicked.connect(self.export_clicked)
        self.encrypt_check = QCheckBox(tr("E&ncrypt with a passphrase"), self.transfer_box)
        self.encrypt_check.setObjectName("encrypt_check")
        self.encrypt_check.setAccessibleName(tr("Encrypt with a passphrase"))
        self.encrypt_check.setToolTip(tr("Ask for a passphrase and encrypt the export (AES-GCM)"))
        self.import_button = self._button(
            tr("&Import…"), tr("Merge or replace memory from an exported file"), "import", "import_button"
        )
        self.import_button.clicked.connect(self.import_clicked)
        self.transfer_result = self._value("transfer_result")
        self.transfer_result.setAccessibleName(tr("Last export or import"))
        self.transfer_result.setVisible(False)
        grid = QGridLayout()
        grid.addWidget(self.export_button, 0, 0)
        grid.addWidget(self.encrypt_check, 0, 1)
        grid.addWidget(self.import_button, 1, 0)
        grid.setColumnStretch(2, 1)
        layout = QVBoxLayout(self.transfer_box)
        layout.addWidget(about)
        layout.addLayout(grid)
        layout.addWidget(self.transfer_result)

    def _build_danger(self) -> None:
        self.danger_box = QGroupBox(tr("Danger zone"), self.content)
        self.danger_box.setObjectName("danger_zone")
        about = self._wrap(
            tr(
                "Reset erases all creative memory of this user — preferences, raw events and "
                "diagnostics — and proves nothing recoverable remains. It cannot be undone; the "
                "dialog offers to export a backup first."
            )
        )
        self.reset_button = self._button(
            tr("Re&set…"), tr("Erase all creative memory (asks first)"), "reset", "reset_button"
        )
        self.reset_button.clicked.connect(self.reset_clicked)
        row = QHBoxLayout()
        row.addWidget(self.reset_button)
        row.addStretch(1)
        layout = QVBoxLayout(self.danger_box)
        layout.addWidget(about)
        layout.addLayout(row)
        self._style_danger()

    def _style_danger(self) -> None:
        palette = self.palette()
        accent = accent_colour("error", palette)
        edge = mix(palette.color(QPalette.ColorRole.Window), accent, 0.7)
        em = self.fontMetrics().height()
        self.danger_box.setStyleSheet(
            f"QGroupBox#danger_zone {{ border: 1px solid {edge.name()}; border-radius: 4px;"
            f" margin-top: {em * 5 // 4}px; padding: {em // 2}px {em // 3}px {em // 3}px {em // 3}px; }}"
            f" QGroupBox#danger_zone::title {{ subcontrol-origin: margin; subcontrol-position: top left;"
            f" left: 0px; padding: 0px; color: {accent.name()}; font-weight: bold; }}"
        )
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        self.reset_button.setIcon(tinted_icon("reset", accent))
        self.reset_button.setIconSize(QSize(size, size))

    def _arrange(self, columns: int) -> None:
        """Two columns when there is room, one otherwise (the widgets keep their order)."""
        if columns == self._columns:
            return
        self._columns = columns
        boxes = (self.counts_box, self.store_box, self.selftest_box, self.transfer_box, self.danger_box)
        for box in (self.memory_box, *boxes):
            self.grid.removeWidget(box)
        for column in self._column_layouts:
            for box in boxes:
                column.removeWidget(box)
            self.grid.removeItem(column)
            column.deleteLater()
        em = self.fontMetrics().height()
        self.grid.addWidget(self.memory_box, 0, 0, 1, columns)
        groups = [boxes[:2], boxes[2:]] if columns == 2 else [boxes]
        self._column_layouts = []
        for i, group in enumerate(groups):
            column = QVBoxLayout()
            column.setSpacing(em)
            for box in group:
                column.addWidget(box)
            column.addStretch(1)
            self.grid.addLayout(column, 1, i)
            self.grid.setColumnStretch(i, 1)
            self._column_layouts.append(column)
        if columns == 1:
            self.grid.setColumnStretch(1, 0)
        self.grid.setRowStretch(1, 1)
        self._fix_tab_order()

    def _fix_tab_order(self) -> None:
        order: list[QWidget] = [
            self.switch, self.pause_button, self.resume_button, self.demo_button, self.open_folder_button,
            self.change_store_button, self.move_store_button, self.selftest_button, self.rebuild_button, self.export_button, self.encrypt_check, self.import_button,
            self.reset_button,
        ]
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        wide = self.width() >= self.fontMetrics().averageCharWidth() * 120
        self._arrange(2 if wide else 1)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange) and hasattr(self, "danger_box"):
            self._style_danger()

    # ------------------------------------------------------------------ showing
    def _show_location(self) -> None:
        dd = self.ctrl.ctx.data_dir
        self.location_label.setText(breakable_path(dd.path))
        self.location_label.setToolTip(str(dd.path))
        described = dd.describe()
        rule = described.removeprefix(str(dd.path)).strip()
        if rule.startswith("(") and rule.endswith(")"):
            rule = rule[1:-1]
        self.rule_label.setText(rule or described)
        self.rule_label.setToolTip(described)
        self.move_store_button.setVisible(dd.legacy)
        self.store_notice.setText("\n".join(self.ctrl.ctx.notes))
        self.store_notice.setVisible(bool(self.ctrl.ctx.notes))

    def _show_store_state(self) -> None:
        try:
            store = self.ctrl.store
        except CreativeMemoryError as exc:
            self.file_label.setText(str(exc))
            return
        name = store.path.name
        if store.read_only:
            self.file_label.setText(
                tr("{name} — read-only: {reason}").format(name=name, reason=store.read_only_reason or "")
            )
        elif self.ctrl.ctx.data_dir.rule == "demo":
            self.file_label.setText(tr("{name} — demo data only; Open Design never reads it").format(name=name))
        else:
            self.file_label.setText(tr("{name} — shared with Open Design").format(name=name))
        self.file_label.setToolTip(str(store.path))

    def _apply_status(self, status: dict[str, Any]) -> None:
        if not status:
            return
        self._status = status
        self.switch.setChecked(bool(status.get("enabled", True)))
        self.state_label.setText(state_sentence(status))
        self.state_label.setAccessibleName(self.state_label.text())
        paused = bool(status.get("learning_paused") or status.get("using_paused"))
        self.resume_button.setVisible(paused)
        disabled = status.get("projects_disabled") or []
        if disabled:
            self.state_label.setText(
                self.state_label.text()
                + "\n"
                + tr("{n} project(s) have memory switched off for them (see Projects).").format(n=len(disabled))
            )
        counts = status.get("counts", {})
        loc = QLocale()
        for key in ("preferences", "events", "retrievals"):
            self.count_labels[key].setText(loc.toString(int(counts.get(key, 0))))
        empty = not counts.get("preferences") and not counts.get("events")
        self.empty_hint.setVisible(empty)

    def _apply_facts(self, facts: dict[str, Any], keychain: dict[str, Any]) -> None:
        self._apply_status(facts["status"])
        loc = QLocale()
        tiers = facts["tiers"]
        parts = [tr("{n} {tier}").format(n=loc.toString(int(tiers.get(t, 0))), tier=tier_name(t)) for t in TIERS]
        total = int(facts["status"]["counts"].get("preferences", 0))
        archived = total - sum(int(v) for v in tiers.values())
        if archived > 0:
            parts.append(tr("{n} archived").format(n=loc.toString(archived)))
        self.count_labels["tiers"].setText(" · ".join(parts))
        self.count_labels["last_event"].setText(local_when(facts["last_event"]))
        self.count_labels["last_retrieval"].setText(local_when(facts["last_retrieval"]))
        self.keychain_label.setText(keychain["detail"])
        self._keychain_ok = bool(keychain["keyring"])
        self._show_location()  # the store may have been switched (the demo store, and back)
        self._show_store_state()

    async def refresh(self) -> None:
        facts = await self.ctrl.run(overview_facts, self.ctrl.store, self.ctrl.user, self.ctrl.now())
        keychain = await self.ctrl.run(keychain_status, self.ctrl.ctx.secrets)
        self._apply_facts(facts, keychain)
        self.stale = False

    # ------------------------------------------------------------------ read-only
    def writing_controls(self) -> list[QWidget]:
        return [self.switch, self.pause_button, self.resume_button, self.selftest_button, self.import_button,
                self.reset_button, self.demo_button, self.rebuild_button]

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only
        self._show_location()  # called whenever a store is (re)opened
        try:
            self._read_only_reason = self.ctrl.store.read_only_reason or ""
        except CreativeMemoryError:
            self._read_only_reason = ""
        why = tr("This store is read-only, so this cannot be changed: {reason}").format(
            reason=self._read_only_reason or tr("no change can be made.")
        )
        for widget in self.writing_controls():
            if widget not in self._tooltips:
                self._tooltips[widget] = widget.toolTip()
            widget.setEnabled(not read_only)
            widget.setToolTip(why if read_only else self._tooltips[widget])
        self._show_store_state()

    # ------------------------------------------------------------------ helpers
    def _actor(self) -> Actor:
        return self.ctrl.ctx.actor

    def _fail(self, exc: BaseException, action: str) -> None:
        if isinstance(exc, CreativeMemoryError):
            log.info("%s %s", action, exc)
        show_error(self.window(), exc, action=action)

    def _default_folder(self) -> Path:
        return Path.home()

    def suggested_export_path(self, prefix: str = "creative-memory") -> Path:
        day = QDateTime.fromMSecsSinceEpoch(self.ctrl.now()).toString("yyyy-MM-dd")
        return self._default_folder() / f"{prefix}-{self.ctrl.user}-{day}.json"

    def _progress(self, title: str, text: str, *, cancellable: bool = False) -> ProgressDialog:
        dialog = ProgressDialog(self.window(), title=title, text=text, cancellable=cancellable)
        self.progress_dialog = dialog
        self.ctrl.busyChanged.emit(True)
        return dialog

    def _progress_done(self, dialog: ProgressDialog) -> None:
        dialog.finish()
        if self.progress_dialog is dialog:
            self.progress_dialog = None
        self.ctrl.busyChanged.emit(False)

    # ------------------------------------------------------------------ master switch
    @async_slot()
    async def _on_switch_clicked(self) -> None:
        await self.set_memory_enabled(self.switch.isChecked())

    async def set_memory_enabled(self, enabled: bool) -> bool:
        self.switch.setChecked(enabled)
        self.switch.setEnabled(False)
        try:
            status = await self.ctrl.run(
                controls.set_enabled, self.ctrl.store, self.ctrl.user, enabled, actor=self._actor(), now=self.ctrl.now()
            )
        except Exception as exc:
            self.switch.setChecked(not enabled)
            self._fail(exc, tr("Could not turn creative memory on.") if enabled else tr("Could not turn creative memory off."))
            return False
        finally:
            self.switch.setEnabled(not self._read_only)
        self._apply_status(status)
        self.ctrl.notify("settings", "audit")
        return True

    # ------------------------------------------------------------------ pause / resume
    @async_slot()
    async def pause_clicked(self) -> None:
        dialog = PauseDialog(self.window(), now_ms=self.ctrl.now())
        self.pause_dialog = dialog
        try:
            result = await wait_dialog(dialog)
            choice = dialog.choice()
        finally:
            self.pause_dialog = None
            dialog.deleteLater()
        if result == ACCEPTED:
            await self.pause(choice.until, choice.what)

    async def pause(self, until: int | None, what: controls.What = "both") -> bool:
        try:
            status = await self.ctrl.run(
                controls.pause, self.ctrl.store, self.ctrl.user, until=until, what=what, actor=self._actor(),
                now=self.ctrl.now(),
            )
        except Exception as exc:
            self._fail(exc, tr("Could not pause creative memory."))
            return False
        self._apply_status(status)
        self.ctrl.notify("settings", "audit")
        return True

    @async_slot()
    async def resume_clicked(self) -> None:
        await self.resume()

    async def resume(self, what: controls.What = "both") -> bool:
        try:
            status = await self.ctrl.run(
                controls.resume, self.ctrl.store, self.ctrl.user, what=what, actor=self._actor(), now=self.ctrl.now()
            )
        except Exception as exc:
            self._fail(exc, tr("Could not resume creative memory."))
            return False
        self._apply_status(status)
        self.ctrl.notify("settings", "audit")
        return True

    # ------------------------------------------------------------------ store folder
    def open_folder(self) -> bool:
        url = QUrl.fromLocalFile(str(self.ctrl.ctx.data_dir.path))
        ok = QDesktopServices.openUrl(url)
        if not ok:
            show_error(
                self.window(),
                CreativeMemoryError(
                    tr("The folder {path} could not be opened in a file manager; open it by hand.").format(
                        path=self.ctrl.ctx.data_dir.path
                    )
                ),
            )
        return bool(ok)

    @async_slot()
    async def change_store_clicked(self) -> None:
        folder = await dialogs_store.choose(self.ctrl, self)
        if folder is not None:
            await dialogs_store.use_folder(self.ctrl, self, folder)

    @async_slot()
    async def move_store_clicked(self) -> None:
        await dialogs_store.move_legacy(self.ctrl, self)

    # ------------------------------------------------------------------ self-test
    @async_slot()
    async def selftest_clicked(self) -> None:
        await self.run_self_test()

    async def run_self_test(self) -> dict[str, Any] | None:
        self.selftest_button.setEnabled(False)
        self.selftest_summary.setText(tr("Running the checks…"))
        try:
            report = await self.ctrl.run(
                selftest.run, self.ctrl.store, self.ctrl.user, now=self.ctrl.now(), actor=self._actor()
            )
        except Exception as exc:
            self.selftest_summary.setText(tr("The self-test could not run."))
            self._fail(exc, tr("The self-test could not run."))
            return None
        finally:
            self.selftest_button.setEnabled(not self._read_only)
        self.show_checks(report)
        self.ctrl.notify("diagnostics", "audit")
        await self.refresh()
        return report

    def show_checks(self, report: dict[str, Any]) -> None:
        _clear_layout(self.results_layout)
        checks = list(report.get("checks", []))
        self.last_checks = checks
        palette = self.palette()
        good = QColor("#81c995") if palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5 else QColor("#188038")
        bad = accent_colour("error", palette)
        for row, check in enumerate(checks):
            ok = bool(check.get("ok"))
            mark = QLabel("✓" if ok else "✗", self.selftest_results)
            mark.setObjectName(f"check_mark_{row}")
            mark_font = QFont(mark.font())
            mark_font.setBold(True)
            mark.setFont(mark_font)
            mark_palette = mark.palette()
            mark_palette.setColor(QPalette.ColorRole.WindowText, good if ok else bad)
            mark.setPalette(mark_palette)
            mark.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
            mark.setAccessibleName(tr("passed") if ok else tr("failed"))
            title = check_title(str(check.get("name", "")))
            detail = str(check.get("detail", ""))
            text = QLabel(title, self.selftest_results)
            text.setObjectName(f"check_text_{row}")
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.setAccessibleName(f"{title}: {tr('passed') if ok else tr('failed')}")
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
        passed = sum(1 for c in checks if c.get("ok"))
        if report.get("ok"):
            self.selftest_summary.setText(tr("✓ All {n} checks passed.").format(n=len(checks)))
        else:
            self.selftest_summary.setText(
                tr("✗ {bad} of {n} checks failed.").format(bad=len(checks) - passed, n=len(checks))
            )
        self.selftest_results.setVisible(bool(checks))

    def check_marks(self) -> list[tuple[str, bool]]:
        """(name, ok) of the checks shown, for tests and accessibility."""
        return [(str(c.get("name")), bool(c.get("ok"))) for c in self.last_checks]

    # ------------------------------------------------------------------ export
    @async_slot()
    async def export_clicked(self) -> None:
        path = await ask_save_path(self.window(), tr("Export creative memory"), self.suggested_export_path())
        if path is None:
            return
        passphrase: str | None = None
        remember = False
        if self.encrypt_check.isChecked():
            dialog = PassphraseDialog(self.window(), confirm=True, keychain_available=self._keychain_ok)
            self.passphrase_dialog = dialog
            try:
                if await wait_dialog(dialog) != ACCEPTED:
                    return
                passphrase, remember = dialog.passphrase(), dialog.remember()
            finally:
                self.passphrase_dialog = None
                dialog.deleteLater()
        await self.export_to(path, passphrase, remember=remember)

    async def export_to(
        self, path: Path | str, passphrase: str | None = None, *, remember: bool = False, action: str | None = None
    ) -> portability.TransferResult | None:
        """Export everything to ``path`` (0600), encrypted when a passphrase is given; an existing
        file only after the person chose "Replace" (gui.replace)."""
        try:
            if (force := await replace_allowed(self.window(), Path(path), [self.ctrl.ctx.data_dir.path])) is None:
                return None
            result = await self.ctrl.run(
                portability.export_bundle, self.ctrl.store, self.ctrl.user, Path(path), now=self.ctrl.now(),
                actor=self._actor(), passphrase=passphrase, force=force,
            )
        except Exception as exc:
            self._fail(exc, action or tr("Could not export creative memory."))
            return None
        loc = QLocale()
        text = tr("Exported {events} events ({prefs} preferences) to {path}{enc}.").format(
            events=loc.toString(result.events),
            prefs=loc.toString(result.preferences),
            path=result.path,
            enc=tr(", encrypted") if result.encrypted else "",
        )
        if passphrase is not None and remember:
            stored = await self.ctrl.run(self.ctrl.ctx.secrets.remember_passphrase, passphrase_key(result.path), passphrase)
            text += " " + (
                tr("The passphrase is remembered in the keychain.")
                if stored
                else tr("The passphrase could not be remembered: no system keychain is available.")
            )
        self.transfer_result.setText(breakable_path(text) if "/" in text else text)
        self.transfer_result.setVisible(True)
        self.ctrl.notify("audit")
        return result

    # ------------------------------------------------------------------ reset
    @async_slot()
    async def reset_clicked(self) -> None:
        counts = await self.ctrl.run(queries.reset_counts, self.ctrl.store, self.ctrl.user)
        dialog = ResetDialog(
            self.window(),
            counts=counts,
            backup_path=self.suggested_export_path("creative-memory-backup"),
            user=self.ctrl.user,
        )
        dialog.browseRequested.connect(lambda: self._browse_backup(dialog))
        self.reset_dialog = dialog
        try:
            result = await wait_dialog(dialog)
            backup, include_settings = dialog.backup_path(), dialog.include_settings()
        finally:
            self.reset_dialog = None
            dialog.deleteLater()
        if result == ACCEPTED:
            await self.reset_store(backup=backup, include_settings=include_settings)

    @async_slot()
    async def _browse_backup(self, dialog: ResetDialog) -> None:
        current = dialog.backup_path() or self.suggested_export_path("creative-memory-backup")
        path = await ask_save_path(dialog, tr("Back up creative memory to"), current)
        if path is not None:
            dialog.backup_edit.setText(str(path))

    async def reset_store(
        self, *, backup: Path | None = None, include_settings: bool = False
    ) -> erasure.Receipt | None:
        """Export a backup (when asked), erase everything, show the receipt."""
        if backup is not None:
            exported = await self.export_to(
                backup, action=tr("The backup could not be written, so nothing was erased.")
            )
            if exported is None:
                return None
            backup = exported.path
        progress = self._progress(tr("Resetting creative memory"), tr("Erasing…"))
        try:
            receipt = await self.ctrl.run(
                erasure.reset, self.ctrl.store, self.ctrl.user, confirm=True, actor=self._actor(),
                now=self.ctrl.now(), include_settings=include_settings, progress=progress.step,
            )
        except Exception as exc:
            self._progress_done(progress)
            self._fail(exc, tr("The reset did not finish."))
            self.ctrl.notify("all")
            return None
        self._progress_done(progress)
        self.ctrl.notify("all")
        await self.refresh()
        receipt_dialog = ReceiptDialog(self.window(), receipt=receipt.as_json(), backup=backup)
        receipt_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.receipt_dialog = receipt_dialog
        receipt_dialog.open()
        return receipt

    # ------------------------------------------------------------------ rebuild
    @async_slot()
    async def rebuild_clicked(self) -> None:
        await self.rebuild()

    async def rebuild(self) -> dict[str, Any] | None:
        """Full re-derivation on the store thread, with progress; Cancel leaves the old cache as it was."""
        progress = self._progress(
            tr("Rebuilding preferences"), tr("Re-deriving every preference from the raw events…"), cancellable=True
        )
        self.rebuild_button.setEnabled(False)
        try:
            info = await self.ctrl.run(
                derivation.rebuild, self.ctrl.store, self.ctrl.user, self.ctrl.now(),
                progress=progress.report, cancelled=progress.is_cancelled,
            )
            await self.ctrl.run(record_action, self.ctrl.store, self.ctrl.user, self._actor(), "rebuild",
                                "preferences", f"ok: {info.preferences}", self.ctrl.now())
        except Cancelled as exc:
            self._progress_done(progress)
            show_error(self.window(), exc)
            return None
        except Exception as exc:
            self._progress_done(progress)
            self._fail(exc, tr("Could not rebuild the preferences."))
            return None
        finally:
            self.rebuild_button.setEnabled(not self._read_only)
        self._progress_done(progress)
        self.selftest_summary.setText(
            tr("Rebuilt {n} preferences from {e} events in {s:.1f} s.").format(
                n=info.preferences, e=info.events, s=info.duration_ms / 1000
            )
        )
        self.ctrl.notify("preferences", "audit")
        return {"preferences": info.preferences, "events": info.events}

    # ------------------------------------------------------------------ demo data
    @async_slot()
    async def demo_clicked(self) -> None:
        await self.load_demo("S")

    async def load_demo(self, size: str = "S") -> dict[str, int] | None:
        """Open the separate demo store (the window's), filling it with generated data on first use."""
        window = self.window()
        open_demo = getattr(window, "open_demo", None)
        if open_demo is None:  # the tab alone (tests): the controller switches stores itself
            await self.ctrl.switch_store(demostore.demo_data_dir())
        else:
            await open_demo()
        if not await self.ctrl.run(demostore.is_empty, self.ctrl.store, self.ctrl.user):
            return None
        progress = self._progress(
            tr("Loading demo data"), tr("Generating the demo data set ({size})…").format(size=size), cancellable=True
        )
        self.demo_button.setEnabled(False)
        try:
            counts = await self.ctrl.run(
                demostore.fill, self.ctrl.store, self.ctrl.user, size=size, seed=DEMO_SEED, now=self.ctrl.now(),
                actor=self._actor(), progress=progress.report, cancelled=progress.is_cancelled,
                blocks=self.ctrl.ctx.blocks,
            )
        except Cancelled as exc:
            self._progress_done(progress)
            show_error(self.window(), exc)
            self.ctrl.notify("all")
            return None
        except Exception as exc:
            self._progress_done(progress)
            self._fail(exc, tr("Could not load the demo data."))
            return None
        finally:
            self.demo_button.setEnabled(not self._read_only)
        self._progress_done(progress)
        self.ctrl.notify("all")
        await self.refresh()
        return counts

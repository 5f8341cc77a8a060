"""The Inspector's filters: the filter box and the facets (scope, type, polarity, status, tier,
archived). :class:`FilterBar` builds them on the tab (which places them), says when they change with
:attr:`FilterBar.changed`, and turns them into a :class:`PrefFilter`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QToolButton, QWidget

from creative_memory.gui.tabs.inspector.controls import named
from creative_memory.gui.visible import project_shown, project_tip, shown_name
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.services.inspection.queries import PrefFilter


class FilterBar(QObject):
    """The filter box and the facet filters; their widgets are children of ``host``."""

    #: the filter text or a facet changed (the filter box after its debounce)
    changed = Signal()
    #: typing started in the filter box (before the debounce)
    textEdited = Signal(str)

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self._text = ""
        self.filter_edit = FilterLineEdit(host, placeholder=self.tr("Filter by pattern, type or project…"))
        self.filter_edit.setObjectName("inspector_filter")
        named(
            self.filter_edit,
            self.tr("Filter preferences"),
            self.tr("Type words that the pattern, type or project must contain (Ctrl+F); Escape clears"),
        )
        self.filter_edit.filterChanged.connect(self._on_text)
        self.filter_edit.textEdited.connect(self.textEdited)

        self.scope_combo = QComboBox(host)
        self.scope_combo.setObjectName("scope_filter")
        named(
            self.scope_combo,
            self.tr("Scope"),
            self.tr("Show global preferences, project ones, or one project's"),
        )
        self.type_combo = QComboBox(host)
        self.type_combo.setObjectName("type_filter")
        named(self.type_combo, self.tr("Type"), self.tr("Show one type of preference"))
        self.polarity_combo = QComboBox(host)
        self.polarity_combo.setObjectName("polarity_filter")
        named(
            self.polarity_combo,
            self.tr("Polarity"),
            self.tr("Show wanted (positive) or avoided (negative) preferences"),
        )
        self.polarity_combo.addItem(self.tr("Both polarities"), "")
        self.polarity_combo.addItem(self.tr("Positive"), "positive")
        self.polarity_combo.addItem(self.tr("Negative"), "negative")
        self.status_combo = QComboBox(host)
        self.status_combo.setObjectName("status_filter")
        named(self.status_combo, self.tr("Status"), self.tr("Show one status only"))
        self.status_combo.addItem(self.tr("Any status"), "")
        self.status_combo.addItem(self.tr("Stable"), "stable")
        self.status_combo.addItem(self.tr("Under review"), "under_review")
        self.status_combo.addItem(self.tr("Archived"), "archived")
        self.fill_scope([])
        self.fill_types([])

        self._build_tier_buttons(host)

        self.archived_box = QCheckBox(self.tr("Show archived"), host)
        self.archived_box.setObjectName("show_archived")
        named(
            self.archived_box,
            self.tr("Show archived"),
            self.tr("Also show preferences not seen for 180 days (they are never injected)"),
        )

        for combo in (self.scope_combo, self.type_combo, self.polarity_combo, self.status_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.currentIndexChanged.connect(self._on_facets)
        self.archived_box.toggled.connect(self._on_facets)

    def _build_tier_buttons(self, host: QWidget) -> None:
        """ "Tier:" and a checkable button for each tier."""
        self.tier_label = QLabel(self.tr("Tier:"), host)
        self.tier_buttons: dict[str, QToolButton] = {}
        for tier, text in (("high", self.tr("High")), ("medium", self.tr("Medium")), ("low", self.tr("Low"))):
            b = QToolButton(host)
            b.setText(text)
            b.setCheckable(True)
            b.setObjectName(f"tier_{tier}")
            named(
                b,
                self.tr("Tier {tier}").format(tier=text),
                self.tr("Show {tier} confidence preferences (none checked: every tier)").format(
                    tier=text.lower()
                ),
            )
            b.toggled.connect(self._on_facets)
            self.tier_buttons[tier] = b

    def fill_scope(self, projects: Sequence[str], names: Mapping[str, str] | None = None) -> None:
        """The scope picker: everywhere, any project, and each project by its name (id in the tip)."""
        known = names or {}
        current = self.scope_combo.currentData() or "all"
        self.scope_combo.blockSignals(True)
        try:
            self.scope_combo.clear()
            self.scope_combo.addItem(self.tr("All scopes"), "all")
            self.scope_combo.addItem(self.tr("Used everywhere"), "global")
            self.scope_combo.addItem(self.tr("Only in a project"), "project")
            ids = list(projects)
            if current.startswith("project:") and current[8:] not in ids:
                ids.append(current[8:])
            if ids:
                self.scope_combo.insertSeparator(self.scope_combo.count())
            for p in sorted(ids, key=lambda p: ((known.get(p) or p).casefold(), p)):
                self.scope_combo.addItem(project_shown(p, known.get(p)), f"project:{p}")
                self.scope_combo.setItemData(
                    self.scope_combo.count() - 1, project_tip(p, known.get(p)), Qt.ItemDataRole.ToolTipRole
                )
            i = self.scope_combo.findData(current)
            self.scope_combo.setCurrentIndex(max(i, 0))
        finally:
            self.scope_combo.blockSignals(False)

    def fill_types(self, types: Sequence[str]) -> None:
        current = self.type_combo.currentData() or ""
        self.type_combo.blockSignals(True)
        try:
            self.type_combo.clear()
            self.type_combo.addItem(self.tr("All types"), "")
            names = list(types)
            if current and current not in names:
                names.append(current)
            for t in names:
                self.type_combo.addItem(shown_name(t), t)
            i = self.type_combo.findData(current)
            self.type_combo.setCurrentIndex(max(i, 0))
        finally:
            self.type_combo.blockSignals(False)

    def current_filter(self) -> PrefFilter:
        scope_value = str(self.scope_combo.currentData() or "all")
        project_id: str | None = None
        scope = "all"
        if scope_value.startswith("project:"):
            scope, project_id = "project", scope_value[len("project:") :]
        elif scope_value in ("global", "project"):
            scope = scope_value
        status = str(self.status_combo.currentData() or "")
        tiers = frozenset(t for t, b in self.tier_buttons.items() if b.isChecked())
        return PrefFilter(
            text=self._text,
            scope=scope,  # type: ignore[arg-type]
            project_id=project_id,
            preference_type=str(self.type_combo.currentData() or "") or None,
            polarity=str(self.polarity_combo.currentData() or "") or None,
            tiers=tiers,
            statuses=frozenset({status}) if status else frozenset(),
            show_archived=self.archived_box.isChecked() or status == "archived",
        )

    def is_filtered(self) -> bool:
        """Whether any filter narrows the list (beyond hiding archived preferences)."""
        flt = self.current_filter()
        return flt != PrefFilter(show_archived=flt.show_archived)

    def set_show_archived(self, shown: bool) -> None:
        """Tick "Show archived" without announcing it (the settings saved last time)."""
        self.archived_box.blockSignals(True)
        self.archived_box.setChecked(shown)
        self.archived_box.blockSignals(False)

    def _on_text(self, text: str) -> None:
        self._text = text
        self.changed.emit()

    def _on_facets(self, *_args: Any) -> None:
        archived_only = self.status_combo.currentData() == "archived"
        self.archived_box.setEnabled(not archived_only)
        self.changed.emit()

    def clear(self) -> None:
        """Every filter back to showing everything, announced once."""
        widgets = (
            self.scope_combo,
            self.type_combo,
            self.polarity_combo,
            self.status_combo,
            *self.tier_buttons.values(),
        )
        for w in widgets:
            w.blockSignals(True)
        try:
            self.scope_combo.setCurrentIndex(0)
            self.type_combo.setCurrentIndex(0)
            self.polarity_combo.setCurrentIndex(0)
            self.status_combo.setCurrentIndex(0)
            for b in self.tier_buttons.values():
                b.setChecked(False)
        finally:
            for w in widgets:
                w.blockSignals(False)
        self.archived_box.setEnabled(True)
        self.filter_edit.blockSignals(True)
        self.filter_edit.clear()
        self.filter_edit.blockSignals(False)
        self.filter_edit.flush()
        self._text = ""
        self.changed.emit()


__all__ = ["FilterBar"]

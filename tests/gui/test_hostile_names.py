"""Pattern, type and tag names in the window: their readable text, controls made visible and
right-to-left text isolated (as project names are), the stored spelling kept for reviewers.

A name with a right-to-left override or an escape character can no longer be ingested (decision
0029), but an older version may have stored one: these tests write such a row into the store file
the way an older version left it, and read what the Inspector's model answers and what its delegate
paints. Hebrew and Arabic letters are valid in names and arrive through ingest.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
import shiboken6
from harness import event
from PySide6.QtCore import QLocale, QRect, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from creative_memory.gui.itemmodels.audit import AuditModel
from creative_memory.gui.itemmodels.preferences import RAW_ROLE, column_of
from creative_memory.gui.itemmodels.stage_events import StageEventsModel, pattern_of
from creative_memory.gui.tabs.diagnostics.kept import item_text
from creative_memory.gui.tabs.inspector.view import InspectorTab
from creative_memory.gui.tabs.preview.whatif import whatif_sentence
from creative_memory.gui.visible import shown_name, shown_pair
from creative_memory.model.inert import FSI, PDI
from creative_memory.model.records import DiagEvent
from creative_memory.services.controls.audit import AuditEntry
from creative_memory.services.inspection.inspector_query import PreferenceKey
from creative_memory.services.retrieval import retrieval

MIXED = "logo_שלום_مرحبا_bold"  # Hebrew and Arabic letters between Latin ones: a valid name
EVIL_PATTERN = "abc\u202edcba_\x1b[2J_grid"  # an override and an escape sequence: stored by an older version
EVIL_TYPE = "lay\u202eout"
EVIL_TAG = "love_\u202eשלום\x1b"


@pytest.fixture
def tab(ctrl: Any, qtbot: Any) -> Iterator[InspectorTab]:
    t = InspectorTab(ctrl)
    t.resize(1200, 740)
    t.show()
    yield t
    if shiboken6.isValid(t):
        t.close()
        shiboken6.delete(t)


def _poison(ctrl: Any, pattern: str, new_pattern: str, new_type: str) -> None:
    """Rename a stored preference the way an older version could have stored it."""
    con = sqlite3.connect(ctrl.ctx.data_dir.store)
    renamed = con.execute(
        "UPDATE creative_memory_preferences SET pattern = ?, preference_type = ? WHERE pattern = ?",
        (new_pattern, new_type, pattern),
    ).rowcount
    con.commit()
    con.close()
    assert renamed > 0, f"no stored preference named {pattern!r} to rename"


def _row_of(tab: InspectorTab, pattern: str) -> int:
    return next(i for i, r in enumerate(tab.model.rows()) if r.pattern == pattern)


def _painted(delegate: QStyledItemDelegate, index: Any, width: int, height: int) -> QImage:
    """What ``delegate`` paints for ``index`` in a ``width`` × ``height`` cell, on white."""
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, width, height)
    option.state = option.state.State_Enabled  # type: ignore[attr-defined]
    painter = QPainter(image)
    try:
        delegate.paint(painter, option, index)
    finally:
        painter.end()
    return image


def test_the_pattern_and_type_columns_show_readable_inert_names_and_keep_the_stored_one(
    tab: InspectorTab, ctrl: Any, seed: Any, run_async: Any
) -> None:
    seed(
        [event(i, pattern=MIXED, ptype="logos", session=f"s{i}") for i in range(1, 4)]
        + [event(10 + i, pattern="dense_grids", session=f"s{10 + i}") for i in range(1, 4)]
    )
    run_async(tab.refresh())  # the tab's own first load (and derivation) has finished
    _poison(ctrl, "dense_grids", EVIL_PATTERN, EVIL_TYPE)
    run_async(tab.refresh())
    model, c_pattern, c_type = tab.model, column_of("pattern"), column_of("type")
    for column in (c_pattern, c_type):  # the stored values' columns, shown as a person shows them
        tab.table.setColumnHidden(column, False)
    assert model.index(_row_of(tab, EVIL_PATTERN), column_of("preference")).data() == (
        f"Prefers {FSI}abc[RLO]dcba [ESC][2J grid{PDI}"
    )

    evil = model.index(_row_of(tab, EVIL_PATTERN), c_pattern)
    assert evil.data() == f"{FSI}abc[RLO]dcba [ESC][2J grid{PDI}"  # the override is named, not obeyed
    assert evil.data(Qt.ItemDataRole.AccessibleTextRole) == evil.data()
    assert model.index(evil.row(), c_type).data() == f"{FSI}lay[RLO]out{PDI}"
    for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
        text = evil.data(role)
        assert "\u202e" not in text and "\x1b" not in text
    assert "stored as abc\\u202edcba_\\x1b[2J_grid" in evil.data(Qt.ItemDataRole.ToolTipRole)
    assert evil.data(RAW_ROLE) == EVIL_PATTERN  # reviewers and the code still get the stored name

    mixed = model.index(_row_of(tab, MIXED), c_pattern)
    assert mixed.data() == f"{FSI}logo שלום مرحبا bold{PDI}"  # readable, and isolated: RTL letters inside
    assert model.index(mixed.row(), c_type).data() == "logos"  # plain Latin needs no isolation
    assert "stored as logo_שלום_مرحبا_bold" in mixed.data(Qt.ItemDataRole.ToolTipRole)

    # What the delegate paints is the shown text, not the stored one.
    delegate = tab.table.itemDelegateForIndex(evil)
    assert isinstance(delegate, QStyledItemDelegate)
    assert delegate.displayText(evil.data(), QLocale()) == evil.data()
    width, height = tab.table.columnWidth(c_pattern), tab.table.rowHeight(evil.row())
    reference = QStandardItemModel(1, 2)  # cells that hold the given text, aligned as the model's
    for column, text in enumerate((evil.data(), EVIL_PATTERN)):
        item = QStandardItem(text)
        item.setData(evil.data(Qt.ItemDataRole.TextAlignmentRole), Qt.ItemDataRole.TextAlignmentRole)
        reference.setItem(0, column, item)
    painted = _painted(delegate, evil, width, height)
    assert painted == _painted(delegate, reference.index(0, 0), width, height)
    assert painted != _painted(delegate, reference.index(0, 1), width, height)

    # Copy gives the shown text without any direction control (the isolation marks are for the screen).
    tab.select_key(model.key_at(evil.row()))
    QGuiApplication.clipboard().clear()
    copy = next(a for a in tab.table.actions() if a.objectName() == "inspector_table_copy")
    copy.trigger()
    copied = QGuiApplication.clipboard().text()
    assert "abc[RLO]dcba [ESC][2J grid" in copied and "lay[RLO]out" in copied
    assert not any(c in copied for c in ("\u202e", "\x1b", FSI, PDI))


def test_the_detail_pane_shows_readable_inert_names_and_survives_a_name_refused_today(
    tab: InspectorTab, ctrl: Any, seed: Any, run_async: Any, wait_until: Any
) -> None:
    seed(
        [
            event(i, pattern=MIXED, ptype="logos", session=f"s{i}", signal="explicit_tag", tag="love this")
            for i in range(1, 4)
        ]
        + [event(10 + i, pattern="dense_grids", session=f"s{10 + i}") for i in range(1, 4)]
    )
    run_async(tab.refresh())  # the tab's own first load (and derivation) has finished
    _poison(ctrl, "dense_grids", EVIL_PATTERN, EVIL_TYPE)
    con = sqlite3.connect(ctrl.ctx.data_dir.store)  # a tag as an older version could have stored it
    con.execute("UPDATE creative_memory_events SET tag = ? WHERE tag = 'love this'", (EVIL_TAG,))
    con.commit()
    con.close()
    run_async(tab.refresh())

    sm = tab.table.selectionModel()
    sm.setCurrentIndex(
        tab.model.index(_row_of(tab, MIXED), 0), sm.SelectionFlag.ClearAndSelect | sm.SelectionFlag.Rows
    )
    wait_until(lambda: tab.detail.detail_key() is not None and tab.detail.detail_key().pattern == MIXED)
    assert tab.detail.detail_title.text() == f"Prefers {FSI}logo שלום مرحبا bold{PDI}"
    assert "logo_שלום_مرحبا_bold" in tab.detail.detail_title.toolTip()
    fields = tab.detail.fields_view.toPlainText()
    assert f"{FSI}logo שלום مرحبا bold{PDI} (stored as logo_שלום_مرحبا_bold)" in fields
    assert "logos" in fields and "logos (stored as" not in fields  # said only where it reads differently
    signals = {
        tab.detail.events_view.topLevelItem(i).text(1)
        for i in range(tab.detail.events_view.topLevelItemCount())
    }
    assert signals == {f"explicit tag ({FSI}love [RLO]שלום[ESC]{PDI})"}

    sm.setCurrentIndex(
        tab.model.index(_row_of(tab, EVIL_PATTERN), 0),
        sm.SelectionFlag.ClearAndSelect | sm.SelectionFlag.Rows,
    )
    wait_until(
        lambda: tab.detail.detail_key() is not None and tab.detail.detail_key().pattern == EVIL_PATTERN
    )
    assert tab.detail.detail_title.text() == f"Prefers {FSI}abc[RLO]dcba [ESC][2J grid{PDI}"
    assert tab.detail.detail_subtitle.text().startswith(f"{FSI}lay[RLO]out{PDI} · ")
    shown = (
        tab.detail.detail_title.text()
        + tab.detail.detail_subtitle.text()
        + tab.detail.fields_view.toPlainText()
        + tab.detail.retrieval_label.text()
    )
    assert "\u202e" not in shown and "\x1b" not in shown
    assert tab.detail.retrieval_label.text().startswith("The details of this preference cannot be read:")
    assert ctrl.errors == []  # a sentence in the pane, not an error dialog


def test_every_other_place_shows_the_same_readable_inert_form(ctrl: Any, seed: Any) -> None:
    """Diagnostics' stage events and kept list, Activity's targets, the Preview's what-if sentence."""
    assert shown_pair("logos", MIXED) == f"{FSI}logo שלום مرحبا bold{PDI} (logos)"
    assert shown_pair(EVIL_TYPE, "grid") == f"grid ({FSI}lay[RLO]out{PDI})"
    key = PreferenceKey("global", EVIL_TYPE, EVIL_PATTERN, "positive")
    kept = item_text(key, DiagEvent("kept", "rank", "", fields={"strength": 0.8, "confidence": "high"}))
    assert shown_name(EVIL_PATTERN) in kept and "\u202e" not in kept and "\x1b" not in kept
    staged = pattern_of(DiagEvent("kept", "rank", "", f"project:p1/{EVIL_TYPE}/{EVIL_PATTERN}/negative"))
    assert staged == (
        f"Avoids {FSI}abc[RLO]dcba [ESC][2J grid{PDI} ({FSI}lay[RLO]out{PDI}) · in project p1 only"
    )
    sentence = StageEventsModel()
    sentence.set_events(
        [DiagEvent("kept", "rank", "", f"global/{EVIL_TYPE}/{EVIL_PATTERN}/positive", {"strength": 0.9})]
    )
    trace = sentence.index(0, 4).data()
    assert "[RLO]" in trace and "\u202e" not in trace and "\x1b" not in trace
    assert "[ESC]" in sentence.index(0, 4).data(Qt.ItemDataRole.ToolTipRole)
    audit = AuditModel(ctrl)
    entry = AuditEntry(1, 0, "gui", "forget-session", f"session s\u202e1 of {MIXED}", "ok")
    target = audit.display(entry, next(c for c in audit.columns if c.key == "target"))
    assert target == f"{FSI}session s[RLO]1 of {MIXED}{PDI}"
    seed([event(i, pattern=MIXED, ptype="logos", session=f"s{i}") for i in range(1, 4)])
    whatif = retrieval.WhatIf(forgotten=frozenset({("logos", MIXED, "global")}))
    assert f"“{FSI}logo שלום مرحبا bold{PDI}” were forgotten" in whatif_sentence(whatif, True)

"""The Activity tab's model: the audit log, newest first, filtered in SQL, paged by id."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.paged import PagedTableModel, local_time
from creative_memory.gui.itemmodels.rows import Row
from creative_memory.gui.visible import QT_TRANSLATE_NOOP, shown_id
from creative_memory.services.controls import audit
from creative_memory.services.store.store import Store


def fetch_audit(store: Store, user_id: str, text: str, before_id: int | None, limit: int) -> list[Row]:
    """One page of audit entries (store thread), as the table's rows."""
    return [
        e.as_json()
        for e in audit.entries_page(store, user_id, limit=limit, before_id=before_id, text=text or None)
    ]


_ACTIONS = {
    "forget+block": QT_TRANSLATE_NOOP("AuditModel", "forget and block"),
    "forget-session": QT_TRANSLATE_NOOP("AuditModel", "forget a session"),
    "pause": QT_TRANSLATE_NOOP("AuditModel", "pause"),
    "resume": QT_TRANSLATE_NOOP("AuditModel", "resume"),
}


def readable_target(target: str) -> str:
    """A forgotten pattern is kept only as its fingerprint: say so in words (the text is gone)."""
    if target.startswith("fp:"):
        fp, _, rest = target[3:].partition(" ")
        where = rest.strip()
        where = where.replace("global only", QCoreApplication.translate("Activity", "global only"))
        text = QCoreApplication.translate("Activity", "a forgotten pattern (fingerprint {fp}…)").format(
            fp=fp[:8]
        )
        return f"{text} {where}".rstrip()
    return target


_ACTORS = {
    "gui": QT_TRANSLATE_NOOP("AuditModel", "Creative Memory Studio"),
    "cli": QT_TRANSLATE_NOOP("AuditModel", "od-memory (command line)"),
    "host": QT_TRANSLATE_NOOP("AuditModel", "Open Design"),
}


class AuditModel(PagedTableModel):
    """Audit entries: time, actor, action, target, outcome."""

    def __init__(self, ctrl: Controller, parent: QObject | None = None) -> None:
        super().__init__(ctrl, parent)
        self.columns = (
            ("at", self.tr("Time")),
            ("actor", self.tr("Actor")),
            ("action", self.tr("Action")),
            ("target", self.tr("Target")),
            ("outcome", self.tr("Outcome")),
        )
        self._text = ""

    @property
    def text_filter(self) -> str:
        return self._text

    def set_text_filter(self, text: str) -> bool:
        text = text.strip()
        if text == self._text:
            return False
        self._text = text
        return True

    def fetcher(self) -> Callable[[int | None, int], list[Row]]:
        store, user, text = self.ctrl.store, self.ctrl.user, self._text

        def fetch(before_id: int | None, limit: int) -> list[Row]:
            return fetch_audit(store, user, text, before_id, limit)

        return fetch

    def display(self, row: Row, key: str) -> str:
        if key == "at":
            return local_time(row.get("at"))
        if key == "target":  # names a project, a session or a file: untrusted text, shown inert
            return shown_id(readable_target(str(row.get("target") or "")))
        if key == "action":
            action = str(row.get("action") or "")
            return self.tr(_ACTIONS[action]) if action in _ACTIONS else action
        return super().display(row, key)

    def tooltip(self, row: Row, key: str) -> str | None:
        if key == "at":
            return str(row.get("at") or "")
        if key == "actor":
            actor = str(row.get("actor") or "")
            who = _ACTORS.get(actor)
            return self.tr(who) if who else actor
        if key == "target" and str(row.get("target", "")).startswith("fp:"):
            return self.tr(
                "A forgotten pattern is named only by its fingerprint, never by its text: {target}"
            ).format(target=row.get("target"))
        return super().tooltip(row, key)


__all__ = ["AuditModel", "fetch_audit"]

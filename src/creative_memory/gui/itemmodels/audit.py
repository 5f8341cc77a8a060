"""The Activity tab's model: the audit log, newest first, filtered in SQL, paged by id."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject

from creative_memory.gui.controller import Controller
from creative_memory.gui.itemmodels.paged import PagedTableModel, local_time
from creative_memory.gui.itemmodels.rows import Column
from creative_memory.gui.visible import QT_TRANSLATE_NOOP, project_shown, shown_id
from creative_memory.services.controls import audit
from creative_memory.services.store.store import Store

Entry = audit.AuditEntry


def fetch_audit(
    store: Store,
    user_id: str,
    text: str,
    before_id: int | None,
    limit: int,
    shown: audit.ShownWords | None = None,
) -> list[Entry]:
    """One page of audit entries (store thread), the table's rows."""
    return audit.entries_page(
        store, user_id, limit=limit, before_id=before_id, text=text or None, shown=shown
    )


_ACTIONS = {
    "forget": QT_TRANSLATE_NOOP("AuditModel", "forget"),
    "forget+block": QT_TRANSLATE_NOOP("AuditModel", "forget and block"),
    "forget-session": QT_TRANSLATE_NOOP("AuditModel", "forget a session"),
    "pause": QT_TRANSLATE_NOOP("AuditModel", "pause"),
    "resume": QT_TRANSLATE_NOOP("AuditModel", "resume"),
    "enable": QT_TRANSLATE_NOOP("AuditModel", "switch memory on"),
    "disable": QT_TRANSLATE_NOOP("AuditModel", "switch memory off"),
    "project": QT_TRANSLATE_NOOP("AuditModel", "project switches"),
    "memory notes": QT_TRANSLATE_NOOP("AuditModel", "memory notes in chat"),
    "self-test": QT_TRANSLATE_NOOP("AuditModel", "self-test"),
    "lift block": QT_TRANSLATE_NOOP("AuditModel", "lift a block"),
    "demo": QT_TRANSLATE_NOOP("AuditModel", "demo data"),
    "rate": QT_TRANSLATE_NOOP("AuditModel", "rate a retrieval"),
    "reset": QT_TRANSLATE_NOOP("AuditModel", "reset"),
    "export": QT_TRANSLATE_NOOP("AuditModel", "export"),
    "import": QT_TRANSLATE_NOOP("AuditModel", "import"),
}

#: a project switch as the audit log stores it (``use_memory=off``), in words
_SWITCHES = {
    "use_global_memory": QT_TRANSLATE_NOOP("AuditModel", "global memory"),
    "use_memory": QT_TRANSLATE_NOOP("AuditModel", "its own memory"),
    "learn": QT_TRANSLATE_NOOP("AuditModel", "learning"),
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


class AuditModel(PagedTableModel[Entry]):
    """Audit entries: time, actor, action, target, outcome."""

    def __init__(self, ctrl: Controller, parent: QObject | None = None) -> None:
        super().__init__(ctrl, parent)
        self.columns = (
            Column[Entry]("at", self.tr("Time"), lambda e: e.at),
            Column[Entry]("actor", self.tr("Who"), lambda e: e.actor),
            Column[Entry]("action", self.tr("Action"), lambda e: e.action),
            Column[Entry]("target", self.tr("Target"), lambda e: e.target),
            Column[Entry]("outcome", self.tr("Outcome"), lambda e: e.outcome),
        )
        self._text = ""
        #: Open Design's names of projects by id (a project's entry names it)
        self.project_names: dict[str, str] = {}

    @property
    def text_filter(self) -> str:
        return self._text

    def set_text_filter(self, text: str) -> bool:
        text = text.strip()
        if text == self._text:
            return False
        self._text = text
        return True

    def shown_words(self, text: str | None = None) -> audit.ShownWords:
        """The stored codes whose words, as this table shows them (in the window's language), hold
        ``text`` (the filter by default): a person filters by what they read ("forget and block",
        "Open Design", a project's name, "vergessen"), not by the log's codes."""
        needle = (self._text if text is None else text).strip().casefold()
        if not needle:
            return audit.ShownWords()

        def says(words: str) -> bool:
            return needle in words.casefold()

        forgotten = QCoreApplication.translate("Activity", "a forgotten pattern (fingerprint {fp}…)")
        return audit.ShownWords(
            actions=tuple(code for code, words in _ACTIONS.items() if says(self.tr(words))),
            actors=tuple(code for code, words in _ACTORS.items() if says(self.tr(words))),
            target_prefixes=tuple(
                [f"{pid}: " for pid, name in sorted(self.project_names.items()) if says(name)]
                + (["fp:"] if says(forgotten.format(fp="")) else [])
            ),
            target_parts=tuple(f"{code}=" for code, words in _SWITCHES.items() if says(self.tr(words))),
        )

    def fetcher(self) -> Callable[[int | None, int], list[Entry]]:
        store, user, text, shown = self.ctrl.store, self.ctrl.user, self._text, self.shown_words()

        def fetch(before_id: int | None, limit: int) -> list[Entry]:
            return fetch_audit(store, user, text, before_id, limit, shown)

        return fetch

    def display(self, row: Entry, column: Column[Entry]) -> str:
        if column.key == "at":
            return local_time(row.at)
        if column.key == "target":  # names a project, a session or a file: untrusted text, shown inert
            if row.action == "project":
                return self.project_target(row.target)
            return shown_id(readable_target(row.target))
        if column.key == "action":
            return self.tr(_ACTIONS[row.action]) if row.action in _ACTIONS else row.action
        if column.key == "actor":
            who = _ACTORS.get(row.actor)
            return self.tr(who) if who else row.actor
        return super().display(row, column)

    def project_target(self, target: str) -> str:
        """``p_brand: use_memory=off, learn=on`` → "Brand refresh: its own memory off, learning on"."""
        pid, _, changes = target.partition(": ")
        said_changes = []
        for change in changes.split(", "):
            name, _, state = change.partition("=")
            if name in _SWITCHES and state in ("on", "off"):
                said_changes.append(
                    (self.tr("{switch} on") if state == "on" else self.tr("{switch} off")).format(
                        switch=self.tr(_SWITCHES[name])
                    )
                )
            elif change:
                said_changes.append(shown_id(change))
        return "{}: {}".format(project_shown(pid, self.project_names.get(pid)), ", ".join(said_changes))

    def tooltip(self, row: Entry, column: Column[Entry]) -> str | None:
        if column.key == "at":
            return row.at
        if column.key == "actor":
            return self.tr("Stored as {code}").format(code=row.actor)
        if column.key == "target" and row.action == "project":
            stored = self.tr("Stored as {target}").format(target=shown_id(row.target))
            return f"{self.display(row, column)}\n{stored}"
        if column.key == "target" and row.target.startswith("fp:"):
            why = self.tr(
                "A forgotten pattern is named only by its fingerprint, never by its text: {target}"
            ).format(target=row.target)
            return f"{self.display(row, column)}\n{why}"
        return super().tooltip(row, column)


__all__ = ["AuditModel", "fetch_audit"]

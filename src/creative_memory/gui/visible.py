"""Untrusted text in the window: names shown readable and inert, and what the Preview's Copy says
about text that holds control characters.

Every place that shows a pattern, type or tag name (the Inspector's table and detail pane,
Diagnostics, Activity, the Forget dialog, the Preview's what-if) goes through :func:`shown_name`
or :func:`shown_pair`: the readable form the CLI and the sentences use (``services.retrieval.reasons``), with
control characters shown as symbols (``[ESC]``, ``[RLO]``) and right-to-left text isolated, as
project names already are (``model.inert.for_display``). :func:`stored_name` gives the stored
spelling for reviewers (a tooltip), escaped so it cannot act either.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QCoreApplication, QLocale

from creative_memory.model import inert
from creative_memory.model.inert import for_display, for_terminal, has_controls
from creative_memory.services.common.sentence import Sentence
from creative_memory.services.retrieval.reasons import project_label_of, readable, readable_name

__all__ = [
    "copied_message",
    "for_display",
    "has_controls",
    "number",
    "project_shown",
    "project_tip",
    "said",
    "shown_id",
    "shown_name",
    "shown_pair",
    "stored_name",
    "with_stored",
]


@functools.lru_cache(maxsize=65536)
def shown_name(name: str) -> str:
    """A pattern, type or tag name as a cell shows it: readable, controls visible, bidi isolated."""
    return for_display(readable_name(name))


@functools.lru_cache(maxsize=4096)
def shown_id(text: str) -> str:
    """An identifier (a project or session id) as the window shows it: as stored, made inert."""
    return for_display(text)


@functools.lru_cache(maxsize=16384)
def shown_pair(preference_type: str, pattern: str) -> str:
    """``airy spacing (layout)``, each name made visible and isolated on its own."""
    return readable(preference_type, pattern, each=for_display)


def project_shown(project_id: str | None, name: str | None) -> str:
    """A project as a person knows it: Open Design's name, made inert; a project only memory knows
    by its id ("project p_x"), and "no project" for None. The id belongs in the tooltip
    (:func:`project_tip`)."""
    return said(project_label_of(project_id, None if name is None else for_display(name)))


def project_tip(project_id: str | None, name: str | None) -> str:
    """The tooltip of a project shown by name: its name and its id."""
    if project_id is None:
        return ""
    if not name:
        return QCoreApplication.translate("Names", "Project id: {id}").format(id=shown_id(project_id))
    return QCoreApplication.translate("Names", "{name} (project id: {id})").format(
        name=for_display(name), id=shown_id(project_id)
    )


def with_stored(name: str) -> str:
    """The shown name, followed by its stored spelling when that reads differently."""
    stored = stored_name(name)
    if stored == readable_name(name):
        return shown_name(name)
    return QCoreApplication.translate("Names", "{name} (stored as {raw})").format(
        name=shown_name(name), raw=stored
    )


def stored_name(name: str) -> str:
    """The stored spelling, with every control or direction character escaped (``\\u202e``)."""
    return for_terminal(name)


def copied_message(text: str) -> str:
    """The status after Copy: the clipboard holds exactly the model's text; a warning when that text
    holds control or bidirectional characters (the view shows them as symbols)."""
    msg = QCoreApplication.translate("PreviewTab", "Copied {n} characters").format(n=len(text))
    if has_controls(text):
        msg += QCoreApplication.translate(
            "PreviewTab",
            " — exactly what the model gets, including control or direction characters (shown as "
            "symbols here); check the text before pasting it into a terminal.",
        )
    return msg


def said(sentence: Sentence | None) -> str:
    """A sentence worded in ``services`` (a reason, an empty block) in the window's language: each
    template is translated, then filled (docs/decisions/0048-translations.md). None: no sentence."""
    return "" if sentence is None else sentence.render(QCoreApplication.translate)


def number(value: int) -> str:
    """A count in the user's locale (1 234 / 1,234 / 1.234)."""
    return QLocale().toString(int(value))


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for ``pyside6-lupdate`` under ``context`` and returns it unchanged: for labels kept in
    tables and translated where they are shown (``self.tr(label)`` in a class named ``context``). Qt's own
    ``PySide6.QtCore.QT_TRANSLATE_NOOP`` does the same but is typed ``object``."""
    return text


#: the scripts whose look-alike letters are named in a word that mixes them with Latin ones
#: (``model.inert.mixed_scripts_marked``: ``FLAT DESIGΝ[Greek]``), in the window's language
SCRIPTS = (
    QT_TRANSLATE_NOOP("Scripts", "Greek"),
    QT_TRANSLATE_NOOP("Scripts", "Cyrillic"),
    QT_TRANSLATE_NOOP("Scripts", "Armenian"),
    QT_TRANSLATE_NOOP("Scripts", "Cherokee"),
)


def _script_label(name: str) -> str:
    return QCoreApplication.translate("Scripts", name)


inert.script_label = _script_label

"""A sentence the window can translate: an English template and the values that fill it.

The services word their reasons in English (``services.retrieval.reasons``); ``od-memory``, the daemon and the
prompt block keep that English, it is a contract (docs/decisions/0048-translations.md). The window
instead asks Qt for the template's translation *before* filling it, so a translator works on
"its strength {strength:.2f} was below the {threshold:.2f} threshold" and never on one filled-in
copy. Templates are marked with :func:`QT_TRANSLATE_NOOP`, a plain function named as Qt's so
``pyside6-lupdate`` extracts them (the services never import Qt).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Union

__all__ = ["CONTEXT", "QT_TRANSLATE_NOOP", "Sentence", "Translate"]

#: the translation context of every reason template
CONTEXT = "Reasons"

#: ``(context, template) -> translated template``: ``QCoreApplication.translate`` in the window
Translate = Callable[[str, str], str]

Value = Union[str, int, float, "Sentence"]


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for ``pyside6-lupdate`` under ``context`` and returns it unchanged."""
    return text


def _english(context: str, template: str) -> str:
    return template


@dataclass(frozen=True)
class Sentence:
    """``template.format(**args)``, where an argument may itself be a sentence (rendered first).

    ``str()`` gives the English every caller printed before; :meth:`render` gives it in the
    language ``translate`` speaks."""

    template: str
    args: Mapping[str, Value] = field(default_factory=dict)
    context: str = CONTEXT

    def render(self, translate: Translate = _english) -> str:
        values = {k: v.render(translate) if isinstance(v, Sentence) else v for k, v in self.args.items()}
        return translate(self.context, self.template).format(**values)

    def __str__(self) -> str:
        return self.render()

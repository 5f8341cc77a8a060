"""The window's language: ``--lang`` or the system locale, the shipped ``.qm`` files, and Qt's own
translation of its standard buttons (docs/decisions/0048-translations.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication


def translations_folder() -> Path:
    import creative_memory.resources as package  # a folder on disk, installed or frozen

    return Path(next(iter(package.__path__))) / "translations"


def shipped_languages() -> list[str]:
    """English (the source) and every language whose ``creative_memory_<code>.qm`` is shipped."""
    shipped = {
        p.stem.removeprefix("creative_memory_") for p in translations_folder().glob("creative_memory_*.qm")
    }
    return ["en", *sorted(shipped - {"en"})]


def language_code(text: str) -> str:
    """``de``, ``de_DE`` or ``de-AT`` -> ``de``; a language not shipped is said once and becomes English
    (the program still starts: a missing translation is no reason to refuse to work)."""
    code = text.strip().replace("-", "_").split("_", 1)[0].lower()
    if code in shipped_languages():
        return code
    print(
        f"creative-memory: there is no '{text}' translation; the window speaks English "
        f"(available: {', '.join(shipped_languages())}).",
        file=sys.stderr,
    )
    return "en"


KEPT: list[object] = []
#: the language the window's own translation speaks ("en" when none is loaded)
SPOKEN: list[str] = ["en"]


def spoken_language() -> str:
    """The language the window speaks: a document it writes for a person (the report) speaks it too."""
    return SPOKEN[-1]


def install_translator(app: QApplication, lang: str | None = None) -> None:
    """The window's language: ``lang`` (``--lang``) or else the system locale (``QLocale.system()``).
    Loads resources/translations/creative_memory_<locale>.qm if shipped, and Qt's own ``qtbase_<locale>.qm``
    (standard buttons, file dialogs) from PySide6's translations folder if present. English loads
    nothing: the source strings are English."""
    from PySide6.QtCore import QLocale

    locale = QLocale.system() if lang is None else QLocale(lang)
    if lang is not None:
        QLocale.setDefault(locale)  # numbers and dates follow the chosen language too
    if locale.language() in (QLocale.Language.English, QLocale.Language.C):
        return
    if load_translation(app, locale, "creative_memory", translations_folder()):
        SPOKEN.append(locale.name().split("_", 1)[0])
        for folder in qt_translation_folders():
            if load_translation(app, locale, "qtbase", folder):
                break


def load_translation(app: QApplication, locale: QLocale, name: str, folder: Path) -> bool:
    from PySide6.QtCore import QTranslator

    translator = QTranslator(app)
    if not translator.load(locale, name, "_", str(folder)):
        return False
    app.installTranslator(translator)
    KEPT.append(translator)  # alive as long as the program
    return True


def qt_translation_folders() -> list[Path]:
    """Where Qt's own .qm files are: Qt's configured path, then PySide6's folder (a frozen bundle)."""
    import PySide6
    from PySide6.QtCore import QLibraryInfo

    configured = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    beside = Path(next(iter(PySide6.__path__))) / "Qt" / "translations"
    return [Path(configured), beside] if configured else [beside]

"""Where the install secret lives, in words a person can read: English for ``od-memory``, and a
:class:`~creative_memory.services.common.sentence.Sentence` the window translates (context ``Secrets``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from creative_memory.services.common.sentence import QT_TRANSLATE_NOOP, Sentence

Backend = Literal["keyring", "file"]
_CONTEXT = "Secrets"


@dataclass(frozen=True)
class SecretStatus:
    """Where the install secret lives, in words a person can read."""

    backend: Backend
    detail: str
    fallback: bool
    # ``detail`` as a sentence the window translates (None: say ``detail`` as it is)
    sentence: Sentence | None = field(default=None, compare=False)


def in_keychain(backend_name: str) -> SecretStatus:
    said = Sentence(
        QT_TRANSLATE_NOOP(
            "Secrets",
            "The key that keeps your blocked patterns unreadable is in the system keychain ({backend}).",
        ),
        {"backend": backend_name},
        _CONTEXT,
    )
    return SecretStatus(backend="keyring", detail=str(said), fallback=False, sentence=said)


def in_file(path: Path, *, keyring_available: bool, fixed: bool) -> SecretStatus:
    """The secret kept in a file: because it predates the keychain, or because there is none;
    ``fixed``: its permissions were too open and were set to owner-only."""
    if keyring_available:
        said = Sentence(
            QT_TRANSLATE_NOOP(
                "Secrets",
                "The key that keeps your blocked patterns unreadable is in a file only you can read, {path}: "
                "it was made before this computer had a system keychain.",
            ),
            {"path": str(path)},
            _CONTEXT,
        )
    else:
        said = Sentence(
            QT_TRANSLATE_NOOP(
                "Secrets",
                "No system keychain was found; the key that keeps your blocked patterns unreadable is in "
                "a file only you can read, {path}.",
            ),
            {"path": str(path)},
            _CONTEXT,
        )
    if fixed:
        then = Sentence(
            QT_TRANSLATE_NOOP("Secrets", "Others could read that file, so it was made readable only by you."),
            context=_CONTEXT,
        )
        said = Sentence("{first} {then}", {"first": said, "then": then}, _CONTEXT)
    return SecretStatus(backend="file", detail=str(said), fallback=True, sentence=said)

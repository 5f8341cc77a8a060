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
        QT_TRANSLATE_NOOP("Secrets", "Secrets are in the system keychain ({backend})."),
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
                "The install secret is in {path} (readable only by you), kept there because it was created "
                "before a system keychain was available.",
            ),
            {"path": str(path)},
            _CONTEXT,
        )
    else:
        said = Sentence(
            QT_TRANSLATE_NOOP(
                "Secrets",
                "No system keychain was found; the install secret is in {path} (readable only by you).",
            ),
            {"path": str(path)},
            _CONTEXT,
        )
    if fixed:
        then = Sentence(
            QT_TRANSLATE_NOOP(
                "Secrets", "Its permissions were too open and have been set to owner-only (0600)."
            ),
            context=_CONTEXT,
        )
        said = Sentence("{first} {then}", {"first": said, "then": then}, _CONTEXT)
    return SecretStatus(backend="file", detail=str(said), fallback=True, sentence=said)

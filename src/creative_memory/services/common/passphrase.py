"""The one rule for a passphrase this program encrypts with (export bundles, reset backups, locked
reports): long enough to be worth the encryption. The window's passphrase dialog says it too."""

from __future__ import annotations

from creative_memory.services.common.errors import InvalidInput

MIN_PASSPHRASE = 8


def check_passphrase(passphrase: str) -> None:
    """Refuse a passphrase shorter than :data:`MIN_PASSPHRASE` characters, in a sentence."""
    if len(passphrase) < MIN_PASSPHRASE:
        raise InvalidInput(f"Choose a passphrase of at least {MIN_PASSPHRASE} characters.")

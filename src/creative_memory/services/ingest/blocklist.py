"""Forget-and-block: only a keyed fingerprint of a pattern is kept, never its text.

Fingerprints are taken of the canonical form (docs/decisions/0030), so every spelling of a blocked
pattern is blocked. A block writes two rows: the fingerprint of (type, pattern), which ingest and
import check each incoming pattern against, and the fingerprint of the pattern's text alone (under
the empty type, which no name can be), which ingest checks the words of an incoming diff against.
Blocks written before the canonical form keyed the exact spelling; they are still honoured.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from creative_memory.model.names import canonical_name
from creative_memory.model.tables import Blocklist

TEXT_TYPE = ""  # the "type" a pattern's text alone is fingerprinted under (no name is empty)


class Fingerprinter(Protocol):
    def fingerprint(self, preference_type: str, pattern: str) -> str: ...


class BlockChecker:
    """Fingerprints patterns with the per-install secret and reads the user's blocklist."""

    def __init__(self, secrets: Fingerprinter) -> None:
        self._secrets = secrets
        self._fp = lru_cache(maxsize=4096)(self._secrets.fingerprint)

    def fingerprint(self, preference_type: str, pattern: str) -> str:
        """The fingerprint of a pattern in its canonical form (every spelling gives the same)."""
        return self._fp(canonical_name(preference_type), canonical_name(pattern))

    def text_fingerprint(self, canonical_text: str) -> str:
        """The fingerprint of a pattern's text alone (already in canonical form)."""
        return self._fp(TEXT_TYPE, canonical_text)

    def blocked(self, fps: Collection[str], preference_type: str, pattern: str) -> bool:
        """Whether any spelling of the pattern is blocked (or this exact spelling, by an old block)."""
        if not fps:
            return False
        return self.fingerprint(preference_type, pattern) in fps or self._fp(preference_type, pattern) in fps

    def text_blocked(self, fps: Collection[str], canonical_text: str) -> bool:
        return bool(fps) and self.text_fingerprint(canonical_text) in fps

    @staticmethod
    def fingerprints(session: Session, user_id: str) -> set[str]:
        return set(session.scalars(select(Blocklist.fingerprint).where(Blocklist.user_id == user_id)))

    def block(self, session: Session, user_id: str, preference_type: str, pattern: str, now: int) -> str:
        fp = self.fingerprint(preference_type, pattern)
        for key in (fp, self.text_fingerprint(canonical_name(pattern))):
            exists = session.scalar(
                select(Blocklist.id).where(Blocklist.user_id == user_id, Blocklist.fingerprint == key)
            )
            if exists is None:
                session.add(Blocklist(user_id=user_id, fingerprint=key, created_at=now))
        return fp

"""Forget-and-block: only a keyed fingerprint of a pattern is kept, never its text."""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from creative_memory.model.tables import Blocklist


class Fingerprinter(Protocol):
    def fingerprint(self, preference_type: str, pattern: str) -> str: ...


class BlockChecker:
    """Fingerprints patterns with the per-install secret and reads the user's blocklist."""

    def __init__(self, secrets: Fingerprinter) -> None:
        self._secrets = secrets
        self._fp = lru_cache(maxsize=4096)(self._secrets.fingerprint)

    def fingerprint(self, preference_type: str, pattern: str) -> str:
        return self._fp(preference_type, pattern)

    @staticmethod
    def fingerprints(session: Session, user_id: str) -> set[str]:
        return set(session.scalars(select(Blocklist.fingerprint).where(Blocklist.user_id == user_id)))

    def block(self, session: Session, user_id: str, preference_type: str, pattern: str, now: int) -> str:
        fp = self.fingerprint(preference_type, pattern)
        exists = session.scalar(
            select(Blocklist.id).where(Blocklist.user_id == user_id, Blocklist.fingerprint == fp)
        )
        if exists is None:
            session.add(Blocklist(user_id=user_id, fingerprint=fp, created_at=now))
        return fp

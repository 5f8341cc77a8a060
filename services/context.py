"""One object that the CLI and the GUI hold: where the store is, who the user is, what time it is."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from creative_memory.model.constants import Actor
from creative_memory.services.blocklist import BlockChecker
from creative_memory.services.clock import now_ms
from creative_memory.services.datadir import DataDir
from creative_memory.services.naming import valid_name
from creative_memory.services.secrets import SecretStore
from creative_memory.services.store import DEFAULT_BUSY_TIMEOUT_S, DEFAULT_LOCK_BUDGET_S, Store


def default_user(env: dict[str, str] | None = None) -> str:
    e = os.environ if env is None else env
    return e.get("OD_USER_ID", "").strip() or "local"


def check_user(user: str) -> str:
    """The user id to work as, NFC-normalised (model.names' rule; InvalidInput otherwise)."""
    return valid_name(user, "user id")


@dataclass
class Context:
    data_dir: DataDir
    user: str
    actor: Actor
    now_override: int | None = None
    config_dir: Path | None = None
    busy_timeout_s: float = DEFAULT_BUSY_TIMEOUT_S
    lock_budget_s: float = DEFAULT_LOCK_BUDGET_S
    _store: Store | None = field(default=None, repr=False)
    _secrets: SecretStore | None = field(default=None, repr=False)
    _blocks: BlockChecker | None = field(default=None, repr=False)

    def now(self) -> int:
        return self.now_override if self.now_override is not None else now_ms()

    def store(self, *, create: bool = True) -> Store:
        if self._store is None:
            self._store = Store.open(
                self.data_dir,
                create=create,
                busy_timeout_s=self.busy_timeout_s,
                lock_budget_s=self.lock_budget_s,
            )
        return self._store

    @property
    def secrets(self) -> SecretStore:
        if self._secrets is None:
            cfg = self.config_dir
            if cfg is None and os.environ.get("CM_CONFIG_DIR"):
                cfg = Path(os.environ["CM_CONFIG_DIR"])
            self._secrets = SecretStore(config_dir=cfg)
        return self._secrets

    @property
    def blocks(self) -> BlockChecker:
        if self._blocks is None:
            self._blocks = BlockChecker(self.secrets)
        return self._blocks

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

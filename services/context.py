"""One object that the CLI and the GUI hold: where the store is, who the user is, what time it is."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from creative_memory.model.constants import ID_RE, Actor
from creative_memory.services.blocklist import BlockChecker
from creative_memory.services.clock import now_ms
from creative_memory.services.datadir import DataDir
from creative_memory.services.errors import InvalidInput
from creative_memory.services.secrets import SecretStore
from creative_memory.services.store import DEFAULT_BUSY_TIMEOUT_S, DEFAULT_LOCK_BUDGET_S, Store


def default_user(env: dict[str, str] | None = None) -> str:
    e = os.environ if env is None else env
    return e.get("OD_USER_ID", "").strip() or "local"


def check_user(user: str) -> str:
    if not ID_RE.fullmatch(user):
        raise InvalidInput(f"'{user}' is not a user id; ids are 1–128 letters, digits, '_' or '-'.")
    return user


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

    @property
    def elsewhen(self) -> bool:
        """Whether the command looks at another moment (``--now``): a read-only command then
        persists nothing (services/moment.py)."""
        return self.now_override is not None

    def persist_now(self) -> int:
        """The moment a read path may persist an evaluation at: always the real clock."""
        return now_ms()

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

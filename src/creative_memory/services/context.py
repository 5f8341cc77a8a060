"""One object that the CLI and the GUI hold: where the store is, who the user is, what time it is.

The store, the keychain and the clock are imported when first used, so a command that only looks
(``where``, ``use``) starts without loading SQLAlchemy, Alembic or pydantic.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import StoreUnavailable
from creative_memory.services.common.naming import valid_name
from creative_memory.services.location.datadir import DataDir

if TYPE_CHECKING:
    from creative_memory.services.ingest.blocklist import BlockChecker
    from creative_memory.services.keychain.secrets import SecretStore
    from creative_memory.services.store.store import Store

log = logging.getLogger("cm.store")


def default_user(env: dict[str, str] | None = None) -> str:
    e = os.environ if env is None else env
    return e.get("OD_USER_ID", "").strip() or "local"


def check_user(user: str) -> str:
    """The user id to work as, NFC-normalised (model.names' rule; InvalidInput otherwise)."""
    return valid_name(user, "user id")


#: what a command says when a forget that stopped half-way cannot be finished yet (the disk is full)
UNFINISHED_FORGET = (
    "A forget that stopped before it finished could not be finished now: the disk is full. Free some "
    "space on the disk, then run the same forget again: it finishes what is left and checks the files."
)


def _finish_interrupted(store: Store, note: Callable[[str], None]) -> list[Any]:
    """A forget whose run died between its chunks is finished by the next open of the store
    (docs/decisions/0035); the check is one read of the small lease table. On a full disk it waits:
    the command goes on (readers serve the stored state) and ``note`` says so."""
    if store.read_only:
        return []
    try:  # plain sqlite3 on the kept read connection: no SQLAlchemy for a command like status
        with store.snapshot() as con:
            leased = con.execute(
                "SELECT 1 FROM creative_memory_leases WHERE operation LIKE 'forget' || char(10) || '%' LIMIT 1"
            ).fetchone()
            if leased is None:
                return []
            from creative_memory.services.store.writes import interrupted_plans

            pending = interrupted_plans(con, "forget")
    except Exception:  # a store older than the lease table (not migrated by a read-only command)
        return []
    if pending:
        from creative_memory.services.common.errors import StoreLocked
        from creative_memory.services.forget.forgetting import finish_interrupted

        try:
            finished = finish_interrupted(store)
        except StoreLocked:  # another process is finishing it right now; readers serve the stored state
            return []
        except Exception as exc:
            from creative_memory.services.common.limits import disk_full

            if not disk_full(exc):
                raise
            log.warning("a forget that stopped half-way could not be finished: the disk is full")
            note(UNFINISHED_FORGET)
            return []
        for f in finished:
            n = len({(t.preference_type, t.pattern) for t in f.targets})
            note(
                f"A forget of {n} pattern(s) that had stopped before it finished was finished now; "
                + (
                    "verified: no copy of what was erased is left in the store files."
                    if f.receipt.verified
                    else "NOT verified: traces may remain; run the same forget again for its receipt."
                )
            )
        return finished
    return []


@dataclass
class Context:
    data_dir: DataDir
    user: str
    actor: Actor
    now_override: int | None = None
    config_dir: Path | None = None
    #: None: the store's defaults (``services.store.store.DEFAULT_BUSY_TIMEOUT_S`` / ``…LOCK_BUDGET_S``)
    busy_timeout_s: float | None = None
    lock_budget_s: float | None = None
    #: hears what opening the store did or is about to do (a first open, the embedded default)
    on_note: Callable[[str], None] | None = None
    notes: list[str] = field(default_factory=list)
    #: the forgets that had stopped before they finished and that opening the store finished
    #: (``forgetting.Finished``): a forget of the same pattern then gives their receipt
    finished_forgets: list[Any] = field(default_factory=list)
    #: a missing data folder may be created without ``DataDir.creation_refused`` asking: the CLI
    #: and the window set it from ``--create`` and the window's "Create it here" (False until then);
    #: a context built in code (tests, benchmarks) names its folder itself
    create_folder: bool = True
    #: only looking (``--screenshot`` on a store): never create, migrate or back up (decision 0031)
    looking: bool = False
    _store: Store | None = field(default=None, repr=False)
    _secrets: SecretStore | None = field(default=None, repr=False)
    _blocks: BlockChecker | None = field(default=None, repr=False)

    def now(self) -> int:
        from creative_memory.services.common.clock import now_ms

        return self.now_override if self.now_override is not None else now_ms()

    @property
    def elsewhen(self) -> bool:
        """Whether the command looks at another moment (``--now``): a read-only command then
        persists nothing (docs/decisions/0020)."""
        return self.now_override is not None

    def persist_now(self) -> int:
        """The moment a read path may persist an evaluation at: always the real clock."""
        from creative_memory.services.common.clock import now_ms

        return now_ms()

    def note(self, text: str) -> None:
        self.notes.append(text)
        if self.on_note is not None:
            self.on_note(text)

    def store(self, *, create: bool = True, migrate: bool = True) -> Store:
        """The open store. ``create=False`` (a read-only command): a missing store is reported with
        the places that were looked at, and nothing is created; ``migrate=False``: never migrated.
        Created at the embedded default, it says so (and nothing remembers it as a choice). A data
        folder that does not exist is created only when :attr:`create_folder` says so or
        ``DataDir.creation_refused`` allows it."""
        if self._store is not None and self._store.replaced():
            # Its file was removed or replaced under it: answers come from the file that is there
            # now, or from none (never from an unlinked copy, where a forget that ran in the new
            # file cannot reach).
            log.warning(
                "the store file %s was replaced or removed; opening the one there now", self._store.path
            )
            self._store.close()
            self._store = None
        if self._store is None:
            from creative_memory.services.store.store import Store
            from creative_memory.services.store.store_open import path_problem

            dd = self.data_dir
            problem = path_problem(dd.store)
            if problem is not None:
                raise StoreUnavailable(problem)
            try:
                exists = dd.store.exists()
            except OSError as exc:
                raise StoreUnavailable(
                    f"{dd.store} cannot be looked at ({exc.strerror or exc}); fix the folder's permissions "
                    "or point --data-dir at another folder. Nothing was changed."
                ) from exc
            if self.looking:
                create = migrate = False
            if not create and not exists:
                raise StoreUnavailable(dd.missing_sentence())
            refused = None if exists or self.create_folder else dd.creation_refused()
            if refused is not None:
                raise StoreUnavailable(refused)
            fresh = dd.rule == "default" and not exists
            timeouts: dict[str, Any] = {}
            if self.busy_timeout_s is not None:
                timeouts["busy_timeout_s"] = self.busy_timeout_s
            if self.lock_budget_s is not None:
                timeouts["lock_budget_s"] = self.lock_budget_s
            self._store = Store.open(dd, create=create, migrate=migrate, notify=self.note, **timeouts)
            self.finished_forgets = _finish_interrupted(self._store, self.note)
            if fresh:
                self.note(
                    f"Open Design was not found on this computer; memory is kept in {dd.path} until it is."
                )
        return self._store

    @property
    def open_store(self) -> Store | None:
        """The store if it is open now; never opens one (safe while another folder is switched in)."""
        return self._store

    @property
    def secrets(self) -> SecretStore:
        if self._secrets is None:
            from creative_memory.services.keychain.secrets import SecretStore

            cfg = self.config_dir
            if cfg is None and os.environ.get("CM_CONFIG_DIR"):
                cfg = Path(os.environ["CM_CONFIG_DIR"])
            self._secrets = SecretStore(config_dir=cfg)
        return self._secrets

    @property
    def blocks(self) -> BlockChecker:
        if self._blocks is None:
            from creative_memory.services.ingest.blocklist import BlockChecker

            self._blocks = BlockChecker(self.secrets)
        return self._blocks

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

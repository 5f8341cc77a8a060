"""Shared fixtures for every test folder (unit, gui, integration).

Keep this file small and generic: fixtures used by one module belong in that module.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from creative_memory.services.ingest.blocklist import BlockChecker
    from creative_memory.services.location.datadir import DataDir
    from creative_memory.services.store.store import Store

REPO_ROOT = Path(__file__).resolve().parents[1]
FIXTURES = REPO_ROOT / "tests" / "fixtures"

# Qt never opens a real display in tests (tests/gui runs offscreen).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Short timeouts so lock tests fail fast; the default (≥ 5 s) is tested on its own.
TEST_BUSY_TIMEOUT_S = 0.2
TEST_LOCK_BUDGET_S = 0.6


@pytest.fixture(autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test runs with HOME, XDG dirs and OD_DATA_DIR in a fresh temp folder.

    Nothing may ever touch the real user's data, config or keychain files.
    """
    root = tmp_path_factory.mktemp("user-env")
    home = root / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(root / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(root / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(root / "xdg-cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(root / "xdg-state"))
    monkeypatch.setenv("OD_DATA_DIR", str(root / "od-data"))
    for name in ("OD_PROJECT_ROOT", "OD_MEDIA_CONFIG_DIR", "OD_USER_ID"):
        monkeypatch.delenv(name, raising=False)
    return root


@pytest.fixture
def tmp_data_dir(tmp_path: Path) -> DataDir:
    """A data dir (not yet created on disk) in the test's temp folder, as if given with --data-dir."""
    from creative_memory.services.location.datadir import DataDir

    return DataDir(tmp_path / "od-data", "flag")


@pytest.fixture
def store(tmp_data_dir: DataDir) -> Iterator[Store]:
    """A fresh, migrated store with short busy timeouts."""
    from creative_memory.services.store.store import Store

    s = Store.open(tmp_data_dir, busy_timeout_s=TEST_BUSY_TIMEOUT_S, lock_budget_s=TEST_LOCK_BUDGET_S)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    """The blocklist, with an install secret in the test's own config folder (no keychain)."""
    import keyring.backends.fail

    from creative_memory.services.ingest.blocklist import BlockChecker
    from creative_memory.services.keychain.secrets import SecretStore

    secrets = SecretStore(config_dir=tmp_path / "config", keyring_backend=keyring.backends.fail.Keyring())
    secrets.install_secret()
    return BlockChecker(secrets)


@pytest.fixture(scope="session")
def daemon_store() -> ModuleType:
    """tests/fixtures/daemon_store.py: ``create(path)`` makes an app.sqlite with the daemon's tables,
    ``digest(path)`` hashes their schema and rows."""
    path = FIXTURES / "daemon_store.py"
    spec = importlib.util.spec_from_file_location("cm_test_daemon_store", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

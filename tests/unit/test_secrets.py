"""The install secret, fingerprints and remembered passphrases (services.keychain.secrets)."""

from __future__ import annotations

import base64
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import keyring
import keyring.backend
import keyring.backends.chainer
import keyring.backends.fail
import keyring.errors
import pytest

from creative_memory.services.common.errors import OperationFailed
from creative_memory.services.keychain.secrets import (
    INSTALL_SECRET_USER,
    SERVICE_NAME,
    SecretStatus,
    SecretStore,
)


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A real keyring backend that keeps passwords in a dict."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.items: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.items.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.items[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        try:
            del self.items[(service, username)]
        except KeyError:
            raise keyring.errors.PasswordDeleteError("not found") from None


class LockedKeyring(MemoryKeyring):
    """A keychain that exists but refuses every operation (e.g. locked, or its daemon gone)."""

    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.KeyringLocked("the keychain is locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.KeyringLocked("the keychain is locked")


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    """A MemoryKeyring installed globally with keyring.set_keyring; the old one is restored."""
    previous = keyring.get_keyring()
    kr = MemoryKeyring()
    keyring.set_keyring(kr)
    try:
        yield kr
    finally:
        keyring.set_keyring(previous)


@pytest.fixture
def no_keyring() -> Iterator[keyring.backends.fail.Keyring]:
    previous = keyring.get_keyring()
    kr = keyring.backends.fail.Keyring()
    keyring.set_keyring(kr)
    try:
        yield kr
    finally:
        keyring.set_keyring(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# -- keychain -----------------------------------------------------------------------------------


def test_secret_created_once_and_stable_across_instances(tmp_path: Path) -> None:
    kr = MemoryKeyring()
    first = SecretStore(config_dir=tmp_path, keyring_backend=kr)
    secret = first.install_secret()
    assert len(secret) == 32
    assert first.install_secret() is secret  # cached
    stored = kr.items[(SERVICE_NAME, INSTALL_SECRET_USER)]
    assert base64.urlsafe_b64decode(stored) == secret

    second = SecretStore(config_dir=tmp_path, keyring_backend=kr)
    assert second.install_secret() == secret
    assert len(kr.items) == 1
    assert not (tmp_path / "install-secret").exists()


def test_global_keyring_is_used_and_status_is_keychain(tmp_path: Path, memory_keyring: MemoryKeyring) -> None:
    store = SecretStore(config_dir=tmp_path)
    secret = store.install_secret()
    assert memory_keyring.items[(SERVICE_NAME, INSTALL_SECRET_USER)]
    status = store.status()
    assert status == SecretStatus(backend="keyring", detail=status.detail, fallback=False)
    assert "system keychain" in status.detail
    assert "MemoryKeyring" in status.detail
    assert SecretStore(config_dir=tmp_path).install_secret() == secret
    assert not (tmp_path / "install-secret").exists()


def test_fingerprint_is_deterministic_keyed_and_opaque(tmp_path: Path) -> None:
    kr = MemoryKeyring()
    store = SecretStore(config_dir=tmp_path / "a", keyring_backend=kr)
    fp = store.fingerprint("palette", "neon magenta")
    assert fp == store.fingerprint("palette", "neon magenta")
    assert fp == SecretStore(config_dir=tmp_path / "a", keyring_backend=kr).fingerprint(
        "palette", "neon magenta"
    )
    assert len(fp) == 64 and int(fp, 16) >= 0
    assert fp != store.fingerprint("palette", "neon magentas")
    assert fp != store.fingerprint("typography", "neon magenta")
    # The separator keeps ("a", "bc") and ("ab", "c") apart.
    assert store.fingerprint("a", "bc") != store.fingerprint("ab", "c")
    assert "neon" not in fp and "magenta" not in fp
    other_install = SecretStore(config_dir=tmp_path / "b", keyring_backend=MemoryKeyring())
    assert other_install.fingerprint("palette", "neon magenta") != fp


def test_keychain_secret_is_not_replaced_when_keychain_is_unreachable(tmp_path: Path) -> None:
    SecretStore(config_dir=tmp_path, keyring_backend=MemoryKeyring()).install_secret()
    for unreachable in (LockedKeyring(), keyring.backends.fail.Keyring()):
        with pytest.raises(OperationFailed, match="keychain"):
            SecretStore(config_dir=tmp_path, keyring_backend=unreachable).install_secret()
    assert not (tmp_path / "install-secret").exists()


def test_damaged_keychain_entry_is_reported(tmp_path: Path) -> None:
    kr = MemoryKeyring()
    kr.set_password(SERVICE_NAME, INSTALL_SECRET_USER, "not-a-secret")
    with pytest.raises(OperationFailed, match="damaged"):
        SecretStore(config_dir=tmp_path, keyring_backend=kr).install_secret()


# -- file fallback ------------------------------------------------------------------------------


def test_file_fallback_created_0600_and_status_says_so(tmp_path: Path) -> None:
    config = tmp_path / "config"
    store = SecretStore(config_dir=config, keyring_backend=keyring.backends.fail.Keyring())
    secret = store.install_secret()
    path = config / "install-secret"
    assert path.is_file()
    if os.name == "posix":
        assert _mode(path) == 0o600
    assert base64.urlsafe_b64decode(path.read_text().strip()) == secret
    status = store.status()
    assert status.backend == "file"
    assert status.fallback is True
    assert str(path) in status.detail
    assert "No system keychain" in status.detail
    # Stable across instances; no temp files left behind.
    again = SecretStore(config_dir=config, keyring_backend=keyring.backends.fail.Keyring())
    assert again.install_secret() == secret
    assert sorted(p.name for p in config.iterdir()) == ["install-secret"]


def test_file_fallback_with_global_fail_keyring(tmp_path: Path, no_keyring: object) -> None:
    store = SecretStore(config_dir=tmp_path)
    store.install_secret()
    assert store.status().fallback is True
    assert (tmp_path / "install-secret").exists()


def test_empty_chainer_and_keyring_errors_use_the_file(tmp_path: Path) -> None:
    chainer = keyring.backends.chainer.ChainerBackend()
    if not chainer.backends:
        store = SecretStore(config_dir=tmp_path / "chainer", keyring_backend=chainer)
        assert store.status().backend == "file"
    locked = SecretStore(config_dir=tmp_path / "locked", keyring_backend=LockedKeyring())
    locked.install_secret()
    assert locked.status().backend == "file"
    assert (tmp_path / "locked" / "install-secret").exists()


def test_file_secret_kept_when_keychain_appears_later(tmp_path: Path) -> None:
    old = SecretStore(config_dir=tmp_path, keyring_backend=keyring.backends.fail.Keyring())
    secret = old.install_secret()
    kr = MemoryKeyring()
    now = SecretStore(config_dir=tmp_path, keyring_backend=kr)
    assert now.install_secret() == secret
    assert kr.items == {}  # no second secret made in the keychain
    status = now.status()
    assert status.backend == "file" and status.fallback is True
    assert str(tmp_path / "install-secret") in status.detail


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_loose_permissions_are_fixed_and_reported(tmp_path: Path) -> None:
    SecretStore(config_dir=tmp_path, keyring_backend=keyring.backends.fail.Keyring()).install_secret()
    path = tmp_path / "install-secret"
    path.chmod(0o644)
    store = SecretStore(config_dir=tmp_path, keyring_backend=keyring.backends.fail.Keyring())
    store.install_secret()
    assert _mode(path) == 0o600
    assert "made readable only by you" in store.status().detail


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not base64 at all!!",
        base64.urlsafe_b64encode(b"x" * 16),  # too short
        base64.urlsafe_b64encode(b"x" * 33),  # too long
        b"\xff\xfe\x00garbage",
    ],
)
def test_corrupt_file_is_reported_not_replaced(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "install-secret"
    path.write_bytes(content)
    path.chmod(0o600)
    store = SecretStore(config_dir=tmp_path, keyring_backend=keyring.backends.fail.Keyring())
    with pytest.raises(OperationFailed) as info:
        store.install_secret()
    message = str(info.value)
    assert str(path) in message
    assert "learned again" in message
    assert path.read_bytes() == content  # left alone
    # Even with a working keychain the damaged file is not silently replaced.
    with pytest.raises(OperationFailed):
        SecretStore(config_dir=tmp_path, keyring_backend=MemoryKeyring()).install_secret()


# -- passphrases --------------------------------------------------------------------------------


def test_passphrase_roundtrip_in_keychain(tmp_path: Path, memory_keyring: MemoryKeyring) -> None:
    store = SecretStore(config_dir=tmp_path)
    assert store.recall_passphrase("export") is None
    assert store.remember_passphrase("export", "correct horse battery") is True
    assert memory_keyring.items[(SERVICE_NAME, "passphrase:export")] == "correct horse battery"
    assert SecretStore(config_dir=tmp_path).recall_passphrase("export") == "correct horse battery"
    store.forget_passphrase("export")
    assert store.recall_passphrase("export") is None
    store.forget_passphrase("export")  # twice is fine


def test_passphrase_never_written_on_fallback(tmp_path: Path) -> None:
    config = tmp_path / "config"
    store = SecretStore(config_dir=config, keyring_backend=keyring.backends.fail.Keyring())
    store.install_secret()
    before = {p: p.read_bytes() for p in config.rglob("*") if p.is_file()}
    assert store.remember_passphrase("export", "correct horse battery") is False
    assert store.recall_passphrase("export") is None
    store.forget_passphrase("export")
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before
    assert all(b"correct horse" not in data for data in after.values())


def test_passphrase_not_stored_when_keychain_refuses(tmp_path: Path) -> None:
    store = SecretStore(config_dir=tmp_path, keyring_backend=LockedKeyring())
    assert store.remember_passphrase("export", "correct horse battery") is False
    assert store.recall_passphrase("export") is None
    assert list(tmp_path.iterdir()) == []


class DroppingKeyring(MemoryKeyring):
    """Accepts writes and forgets them (like keyring's null backend, but with a priority)."""

    def set_password(self, service: str, username: str, password: str) -> None:
        return None


def test_keychain_that_drops_writes_is_not_trusted(tmp_path: Path) -> None:
    store = SecretStore(config_dir=tmp_path, keyring_backend=DroppingKeyring())
    secret = store.install_secret()
    assert store.status().backend == "file"
    assert base64.urlsafe_b64decode((tmp_path / "install-secret").read_text().strip()) == secret


def test_marker_holds_no_secret(tmp_path: Path) -> None:
    store = SecretStore(config_dir=tmp_path, keyring_backend=MemoryKeyring())
    secret = store.install_secret()
    marker = tmp_path / "install-secret.in-keychain"
    assert marker.exists()
    text = marker.read_bytes()
    assert secret not in text and base64.urlsafe_b64encode(secret) not in text

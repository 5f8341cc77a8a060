"""The install secret and a passphrase in a real Secret Service (gnome-keyring).

Runs only with ``CM_SECRET_SERVICE=1``, which ``.ci/secret-service.sh`` sets after starting a
private D-Bus session and unlocking a throwaway 'login' keyring::

    .ci/secret-service.sh .venv/bin/pytest tests/integration/test_secret_service.py
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from creative_memory.services.keychain.secrets import INSTALL_SECRET_USER, SERVICE_NAME, SecretStore

pytestmark = [
    pytest.mark.secretservice,
    pytest.mark.skipif(
        os.environ.get("CM_SECRET_SERVICE") != "1",
        reason="needs a real Secret Service: run through .ci/secret-service.sh (sets CM_SECRET_SERVICE=1)",
    ),
]


@pytest.fixture
def backend() -> Iterator[object]:
    from keyring.backends import SecretService

    kr = SecretService.Keyring()
    yield kr
    for user in (INSTALL_SECRET_USER,):
        try:
            kr.delete_password(SERVICE_NAME, user)
        except Exception:
            pass


def test_priority_is_usable(backend: object) -> None:
    from keyring.backends import SecretService

    assert isinstance(backend, SecretService.Keyring)
    # Raises when no Secret Service is reachable; a positive number when it is.
    assert backend.priority > 0


def test_install_secret_and_passphrase_in_keychain(backend: object, tmp_path: Path) -> None:
    from keyring.backends import SecretService

    assert isinstance(backend, SecretService.Keyring)
    store = SecretStore(config_dir=tmp_path, keyring_backend=backend)
    secret = store.install_secret()
    assert len(secret) == 32
    assert not (tmp_path / "install-secret").exists()

    # A second instance (a second process in real life) reads the same secret from the keychain.
    again = SecretStore(config_dir=tmp_path, keyring_backend=SecretService.Keyring())
    assert again.install_secret() == secret
    assert again.fingerprint("palette", "teal") == store.fingerprint("palette", "teal")

    status = store.status()
    assert status.backend == "keyring"
    assert status.fallback is False
    assert "keychain" in status.detail
    assert "SecretService" in status.detail

    label = f"export-{uuid.uuid4().hex}"
    try:
        assert store.remember_passphrase(label, "correct horse battery") is True
        assert again.recall_passphrase(label) == "correct horse battery"
    finally:
        store.forget_passphrase(label)
    assert again.recall_passphrase(label) is None
    store.forget_passphrase(label)  # forgetting twice is harmless

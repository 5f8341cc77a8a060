"""The per-install secret and remembered passphrases, kept in the OS keychain.

The install secret (32 random bytes) is the HMAC key for blocklist fingerprints: a forgotten and
blocked pattern is stored only as ``fingerprint(type, pattern)``, never as text. It lives in the
system keychain through ``keyring``. When no usable keychain exists, it falls back to a file
``<config dir>/install-secret`` readable only by the user (0600), and :meth:`SecretStore.status`
says so honestly so the GUI can show a visible warning.

Passphrases (for encrypted exports) are remembered only in a real keychain — never on disk.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import hmac
import logging
import os
import secrets
import stat
from pathlib import Path

import keyring
import keyring.backend
import keyring.backends.chainer
import keyring.backends.fail
import keyring.errors
import platformdirs

from creative_memory.services.common.errors import InvalidInput, OperationFailed
from creative_memory.services.keychain.secret_status import SecretStatus as SecretStatus
from creative_memory.services.keychain.secret_status import in_file, in_keychain

log = logging.getLogger(__name__)

SERVICE_NAME = "creative-memory-studio"
INSTALL_SECRET_USER = "install-secret"
PASSPHRASE_USER_PREFIX = "passphrase:"
SECRET_FILE_NAME = "install-secret"
MARKER_FILE_NAME = "install-secret.in-keychain"
SECRET_BYTES = 32
FILE_MODE = 0o600


def default_config_dir() -> Path:
    return Path(platformdirs.user_config_dir(SERVICE_NAME, appauthor=False))


def _keyring_usable(backend: keyring.backend.KeyringBackend) -> bool:
    """False for the 'fail' and 'null' backends, a chainer with nothing to chain, or a backend
    whose priority says it cannot work here (SecretService without a D-Bus session raises)."""
    if isinstance(backend, keyring.backends.fail.Keyring):
        return False
    try:
        if isinstance(backend, keyring.backends.chainer.ChainerBackend):
            return len(backend.backends) > 0
        return float(backend.priority) > 0
    except Exception as exc:  # a backend's priority raises when it is not viable
        log.info("keyring backend %s is not usable: %s", type(backend).__name__, exc)
        return False


def _encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii")


def _decode(text: str) -> bytes | None:
    """The 32-byte secret from its base64 text, or None if the text is not that."""
    cleaned = text.strip()
    try:
        raw = base64.urlsafe_b64decode(cleaned.encode("ascii"))
    except (binascii.Error, ValueError, UnicodeEncodeError):
        return None
    if len(raw) != SECRET_BYTES or _encode(raw) != cleaned:
        return None
    return raw


def _link_or_exclusive_create(tmp: Path, path: Path, raw: bytes) -> None:
    """Publish ``tmp`` at ``path`` without replacing an existing file."""
    try:
        os.link(tmp, path)
        return
    except FileExistsError:
        raise
    except OSError:
        pass  # a filesystem without hard links: create the target exclusively instead
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE)
    try:
        os.write(fd, _encode(raw).encode("ascii") + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)


def passphrase_key(path: str | os.PathLike[str]) -> str:
    """The one label a bundle's passphrase is remembered under, by the GUI and the CLI alike: the
    file's absolute path (symlinks followed), whatever spelling found it."""
    p = Path(path).expanduser()
    try:
        return str(p.resolve(strict=False))
    except (OSError, RuntimeError):
        return str(p.absolute())


class SecretStore:
    """Get-or-create the install secret; remember passphrases in the keychain only."""

    def __init__(
        self,
        config_dir: Path | None = None,
        keyring_backend: keyring.backend.KeyringBackend | None = None,
    ) -> None:
        self._config_dir = Path(config_dir) if config_dir is not None else None
        self._explicit_backend = keyring_backend
        self._secret: bytes | None = None
        self._status: SecretStatus | None = None
        self._fixed_permissions = False

    # -- paths and backends -------------------------------------------------------------------

    @property
    def config_dir(self) -> Path:
        if self._config_dir is None:
            self._config_dir = default_config_dir()
        return self._config_dir

    @property
    def secret_file(self) -> Path:
        return self.config_dir / SECRET_FILE_NAME

    def _backend(self) -> keyring.backend.KeyringBackend | None:
        """The keyring backend to use, or None when none is usable."""
        backend = self._explicit_backend
        if backend is None:
            try:
                backend = keyring.get_keyring()
            except keyring.errors.KeyringError as exc:
                log.info("no keyring backend: %s", exc)
                return None
        return backend if _keyring_usable(backend) else None

    @staticmethod
    def _backend_name(backend: keyring.backend.KeyringBackend) -> str:
        if isinstance(backend, keyring.backends.chainer.ChainerBackend) and backend.backends:
            backend = backend.backends[0]
        try:
            return str(type(backend).name)
        except Exception:
            return type(backend).__name__

    # -- the file fallback --------------------------------------------------------------------

    def _read_file(self) -> bytes | None:
        """The secret from the fallback file, or None if there is no file."""
        path = self.secret_file
        try:
            st = path.stat()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise OperationFailed(
                f"The install secret file {path} could not be read ({exc.strerror}); check its permissions."
            ) from exc
        if os.name == "posix" and stat.S_IMODE(st.st_mode) & 0o077:
            try:
                path.chmod(FILE_MODE)
            except OSError as exc:
                raise OperationFailed(
                    f"The install secret file {path} is readable by other users and its permissions "
                    f"could not be fixed ({exc.strerror}); run 'chmod 600 {path}'."
                ) from exc
            self._fixed_permissions = True
            log.warning("fixed loose permissions on %s", path)
        try:
            text = path.read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError) as exc:
            raise self._corrupt(path) from exc
        raw = _decode(text)
        if raw is None:
            raise self._corrupt(path)
        return raw

    @staticmethod
    def _corrupt(path: Path) -> OperationFailed:
        return OperationFailed(
            f"The install secret file {path} is damaged (it does not hold a valid secret). "
            "Remove it only if you accept that patterns you blocked can be learned again."
        )

    def _create_file(self, raw: bytes) -> bytes:
        """Write a new secret file atomically with mode 0600; if one appeared meanwhile, use it."""
        path = self.secret_file
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            raise OperationFailed(
                f"The folder {path.parent} for the install secret could not be created "
                f"({exc.strerror}); check that you can write there."
            ) from exc
        tmp = path.with_name(f".{SECRET_FILE_NAME}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE)
            try:
                os.write(fd, _encode(raw).encode("ascii") + b"\n")
                os.fsync(fd)
            finally:
                os.close(fd)
            try:
                # link() fails if the target exists, so a secret written meanwhile by another
                # process is never overwritten, and no reader ever sees a half-written file.
                _link_or_exclusive_create(tmp, path, raw)
            except FileExistsError:
                existing = self._read_file()
                if existing is None:  # pragma: no cover - removed between link and read
                    raise self._corrupt(path) from None
                return existing
        except OSError as exc:
            raise OperationFailed(
                f"The install secret file {path} could not be written ({exc.strerror}); "
                "check that you can write to that folder."
            ) from exc
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
        return raw

    # -- the install secret -------------------------------------------------------------------

    def install_secret(self) -> bytes:
        """The install secret: read from wherever it exists, or created once."""
        if self._secret is not None:
            return self._secret
        secret, status = self._load_or_create()
        self._secret, self._status = secret, status
        return secret

    def has_secret(self) -> bool:
        """Whether an install secret exists here: read, never made (a keychain that cannot be
        reached but held it counts: :meth:`install_secret` then says so)."""
        if self._secret is not None or self._read_file() is not None:
            return True
        backend = self._backend()
        if backend is None:
            return False
        try:
            return backend.get_password(SERVICE_NAME, INSTALL_SECRET_USER) is not None
        except keyring.errors.KeyringError:
            return self.keychain_marker.exists()

    def _load_or_create(self) -> tuple[bytes, SecretStatus]:
        backend = self._backend()
        # A secret in the fallback file wins: it may be what existing fingerprints were made with.
        from_file = self._read_file()
        if from_file is not None:
            return from_file, self._file_status(keyring_available=backend is not None)
        if backend is not None:
            try:
                return self._from_keyring(backend), self._keyring_status(backend)
            except keyring.errors.KeyringError as exc:
                log.warning("keychain unusable: %s", exc)
                reason = str(exc) or type(exc).__name__
        else:
            reason = "no usable keychain backend"
        if self.keychain_marker.exists():
            # The secret was made in the keychain before; a new one in a file would silently
            # change every fingerprint and let blocked patterns be learned again.
            raise OperationFailed(
                "The install secret is kept in the system keychain, which cannot be reached now "
                f"({reason}). Unlock or start your keychain (for example log in to the desktop "
                "session) and try again."
            )
        raw = self._create_file(secrets.token_bytes(SECRET_BYTES))
        return raw, self._file_status(keyring_available=False)

    def _from_keyring(self, backend: keyring.backend.KeyringBackend) -> bytes:
        stored = backend.get_password(SERVICE_NAME, INSTALL_SECRET_USER)
        if stored is not None:
            raw = _decode(stored)
            if raw is None:
                raise OperationFailed(
                    f"The install secret in the system keychain (service '{SERVICE_NAME}', "
                    f"entry '{INSTALL_SECRET_USER}') is damaged. Remove that entry only if "
                    "you accept that patterns you blocked can be learned again."
                )
            self._write_marker()
            return raw
        if self.keychain_marker.exists():
            log.warning(
                "the install secret is missing from the keychain although it was kept there; "
                "making a new one (earlier blocklist fingerprints no longer match)"
            )
        raw = secrets.token_bytes(SECRET_BYTES)
        backend.set_password(SERVICE_NAME, INSTALL_SECRET_USER, _encode(raw))
        # Read back: a keychain that silently drops writes must not be trusted, and if another
        # process stored its secret at the same moment, the one the keychain kept is the one.
        kept = backend.get_password(SERVICE_NAME, INSTALL_SECRET_USER)
        kept_raw = _decode(kept) if kept is not None else None
        if kept_raw is None:
            raise keyring.errors.PasswordSetError("the keychain did not keep the secret")
        self._write_marker()
        return kept_raw

    @property
    def keychain_marker(self) -> Path:
        """A file that holds no secret, only the fact that the secret lives in the keychain."""
        return self.config_dir / MARKER_FILE_NAME

    def _write_marker(self) -> None:
        marker = self.keychain_marker
        if marker.exists():
            return
        try:
            marker.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            marker.write_text(
                "The install secret of Creative Memory Studio is kept in the system keychain "
                f"(service '{SERVICE_NAME}', entry '{INSTALL_SECRET_USER}'). This file holds no "
                "secret; it stops a second secret being made when the keychain is unreachable.\n",
                encoding="utf-8",
            )
        except OSError as exc:
            log.warning("could not write %s: %s", marker, exc)

    def _keyring_status(self, backend: keyring.backend.KeyringBackend) -> SecretStatus:
        return in_keychain(self._backend_name(backend))

    def _file_status(self, *, keyring_available: bool) -> SecretStatus:
        return in_file(self.secret_file, keyring_available=keyring_available, fixed=self._fixed_permissions)

    def status(self) -> SecretStatus:
        """Where the install secret is kept (creating it if it does not exist yet)."""
        self.install_secret()
        assert self._status is not None
        return self._status

    def fingerprint(self, preference_type: str, pattern: str) -> str:
        """Hex HMAC-SHA256 of ``type NUL pattern`` under the install secret."""
        message = f"{preference_type}\x00{pattern}".encode()
        return hmac.new(self.install_secret(), message, hashlib.sha256).hexdigest()

    # -- passphrases (keychain only) ----------------------------------------------------------

    @staticmethod
    def _passphrase_user(label: str) -> str:
        if not label or not label.strip():
            raise InvalidInput("Give the passphrase a name (label) so it can be found again.")
        return f"{PASSPHRASE_USER_PREFIX}{label}"

    def remember_passphrase(self, label: str, passphrase: str) -> bool:
        """Store a passphrase in the keychain; False (nothing stored) when there is none."""
        user = self._passphrase_user(label)
        backend = self._backend()
        if backend is None:
            return False
        try:
            backend.set_password(SERVICE_NAME, user, passphrase)
        except keyring.errors.KeyringError as exc:
            log.warning("could not remember passphrase %r: %s", label, exc)
            return False
        return True

    def recall_passphrase(self, label: str) -> str | None:
        user = self._passphrase_user(label)
        backend = self._backend()
        if backend is None:
            return None
        try:
            return backend.get_password(SERVICE_NAME, user)
        except keyring.errors.KeyringError as exc:
            log.warning("could not recall passphrase %r: %s", label, exc)
            return None

    def forget_passphrase(self, label: str) -> None:
        user = self._passphrase_user(label)
        backend = self._backend()
        if backend is None:
            return
        try:
            backend.delete_password(SERVICE_NAME, user)
        except keyring.errors.PasswordDeleteError:
            return  # nothing stored under that label
        except keyring.errors.KeyringError as exc:
            raise OperationFailed(
                f"The passphrase '{label}' could not be removed from the system keychain ({exc}); "
                "remove the entry by hand in your keychain app."
            ) from exc

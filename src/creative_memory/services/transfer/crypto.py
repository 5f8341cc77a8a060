"""Passphrase encryption for export bundles: scrypt + AES-256-GCM in a small JSON envelope.

Envelope (UTF-8 JSON)::

    {"format": "creative-memory-encrypted", "version": 1,
     "kdf": {"name": "scrypt", "n": 32768, "r": 8, "p": 1, "salt": "<b64>"},
     "cipher": {"name": "AES-256-GCM", "nonce": "<b64>"},
     "ciphertext": "<b64>"}

The header (format, version, kdf, cipher) is bound as associated data in its canonical JSON form,
so changing any header field — the salt, the nonce, the cost parameters — is detected like a change
to the ciphertext. A wrong passphrase and a changed file look the same to GCM, and are reported with
the same sentence.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.passphrase import check_passphrase
from creative_memory.services.store import held_files

FORMAT = "creative-memory-encrypted"
VERSION = 1
KDF_NAME = "scrypt"
CIPHER_NAME = "AES-256-GCM"

SCRYPT_N = 2**15
SCRYPT_R = 8
SCRYPT_P = 1
KEY_LENGTH = 32
SALT_LENGTH = 16
NONCE_LENGTH = 12
TAG_LENGTH = 16

MIN_N = 2**14
MAX_N = 2**20
MAX_R = 32
MAX_P = 16
# What a bundle's header may make the key derivation cost (decision 0075): scrypt holds 128·n·r
# bytes and does work in proportion to n·r·p. Each bound alone let a header ask for 4 GiB and
# minutes (n = 2^20, r = 32, p = 16); together they allow at most 128 MiB and 2^21 units of work,
# eight times this program's own cost (2^15 · 8 · 1, 32 MiB, about 0.2 s): one to two seconds.
MAX_MEMORY = 128 * 2**20
MAX_WORK = 2**21

_MARKER = b'"format":"' + FORMAT.encode() + b'"'
_MARKER_SPACED = b'"format": "' + FORMAT.encode() + b'"'

WRONG_OR_CHANGED = (
    "The encrypted bundle could not be opened: the passphrase is wrong or the file was changed "
    "after export. Nothing was imported."
)


def _b64e(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def _b64d(text: object, what: str, length: int | None = None) -> bytes:
    if not isinstance(text, str):
        raise InvalidInput(f"The encrypted bundle is malformed: {what} is missing or not text.")
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, ValueError, UnicodeEncodeError) as exc:
        raise InvalidInput(f"The encrypted bundle is malformed: {what} is not valid base64.") from exc
    if _b64e(raw) != text:
        # Non-canonical base64 (e.g. changed padding bits) decodes to the same bytes; refuse it so
        # that every changed byte of the envelope is detected.
        raise InvalidInput(f"The encrypted bundle is malformed: {what} is not valid base64.")
    if length is not None and len(raw) != length:
        raise InvalidInput(
            f"The encrypted bundle is malformed: {what} has {len(raw)} bytes instead of {length}."
        )
    return raw


def _derive(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    kdf = Scrypt(salt=salt, length=KEY_LENGTH, n=n, r=r, p=p)
    return kdf.derive(passphrase.encode("utf-8"))


def _aad(header: dict[str, Any]) -> bytes:
    return json.dumps(header, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("utf-8")


def _valid_n(n: int) -> bool:
    return MIN_N <= n <= MAX_N and n & (n - 1) == 0


def cost_refused(n: int, r: int, p: int) -> str | None:
    """Why deriving a key with these scrypt parameters would cost too much, or None."""
    memory = 128 * n * r
    if memory > MAX_MEMORY:
        return (
            f"scrypt n={n}, r={r} would hold {memory // 2**20} MiB; the limit is {MAX_MEMORY // 2**20} MiB "
            "(128·n·r bytes)"
        )
    if n * r * p > MAX_WORK:
        return (
            f"scrypt n={n}, r={r}, p={p} would cost {n * r * p // (SCRYPT_N * SCRYPT_R * SCRYPT_P)} times "
            f"this program's own export; the limit is {MAX_WORK // (SCRYPT_N * SCRYPT_R * SCRYPT_P)} times"
        )
    return None


def encrypt(plaintext: bytes, passphrase: str, *, n: int = SCRYPT_N) -> bytes:
    """Encrypt ``plaintext`` under ``passphrase``; returns the JSON envelope as UTF-8 bytes.

    ``n`` (scrypt cost, a power of two in [2**14, 2**17] with r = 8: see :func:`cost_refused`) may
    be lowered to 2**14 by tests.
    """
    check_passphrase(passphrase)
    if not _valid_n(n):
        raise InvalidInput(f"The scrypt cost n must be a power of two from {MIN_N} to {MAX_N}.")
    too_much = cost_refused(n, SCRYPT_R, SCRYPT_P)
    if too_much:
        raise InvalidInput(f"The key derivation would cost too much: {too_much}.")
    salt = os.urandom(SALT_LENGTH)
    nonce = os.urandom(NONCE_LENGTH)
    header: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "kdf": {"name": KDF_NAME, "n": n, "r": SCRYPT_R, "p": SCRYPT_P, "salt": _b64e(salt)},
        "cipher": {"name": CIPHER_NAME, "nonce": _b64e(nonce)},
    }
    key = _derive(passphrase, salt, n, SCRYPT_R, SCRYPT_P)
    ciphertext = AESGCM(key).encrypt(nonce, plaintext, _aad(header))
    # Header first (not sorted) so the format marker sits at the start of the file.
    envelope = {**header, "ciphertext": _b64e(ciphertext)}
    return json.dumps(envelope, separators=(",", ":"), ensure_ascii=True).encode("utf-8")


def _int_field(obj: dict[str, Any], key: str) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInput(f"The encrypted bundle is malformed: kdf.{key} is missing or not a number.")
    return value


def _parse(envelope: bytes) -> tuple[dict[str, Any], bytes, bytes, bytes, int, int, int]:
    """Validate the envelope; returns (header, salt, nonce, ciphertext, n, r, p)."""
    try:
        doc = json.loads(envelope.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise InvalidInput("The encrypted bundle is malformed: it is not JSON text.") from exc
    if not isinstance(doc, dict):
        raise InvalidInput("The encrypted bundle is malformed: it is not a JSON object.")
    if doc.get("format") != FORMAT:
        raise InvalidInput(
            "This file is not an encrypted Creative Memory bundle (its format marker is wrong)."
        )
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidInput("The encrypted bundle is malformed: version is missing or not a number.")
    if version != VERSION:
        raise InvalidInput(
            f"The encrypted bundle has version {version}, which this program cannot read "
            f"(it reads version {VERSION}); update the program."
        )
    expected = {"format", "version", "kdf", "cipher", "ciphertext"}
    missing = expected - doc.keys()
    if missing:
        raise InvalidInput(f"The encrypted bundle is malformed: it lacks {', '.join(sorted(missing))}.")
    extra = doc.keys() - expected
    if extra:
        raise InvalidInput(
            f"The encrypted bundle is malformed: it has unknown fields {', '.join(sorted(extra))}."
        )
    kdf, cipher = doc["kdf"], doc["cipher"]
    if not isinstance(kdf, dict) or kdf.get("name") != KDF_NAME:
        raise InvalidInput("The encrypted bundle is malformed: its key derivation is not scrypt.")
    if set(kdf) != {"name", "n", "r", "p", "salt"}:
        raise InvalidInput("The encrypted bundle is malformed: its scrypt parameters are incomplete.")
    if not isinstance(cipher, dict) or cipher.get("name") != CIPHER_NAME or set(cipher) != {"name", "nonce"}:
        raise InvalidInput("The encrypted bundle is malformed: its cipher is not AES-256-GCM.")
    n, r, p = _int_field(kdf, "n"), _int_field(kdf, "r"), _int_field(kdf, "p")
    if not _valid_n(n):
        raise InvalidInput(
            f"The encrypted bundle is malformed: scrypt cost n={n} is outside the accepted "
            f"range (a power of two from {MIN_N} to {MAX_N})."
        )
    if not 1 <= r <= MAX_R or not 1 <= p <= MAX_P:
        raise InvalidInput(
            f"The encrypted bundle is malformed: scrypt parameters r={r}, p={p} are outside the "
            f"accepted range (r 1–{MAX_R}, p 1–{MAX_P})."
        )
    too_much = cost_refused(n, r, p)
    if too_much:  # checked before any key is derived: a header alone must not cost gigabytes
        raise InvalidInput(
            f"The encrypted bundle asks for more than this program spends on a passphrase: {too_much}. "
            "Nothing was imported; export it again with this program."
        )
    salt = _b64d(kdf["salt"], "the salt", SALT_LENGTH)
    nonce = _b64d(cipher["nonce"], "the nonce", NONCE_LENGTH)
    ciphertext = _b64d(doc["ciphertext"], "the ciphertext")
    if len(ciphertext) < TAG_LENGTH:
        raise InvalidInput("The encrypted bundle is malformed: the ciphertext is too short.")
    header = {"format": doc["format"], "version": version, "kdf": kdf, "cipher": cipher}
    return header, salt, nonce, ciphertext, n, r, p


class WrongPassphrase(InvalidInput):
    """The passphrase does not open the bundle: it is wrong, or the file was changed after export
    (the two cannot be told apart). Another passphrase may open it."""


def decrypt(envelope: bytes, passphrase: str) -> bytes:
    """The plaintext, or :class:`WrongPassphrase` if the passphrase is wrong or anything was
    changed (InvalidInput if the envelope itself is malformed)."""
    header, salt, nonce, ciphertext, n, r, p = _parse(envelope)
    key = _derive(passphrase, salt, n, r, p)
    try:
        return AESGCM(key).decrypt(nonce, ciphertext, _aad(header))
    except InvalidTag as exc:
        raise WrongPassphrase(WRONG_OR_CHANGED) from exc


def is_encrypted(data: bytes) -> bool:
    """A cheap look for the format marker; ``decrypt`` does the real check."""
    if not data[:64].lstrip().startswith(b"{"):
        return False
    head = data[:4096]
    return _MARKER in head or _MARKER_SPACED in head


def file_is_encrypted(path: Path) -> bool:
    """Whether ``path`` looks like an encrypted bundle (reads its first 4 KiB)."""
    try:  # a store's file named by mistake is not closed under SQLite (services.store.held_files)
        head = held_files.read_head(path, 4096)
    except OSError:
        return False  # the import itself reports the unreadable file in a sentence
    return is_encrypted(head)

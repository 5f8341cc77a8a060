"""Passphrase encryption of export bundles (services.transfer.crypto)."""

from __future__ import annotations

import base64
import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.transfer import crypto

PASS = "correct horse battery"
PLAIN = b'{"bundle": "creative memory export", "items": [1, 2, 3]}' * 5
FAST_N = 2**14
WRONG = "passphrase is wrong or the file was changed"


@pytest.fixture(scope="module")
def envelope() -> bytes:
    return crypto.encrypt(PLAIN, PASS, n=FAST_N)


def _doc(envelope: bytes) -> dict[str, Any]:
    doc = json.loads(envelope)
    assert isinstance(doc, dict)
    return doc


def _dump(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, separators=(",", ":")).encode()


def _flip(data: bytes, index: int, mask: int = 0x01) -> bytes:
    out = bytearray(data)
    out[index] ^= mask
    return bytes(out)


def _refused(data: bytes, passphrase: str = PASS) -> InvalidInput:
    with pytest.raises(InvalidInput) as info:
        result = crypto.decrypt(data, passphrase)
        pytest.fail(f"decrypt returned {len(result)} bytes for a changed envelope")
    return info.value


def test_roundtrip(envelope: bytes) -> None:
    assert crypto.decrypt(envelope, PASS) == PLAIN
    assert PLAIN not in envelope
    assert b"creative memory export" not in envelope


def test_roundtrip_default_cost_and_envelope_shape() -> None:
    data = crypto.encrypt(b"", "eight ch")
    doc = _doc(data)
    assert list(doc) == ["format", "version", "kdf", "cipher", "ciphertext"]
    assert doc["format"] == "creative-memory-encrypted"
    assert doc["version"] == 1
    assert doc["kdf"]["name"] == "scrypt"
    assert (doc["kdf"]["n"], doc["kdf"]["r"], doc["kdf"]["p"]) == (2**15, 8, 1)
    assert len(base64.b64decode(doc["kdf"]["salt"])) == 16
    assert doc["cipher"] == {"name": "AES-256-GCM", "nonce": doc["cipher"]["nonce"]}
    assert len(base64.b64decode(doc["cipher"]["nonce"])) == 12
    assert crypto.decrypt(data, "eight ch") == b""


def test_fresh_salt_and_nonce_each_time() -> None:
    a, b = _doc(crypto.encrypt(PLAIN, PASS, n=FAST_N)), _doc(crypto.encrypt(PLAIN, PASS, n=FAST_N))
    assert a["kdf"]["salt"] != b["kdf"]["salt"]
    assert a["cipher"]["nonce"] != b["cipher"]["nonce"]
    assert a["ciphertext"] != b["ciphertext"]


def test_wrong_passphrase(envelope: bytes) -> None:
    err = _refused(envelope, "correct horse batterz")
    assert WRONG in str(err)
    assert str(err) == crypto.WRONG_OR_CHANGED


@pytest.mark.parametrize("passphrase", ["", "short", "7 chars"])
def test_short_passphrase_refused(passphrase: str) -> None:
    with pytest.raises(InvalidInput, match="at least 8 characters"):
        crypto.encrypt(PLAIN, passphrase, n=FAST_N)


def test_cost_outside_bounds_refused_on_encrypt() -> None:
    for n in (2**13, 2**21, 3 * 2**14):
        with pytest.raises(InvalidInput):
            crypto.encrypt(PLAIN, PASS, n=n)


def _region(envelope: bytes, field: str) -> tuple[int, int]:
    """Byte range of a base64 value in the envelope text."""
    doc = _doc(envelope)
    value = {"salt": doc["kdf"]["salt"], "nonce": doc["cipher"]["nonce"], "ciphertext": doc["ciphertext"]}[
        field
    ].encode()
    start = envelope.index(value)
    return start, start + len(value)


@pytest.mark.parametrize("field", ["salt", "nonce", "ciphertext"])
def test_flipped_byte_in_base64_fields(envelope: bytes, field: str) -> None:
    start, end = _region(envelope, field)
    positions = sorted({start, start + 1, (start + end) // 2, end - 2, end - 1})
    for pos in positions:
        for mask in (0x01, 0x20):
            _refused(_flip(envelope, pos, mask))


def test_changed_ciphertext_bytes_detected(envelope: bytes) -> None:
    """Change the decoded ciphertext (body and tag) and re-encode it validly: GCM must refuse."""
    doc = _doc(envelope)
    raw = base64.b64decode(doc["ciphertext"])
    for pos in (0, len(raw) // 2, len(raw) - 17, len(raw) - 16, len(raw) - 1):
        changed = dict(doc, ciphertext=base64.b64encode(_flip(raw, pos)).decode())
        assert str(_refused(_dump(changed))) == crypto.WRONG_OR_CHANGED


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["kdf"].update(
            salt=base64.b64encode(_flip(base64.b64decode(d["kdf"]["salt"]), 3)).decode()
        ),
        lambda d: d["cipher"].update(
            nonce=base64.b64encode(_flip(base64.b64decode(d["cipher"]["nonce"]), 0)).decode()
        ),
        lambda d: d["kdf"].update(n=2**15),
        lambda d: d["kdf"].update(r=9),
        lambda d: d["kdf"].update(p=2),
    ],
    ids=["salt", "nonce", "n", "r", "p"],
)
def test_valid_looking_header_changes_detected(envelope: bytes, change: Any) -> None:
    doc = _doc(envelope)
    change(doc)
    assert str(_refused(_dump(doc))) == crypto.WRONG_OR_CHANGED


def test_flipped_bytes_in_header_text(envelope: bytes) -> None:
    header_end = envelope.index(b'"ciphertext"')
    for pos in range(0, header_end, 3):
        _refused(_flip(envelope, pos))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_byte_change_anywhere_is_refused(envelope: bytes, data: st.DataObject) -> None:
    pos = data.draw(st.integers(min_value=0, max_value=len(envelope) - 1), label="position")
    mask = data.draw(st.integers(min_value=1, max_value=255), label="xor mask")
    _refused(_flip(envelope, pos, mask))


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"", "not JSON"),
        (b"not json", "not JSON"),
        (b"\xff\xfe{}", "not JSON"),
        (b"[1, 2]", "not a JSON object"),
        (b"{}", "format marker"),
        (b'{"format": "creative-memory-encrypted"}', "version"),
        (b'{"format": "creative-memory-encrypted", "version": 2}', "version 2"),
        (b'{"format": "creative-memory-encrypted", "version": true}', "version"),
        (b'{"format": "creative-memory-encrypted", "version": 1}', "lacks"),
    ],
)
def test_malformed_envelopes(data: bytes, needle: str) -> None:
    with pytest.raises(InvalidInput, match=needle):
        crypto.decrypt(data, PASS)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda d: d["kdf"].update(n=2**21), "outside the accepted range"),
        (lambda d: d["kdf"].update(n=2**30), "outside the accepted range"),
        (lambda d: d["kdf"].update(n=2**13), "outside the accepted range"),
        (lambda d: d["kdf"].update(n=20000), "outside the accepted range"),
        (lambda d: d["kdf"].update(n="16384"), "not a number"),
        (lambda d: d["kdf"].update(r=10**6), "outside the accepted range"),
        (lambda d: d["kdf"].update(p=0), "outside the accepted range"),
        (lambda d: d["kdf"].update(name="pbkdf2"), "not scrypt"),
        (lambda d: d["kdf"].pop("salt"), "incomplete"),
        (lambda d: d["cipher"].update(name="AES-128-CBC"), "not AES-256-GCM"),
        (lambda d: d["kdf"].update(salt="AAAA"), "salt has 3 bytes"),
        (lambda d: d["cipher"].update(nonce="***"), "nonce is not valid base64"),
        (lambda d: d.update(ciphertext="AAAA"), "too short"),
        (lambda d: d.update(ciphertext=5), "not text"),
        (lambda d: d.update(extra=1), "unknown fields"),
        (lambda d: d.pop("cipher"), "lacks cipher"),
    ],
)
def test_malformed_fields(envelope: bytes, change: Any, needle: str) -> None:
    doc = _doc(envelope)
    change(doc)
    with pytest.raises(InvalidInput, match=needle):
        crypto.decrypt(_dump(doc), PASS)


def test_is_encrypted(envelope: bytes) -> None:
    assert crypto.is_encrypted(envelope)
    assert crypto.is_encrypted(b"  \n" + envelope)
    assert crypto.is_encrypted(json.dumps(_doc(envelope), indent=2).encode())
    assert not crypto.is_encrypted(PLAIN)
    assert not crypto.is_encrypted(b"")
    assert not crypto.is_encrypted(b'{"format": "creative-memory-export", "version": 1}')
    assert not crypto.is_encrypted(b"\x00\x01binary")


@pytest.mark.parametrize(
    ("n", "r", "p", "needle"),
    [
        (2**20, 32, 16, "would hold 4096 MiB"),  # each inside its own range, 4 GiB together
        (2**18, 8, 1, "would hold 256 MiB"),
        (2**17, 8, 16, "would cost 64 times"),
        (2**14, 32, 16, "would cost 32 times"),
    ],
)
def test_a_header_whose_parameters_cost_too_much_is_refused_before_any_key_is_derived(
    envelope: bytes, n: int, r: int, p: int, needle: str
) -> None:
    doc = _doc(envelope)
    doc["kdf"].update(n=n, r=r, p=p)
    t0 = time.perf_counter()
    with pytest.raises(InvalidInput, match=needle) as err:
        crypto.decrypt(json.dumps(doc).encode(), PASS)
    assert time.perf_counter() - t0 < 0.5  # refused from the header, not after deriving
    assert str(err.value).endswith("Nothing was imported; export it again with this program.")


def test_the_bounds_allow_this_programs_own_cost_and_eight_times_it_at_most() -> None:
    assert crypto.cost_refused(crypto.SCRYPT_N, crypto.SCRYPT_R, crypto.SCRYPT_P) is None
    assert crypto.cost_refused(2**17, 8, 2) is None and crypto.cost_refused(2**17, 8, 3) is not None


def test_encrypt_refuses_a_cost_its_own_decrypt_would_refuse() -> None:
    with pytest.raises(InvalidInput, match="would hold 256 MiB"):
        crypto.encrypt(PLAIN, PASS, n=2**18)

"""The preference cache is content-addressed (docs/decisions/0002-cache-key.md).

``cache_key = sha256(set digest of the user's event content hashes ‖ DERIVATION_VERSION)``. The set
digest is the sum of the content hashes modulo 2**256 (:data:`DIGEST_MODULUS`), so it is independent
of order and can be kept up to date as events arrive or are rewritten: every writer of ours adds
the hashes of what it stores and subtracts those of what it removes (:func:`digest_add`). A stored
key that does not match means: re-derive.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from creative_memory.model.constants import DERIVATION_VERSION

#: The set digest is kept modulo this (256 bits, as many as a content hash has).
DIGEST_MODULUS = 1 << 256


def digest_add(digest_hex: str, hashes: Iterable[str], sign: int = 1) -> str:
    """The set digest ``digest_hex`` with the content ``hashes`` added (``sign`` -1: taken away)."""
    total = int(digest_hex, 16) if digest_hex else 0
    for h in hashes:
        total = (total + sign * int(h, 16)) % DIGEST_MODULUS
    return f"{total:064x}"


def cache_key_for(set_digest: str) -> str:
    """The cache key of a set digest under the current derivation rules."""
    return hashlib.sha256(f"{set_digest}|{DERIVATION_VERSION}".encode()).hexdigest()

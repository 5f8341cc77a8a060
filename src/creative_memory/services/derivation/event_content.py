"""An event as derivation reads it from the store: its payload as canonical JSON (sorted keys,
compact: equal content is equal text), its content hash and its rows in the pattern index.

The content hash covers everything derivation reads from an event (docs/decisions/0002), not its
id, source or arrival time; the set digest of the hashes keys the cache
(``services.derivation.cache_key``). Ingest and import store events with these, a forget rewrites
them with these, and others' changes are folded in with these (``services.derivation.changes``).
"""

from __future__ import annotations

import hashlib
import json
from json.encoder import encode_basestring
from typing import Any

from creative_memory.model.events import payload_items

# json.dumps(x, **options) is JSONEncoder(**options).encode(x): the encoders, built once.
_canonical_json = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
_scalar_json = json.JSONEncoder(ensure_ascii=False).encode


def canonical(obj: Any) -> str:
    return _canonical_json(obj)


def content_hash(row: dict[str, Any]) -> str:
    """sha256 over everything derivation reads from the event (not its id, source or arrival time)."""
    content = {
        k: row[k]
        for k in ("user_id", "project_id", "signal_type", "occurred_at", "session_id", "artifact_id", "scope")
    }
    content["payload"] = json.loads(row["payload"])
    return hashlib.sha256(canonical(content).encode()).hexdigest()


_encode_str = encode_basestring  # what JSONEncoder(ensure_ascii=False) writes for a str, in C


def rewritten_hash(ev: Any, payload_text: str) -> str:
    """:func:`content_hash` of a stored event (a row or an ``Event``, read by attribute) whose payload
    becomes ``payload_text`` (a forget's rewrite, a re-extraction)."""
    return content_hash(
        {
            "user_id": ev.user_id,
            "project_id": ev.project_id,
            "signal_type": ev.signal_type,
            "occurred_at": ev.occurred_at,
            "session_id": ev.session_id,
            "artifact_id": ev.artifact_id,
            "scope": ev.scope,
            "payload": payload_text,
        }
    )


def _scalar(value: Any) -> str:
    """``_scalar_json(value)`` for the content's scalars, without the encoder's per-call dispatch."""
    if value is None:
        return "null"
    if type(value) is str:
        return _encode_str(value)
    if type(value) is int:
        return int.__repr__(value)
    return _scalar_json(value)


def content_hash_canonical(row: dict[str, Any]) -> str:
    """:func:`content_hash` for a row whose ``payload`` is already canonical JSON (``canonical()``'s
    output), without parsing it again: the content's canonical text is spliced together in sorted
    key order (tests/unit/test_ingest_derive_fast.py checks the two agree)."""
    text = (
        f'{{"artifact_id":{_scalar(row["artifact_id"])},"occurred_at":{_scalar(row["occurred_at"])},'
        f'"payload":{row["payload"]},"project_id":{_scalar(row["project_id"])},'
        f'"scope":{_scalar(row["scope"])},"session_id":{_scalar(row["session_id"])},'
        f'"signal_type":{_scalar(row["signal_type"])},"user_id":{_scalar(row["user_id"])}}}'
    )
    return hashlib.sha256(text.encode()).hexdigest()


def pattern_rows(seq: int, user_id: str, scope: str, payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The creative_memory_event_patterns rows of one stored event."""
    return [
        {
            "seq": seq,
            "user_id": user_id,
            "scope": scope,
            "preference_type": ptype,
            "pattern": pattern,
            "polarity": polarity,
            "role": role,
        }
        for ptype, pattern, polarity, role in payload_items(payload)
    ]

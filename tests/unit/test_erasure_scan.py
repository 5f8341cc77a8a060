"""The forget's scan for free-text mentions compares a payload's first bytes instead of searching
every payload: sound only because stored payloads are canonical JSON (services.derivation.event_content.canonical)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from creative_memory.services.derivation.event_content import canonical
from creative_memory.services.forget.free_text import _DIFF_BOUND

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@given(
    other=st.dictionaries(st.text(max_size=12), json_values, max_size=6),
    diff=st.text(max_size=40),
)
def test_every_canonical_payload_with_a_diff_sorts_below_the_scan_bound(
    other: dict[str, Any], diff: str
) -> None:
    payload = {**other, "diff": diff}
    # SQLite compares TEXT bytewise (BINARY collation): compare the UTF-8 bytes, as it does.
    assert canonical(payload).encode("utf-8", "surrogatepass") < _DIFF_BOUND.encode()


def test_the_payloads_ingest_writes_without_a_diff_mostly_sort_above_it() -> None:
    """The bound is worth having: a plain event's payload (the common case) is skipped."""
    plain = {
        "scope": "global",
        "patterns": [{"preference_type": "layout", "pattern": "airy", "polarity": "positive"}],
    }
    assert canonical(plain) > _DIFF_BOUND
    assert canonical({**plain, "tag": "love this"}) > _DIFF_BOUND

"""``block lift`` with a fingerprint prefix made only of digits (about one in 40 of the 8-character
prefixes `block list` shows): it names that block, as a prefix with letters would; digits that
name both an id and another block's prefix are refused and change nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from creative_memory.model.tables import Blocklist
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.ingest.blocklist import lift_block, list_blocks
from creative_memory.services.store.store import Store

USER = "u1"


def _add(store: Store, fingerprint: str, at: int) -> None:
    with store.write() as session:
        session.add(Blocklist(user_id=USER, fingerprint=fingerprint, created_at=at, kind="pattern"))


def _count(store: Store) -> int:
    with store.read() as session:
        return int(session.scalar(select(func.count()).select_from(Blocklist)) or 0)


def test_a_prefix_of_digits_lifts_the_block_it_names(store: Store) -> None:
    _add(store, "19731675ab" + "0" * 54, 1)
    _add(store, "abcdef0123" + "0" * 54, 2)
    lifted = lift_block(store, USER, "19731675", actor="user", now=3)
    assert lifted.fingerprint.startswith("19731675")
    assert [b.fingerprint[:8] for b in list_blocks(store, USER)] == ["abcdef01"]


def test_digits_that_name_an_id_and_another_blocks_prefix_are_refused(store: Store) -> None:
    _add(store, "a" * 64, 1)
    first = list_blocks(store, USER)[0]
    _add(store, f"{first.id:06d}" + "f" * 58, 2)
    with pytest.raises(InvalidInput, match="names 2 blocks"):
        lift_block(store, USER, f"{first.id:06d}", actor="user", now=3)
    assert _count(store) == 2
    # the id alone, written as the id, still lifts it when nothing else starts with it
    lift_block(store, USER, str(first.id), actor="user", now=4)
    assert _count(store) == 1

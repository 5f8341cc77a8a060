"""A name stored before names were held to their longest mention (decision 0102) — more than 16
characters its canonical form leaves out — can no longer be named in a command, but a forget of any
other spelling of it (the same canonical name) erases it: forget erases every stored spelling."""

from __future__ import annotations

import sqlite3

import pytest

from creative_memory.model.constants import Actor
from creative_memory.model.names import check_name
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.demo import demo
from creative_memory.services.forget import forgetting
from creative_memory.services.forget.erasure import Target
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_780_000_000_000


def _legacy(store: Store) -> tuple[str, str, str]:
    """One of the demo's patterns stored again under a spelling the rule now refuses (its first
    separator written 20 times), in every place a pattern's name is: (type, old name, legacy name)."""
    con = sqlite3.connect(store.path)
    try:
        ptype, name = con.execute(
            "SELECT preference_type, pattern FROM creative_memory_event_patterns WHERE pattern LIKE '%\\_%' "
            "ESCAPE '\\' GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1"
        ).fetchone()
        legacy = name.replace("_", "_" * 20, 1)
        con.execute(
            "UPDATE creative_memory_events SET payload = replace(payload, ?, ?)",
            (f'"pattern":"{name}"', f'"pattern":"{legacy}"'),
        )
        for table in ("creative_memory_event_patterns", "creative_memory_preferences"):
            con.execute(f"UPDATE {table} SET pattern = ? WHERE pattern = ?", (legacy, name))
        con.commit()
    finally:
        con.close()
    return ptype, name, legacy


def test_a_legacy_spelling_is_erased_by_a_forget_of_the_name(store: Store, blocks: BlockChecker) -> None:
    demo.generate(store, USER, size="S", seed=4, now=NOW)
    ptype, name, legacy = _legacy(store)
    with pytest.raises(InvalidInput, match="repeated separators or invisible characters"):
        Target(ptype, legacy).normalized()
    assert check_name(name) == name
    receipt = forgetting.forget(store, USER, [Target(ptype, name)], blocks=blocks, actor=Actor.CLI, now=NOW)
    assert receipt.events_deleted + receipt.events_rewritten > 0 and receipt.preferences > 0
    assert receipt.verified
    con = sqlite3.connect(store.path)
    try:
        for table in ("creative_memory_event_patterns", "creative_memory_preferences"):
            assert con.execute(f"SELECT count(*) FROM {table} WHERE pattern = ?", (legacy,)).fetchone() == (
                0,
            )
        left = con.execute(
            "SELECT count(*) FROM creative_memory_events WHERE instr(payload, ?)", (legacy,)
        ).fetchone()
        assert left == (0,)
    finally:
        con.close()

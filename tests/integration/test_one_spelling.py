"""One definition of a name's spellings (decision 0076), on real stores: what a block scrubs from
incoming diffs, what forget scrubs and what the search of the store's files and of backup copies
finds are the same mentions — in scripts written without spaces, in compatibility forms
(ligatures, full-width letters), with any separator, invisible characters or a look-alike letter of
another script, in mixed non-ASCII case.

"Gone" is checked on the raw bytes of the files, not by the receipt alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import keyring.backends.fail
import pytest
from sqlalchemy import select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Event, Preference
from creative_memory.services.common.spelled_bytes import Spellings
from creative_memory.services.common.spellings import canonical_name
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.forget.spelled_search import count_spelled
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_events, validate_event
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.store import backups
from creative_memory.services.store.store import Store

USER = "u"
T0 = 1_767_225_600_000
NOW = T0 + 2 * 86_400_000


@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    return BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )


def ev(i: int, ptype: str, pattern: str, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "event_id": f"e{i}",
        "signal_type": "explicit_tag",
        "tag": "love this",
        "occurred_at": f"2026-01-01T00:{i // 60:02d}:{i % 60:02d}Z",
        "session_id": f"s{i}",
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
    }
    out.update(kw)
    return out


def ingest(store: Store, events: list[dict[str, Any]], blocks: BlockChecker) -> Any:
    return ingest_events(
        store, [validate_event(e) for e in events], default_user=USER, now=NOW, blocks=blocks
    )


def forget(store: Store, blocks: BlockChecker, ptype: str, pattern: str, *, block: bool = False) -> Any:
    return forgetting.forget(
        store, USER, [erasure.Target(ptype, pattern)], blocks=blocks, block=block, actor=Actor.CLI, now=NOW
    )


def diffs(store: Store) -> dict[str, str]:
    with store.read() as s:
        rows = s.execute(select(Event.event_id, Event.payload)).all()
    return {str(i): json.loads(p).get("diff") for i, p in rows if "diff" in json.loads(p)}


def raw(path: Path) -> bytes:
    return b"".join(
        path.with_name(path.name + sfx).read_bytes()
        for sfx in ("", "-wal")
        if path.with_name(path.name + sfx).exists()
    )


# ---------------------------------------------------------------------------- the findings
def test_a_blocked_name_without_spaces_is_scrubbed_from_later_diffs_and_stays_forgettable(
    store: Store, blocks: BlockChecker
) -> None:
    """余白 blocked: a later diff that writes it inside a sentence (Japanese has no spaces) kept it,
    because the block's scrub looked for whole space-separated words."""
    assert ingest(store, [ev(1, "imagery", "余白")], blocks).accepted == 1
    assert forget(store, blocks, "imagery", "余白", block=True).verified
    ingest(store, [ev(2, "layout", "flat_cards", diff="余白を広くとって、余白。")], blocks)
    assert diffs(store)["e2"] == "[blocked]を広くとって、[blocked]。"
    again = forget(store, blocks, "imagery", "余白")
    assert again.verified, again.notes
    assert "余白".encode() not in raw(store.path)


def test_a_ligature_spelling_in_a_diff_is_forgotten(store: Store, blocks: BlockChecker) -> None:
    ingest(
        store,
        [
            ev(1, "style", "flat_design"),
            ev(2, "layout", "grid", diff="went \ufb02at Design, then FLAT\u2013DESIGN"),
        ],
        blocks,
    )
    r = forget(store, blocks, "style", "flat_design")
    assert r.verified, r.notes
    assert diffs(store)["e2"] == "went [forgotten], then [forgotten]"
    assert "\ufb02at".encode() not in raw(store.path)


def test_a_backup_with_a_mention_in_mixed_non_ascii_case_is_removed(
    store: Store, blocks: BlockChecker
) -> None:
    """The backup search looked for a few whole-name case forms (lower, upper, title): a diff that
    wrote "éclat DORÉ" kept the copy after a verified forget."""
    ingest(
        store, [ev(1, "color", "éclat_doré"), ev(2, "layout", "grid", diff="an éclat DORÉ finish")], blocks
    )
    # the copy must hold only the mixed-case mention, not the name itself
    forget_first = forget(store, blocks, "color", "éclat_doré")
    assert forget_first.verified
    ingest(store, [ev(3, "layout", "grid", diff="an éclat DORÉ finish again")], blocks)
    copy = backups.make_backup(store.path)
    assert "DORÉ".encode() in copy.read_bytes()
    r = forget(store, blocks, "color", "éclat_doré")
    assert r.verified, r.notes
    assert not copy.exists()
    assert any("Removed the backup copy" in n for n in r.notes)


VARIANTS = [
    "flat\tdesign",
    "flat\ndesign",
    "flat\u00a0design",  # no-break space
    "flat  design",
    "flat\u2013design",  # en dash
    "flat\u2011design",  # non-breaking hyphen
    "flat.design",
    "flat/design",
    "\uff46\uff4c\uff41\uff54 design",  # full-width
    "fla\u200dt design",  # zero-width joiner
    "fl\u0430t design",  # Cyrillic a
    "\ufb02at design",  # ligature
    "FLAT DESIGN",
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_block_scrubs_every_spelling_from_diffs(store: Store, blocks: BlockChecker, variant: str) -> None:
    ingest(store, [ev(1, "style", "flat_design")], blocks)
    assert forget(store, blocks, "style", "flat_design", block=True).verified
    ingest(store, [ev(2, "layout", "grid", diff=f"more {variant} please")], blocks)
    assert diffs(store)["e2"] == "more [blocked] please"
    assert count_spelled(store.path, Spellings([canonical_name("flat_design")])) == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_forget_scrubs_every_spelling_from_diffs(store: Store, blocks: BlockChecker, variant: str) -> None:
    ingest(
        store, [ev(1, "style", "flat_design"), ev(2, "layout", "grid", diff=f"more {variant} please")], blocks
    )
    r = forget(store, blocks, "style", "flat_design")
    assert r.verified, r.notes
    assert diffs(store)["e2"] == "more [forgotten] please"


NAME_VARIANTS = [
    "\uff46\uff4c\uff41\uff54_design",
    "fla\u200dt_design",
    "fl\u0430t_design",
    "\ufb02at_design",
    "Flat-Design",
]


@pytest.mark.parametrize("variant", NAME_VARIANTS)
def test_a_block_refuses_every_spelling_of_the_pattern_and_inspect_shows_none(
    store: Store, blocks: BlockChecker, variant: str
) -> None:
    ingest(store, [ev(1, "style", "flat_design")], blocks)
    assert forget(store, blocks, "style", "flat_design", block=True).verified
    rep = ingest(store, [ev(2, "style", variant), ev(3, "Style", "grid")], blocks)
    assert rep.ignored.get("blocked") == 1
    with store.read() as s:
        assert {p.pattern for p in s.scalars(select(Preference))} == {"grid"}


@pytest.mark.parametrize("variant", NAME_VARIANTS)
def test_forget_of_the_name_forgets_every_stored_spelling(
    store: Store, blocks: BlockChecker, variant: str
) -> None:
    ingest(store, [ev(1, "style", variant), ev(2, "style", "grid")], blocks)
    r = forget(store, blocks, "style", "flat_design")
    assert r.verified, r.notes
    with store.read() as s:
        assert {p.pattern for p in s.scalars(select(Preference))} == {"grid"}
    assert variant.encode() not in raw(store.path)

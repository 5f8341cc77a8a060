"""A forget that rewrites an event gives the records that event created for the patterns it keeps
their new creation place (decision 0089). Their state texts name their own patterns: a state text
of another length would move the record and leave its old bytes, with the kept name, in the page's
free space, and a later forget of that name would find a copy no live data explains and say it is
not verified. The rewrite keeps each state text's length, so both forgets here are verified."""

from __future__ import annotations

import json
from pathlib import Path

import keyring.backends.fail

from creative_memory.model.constants import Actor
from creative_memory.services.derivation import derivation
from creative_memory.services.derivation.rebuild import rebuild
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000
FORGOTTEN = ("typography", "serif_headlines")
KEPT = [("typography", "sans_serif_headlines"), ("layout", "airy_spacing"), ("color", "muted_palette")]


def _line(i: int) -> str:
    kept = KEPT[i % len(KEPT)]
    items = [FORGOTTEN, kept] if i % 2 else [kept, FORGOTTEN]  # the kept item moves up, or stays
    return json.dumps(
        {
            "event_id": f"e{i}",
            "signal_type": "manual_refinement",
            "occurred_at": f"2026-11-{1 + i % 20:02d}T10:{i % 60:02d}:00Z",
            "session_id": f"s{i % 5}",
            "project_id": "p_one" if i % 3 else None,
            "patterns": [{"preference_type": t, "pattern": p, "polarity": "positive"} for t, p in items],
        }
    )


def test_forgetting_a_name_other_kept_names_hold_is_verified(tmp_path: Path) -> None:
    (tmp_path / "od").mkdir()
    store = Store.open(DataDir(tmp_path / "od", "flag"))
    blocks = BlockChecker(
        SecretStore(config_dir=tmp_path / "cfg", keyring_backend=keyring.backends.fail.Keyring())
    )
    try:
        ingest_jsonl(store, "\n".join(_line(i) for i in range(60)), default_user=USER, now=NOW)
        derivation.ensure_current(store, USER, NOW)
        receipt = forgetting.forget(
            store, USER, [erasure.Target(*FORGOTTEN)], blocks=blocks, actor=Actor.CLI, now=NOW
        )
        assert receipt.verified, receipt.as_json()
        with store.read() as s:
            kept = (
                s.connection()
                .exec_driver_sql(
                    "SELECT count(*) FROM creative_memory_preferences WHERE pattern = 'sans_serif_headlines'"
                )
                .scalar()
            )
        assert kept  # the name that holds the forgotten one is still remembered
        before = _states(store)
        rebuild(store, USER, NOW)  # and the records the rewrite moved are what a full derivation gives
        assert _states(store) == before
    finally:
        store.close()


def _states(store: Store) -> list[tuple[str, str, str]]:
    with store.read() as s:
        rows = (
            s.connection()
            .exec_driver_sql(
                "SELECT scope, pattern, state FROM creative_memory_preferences ORDER BY scope, pattern, polarity"
            )
            .all()
        )
    return [
        (str(a), str(b), json.dumps({k: v for k, v in json.loads(c).items() if k != "last_seq"}))
        for a, b, c in rows
    ]


def test_a_moved_record_keeps_the_length_of_its_state_text() -> None:
    """The rewrite of a state text by a forget (new order tie, item moved up) keeps its length for
    every tie and every move: SQLite then overwrites the record where it is. Before, a tie of
    another number of digits changed the length; on the M store a later forget of a name held in
    such a record found the old copy and was not verified (bench_forget --size M, contained)."""
    from creative_memory.model.constants import Polarity, Status, Tier
    from creative_memory.model.events import order_tie
    from creative_memory.model.records import PrefState
    from creative_memory.services.derivation.derivation_rows import state_json
    from creative_memory.services.forget.forget_places import _moved
    from creative_memory.services.retrieval.candidate_ties import parse_head

    hashes = ["0" * 64, "f" * 64, "0000000000010000" + "0" * 48, "8" * 64, "00000a" + "f" * 58]
    for old_hash in hashes:
        for new_hash in hashes:
            for item, moved_to in ((0, 0), (3, 1), (10, 9), (12, 2)):
                st = PrefState(
                    "global",
                    "typography",
                    "sans_serif_headlines",
                    Polarity.POSITIVE,
                    0.5,
                    Tier.MEDIUM,
                    Status.STABLE,
                    NOW,
                    NOW,
                    NOW,
                    NOW,
                )
                st.created_at, st.created_seq, st.created_item = NOW, order_tie(old_hash), item
                text = state_json(st)
                new = _moved(text, {item: moved_to}, order_tie(new_hash))
                assert new is not None
                assert len(new.encode()) == len(text.encode()), (old_hash, new_hash, item)
                assert parse_head(new)[:3] == (NOW, order_tie(new_hash), moved_to)
                assert json.loads(new)["created_seq"] == order_tie(new_hash)

"""A forget erases the hash of every recorded block that injected the forgotten name: a block's
hash confirms a guess of the block (issue 32, point 2)."""

from __future__ import annotations

import json

from test_page_memory import NOW, USER, query, seed

from creative_memory.model.constants import Actor
from creative_memory.services.forget import erasure, forgetting
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.store.store import Store


def test_a_forget_erases_the_hash_of_every_block_that_named_it(store: Store, blocks: BlockChecker) -> None:
    """A block's hash confirms a guess of the block; after a forget, the hashes of the blocks that
    injected the forgotten name are gone, and the others stay."""
    from creative_memory.services.retrieval import retrieval

    tag = {"signal_type": "explicit_tag", "tag": "love this"}
    seed(
        store,
        *[
            json.dumps(
                {
                    **tag,
                    "event_id": f"a{i}",
                    "occurred_at": "2026-11-01T10:00:00Z",
                    "patterns": [
                        {"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}
                    ],
                }
            )
            for i in range(5)
        ],
    )
    named = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW)).retrieval_id
    seed(
        store,
        *[
            json.dumps(
                {
                    **tag,
                    "event_id": f"b{i}",
                    "project_id": "p_two",
                    "occurred_at": "2026-11-01T10:00:00Z",
                    "scope": "project",
                    "patterns": [
                        {"preference_type": "layout", "pattern": "dense_grid", "polarity": "positive"}
                    ],
                }
            )
            for i in range(5)
        ],
    )
    hashes_before = dict(
        query(store.data_dir.store, "SELECT id, block_sha256 FROM creative_memory_retrievals")
    )
    assert hashes_before[named]
    forgetting.forget(
        store, USER, [erasure.Target("layout", "airy_spacing")], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    other = retrieval.run(store, retrieval.RetrievalRequest(USER, project_id="p_two", now=NOW)).retrieval_id
    hashes = dict(query(store.data_dir.store, "SELECT id, block_sha256 FROM creative_memory_retrievals"))
    assert hashes[named] == ""
    assert len(hashes[other]) == 64

"""A recorded retrieval asked for by a person (``od-memory retrieve``, the window's "Run a recorded
retrieval") is refused on a damaged store, so nothing is recorded on top of the damage.

One check for both: the store's pages are read first (``store.integrity.damage``; about 200 ms on
the M demo store, decision 0074). ``serve`` keeps its own once-per-store check and answers without
recording instead, since the daemon must get its block.
"""

from __future__ import annotations

from creative_memory.services.common.errors import StoreUnavailable
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.request import RetrievalRequest
from creative_memory.services.store.integrity import damage, damaged_sentence
from creative_memory.services.store.store import Store


def run_unless_damaged(store: Store, request: RetrievalRequest, command: str) -> retrieval.RetrievalOutcome:
    """:func:`retrieval.run`, after checking the store when the retrieval would be recorded; a
    damaged store is a sentence (StoreUnavailable, exit 4) naming ``command``, and nothing is written."""
    if not request.dry_run and not store.read_only:
        detail = damage(store)
        if detail is not None:
            raise StoreUnavailable(damaged_sentence(command, detail))
    return retrieval.run(store, request)

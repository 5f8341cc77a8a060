"""``serve`` freezes its long-lived objects once the store's libraries are loaded, so the
collector's full passes stop walking them in the middle of a retrieval."""

from __future__ import annotations

import gc
import io
import json
import sys
from collections.abc import Iterator

import pytest

from creative_memory.cli.commands.serve import serve_lines, settle_memory
from creative_memory.model.constants import Actor
from creative_memory.services.context import Context
from creative_memory.services.rpc.host import Host
from creative_memory.services.store.store import Store


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the test process collects as usual again


def _request(i: int, method: str, params: dict[str, object] | None = None) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params or {}}).encode() + b"\n"


def test_the_first_answers_freeze_what_is_loaded(store: Store, unfrozen: None) -> None:
    ctx = Context(data_dir=store.data_dir, user="local", actor=Actor.CLI)
    try:
        out = io.BytesIO()
        lines = io.BytesIO(_request(1, "ping") + _request(2, "retrieve", {"dry_run": True}))
        serve_lines(Host(ctx), lines, out)
        answers = [json.loads(x) for x in out.getvalue().splitlines()]
        assert [a["id"] for a in answers] == [1, 2] and "result" in answers[1]
        assert gc.get_freeze_count() > 0
    finally:
        ctx.close()


def test_an_answer_that_loaded_nothing_new_neither_collects_nor_freezes(unfrozen: None) -> None:
    loaded = len(sys.modules)
    assert settle_memory(loaded) == loaded
    assert gc.get_freeze_count() == 0
    assert settle_memory(loaded - 1) == loaded  # something was imported since: frozen
    assert gc.get_freeze_count() > 0

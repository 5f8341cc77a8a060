"""Store.writes_kept: a long write's short transactions run on one connection (decision 0053).

A temporary table lives only on the connection that made it, so it tells which connection a
write ran on.
"""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import text

from creative_memory.services.store.store import Store


def _marked(store: Store) -> bool:
    """Whether this write runs on a connection that holds the temporary marker table."""
    with store.write() as s:
        return bool(s.execute(text("SELECT count(*) FROM sqlite_temp_master WHERE name = 'marker'")).scalar())


def _mark(store: Store) -> None:
    with store.write() as s:
        s.execute(text("CREATE TEMP TABLE marker (x)"))


def test_writes_inside_share_one_connection_and_it_is_gone_afterwards(store: Store) -> None:
    with store.writes_kept():
        _mark(store)
        assert _marked(store)
        assert _marked(store)
    assert not _marked(store)  # a connection of its own again


def test_another_thread_keeps_its_own_connections(store: Store) -> None:
    seen: list[bool] = []
    with store.writes_kept():
        _mark(store)
        worker = threading.Thread(target=lambda: seen.append(_marked(store)))
        worker.start()
        worker.join()
        assert _marked(store)
    assert seen == [False]


def test_a_failed_transaction_is_rolled_back_and_the_connection_goes_on(store: Store) -> None:
    with store.writes_kept():
        _mark(store)
        with pytest.raises(RuntimeError), store.write() as s:
            s.execute(text("INSERT INTO marker VALUES (1)"))
            raise RuntimeError("stop")
        with store.write() as s:
            assert s.execute(text("SELECT count(*) FROM marker")).scalar() == 0
            s.execute(text("INSERT INTO marker VALUES (2)"))
        with store.write() as s:
            assert s.execute(text("SELECT x FROM marker")).scalar() == 2

"""The Inspector's in-memory text index selects exactly the rows the services' ``LIKE`` rule does
(every word, case-insensitively, in the pattern, the type or the scope), whatever the order in
which words are typed (a word is tried only on the values an earlier word inside it matched)."""

from __future__ import annotations

import pytest

from creative_memory.services.demo import demo
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.inspector_query import load_page, load_text_index, load_total
from creative_memory.services.inspection.inspector_text import TextIndex
from creative_memory.services.inspection.queries import PrefFilter
from creative_memory.services.store.store import Store

NOW = 1_780_000_000_000
USER = "local"

TYPED = [
    # prefixes as typed, then words that contain earlier ones, several words, odd case
    "s",
    "se",
    "ser",
    "seri",
    "serif",
    "erif",
    "g",
    "gr",
    "grid",
    "co",
    "col",
    "colo",
    "olor",
    "color",
    "p_",
    "project",
    "PROJECT:P",
    "glob",
    "global co",
    "co global",
    "serif grid",
    "ri",
    "rif",
    "zz",
    "_",
    "a b c",
    "  Airy   Spacing ",
    "",
]


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    from creative_memory.services.location.datadir import DataDir

    store = Store.open(DataDir(tmp_path_factory.mktemp("text-index") / "od", "flag"))
    demo.generate(store, USER, size="S", seed=3, now=NOW)
    return store


def _like(store: Store, text: str) -> set[int]:
    with store.read() as session:
        q = queries.page_query(USER, PrefFilter(text=text), limit=1_000_000)
        return {p.id for p in session.scalars(q)}


def test_the_index_matches_the_like_rule_in_any_typing_order(demo_store: Store) -> None:
    index = load_text_index(demo_store, USER)
    every = set(_like(demo_store, ""))
    assert len(index) == len(every) > 500
    for order in (TYPED, list(reversed(TYPED))):
        index = load_text_index(demo_store, USER)
        for text in order:
            hit, miss = index.split(text)
            want = _like(demo_store, text) if text.strip() else every
            assert set(hit) == want, text
            assert set(miss) == every - want, text
            assert len(hit) + len(miss) == len(every), text
            assert index.split(text) == (hit, miss)  # asked again: the same lists


def test_pages_and_counts_through_the_index_are_the_like_rule_s(demo_store: Store) -> None:
    index = load_text_index(demo_store, USER)
    for text in ("se", "grid", "co global", "zz"):
        flt = PrefFilter(text=text)
        want = _like(demo_store, text)
        page = load_page(demo_store, USER, flt, "pattern", False, None, 1_000_000, True, index)
        assert {r.id for r in page.rows} == want
        assert page.total == len(want) == load_total(demo_store, USER, flt, index)


def test_an_empty_index_answers_nothing() -> None:
    index = TextIndex([], [])
    assert index.split("a") == ([], [])
    assert index.split("") == ([], [])


@pytest.mark.parametrize("drive_limit", [0, 3000])
def test_pages_walked_with_the_listed_ids_are_the_like_rule_s(
    demo_store: Store, monkeypatch: pytest.MonkeyPatch, drive_limit: int
) -> None:
    """Many matching rows are read by walking the sort order and asking ``cm_text_listed`` (a
    set of the matching ids, or of the others when most rows match): the same rows, in the same
    order, page after page, as the ``LIKE`` rule (``drive_limit`` 0 takes that path on a small store)."""
    from creative_memory.services.inspection import inspector_query

    monkeypatch.setattr(inspector_query, "DRIVE_LIMIT", drive_limit)
    index = load_text_index(demo_store, USER)
    for text in ("se", "o", "e", "co global", "_", "zz"):  # few, many and most rows match
        for sort, descending in (("strength", True), ("pattern", False), ("last_injected_at", True)):
            flt = PrefFilter(text=text, show_archived=True)
            with demo_store.read() as session:
                want = [
                    p.id
                    for p in session.scalars(
                        queries.page_query(USER, flt, sort=sort, descending=descending, limit=1_000_000)
                    )
                ]
            got: list[int] = []
            after = None
            while True:
                page = load_page(demo_store, USER, flt, sort, descending, after, 37, False, index)
                got += [r.id for r in page.rows]
                if len(page.rows) < 37:
                    break
                after = inspector_query.cursor_of(page.rows[-1], sort)
            assert got == want, (text, sort)
            assert load_total(demo_store, USER, flt, index) == len(want), text
    hit, miss = index.split("e")
    assert len(hit) > len(miss) > 0  # "e" took the path of the ids that do not match

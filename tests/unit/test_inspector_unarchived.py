"""The Inspector's default list (archived rows hidden, by strength) is read one status at a time
and merged (decision 0060): the same rows in the same order as ``queries.page_query``'s
``status != 'archived'``, page after page, in both directions and under the other filters."""

from __future__ import annotations

from collections import Counter

import pytest

from creative_memory.services.demo import demo
from creative_memory.services.inspection import queries
from creative_memory.services.inspection.inspector_query import cursor_of, load_page, load_total, plan_queries
from creative_memory.services.inspection.queries import PrefFilter
from creative_memory.services.store.store import Store

NOW = 1_780_000_000_000
USER = "local"


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    from creative_memory.services.location.datadir import DataDir

    store = Store.open(DataDir(tmp_path_factory.mktemp("unarchived") / "od", "flag"))
    demo.generate(store, USER, size="S", seed=3, now=NOW)
    return store


def _walk(store: Store, flt: PrefFilter, descending: bool) -> list[int]:
    got: list[int] = []
    after = None
    while True:
        page = load_page(store, USER, flt, "strength", descending, after, 37, False)
        got += [r.id for r in page.rows]
        if len(page.rows) < 37:
            return got
        after = cursor_of(page.rows[-1], "strength")


def test_the_store_has_what_makes_the_merge_matter(demo_store: Store) -> None:
    with demo_store.read() as session:
        rows = list(session.scalars(queries.page_query(USER, PrefFilter(), limit=1_000_000)))
    statuses = Counter(p.status for p in rows)
    assert statuses["archived"] and statuses["stable"] and statuses["under_review"], statuses
    assert len({p.strength for p in rows}) < len(rows)  # ties in strength, broken by id


@pytest.mark.parametrize("descending", [True, False])
@pytest.mark.parametrize(
    "flt",
    [
        PrefFilter(show_archived=False),
        PrefFilter(show_archived=False, polarity="negative"),
        PrefFilter(show_archived=False, scope="global"),
        PrefFilter(show_archived=False, scope="project"),
        PrefFilter(show_archived=False, preference_type="lay", tiers=frozenset({"high", "medium"})),
    ],
)
def test_pages_of_the_unarchived_rows_by_strength_are_the_plain_query_s(
    demo_store: Store, flt: PrefFilter, descending: bool
) -> None:
    with demo_store.read() as session:
        want = [
            p.id
            for p in session.scalars(
                queries.page_query(USER, flt, sort="strength", descending=descending, limit=1_000_000)
            )
        ]
    assert _walk(demo_store, flt, descending) == want
    assert load_total(demo_store, USER, flt) == len(want)


def test_a_project_s_unarchived_rows_and_the_paths_that_keep_the_plain_query(demo_store: Store) -> None:
    with demo_store.read() as session:
        project = next(
            p.project_id
            for p in session.scalars(queries.page_query(USER, PrefFilter(scope="project"), limit=1))
        )
        flt = PrefFilter(show_archived=False, project_id=project)
        want = [p.id for p in session.scalars(queries.page_query(USER, flt, limit=1_000_000))]
    assert want and _walk(demo_store, flt, True) == want
    merged = plan_queries(USER, flt, sort="strength", descending=True, after=None, limit=5, index=None)
    assert "UNION ALL" in str(merged.page)
    for other in (
        PrefFilter(show_archived=True),
        PrefFilter(show_archived=False, statuses=frozenset({"stable"})),
    ):
        plain = plan_queries(USER, other, sort="strength", descending=True, after=None, limit=5, index=None)
        assert "UNION" not in str(plain.page)
    by_pattern = plan_queries(USER, flt, sort="pattern", descending=False, after=None, limit=5, index=None)
    assert "UNION" not in str(by_pattern.page)

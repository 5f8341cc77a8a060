"""The demo shows everything the program can show: retrievals as the daemon records them, and a
Personal memory beside the Creative memory block; a person's own data is never touched."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import func, select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Retrieval
from creative_memory.services.demo import demostore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.retrieval.personal import compose_personal
from creative_memory.services.store.store import Store

NOW = 1_780_000_000_000
USER = "local"


def _open(path: Path) -> Store:
    return Store.open(DataDir(path, "demo"), busy_timeout_s=0.2, lock_budget_s=0.6)


def test_a_filled_demo_store_has_retrievals_and_personal_memory(tmp_path: Path) -> None:
    store = _open(tmp_path / "demo")
    try:
        demostore.fill(store, USER, size="S", seed=5, now=NOW, actor=Actor.CLI)
        with store.read() as session:
            recorded = session.scalar(
                select(func.count()).select_from(Retrieval).where(Retrieval.user_id == USER)
            )
            modes = set(session.scalars(select(Retrieval.mode).where(Retrieval.user_id == USER)))
        assert recorded == 2 * (1 + demostore.DEMO_RETRIEVAL_PROJECTS)
        assert modes == {"generation", "critique"}
        personal = compose_personal(tmp_path / "demo" / "memory")
        assert "User profile" in personal.text or "Product designer" in personal.text
    finally:
        store.close()


def test_a_personal_memory_that_is_there_already_is_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / "demo" / "memory"
    mine.mkdir(parents=True)
    (mine / "MEMORY.md").write_text("# mine\n", encoding="utf-8")
    store = _open(tmp_path / "demo")
    try:
        demostore.fill(store, USER, size="S", seed=5, now=NOW, actor=Actor.CLI)
    finally:
        store.close()
    assert sorted(p.name for p in mine.iterdir()) == ["MEMORY.md"]
    assert (mine / "MEMORY.md").read_text(encoding="utf-8") == "# mine\n"


def test_the_demo_learns_from_pages_and_says_why(tmp_path: Path) -> None:
    from creative_memory.services.controls import controls
    from creative_memory.services.inspection.explain import load_explain

    store = _open(tmp_path / "demo")
    try:
        demostore.fill(store, USER, size="S", seed=5, now=NOW, actor=Actor.CLI)
        project = next(p.id for p in controls.projects(store, USER))
        airy = load_explain(store, USER, "spacing", "airy_spacing", project)
        assert airy.from_pages is not None and "grew from 12 to 32 px" in airy.from_pages
        calm = load_explain(store, USER, "shape", "no_shadows", project)
        assert calm.from_pages is not None and "fell from 24 to 0 px" in calm.from_pages
        # Filled again (the demo's own events are there): nothing is added twice.
        demostore.show_everything(store, USER, NOW)
        again = load_explain(store, USER, "spacing", "airy_spacing", project)
        assert len(again.events) == len(airy.events)
    finally:
        store.close()

"""The demo store: generated data kept apart from a person's memory.

"Explore with demo data" (GUI) and ``od-memory demo`` without ``--data-dir`` use a store of their
own — ``demo/`` in this program's data folder (``CM_DEMO_DIR`` overrides it) — so generated
preferences can never be injected into a real generation. Given any other store, ``demo`` refuses
when it holds an event that ``demo`` did not make, unless the caller forces it.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
from sqlalchemy import func, select

from creative_memory.model.constants import Actor
from creative_memory.model.tables import Event
from creative_memory.services.common.errors import RefusedForSafety
from creative_memory.services.controls import audit
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

if TYPE_CHECKING:
    from creative_memory.services.demo.demo import CancelCheck, DemoCounts, Progress
    from creative_memory.services.ingest.blocklist import BlockChecker

APP_FOLDER = "creative-memory-studio"
DEMO_SOURCE = "demo"


def demo_data_dir() -> DataDir:
    """Where the demo store lives (created on first use)."""
    override = os.environ.get("CM_DEMO_DIR", "").strip()
    base = (
        Path(override) if override else Path(platformdirs.user_data_dir(APP_FOLDER, appauthor=False)) / "demo"
    )
    return DataDir(base, "demo")


def foreign_events(store: Store) -> int:
    """How many events (of any user) were not made by ``demo``."""
    with store.read() as session:
        n = session.scalar(select(func.count()).select_from(Event).where(Event.source != DEMO_SOURCE))
    return int(n or 0)


def check_may_fill(store: Store, *, force: bool) -> None:
    """Refuse (exit 5, nothing changed) to put demo data beside a person's own events."""
    if force:
        return
    n = foreign_events(store)
    if n:
        raise RefusedForSafety(
            f"This store holds {n} events that are not demo data, so demo data would mix with real "
            "memory; run demo without --data-dir to use the separate demo store, or add --force."
        )


def fill(
    store: Store,
    user_id: str,
    *,
    size: str,
    seed: int,
    now: int,
    actor: Actor,
    force: bool = False,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    blocks: BlockChecker | None = None,
) -> DemoCounts:
    """Generate demo data into ``store`` after the safety check, and note it in the audit log."""
    from creative_memory.services.demo import demo

    check_may_fill(store, force=force)
    made = demo.generate(
        store, user_id, size=size, seed=seed, now=now, progress=progress, cancelled=cancelled, blocks=blocks
    )
    added = show_everything(store, user_id, now)
    if added:  # the page edits are events of the demo too (preferences follow from the status)
        made = replace(made, events=made.events + added)
    with store.write() as session:
        audit.record(session, user_id, actor, "demo", f"size {size} seed {seed}", "ok", now)
    return made


def is_empty(store: Store, user_id: str) -> bool:
    with store.read() as session:
        n = session.scalar(select(func.count()).select_from(Event).where(Event.user_id == user_id))
    return not n


#: How many recorded retrievals the demo makes: the global scope and this many projects, each for a
#: generation and a critique, as the daemon would record them.
DEMO_RETRIEVAL_PROJECTS = 3


def show_everything(store: Store, user_id: str, now: int) -> int:
    """What generated events alone do not show: retrievals as the daemon records them (Diagnostics,
    the why of kept and dropped preferences, Preview's last injection) and, in a data folder that
    has none, a sample of Open Design's Personal memory (``memory/``, beside which Preview shows the
    Creative memory block). Returns how many events it added (the page edits)."""
    from importlib import resources

    from creative_memory.model.constants import Mode, Origin
    from creative_memory.services.controls import controls
    from creative_memory.services.retrieval import retrieval

    every = [p.id for p in controls.projects(store, user_id)]
    demo_only = not foreign_events(store)  # a count over every event: read once (the demo adds none)
    if store.data_dir.rule == "demo" and demo_only:
        # Only in this program's own demo folder: a folder named with --data-dir may be given to
        # Open Design one day, whose own projects table must be its to create.
        name_projects(store, every)
    projects = every[:DEMO_RETRIEVAL_PROJECTS]
    added = page_edits(store, user_id, projects[0], now) if projects and demo_only else 0
    for project in [None, *projects]:
        for mode in (Mode.GENERATION, Mode.CRITIQUE):
            retrieval.run(
                store,
                retrieval.RetrievalRequest(
                    user_id, project_id=project, now=now, mode=mode, origin=Origin.DAEMON
                ),
            )
    memory = store.data_dir.path / "memory"
    if memory.exists() or not demo_only:
        return added  # Open Design's own Personal memory, or a store with a person's events: left alone
    sample = resources.files("creative_memory.resources") / "demo_memory"
    memory.mkdir()
    for entry in sample.iterdir():
        if entry.name.endswith(".md"):
            (memory / entry.name).write_bytes(entry.read_bytes())
    return added


#: The stand-in of Open Design's project list in a demo store that has none: the columns the
#: window reads (the id and the name) and the two times Open Design keeps.
_PROJECTS_TABLE = (
    "CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at INTEGER NOT NULL, "
    "updated_at INTEGER NOT NULL)"
)


def name_projects(store: Store, project_ids: list[str]) -> None:
    """Give the demo's projects names, as Open Design's ``projects`` table gives a person's, so the
    window shows "Brand refresh" where a person would see a name. Only in a store without that
    table: a store Open Design writes keeps its own list untouched."""
    from sqlalchemy import text

    from creative_memory.services.demo.demo_words import project_name

    with store.write() as session:
        exists = session.execute(
            text("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projects'")
        ).first()
        if exists is not None:
            return
        session.execute(text(_PROJECTS_TABLE))
        for pid in project_ids:
            session.execute(
                text("INSERT INTO projects (id, name, created_at, updated_at) VALUES (:id, :name, 0, 0)"),
                {"id": pid, "name": project_name(pid)},
            )


#: What the demo's page edits change in its sample page (``resources/demo_pages/landing.html``): the
#: person opened up the spacing, then took the shadows off and set the headlines in a serif.
_AIRY = ("--gap: 12px", "--gap: 32px")
_CALM = (
    ("box-shadow: 0 6px 18px rgba(0, 0, 0, 0.18)", "box-shadow: none"),
    (
        'h1, h2 { font-family: "Inter", Helvetica, Arial, sans-serif',
        'h1, h2 { font-family: Georgia, "Times New Roman", serif',
    ),
)
_DAY_MS = 86_400_000


def page_edits(store: Store, user_id: str, project_id: str, now: int) -> int:
    """Events that carry pages, as the daemon sends them (decision 0065): a generated page accepted,
    then two edits of it — so the demo shows what the extractor learns and says why."""
    import json
    from importlib import resources

    from creative_memory.model.instants import iso
    from creative_memory.services.ingest.ingest import ingest_jsonl

    first = (resources.files("creative_memory.resources") / "demo_pages" / "landing.html").read_text("utf-8")
    second = first.replace(*_AIRY)
    third = second
    for old, new in _CALM:
        third = third.replace(old, new)
    common = {"project_id": project_id, "artifact_id": "f_landing_html", "session_id": "demo-pages"}
    events = [  # (id, signal, days ago, page before, page after)
        ("demo-pages-1", "generation_accepted", 21, None, first),
        ("demo-pages-2", "manual_refinement", 14, first, second),
        ("demo-pages-3", "manual_refinement", 6, second, third),
    ]
    lines = []
    for event_id, signal, days, before, after in events:
        event = {
            **common,
            "event_id": event_id,
            "signal_type": signal,
            "occurred_at": iso(now - days * _DAY_MS),
        }
        event["page"] = after
        if before is not None:
            event["page_before"] = before
        lines.append(json.dumps(event))
    return ingest_jsonl(store, "\n".join(lines), default_user=user_id, now=now, source=DEMO_SOURCE).accepted

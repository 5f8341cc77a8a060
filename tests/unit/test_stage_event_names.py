"""Every stage event names a pattern where the check before a recording looks for it
(``retrieval_record.named_patterns``: a field called ``pattern`` or ending in ``_pattern(s)``, or
by key in ``sample`` or the event's ``preference_key``). A stage that listed names under another
field would let a retrieval answered before a forget write the forgotten name back (issue 32,
point 2); this walks the stage events of retrievals over the demo store, every project and mode."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from creative_memory.model.constants import Mode
from creative_memory.model.tables import Preference
from creative_memory.services.controls import controls
from creative_memory.services.demo import demo
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.retrieval_record import named_patterns
from creative_memory.services.store.store import Store

USER = "local"
NOW = 1_793_500_000_000


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def test_every_stage_event_names_patterns_where_the_recording_check_reads(store: Store) -> None:
    demo.generate(store, USER, size="S", seed=7, now=NOW)
    with store.read() as s:
        names = set(s.scalars(select(Preference.pattern).where(Preference.user_id == USER)))
    projects = [None, *(p.id for p in controls.projects(store, USER))]
    seen_types: set[str] = set()
    unnamed: list[str] = []
    for project in projects:
        for mode in (Mode.GENERATION, Mode.CRITIQUE):
            out = retrieval.run(
                store,
                retrieval.RetrievalRequest(USER, project_id=project, now=NOW, mode=mode, dry_run=True),
            )
            for e in out.result.events:
                seen_types.add(e.type)
                covered = named_patterns(e.fields)
                for field, value in e.fields.items():
                    for text in _strings(value):
                        if field == "sample" or text in covered:
                            continue
                        if text in names or any(text.endswith("/" + n) or f"/{n}/" in text for n in names):
                            unnamed.append(f"{e.type}.{field}: {text}")
    assert len(seen_types) >= 4, seen_types  # the demo store reaches several stages
    assert not unnamed, unnamed

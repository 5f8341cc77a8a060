"""The detail pane's records query probes the pattern's key; it never walks the strength index.

Without statistics SQLite answered ``... WHERE user_id, scope, type, pattern ORDER BY strength DESC``
by walking ``ix_cm_prefs_user_strength`` over every preference of the user (to skip sorting two
rows): 0.3–0.4 s at L on the window's one store thread, which held up the Inspector's pages.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import event

from creative_memory.services.common.clock import parse_instant
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import explain
from creative_memory.services.store.store import Store

NOW = parse_instant("2026-01-03T00:00:00Z", 0)


def _ingest(store: Store) -> None:
    lines = []
    for k in range(6):
        for pattern, pol in (("airy_spacing", "positive"), ("dense_grid", "positive")):
            lines.append(
                json.dumps(
                    {
                        "event_id": f"{pattern}-{pol}-{k}",
                        "signal_type": "thumbs_up",
                        "occurred_at": f"2026-01-02T10:{k:02d}:00Z",
                        "session_id": f"s{k}",
                        "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": pol}],
                    }
                )
            )
    ingest_jsonl(store, "\n".join(lines), default_user="local", now=NOW)


def test_the_records_query_uses_the_key_not_the_strength_index(store: Store) -> None:
    _ingest(store)
    seen: list[tuple[str, Any]] = []

    def capture(
        _conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool
    ) -> None:
        if "FROM creative_memory_preferences" in statement and "pattern = ?" in statement:
            seen.append((statement, parameters))

    with store.read() as session:
        engine = session.get_bind()
        event.listen(engine, "before_cursor_execute", capture)
        try:
            got = explain.explain(session, "local", "layout", "airy_spacing", now=NOW)
        finally:
            event.remove(engine, "before_cursor_execute", capture)
    assert seen, "the records query was not seen"
    con = sqlite3.connect(Path(store.path))
    try:
        for statement, parameters in seen:
            steps = " | ".join(str(s[-1]) for s in con.execute("EXPLAIN QUERY PLAN " + statement, parameters))
            assert "ix_cm_prefs_user_strength" not in steps, steps
            assert "SCAN" not in steps, steps
    finally:
        con.close()
    strengths = [(r.strength, r.id) for r in got.records]
    assert strengths and strengths == sorted(strengths, key=lambda s: (-s[0], -s[1]))

"""Exports of the listed rows (services.transfer.list_export), without the window: the filter decides the rows,
the format the shape, the file is owner-only, and a store's own files are refused."""

from __future__ import annotations

import csv
import json
import stat
from pathlib import Path

import pytest

from creative_memory.model.constants import Actor, Origin
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.controls import audit
from creative_memory.services.retrieval import retrieval
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import list_export

NOW = 1_793_000_000_000


def test_retrievals_export_as_json_with_events_and_as_csv_one_line_each(store: Store, tmp_path: Path) -> None:
    ids = [
        retrieval.run(
            store, retrieval.RetrievalRequest("local", project_id=project, now=NOW + i, origin=origin)
        ).retrieval_id
        for i, (project, origin) in enumerate([("p1", Origin.DAEMON), ("p2", Origin.CLI), ("p1", Origin.CLI)])
    ]
    everything = tmp_path / "all.json"
    assert (
        list_export.export_retrievals(store, "local", list_export.RetrievalFilter(), everything, "json") == 3
    )
    assert stat.S_IMODE(everything.stat().st_mode) == 0o600
    rows = json.loads(everything.read_text(encoding="utf-8"))
    assert [r["id"] for r in rows] == list(reversed(ids))
    assert all(isinstance(r["events"], list) for r in rows)  # JSON carries each one's stage events

    only_cli = tmp_path / "cli.csv"
    assert (
        list_export.export_retrievals(
            store, "local", list_export.RetrievalFilter(origin="cli"), only_cli, "csv"
        )
        == 2
    )
    with only_cli.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        assert tuple(reader.fieldnames or ()) == list_export.RETRIEVAL_EXPORT_COLUMNS
        parsed = list(reader)
    assert [int(r["id"]) for r in parsed] == [ids[2], ids[1]]
    assert {r["origin"] for r in parsed} == {"cli"}


def test_the_audit_log_exports_what_its_filter_matches(store: Store, tmp_path: Path) -> None:
    audit.record_action(store, "local", Actor.GUI, "pause", "memory", "ok: both", NOW)
    audit.record_action(store, "local", Actor.CLI, "resume", "memory", "ok", NOW + 1)
    path = tmp_path / "activity.csv"
    assert list_export.export_audit(store, "local", "resume", path, "csv") == 1
    with path.open(newline="", encoding="utf-8") as fh:
        parsed = list(csv.DictReader(fh))
    assert [r["action"] for r in parsed] == ["resume"]
    assert list(parsed[0]) == list(list_export.AUDIT_COLUMNS)


def test_a_store_file_or_an_unknown_format_is_refused_and_nothing_is_written(
    store: Store, tmp_path: Path
) -> None:
    before = store.path.read_bytes()
    with pytest.raises(CreativeMemoryError):
        list_export.export_retrievals(store, "local", list_export.RetrievalFilter(), store.path, "json")
    assert store.path.read_bytes() == before
    with pytest.raises(ValueError, match="export format"):
        list_export.write_rows(tmp_path / "x.xml", "xml", [], ["id"])
    assert not (tmp_path / "x.xml").exists()
    assert list_export.format_for("a.CSV") == "csv" and list_export.format_for("a.txt", "json") == "json"

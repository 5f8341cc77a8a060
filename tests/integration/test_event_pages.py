"""Events that carry pages (decision 0065): through ``od-memory ingest`` and ``od-memory serve`` an
event's page gives the extractor's patterns; an edit of the words gives none; what is stored is a
style digest (no words, alt text, addresses or script), one per distinct page; a block stops a
pattern being extracted again; pages over 2 MB are refused."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.services.extract.digest import digest
from creative_memory.services.extract.page import extract
from creative_memory.services.extract.vocabulary import EXTRACTOR_VERSION
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

CLI = [sys.executable, "-m", "creative_memory.cli.main"]
NOW = "2026-11-10T12:00:00Z"
NOW_MS = 1_794_312_000_000
USER = "local"

PAGE = """<!DOCTYPE html><html><head><title>Ferngrove Bakery</title>
<style>body{font-family:Georgia,serif;padding:32px} p{margin:28px 0;line-height:1.7}</style>
<script>track("visitor-secret")</script></head>
<body><h1>Ferngrove sourdough</h1><p>Baked every morning by Marguerite.</p>
<img src="https://cdn.ferngrove.example/loaf-photo.jpg" alt="A loaf on the counter" width="640" height="480">
<a href="https://ferngrove.example/order">Order now</a></body></html>"""
TIGHT = PAGE.replace("padding:32px", "padding:8px").replace("margin:28px 0", "margin:6px 0")
SECRETS = ("Ferngrove", "Marguerite", "loaf", "visitor-secret", "counter", "Order now", "example", "Baked")


def lines() -> list[dict[str, Any]]:
    return [
        {
            "event_id": "acc",
            "signal_type": "generation_accepted",
            "occurred_at": "2026-11-01T10:00:00Z",
            "page": PAGE,
        },
        {
            "event_id": "edit",
            "signal_type": "manual_refinement",
            "occurred_at": "2026-11-01T11:00:00Z",
            "page": PAGE,
            "page_before": TIGHT,
        },
        {
            "event_id": "words",
            "signal_type": "manual_refinement",
            "occurred_at": "2026-11-01T12:00:00Z",
            "page": PAGE.replace("every morning", "at dawn"),
            "page_before": PAGE,
        },
        {
            "event_id": "cmp",
            "signal_type": "comparison",
            "occurred_at": "2026-11-01T13:00:00Z",
            "chose": {"artifact_id": "a_1", "page": PAGE},
            "over": {"artifact_id": "a_2", "page": TIGHT},
        },
    ]


def query(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def stored(db: Path) -> dict[str, dict[str, Any]]:
    return {e: json.loads(p) for e, p in query(db, "SELECT event_id, payload FROM creative_memory_events")}


def items(payload: dict[str, Any]) -> set[tuple[str, str, str]]:
    out = {(p["preference_type"], p["pattern"], p["polarity"]) for p in payload["patterns"]}
    for side, polarity in (("chose", "positive"), ("over", "negative")):
        if side in payload:
            out |= {(p["preference_type"], p["pattern"], polarity) for p in payload[side]["patterns"]}
    return out


def check_store(db: Path) -> None:
    events = stored(db)
    assert set(events) == {"acc", "edit", "words", "cmp"}
    shown = {(s.preference_type, s.pattern, s.polarity) for s in extract(PAGE).patterns}
    assert items(events["acc"]) == shown and ("spacing", "airy_spacing", "positive") in shown
    assert items(events["edit"]) == {
        ("spacing", "airy_spacing", "positive"),
        ("spacing", "tight_spacing", "negative"),
    }
    assert items(events["words"]) == set()  # a change of the words alone moves no feature
    assert items(events["cmp"]) == {
        ("spacing", "airy_spacing", "positive"),
        ("spacing", "tight_spacing", "negative"),
    }
    assert all(p["from"] == "page" for p in events["acc"]["patterns"])
    assert {e["extractor"] for e in events.values()} == {EXTRACTOR_VERSION}
    # The pattern rows are the extracted patterns, as host-named ones would be.
    rows = query(db, "SELECT count(*) FROM creative_memory_event_patterns")
    assert rows == [(len(shown) + 4,)]
    prefs = query(
        db, "SELECT pattern, polarity FROM creative_memory_preferences WHERE pattern = 'airy_spacing'"
    )
    assert prefs == [("airy_spacing", "positive")]
    # One digest per distinct page: the two pages and the page of other words (its digest equals PAGE's).
    bodies = dict(query(db, "SELECT digest_id, body FROM creative_memory_page_digests"))
    assert set(bodies) == {digest(PAGE).digest_id, digest(TIGHT).digest_id}
    assert events["words"]["pages"] == {"page": digest(PAGE).digest_id, "page_before": digest(PAGE).digest_id}
    for body in bodies.values():
        for secret in SECRETS:
            assert secret.lower() not in body.lower(), secret
        assert "track(" not in body and "https" not in body
    raw = db.read_bytes()
    for secret in ("Marguerite", "visitor-secret", "loaf-photo"):
        assert secret.encode() not in raw


def test_pages_through_od_memory_ingest(tmp_path: Path) -> None:
    data = tmp_path / "od"
    Store.open(DataDir(data, "flag")).close()
    file = tmp_path / "events.jsonl"
    file.write_text("\n".join(json.dumps(e) for e in lines()) + "\n", encoding="utf-8")
    proc = subprocess.run(
        [*CLI, "ingest", str(file), "--data-dir", str(data), "--now", NOW, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ),
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["accepted"] == 4
    check_store(data / "app.sqlite")


def test_pages_through_serve(tmp_path: Path) -> None:
    data = tmp_path / "od"
    Store.open(DataDir(data, "flag")).close()
    request = {"jsonrpc": "2.0", "id": 1, "method": "ingest", "params": {"events": lines()}}
    proc = subprocess.run(
        [*CLI, "serve", "--stdio", "--data-dir", str(data), "--now", NOW],
        input=json.dumps(request) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ),
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout.splitlines()[0])
    assert "error" not in answer, answer
    check_store(data / "app.sqlite")


def test_a_block_stops_a_pattern_being_extracted_and_large_pages_are_refused(
    store: Store, blocks: BlockChecker
) -> None:
    with store.write() as session:
        blocks.block(session, USER, "spacing", "airy_spacing", NOW_MS)
    text = "\n".join(json.dumps(e) for e in lines()[:2])
    report = ingest_jsonl(store, text, default_user=USER, now=NOW_MS, blocks=blocks)
    assert report.accepted == 2 and report.ignored == {"blocked": 2}
    with store.read() as session:
        from sqlalchemy import text as sql

        patterns = {r[0] for r in session.execute(sql("SELECT pattern FROM creative_memory_event_patterns"))}
    assert "airy_spacing" not in patterns and "tight_spacing" in patterns

    big = {**lines()[0], "event_id": "big", "page": "<p>" + "x" * (2 * 1024 * 1024) + "</p>"}
    refused = ingest_jsonl(store, json.dumps(big), default_user=USER, now=NOW_MS)
    assert refused.accepted == 0 and "2 MB" in refused.rejected[0].error
    fits = {**lines()[0], "event_id": "fits", "page": PAGE + " " * (1024 * 1024)}
    assert ingest_jsonl(store, json.dumps(fits), default_user=USER, now=NOW_MS).accepted == 1
    long_diff = {**lines()[0], "event_id": "diff", "diff": "d" * 70_000}
    assert ingest_jsonl(store, json.dumps(long_diff), default_user=USER, now=NOW_MS).accepted == 0


def test_the_extractor_version_is_part_of_the_derivation_version() -> None:
    assert DERIVATION_VERSION.endswith(f"+{EXTRACTOR_VERSION}")

"""What is kept of pages over a memory's life (decision 0065): forgetting an extracted pattern takes
its evidence with it — the events that named it lose their pages and a digest no event names any
more is deleted — as do forgetting a session and a reset; an export carries the digests and imports
back equal, and a bundle whose digests were tampered with is refused; a rebuild reads the pages an
older extractor read again, keeping the host's patterns and the user's blocks."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.extract.vocabulary import EXTRACTOR_VERSION
from creative_memory.services.forget import erasure, forgetting, reset, session_forget
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import exporting, importing

USER = "local"
NOW = 1_794_312_000_000

PAGE = """<!DOCTYPE html><html><head><title>Ferngrove Bakery</title>
<style>body{font-family:Georgia,serif;padding:32px} p{margin:28px 0;line-height:1.7}</style></head>
<body><h1>Ferngrove sourdough</h1><p>Baked every morning by Marguerite.</p></body></html>"""
TIGHT = PAGE.replace("padding:32px", "padding:8px").replace("margin:28px 0", "margin:6px 0")
SANS = PAGE.replace("Georgia,serif", "Helvetica,Arial,sans-serif")


def line(event_id: str, signal: str, session: str = "s1", **fields: Any) -> str:
    return json.dumps(
        {
            "event_id": event_id,
            "signal_type": signal,
            "occurred_at": "2026-11-01T10:00:00Z",
            "session_id": session,
        }
        | fields
    )


def seed(store: Store, *lines: str, blocks: BlockChecker | None = None) -> None:
    report = ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW, blocks=blocks)
    assert report.accepted == len(lines), report


def query(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def payloads(db: Path) -> dict[str, dict[str, Any]]:
    return {
        str(e): json.loads(p) for e, p in query(db, "SELECT event_id, payload FROM creative_memory_events")
    }


def digests(db: Path) -> dict[str, str]:
    return dict(query(db, "SELECT digest_id, body FROM creative_memory_page_digests"))


def names(payload: dict[str, Any]) -> set[tuple[str, str]]:
    out = {(p["preference_type"], p["pattern"]) for p in payload.get("patterns", [])}
    for side in ("chose", "over"):
        out |= {(p["preference_type"], p["pattern"]) for p in (payload.get(side) or {}).get("patterns", [])}
    return out


def test_forgetting_an_extracted_pattern_takes_the_pages_that_showed_it(
    store: Store, blocks: BlockChecker
) -> None:
    seed(
        store,
        line("edit", "manual_refinement", page=PAGE, page_before=TIGHT),  # airy spacing, from a move
        line("font", "manual_refinement", page=SANS, page_before=PAGE),  # a typeface change only
    )
    db = store.data_dir.store
    before = payloads(db)
    assert ("spacing", "airy_spacing") in names(before["edit"])
    assert ("spacing", "airy_spacing") not in names(before["font"])
    assert len(digests(db)) == 3  # TIGHT, PAGE (shared by both events) and SANS

    forgetting.forget(
        store, USER, [erasure.Target("spacing", "airy_spacing")], blocks=blocks, actor=Actor.CLI, now=NOW
    )

    after = payloads(db)
    # The edit that showed it keeps what else moved but no longer its pages: a later extractor
    # reading them would find the forgotten pattern again.
    assert ("spacing", "airy_spacing") not in names(after["edit"])
    assert ("spacing", "tight_spacing") in names(after["edit"])
    assert "pages" not in after["edit"]
    # The other event's pages stay, and with them the digests it names; TIGHT went with the edit.
    assert after["font"]["pages"] == before["font"]["pages"]
    assert set(digests(db)) == set(before["font"]["pages"].values())
    assert before["edit"]["pages"]["page_before"] not in digests(db)
    assert not any("airy_spacing" in json.dumps(p) for p in after.values())


def test_a_block_is_applied_again_when_a_forgotten_page_pattern_is_blocked(
    store: Store, blocks: BlockChecker
) -> None:
    seed(store, line("acc", "generation_accepted", page=PAGE))
    forgetting.forget(
        store,
        USER,
        [erasure.Target("shape", "no_shadows")],
        blocks=blocks,
        block=True,
        actor=Actor.CLI,
        now=NOW,
    )
    seed(store, line("acc2", "generation_accepted", session="s2", page=PAGE), blocks=blocks)
    stored = payloads(store.data_dir.store)
    assert ("shape", "no_shadows") not in names(stored["acc2"])
    assert ("spacing", "airy_spacing") in names(stored["acc2"])


def test_forgetting_a_session_and_a_reset_delete_the_digests_no_event_names(
    store: Store, blocks: BlockChecker
) -> None:
    seed(
        store,
        line("a", "generation_accepted", session="s1", page=PAGE),
        line("b", "generation_accepted", session="s2", page=SANS),
    )
    db = store.data_dir.store
    kept = payloads(db)["b"]["pages"]["page"]
    session_forget.forget_session(store, USER, "s1", actor=Actor.CLI, now=NOW)
    assert set(digests(db)) == {kept}
    reset.reset(store, USER, confirm=True, actor=Actor.CLI, now=NOW)
    assert digests(db) == {}


def other_store(tmp_path: Path, name: str) -> Store:
    data_dir = DataDir(tmp_path / name, "flag")
    data_dir.path.mkdir()
    return Store.open(data_dir)


def test_an_export_carries_the_digests_and_imports_back_equal(store: Store, tmp_path: Path) -> None:
    seed(
        store,
        line("edit", "manual_refinement", page=PAGE, page_before=TIGHT),
        line(
            "cmp",
            "comparison",
            chose={"artifact_id": "a1", "page": SANS},
            over={"artifact_id": "a2", "page": PAGE},
        ),
    )
    bundle = tmp_path / "memory.json"
    exporting.export_bundle(store, USER, bundle, now=NOW, actor=Actor.CLI)
    doc = json.loads(bundle.read_text(encoding="utf-8"))
    assert doc["page_digests"] == digests(store.data_dir.store)
    assert "Marguerite" not in bundle.read_text(encoding="utf-8")

    other = other_store(tmp_path, "other")
    try:
        importing.import_file(other, USER, bundle, now=NOW, actor=Actor.CLI)
        assert digests(other.data_dir.store) == digests(store.data_dir.store)
        assert payloads(other.data_dir.store) == payloads(store.data_dir.store)
    finally:
        other.close()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("tamper", "not the sha256 of its body"),
        ("words", "not a style digest"),
        ("missing", "does not carry"),
    ],
)
def test_a_bundle_with_a_wrong_digest_is_refused_and_changes_nothing(
    store: Store, tmp_path: Path, change: str, says: str
) -> None:
    from creative_memory.services.extract.digest import digest_id_of

    seed(store, line("acc", "generation_accepted", page=PAGE))
    bundle = tmp_path / "memory.json"
    exporting.export_bundle(store, USER, bundle, now=NOW, actor=Actor.CLI)
    doc = json.loads(bundle.read_text(encoding="utf-8"))
    ((digest_id, body),) = doc["page_digests"].items()
    if change == "tamper":
        doc["page_digests"][digest_id] = body.replace("32px", "33px")
    elif change == "words":  # a body that carries a page's words, under its honest id
        text = body.replace("<h1>x</h1>", "<h1>Ferngrove sourdough</h1>")
        assert text != body
        doc["page_digests"] = {digest_id_of(text): text}
        doc["events"][0]["payload"]["pages"]["page"] = digest_id_of(text)
    else:
        doc["page_digests"] = {}
    bundle.write_text(json.dumps(doc), encoding="utf-8")

    other = other_store(tmp_path, "other")
    try:
        with pytest.raises(InvalidInput, match=says):
            importing.import_file(other, USER, bundle, now=NOW, actor=Actor.CLI)
        assert payloads(other.data_dir.store) == {}
        assert digests(other.data_dir.store) == {}
    finally:
        other.close()


def test_a_rebuild_reads_again_the_pages_an_older_extractor_read(store: Store, blocks: BlockChecker) -> None:
    seed(
        store,
        line(
            "acc",
            "generation_accepted",
            page=PAGE,
            patterns=[{"preference_type": "layout", "pattern": "hero_first", "polarity": "positive"}],
        ),
    )
    db = store.data_dir.store
    fresh = payloads(db)["acc"]
    # As an older extractor would have stored it: another version, a pattern this one does not find.
    old = dict(fresh)
    old["extractor"] = "extract-0"
    old["patterns"] = [p for p in fresh["patterns"] if p.get("from") != "page"] + [
        {
            "preference_type": "spacing",
            "pattern": "tight_spacing",
            "polarity": "positive",
            "from": "page",
            "because": "old",
        }
    ]
    con = sqlite3.connect(db)
    con.execute(
        "UPDATE creative_memory_events SET payload = ? WHERE event_id = 'acc'",
        (json.dumps(old, sort_keys=True, separators=(",", ":")),),
    )
    con.commit()
    con.close()
    # Block one pattern this extractor finds: the re-read leaves it out.
    with store.write() as session:
        blocks.block(session, USER, "shape", "no_shadows", NOW)

    rebuilt = forgetting.rebuild_on_request(store, USER, NOW, blocks=blocks)

    assert rebuilt.pages.events == 1 and rebuilt.pages.changed == 1
    now_stored = payloads(db)["acc"]
    assert now_stored["extractor"] == EXTRACTOR_VERSION
    found = names(now_stored)
    assert ("layout", "hero_first") in found  # the host's pattern is kept
    assert ("spacing", "tight_spacing") not in found  # the old extractor's reading is gone
    assert ("spacing", "airy_spacing") in found
    assert ("shape", "no_shadows") not in found  # blocked
    index = {
        (t, p) for t, p in query(db, "SELECT preference_type, pattern FROM creative_memory_event_patterns")
    }
    assert index == found
    prefs = {(t, p) for t, p in query(db, "SELECT preference_type, pattern FROM creative_memory_preferences")}
    assert ("spacing", "airy_spacing") in prefs and ("spacing", "tight_spacing") not in prefs
    # A second rebuild has nothing left to read again.
    assert forgetting.rebuild_on_request(store, USER, NOW, blocks=blocks).pages.events == 0


def test_explain_says_in_words_what_the_pages_showed(store: Store) -> None:
    from creative_memory.services.inspection.explain import load_explain

    seed(
        store,
        line("e1", "manual_refinement", page=PAGE, page_before=TIGHT),
        line("e2", "manual_refinement", session="s2", page=PAGE, page_before=TIGHT).replace(
            "2026-11-01T10:00:00Z", "2026-12-02T09:30:00Z"
        ),
        line(
            "host",
            "thumbs_up",
            session="s3",
            patterns=[{"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive"}],
        ),
    )
    d = load_explain(store, USER, "spacing", "airy_spacing", None)
    assert d.from_pages == (
        "the usual padding, margin and gap grew from 8 to 32 px (tight spacing → airy spacing)"
        " — in 2 edits; last on 2 Dec 2026"
    )
    by_id = {e.event_id: e.because for e in d.events}
    assert by_id["host"] is None and by_id["e1"] == by_id["e2"] is not None
    assert "from_pages" in d.as_json()
    # A pattern no page showed has no such sentence.
    assert load_explain(store, USER, "spacing", "tight_spacing", None).from_pages is not None
    seed(
        store,
        line(
            "h2",
            "thumbs_up",
            session="s4",
            patterns=[{"preference_type": "layout", "pattern": "hero_first", "polarity": "positive"}],
        ),
    )
    assert load_explain(store, USER, "layout", "hero_first", None).from_pages is None

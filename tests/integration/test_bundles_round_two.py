"""Every export imports back, and an import holds every field to the rules the commands apply
(issue 32, point 4), for the cases a second review found: a forget of a pattern a page showed, a
blocked pattern on a comparison's page, long font names, moments past the year 9999, patterns
"from the page" of an event without one, a project or a key given twice, values of the wrong
type, and a diff a forget would grow past what ingest stores."""

from __future__ import annotations

import copy
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from creative_memory.services.common.spellings import Mentions
from creative_memory.services.forget import forget_events
from creative_memory.services.forget.erasure import Target
from creative_memory.services.ingest.redaction import MAX_STORED_DIFF_BYTES

PAGE_AIRY = (
    "<html><head><style>p{margin:32px 0;font-family:Georgia,serif}</style></head><body><p>x</p></body></html>"
)
PAGE_TIGHT = "<html><head><style>p{margin:8px 0;font-family:Helvetica,sans-serif}</style></head><body><p>x</p></body></html>"
EDIT = {"event_id": "p1", "signal_type": "manual_refinement", "occurred_at": "2026-11-02T10:00:00Z",
        "page_before": PAGE_TIGHT, "page": PAGE_AIRY}  # fmt: skip
COMPARISON = {"event_id": "c2", "signal_type": "pairwise_comparison", "occurred_at": "2026-11-04T10:00:00Z",
              "chose": {"page": PAGE_AIRY}, "over": {"page": PAGE_TIGHT}}  # fmt: skip
THUMB = {
    "event_id": "p3",
    "signal_type": "thumbs_up",
    "occurred_at": "2026-11-03T10:00:00Z",
    "page": PAGE_AIRY,
}


def od(root: Path, data: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_"))}
    env.update(PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(root / "cfg"))
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(root / data), "--create", *args],
        cwd=root, env=env, capture_output=True, text=True, timeout=180, check=False, input=stdin,
    )  # fmt: skip


def dump(root: Path, data: str) -> str:
    """Everything the store holds, as SQL (the file's bytes may move with a checkpoint)."""
    con = sqlite3.connect(root / data / "app.sqlite")
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


def store_bytes(root: Path, data: str) -> bytes:
    return b"".join(p.read_bytes() for p in sorted((root / data).glob("app.sqlite*")))


@pytest.mark.parametrize("event", [EDIT, COMPARISON, THUMB], ids=["edit", "comparison", "thumbs"])
def test_a_forget_of_a_pattern_a_page_showed_leaves_an_export_that_imports(
    tmp_path: Path, event: Any
) -> None:
    assert od(tmp_path, "a", "ingest", stdin=json.dumps(event)).returncode == 0
    r = od(tmp_path, "a", "forget", "spacing", "airy_spacing", "--yes")
    assert r.returncode == 0 and "Verified" in r.stdout, r.stdout + r.stderr
    # the other patterns' explanations named it ("tight spacing → airy spacing"): scrubbed too
    assert "Kept:" not in r.stdout
    assert not Mentions(["airy_spacing"]).found(store_bytes(tmp_path, "a").decode("utf-8", "replace"))
    assert od(tmp_path, "a", "export", "--to", "b.json").returncode == 0
    r = od(tmp_path, "fresh", "import", "b.json")
    assert r.returncode == 0, r.stderr
    r = od(tmp_path, "a", "reset", "--confirm", "--backup", "before.json")
    assert r.returncode == 0, r.stderr


def test_a_blocked_pattern_a_comparisons_page_showed_goes_alone_at_import_as_at_ingest(
    tmp_path: Path,
) -> None:
    assert od(tmp_path, "a", "ingest", stdin=json.dumps(COMPARISON)).returncode == 0
    assert od(tmp_path, "a", "export", "--to", "cmp.json").returncode == 0
    seed = {"event_id": "x1", "signal_type": "explicit_tag", "tag": "love this", "occurred_at": "2026-11-01T10:00:00Z",
            "patterns": [{"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive"}]}  # fmt: skip
    for data in ("b", "c"):
        assert od(tmp_path, data, "ingest", stdin=json.dumps(seed)).returncode == 0
        assert od(tmp_path, data, "forget", "spacing", "airy_spacing", "--block", "--yes").returncode == 0
    assert od(tmp_path, "b", "ingest", stdin=json.dumps(COMPARISON)).returncode == 0
    r = od(tmp_path, "c", "import", "cmp.json")
    assert r.returncode == 0 and "Imported 1 events" in r.stdout, r.stdout + r.stderr
    for data in ("b", "c"):
        inspect = od(tmp_path, data, "--json", "inspect")
        names = {p["pattern"] for p in json.loads(inspect.stdout)["preferences"]}
        assert "serif_body_text" in names and "airy_spacing" not in names, (data, names)
        assert b"airy spacing" not in store_bytes(tmp_path, data)


def test_an_event_with_a_long_font_name_exports_and_imports(tmp_path: Path) -> None:
    def font(ch: str) -> str:
        return (
            f'<html><head><style>p{{margin:8px 0;font-family:"{ch * 200}",sans-serif}}</style></head>'
            "<body><p>x</p></body></html>"
        )

    event = {"event_id": "lf1", "signal_type": "manual_refinement", "occurred_at": "2026-11-02T10:00:00Z",
             "page_before": font("A"), "page": font("B").replace("sans-serif", "serif")}  # fmt: skip
    assert od(tmp_path, "a", "ingest", stdin=json.dumps(event)).returncode == 0
    assert od(tmp_path, "a", "export", "--to", "b.json").returncode == 0
    r = od(tmp_path, "fresh", "import", "b.json")
    assert r.returncode == 0, r.stderr


def _bundle() -> dict[str, Any]:
    return {
        "format": "creative-memory-bundle", "version": 1, "exported_at": "2026-11-29T17:21:46.427Z",
        "user_id": "local", "derivation_version": "cm-derive-5+extract-1",
        "settings": {"memory_enabled": True, "learning_paused_until": None, "using_paused_until": None,
                     "diagnostics_retention_days": 30, "memory_notes": False},
        "project_settings": [],
        "events": [{
            "event_id": "x1", "project_id": None, "scope": "global", "signal_type": "explicit_tag",
            "occurred_at": "2026-11-01T10:00:00.000Z", "tag": "love this", "session_id": None, "artifact_id": None,
            "payload": {"patterns": [{"pattern": "airy_spacing", "polarity": "positive", "preference_type": "spacing"}],
                        "scope": "global", "tag": "love this"},
            "source": "cli",
        }],
        "page_digests": {}, "preferences": 1,
    }  # fmt: skip


def _bad_bundles() -> dict[str, str]:
    out: dict[str, str] = {}
    b = _bundle()
    b["events"][0]["payload"]["patterns"].append(
        {
            "preference_type": "color",
            "pattern": "neon_accents",
            "polarity": "negative",
            "from": "page",
            "because": "x",
        }
    )
    out["from the page without a page"] = json.dumps(b)
    b = _bundle()
    b["project_settings"] = [
        {"project_id": "p9", "use_memory": False},
        {"project_id": "p9", "learn_from_project": False},
    ]
    out["a project twice"] = json.dumps(b)
    b = _bundle()
    b["project_settings"] = [{"project_id": "cafe\u0301"}, {"project_id": "caf\u00e9"}]
    out["a project twice, NFD and NFC"] = json.dumps(b)
    out["a key twice in the settings"] = json.dumps(_bundle()).replace(
        '"memory_notes": false', '"memory_notes": false, "memory_notes": true'
    )
    out["an event id twice"] = json.dumps(_bundle()).replace(
        '"event_id": "x1"', '"event_id": "x1", "event_id": "x2"'
    )
    b = _bundle()
    b["events"][0]["payload"]["scope"] = "project:zz"
    out["the payload's scope another"] = json.dumps(b)
    for field, value in (("diagnostics_retention_days", True), ("memory_enabled", "no"), ("memory_notes", "on"),
                         ("learning_paused_until", 1893456000)):  # fmt: skip
        b = _bundle()
        b["settings"][field] = value
        out[f"settings.{field} = {value!r}"] = json.dumps(b)
    return out


@pytest.mark.parametrize("case", sorted(_bad_bundles()))
def test_an_import_refuses_what_the_commands_never_set_and_changes_nothing(tmp_path: Path, case: str) -> None:
    assert od(tmp_path, "a", "ingest", stdin=json.dumps(THUMB)).returncode == 0
    before = dump(tmp_path, "a")
    (tmp_path / "bad.json").write_text(_bad_bundles()[case], encoding="utf-8")
    for mode in ("merge", "replace"):
        r = od(tmp_path, "a", "import", "--mode", mode, "--yes", "bad.json")
        assert r.returncode == 3, (case, mode, r.stdout, r.stderr)
        assert "Nothing was imported" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert dump(tmp_path, "a") == before


@pytest.mark.parametrize("field", ["decay_at", "reversal_first_seen", "last_seen"])
def test_a_prototype_file_with_a_moment_past_the_year_9999_is_refused(tmp_path: Path, field: str) -> None:
    record = {"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive", "signal_strength": 0.6,
              "confidence": "medium", "last_seen": "2026-11-01T10:00:00Z", "decay_at": "2027-02-01T10:00:00Z"}  # fmt: skip
    ok = {"schema_version": "1.0", "global_preferences": [record], "project_overrides": {}}
    (tmp_path / "ok.json").write_text(json.dumps(ok), encoding="utf-8")
    assert od(tmp_path, "good", "import", "ok.json").returncode == 0
    bad = copy.deepcopy(ok)
    bad["global_preferences"][0][field] = "9999-12-31T23:59:59-12:00"  # the year 10000 in UTC
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    r = od(tmp_path, "a", "import", "bad.json")
    assert r.returncode == 3 and field in r.stderr, r.stderr


def test_a_forget_keeps_a_diff_within_what_ingest_stores() -> None:
    """A one-letter name written 30 000 times: each "[forgotten]" is longer than the letter."""
    payload = {"diff": "q " * 30000, "patterns": [{"preference_type": "layout", "pattern": "q", "polarity": "positive"},
                                                 {"preference_type": "layout", "pattern": "r", "polarity": "positive"}]}  # fmt: skip
    out, alive = forget_events._rewrite_payload(payload, Target("layout", "q"))
    assert alive
    assert len(out["diff"].encode("utf-8")) <= MAX_STORED_DIFF_BYTES
    assert not Mentions(["q"]).found(out["diff"])

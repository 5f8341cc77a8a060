"""Cases of a third review of issue 32, each through the command line: a blocked name written in
what a page showed (a font's name) is scrubbed from the explanations and the page's digest, at
ingest and at import; a forget finds a name that only an explanation still holds; a name with a
Greek letter the fold does not read as Latin is shown distinguishably."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from creative_memory.services.common.spellings import Mentions

PAGE_BEFORE = '<html><head><style>body{font-family:"Georgia",serif;padding:2px}</style></head><body><h1>Hi</h1><p>text</p></body></html>'
PAGE_AFTER = '<html><head><style>body{font-family:"FL\u0391T\u2215DESIGN Grotesk",sans-serif;padding:2px}</style></head><body class="flat-design"><h1>Hi</h1><p>text</p></body></html>'
SEED = {"event_id": "e1", "signal_type": "explicit_tag", "tag": "love this", "occurred_at": "2026-11-01T10:00:00Z",
        "session_id": "s1", "patterns": [{"preference_type": "style", "pattern": "flat_design", "polarity": "positive"}]}  # fmt: skip
EDIT = {"event_id": "e2", "signal_type": "manual_refinement", "occurred_at": "2026-11-02T10:00:00Z", "session_id": "s2",
        "patterns": [{"preference_type": "style", "pattern": "airy_spacing", "polarity": "positive"}],
        "diff": "switched to FL\u0391T\u2215DESIGN", "page_before": PAGE_BEFORE, "page": PAGE_AFTER}  # fmt: skip


def od(root: Path, data: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_"))}
    env.update(PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring", CM_CONFIG_DIR=str(root / "cfg"),
               PYTHONIOENCODING="utf-8")  # fmt: skip
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(root / data), "--create", *args],
        cwd=root, env=env, capture_output=True, text=True, timeout=180, check=False, input=stdin,
    )  # fmt: skip


def stored_texts(root: Path, data: str) -> list[str]:
    """Every text value of the store, read through SQLite."""
    con = sqlite3.connect(root / data / "app.sqlite")
    try:
        out: list[str] = []
        for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
            for row in con.execute(f'SELECT * FROM "{table}"'):
                out += [v for v in row if isinstance(v, str)]
        return out
    finally:
        con.close()


def mentions(root: Path, data: str, name: str) -> list[str]:
    m = Mentions([name])
    return [t[:120] for t in stored_texts(root, data) if m.found(t) or m.found(t.replace("\\t", "\t"))]


def _blocked(root: Path, data: str) -> None:
    assert od(root, data, "ingest", stdin=json.dumps(SEED)).returncode == 0
    r = od(root, data, "forget", "style", "flat_design", "--block", "--yes")
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_blocked_name_in_a_fonts_name_is_scrubbed_from_what_a_page_showed(tmp_path: Path) -> None:
    _blocked(tmp_path, "a")
    assert od(tmp_path, "a", "ingest", stdin=json.dumps(EDIT, ensure_ascii=False)).returncode == 0
    assert mentions(tmp_path, "a", "flat_design") == []
    explained = od(tmp_path, "a", "explain", "typography", "sans_body_text")
    assert explained.returncode == 0 and "[blocked]" in explained.stdout, explained.stdout


def test_an_import_scrubs_a_blocked_name_from_what_a_page_showed(tmp_path: Path) -> None:
    assert od(tmp_path, "src", "ingest", stdin=json.dumps(EDIT, ensure_ascii=False)).returncode == 0
    assert od(tmp_path, "src", "export", "--to", "b.json").returncode == 0
    _blocked(tmp_path, "a")
    r = od(tmp_path, "a", "import", "b.json")
    assert r.returncode == 0, r.stderr
    texts = [t for t in mentions(tmp_path, "a", "flat_design") if "font-family" not in t]
    assert texts == [], texts  # the explanations and the diff (the page's digest is its own)


def test_a_forget_finds_a_name_only_an_explanation_still_holds(tmp_path: Path) -> None:
    assert (
        od(tmp_path, "a", "ingest", stdin=json.dumps({**EDIT, "diff": None}, ensure_ascii=False)).returncode
        == 0
    )
    held: list[str] = [
        t for t in stored_texts(tmp_path, "a") if '"because"' in t and Mentions(["flat_design"]).found(t)
    ]
    assert held, "the explanation must name it, or this tests nothing"
    r = od(tmp_path, "a", "forget", "style", "flat_design", "--yes")
    assert "Nothing is remembered" not in r.stdout + r.stderr, r.stdout + r.stderr
    assert [
        t for t in stored_texts(tmp_path, "a") if '"because"' in t and Mentions(["flat_design"]).found(t)
    ] == []


def test_a_greek_letter_the_fold_does_not_read_as_latin_is_shown_distinguishably(tmp_path: Path) -> None:
    _blocked(tmp_path, "a")
    later = {**SEED, "event_id": "e3", "patterns": [{"preference_type": "style", "pattern": "FLAT_DESIG\u039d",
                                                    "polarity": "positive"}]}  # fmt: skip
    assert od(tmp_path, "a", "ingest", stdin=json.dumps(later, ensure_ascii=False)).returncode == 0
    shown: dict[str, Any] = {}
    out = od(tmp_path, "a", "inspect").stdout
    assert "FLAT_DESIG\u039d[Greek]" in out, out
    shown["json"] = json.loads(od(tmp_path, "a", "--json", "inspect").stdout)
    assert any(p["pattern"] == "FLAT_DESIG\u039d" for p in shown["json"]["preferences"])  # stored as it came

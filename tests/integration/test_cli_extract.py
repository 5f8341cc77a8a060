"""``od-memory extract`` through real processes: the features and patterns of a page, what an edit
moved, one sentence and exit 3 for a page it cannot read, and no store opened or created."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BEFORE = REPO / "docs" / "pages" / "before.html"
AFTER = REPO / "docs" / "pages" / "after.html"


def od(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "XDG_", "PYTHON"))}
    env.update(
        HOME=str(tmp_path / "home"),
        OD_DATA_DIR=str(tmp_path / "od-data"),
        CM_CONFIG_DIR=str(tmp_path / "cfg"),
        XDG_DATA_HOME=str(tmp_path / "xdg-data"),
        XDG_CONFIG_HOME=str(tmp_path / "xdg-config"),
        PYTHONIOENCODING="utf-8",
    )
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_an_edit_prints_what_moved_with_its_values_and_opens_no_store(tmp_path: Path) -> None:
    proc = od(tmp_path, "--json", "extract", str(AFTER), "--before", str(BEFORE))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data) == {"extractor_version", "features", "patterns"}
    assert data["extractor_version"] == "extract-1"
    assert data["features"]["spacing"]["scale_px"] == 28.0  # the page after
    found = {(p["pattern"], p["polarity"]): p for p in data["patterns"]}
    assert set(found) == {
        ("airy_spacing", "positive"),
        ("no_shadows", "positive"),
        ("drop_shadows", "negative"),
    }
    for p in data["patterns"]:
        assert set(p) == {"preference_type", "pattern", "polarity", "because"}
    assert "grew from 12 to 28 px" in found["airy_spacing", "positive"]["because"]
    assert found["drop_shadows", "negative"]["preference_type"] == "shape"
    # Looking never writes: no data folder, no configuration, nothing in the working folder.
    assert sorted(p.name for p in tmp_path.iterdir()) == []

    text = od(tmp_path, "extract", str(AFTER), "--before", str(BEFORE))
    assert text.returncode == 0, text.stderr
    assert "+ spacing airy_spacing: the usual padding, margin and gap grew from 12 to 28 px" in text.stdout
    assert "- shape drop_shadows:" in text.stdout


def test_one_page_prints_its_features_and_the_degrees_they_show(tmp_path: Path) -> None:
    proc = od(tmp_path, "extract", "--json", str(BEFORE))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    shown = {p["pattern"] for p in data["patterns"]}
    assert {"regular_spacing", "sans_body_text", "drop_shadows", "few_columns", "blue_accents"} <= shown
    assert all(p["polarity"] == "positive" for p in data["patterns"])
    assert data["features"]["type"]["body_px"] == 15.0
    assert data["features"]["layout"]["content_px"] == 1040.0


@pytest.mark.parametrize(
    "case", ["missing", "folder", "latin-1", "too large", "empty name", "before missing"]
)
def test_a_page_it_cannot_read_is_one_sentence_and_exit_3(tmp_path: Path, case: str) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "latin.html").write_bytes("<p>café</p>".encode("latin-1"))
    (pages / "big.html").write_bytes(b"<p>" + b"a" * (2 * 1024 * 1024) + b"</p>")
    arg = {
        "missing": [str(pages / "none.html")],
        "folder": [str(pages)],
        "latin-1": [str(pages / "latin.html")],
        "too large": [str(pages / "big.html")],
        "empty name": [""],
        "before missing": [str(AFTER), "--before", str(pages / "none.html")],
    }[case]
    proc = od(tmp_path, "--json", "extract", *arg)
    assert proc.returncode == 3
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("od-memory: ") and lines[0].endswith(".")
    assert json.loads(proc.stdout)["error"]["kind"] == "invalid_input"
    assert not (tmp_path / "od-data").exists()

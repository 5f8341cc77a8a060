"""``od-memory`` with names in any script, malformed project ids and another user's bundle, through
real subprocesses (one sentence on stderr, the documented exit code, nothing changed on refusal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
NOW = "2026-11-10T12:00:00Z"


def od(root: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    (root / "od-data").mkdir(exist_ok=True)  # OD_DATA_DIR names it: a write never creates it
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "XDG_", "PYTHON"))}
    env.update(
        HOME=str(root),
        OD_DATA_DIR=str(root / "od-data"),
        CM_CONFIG_DIR=str(root / "cfg"),
        XDG_CONFIG_HOME=str(root / "xdg-config"),
        XDG_DATA_HOME=str(root / "xdg-data"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        PYTHONIOENCODING="utf-8",
    )
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--now", NOW, *args],
        cwd=REPO,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def refused(p: subprocess.CompletedProcess[str], code: int, *words: str) -> None:
    assert p.returncode == code, (p.returncode, p.stderr)
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr
    for w in words:
        assert w in p.stderr, p.stderr


def events(*patterns: tuple[str, str], project: str | None = None, start: int = 0) -> str:
    lines = []
    for i, (ptype, pattern) in enumerate(patterns, start=start):
        ev: dict[str, Any] = {
            "event_id": f"e{i}",
            "signal_type": "manual_refinement",
            "occurred_at": f"2026-11-01T10:{i:02d}:00Z",
            "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
        }
        if project:
            ev["project_id"] = project
        lines.append(json.dumps(ev, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def test_names_in_any_script_and_malformed_project_ids_on_the_command_line(tmp_path: Path) -> None:
    hindi, cafe = "गहरा_नीला", unicodedata.normalize("NFD", "café_crème")
    src = tmp_path / "e.jsonl"
    src.write_text(
        events(("layout", hindi), ("color", cafe), *[("layout", "airy_spacing")] * 5)
        + events(("layout", "tight_grid"), project="p_nda", start=10)
    )
    assert od(tmp_path, "ingest", str(src)).returncode == 0
    assert od(tmp_path, "project", "disable", "p_nda").returncode == 0

    # The gate is read under the canonical id; a malformed one is refused, never a bypass.
    bad = od(tmp_path, "--json", "retrieve", "--project", "p_nda ")
    refused(bad, 3, "'p_nda ' is not a project id", "contains a space")
    assert json.loads(bad.stdout)["error"]["kind"] == "invalid_input"
    gated = json.loads(od(tmp_path, "--json", "retrieve", "--project", "p_nda", "--dry-run").stdout)
    assert gated["positives"] == [] and gated["empty_reason"]
    assert json.loads(od(tmp_path, "--json", "retrieve", "--dry-run").stdout)[
        "positives"
    ]  # global memory exists
    refused(od(tmp_path, "project", "enable", "p\u202enda"), 3, "U+202E")
    refused(od(tmp_path, "--user", "bob ", "status"), 3, "is not a user id")

    # Forgotten by any spelling: decomposed, another case.
    for ptype, name in (("layout", hindi), ("COLOR", unicodedata.normalize("NFC", cafe).upper())):
        p = od(tmp_path, "--json", "forget", ptype, name, "--yes")
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["verified"] is True
    inspect = json.loads(od(tmp_path, "--json", "inspect").stdout)["preferences"]
    assert {r["pattern"] for r in inspect} == {"airy_spacing", "tight_grid"}


def test_another_users_bundle_needs_as_user(tmp_path: Path) -> None:
    src = tmp_path / "e.jsonl"
    src.write_text(events(("layout", "airy_spacing"), ("layout", "serif_headings")))
    assert od(tmp_path, "--user", "bob", "ingest", str(src)).returncode == 0
    bundle = tmp_path / "bob.json"
    assert od(tmp_path, "--user", "bob", "export", "--to", str(bundle)).returncode == 0
    assert od(tmp_path, "ingest", str(src)).returncode == 0  # local's own e0, e1

    refused(od(tmp_path, "import", str(bundle)), 5, "holds the memory of user 'bob'", "--as-user local")
    p = od(tmp_path, "--json", "import", str(bundle), "--as-user", "carol")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert (out["events"], out["user"], out["skipped"]) == (2, "carol", 0)  # not duplicates of local's
    assert "imported as 'carol'" in p.stderr

"""``od-memory block list|lift`` through real subprocesses: a block shows what is kept of it (an id,
a fingerprint, what it blocks, when, why) and never the name; lifting one lets the pattern be
learned again, and the activity log says so (with the fingerprint, not the name)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
NOW = "2026-11-10T12:00:00Z"


class Box:
    def __init__(self, root: Path) -> None:
        self.root = root
        (root / "od-data").mkdir(exist_ok=True)  # OD_DATA_DIR names a folder that exists (decision 0074)

    def run(self, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
        env = {
            k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "XDG_", "PYTHON", "DBUS_"))
        }
        env.update(
            HOME=str(self.root),
            OD_DATA_DIR=str(self.root / "od-data"),
            CM_CONFIG_DIR=str(self.root / "cfg"),
            XDG_CONFIG_HOME=str(self.root / "xdg-config"),
            XDG_DATA_HOME=str(self.root / "xdg-data"),
            PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
            PYTHONIOENCODING="utf-8",
            PYTHONPATH=str(REPO / "src"),  # this checkout's program, whichever is installed
        )
        proc = subprocess.run(
            [sys.executable, "-m", "creative_memory.cli.main", "--now", NOW, *args],
            cwd=REPO,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        return proc.returncode, proc.stdout, proc.stderr

    def json(self, *args: str, stdin: str | None = None) -> Any:
        rc, out, err = self.run("--json", *args, stdin=stdin)
        assert rc == 0, (args, out, err)
        return json.loads(out)


def ev(i: int, pattern: str, diff: str | None = None) -> str:
    e: dict[str, Any] = {
        "event_id": f"e{i}",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-11-0{i}T10:00:00Z",
        "session_id": f"s{i}",
        "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
    }
    if diff:
        e["diff"] = diff
    return json.dumps(e) + "\n"


def test_block_list_shows_what_is_kept_and_lift_lets_the_pattern_back(tmp_path: Path) -> None:
    box = Box(tmp_path)
    box.json("ingest", "-", stdin=ev(1, "drop_shadows") + ev(2, "airy_spacing"))
    assert box.json("block", "list") == []
    box.json("forget", "layout", "drop_shadows", "--block", "--yes", "--reason", "Drop shadows look dated")
    box.json("forget", "layout", "airy_spacing", "--block", "--yes")
    blocks = box.json("block", "list")
    assert [b["kinds"] for b in blocks] == [["pattern", "text"], ["pattern", "text"]]
    assert blocks[0]["reason"] == "[the blocked name] look dated" and blocks[1]["reason"] is None
    assert all(len(b["fingerprint"]) == 16 and b["created_at"].startswith("2026-11-10") for b in blocks)
    rc, human, _err = box.run("block", "list")
    assert rc == 0 and "drop" not in human.lower() and "airy" not in human.lower()
    assert blocks[0]["fingerprint"] in human and "look dated" in human

    # lifting by fingerprint: the pattern is learned again, the other block holds
    lifted = box.json("block", "lift", blocks[0]["fingerprint"][:8], "--yes")
    assert [b["id"] for b in lifted["lifted"]] == [blocks[0]["id"]]
    rep = box.json(
        "ingest", "-", stdin=ev(3, "Drop-Shadows", diff="more drop shadows") + ev(4, "airy_spacing")
    )
    assert rep["accepted"] == 1 and rep["ignored"] == {"blocked": 1}
    assert [b["id"] for b in box.json("block", "list")] == [blocks[1]["id"]]
    audit = box.json("audit")
    entries = audit if isinstance(audit, list) else audit["entries"]
    lifts = [a for a in entries if a["action"] == "lift block"]
    assert len(lifts) == 1 and lifts[0]["target"] == f"fp:{blocks[0]['fingerprint']}"

    # lifting by naming the pattern, in another spelling
    box.json("block", "lift", "layout", "AIRY SPACING", "--yes")
    assert box.json("block", "list") == []


def test_lifting_asks_first_and_refuses_what_names_no_block(tmp_path: Path) -> None:
    box = Box(tmp_path)
    box.json("ingest", "-", stdin=ev(1, "drop_shadows"))
    box.json("forget", "layout", "drop_shadows", "--block", "--yes")
    rc, _out, err = box.run("block", "lift", "1")
    assert rc == 5 and "consent" in err
    assert len(box.json("block", "list")) == 1
    rc, _out, err = box.run("block", "lift", "zz", "--yes")
    assert rc == 3 and "names no block" in err
    rc, _out, err = box.run("block", "lift", "999", "--yes")
    assert rc != 0 and "No block" in err
    rc, _out, err = box.run("forget", "layout", "x", "--reason", "why", "--yes")
    assert rc == 3 and "--block" in err


def test_import_after_a_reset_says_which_block_and_switch_skipped_what_and_how_to_lift_them(
    tmp_path: Path,
) -> None:
    box = Box(tmp_path)
    shadows = "".join(ev(i, "drop_shadows") for i in range(1, 4))
    brand = json.dumps(
        {
            "event_id": "p1",
            "signal_type": "manual_refinement",
            "occurred_at": "2026-11-05T10:00:00Z",
            "project_id": "brand",
            "patterns": [{"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}],
        }
    )
    box.json("ingest", "-", stdin=shadows + brand + "\n")
    bundle = tmp_path / "backup.json"
    box.json("export", "--to", str(bundle))
    box.json("forget", "layout", "drop_shadows", "--block", "--yes")
    box.json("project", "disable", "brand", "--learning-only")
    box.json("reset", "--yes")

    rc, human, err = box.run("import", str(bundle))
    assert rc == 0, err
    assert "Blocked: 3 events — layout drop_shadows (3)." in human
    assert "od-memory block lift layout drop_shadows" in human
    assert "Project brand does not learn: 1 events." in human
    assert "od-memory project set brand --learning on" in human

    box.json("block", "lift", "layout", "drop_shadows", "--yes")
    box.json("project", "set", "brand", "--learning", "on")
    again = box.json("import", str(bundle))
    assert again["events"] == 4 and again["skipped_by_reason"] == {}
    assert again["skipped_patterns"] == [] and again["skipped_projects"] == []

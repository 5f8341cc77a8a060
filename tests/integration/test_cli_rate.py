"""``od-memory rate`` as a process: one rating per call, a typo'd id or a wrong pattern refused
with a sentence and exit 3, nothing stored then; the activity log shows each rating."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

CLI = [sys.executable, "-m", "creative_memory.cli.main"]
NOW = "2026-11-10T12:00:00Z"


def test_rate_from_the_command_line(tmp_path: Path) -> None:
    data = tmp_path / "od"
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}

    def od(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*CLI, "--data-dir", str(data), "--now", NOW, "--create", *args],
            input=stdin, capture_output=True, text=True, timeout=120, env=env, check=False,
        )  # fmt: skip

    events = "\n".join(
        json.dumps(
            {
                "event_id": f"e{i}",
                "signal_type": "explicit_tag",
                "tag": "love this",
                "occurred_at": f"2026-11-0{i + 1}T10:00:00Z",
                "project_id": "p1",
                "patterns": [
                    {"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}
                ],
            }
        )
        for i in range(4)
    )
    (tmp_path / "ev.jsonl").write_text(events)
    assert od("ingest", str(tmp_path / "ev.jsonl")).returncode == 0
    rid = json.loads(od("--json", "retrieve", "--project", "p1").stdout)["retrieval_id"]
    ok = od("rate", str(rid), "--not-relevant", "layout", "airy_spacing", "--session", "s_chat")
    assert ok.returncode == 0 and ok.stdout.startswith(f"Retrieval {rid} rated not relevant here (event ")
    missed = od("--json", "rate", str(rid), "--missed", "color", "muted_palette", "--avoid")
    assert json.loads(missed.stdout)["patterns"] == [
        {"preference_type": "color", "pattern": "muted_palette", "polarity": "negative"}
    ]
    for args, words in (
        (["12x", "--helped"], "'12x' is not a retrieval id"),
        ([str(rid + 7), "--too-much"], f"There is no recorded retrieval {rid + 7}"),
        ([str(rid), "--not-relevant", "color", "muted_palette"], "did not inject muted palette"),
        ([str(rid), "--helped", "--avoid"], "--avoid goes with --missed"),
    ):
        bad = od("rate", *args)
        assert bad.returncode == 3 and words in bad.stderr, bad.stderr
    assert od("rate", str(rid)).returncode == 2  # one of the four outcomes is required
    con = sqlite3.connect(data / "app.sqlite")
    try:
        rows = con.execute(
            "SELECT session_id, source, json_extract(payload, '$.recall.outcome') FROM creative_memory_events "
            "WHERE signal_type = 'recall_rating' ORDER BY seq"
        ).fetchall()
    finally:
        con.close()
    assert rows == [("s_chat", "cli", "not_relevant"), (None, "cli", "missed")]
    log = json.loads(od("--json", "audit").stdout)["entries"]
    assert [(e["action"], e["target"], e["outcome"]) for e in log[:2]] == [
        ("rate", f"retrieval {rid}", "missed"),
        ("rate", f"retrieval {rid}", "not relevant here"),
    ]

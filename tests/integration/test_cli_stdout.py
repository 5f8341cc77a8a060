"""Stdout safety: plain ``retrieve`` and ``preview`` print only prompt text (the block, or nothing)
on stdout, so a script that pastes stdout into a prompt can never inject a sentence; every
explanation (why the block is empty, a skipped Personal memory file) goes to stderr."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
MEMORY_FIXTURE = REPO / "tests" / "fixtures" / "od-data-dir" / "memory"
NOW = "2026-11-10T12:00:00Z"
AIRY = [{"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive"}]
# 0.150 + 0.125 + 0.100 + 0.050 = 0.425: medium, above the 0.40 injection threshold.
STRONG = [
    {"signal_type": "explicit_tag", "tag": "love this"},
    {"signal_type": "revert"},
    {"signal_type": "manual_refinement"},
    {"signal_type": "thumbs", "rating": "up"},
]


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "PYTHON"))}
    env.update(
        HOME=str(data.parent),
        CM_CONFIG_DIR=str(data.parent / "cfg"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        PYTHONIOENCODING="utf-8",
    )
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--data-dir", str(data), "--now", NOW, *args],
        cwd=REPO,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def ok(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    proc = run(data, *args)
    assert proc.returncode == 0, (args, proc.stdout, proc.stderr)
    return proc


def as_json(data: Path, *args: str) -> Any:
    return json.loads(ok(data, "--json", *args).stdout)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    d = tmp_path / "od-data"
    ok(d, "enable")  # a writing command creates the store; read-only ones never do
    return d


def test_an_empty_block_prints_nothing_on_stdout_and_says_why_on_stderr(data: Path) -> None:
    for cmd in (["retrieve"], ["retrieve", "--dry-run"], ["preview"]):
        proc = ok(data, *cmd)
        assert proc.stdout == "", cmd
        assert "Nothing is injected: no preference is strong and stable enough yet." in proc.stderr, cmd
    ok(data, "disable")
    for cmd in (["retrieve"], ["preview", "--project", "p_1", "--new"]):  # p_1: not created yet
        proc = ok(data, *cmd)
        assert proc.stdout == "", cmd
        assert "Nothing is injected: creative memory is switched off" in proc.stderr, cmd


def test_a_block_is_printed_alone_exactly_as_the_json_carries_it(data: Path, tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    events.write_text(
        "".join(
            json.dumps(
                {"event_id": f"e_{i}", "occurred_at": f"2026-11-0{i + 1}T10:00:00Z", "patterns": AIRY, **sig}
            )
            + "\n"
            for i, sig in enumerate(STRONG)
        ),
        encoding="utf-8",
    )
    ok(data, "ingest", str(events))
    block = as_json(data, "preview")["block"]
    assert block.startswith("## Creative memory") and "airy spacing" in block

    for cmd in (["retrieve", "--dry-run"], ["retrieve"], ["preview"]):
        proc = ok(data, *cmd)
        assert proc.stdout == block + "\n", cmd
        assert proc.stderr == "", cmd


def test_preview_with_personal_prints_the_two_blocks_and_sends_warnings_to_stderr(data: Path) -> None:
    memory = data / "memory"
    shutil.copytree(MEMORY_FIXTURE, memory)
    with (memory / "MEMORY.md").open("a", encoding="utf-8") as index:
        index.write("- [Gone](user_gone.md) — a linked file that is missing\n")
    ok(data, "disable")
    composed = as_json(data, "preview", "--with-personal")
    assert composed["personal_block"].startswith("## Personal memory") and composed["block"] == ""

    proc = ok(data, "preview", "--with-personal")
    assert proc.stdout == composed["personal_block"] + "\n"
    assert "user_gone.md" in proc.stderr and "creative memory is switched off" in proc.stderr
    assert "user_gone.md" not in proc.stdout

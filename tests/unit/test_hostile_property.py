"""A hypothesis-driven pass over ``od-memory``'s arguments, environment variables and inputs.

For every generated command line: the exit code is one of the documented ones, a failure says one
sentence on stderr (``od-memory: …``), nothing prints a traceback, and a refusal (3 or 5) leaves
every row of the store as it was. Bounded so that CI spends a few seconds on it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from creative_memory.cli.main import main

NOW = "2026-11-10T12:00:00Z"
DOCUMENTED = {0, 1, 2, 3, 4, 5}

# Text that attacks: controls, escape sequences, bidi overrides, blanks, NUL, huge numbers.
nasty = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "\t",
            "\x00",
            "\x1b[2J",
            "\x1b]52;c;aGk=\x07",
            "abc\u202edcba",
            "~",
            "$HOME",
            "../..",
            "-1",
            "0",
            str(2**64),
            "9" * 40,
            "1e9",
            "NaN",
            "app.sqlite",
            "é",
            "a" * 300,
        ]
    ),
    st.text(min_size=0, max_size=12),
)
ident = st.one_of(
    st.sampled_from(["spacing", "airy_spacing", "palette", "warm_tones", "p_brand", "layout"]), nasty
)

COMMANDS = {
    "status": [],
    "where": [],
    "inspect": ["--limit", "--type", "--project", "--status"],
    "explain": [],
    "forget": ["--project", "--polarity", "--block"],
    "reset": ["--backup", "--include-settings"],
    "export": ["--to", "--force"],
    "import": ["--mode"],
    "project": [],
    "pause": ["--for", "--until", "--learning"],
    "diagnostics": ["--limit", "--origin", "--type"],
    "audit": ["--limit"],
    "ingest": ["--skip-invalid"],
    "decay": [],
    "preview": ["--project", "--mode"],
    "demo": ["--seed"],
}
FLAGS = {"--block", "--include-settings", "--force", "--learning", "--skip-invalid"}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    cmd = draw(st.sampled_from(sorted(COMMANDS)))
    argv = [cmd]
    if cmd in ("explain", "forget"):
        argv += [draw(ident), draw(ident)]
    elif cmd in ("import", "ingest"):
        argv.append(draw(st.one_of(st.sampled_from(["bundle.json", "events.jsonl", "-"]), nasty)))
    elif cmd == "project":
        argv += [draw(st.sampled_from(["list", "disable", "enable"]))]
        if argv[-1] != "list":
            argv.append(draw(ident))
    for opt in draw(st.lists(st.sampled_from(COMMANDS[cmd] or ["--json"]), max_size=3, unique=True)):
        argv += [opt] if opt in FLAGS or opt == "--json" else [opt, draw(nasty)]
    if draw(st.booleans()):
        argv.append("--json")
    if draw(st.booleans()):
        argv += ["--user", draw(st.one_of(st.just("local"), nasty))]
    if draw(st.integers(0, 4)) == 0:
        argv += ["--now", draw(st.one_of(st.just("9999-12-31T23:59:59Z"), nasty))]
    return argv


def _digest(path: Path) -> str:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return hashlib.sha256("\n".join(con.iterdump()).encode()).hexdigest()
    finally:
        con.close()


@pytest.fixture(scope="module")
def workplace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    events = [
        json.dumps(
            {
                "event_id": f"e{i}",
                "signal_type": "manual_refinement",
                "occurred_at": f"2026-11-0{1 + i % 8}T10:00:00Z",
                "project_id": "p_brand" if i % 2 else None,
                "patterns": [
                    {
                        "preference_type": "spacing" if i % 3 else "palette",
                        "pattern": "airy_spacing" if i % 3 else "warm_tones",
                        "polarity": "positive",
                    }
                ],
            }
        )
        for i in range(12)
    ]
    (root / "events.jsonl").write_text("\n".join(events) + "\n")
    return root


# CI runs a bounded pass; CM_HOSTILE_EXAMPLES=1000 runs a longer one by hand.
EXAMPLES = int(os.environ.get("CM_HOSTILE_EXAMPLES") or 40)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(argv=command_lines(), env_mode=st.sampled_from(["flag", "env", "blank-env"]))
def test_any_command_line_gives_a_documented_code_a_sentence_and_no_traceback(
    workplace: Path,
    argv: list[str],
    env_mode: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = workplace / "od"
    monkeypatch.chdir(workplace)
    if not (data / "app.sqlite").exists():
        assert main(["--data-dir", str(data), "--now", NOW, "ingest", str(workplace / "events.jsonl")]) == 0
        capsys.readouterr()
    if env_mode == "flag":
        full = ["--data-dir", str(data), *argv]
    else:
        monkeypatch.setenv("OD_DATA_DIR", str(data) if env_mode == "env" else "  ")
        full = list(argv)
    if "--now" not in full:
        full = ["--now", NOW, *full]
    before = _digest(data / "app.sqlite")
    try:
        rc = main(full)
    except SystemExit as exc:  # argparse: --help, or a usage error
        rc = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert rc in DOCUMENTED, (full, rc, err)
    assert "Traceback" not in err and "Traceback" not in out, (full, err)
    if rc != 0:
        assert any(line.startswith("od-memory: ") for line in err.splitlines()), (full, rc, err)
        assert "\x1b" not in err and "\u202e" not in err, (full, err)
    if rc in (3, 5):
        assert _digest(data / "app.sqlite") == before, (full, rc, err)
    if rc == 0 and "--json" not in full:
        assert "\x1b" not in out and "\u202e" not in out, (full, out)

"""The README works as written: every command of its command-line section runs, in order, on a
store filled by ``od-memory demo`` (made the way the README says), and exits 0 — or, for a line
whose comment says it refuses, 5. Each command does what its comment says on that data."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
DEMO_SETUP = "od-memory --data-dir demo-store demo"
DEMO_ENV = "export OD_DATA_DIR=demo-store"
PASSPHRASE_VAR = "CM_PASSPHRASE"


def cli_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## The command line")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def readme_commands() -> list[tuple[list[str], str]]:
    """(argv, comment) of each line of the section's sh block."""
    block = re.search(r"```sh\n(.*?)```", cli_section(), re.S)
    assert block is not None, "the command-line section has no sh block"
    out = []
    for line in block.group(1).splitlines():
        if not line.strip():
            continue
        command, _, comment = line.partition(" #")
        argv = shlex.split(command)
        assert argv[0] == "od-memory", line
        out.append((argv[1:], comment.strip()))
    return out


def run(cwd: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "PYTHON", "XDG_"))}
    env.update(
        HOME=str(cwd / "home"),
        CM_CONFIG_DIR=str(cwd / "cfg"),
        XDG_DATA_HOME=str(cwd / "xdg-data"),
        XDG_CONFIG_HOME=str(cwd / "xdg-config"),
        OD_DATA_DIR="demo-store",  # the README's `export OD_DATA_DIR=demo-store`, relative to cwd
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        PYTHONIOENCODING="utf-8",
        **{PASSPHRASE_VAR: "correct horse battery staple"},
    )
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", *args],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_readme_names_its_demo_setup_and_sample_file() -> None:
    section = cli_section()
    assert DEMO_SETUP in section and DEMO_ENV in section
    for args, _ in readme_commands():
        for arg in args:
            if arg.startswith("docs/"):
                assert (REPO / arg).is_file(), f"the README names {arg}, which is not in the repository"


@pytest.mark.slow
def test_every_readme_command_runs_on_demo_data(tmp_path: Path) -> None:
    (tmp_path / "home").mkdir()
    for args, _ in readme_commands():  # files the README names by relative path, as in a checkout
        for arg in args:
            if arg.startswith("docs/"):
                (tmp_path / arg).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(REPO / arg, tmp_path / arg)
    demo = run(tmp_path, shlex.split(DEMO_SETUP)[1:])
    assert demo.returncode == 0, demo.stderr
    outputs: dict[str, str] = {}
    for args, comment in readme_commands():
        proc = run(tmp_path, args)
        want = 5 if "refuse" in comment else 0
        assert proc.returncode == want, (
            f"od-memory {shlex.join(args)} exited {proc.returncode}\n{proc.stderr}"
        )
        outputs[args[0]] = proc.stdout + proc.stderr

    assert "Accepted 9," in outputs["ingest"]
    assert "airy_spacing" in outputs["explain"] and "Nothing is remembered" not in outputs["explain"]
    assert "## Creative memory" in outputs["preview"]
    assert (tmp_path / "backup.json").is_file() and (tmp_path / "before-reset.json").is_file()
    assert b"drop_shadows" not in (tmp_path / "backup.json").read_bytes()  # encrypted, and forgotten

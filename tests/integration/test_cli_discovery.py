"""Discovery through real ``od-memory`` processes with a fake HOME (Linux layouts): which store is
used, what ``where`` says, that read-only commands on a missing store create nothing, and that the
first open of Open Design's store is announced and backed up."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
NOW = "2026-11-10T12:00:00Z"
READ_ONLY = [
    ["status"],
    ["where"],
    ["inspect"],
    ["explain", "spacing", "airy_spacing"],
    ["diagnostics"],
    ["preview"],
    ["retrieve", "--dry-run"],
    ["audit"],
    ["project", "list"],
]

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the fake HOME holds Linux layouts")


class Home:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.home = root / "home"
        self.cwd = self.home / "projects" / "somewhere"
        self.cwd.mkdir(parents=True)

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "XDG_", "PYTHON"))}
        env.update(
            HOME=str(self.home),
            PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
            PYTHONIOENCODING="utf-8",
            **extra,
        )
        return env

    def run(self, *args: str, **env: str) -> tuple[int, Any, str]:
        proc = subprocess.run(
            [sys.executable, "-m", "creative_memory.cli.main", "--json", "--now", NOW, *args],
            cwd=self.cwd,
            env=self.env(**env),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        try:
            data = json.loads(proc.stdout) if proc.stdout.strip() else None
        except ValueError:
            data = proc.stdout
        assert "Traceback" not in proc.stderr, proc.stderr
        return proc.returncode, data, proc.stderr

    def tree(self) -> list[str]:
        return sorted(str(p.relative_to(self.root)) for p in self.root.rglob("*"))

    @property
    def packaged(self) -> Path:
        return self.home / ".config" / "Open Design" / "namespaces" / "release-stable-linux" / "data"

    @property
    def embedded(self) -> Path:
        return self.home / ".local" / "share" / "creative-memory-studio"


def daemon_store(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "app.sqlite"
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    for name in ("projects", "conversations", "messages"):
        con.execute(f"CREATE TABLE {name} (id TEXT PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO projects VALUES ('p_1', 'Investor deck')")
    con.commit()
    con.close()
    return path


def parallel(h: Home, commands: list[list[str]], **env: str) -> list[tuple[int, Any, str]]:
    with ThreadPoolExecutor(3) as pool:
        return list(pool.map(lambda c: h.run(*c, **env), commands))


def test_read_only_commands_on_a_missing_store_exit_4_and_create_nothing(tmp_path: Path) -> None:
    h = Home(tmp_path)
    before = h.tree()
    results = parallel(h, READ_ONLY)
    for cmd, (rc, _data, err) in zip(READ_ONLY, results, strict=True):
        assert rc == 4, (cmd, err)
        assert "looked in" in err and str(h.home / ".od") in err and str(h.cwd / ".od") in err, err
        assert "nothing was created" in err
    flagged = parallel(h, [["--data-dir", str(tmp_path / "nonexistent" / "xyz"), *c] for c in READ_ONLY[:3]])
    for rc, _data, err in flagged:
        assert rc == 4 and str(tmp_path / "nonexistent" / "xyz") in err
    assert h.tree() == before


def test_a_writing_command_creates_the_embedded_default_and_an_open_design_installed_later_wins(
    tmp_path: Path,
) -> None:
    h = Home(tmp_path)
    rc, _data, err = h.run("enable")
    assert rc == 0, err
    assert "Open Design was not found on this computer" in err and str(h.embedded) in err
    assert (h.embedded / "app.sqlite").is_file()
    # Nothing remembered it as a choice: no config folder of ours was written.
    assert not (h.home / ".config" / "creative-memory-studio").exists()
    rc, where, _err = h.run("where")
    assert (rc, where["rule"], Path(where["data_dir"])) == (0, "default", h.embedded)
    daemon_store(h.packaged)
    rc, where, _err = h.run("where")
    assert (rc, where["rule"], Path(where["data_dir"])) == (0, "discovered", h.packaged)
    rc, listing, _err = h.run("where", "--all")
    rows = {Path(r["data_dir"]): r for r in listing["stores"]}
    assert rows[h.packaged]["chosen"] and rows[h.packaged]["channel"] == "stable"
    assert rows[h.packaged]["daemon_tables"] is True
    assert rows[h.embedded]["daemon_tables"] is False and not rows[h.embedded]["chosen"]


def test_several_stores_where_says_which_rule_won_and_that_others_exist(tmp_path: Path) -> None:
    h = Home(tmp_path)
    daemon_store(h.packaged)
    daemon_store(h.home / ".od")
    daemon_store(h.cwd.parent / ".od")
    rc, where, _err = h.run("where")
    assert (rc, where["rule"], Path(where["data_dir"])) == (0, "discovered", h.packaged)
    assert len(where["others"]) == 2 and "2 other stores found" in where["rule_detail"]
    assert where["schema"]["current"] is None and where["needs_migration"] is True
    proc = subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "where"],
        cwd=h.cwd,
        env=h.env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Rule: discovered" in proc.stdout and "stable channel" in proc.stdout
    assert "Other stores found: 2" in proc.stdout
    proc = subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "where", "--all"],
        cwd=h.cwd,
        env=h.env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0 and str(h.home / ".od") in proc.stdout and "stable" in proc.stdout
    # OD_DATA_DIR still wins over discovery, and `use` over discovery (not over OD_DATA_DIR).
    rc, where, _err = h.run("where", OD_DATA_DIR=str(h.home / ".od"))
    assert (where["rule"], Path(where["data_dir"])) == ("env", h.home / ".od")
    rc, _used, err = h.run("use", str(h.cwd.parent / ".od"))
    assert rc == 0, err
    rc, where, _err = h.run("where")
    assert (where["rule"], Path(where["data_dir"])) == ("remembered", h.cwd.parent / ".od")
    rc, _used, _err = h.run("use", "--clear")
    rc, where, _err = h.run("where")
    assert where["rule"] == "discovered"


def test_first_open_of_open_designs_store_is_announced_backed_up_and_read_only_commands_never_migrate(
    tmp_path: Path,
) -> None:
    h = Home(tmp_path)
    store = daemon_store(h.packaged)
    before = h.tree()
    original = store.read_bytes()
    for cmd in (["status"], ["inspect"], ["where"]):
        rc, _data, err = h.run(*cmd)
        assert rc == (0 if cmd == ["where"] else 4), err
        if cmd != ["where"]:
            assert "does not hold Creative Memory's tables yet" in err
    assert h.tree() == before and store.read_bytes() == original
    rc, _data, err = h.run("enable")
    assert rc == 0, err
    assert "First use of" in err and "creative_memory_*" in err and "Backup copy made" in err
    copies = sorted(h.packaged.glob("app.sqlite.bak-*"))
    assert len(copies) == 1
    con = sqlite3.connect(copies[0])
    assert con.execute("SELECT body FROM projects").fetchall() == [("Investor deck",)]
    assert not con.execute("SELECT name FROM sqlite_master WHERE name LIKE 'creative_memory%'").fetchall()
    con.close()
    rc, where, _err = h.run("where")
    assert [Path(b["path"]) for b in where["backups"]] == copies
    rc, _data, err = h.run("status")
    assert rc == 0 and "First use" not in err


def test_first_release_store_is_found_and_labelled(tmp_path: Path) -> None:
    h = Home(tmp_path)
    legacy = h.home / ".local" / "share" / "Open Design"
    legacy.mkdir(parents=True)
    rc, _d, err = h.run("--data-dir", str(legacy), "enable")
    assert rc == 0, err
    rc, where, _err = h.run("where")
    assert (where["rule"], Path(where["data_dir"]), where["legacy"]) == ("discovered", legacy, True)
    assert "first release" in where["rule_detail"]

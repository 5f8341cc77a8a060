"""Packaging: the PyInstaller spec, desktop integration files, and (opt-in) a real frozen build.

Fast checks (always): the spec is valid Python naming both console scripts; the .desktop entry,
the AppStream metainfo, gui/app.py's desktop file name and the icon set agree on one app id; every
icon size that gui/icons.py and packaging/render_icons.py list is shipped at that size; the shell
scripts parse.

Slow checks (only with CM_PACKAGING=1, e.g. ``CM_PACKAGING=1 .venv/bin/pytest -m slow
tests/integration/test_packaging.py``): copy the checkout (tracked and unignored files, as a clean
clone would have them) to a temp folder, run packaging/build.sh there (its own build venv, PyInstaller,
tarball), then packaging/smoke_test.sh against the result; and install the project into a fresh
isolated venv (what pipx does) and run both console scripts. About 3-5 minutes on 2 cores when pip
has to download PySide6 for the build venv (see packaging/README.md for measured times).
"""

from __future__ import annotations

import ast
import configparser
import json
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from creative_memory import __version__

REPO = Path(__file__).resolve().parents[2]
PACKAGING = REPO / "packaging"
RESOURCES = REPO / "src" / "creative_memory" / "resources"
SPEC = PACKAGING / "creative-memory.spec"
APP_ID = "io.opendesign.CreativeMemoryStudio"
DESKTOP = RESOURCES / f"{APP_ID}.desktop"
METAINFO = RESOURCES / f"{APP_ID}.metainfo.xml"
HICOLOR = RESOURCES / "icons" / "hicolor"

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
GUI_SCRIPTS: dict[str, str] = PYPROJECT["project"].get("gui-scripts", {})
CONSOLE_SCRIPTS: dict[str, str] = PYPROJECT["project"].get("scripts", {})
GUI_COMMAND = "creative-memory"
CLI_COMMAND = "od-memory"
VERSION: str = __version__

packaging_enabled = pytest.mark.skipif(
    os.environ.get("CM_PACKAGING") != "1",
    reason="builds the frozen bundle (minutes); set CM_PACKAGING=1 to run",
)


# --- helpers ------------------------------------------------------------------------------------
def _desktop_entry() -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string(DESKTOP.read_text(encoding="utf-8"))
    return dict(parser["Desktop Entry"])


def _metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def _module_constant(path: Path, name: str) -> object:
    """A literal assigned at module level (read without importing: gui/ imports Qt)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in tree.body:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign) and node.value is not None
            else []
        )
        for target in targets:
            if isinstance(target, ast.Name) and target.id == name:
                assert node.value is not None
                return ast.literal_eval(node.value)
    raise AssertionError(f"{name} is not assigned in {path}")


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# --- the spec -----------------------------------------------------------------------------------
def test_every_module_imported_by_name_is_collected_by_the_spec() -> None:
    """The tabs (gui/tab_places.py) and the command line's commands (cli/main.py) are imported by
    name, which the frozen build's analysis cannot see: the spec collects their packages whole.
    (The frozen window once stopped on its second tab: "No module named
    'creative_memory.gui.tabs.projects'".)"""
    from creative_memory.gui.tab_places import TABS

    source = SPEC.read_text(encoding="utf-8")
    collected = set(re.findall(r'collect_submodules\("([\w.]+)"\)', source))
    by_name = {spec.module for spec in TABS} | {"creative_memory.cli.commands.status"}
    for module in by_name:
        assert any(module.startswith(package + ".") for package in collected), module


def test_spec_is_python_and_builds_both_console_scripts() -> None:
    source = SPEC.read_text(encoding="utf-8")
    compile(source, str(SPEC), "exec")  # a SyntaxError fails the test
    tree = ast.parse(source)
    calls = {
        node.func.id: node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        assert name in calls, f"the spec has no {name}(...)"

    def names(func: str) -> set[object]:
        return {
            kw.value.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == func
            for kw in node.keywords
            if kw.arg == "name" and isinstance(kw.value, ast.Constant)
        }

    assert names("EXE") == {GUI_COMMAND, CLI_COMMAND}
    assert names("COLLECT") == {"creative-memory"}  # dist/creative-memory/
    # The programs the spec freezes are the entry points pyproject.toml installs.
    assert GUI_SCRIPTS.get(GUI_COMMAND) == "creative_memory.gui.app:main"
    assert CONSOLE_SCRIPTS.get(CLI_COMMAND) == "creative_memory.cli.main:main"
    for target in (GUI_SCRIPTS[GUI_COMMAND], CONSOLE_SCRIPTS[CLI_COMMAND]):
        module = target.split(":")[0]
        assert f'"{module}"' in source, f"the spec does not freeze {module}"
    # The macOS bundle carries the app id.
    assert "bundle_identifier=APP_ID" in source
    assert f'APP_ID = "{APP_ID}"' in source


def test_spec_ships_the_files_loaded_at_run_time() -> None:
    source = SPEC.read_text(encoding="utf-8")
    # alembic reads these from the filesystem; gui/icons.py and gui/app.py read these.
    for needle in (
        '"services" / "store" / "migrations"',
        '"*.mako"',
        'RESOURCES / "icons"',
        '"translations"',
        'collect_submodules("creative_memory.cli.commands")',  # imported by name when a command runs
    ):
        assert needle in source
    migrations = REPO / "src" / "creative_memory" / "services" / "store" / "migrations"
    assert (migrations / "env.py").is_file()
    assert (migrations / "script.py.mako").is_file()
    assert list((migrations / "versions").glob("[0-9]*.py"))


@pytest.mark.parametrize("script", ["build.sh", "smoke_test.sh", "validate_desktop.sh"])
def test_shell_scripts_parse(script: str) -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    result = subprocess.run(
        [bash, "-n", str(PACKAGING / script)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


# --- desktop integration ------------------------------------------------------------------------
def test_desktop_entry_agrees_with_app_id_and_command() -> None:
    entry = _desktop_entry()
    assert DESKTOP.name == f"{APP_ID}.desktop"
    assert entry["Type"] == "Application"
    exec_argv = shlex.split(entry["Exec"])
    assert exec_argv[0] == GUI_COMMAND, "Exec must start the gui-script pyproject.toml installs"
    assert GUI_COMMAND in GUI_SCRIPTS
    if "TryExec" in entry:
        assert entry["TryExec"] == GUI_COMMAND
    assert entry["Icon"] == APP_ID
    if "StartupWMClass" in entry:
        # Qt's X11 WM_CLASS is (executable name, application name): "creative-memory" matches the
        # instance for the frozen program and the pipx/venv script alike.
        assert entry["StartupWMClass"] in {GUI_COMMAND, APP_ID}
    # The running program names the same desktop file (Wayland app_id, _GTK_APPLICATION_ID).
    app_source = (REPO / "src" / "creative_memory" / "gui" / "app.py").read_text(encoding="utf-8")
    assert f'setDesktopFileName("{APP_ID}")' in app_source
    assert _module_constant(REPO / "src" / "creative_memory" / "gui" / "icons.py", "APP_ID") == APP_ID


def test_metainfo_matches_desktop_file() -> None:
    root = _metainfo()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert METAINFO.name == f"{APP_ID}.metainfo.xml"
    launchables = [el.text for el in root.findall("launchable") if el.get("type") == "desktop-id"]
    assert launchables == [DESKTOP.name]
    binaries = {el.text for el in root.findall("provides/binary")}
    assert binaries == {GUI_COMMAND, CLI_COMMAND}
    assert set(GUI_SCRIPTS) | set(CONSOLE_SCRIPTS) == binaries


def test_metainfo_has_screenshots_and_current_release_notes() -> None:
    root = _metainfo()
    images = [el.text or "" for el in root.findall("screenshots/screenshot/image")]
    assert images, "AppStream software centres show screenshots: list some"
    assert all(url.startswith("https://") for url in images), images
    assert sum(1 for el in root.findall("screenshots/screenshot") if el.get("type") == "default") == 1
    shots = REPO / "docs" / "screenshots"
    if shots.is_dir():  # the URLs point at the repository's docs/screenshots
        missing = [url for url in images if not (shots / url.rsplit("/", 1)[-1]).is_file()]
        assert not missing, f"metainfo screenshots not in docs/screenshots: {missing}"
    releases = root.findall("releases/release")
    assert releases, "no <releases>"
    assert releases[0].get("version") == VERSION, "the newest release must be the pyproject version"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", releases[0].get("date") or "")
    assert (releases[0].findtext("description/p") or "").strip(), "release notes are empty"


def test_every_listed_icon_size_is_shipped() -> None:
    sizes = set(_module_constant(REPO / "src" / "creative_memory" / "gui" / "icons.py", "APP_ICON_SIZES"))  # type: ignore[arg-type]
    sizes |= set(_module_constant(PACKAGING / "render_icons.py", "SIZES"))  # type: ignore[arg-type]
    assert {16, 24, 32, 48, 64, 128, 256, 512} <= sizes
    for n in sorted(sizes):
        png = HICOLOR / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
        assert png.is_file(), f"missing {png.relative_to(REPO)}"
        assert _png_size(png) == (n, n), f"{png.relative_to(REPO)} is not {n}x{n}"
    # Nothing shipped that is not listed (a stale size would be installed by install.sh).
    shipped = {int(p.name.split("x")[0]) for p in HICOLOR.iterdir() if p.is_dir()}
    assert shipped == sizes
    assert (RESOURCES / "icons" / "app.svg").is_file()  # installed as hicolor/scalable/apps/<id>.svg


# --- the real build (opt-in) --------------------------------------------------------------------
def _clean_checkout(dest: Path) -> Path:
    """Copy what a fresh clone has (tracked + untracked-but-not-ignored files) to dest."""
    listed = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for rel in filter(None, listed):
        src = REPO / rel
        if src.is_symlink():  # creative_memory/<folder> → ../<folder> (decision 0012)
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(src.readlink())
        elif src.is_file():
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return dest


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: int = 1500) -> str:
    result = subprocess.run(
        argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{argv} exited {result.returncode}:\n{output[-6000:]}"
    return result.stdout


@pytest.mark.slow
@pytest.mark.timeout(2400)
@packaging_enabled
def test_frozen_bundle_builds_and_passes_the_smoke_test(tmp_path: Path) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("packaging/build.sh + smoke_test.sh run on Linux")
    checkout = _clean_checkout(tmp_path / "checkout")
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env.setdefault("PYTHON", shutil.which("python3") or sys.executable)
    build = _run(["bash", "packaging/build.sh"], checkout, env)
    assert "== bundle:" in build
    dist = checkout / "dist"
    assert (dist / "creative-memory" / "creative-memory").is_file()
    assert (dist / "creative-memory" / "od-memory").is_file()
    arch = os.uname().machine
    assert (dist / f"creative-memory-{VERSION}-linux-{arch}.tar.gz").is_file()
    smoke = _run(["bash", "packaging/smoke_test.sh"], checkout, env, timeout=600)
    assert "self-test passed" in smoke
    assert "SMOKE TEST PASSED" in smoke


@pytest.mark.slow
@pytest.mark.timeout(1800)
@packaging_enabled
def test_isolated_install_runs_both_commands(tmp_path: Path) -> None:
    """What `pipx install .` does: a fresh venv, `pip install .` (not editable), run the scripts."""
    checkout = _clean_checkout(tmp_path / "checkout")
    venv = tmp_path / "venv"
    python = shutil.which("python3") or sys.executable
    _run([python, "-m", "venv", str(venv)], tmp_path)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    _run(
        [str(bindir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(checkout)],
        tmp_path,
    )
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env["QT_QPA_PLATFORM"] = "offscreen"
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    assert (
        _run([str(bindir / GUI_COMMAND), "--version"], elsewhere, env).strip() == f"{GUI_COMMAND} {VERSION}"
    )
    assert (
        _run([str(bindir / CLI_COMMAND), "--version"], elsewhere, env).strip() == f"{CLI_COMMAND} {VERSION}"
    )
    assert "self-test passed" in _run([str(bindir / GUI_COMMAND), "--self-test"], elsewhere, env, timeout=300)
    data = str(tmp_path / "data")
    # status only looks (a missing store is refused, decision 0074); enable creates and migrates it
    _run([str(bindir / CLI_COMMAND), "--json", "--data-dir", data, "enable"], elsewhere, env)
    status = json.loads(
        _run([str(bindir / CLI_COMMAND), "--json", "--data-dir", data, "status"], elsewhere, env)
    )
    assert status["enabled"] is True
    where = json.loads(
        _run([str(bindir / CLI_COMMAND), "--json", "--data-dir", data, "where"], elsewhere, env)
    )
    assert where["exists"] and where["schema"]["current"] == where["schema"]["latest"] is not None


# --- one import name (decision 0012) ----------------------------------------------------------------


@pytest.mark.timeout(600)
def test_the_wheel_installs_one_import_name_holding_every_source_file(tmp_path: Path) -> None:
    """`pip wheel .` of a clean checkout: one top-level name, `creative_memory`, and under it every
    module and data file under src/creative_memory (a package setuptools does not find fails here)."""
    import zipfile

    checkout = _clean_checkout(tmp_path / "checkout")
    wheels = tmp_path / "wheels"
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--disable-pip-version-check",
            "-w",
            str(wheels),
            ".",
        ],
        checkout,
        timeout=540,
    )
    (wheel,) = wheels.glob("creative_memory_studio-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert top == {"creative_memory"}
    dist_info = next(n for n in names if n.endswith(".dist-info/top_level.txt"))
    assert zipfile.ZipFile(wheel).read(dist_info).decode().split() == ["creative_memory"]
    assert wheel.name.startswith(f"creative_memory_studio-{VERSION}-")

    tracked = subprocess.run(
        ["git", "ls-files", "src/creative_memory"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    shipped_kinds = (".py", ".mako", ".svg", ".png", ".desktop", ".xml", ".qm", ".ts", ".qss", "py.typed")
    demo_files = ("src/creative_memory/resources/demo_memory/", "src/creative_memory/resources/demo_pages/")
    expected = {
        rel.removeprefix("src/")
        for rel in tracked
        if rel.endswith(shipped_kinds) or rel.startswith(demo_files)
    }
    assert expected - set(names) == set(), "source files missing from the wheel"
    assert {n for n in names if n.startswith("creative_memory/")} - expected == set(), "unexpected files"

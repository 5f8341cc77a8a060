"""The one import name (decision 0012), kept by reading the repository's own Python files."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDERS = ("cli", "gui", "model", "resources", "services")


def _python_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.py", "*.spec"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [REPO / p for p in listed if (REPO / p).is_file() and not (REPO / p).is_symlink()]


def test_every_import_of_the_project_uses_creative_memory() -> None:
    generic = []
    for path in _python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            generic += [
                f"{path.relative_to(REPO)}:{node.lineno} {n}" for n in names if n.split(".")[0] in FOLDERS
            ]
    assert generic == []


def test_nothing_changes_sys_path() -> None:
    offenders = []
    for path in _python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in {"insert", "append", "extend"}
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "path"
                and isinstance(node.value.value, ast.Name)
                and node.value.value.id == "sys"
            ):
                offenders.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert offenders == []


def test_the_package_is_a_real_folder_under_src() -> None:
    """`src/creative_memory/{model,services,cli,gui,resources}` on disk: no links (a Windows
    checkout gets none), and no folder of those names left at the top of the repository."""
    package = REPO / "src" / "creative_memory"
    assert (package / "__init__.py").is_file()
    links = [str(p.relative_to(REPO)) for p in (REPO / "src").rglob("*") if p.is_symlink()]
    assert links == []
    for folder in FOLDERS:
        assert (package / folder).is_dir() and not (package / folder).is_symlink()
        assert not (REPO / folder).exists(), f"{folder}/ belongs under src/creative_memory/"
    assert not (REPO / "creative_memory").exists()

"""One version source: ``__version__`` in creative_memory/__init__.py. Everything else reads it, or —
where a file must spell it out (the AppStream release list) — is checked against it here."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from creative_memory import __version__

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_metadata_reads_the_version_from_the_code() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "creative_memory.__version__"}


def test_the_newest_appstream_release_is_this_version() -> None:
    metainfo = (
        ROOT / "src" / "creative_memory" / "resources" / "io.opendesign.CreativeMemoryStudio.metainfo.xml"
    )
    releases = ET.parse(metainfo).getroot().find("releases")
    assert releases is not None
    newest = releases.find("release")
    assert newest is not None and newest.get("version") == __version__


def test_no_packaging_file_spells_a_version_of_its_own() -> None:
    literal = re.compile(r"(?<![\d.])" + re.escape(__version__) + r"(?![\d.])")
    for path in (ROOT / "packaging").rglob("*"):
        if path.is_file() and path.suffix in {".iss", ".sh", ".spec", ".py"}:
            assert not literal.search(path.read_text(encoding="utf-8")), path


def test_od_memory_prints_this_version() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert out.stdout.split() == ["od-memory", __version__]

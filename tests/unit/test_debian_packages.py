"""The Debian package list (packaging/debian-packages.txt) that the README and .ci/run install
covers every X11 library Qt's xcb platform plugin links against, so ``./run.sh`` opens a window on
a bare Debian machine with X11 (it used to fail with "Could not load the Qt platform plugin xcb")."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGES = REPO / "packaging" / "debian-packages.txt"
INSTALL_LINE = "apt-get install --no-install-recommends $(sed 's/#.*//' packaging/debian-packages.txt)"


def listed() -> list[str]:
    return [
        w for line in PACKAGES.read_text(encoding="utf-8").splitlines() for w in line.split("#")[0].split()
    ]


def debian_package(soname: str) -> str:
    """Debian's library package name: ``libxcb-icccm.so.4`` → ``libxcb-icccm4``,
    ``libxkbcommon-x11.so.0`` → ``libxkbcommon-x11-0`` (a '-' when the name ends in a digit)."""
    m = re.fullmatch(r"(lib[\w\-+.]*?)\.so\.(\d+)", soname)
    assert m is not None, soname
    name, version = m.group(1).lower(), m.group(2)
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def test_the_list_is_well_formed_and_used_by_the_readme_and_ci() -> None:
    names = listed()
    assert names and len(names) == len(set(names))
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9.+\-]+", n) for n in names)
    assert {"libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxkbcommon-x11-0"} <= set(names)
    assert INSTALL_LINE in (REPO / "README.md").read_text(encoding="utf-8")
    assert "packaging/debian-packages.txt" in (REPO / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None, reason="needs ldd")
def test_every_x11_library_of_the_xcb_plugin_is_listed() -> None:
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    binaries = [
        qt / "plugins" / "platforms" / "libqxcb.so",
        *sorted((qt / "lib").glob("libQt6XcbQpa.so*"))[:1],
    ]
    binaries += sorted((qt / "plugins" / "xcbglintegrations").glob("*.so"))
    sonames: set[str] = set()
    for binary in binaries:
        assert binary.exists(), binary
        out = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True).stdout
        sonames |= {line.split()[0] for line in out.splitlines() if "=>" in line}
    x11 = {s for s in sonames if s.startswith(("libxcb", "libxkbcommon", "libX11"))}
    assert "libxcb-icccm.so.4" in x11  # the check sees the libraries that used to be missing
    missing = sorted(debian_package(s) for s in x11 if debian_package(s) not in listed())
    assert missing == [], f"add to packaging/debian-packages.txt: {missing}"

"""Open Design's source with this project's patches, ready to build and test (tests/upstream, bench).

The snapshot (``../shared/upstream/open-design-e00d0bc5.tar.gz`` beside the checkout, or
``OD_UPSTREAM_SNAPSHOT``) is unpacked into a folder the caller owns, the patch series of
``integrations/opendesign/patches`` is applied, and the daemon's dependencies are installed the
way ``../shared/upstream/README.md`` says for machines without network access beyond the package
registries: no install scripts, better-sqlite3 built from source against the system's Node
headers. Nothing of it is ever copied into this repository.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SNAPSHOT = REPO.parent / "shared" / "upstream" / "open-design-e00d0bc5.tar.gz"
PATCHES = REPO / "integrations" / "opendesign" / "patches"
PNPM = ["npx", "-y", "pnpm@10.33.2"]
#: upstream's prompt tests (../shared/upstream/README.md) and the tests of the files the patches touch
UPSTREAM_TESTS = [
    "tests/prompts",
    "tests/system-prompt-template.test.ts",
    "tests/official-system-prompt.test.ts",
    "tests/project-file-versions.test.ts",
    "tests/app-config.test.ts",
    "tests/chat-project-authority.test.ts",
]
#: the tests the patches add (tests/prompts/creative-memory-block.test.ts is in tests/prompts)
PATCH_TESTS = ["tests/creative-memory"]


class StepFailed(RuntimeError):
    """A set-up step failed; the message holds the command and the end of its output."""


def snapshot() -> Path:
    return Path(os.environ.get("OD_UPSTREAM_SNAPSHOT") or SNAPSHOT)


def patches() -> list[Path]:
    return sorted(PATCHES.glob("*.patch"))


def run(argv: Sequence[str], cwd: Path, env: Mapping[str, str], timeout: float = 900) -> tuple[float, str]:
    """Run one step; returns its wall time in seconds and its output, or raises StepFailed."""
    t0 = time.perf_counter()
    proc = subprocess.run(
        list(argv), cwd=cwd, env=dict(env), capture_output=True, text=True, timeout=timeout, check=False
    )
    took = time.perf_counter() - t0
    out = proc.stdout + proc.stderr
    if proc.returncode != 0:
        raise StepFailed(f"{' '.join(argv)} (in {cwd}) failed with {proc.returncode}:\n{out[-4000:]}")
    return took, out


def unpack(dest: Path) -> Path:
    with tarfile.open(snapshot()) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(dest, filter="data")
        else:
            tar.extractall(dest)
    return dest / "open-design"


def apply_patches(tree: Path, env: Mapping[str, str]) -> float:
    """Each patch in order, with ``git apply`` (``patch -p1`` where git is missing)."""
    took = 0.0
    # git looks for a repository above the tree: stop it at the tree's folder, so that the patches
    # apply to the tree even when the temporary folder lies inside a checkout
    env = {**env, "GIT_CEILING_DIRECTORIES": str(tree.parent)}
    for patch in patches():
        argv = (
            ["git", "apply", "--whitespace=nowarn", str(patch)]
            if shutil.which("git")
            else ["patch", "-p1", "-i", str(patch)]
        )
        took += run(argv, tree, env)[0]
    return took


def prepare(dest: Path, env: Mapping[str, str], say: Callable[[str], None] = print) -> Path:
    """Unpack, patch, install and build; returns the patched ``apps/daemon`` folder."""
    t0 = time.perf_counter()
    tree = unpack(dest)
    say(f"unpacked {snapshot().name} in {time.perf_counter() - t0:.1f} s")
    say(f"applied {len(patches())} patches in {apply_patches(tree, env):.1f} s")
    steps: list[tuple[str, list[str], Path]] = [
        ("installed the daemon's dependencies", [*PNPM, "install", "--frozen-lockfile", "--ignore-scripts",
                                                 "--filter", "@open-design/daemon..."], tree),
        ("built the workspace packages it needs", [*PNPM, "--filter", "@open-design/daemon^...", "run", "build"], tree),
    ]  # fmt: skip
    for label, argv, cwd in steps:
        say(f"{label} in {run(argv, cwd, env)[0]:.1f} s")
    found = sorted((tree / "node_modules" / ".pnpm").glob("better-sqlite3@*/node_modules/better-sqlite3"))
    if not found:
        raise StepFailed("better-sqlite3 was not installed")
    gyp = ["npx", "-y", "node-gyp@11", "rebuild", "--release", "--nodedir=/usr"]
    say(f"built better-sqlite3 from source in {run(gyp, found[0], env)[0]:.1f} s")
    return tree / "apps" / "daemon"

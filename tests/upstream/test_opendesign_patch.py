"""The Open Design patch series against the real daemon (its source at e00d0bc5, unpacked here).

Slow (a few minutes: the daemon's dependencies are installed and better-sqlite3 is built), so it
is marked ``upstream``: ``./test.sh`` leaves it out and CI runs it as a step of its own
(``.ci/run``). It unpacks the snapshot into a temporary folder, applies
``integrations/opendesign/patches``, installs and builds as ``../shared/upstream/README.md`` says,
type-checks the daemon's sources and tests, then runs upstream's prompt tests, the tests of the
files the patches touch and the tests the patches add — among them the patched daemon with a real
``od-memory serve`` of this checkout (tests/creative-memory/daemon-e2e.test.ts): consent before
the store is touched, the block's place and wording in the prompts of real runs, nothing added
when memory is off, paused, disabled or empty, Personal memory unchanged, and the pages of file
versions stored with the patterns this checkout's extractor finds in them. Skipped only where Node
is missing.

Open Design's package manager and node-gyp need their caches, so the set-up commands run with
the real HOME; the tests themselves (the daemon and the od-memory it starts) run in the isolated
folders of this suite.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
#: the environment before this suite's fixtures isolate HOME (npx and pnpm keep their caches there)
REAL_ENV = dict(os.environ)

pytestmark = [
    pytest.mark.upstream,
    pytest.mark.timeout(1800),
    pytest.mark.skipif(
        shutil.which("node") is None, reason="Node.js is not installed: the daemon is a Node program"
    ),
]


def _tree_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cm_upstream_tree", REPO / "bench" / "upstream_tree.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


upstream = _tree_module()


def say(line: str) -> None:
    print(f"[upstream] {line}", file=sys.stderr, flush=True)


def od_memory() -> str:
    beside = Path(sys.executable).with_name("od-memory")
    found = str(beside) if beside.exists() else shutil.which("od-memory")
    assert found, "od-memory is not installed beside this Python (run ./test.sh once to set up .venv)"
    return found


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The patched daemon's folder, installed and built (the daemon's own `tsc` build too)."""
    assert upstream.snapshot().exists(), (
        f"the Open Design snapshot is missing: {upstream.snapshot()} (set OD_UPSTREAM_SNAPSHOT to its path)"
    )
    assert upstream.patches(), "no patches in integrations/opendesign/patches"
    t0 = time.perf_counter()
    root = tmp_path_factory.mktemp("open-design")
    folder = upstream.prepare(root, REAL_ENV, say)
    # the daemon's build (its tests start dist/cli.js): `tsc -p tsconfig.json`, which fails on any
    # type error of the sources
    took, _ = upstream.run(["npx", "tsc", "-p", "tsconfig.json"], folder, REAL_ENV)
    say(
        f"built the patched daemon (tsc -p tsconfig.json, no error) in {took:.1f} s; set-up {time.perf_counter() - t0:.0f} s in all"
    )
    yield folder
    shutil.rmtree(root, ignore_errors=True)


def test_the_patched_daemon_type_checks(daemon: Path) -> None:
    """The daemon's `typecheck` script checks `tsconfig.json` (its sources: the fixture's build did,
    with no error) and `tsconfig.tests.json` (its sources and its tests) with `tsc --noEmit`."""
    took, _ = upstream.run(["npx", "tsc", "-p", "tsconfig.tests.json", "--noEmit"], daemon, REAL_ENV)
    say(f"tsc -p tsconfig.tests.json --noEmit (sources and tests): no error, {took:.1f} s")


def test_upstream_and_patch_tests_pass_with_a_real_od_memory(daemon: Path, tmp_path: Path) -> None:
    report = tmp_path / "vitest.json"
    env = {
        **os.environ,  # this suite's isolated HOME and XDG folders
        "PATH": REAL_ENV.get("PATH", os.defpath),
        "OD_CREATIVE_MEMORY_E2E_COMMAND": od_memory(),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        "PYTHONIOENCODING": "utf-8",
        "CM_CONFIG_DIR": str(tmp_path / "cm-config"),
    }
    env.pop("OD_DATA_DIR", None)  # the daemon's tests choose their own
    argv = [
        "npx", "vitest", "run", "-c", "vitest.config.ts", *upstream.UPSTREAM_TESTS, *upstream.PATCH_TESTS,
        "--reporter=json", f"--outputFile={report}",
    ]  # fmt: skip
    t0 = time.perf_counter()
    try:
        upstream.run(argv, daemon, env, timeout=1200)
    except upstream.StepFailed as exc:
        if not report.exists():
            raise
        say(str(exc).splitlines()[0])
    took = time.perf_counter() - t0
    data: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    results = [t for f in data["testResults"] for t in f["assertionResults"]]
    failed = [
        f"{t['fullName']}: {' '.join(t.get('failureMessages') or [])[:1500]}"
        for t in results
        if t["status"] == "failed"
    ]
    say(
        f"vitest: {data['numTotalTestSuites']} suites, {data['numPassedTests']} passed, "
        f"{data['numFailedTests']} failed, {data['numPendingTests']} skipped, {took:.0f} s"
    )
    assert not failed, "\n\n".join(failed)
    assert data["numFailedTestSuites"] == 0 and data["numTotalTests"] > 0
    e2e = [t for t in results if "real od-memory serve" in t["fullName"]]
    assert len(e2e) >= 5 and all(t["status"] == "passed" for t in e2e), [
        (t["title"], t["status"]) for t in e2e
    ]

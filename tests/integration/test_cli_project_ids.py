"""Project ids given to ``retrieve``, ``preview``, ``explain``, ``inspect`` and ``serve`` (issue 17.6,
docs/decisions/0036): checked and normalised (NFC) before any gate; a malformed id gets a sentence
(exit 3 / a JSON-RPC error with its kind); a well-formed id nobody knows is refused on the command
line with the closest ids unless ``--new``, and served by ``serve`` as a project with default
switches; no spelling of an id reaches a project around its switches. Real subprocesses, real stores.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

from test_cli_names import events, od, refused
from test_serve import req, serve

CAFE = unicodedata.normalize("NFC", "p_café")
CAFE_NFD = unicodedata.normalize("NFD", CAFE)


def _store(tmp_path: Path) -> Path:
    """Memory in the project p_café (global and its own), then the project switched off."""
    root = tmp_path
    ev = events(*[("layout", "airy_spacing")] * 8, project=CAFE)
    ev += events(*[("layout", "airy_spacing")] * 12, start=10)
    p = od(root, "ingest", "-", stdin=ev)
    assert p.returncode == 0, p.stderr
    p = od(root, "project", "disable", CAFE)
    assert p.returncode == 0, p.stderr
    return root


def test_a_malformed_project_id_is_refused_in_a_sentence_by_every_command(tmp_path: Path) -> None:
    root = _store(tmp_path)
    for args in (
        ["retrieve", "--dry-run"],
        ["preview"],
        ["inspect"],
        ["explain", "layout", "airy_spacing"],
    ):
        refused(od(root, *args, "--project", "p_café "), 3, "project id", "space")


def test_an_unknown_project_is_refused_with_the_closest_ids_unless_new(tmp_path: Path) -> None:
    root = _store(tmp_path)
    for args in (["retrieve"], ["preview"], ["inspect"], ["explain", "layout", "airy_spacing"]):
        refused(od(root, *args, "--project", "p_cafe"), 3, "p_cafe", "--new", f"Closest: {CAFE}")
    before = od(root, "--json", "diagnostics").stdout
    p = od(root, "retrieve", "--project", "p_cafe")
    assert p.returncode == 3 and od(root, "--json", "diagnostics").stdout == before  # nothing recorded
    p = od(root, "--json", "retrieve", "--dry-run", "--project", "p_brand_new", "--new")
    assert p.returncode == 0, p.stderr
    assert "airy_spacing" in _patterns(p.stdout)  # a new project gets global memory


def test_another_spelling_of_a_disabled_project_stays_disabled(tmp_path: Path) -> None:
    root = _store(tmp_path)
    for spelled in (CAFE, CAFE_NFD):
        p = od(root, "--json", "retrieve", "--dry-run", "--project", spelled)
        assert p.returncode == 0, p.stderr
        out = json.loads(p.stdout)
        assert not _patterns(p.stdout) and out["empty_reason"] == "project_memory_disabled", out
        p = od(root, "--json", "preview", "--project", spelled)
        assert p.returncode == 0 and json.loads(p.stdout)["block"] == "", p.stdout
    # The global memory itself is there: the gate, not an empty store, emptied the block.
    p = od(root, "--json", "retrieve", "--dry-run")
    assert "airy_spacing" in _patterns(p.stdout)


def _patterns(stdout: str) -> set[str]:
    out = json.loads(stdout)
    return {p["pattern"] for k in ("positives", "negatives", "project_overrides") for p in out[k]}


def _answers(root: Path, *params: dict[str, Any]) -> list[dict[str, Any]]:
    lines = [req(i, "retrieve", {**p, "dry_run": True}) for i, p in enumerate(params)]
    proc = serve(
        lines, "serve", "--stdio", "--data-dir", str(root / "od-data"), "--now", "2026-11-10T12:00:00Z"
    )
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_serve_checks_ids_before_the_gates_and_serves_a_project_it_has_not_seen(tmp_path: Path) -> None:
    root = _store(tmp_path)
    nfc, nfd, fresh, bad = _answers(
        root,
        {"project_id": CAFE},
        {"project_id": CAFE_NFD},
        {"project_id": "p_just_created"},
        {"project_id": "p_café "},
    )
    for disabled in (nfc, nfd):
        assert disabled["result"]["block"] == "", disabled
        assert disabled["result"]["empty_reason"] == "project_memory_disabled", disabled
    assert nfd["result"]["project_id"] == CAFE  # served under the stored (NFC) form
    # The daemon retrieves right after creating a project: it gets the global memory.
    assert "airy spacing" in fresh["result"]["block"], fresh
    assert bad["error"]["data"]["kind"] == "invalid_input" and "space" in bad["error"]["message"], bad

"""The command-line contract of ``od-memory`` (shared design ``cli.md``), through real subprocesses.

Every test runs ``python -m cli.main`` from the repository root with its own HOME, OD_DATA_DIR and
CM_CONFIG_DIR in a temp folder, stdin closed, and keyring forced to its ``fail`` backend so the
install secret takes the deterministic 0600 file fallback. All commands use a fixed ``--now``.

A CLI start costs about a second (imports), so one store is prepared once per module and copied,
and independent commands run a few at a time in parallel.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
LEGACY = FIXTURES / "legacy_preferences.json"
WORKERS = 3
TIMEOUT_S = 120

NOW = "2026-11-10T12:00:00Z"
NOW_DT = datetime(2026, 11, 10, 12, 0, tzinfo=UTC)
PASS_VAR = "CM_TEST_BUNDLE_PASSPHRASE"
PASSPHRASE = "correct horse battery staple"

STATUS_KEYS = {"enabled", "learning_paused_until", "using_paused_until", "counts", "projects_disabled"}
PROJECT_KEYS = {"id", "name", "use_memory", "learn_from_project", "preferences", "last_activity"}
PREF_KEYS = {
    "scope",
    "preference_type",
    "pattern",
    "polarity",
    "strength",
    "confidence",
    "status",
    "sources",
    "accept_count",
    "reject_count",
    "last_seen",
    "decay_at",
    "shadow_of",
}
WHERE_KEYS = {"data_dir", "store", "rule", "exists", "read_only", "schema"}


def iso(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_ms(dt: datetime) -> str:
    """The CLI's own output format: milliseconds and a Z."""
    return dt.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# --------------------------------------------------------------------------- events
def _ev(
    n: int,
    signal: str,
    pattern: tuple[str, str, str],
    at: str,
    project: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    ev: dict[str, Any] = {
        "event_id": f"ev_{n:03d}",
        "signal_type": signal,
        "occurred_at": at,
        "session_id": f"s_{at[:10]}",
        "patterns": [dict(zip(("preference_type", "pattern", "polarity"), pattern, strict=True))],
    }
    if project:
        ev["project_id"] = project
    ev.update(extra)
    return ev


AIRY = ("layout", "airy_spacing", "positive")
MUTED = ("color", "muted_palette", "positive")
SHADOWS = ("effects", "drop_shadows", "negative")
# p_brand/airy_spacing: 0.150 + 0.100 + 0.125 + 0.050 = 0.425 (medium, above the 0.40 threshold).
# muted_palette (global): 0.150 + 0.100 + 0.125 + 0.075 = 0.450; drop_shadows: 0.45 (negative).
EVENTS: list[dict[str, Any]] = [
    _ev(1, "explicit_tag", AIRY, "2026-11-01T09:00:00Z", "p_brand", tag="love this"),
    _ev(2, "manual_refinement", AIRY, "2026-11-01T10:00:00Z", "p_brand", diff="wider gutters on the hero"),
    _ev(3, "revert_after_edit", AIRY, "2026-11-02T09:00:00+01:00", "p_brand"),
    _ev(4, "thumbs_up", AIRY, "2026-11-02T10:00:00Z", "p_brand"),
    _ev(5, "explicit_tag", MUTED, "2026-11-03T09:00:00Z", tag="keep this style"),
    _ev(6, "manual_refinement", MUTED, "2026-11-03T10:00:00Z"),
    _ev(7, "revert_after_edit", MUTED, "2026-11-03T11:00:00Z"),
    _ev(8, "repeated_acceptance", MUTED, "2026-11-04T09:00:00Z"),
    _ev(9, "explicit_tag", SHADOWS, "2026-11-04T10:00:00Z", tag="too heavy"),
    _ev(10, "explicit_tag", SHADOWS, "2026-11-04T11:00:00Z", tag="not this"),
    _ev(11, "thumbs_down", SHADOWS, "2026-11-05T09:00:00Z"),
    _ev(12, "single_rejection", SHADOWS, "2026-11-05T10:00:00Z"),
    _ev(13, "thumbs_down", SHADOWS, "2026-11-05T11:00:00Z"),
    _ev(14, "thumbs_up", ("imagery", "monochrome", "positive"), "2026-11-06T09:00:00Z", "p_deck"),
    {
        "event_id": "ev_015",
        "signal_type": "pairwise_comparison",
        "occurred_at": "2026-11-06T10:00:00Z",
        "chose": {"patterns": [{"preference_type": "typography", "pattern": "serif_headlines"}]},
        "over": {"patterns": [{"preference_type": "typography", "pattern": "sans_headlines"}]},
    },
]


def jsonl(events: Sequence[dict[str, Any] | str]) -> str:
    return "".join((e if isinstance(e, str) else json.dumps(e)) + "\n" for e in events)


# --------------------------------------------------------------------------- running the CLI
@dataclass
class Result:
    args: tuple[str, ...]
    rc: int
    stdout: str
    stderr: str

    @property
    def data(self) -> Any:
        try:
            return json.loads(self.stdout)
        except ValueError:
            pytest.fail(f"od-memory {' '.join(self.args)} printed no JSON:\n{self.stdout}\n{self.stderr}")

    def expect(self, rc: int) -> Result:
        assert self.rc == rc, (
            f"od-memory {' '.join(self.args)} exited {self.rc}, expected {rc}\n"
            f"stdout: {self.stdout}\nstderr: {self.stderr}"
        )
        return self


@dataclass
class Box:
    """A sandbox: HOME, config dir and data dir under one root."""

    root: Path
    env_extra: dict[str, str] = field(default_factory=dict)

    @property
    def data(self) -> Path:
        return self.root / "od-data"

    @property
    def db(self) -> Path:
        return self.data / "app.sqlite"

    def env(self) -> dict[str, str]:
        env = {
            k: v for k, v in os.environ.items() if not k.startswith(("OD_", "CM_", "XDG_", "PYTHON", "DBUS_"))
        }
        env.update(
            HOME=str(self.root),
            OD_DATA_DIR=str(self.data),
            CM_CONFIG_DIR=str(self.root / "cfg"),
            XDG_CONFIG_HOME=str(self.root / "xdg-config"),
            XDG_DATA_HOME=str(self.root / "xdg-data"),
            PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
            PYTHONIOENCODING="utf-8",
        )
        env.update(self.env_extra)
        return env

    def run(self, *args: str, env: dict[str, str] | None = None) -> Result:
        proc = subprocess.run(
            [sys.executable, "-m", "creative_memory.cli.main", *args],
            cwd=REPO,
            env={**self.env(), **(env or {})},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            check=False,
        )
        return Result(tuple(args), proc.returncode, proc.stdout, proc.stderr)

    def copy(self, dest: Path) -> Box:
        shutil.copytree(self.root, dest)
        return Box(dest, dict(self.env_extra))


Step = tuple[Box, Sequence[str]]


def run_all(jobs: Sequence[Step]) -> list[Result]:
    """Independent commands, a few at a time; results in the order given."""
    with ThreadPoolExecutor(WORKERS) as pool:
        return list(pool.map(lambda job: job[0].run(*job[1]), jobs))


def run_chains(chains: Sequence[Sequence[Step | Callable[[], Any]]]) -> list[list[Any]]:
    """Each chain runs in order (a step is a command, or a callable run in between); the chains
    run in parallel. Returns each chain's results in order."""

    def one(chain: Sequence[Step | Callable[[], Any]]) -> list[Any]:
        return [step() if callable(step) else step[0].run(*step[1]) for step in chain]

    with ThreadPoolExecutor(WORKERS) as pool:
        return list(pool.map(one, chains))


# --------------------------------------------------------------------------- looking at the store
def db_digest(db: Path) -> str:
    """A digest of every table's schema and rows (read-only; the logical content of the store)."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        h = hashlib.sha256()
        tables = con.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='table' ORDER BY name"
        ).fetchall()
        for name, sql in tables:
            h.update(f"{name}\0{sql}\0".encode())
            rows = sorted(repr(r) for r in con.execute(f'SELECT * FROM "{name}"'))
            h.update("\n".join(rows).encode())
        return h.hexdigest()
    finally:
        con.close()


def query(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def store_bytes(db: Path) -> bytes:
    """The database, its WAL and its shared-memory file, as they are on disk."""
    files = [db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")]
    return b"".join(f.read_bytes() for f in files if f.exists())


def event_ids(db: Path) -> set[str]:
    return {r[0] for r in query(db, "SELECT event_id FROM creative_memory_events")}


def by_key(prefs: Sequence[dict[str, Any]]) -> dict[tuple[str, str, str, str], dict[str, Any]]:
    out = {}
    for p in prefs:
        row = {k: v for k, v in p.items() if k != "id"}
        out[(p["scope"], p["preference_type"], p["pattern"], p["polarity"])] = row
    assert len(out) == len(prefs), "two preferences share a key"
    return out


# --------------------------------------------------------------------------- contract checkers
def is_int(v: Any) -> bool:
    return type(v) is int


def is_num(v: Any) -> bool:
    return type(v) in (int, float)


def is_opt_str(v: Any) -> bool:
    return v is None or isinstance(v, str)


def is_iso(v: Any) -> bool:
    if not isinstance(v, str):
        return False
    dt = datetime.fromisoformat(v.replace("Z", "+00:00"))
    return dt.tzinfo is not None


def is_opt_iso(v: Any) -> bool:
    return v is None or is_iso(v)


def check_status(d: Any) -> None:
    assert isinstance(d, dict)
    assert d.keys() >= STATUS_KEYS, d
    assert type(d["enabled"]) is bool
    assert is_opt_iso(d["learning_paused_until"]) and is_opt_iso(d["using_paused_until"])
    assert set(d["counts"]) >= {"preferences", "events", "retrievals"}
    assert all(is_int(d["counts"][k]) for k in ("preferences", "events", "retrievals"))
    assert isinstance(d["projects_disabled"], list)
    assert all(isinstance(p, str) for p in d["projects_disabled"])


def check_project_row(r: Any) -> None:
    assert isinstance(r, dict) and r.keys() >= PROJECT_KEYS, r
    assert isinstance(r["id"], str) and is_opt_str(r["name"])
    assert type(r["use_memory"]) is bool and type(r["learn_from_project"]) is bool
    assert is_int(r["preferences"]) and is_opt_iso(r["last_activity"])


def check_pref(p: Any) -> None:
    assert isinstance(p, dict) and p.keys() >= PREF_KEYS, p
    for k in ("scope", "preference_type", "pattern"):
        assert isinstance(p[k], str)
    assert p["polarity"] in ("positive", "negative")
    assert is_num(p["strength"]) and 0.0 <= p["strength"] <= 1.0
    assert p["confidence"] in ("low", "medium", "high")
    assert p["status"] in ("stable", "under_review", "archived")
    assert isinstance(p["sources"], list) and all(isinstance(s, str) for s in p["sources"])
    assert is_int(p["accept_count"]) and is_int(p["reject_count"])
    assert is_opt_iso(p["last_seen"]) and is_opt_iso(p["decay_at"]) and is_opt_str(p["shadow_of"])


def check_inspect(d: Any) -> None:
    assert set(d) >= {"preferences"} and isinstance(d["preferences"], list)
    for p in d["preferences"]:
        check_pref(p)
    strengths = [p["strength"] for p in d["preferences"]]
    assert strengths == sorted(strengths, reverse=True), "inspect lists the strongest first"


def check_erased(d: Any) -> None:
    assert set(d["erased"]) >= {"preferences", "events_deleted", "events_rewritten", "diagnostics"}
    assert all(is_int(v) for v in d["erased"].values())
    assert type(d["verified"]) is bool


def check_ingest(d: Any) -> None:
    assert set(d) >= {"accepted", "duplicates", "ignored", "rejected"}
    assert is_int(d["accepted"]) and is_int(d["duplicates"])
    assert isinstance(d["ignored"], dict) and all(is_int(v) for v in d["ignored"].values())
    assert isinstance(d["rejected"], list)
    for r in d["rejected"]:
        assert is_int(r["line"]) and isinstance(r["error"], str) and r["error"]


def check_retrieve(d: Any) -> None:
    assert set(d) >= {"positives", "negatives", "project_overrides", "events", "duration_ms"}
    for k in ("positives", "negatives", "project_overrides"):
        assert isinstance(d[k], list)
    assert isinstance(d["events"], list)
    for e in d["events"]:
        assert isinstance(e["type"], str) and isinstance(e["stage"], str) and isinstance(e["trace"], str)
    assert is_num(d["duration_ms"])


def check_preview(d: Any) -> None:
    assert set(d) >= {"block", "tokens", "personal_block", "personal_tokens", "empty_reason"}
    assert isinstance(d["block"], str) and isinstance(d["personal_block"], str)
    assert is_int(d["tokens"]) and is_int(d["personal_tokens"])
    assert is_opt_str(d["empty_reason"])


def check_transfer(d: Any) -> None:
    assert set(d) >= {"events", "preferences", "path"}
    assert is_int(d["events"]) and is_int(d["preferences"]) and isinstance(d["path"], str)


def check_error(r: Result, kind: str) -> None:
    """Exit ≠ 0 with --json: the reason as one line on stderr and as JSON on stdout."""
    assert r.stderr.strip().startswith("od-memory: "), r.stderr
    assert r.data["error"]["kind"] == kind
    assert r.data["error"]["message"].strip()


# --------------------------------------------------------------------------- the prepared store
@dataclass
class Template:
    box: Box
    ingest: Result
    preview: Result
    inspect: Result
    status: Result
    digest: str


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Template:
    """One store with the EVENTS ingested, previewed (which records nothing) and one recorded
    ``retrieve`` (an injection, origin cli), reused through copies."""
    root = tmp_path_factory.mktemp("cli-template")
    box = Box(root / "box")
    box.data.mkdir(parents=True)  # OD_DATA_DIR names it: a write never creates it (decision 0074)
    events_file = root / "events.jsonl"
    events_file.write_text(jsonl(EVENTS), encoding="utf-8")
    ingest = box.run("--json", "--now", NOW, "ingest", str(events_file))
    before = db_digest(box.db)
    preview = box.run("--json", "--now", NOW, "preview", "--project", "p_brand")
    assert db_digest(box.db) == before  # looking never writes
    inspect = box.run("--json", "--now", NOW, "inspect")  # before the injection: nothing injected yet
    box.run("--json", "--now", NOW, "retrieve", "--project", "p_brand").expect(0)
    status = box.run("--json", "--now", NOW, "status")
    return Template(box, ingest, preview, inspect, status, db_digest(box.db))


@pytest.fixture
def fresh(tmp_path: Path, template: Template) -> Callable[[str], Box]:
    """``fresh(name)``: a copy of the template sandbox."""

    def make(name: str) -> Box:
        return template.box.copy(tmp_path / name)

    return make


# =========================================================================== usage, where
def test_version_and_usage_errors(tmp_path: Path) -> None:
    box = Box(tmp_path)
    version, unknown, missing = run_all(
        [
            (box, ["--version"]),
            (box, ["frobnicate", "--json"]),
            (box, ["--json", "explain", "layout"]),  # PATTERN is missing
        ]
    )
    version.expect(0)
    assert "od-memory" in version.stdout and any(c.isdigit() for c in version.stdout)
    for r in (unknown, missing):
        r.expect(2)
        assert "usage:" in r.stderr
        assert r.stdout == ""
    assert "frobnicate" in unknown.stderr
    # A usage error never creates anything.
    assert not box.data.exists()


def test_where_prints_exactly_the_documented_keys_and_the_rule(
    tmp_path: Path, fresh: Callable[[str], Box]
) -> None:
    box = Box(tmp_path / "box")
    box.root.mkdir()
    flagged = tmp_path / "elsewhere dïr"
    existing = fresh("existing")
    env_r, flag_r, existing_r = run_all(
        [
            (box, ["--json", "where"]),
            (box, ["where", "--data-dir", str(flagged), "--json"]),
            (box, ["--data-dir", str(existing.data), "where", "--json"]),
        ]
    )
    # A missing store: exit 4 like every read-only command, the facts still on stdout.
    env_d = env_r.expect(4).data
    assert set(env_d) >= WHERE_KEYS
    assert env_d["error"]["kind"] == "store_unavailable" and "looked in" in env_r.stderr
    assert env_d["rule"] == "env"
    assert Path(env_d["data_dir"]) == box.data
    assert Path(env_d["store"]) == box.data / "app.sqlite"
    assert env_d["exists"] is False and env_d["read_only"] is False
    assert set(env_d["schema"]) == {"current", "latest"}
    assert env_d["schema"]["current"] is None and isinstance(env_d["schema"]["latest"], str)
    flag_d = flag_r.expect(4).data
    assert set(flag_d) >= WHERE_KEYS
    assert flag_d["rule"] == "flag"
    assert Path(flag_d["data_dir"]) == flagged
    # `where` only looks: it creates neither folder.
    assert not box.data.exists() and not flagged.exists()
    ex = existing_r.expect(0).data
    assert set(ex) >= WHERE_KEYS
    assert (ex["rule"], ex["exists"], ex["read_only"]) == ("flag", True, False)
    assert Path(ex["store"]) == existing.db
    assert ex["schema"]["current"] == ex["schema"]["latest"] == env_d["schema"]["latest"]


# =========================================================================== every command
def _reset_backup(box: Box) -> list[str]:
    return ["reset", "--confirm", "--backup", str(box.root / "backup.json"), "--json", "--now", NOW]


# (name, builder, expected exit code, checker(result, box, template)). The builder returns the
# command's arguments, or a chain of commands whose last one is checked.
Contract = tuple[
    str, Callable[[Box], list[str] | list[list[str]]], int, Callable[[Result, Box, Template], None]
]


def _c_status(r: Result, box: Box, t: Template) -> None:
    d = r.data
    check_status(d)
    assert d["enabled"] is True and d["learning_paused_until"] is None
    assert d["counts"]["events"] == len(EVENTS)
    assert d["counts"]["preferences"] == len(t.inspect.data["preferences"])
    assert d["counts"]["retrievals"] == 1


def _c_enable(r: Result, box: Box, t: Template) -> None:
    check_status(r.data)
    assert r.data["enabled"] is True


def _c_disable(r: Result, box: Box, t: Template) -> None:
    check_status(r.data)
    assert r.data["enabled"] is False


def _c_pause(r: Result, box: Box, t: Template) -> None:
    d = r.data
    check_status(d)
    # 2026-11-11T00:00+01:00 is 23:00 UTC; --learning pauses learning only.
    assert d["learning_paused_until"] == "2026-11-10T23:00:00.000Z"
    assert d["using_paused_until"] is None


def _c_resume(r: Result, box: Box, t: Template) -> None:
    d = r.data
    check_status(d)
    # After `pause` (both, no end) `resume --using` ends only the using pause.
    assert d["using_paused_until"] is None
    assert d["learning_paused_until"] is not None and d["paused_until_resumed"]["learning"] is True


def _c_project_list(r: Result, box: Box, t: Template) -> None:
    rows = r.data
    assert isinstance(rows, list)
    for row in rows:
        check_project_row(row)
    ids = {row["id"]: row for row in rows}
    assert set(ids) == {"p_brand", "p_deck"}
    assert ids["p_brand"]["preferences"] == 1
    assert ids["p_brand"]["last_activity"] == "2026-11-02T10:00:00.000Z"


def _c_project_enable(r: Result, box: Box, t: Template) -> None:
    check_project_row(r.data)
    assert r.data["use_memory"] is True and r.data["learn_from_project"] is True


def _c_inspect(r: Result, box: Box, t: Template) -> None:
    check_inspect(r.data)
    (p,) = r.data["preferences"]
    assert (p["scope"], p["pattern"]) == ("project:p_brand", "airy_spacing")


def _c_explain(r: Result, box: Box, t: Template) -> None:
    d = r.data
    assert set(d) >= {"preference", "events", "last_retrieval"}
    check_pref(d["preference"])
    assert [e["event_id"] for e in d["events"]] == ["ev_001", "ev_002", "ev_003", "ev_004"]
    assert isinstance(d["last_retrieval"], dict) and d["last_retrieval"]["verdict"] == "kept"
    assert d["why"].startswith("Used in the last generation for project p_brand (")


def _c_forget(r: Result, box: Box, t: Template) -> None:
    check_erased(r.data)
    assert type(r.data["blocked"]) is bool and r.data["blocked"] is False
    assert r.data["verified"] is True
    assert r.data["erased"]["preferences"] == 1 and r.data["erased"]["events_deleted"] == 5
    assert query(box.db, "SELECT count(*) FROM creative_memory_events")[0][0] == len(EVENTS) - 5


def _c_reset(r: Result, box: Box, t: Template) -> None:
    d = r.data
    check_erased(d)
    assert d["verified"] is True and d["erased"]["events_deleted"] == len(EVENTS)
    backup = Path(d["backup"])
    assert backup == box.root / "backup.json"
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert len(json.loads(backup.read_text())["events"]) == len(EVENTS)


def _c_diagnostics(r: Result, box: Box, t: Template) -> None:
    rets = r.data["retrievals"]
    assert len(rets) == 1
    (ret,) = rets
    assert set(ret) >= {"id", "at", "origin", "project_id", "mode", "events"}
    assert is_int(ret["id"]) and is_iso(ret["at"])
    assert (ret["origin"], ret["project_id"], ret["mode"]) == ("cli", "p_brand", "generation")
    assert isinstance(ret["events"], list) and ret["events"]


def _c_decay(r: Result, box: Box, t: Template) -> None:
    assert set(r.data) >= {"decayed", "archived"}
    assert is_int(r.data["decayed"]) and is_int(r.data["archived"])
    # 100 days later every record is past its decay_at (last signal + 90 days), none past 180 days.
    assert r.data["decayed"] == len(t.inspect.data["preferences"]) and r.data["archived"] == 0


def _c_rebuild(r: Result, box: Box, t: Template) -> None:
    d = r.data
    assert is_int(d["preferences"]) and is_int(d["events"]) and is_num(d["duration_ms"])
    assert d["events"] == len(EVENTS) and d["preferences"] == len(t.inspect.data["preferences"])


def _c_audit(r: Result, box: Box, t: Template) -> None:
    entries = r.data["entries"]
    assert isinstance(entries, list)
    for e in entries:
        assert set(e) >= {"at", "actor", "action", "target", "outcome"}
    assert any(e["action"] == "disable" and e["actor"] == "cli" for e in entries)


def _c_self_test(r: Result, box: Box, t: Template) -> None:
    checks = r.data["checks"]
    assert all(isinstance(c["name"], str) and type(c["ok"]) is bool for c in checks)
    names = {c["name"] for c in checks if c["ok"]}
    assert {"memory_off", "using_paused", "project_disabled"} <= names


def _c_demo(r: Result, box: Box, t: Template) -> None:
    d = r.data
    assert is_int(d["events"]) and is_int(d["preferences"]) and is_int(d["projects"])
    assert d["events"] > 0 and d["preferences"] > 0 and d["projects"] > 0


def _disable_then_audit(box: Box) -> list[list[str]]:
    return [["disable", "--now", NOW], ["audit", "--json", "--limit", "5", "--now", NOW]]


CONTRACTS: list[Contract] = [
    ("status (--json after)", lambda b: ["status", "--json", "--now", NOW], 0, _c_status),
    ("enable", lambda b: ["enable", "--json", "--now", NOW], 0, _c_enable),
    ("disable", lambda b: ["--json", "disable", "--now", NOW], 0, _c_disable),
    (
        "pause",
        lambda b: ["pause", "--until", "2026-11-11T00:00:00+01:00", "--learning", "--json", "--now", NOW],
        0,
        _c_pause,
    ),
    (
        "resume",
        lambda b: [["pause", "--now", NOW], ["resume", "--using", "--json", "--now", NOW]],
        0,
        _c_resume,
    ),
    ("project list", lambda b: ["--json", "project", "list"], 0, _c_project_list),
    ("project enable", lambda b: ["--json", "project", "enable", "p_brand"], 0, _c_project_enable),
    (
        "inspect",
        lambda b: [
            "inspect",
            "--project",
            "p_brand",
            "--status",
            "stable",
            "--limit",
            "5",
            "--json",
            "--now",
            NOW,
        ],
        0,
        _c_inspect,
    ),
    (
        "explain",
        lambda b: ["--json", "--now", NOW, "explain", "layout", "airy_spacing", "--project", "p_brand"],
        0,
        _c_explain,
    ),
    (
        "forget",
        lambda b: ["forget", "effects", "drop_shadows", "--yes", "--json", "--now", NOW],
        0,
        _c_forget,
    ),
    ("reset", _reset_backup, 0, _c_reset),
    ("diagnostics", lambda b: ["--json", "diagnostics", "--project", "p_brand"], 0, _c_diagnostics),
    ("decay", lambda b: ["decay", "--json", "--now", iso(NOW_DT + timedelta(days=100))], 0, _c_decay),
    ("rebuild", lambda b: ["rebuild", "--json", "--now", NOW], 0, _c_rebuild),
    ("audit", _disable_then_audit, 0, _c_audit),
    ("self-test", lambda b: ["self-test", "--json", "--now", NOW], 0, _c_self_test),
    ("demo", lambda b: ["demo", "--size", "S", "--seed", "3", "--yes", "--json", "--now", NOW], 0, _c_demo),
]


def test_every_command_prints_its_documented_json(template: Template, fresh: Callable[[str], Box]) -> None:
    """The commands not already driven by a scenario below. The documented JSON of ingest,
    preview (template fixture), pause and retrieve (pause test), project disable (project test),
    export, import (round-trip and legacy tests) and where (its own test) is checked there with
    the same checkers."""
    chains: list[list[Step]] = []
    boxes = []
    for i, (_name, build, _rc, _check) in enumerate(CONTRACTS):
        box = fresh(f"c{i}")
        boxes.append(box)
        built = build(box)
        steps = built if built and isinstance(built[0], list) else [built]
        chains.append([(box, args) for args in steps])
    results = [chain[-1] for chain in run_chains(chains)]
    failures = []
    for (name, _build, rc, check), box, r in zip(CONTRACTS, boxes, results, strict=True):
        try:
            r.expect(rc)
            check(r, box, template)
        except AssertionError as exc:
            failures.append(f"{name}: {exc}")
    assert not failures, "\n\n".join(failures)
    # Global options before (the template's `--json --now … status`) or after the subcommand.
    assert results[0].data == template.status.expect(0).data


# =========================================================================== ingest, preview
def test_demo_never_fills_a_persons_store(template: Template, fresh: Callable[[str], Box]) -> None:
    box = fresh("demo")
    before = db_digest(box.db)
    demo_dir = box.root / "demo-store"
    # OD_DATA_DIR names the real store; without --data-dir, demo fills the separate demo store.
    made = box.run(
        "--json", "--now", NOW, "demo", "--size", "S", "--seed", "3", env={"CM_DEMO_DIR": str(demo_dir)}
    ).expect(0)
    assert made.data["events"] > 0 and (demo_dir / "app.sqlite").is_file()
    assert str(demo_dir) in made.stderr
    assert db_digest(box.db) == before
    # Given the real store, demo refuses (exit 5, nothing changed) unless forced.
    refused = box.run("--json", "--now", NOW, "--data-dir", str(box.data), "demo", "--size", "S")
    assert refused.rc == 5 and "not demo data" in refused.stderr and "--force" in refused.stderr
    assert db_digest(box.db) == before
    # A demo store may be filled again (its events are all demo events).
    again = box.run(
        "--json", "--now", NOW, "--data-dir", str(demo_dir), "demo", "--size", "S", "--seed", "4", "--yes"
    )
    assert again.rc == 0, again.stderr
    forced = box.run(
        "--json", "--now", NOW, "--data-dir", str(box.data), "demo", "--size", "S", "--force", "--yes"
    )
    assert forced.rc == 0 and db_digest(box.db) != before


def test_read_only_commands_change_no_table(template: Template, fresh: Callable[[str], Box]) -> None:
    box = fresh("looking")
    before = db_digest(box.db)
    commands = [
        ["where"],
        ["status"],
        ["project", "list"],
        ["inspect"],
        ["audit"],
        ["explain", "layout", "airy_spacing", "--project", "p_brand"],
        ["preview", "--project", "p_brand", "--with-personal"],
        ["preview", "--mode", "legacy"],
        ["diagnostics"],
        ["retrieve", "--project", "p_brand", "--dry-run"],
    ]
    results = run_all([(box, ["--json", "--now", NOW, *c]) for c in commands])
    for c, r in zip(commands, results, strict=True):
        assert r.rc == 0, (c, r.stderr)
    assert db_digest(box.db) == before


def test_ingest_then_preview_shows_the_project_block(template: Template) -> None:
    d = template.ingest.expect(0).data
    check_ingest(d)
    assert d == {"accepted": len(EVENTS), "duplicates": 0, "ignored": {}, "rejected": []}
    p = template.preview.expect(0).data
    check_preview(p)
    assert p["empty_reason"] is None
    block = p["block"]
    assert block.startswith("## Creative memory (preferences from generation feedback)")
    assert "Prefer (medium): muted palette · airy spacing" in block
    assert "Avoid (medium): drop shadows" in block
    assert block.rstrip().endswith("Project override (p_brand): airy spacing")
    assert p["tokens"] == -(-len(block) // 4)
    (rec,) = [x for x in template.inspect.data["preferences"] if x["scope"] == "project:p_brand"]
    assert rec["strength"] >= 0.40 and rec["confidence"] == "medium"


# =========================================================================== exit codes 3, 4, 5
MIXED_LINES: list[dict[str, Any] | str] = [
    _ev(20, "thumbs_up", ("layout", "bento_grid", "positive"), "2026-11-08T09:00:00Z"),
    json.dumps({**_ev(21, "thumbs_up", AIRY, "2026-11-08T10:00:00Z"), "signal_type": "thumbs_sideways"}),
    _ev(22, "thumbs_down", ("layout", "bento_grid", "negative"), "2026-11-08T11:00:00Z"),
    '{"event_id": "ev_023", "signal_type": ',
    EVENTS[0],  # already stored: a duplicate
]


def test_invalid_input_exits_3_and_changes_nothing(template: Template, fresh: Callable[[str], Box]) -> None:
    """Exit 3 (and 5 for reset without --confirm) leave the store exactly as it was; then
    `ingest --skip-invalid` stores the valid lines of the same file."""
    ingest_box = fresh("x-ingest")
    mixed = ingest_box.root / "mixed.jsonl"
    mixed.write_text(jsonl(MIXED_LINES), encoding="utf-8")
    import_box = fresh("x-import")
    broken = import_box.root / "broken.json"
    broken.write_text('{"format": "creative-memory-bundle", "version": 1, "events": [', encoding="utf-8")
    g = ["--json", "--now", NOW]
    cases: list[tuple[str, Box, list[str], int]] = [
        ("forget", fresh("x-forget"), [*g, "forget", "layout", "airy spacing!", "--yes"], 3),
        ("pause-past", fresh("x-past"), [*g, "pause", "--until", "2026-11-10T11:59:59Z"], 3),
        ("pause-naive", fresh("x-naive"), [*g, "pause", "--until", "2026-11-11T09:00:00"], 3),
        ("import", import_box, [*g, "import", str(broken)], 3),
        ("inspect", fresh("x-limit"), [*g, "inspect", "--limit", "0"], 3),
        ("reset", fresh("x-reset"), [*g, "reset"], 5),
    ]
    ingest_chain: list[Step | Callable[[], Any]] = [
        (ingest_box, [*g, "ingest", str(mixed)]),
        lambda: db_digest(ingest_box.db),
        (ingest_box, [*g, "status"]),
        (ingest_box, ["ingest", str(mixed), "--skip-invalid", "--json", "--now", NOW]),
    ]
    runs = run_chains([ingest_chain, *[[(box, args)] for _n, box, args, _rc in cases]])
    failures = []
    for (name, box, _args, rc), (r,) in zip(cases, runs[1:], strict=True):
        try:
            r.expect(rc)
            check_error(r, "refused" if rc == 5 else "invalid_input")
            assert db_digest(box.db) == template.digest, "the store changed"
        except AssertionError as exc:
            failures.append(f"{name}: {exc}")
    assert not failures, "\n\n".join(failures)
    errors = {
        name: chain[0].data["error"]["message"] for (name, *_x), chain in zip(cases, runs[1:], strict=True)
    }
    assert "pattern" in errors["forget"]
    assert "future" in errors["pause-past"]
    assert "zone" in errors["pause-naive"]
    assert "JSON" in errors["import"]
    assert "limit" in errors["inspect"]
    assert "--confirm" in errors["reset"]

    bad, digest_after, status_after, skipped = runs[0]
    d = bad.expect(3).data
    check_ingest(d)
    assert d["accepted"] == 0
    assert [r["line"] for r in d["rejected"]] == [2, 4]
    assert "signal_type" in d["rejected"][0]["error"]
    assert "line 2:" in bad.stderr and "line 4:" in bad.stderr
    assert digest_after == template.digest
    assert status_after.expect(0).data == template.status.data
    s = skipped.expect(0).data
    check_ingest(s)
    assert (s["accepted"], s["duplicates"]) == (2, 1)
    assert [r["line"] for r in s["rejected"]] == [2, 4]
    assert event_ids(ingest_box.db) == {e["event_id"] for e in EVENTS} | {"ev_020", "ev_022"}


def test_store_too_new_or_corrupt_exits_4(template: Template, fresh: Callable[[str], Box]) -> None:
    newer = fresh("newer")
    con = sqlite3.connect(newer.db)
    con.execute("UPDATE creative_memory_alembic_version SET version_num = 'ffff_future'")
    con.commit()
    con.close()
    newer_digest = db_digest(newer.db)
    corrupt = fresh("corrupt")
    for suffix in ("-wal", "-shm"):
        corrupt.db.with_name(corrupt.db.name + suffix).unlink(missing_ok=True)
    garbage = b"this is not a database, just some bytes\n" * 300
    corrupt.db.write_bytes(garbage)
    where, enable, decay, status = run_all(
        [
            (newer, ["--json", "where"]),
            (newer, ["--json", "--now", NOW, "enable"]),
            (newer, ["decay", "--json", "--now", iso(NOW_DT + timedelta(days=100))]),
            (corrupt, ["status", "--json", "--now", NOW]),
        ]
    )
    w = where.expect(0).data
    assert w["read_only"] is True and w["schema"]["current"] == "ffff_future"
    enable.expect(4)
    assert enable.data["error"]["kind"] in ("read_only", "store_too_new")
    assert "newer" in enable.stderr
    # Not "decayed 0": the decay this command exists for cannot be stored.
    assert decay.expect(4).data["error"]["kind"] == "read_only"
    assert db_digest(newer.db) == newer_digest
    status.expect(4)
    check_error(status, "store_unavailable")
    assert corrupt.db.read_bytes() == garbage


# =========================================================================== pause, gates
def test_pause_for_one_hour_ends_by_itself(template: Template, fresh: Callable[[str], Box]) -> None:
    box = fresh("pause")
    d = box.run("pause", "--for", "1h", "--json", "--now", NOW).expect(0).data
    check_status(d)
    end = iso_ms(NOW_DT + timedelta(hours=1))
    assert d["learning_paused_until"] == end and d["using_paused_until"] == end
    after = iso(NOW_DT + timedelta(hours=1, seconds=1))
    during = iso(NOW_DT + timedelta(minutes=30))
    status, open_r, gated_r = run_all(
        [
            (box, ["--json", "--now", after, "status"]),
            (box, ["retrieve", "--project", "p_brand", "--json", "--now", after]),
            (box, ["retrieve", "--project", "p_brand", "--json", "--now", during]),
        ]
    )
    s = status.expect(0).data
    assert s["learning_paused_until"] is None and s["using_paused_until"] is None
    opened = open_r.expect(0).data
    check_retrieve(opened)
    assert "memory_paused" not in {e["type"] for e in opened["events"]}
    assert {p["pattern"] for p in opened["positives"]} == {"airy_spacing", "muted_palette"}
    assert {p["pattern"] for p in opened["negatives"]} == {"drop_shadows"}
    assert [p["pattern"] for p in opened["project_overrides"]] == ["airy_spacing"]
    gated = gated_r.expect(0).data
    check_retrieve(gated)
    assert [e["type"] for e in gated["events"]] == ["memory_paused"]
    assert gated["positives"] == [] and gated["negatives"] == [] and gated["project_overrides"] == []


def test_project_switches(template: Template, fresh: Callable[[str], Box]) -> None:
    box = fresh("proj")
    both, using_only, learning_only = run_all(
        [
            (box, ["project", "disable", "p_brand", "--json", "--now", NOW]),  # options after
            (box, ["--json", "--now", NOW, "project", "disable", "p_deck", "--using-only"]),
            (box, ["--json", "--now", NOW, "project", "disable", "p_new", "--learning-only", "--new"]),
        ]
    )
    b = both.expect(0).data
    check_project_row(b)
    assert (b["id"], b["use_memory"], b["learn_from_project"]) == ("p_brand", False, False)
    u = using_only.expect(0).data
    assert (u["id"], u["use_memory"], u["learn_from_project"]) == ("p_deck", False, True)
    ln = learning_only.expect(0).data
    assert (ln["id"], ln["use_memory"], ln["learn_from_project"]) == ("p_new", True, False)

    events_file = box.root / "p_new.jsonl"
    events_file.write_text(
        jsonl(
            [
                _ev(
                    40,
                    "explicit_tag",
                    ("layout", "zine_collage", "positive"),
                    "2026-11-09T09:00:00Z",
                    "p_new",
                    tag="love this",
                )
            ]
        ),
        encoding="utf-8",
    )
    before = event_ids(box.db)
    preview_r, ingest_r, status_r = run_all(
        [
            (box, ["--json", "--now", NOW, "preview", "--project", "p_brand"]),
            (box, ["--json", "--now", NOW, "ingest", str(events_file)]),
            (box, ["status", "--json", "--now", NOW]),
        ]
    )
    p = preview_r.expect(0).data
    assert p["block"] == "" and p["tokens"] == 0
    assert p["empty_reason"] == "project_memory_disabled"
    ing = ingest_r.expect(0).data
    assert ing["accepted"] == 0 and ing["ignored"] == {"project_learning_disabled": 1}
    assert event_ids(box.db) == before
    assert b"zine_collage" not in store_bytes(box.db)
    assert set(status_r.expect(0).data["projects_disabled"]) >= {"p_brand", "p_deck", "p_new"}


# =========================================================================== export / import
def test_export_reset_import_round_trip(template: Template, fresh: Callable[[str], Box]) -> None:
    box = fresh("rt")
    plain = box.root / "bundle.json"
    enc = box.root / "bundle.enc.json"
    box.env_extra[PASS_VAR] = PASSPHRASE
    exp_plain, exp_enc = run_all(
        [
            (box, ["export", "--to", str(plain), "--json", "--now", NOW]),
            (
                box,
                [
                    "export",
                    "--to",
                    str(enc),
                    "--encrypt",
                    "--passphrase-env",
                    PASS_VAR,
                    "--json",
                    "--now",
                    NOW,
                ],
            ),
        ]
    )
    for r in (exp_plain, exp_enc):
        check_transfer(r.expect(0).data)
        assert r.data["events"] == len(EVENTS)
        assert stat.S_IMODE(Path(r.data["path"]).stat().st_mode) == 0o600
    assert b"airy_spacing" in plain.read_bytes()
    assert b"airy_spacing" not in enc.read_bytes()

    tampered = box.root / "tampered.json"
    raw = bytearray(enc.read_bytes())
    at = raw.index(b'"ciphertext":"') + len(b'"ciphertext":"') + 40
    raw[at] = ord("A") if raw[at] != ord("A") else ord("B")
    tampered.write_bytes(bytes(raw))

    box2 = box.copy(box.root.parent / "rt2")
    digest_before = db_digest(box2.db)
    baseline = by_key(template.inspect.data["preferences"])
    extra = box.root / "extra.jsonl"
    extra.write_text(
        jsonl([_ev(50, "thumbs_up", ("layout", "bento_grid", "positive"), "2026-11-09T09:00:00Z")])
    )
    g = ["--json", "--now", NOW]
    with_pass = ["--passphrase-env", PASS_VAR]
    chain_a, chain_b = run_chains(
        [
            [
                (box, [*g, "reset", "--confirm"]),
                (box, [*g, "import", str(plain)]),
                (box, [*g, "inspect"]),
                (box, [*g, "ingest", str(extra)]),
                (box, [*g, "import", str(plain), "--mode", "merge"]),
                lambda: event_ids(box.db),
                (box, [*g, "import", str(plain), "--mode", "replace", "--yes"]),
                lambda: event_ids(box.db),
            ],
            [
                (box2, [*g, "import", str(tampered), *with_pass]),
                lambda: db_digest(box2.db),
                (box2, [*g, "reset", "--confirm"]),
                (box2, [*g, "import", str(enc), *with_pass]),
                (box2, [*g, "inspect"]),
            ],
        ]
    )
    reset_a, imp_a, insp_a, ingest_a, merged, ids_merged, replaced, ids_replaced = chain_a
    tamper_b, digest_after_tamper, reset_b, imp_b, insp_b = chain_b
    all_ids = {e["event_id"] for e in EVENTS}

    # Plain: reset erased everything, import restored the same inspector output.
    check_erased(reset_a.expect(0).data)
    assert reset_a.data["erased"]["events_deleted"] == len(EVENTS) and reset_a.data["verified"] is True
    check_transfer(imp_a.expect(0).data)
    assert imp_a.data["events"] == len(EVENTS)
    assert by_key(insp_a.expect(0).data["preferences"]) == baseline
    # Merge dedupes by event_id (importing the same bundle again adds nothing) and keeps what the
    # store has beyond the bundle; replace swaps the user's memory for the bundle's as a whole.
    assert ingest_a.expect(0).data["accepted"] == 1
    assert merged.expect(0).data["events"] == 0
    assert ids_merged == all_ids | {"ev_050"}
    assert replaced.expect(0).data["events"] == len(EVENTS)
    assert replaced.data["preferences"] == len(baseline)
    assert ids_replaced == all_ids

    # Encrypted: a flipped byte is refused with a sentence and changes nothing; the intact
    # bundle restores the same inspector output.
    tamper_b.expect(3)
    check_error(tamper_b, "invalid_input")
    message = tamper_b.data["error"]["message"]
    assert message[0].isupper() and message.endswith(".") and "\n" not in message
    assert "changed" in message
    assert digest_after_tamper == digest_before
    assert reset_b.expect(0).data["verified"] is True
    assert imp_b.expect(0).data["events"] == len(EVENTS)
    assert by_key(insp_b.expect(0).data["preferences"]) == baseline


# =========================================================================== legacy preferences.json
def test_legacy_preferences_json_round_trips_exactly(tmp_path: Path) -> None:
    doc = json.loads(LEGACY.read_text())
    now = doc["last_updated"]
    box = Box(tmp_path / "legacy")
    box.data.mkdir(parents=True)
    imp = box.run("--json", "--now", now, "import", str(LEGACY)).expect(0).data
    check_transfer(imp)
    records = [("global", p) for p in doc["global_preferences"]] + [
        (f"project:{pid}", p) for pid, prefs in doc["project_overrides"].items() for p in prefs
    ]
    assert imp["events"] == len(records) and imp["preferences"] == len(records)
    assert {p["scope"] for _s, p in records} >= {"global", "project", "project:p_brand"}
    got = by_key(box.run("inspect", "--json", "--now", now).expect(0).data["preferences"])
    assert len(got) == len(records)
    keys_by_id = {p["id"]: (scope, p["preference_type"], p["pattern"], p["polarity"]) for scope, p in records}
    for scope, p in records:
        key = (scope, p["preference_type"], p["pattern"], p["polarity"])
        row = got[key]
        check_pref(row)
        want = {
            "strength": round(p["signal_strength"], 6),
            "confidence": p["confidence"],
            "status": p["polarity_status"],
            "accept_count": p["accept_count"],
            "reject_count": p["reject_count"],
            "last_seen": p["last_seen"],
            "decay_at": p["decay_at"],
            "sources": p["sources"],
            "explicit_tags": p["explicit_tags"],
            "reversal_signals": p["reversal_signals"],
            "shadow_of": "/".join(keys_by_id[p["shadow_of"]]) if p["shadow_of"] else None,
        }
        assert {k: row[k] for k in want} == want, key
    shadows = [r for r in got.values() if r["shadow_of"]]
    assert [s["shadow_of"] for s in shadows] == ["global/typography/serif_headlines/positive"]
    assert {r["status"] for r in got.values()} == {"stable", "under_review", "archived"}


def test_forget_session_erases_what_one_session_taught(
    template: Template, fresh: Callable[[str], Box]
) -> None:
    box = fresh("session")
    sessions = query(
        box.db,
        "SELECT session_id, count(*) FROM creative_memory_events "
        "WHERE session_id IS NOT NULL GROUP BY session_id ORDER BY 2 DESC LIMIT 1",
    )
    if not sessions:
        pytest.skip("the template's events carry no session")
    sid, n = sessions[0]
    refused = box.run("--json", "--now", NOW, "forget", "--session", sid)  # destructive: asks first
    assert refused.rc == 5 and "--yes" in refused.stderr
    r = box.run("--json", "--now", NOW, "forget", "--session", sid, "--yes").expect(0)
    assert r.data["session_id"] == sid and r.data["erased"]["events_deleted"] == n
    assert query(box.db, "SELECT count(*) FROM creative_memory_events WHERE session_id = ?", sid)[0][0] == 0
    both = box.run("--json", "forget", "layout", "airy_spacing", "--session", sid)
    assert both.rc == 3 and "--session" in both.stderr
    neither = box.run("--json", "forget")
    assert neither.rc == 3 and "TYPE PATTERN" in neither.stderr

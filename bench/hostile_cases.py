"""Hostile input and hostile environments: try each case on a fresh store and count, per category,
how many end as they should — a refusal with one sentence and nothing changed, a read that works,
or output with every control character escaped — and never with a traceback.

    python -m bench.hostile_cases            # the code of this checkout
    python -m bench.hostile_cases --code DIR # another checkout's code (its creative_memory/ links)

Prints one line per case and a table per category. Each case runs ``od-memory`` in a subprocess on
a copy of a small store (13 events, two projects, a daemon ``projects`` table with a hostile name).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

NOW = "2026-11-10T12:00:00Z"
EVIL = "abc\u202edcba.exe\x1b]52;c;aGk=\x07"


@dataclass
class Case:
    category: str
    name: str
    argv: list[str]
    expect: str = "refuse"  # refuse | works | inert
    env: dict[str, str] = field(default_factory=dict)
    setup: Callable[[Path], None] | None = None
    stdout: str = "pipe"  # pipe | full | closed
    stdin: str = "null"  # null | closed
    guarded: list[str] = field(default_factory=list)  # files (relative to the box) that must not change
    data_flag: bool = True


def _events(root: Path) -> Path:
    lines = []
    for i in range(13):
        ptype, pattern = ("spacing", "airy_spacing") if i < 6 else ("palette", "warm_tones")
        if i >= 10:
            pattern = "airy_spacing_tight"
            ptype = "spacing"
        ev = {
            "event_id": f"e{i}",
            "signal_type": "manual_refinement",
            "occurred_at": f"2026-11-0{1 + i % 8}T10:{i:02d}:00Z",
            "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
        }
        if i % 2:
            ev["project_id"] = "p_brand"
        lines.append(json.dumps(ev))
    path = root / "events.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def _edge(when: str) -> Callable[[Path], None]:
    def setup(box: Path) -> None:
        ev = {"event_id": "edge", "signal_type": "thumbs_up", "occurred_at": when,
              "patterns": [{"preference_type": "layout", "pattern": "grid", "polarity": "positive"}]}
        (box / "edge.jsonl").write_text(json.dumps(ev) + "\n")

    return setup


def _old_row(box: Path) -> None:
    con = sqlite3.connect(box / "od" / "app.sqlite")
    con.execute("UPDATE creative_memory_events SET occurred_at = 253402300800000 WHERE event_id = 'e6'")
    con.commit()
    con.close()


def _corrupt(box: Path) -> None:
    path = box / "od" / "app.sqlite"
    raw = bytearray(path.read_bytes())
    page = int.from_bytes(raw[16:18], "big") or 65536
    for i in range(2 * page, min(len(raw), 40 * page)):
        raw[i] = 0xA5
    path.write_bytes(bytes(raw))


def _fifo(box: Path) -> None:
    os.mkfifo(box / "pipe")


def _device(box: Path) -> None:
    os.mknod(box / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))


def _existing(box: Path) -> None:
    (box / "backup.json").write_text("precious")


def _loop(box: Path) -> None:
    (box / "a").symlink_to(box / "b")
    (box / "b").symlink_to(box / "a")


def cases() -> list[Case]:
    w, r, p, s, t, x = "writes only where asked", "consent", "no poisoned store", "inert text", \
        "sentences, not tracebacks", "forget and projects do only what was asked"
    out: list[Case] = []
    for target in ("od/app.sqlite", "od/app.sqlite-wal", "od/app.sqlite-shm", "od/app.sqlite-journal", "od/x.json"):
        out.append(Case(w, f"export --to {target}", ["export", "--to", "{box}/" + target, "--force"],
                        guarded=["od/app.sqlite"]))
        out.append(Case(w, f"reset --backup {target}", ["reset", "--confirm", "--backup", "{box}/" + target],
                        guarded=["od/app.sqlite"]))
    out += [
        Case(w, "export --to a folder", ["export", "--to", "{box}"]),
        # A device node of its own (never /dev/null: a version that replaces devices would replace it).
        Case(w, "export --to a device", ["export", "--to", "{box}/null", "--force"], setup=_device),
        Case(w, "export --to a FIFO", ["export", "--to", "{box}/pipe"], setup=_fifo),
        Case(w, "export --to an existing file", ["export", "--to", "{box}/backup.json"], setup=_existing,
             guarded=["backup.json"]),
        Case(w, "reset --backup onto an existing file", ["reset", "--confirm", "--backup", "{box}/backup.json"],
             setup=_existing, guarded=["backup.json"]),
        Case(r, "forget without a terminal", ["forget", "spacing", "airy_spacing"]),
        Case(r, "forget --json without --yes", ["--json", "forget", "spacing", "airy_spacing"]),
        Case(r, "reset without --confirm", ["reset"]),
        Case(r, "import --mode replace without --yes", ["import", "{box}/bundle.json", "--mode", "replace"]),
        Case(r, "demo on a store with data", ["demo", "--size", "S"]),
        Case(r, "--data-dir '' reset --confirm", ["--data-dir", "", "reset", "--confirm"], data_flag=False),
        Case(r, "OD_DATA_DIR='' reset --confirm", ["reset", "--confirm"], env={"OD_DATA_DIR": ""}, data_flag=False),
        Case(r, "--user '' reset --confirm", ["--user", "", "reset", "--confirm"]),
        Case(p, "ingest 9999-12-31T23:59:59Z", ["ingest", "{box}/edge.jsonl"], setup=_edge("9999-12-31T23:59:59Z")),
        Case(p, "ingest 0001-01-01 +05:00", ["ingest", "{box}/edge.jsonl"],
             setup=_edge("0001-01-01T00:00:00+05:00")),
        Case(p, "--now 9999-12-31T23:59:59Z decay", ["--now", "9999-12-31T23:59:59Z", "decay"]),
        Case(p, "inspect over an old out-of-range row", ["inspect"], expect="works", setup=_old_row),
        Case(p, "export over an old out-of-range row", ["export", "--to", "{box}/b.json"], expect="works",
             setup=_old_row),
        Case(p, "explain over an old out-of-range row", ["explain", "palette", "warm_tones"], expect="works",
             setup=_old_row),
        Case(s, "project list with a hostile daemon name", ["project", "list"], expect="inert"),
        Case(s, "an echoed argument with OSC 52", ["forget", "spacing", "x", "--project", "p\x1b]52;c;aGk=\x07"],
             expect="inert"),
        Case(s, "an echoed argument with U+202E", ["explain", "spacing\u202e", "x"], expect="inert"),
        Case(t, "--limit beyond 64 bits", ["inspect", "--limit", str(2**64)]),
        Case(t, "stdout is /dev/full", ["inspect"], expect="sentence", stdout="full"),
        Case(t, "stdout closed", ["status"], expect="sentence", stdout="closed"),
        Case(t, "stdin closed: ingest -", ["ingest", "-"], stdin="closed"),
        Case(t, "a non-UTF-8 locale and a non-ASCII argument", ["forget", "spacing", "é_x", "--yes"],
             env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"}),
        Case(t, "a symlink loop in the data path", ["--data-dir", "{box}/a/od", "status"], setup=_loop,
             data_flag=False),
        Case(t, "a damaged page: rebuild", ["rebuild"], setup=_corrupt, expect="sentence"),
        Case(t, "a damaged page: forget", ["forget", "spacing", "airy_spacing", "--yes"], setup=_corrupt,
             expect="sentence"),
        Case(t, "a damaged page: export", ["export", "--to", "{box}/b.json"], setup=_corrupt, expect="sentence"),
        Case(x, "forget of a type that does not exist", ["forget", "bogus", "airy_spacing", "--yes"]),
        Case(x, "forget --block of a pattern never seen", ["forget", "imagery", "drop_shadows", "--block", "--yes"]),
        Case(x, "project disable of a typo", ["project", "disable", "p_brnad"]),
    ]
    return out


# Runs od-memory from CM_HOSTILE_CODE (another checkout) when set: the editable install's finder
# is taken out first, or it would still load this checkout's code.
_LAUNCH = (
    "import os, runpy, sys\n"
    "code = os.environ.get('CM_HOSTILE_CODE')\n"
    "if code:\n"
    "    sys.meta_path[:] = [f for f in sys.meta_path if '__editable__' not in getattr(f, '__module__', '')"
    " and '__editable__' not in repr(f)]\n"
    "    sys.path.insert(0, code)\n"
    "sys.argv[0] = 'od-memory'\n"
    "runpy.run_module('creative_memory.cli.main', run_name='__main__')\n"
)


def launcher(env: dict[str, str]) -> list[str]:
    del env  # the launcher reads CM_HOSTILE_CODE from the environment it is started with
    return [sys.executable, "-c", _LAUNCH]


def digest(path: Path) -> str:
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return hashlib.sha256("\n".join(con.iterdump()).encode()).hexdigest()
        finally:
            con.close()
    except sqlite3.Error:
        return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"


def template(root: Path, env: dict[str, str]) -> Path:
    box = root / "template"
    (box / "od").mkdir(parents=True)
    events = _events(box)
    run = [*launcher(env), "--data-dir", str(box / "od"), "--now", NOW]
    subprocess.run([*run, "ingest", str(events)], env=env, check=True, capture_output=True)
    subprocess.run([*run, "export", "--to", str(box / "bundle.json")], env=env, check=True, capture_output=True)
    con = sqlite3.connect(box / "od" / "app.sqlite")
    con.execute("CREATE TABLE IF NOT EXISTS projects (id TEXT PRIMARY KEY, name TEXT)")
    con.execute("INSERT OR REPLACE INTO projects VALUES ('p_brand', ?)", (EVIL,))
    con.commit()
    con.close()
    return box


def judge(case: Case, rc: int, out: str, err: str, unchanged: bool) -> bool:
    clean = "Traceback" not in err + out
    inert = not any(ch in out + err for ch in ("\x1b", "\u202e", "\x07"))
    sentence = rc != 0 and any(line.startswith("od-memory: ") for line in err.splitlines())
    if case.expect == "works":
        return rc == 0 and clean
    if case.expect == "inert":
        return clean and inert
    if case.expect == "sentence":
        return sentence and clean
    return sentence and clean and unchanged and rc in (1, 2, 3, 4, 5)


def run_case(case: Case, root: Path, tpl: Path, env: dict[str, str]) -> tuple[bool, str]:
    box = root / "box"
    for old in (box, root / "default-od"):  # a case that created the default folder must not taint the next
        if old.exists():
            shutil.rmtree(old)
    for made in (root / "xdg-data").iterdir():
        shutil.rmtree(made)
    shutil.copytree(tpl, box, symlinks=True)
    if case.setup:
        case.setup(box)
    store = box / "od" / "app.sqlite"
    before = digest(store)
    guarded = {g: (box / g).read_bytes() if (box / g).is_file() else None for g in case.guarded}
    argv = [a.replace("{box}", str(box)) for a in case.argv]
    if case.data_flag:
        argv = ["--data-dir", str(box / "od"), *argv]
    if "--now" not in argv:
        argv = ["--now", NOW, *argv]
    e = {**env, **case.env}
    if case.data_flag or "OD_DATA_DIR" not in case.env:
        e.setdefault("OD_DATA_DIR", str(root / "default-od"))
    cmd = [*launcher(env), *argv]
    kw: dict[str, object] = {"env": e, "stderr": subprocess.PIPE, "text": True, "timeout": 60}
    full = None
    if case.stdout == "full":
        full = Path("/dev/full").open("w")  # noqa: SIM115 - closed below
        kw["stdout"] = full
    else:
        kw["stdout"] = subprocess.PIPE
    pre = []
    if case.stdout == "closed":
        pre.append(1)
    if case.stdin == "closed":
        pre.append(0)
    else:
        kw["stdin"] = subprocess.DEVNULL
    if pre:
        kw["preexec_fn"] = lambda: [os.close(fd) for fd in pre]
    try:
        res = subprocess.run(cmd, **kw)  # type: ignore[call-overload]
    finally:
        if full is not None:
            full.close()
    unchanged = digest(store) == before and all(
        ((box / g).read_bytes() if (box / g).is_file() else None) == v for g, v in guarded.items()
    )
    unchanged = unchanged and not (root / "default-od").exists()
    unchanged = unchanged and not any((root / "xdg-data").iterdir())
    ok = judge(case, res.returncode, res.stdout or "", res.stderr or "", unchanged)
    first = next((ln for ln in (res.stderr or "").splitlines() if ln.strip()), "")
    if "Traceback" in (res.stderr or ""):
        first = "Traceback: " + (res.stderr or "").strip().splitlines()[-1]
    return ok, f"exit {res.returncode}, {'unchanged' if unchanged else 'CHANGED'}: {first[:110]}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--code", type=Path, help="a checkout whose creative_memory/ to run instead of this one")
    ap.add_argument("--legacy", action="store_true", help="leave out --force (older versions lack it)")
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("OD_")}
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    if args.code:
        env["CM_HOSTILE_CODE"] = str(args.code.resolve())
    totals: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory(prefix="cm-hostile-") as tmp:
        root = Path(tmp)
        env["CM_CONFIG_DIR"] = str(root / "config")
        # An older version falls back to the default folder on a blank path: keep that inside too.
        for var, sub in (("HOME", "home"), ("XDG_DATA_HOME", "xdg-data"), ("XDG_CONFIG_HOME", "xdg-config"),
                         ("XDG_CACHE_HOME", "xdg-cache"), ("XDG_STATE_HOME", "xdg-state")):
            (root / sub).mkdir()
            env[var] = str(root / sub)
        tpl = template(root, env)
        for case in cases():
            if args.legacy:
                case.argv = [a for a in case.argv if a != "--force"]
            ok, what = run_case(case, root, tpl, env)
            totals.setdefault(case.category, [0, 0])
            totals[case.category][0] += 1
            totals[case.category][1] += ok
            print(f"{'ok  ' if ok else 'BAD '} [{case.category}] {case.name}: {what}")
    print("\n| category | cases | as they should end |\n|---|---|---|")
    for cat, (n, good) in totals.items():
        print(f"| {cat} | {n} | {good} |")
    n = sum(v[0] for v in totals.values())
    good = sum(v[1] for v in totals.values())
    print(f"| all | {n} | {good} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Hostile input and hostile environments: try each case on a fresh store and count, per category,
how many end as they should — a refusal with one sentence and nothing changed, a read that works,
or output with every control character escaped — and never with a traceback.

    python -m bench.hostile_cases            # the code of this checkout
    python -m bench.hostile_cases --code DIR # another checkout's code (its creative_memory/ links)

Prints one line per case and a table per category. Each case runs ``od-memory`` in a subprocess on
a copy of a small store (13 events, two projects, a daemon ``projects`` table with a hostile name).

The categories of the second round (decision 0074) are generators: each run draws new inputs —
hostile JSON-RPC lines for ``serve``, key-derivation headers that cost too much, missing data
folders, file names that are not UTF-8, descriptor limits, invisible characters in paths, bundles
whose settings differ — from ``--seed`` (default: a new one each run, printed, so a failing run can
be repeated).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import random
import resource
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
    #: bytes on standard input (instead of nothing)
    stdin_bytes: bytes | None = None
    #: the soft and hard limit on open files for the process
    nofile: int | None = None
    #: "od-memory", or "window" for ``creative-memory`` (offscreen)
    program: str = "od-memory"
    #: a judge of its own: (exit code, stdout, stderr, the box) -> whether it ended as it should
    check: Callable[[int, str, str, Path], bool] | None = None
    timeout: float = 60.0
    #: nothing may appear in the box (no folder, no store) that the setup did not make
    box_unchanged: bool = False


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
        ev = {
            "event_id": "edge",
            "signal_type": "thumbs_up",
            "occurred_at": when,
            "patterns": [{"preference_type": "layout", "pattern": "grid", "polarity": "positive"}],
        }
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


def _late_page(box: Path) -> None:
    """One page near the end scribbled over: the store opens, a retrieval reads around it."""
    con = sqlite3.connect(box / "od" / "app.sqlite")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    path = box / "od" / "app.sqlite"
    raw = bytearray(path.read_bytes())
    page = int.from_bytes(raw[16:18], "big") or 65536
    if len(raw) >= 4 * page:
        raw[len(raw) - 2 * page : len(raw) - page] = b"\xa5" * page
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
    w, r, p, s, t, x = (
        "writes only where asked",
        "consent",
        "no poisoned store",
        "inert text",
        "sentences, not tracebacks",
        "forget and projects do only what was asked",
    )
    out: list[Case] = []
    for target in (
        "od/app.sqlite",
        "od/app.sqlite-wal",
        "od/app.sqlite-shm",
        "od/app.sqlite-journal",
        "od/x.json",
    ):
        out.append(
            Case(
                w,
                f"export --to {target}",
                ["export", "--to", "{box}/" + target, "--force"],
                guarded=["od/app.sqlite"],
            )
        )
        out.append(
            Case(
                w,
                f"reset --backup {target}",
                ["reset", "--confirm", "--backup", "{box}/" + target],
                guarded=["od/app.sqlite"],
            )
        )
    out += [
        Case(w, "export --to a folder", ["export", "--to", "{box}"]),
        # A device node of its own (never /dev/null: a version that replaces devices would replace it).
        Case(w, "export --to a device", ["export", "--to", "{box}/null", "--force"], setup=_device),
        Case(w, "export --to a FIFO", ["export", "--to", "{box}/pipe"], setup=_fifo),
        Case(
            w,
            "export --to an existing file",
            ["export", "--to", "{box}/backup.json"],
            setup=_existing,
            guarded=["backup.json"],
        ),
        Case(
            w,
            "reset --backup onto an existing file",
            ["reset", "--confirm", "--backup", "{box}/backup.json"],
            setup=_existing,
            guarded=["backup.json"],
        ),
        Case(r, "forget without a terminal", ["forget", "spacing", "airy_spacing"]),
        Case(r, "forget --json without --yes", ["--json", "forget", "spacing", "airy_spacing"]),
        Case(r, "reset without --confirm", ["reset"]),
        Case(r, "import --mode replace without --yes", ["import", "{box}/bundle.json", "--mode", "replace"]),
        Case(r, "demo on a store with data", ["demo", "--size", "S"]),
        Case(r, "--data-dir '' reset --confirm", ["--data-dir", "", "reset", "--confirm"], data_flag=False),
        Case(
            r,
            "OD_DATA_DIR='' reset --confirm",
            ["reset", "--confirm"],
            env={"OD_DATA_DIR": ""},
            data_flag=False,
        ),
        Case(r, "--user '' reset --confirm", ["--user", "", "reset", "--confirm"]),
        Case(
            p,
            "ingest 9999-12-31T23:59:59Z",
            ["ingest", "{box}/edge.jsonl"],
            setup=_edge("9999-12-31T23:59:59Z"),
        ),
        Case(
            p,
            "ingest 0001-01-01 +05:00",
            ["ingest", "{box}/edge.jsonl"],
            setup=_edge("0001-01-01T00:00:00+05:00"),
        ),
        Case(p, "--now 9999-12-31T23:59:59Z decay", ["--now", "9999-12-31T23:59:59Z", "decay"]),
        Case(p, "inspect over an old out-of-range row", ["inspect"], expect="works", setup=_old_row),
        Case(
            p,
            "export over an old out-of-range row",
            ["export", "--to", "{box}/b.json"],
            expect="works",
            setup=_old_row,
        ),
        Case(
            p,
            "explain over an old out-of-range row",
            ["explain", "palette", "warm_tones"],
            expect="works",
            setup=_old_row,
        ),
        Case(s, "project list with a hostile daemon name", ["project", "list"], expect="inert"),
        Case(
            s,
            "an echoed argument with OSC 52",
            ["forget", "spacing", "x", "--project", "p\x1b]52;c;aGk=\x07"],
            expect="inert",
        ),
        Case(s, "an echoed argument with U+202E", ["explain", "spacing\u202e", "x"], expect="inert"),
        Case(t, "--limit beyond 64 bits", ["inspect", "--limit", str(2**64)]),
        Case(t, "stdout is /dev/full", ["inspect"], expect="sentence", stdout="full"),
        Case(t, "stdout closed", ["status"], expect="sentence", stdout="closed"),
        Case(t, "stdin closed: ingest -", ["ingest", "-"], stdin="closed"),
        Case(
            t,
            "a non-UTF-8 locale and a non-ASCII argument",
            ["forget", "spacing", "é_x", "--yes"],
            env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"},
        ),
        Case(
            t,
            "a symlink loop in the data path",
            ["--data-dir", "{box}/a/od", "status"],
            setup=_loop,
            data_flag=False,
        ),
        Case(t, "a damaged page: rebuild", ["rebuild"], setup=_corrupt, expect="sentence"),
        Case(
            t,
            "a damaged page: forget",
            ["forget", "spacing", "airy_spacing", "--yes"],
            setup=_corrupt,
            expect="sentence",
        ),
        Case(
            t, "a damaged page: export", ["export", "--to", "{box}/b.json"], setup=_corrupt, expect="sentence"
        ),
        Case(x, "forget of a type that does not exist", ["forget", "bogus", "airy_spacing", "--yes"]),
        Case(
            x,
            "forget --block of a pattern never seen",
            ["forget", "imagery", "drop_shadows", "--block", "--yes"],
        ),
        Case(x, "project disable of a typo", ["project", "disable", "p_brnad"]),
    ]
    return out


# ---------------------------------------------------------------------------- second round: generators
def _strict(line: str) -> bool:
    """RFC 8259 JSON in UTF-8: no NaN or Infinity, no lone surrogate."""

    def refuse(_c: str) -> float:
        raise ValueError("not JSON")

    try:
        line.encode("utf-8")
        json.loads(line, parse_constant=refuse)
    except ValueError:
        return False
    return True


_SURROGATES = ["\\ud800", "\\udfff", "\\udc80", "a\\ud83d"]


def _rpc_line(rng: random.Random) -> bytes:
    ev = {
        "event_id": f"f{rng.randrange(10**6)}",
        "signal_type": "thumbs_up",
        "occurred_at": "2026-11-01T10:00:00Z",
        "patterns": [{"preference_type": "layout", "pattern": "grid", "polarity": "positive"}],
    }
    valid = [
        {"jsonrpc": "2.0", "id": rng.randrange(100), "method": "ping"},
        {"jsonrpc": "2.0", "id": "r", "method": "retrieve", "params": {"project_id": "p_brand"}},
        {
            "jsonrpc": "2.0",
            "id": 7,
            "method": "ingest",
            "params": {"events": [ev, {**ev, "event_id": "g", "diff": "d"}]},
        },
        {"jsonrpc": "2.0", "id": 8, "method": "status"},
    ]
    raw = json.dumps(rng.choice(valid))
    how = rng.randrange(6)
    if how == 0:  # an id that is not a JSON-RPC id
        raw = raw.replace(
            '"id": ', '"id": ' + rng.choice(["NaN", "1e999", "-Infinity", '"\\ud800"', "[1]"]) + ', "x": ', 1
        )
    elif how == 1:  # a method, a parameter name or an event's text that is not Unicode
        sur = rng.choice(_SURROGATES)
        raw = rng.choice(
            [
                raw.replace('"ping"', f'"p{sur}"'),
                raw.replace('"params": {', f'"params": {{"{sur}": 1, ', 1),
                raw.replace('"diff": "d"', f'"diff": "{sur}"'),
                raw.replace('"event_id": "g"', f'"event_id": "{sur}"'),
            ]
        )
    elif how == 2:  # random bytes spliced in
        data = bytearray(raw.encode())
        for _ in range(rng.randint(1, 5)):
            pos = rng.randrange(len(data) + 1)
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        return bytes(data).replace(b"\n", b" ")
    elif how == 3:
        raw = raw.replace("2.0", rng.choice(["NaN", "2.0e0", "Infinity"]), 1)
    return raw.encode("utf-8", "surrogatepass")


def _serve_judge(rc: int, out: str, err: str, box: Path) -> bool:
    del box
    lines = out.splitlines()
    if rc != 0 or "Traceback" in err or not lines or not all(_strict(ln) for ln in lines):
        return False
    last = json.loads(lines[-1])
    return last.get("id") == "the end" and last.get("result", {}).get("pong") is True


def serve_cases(rng: random.Random) -> list[Case]:
    c = "the channel is strict and unkillable"
    out = []
    for i in range(6):
        lines = [_rpc_line(rng) for _ in range(rng.randint(5, 40))]
        lines.append(b'{"jsonrpc":"2.0","id":"the end","method":"ping"}')
        out.append(
            Case(
                c,
                f"serve, {len(lines)} hostile lines (draw {i + 1})",
                ["serve", "--stdio"],
                stdin_bytes=b"\n".join(lines) + b"\n",
                check=_serve_judge,
                expect="works",
            )
        )
    return out


def _envelope(n: int, r: int, p: int) -> Callable[[Path], None]:
    def setup(box: Path) -> None:
        def b64(k: int) -> str:
            return base64.b64encode(os.urandom(k)).decode()

        doc = {
            "format": "creative-memory-encrypted",
            "version": 1,
            "kdf": {"name": "scrypt", "n": n, "r": r, "p": p, "salt": b64(16)},
            "cipher": {"name": "AES-256-GCM", "nonce": b64(12)},
            "ciphertext": b64(64),
        }
        (box / "enc.json").write_text(json.dumps(doc, separators=(",", ":")))

    return setup


def cost_cases(rng: random.Random) -> list[Case]:
    c = "bounded cost for untrusted input"
    out = []
    for _ in range(4):  # each inside its own range, too costly together (128·n·r bytes, n·r·p work)
        n, r, p = 2 ** rng.randint(18, 20), rng.randint(8, 32), rng.randint(1, 16)
        out.append(
            Case(
                c,
                f"import of a bundle asking scrypt n=2^{n.bit_length() - 1} r={r} p={p}",
                ["import", "{box}/enc.json", "--yes", "--passphrase-env", "CM_PASS"],
                env={"CM_PASS": "correct horse battery"},
                setup=_envelope(n, r, p),
                timeout=20,
            )
        )
    for _ in range(2):
        w, h = rng.choice(
            [(0, 0), (rng.randint(8000, 10**6), rng.randint(1, 10**6)), (rng.randint(1, 319), 600)]
        )
        out.append(
            Case(
                c,
                f"--screenshot --size {w}x{h}",
                ["--screenshot", "{box}/shots", "--size", f"{w}x{h}"],
                program="window",
                data_flag=False,
                box_unchanged=True,
                timeout=60,
            )
        )
    return out


def _missing_folder(rng: random.Random, box: Path) -> str:
    word = "".join(rng.choice("abcdefgh") for _ in range(6))
    return rng.choice(
        [
            f"{box}/net/{word}/od",
            f"smb://{word}/od",
            f"//{word}/share/od",
            f"{box}/od-{word}/data",
            f"{word}/od",
            f"{box}/mnt/usb-{word}",
        ]
    )


def _write_command(rng: random.Random) -> list[str]:
    return rng.choice(
        [
            ["ingest", "{box}/events.jsonl"],
            ["pause", "--for", "1h"],
            ["notes", "on"],
            ["project", "disable", "p_new", "--new"],
            ["decay"],
            ["resume"],
        ]
    )


def _chosen(folder: str) -> Callable[[Path], None]:
    def setup(box: Path) -> None:
        (box / "config").mkdir(exist_ok=True)
        (box / "config" / "store.json").write_text(
            json.dumps({"data_dir": folder.replace("{box}", str(box))})
        )

    return setup


def where_cases(rng: random.Random) -> list[Case]:
    c = "writes only where asked (missing folders)"
    out = []
    for _ in range(4):
        argv = _write_command(rng)
        folder = _missing_folder(rng, Path("{box}"))
        out.append(
            Case(
                c,
                f"OD_DATA_DIR={folder.replace('{box}', '…')} {argv[0]}",
                argv,
                env={"OD_DATA_DIR": folder},
                data_flag=False,
                box_unchanged=True,
            )
        )
    for _ in range(2):
        argv = _write_command(rng)
        out.append(
            Case(
                c,
                f"a chosen folder that was moved: {argv[0]}",
                argv,
                data_flag=False,
                box_unchanged=True,
                env={"CM_CONFIG_DIR": "{box}/config"},
                setup=_chosen("{box}/moved-" + str(rng.randrange(999))),
            )
        )
    argv = _write_command(rng)
    out.append(
        Case(
            c,
            f"--data-dir in a missing tree: {argv[0]}",
            ["--data-dir", f"{{box}}/gone{rng.randrange(999)}/od", *argv],
            data_flag=False,
            box_unchanged=True,
        )
    )
    out.append(
        Case(
            c,
            "--screenshot --data-dir a missing folder",
            ["--screenshot", "{box}/shots", "--data-dir", f"{{box}}/missing{rng.randrange(999)}/x"],
            program="window",
            data_flag=False,
            box_unchanged=True,
        )
    )
    out.append(
        Case(
            c,
            "--screenshot --data-dir ''",
            ["--screenshot", "{box}/shots", "--data-dir", ""],
            program="window",
            data_flag=False,
            box_unchanged=True,
        )
    )
    return out


def _not_utf8(rng: random.Random) -> str:
    raw = bytes(rng.choice([0xFF, 0xFE, 0xC0, 0x80, 0xED, 0xE9]) for _ in range(rng.randint(1, 4)))
    return os.fsdecode(b"x" + raw + b".json")


def _exported(name: str) -> Callable[[int, str, str, Path], bool]:
    def judge(rc: int, out: str, err: str, box: Path) -> bool:
        return rc == 0 and "Traceback" not in err + out and (box / name).is_file()

    return judge


def _sentence_without(*words: str) -> Callable[[int, str, str, Path], bool]:
    def judge(rc: int, out: str, err: str, box: Path) -> bool:
        del box
        lines = [ln for ln in err.splitlines() if ln.startswith("od-memory: ")]
        return rc != 0 and bool(lines) and "Traceback" not in err and not any(w in err for w in words)

    return judge


def _folder_store(box: Path) -> None:
    (box / "od" / "app.sqlite").rename(box / "real.sqlite")
    (box / "od" / "app.sqlite").mkdir()


def _dangling_store(box: Path) -> None:
    (box / "od" / "app.sqlite").rename(box / "real.sqlite")
    (box / "od" / "app.sqlite").symlink_to(box / "unmounted" / "app.sqlite")


def limit_cases(rng: random.Random) -> list[Case]:
    c = "sentences for any name bytes and any limit"
    out = []
    for _ in range(2):
        name = _not_utf8(rng)
        out.append(
            Case(
                c,
                f"export --to {name.encode('utf-8', 'surrogateescape')!r}",
                ["export", "--to", "{box}/" + name],
                expect="works",
                check=_exported(name),
            )
        )
    name = _not_utf8(rng)
    out.append(
        Case(
            c,
            f"reset --backup {name.encode('utf-8', 'surrogateescape')!r}",
            ["reset", "--confirm", "--backup", "{box}/" + name],
            check=_exported(name),
            expect="works",
        )
    )
    for _ in range(3):
        nofile = rng.randint(6, 18)
        argv = rng.choice(
            [
                ["forget", "spacing", "airy_spacing", "--yes"],
                ["ingest", "{box}/events.jsonl"],
                ["export", "--to", "{box}/b.json"],
                ["rebuild"],
                ["status"],
            ]
        )
        out.append(
            Case(
                c,
                f"ulimit -n {nofile}: {argv[0]}",
                argv,
                nofile=nofile,
                expect="sentence",
                check=_sentence_without("damaged", "Traceback"),
                guarded=["od/app.sqlite"],
            )
        )
    for setup, what in ((_folder_store, "a folder"), (_dangling_store, "a dangling link")):
        argv = _write_command(rng)
        out.append(
            Case(
                c,
                f"the store path is {what}: {argv[0]}",
                argv,
                setup=setup,
                box_unchanged=True,
                check=_sentence_without("disk I/O error", "could not be upgraded", "unable to open"),
            )
        )
    return out


def _said(*words: str) -> Callable[[int, str, str, Path], bool]:
    def judge(rc: int, out: str, err: str, box: Path) -> bool:
        del box, out
        return rc != 0 and "Traceback" not in err and all(w in err for w in words)

    return judge


def cause_cases(rng: random.Random) -> list[Case]:
    c = "sentences name the real cause"
    out = []
    for _ in range(2):
        tail = "".join(rng.choice([" ", "\n", "\t", "\u00a0", "\u200b"]) for _ in range(rng.randint(1, 3)))
        out.append(
            Case(
                c,
                f"OD_DATA_DIR with {tail!r} after it: status",
                ["status"],
                data_flag=False,
                env={"OD_DATA_DIR": "{box}/od" + tail},
                check=_said('"'),
            )
        )
    moved = f"{{box}}/moved-{rng.randrange(999)}"
    out.append(
        Case(
            c,
            "a moved chosen folder is named: status",
            ["status"],
            data_flag=False,
            env={"CM_CONFIG_DIR": "{box}/config"},
            setup=_chosen(moved),
            check=_said("moved-", "od-memory use"),
        )
    )
    out.append(
        Case(
            c,
            "a damaged store is not told to export",
            ["export", "--to", "{box}/b.json"],
            setup=_corrupt,
            check=_sentence_without("export --to"),
        )
    )
    out.append(
        Case(
            c,
            "a damaged page: a plain retrieve records nothing",
            ["retrieve"],
            setup=_late_page,
            check=_said("damaged"),
        )
    )
    return out


def _bundle_with(settings: dict[str, object], projects: list[dict[str, object]]) -> Callable[[Path], None]:
    def setup(box: Path) -> None:
        doc = json.loads((box / "bundle.json").read_text())
        doc["settings"].update(settings)
        doc["project_settings"] = projects
        (box / "plan.json").write_text(json.dumps(doc))

    return setup


def _plan_judge(expected: list[str]) -> Callable[[int, str, str, Path], bool]:
    def judge(rc: int, out: str, err: str, box: Path) -> bool:
        del box, err
        if rc != 0:
            return False
        changes = "\n".join(json.loads(out).get("changes", []))
        return all(word in changes for word in expected)

    return judge


def plan_cases(rng: random.Random) -> list[Case]:
    c = "the import plan lists every change"
    out = []
    for _ in range(3):
        settings: dict[str, object] = {}
        expected: list[str] = []
        if rng.random() < 0.7:
            settings["memory_notes"] = True
            expected.append("memory notes: off → on")
        if rng.random() < 0.5:
            settings["diagnostics_retention_days"] = rng.randint(1, 29)
            expected.append("diagnostics kept for (days)")
        if rng.random() < 0.5:
            settings["memory_enabled"] = False
            expected.append("memory: on → off")
        projects = []
        for j in range(rng.randint(1, 3)):
            use, glob, learn = rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5
            projects.append(
                {
                    "project_id": f"p_gen{j}",
                    "use_memory": use,
                    "use_global_memory": glob,
                    "learn_from_project": learn,
                }
            )
            expected += [f"project p_gen{j}: " + w for w, v in (("use memory on → off", use),) if not v]
            expected += ["use global memory on → off"] if not glob else []
            expected += ["learn on → off"] if not learn else []
        out.append(
            Case(
                c,
                f"import --mode replace of settings {sorted(settings)} and {len(projects)} projects",
                ["--json", "import", "{box}/plan.json", "--mode", "replace", "--yes"],
                setup=_bundle_with(settings, projects),
                check=_plan_judge(expected),
                expect="works",
            )
        )
    return out


def generated(rng: random.Random) -> list[Case]:
    return [
        *serve_cases(rng),
        *cost_cases(rng),
        *where_cases(rng),
        *limit_cases(rng),
        *cause_cases(rng),
        *plan_cases(rng),
    ]


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


def launcher(env: dict[str, str], program: str = "od-memory") -> list[str]:
    del env  # the launcher reads CM_HOSTILE_CODE from the environment it is started with
    if program == "window":
        return [
            sys.executable,
            "-c",
            _LAUNCH.replace("od-memory", "creative-memory").replace("cli.main", "gui.app"),
        ]
    return [sys.executable, "-c", _LAUNCH]


def tree(box: Path) -> set[str]:
    """Every path in the box (what a case must not add to, when ``box_unchanged``)."""
    return {str(p.relative_to(box)) for p in box.rglob("*")}


def digest(path: Path) -> str:
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return hashlib.sha256("\n".join(con.iterdump()).encode()).hexdigest()
        finally:
            con.close()
    except sqlite3.Error:
        try:
            return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"
        except OSError as exc:  # a folder where the store should be
            return f"unreadable ({exc.strerror})"


def template(root: Path, env: dict[str, str]) -> Path:
    box = root / "template"
    (box / "od").mkdir(parents=True)
    events = _events(box)
    run = [*launcher(env), "--data-dir", str(box / "od"), "--now", NOW]
    subprocess.run([*run, "ingest", str(events)], env=env, check=True, capture_output=True)
    subprocess.run(
        [*run, "export", "--to", str(box / "bundle.json")], env=env, check=True, capture_output=True
    )
    con = sqlite3.connect(box / "od" / "app.sqlite")
    con.execute("CREATE TABLE IF NOT EXISTS projects (id TEXT PRIMARY KEY, name TEXT)")
    con.execute("INSERT OR REPLACE INTO projects VALUES ('p_brand', ?)", (EVIL,))
    con.commit()
    con.close()
    return box


def judge(case: Case, rc: int, out: str, err: str, unchanged: bool, box: Path) -> bool:
    if case.check is not None:
        return case.check(rc, out, err, box) and (unchanged or case.expect == "works")
    clean = "Traceback" not in err + out
    inert = not any(ch in out + err for ch in ("\x1b", "\u202e", "\x07"))
    sentence = rc != 0 and any(
        line.startswith(("od-memory: ", "creative-memory: ")) for line in err.splitlines()
    )
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
    paths_before = tree(box)
    guarded = {g: (box / g).read_bytes() if (box / g).is_file() else None for g in case.guarded}
    argv = [a.replace("{box}", str(box)) for a in case.argv]
    if case.data_flag:
        argv = ["--data-dir", str(box / "od"), *argv]
    if "--now" not in argv:
        argv = ["--now", NOW, *argv]
    e = {**env, **{k: v.replace("{box}", str(box)) for k, v in case.env.items()}}
    if (case.data_flag or "OD_DATA_DIR" not in case.env) and "CM_CONFIG_DIR" not in case.env:
        e.setdefault("OD_DATA_DIR", str(root / "default-od"))  # (a case with a chosen folder has none)
    if case.program == "window":
        argv = [a for a in argv if a != "--now" and a != NOW]
        e["QT_QPA_PLATFORM"] = "offscreen"
    cmd = [*launcher(env, case.program), *argv]
    kw: dict[str, object] = {
        "env": e,
        "stderr": subprocess.PIPE,
        "text": True,
        "timeout": case.timeout,
        "cwd": box,
        "errors": "backslashreplace",
    }
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
    elif case.stdin_bytes is None:
        kw["stdin"] = subprocess.DEVNULL
    nofile = case.nofile

    def prepare() -> None:
        for fd in pre:
            os.close(fd)
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    if pre or nofile is not None:
        kw["preexec_fn"] = prepare
    if case.stdin_bytes is not None:  # bytes in, text out: encode the input the way text mode would not
        kw["input"] = case.stdin_bytes.decode("utf-8", "surrogateescape")
        kw["encoding"] = "utf-8"
        kw["errors"] = "surrogateescape"
    try:
        res = subprocess.run(cmd, **kw)  # type: ignore[call-overload]
    except subprocess.TimeoutExpired:
        return False, f"still running after {case.timeout:g} s: killed"
    finally:
        if full is not None:
            full.close()
    unchanged = digest(store) == before and all(
        ((box / g).read_bytes() if (box / g).is_file() else None) == v for g, v in guarded.items()
    )
    unchanged = unchanged and not (root / "default-od").exists()
    unchanged = unchanged and not any((root / "xdg-data").iterdir())
    if case.box_unchanged:
        unchanged = unchanged and tree(box) == paths_before
    ok = judge(case, res.returncode, res.stdout or "", res.stderr or "", unchanged, box)
    first = next((ln for ln in (res.stderr or "").splitlines() if ln.strip()), "")
    if "Traceback" in (res.stderr or ""):
        first = "Traceback: " + (res.stderr or "").strip().splitlines()[-1]
    return ok, f"exit {res.returncode}, {'unchanged' if unchanged else 'CHANGED'}: {first[:110]}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--code", type=Path, help="a checkout whose creative_memory/ to run instead of this one")
    ap.add_argument("--legacy", action="store_true", help="leave out --force (older versions lack it)")
    ap.add_argument("--seed", type=int, help="the draw of the generated cases (default: a new one)")
    ap.add_argument(
        "--only-generated", action="store_true", help="run only the generated (second round) cases"
    )
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"seed {seed} (repeat this draw with --seed {seed})")
    env = {k: v for k, v in os.environ.items() if not k.startswith("OD_")}
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    if args.code:
        env["CM_HOSTILE_CODE"] = str(args.code.resolve())
    totals: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory(prefix="cm-hostile-") as tmp:
        root = Path(tmp)
        env["CM_CONFIG_DIR"] = str(root / "config")
        # An older version falls back to the default folder on a blank path: keep that inside too.
        for var, sub in (
            ("HOME", "home"),
            ("XDG_DATA_HOME", "xdg-data"),
            ("XDG_CONFIG_HOME", "xdg-config"),
            ("XDG_CACHE_HOME", "xdg-cache"),
            ("XDG_STATE_HOME", "xdg-state"),
        ):
            (root / sub).mkdir()
            env[var] = str(root / sub)
        tpl = template(root, env)
        fixed = [] if args.only_generated else cases()
        for case in [*fixed, *generated(random.Random(seed))]:
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

"""``serve --stdio`` under hostile lines: every line it writes is strict JSON, no input ends it, and
each event of a batch is judged alone (decision 0074)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, NoReturn

from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

CLI = [sys.executable, "-m", "creative_memory.cli.main"]
NOW = "2026-11-10T12:00:00Z"


def strict(line: str) -> Any:
    """Parse as RFC 8259 JSON: no NaN or Infinity, text that is Unicode."""

    def refuse(constant: str) -> NoReturn:
        raise AssertionError(f"{constant} in {line!r}")

    line.encode("utf-8")  # a lone surrogate cannot have been written as UTF-8
    return json.loads(line, parse_constant=refuse)


def event(eid: str, diff: str | None = None) -> dict[str, Any]:
    ev: dict[str, Any] = {
        "event_id": eid,
        "signal_type": "thumbs_up",
        "occurred_at": "2026-11-01T10:00:00Z",
        "patterns": [{"preference_type": "layout", "pattern": "grid", "polarity": "positive"}],
    }
    if diff is not None:
        ev["diff"] = diff
    return ev


def run_serve(data: Path, raw: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*CLI, "serve", "--stdio", "--data-dir", str(data), "--now", NOW],
        input=raw,
        capture_output=True,
        timeout=120,
        check=False,
    )


def test_ids_methods_and_names_that_are_not_json_or_not_unicode_get_errors(tmp_path: Path) -> None:
    Store.open(DataDir(tmp_path / "od", "flag")).close()
    lines = [
        b'{"jsonrpc":"2.0","id":NaN,"method":"ping"}',
        b'{"jsonrpc":"2.0","id":1e999,"method":"ping"}',
        b'{"jsonrpc":"2.0","id":-Infinity,"method":"ping"}',
        b'{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}',
        b'{"jsonrpc":"2.0","id":1,"method":"p\\ud800"}',
        b'{"jsonrpc":"2.0","id":2,"method":"ping","params":{"\\udfff":1}}',
        b'{"jsonrpc":"2.0","id":3,"method":"retrieve","params":{"project_id":"p\\ud800"}}',
        b'{"jsonrpc":"2.0","id":4,"method":"ping","params":{"x":NaN}}',
        b'{"jsonrpc":"2.0","id":"\xff\xfe","method":"ping"}',
        b'{"jsonrpc":"2.0","id":5,"method":"ping"}',
    ]
    proc = run_serve(tmp_path / "od", b"\n".join(lines) + b"\n")
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    assert b"Traceback" not in proc.stderr
    answers = [strict(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert [a.get("id") for a in answers] == [None, None, None, None, 1, 2, 3, None, None, 5]
    codes = [a["error"]["code"] if "error" in a else 0 for a in answers]
    assert codes == [-32700, -32600, -32700, -32600, -32601, -32602, -32602, -32700, -32700, 0]
    assert "\\ud800" in answers[4]["error"]["message"]  # the name shown, spelled out
    assert (
        answers[1]["error"]["message"] == "The id must be a string of Unicode text, a finite number or null."
    )


def test_an_event_whose_text_is_not_unicode_is_rejected_alone(tmp_path: Path) -> None:
    Store.open(DataDir(tmp_path / "od", "flag")).close()
    batch = [event("bad", diff="a\ud800b"), event("good"), event("x\udc80"), event("good2")]
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ingest", "params": {"events": batch}})
    proc = run_serve(tmp_path / "od", line.encode() + b"\n")
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr
    (answer,) = [strict(x) for x in proc.stdout.decode().splitlines()]
    result = answer["result"]
    assert result["accepted"] == 2 and result["rejected"] == 2
    outcomes = [(e["event_id"], e["outcome"]) for e in result["events"]]
    assert outcomes == [
        ("bad", "rejected"),
        ("good", "accepted"),
        ("x\\udc80", "rejected"),
        ("good2", "accepted"),
    ]
    assert "not Unicode" in result["events"][0]["reason"]


def test_a_line_longer_than_the_limit_is_answered_and_the_next_is_served(tmp_path: Path) -> None:
    import io

    from creative_memory.cli.commands.serve import read_lines

    stream = io.BytesIO(b"x" * 50 + b"\n" + b"y" * 10 + b"\n" + b"z" * 25)
    assert list(read_lines(stream, limit=20)) == [None, b"y" * 10 + b"\n", None]


def _mutations(rng: random.Random) -> bytes:
    valid = [
        {"jsonrpc": "2.0", "id": 1, "method": "ping"},
        {
            "jsonrpc": "2.0",
            "id": "r",
            "method": "retrieve",
            "params": {"project_id": "p_1", "types": ["layout"]},
        },
        {
            "jsonrpc": "2.0",
            "id": 7,
            "method": "ingest",
            "params": {"events": [event("f1", "d"), event("f2")]},
        },
        {"jsonrpc": "2.0", "id": 8, "method": "status"},
        {"jsonrpc": "2.0", "id": 9, "method": "decay"},
    ]
    raw = bytearray(json.dumps(rng.choice(valid)).encode())
    for _ in range(rng.randint(0, 6)):
        what = rng.random()
        pos = rng.randrange(len(raw) + 1)
        if what < 0.3 and raw:
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        elif what < 0.5:
            raw[pos:pos] = rng.choice(
                [b"\\ud800", b"\\udfff", b"NaN", b"1e999", b"-Infinity", b"\xff", b"\xed\xa0\x80", b'"', b"{", b"[",
                 b"]", b"}", b",", b"\\", b"\x00", b"\r", b"\xe2\x80\xae", b"null", b"true", b"9" * 40]
            )  # fmt: skip
        elif what < 0.7 and raw:
            del raw[pos : pos + rng.randint(1, 8)]
        else:
            raw[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(raw).replace(b"\n", b" ")


def test_fuzz_serve_keeps_answering_and_every_answer_is_strict_json(tmp_path: Path) -> None:
    """Random and mutated lines for about three seconds, then a ping that must be answered."""
    Store.open(DataDir(tmp_path / "od", "flag")).close()
    seed = int(os.environ.get("CM_FUZZ_SEED", time.time_ns() % 2**32))
    rng = random.Random(seed)
    proc = subprocess.Popen(
        [*CLI, "serve", "--stdio", "--data-dir", str(tmp_path / "od"), "--now", NOW],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdin is not None and proc.stdout is not None
    sent: list[bytes] = []

    def write() -> None:
        assert proc.stdin is not None
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline:
            if rng.random() < 0.3:
                line = bytes(rng.randrange(256) for _ in range(rng.randint(0, 60))).replace(b"\n", b"")
            else:
                line = _mutations(rng)
            sent.append(line)
            proc.stdin.write(line + b"\n")
            proc.stdin.flush()
        proc.stdin.write(b'{"jsonrpc":"2.0","id":"the end","method":"ping"}\n')
        proc.stdin.close()

    writer = threading.Thread(target=write)
    writer.start()
    answers = []
    for raw in proc.stdout:
        try:
            answers.append(strict(raw.decode("utf-8")))
        except Exception as exc:  # pragma: no cover - the failure message
            raise AssertionError(f"seed {seed}: not strict JSON: {raw!r}") from exc
    writer.join()
    proc.stdout.close()
    assert proc.wait(timeout=60) == 0, f"seed {seed}"
    assert len(sent) > 50, "the fuzz sent too few lines to mean anything"
    assert answers and answers[-1] == {"jsonrpc": "2.0", "id": "the end", "result": answers[-1]["result"]}
    assert answers[-1]["result"]["pong"] is True, f"seed {seed}"

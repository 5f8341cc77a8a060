"""``od-memory serve --stdio`` as a process: protocol only on stdout, errors that keep it serving."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

CLI = [sys.executable, "-m", "creative_memory.cli.main"]
NOW = "2026-11-10T12:00:00Z"


def serve(
    lines: list[str], *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        check=False,
    )


def req(rid: Any, method: str, params: Any = None) -> str:
    obj: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
    if params is not None:
        obj["params"] = params
    return json.dumps(obj)


def test_bad_requests_get_errors_and_the_process_keeps_serving_until_stdin_closes(tmp_path: Path) -> None:
    Store.open(DataDir(tmp_path / "od", "flag")).close()
    lines = [
        req(1, "ping"),
        "{not json",
        "[1, 2]",
        json.dumps({"jsonrpc": "1.0", "id": 2, "method": "ping"}),
        req(3, "teleport"),
        req(4, "retrieve", {"mode": "haiku"}),
        req(5, "ingest", {"events": [{"event_id": "x"}]}),
        json.dumps({"jsonrpc": "2.0", "method": "ping"}),  # a notification: no answer
        "",
        req("last", "retrieve", {"project_id": "p_1"}),
    ]
    proc = serve(lines, "serve", "--stdio", "--data-dir", str(tmp_path / "od"), "--now", NOW)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]  # nothing but JSON on stdout
    assert all(a["jsonrpc"] == "2.0" for a in answers)
    assert [a.get("id") for a in answers] == [1, None, None, 2, 3, 4, 5, "last"]
    codes = [a["error"]["code"] if "error" in a else 0 for a in answers]
    assert codes == [0, -32700, -32600, -32600, -32601, -32602, 0, 0]
    for a in answers:
        if "error" in a:
            data = a["error"]["data"]
            assert data["kind"] == "invalid_input" and data["message"].endswith(".")
    assert answers[6]["result"]["events"][0]["outcome"] == "rejected"
    assert answers[-1]["result"]["block"] == "" and answers[-1]["result"]["recorded"] is True


def test_serve_needs_the_daemons_data_dir_and_never_reads_od_data_dir(tmp_path: Path) -> None:
    Store.open(DataDir(tmp_path / "od", "flag")).close()
    proc = serve([req(1, "ping")], "serve", "--stdio", env={"OD_DATA_DIR": str(tmp_path / "od")})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines()[-1] == (
        "od-memory: serve needs --data-dir DIR, the data folder the daemon resolved."
    )


def test_a_missing_store_is_an_error_per_call_and_nothing_is_created(tmp_path: Path) -> None:
    missing = tmp_path / "not there"
    proc = serve([req(1, "retrieve"), req(2, "ping")], "serve", "--stdio", "--data-dir", str(missing))
    assert proc.returncode == 0
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first["error"]["data"]["kind"] == "store_unavailable"
    assert second["result"]["pong"] is True
    assert not missing.exists()


def test_notes_on_and_off_from_the_command_line(tmp_path: Path) -> None:
    data = str(tmp_path / "od")
    Store.open(DataDir(tmp_path / "od", "flag")).close()

    def od(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*CLI, "--data-dir", data, *args], capture_output=True, text=True, timeout=120, check=False
        )

    assert json.loads(od("--json", "status").stdout)["memory_notes"] is False
    on = od("notes", "on")
    assert on.returncode == 0 and "Memory notes in chat are on" in on.stdout
    assert json.loads(od("--json", "status").stdout)["memory_notes"] is True
    audit = json.loads(od("--json", "audit").stdout)["entries"]
    assert (audit[0]["actor"], audit[0]["action"], audit[0]["target"]) == ("cli", "memory notes", "on")
    assert json.loads(od("--json", "retrieve", "--dry-run").stdout)["note"] == (
        "memory: nothing strong enough to use yet"
    )
    off = od("--json", "notes", "off")
    assert off.returncode == 0 and json.loads(off.stdout)["memory_notes"] is False
    assert "note" not in json.loads(od("--json", "retrieve", "--dry-run").stdout)
    bad = od("notes", "maybe")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_serve_sets_up_the_daemons_store_only_after_consent(tmp_path: Path, daemon_store: Any) -> None:
    """A daemon's store without our tables: serve answers needs_setup (with what the first use would
    do) and changes nothing, not one byte of the file, no backup; ``setup`` with consent adds the
    tables after the announced backup, and the next retrieval is answered."""
    folder = tmp_path / "od"
    folder.mkdir()
    path = folder / "app.sqlite"
    daemon_store.create(str(path))
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    asked = [req(1, "status"), req(2, "retrieve"), req(3, "setup", {}), req(4, "setup", {"consent": "yes"})]
    proc = serve(asked, "serve", "--stdio", "--data-dir", str(folder), "--now", NOW)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["error"]["data"]["kind"] for a in answers] == [
        "needs_setup", "needs_setup", "invalid_input", "invalid_input"
    ]  # fmt: skip
    sentence = answers[0]["error"]["data"]["message"]
    assert "does not hold Creative Memory's tables yet" in sentence and "backup copy" in sentence
    assert "MB)" in sentence and "Open Design's tables are not changed" in sentence
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing written, no copy

    digest = daemon_store.digest(str(path))
    agreed = [req(1, "setup", {"consent": True}), req(2, "retrieve"), req(3, "setup", {"consent": True})]
    proc = serve(agreed, "serve", "--stdio", "--data-dir", str(folder), "--now", NOW)
    assert proc.returncode == 0, proc.stderr
    first, retrieved, again = (json.loads(line) for line in proc.stdout.splitlines())
    notices = first["result"]["notices"]
    assert notices[0].startswith(f"First use of {path}: adding Creative Memory's own tables")
    assert notices[1].startswith("Backup copy made: ")
    assert retrieved["result"]["block"] == ""
    assert again["result"]["notices"] == []  # set up already: nothing more to say
    assert daemon_store.digest(str(path)) == digest  # the daemon's tables unchanged
    assert len(list(folder.glob("app.sqlite.bak-*"))) == 1


def _stored(data: Path, sql: str) -> list[tuple[Any, ...]]:
    import sqlite3

    con = sqlite3.connect(data / "app.sqlite")
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_a_temporary_conversation_neither_uses_nor_feeds_memory(tmp_path: Path) -> None:
    """``temporary: true``: retrieve answers an empty block whatever memory holds, recorded with one
    gate event that says why; ingest stores none of the conversation's events and counts them as
    ignored; the same calls without it use and feed memory as before."""
    data = tmp_path / "od"
    Store.open(DataDir(data, "flag")).close()
    ev = {
        "signal_type": "explicit_tag",
        "tag": "love this",
        "occurred_at": "2026-11-09T10:00:00Z",
        "project_id": "p_brand",
        "patterns": [{"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}],
    }
    learn = [{**ev, "event_id": f"ev_{i}", "session_id": f"s_{i}"} for i in range(4)]
    secret = {**ev, "event_id": "ev_secret", "patterns": [{**ev["patterns"][0], "pattern": "neon_glow"}]}
    base = ["--data-dir", str(data), "--now", NOW, "serve", "--stdio"]
    proc = serve(
        [
            req(1, "ingest", {"events": learn}),
            req(2, "retrieve", {"project_id": "p_brand"}),
            req(3, "retrieve", {"project_id": "p_brand", "temporary": True}),
            req(4, "ingest", {"events": [secret, {**secret, "event_id": "bad id"}], "temporary": True}),
            req(5, "retrieve", {"project_id": "p_brand", "temporary": "yes"}),
            req(6, "status", {}),
        ],
        *base,
    )
    assert proc.returncode == 0, proc.stderr
    out = {r["id"]: r for r in map(json.loads, proc.stdout.splitlines())}
    used = out[2]["result"]
    assert "airy spacing" in used["block"].lower() and used["gate"] is None
    temp = out[3]["result"]
    assert temp["block"] == "" and temp["kept"] == []
    assert temp["gate"] == "temporary_conversation" == temp["empty_reason"]
    assert temp["recorded"] is True
    fed = out[4]["result"]
    assert fed["accepted"] == 0 and fed["ignored"] == {"temporary_conversation": 1} and fed["rejected"] == 1
    assert [e["outcome"] for e in fed["events"]] == ["ignored", "rejected"]
    assert fed["events"][0]["reason"] == "temporary_conversation"
    assert out[5]["error"]["data"]["message"].startswith("temporary must be true or false")
    assert out[6]["result"]["ignored"] == {"temporary_conversation": 1}
    # Nothing of the temporary conversation is stored; its retrieval says, in one gate event, why
    # it used nothing.
    assert _stored(data, "SELECT count(*) FROM creative_memory_events WHERE payload LIKE '%neon%'") == [(0,)]
    assert _stored(data, "SELECT count(*) FROM creative_memory_events") == [(4,)]
    events = _stored(
        data,
        "SELECT stage, type, trace FROM creative_memory_retrieval_events WHERE retrieval_id = "
        f"{temp['retrieval_id']} ORDER BY ordinal",
    )
    assert events == [
        ("gates", "temporary_conversation", "A temporary conversation: memory was neither used nor fed")
    ]
    shown = subprocess.run(
        [*CLI, "--data-dir", str(data), "--now", NOW, "--json", "status"],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    assert json.loads(shown.stdout)["ignored"] == {"temporary_conversation": 1}


def test_the_daemon_rates_an_injection_through_serve(tmp_path: Path) -> None:
    """``rate``: each outcome stored as a recall_rating event with the retrieval it answers; a
    retrieval that does not exist, or a wrong shape, refused in a sentence with nothing stored."""
    data = tmp_path / "od"
    Store.open(DataDir(data, "flag")).close()
    learn = [
        {
            "event_id": f"ev_{i}",
            "signal_type": "explicit_tag",
            "tag": "love this",
            "occurred_at": "2026-11-09T10:00:00Z",
            "session_id": f"s_{i}",
            "project_id": "p_brand",
            "patterns": [{"preference_type": "layout", "pattern": "airy_spacing", "polarity": "positive"}],
        }
        for i in range(4)
    ]
    base = ["--data-dir", str(data), "--now", NOW, "serve", "--stdio"]
    first = serve([req(1, "ingest", {"events": learn}), req(2, "retrieve", {"project_id": "p_brand"})], *base)
    rid = json.loads(first.stdout.splitlines()[1])["result"]["retrieval_id"]
    named = {"preference_type": "layout", "pattern": "airy_spacing"}
    proc = serve(
        [
            req(1, "rate", {"retrieval_id": rid, "outcome": "helped", "session_id": "s_chat"}),
            req(2, "rate", {"retrieval_id": rid, "outcome": "not_relevant", **named}),
            req(
                3,
                "rate",
                {
                    "retrieval_id": rid,
                    "outcome": "missed",
                    "preference_type": "color",
                    "pattern": "muted_palette",
                    "polarity": "negative",
                    "event_id": "od_r4",
                },
            ),
            req(4, "rate", {"retrieval_id": rid + 100, "outcome": "helped"}),
            req(5, "rate", {"retrieval_id": rid, "outcome": "meh"}),
            req(6, "rate", {"retrieval_id": str(rid), "outcome": "helped"}),
            req(7, "rate", {"retrieval_id": rid, "outcome": "missed", **named}),
        ],
        *base,
    )
    assert proc.returncode == 0, proc.stderr
    out = {r["id"]: r for r in map(json.loads, proc.stdout.splitlines())}
    assert out[1]["result"]["stored"] is True and out[1]["result"]["patterns"] == [
        {**named, "polarity": "positive"}
    ]
    assert out[2]["result"]["outcome"] == "not_relevant"
    assert out[3]["result"]["event_id"] == "od_r4"
    assert out[4]["error"]["data"]["message"].startswith(f"There is no recorded retrieval {rid + 100}")
    assert out[5]["error"]["data"]["message"] == (
        "outcome must be 'helped', 'too_much', 'not_relevant' or 'missed'."
    )
    assert "whole number" in out[6]["error"]["data"]["message"]
    assert "already" in out[7]["error"]["data"]["message"]
    rows = _stored(
        data,
        "SELECT event_id, session_id, source, json_extract(payload, '$.recall.outcome') FROM "
        "creative_memory_events WHERE signal_type = 'recall_rating' ORDER BY seq",
    )
    assert [(r[1], r[2], r[3]) for r in rows] == [
        ("s_chat", "daemon", "helped"),
        (None, "daemon", "not_relevant"),
        (None, "daemon", "missed"),
    ]
    assert rows[2][0] == "od_r4"
    assert (
        _stored(data, "SELECT actor, target FROM creative_memory_audit WHERE action = 'rate'")
        == [("host", f"retrieval {rid}")] * 3
    )


def test_serve_answers_from_the_store_file_that_is_there_now(tmp_path: Path) -> None:
    """A store file replaced under a running serve (after a forget in the new file, say) is not
    answered from any longer; a removed one gets an error per call, and serve keeps answering."""
    import shutil

    from creative_memory.services.ingest.ingest import ingest_jsonl
    from creative_memory.services.location.datadir import DataDir
    from creative_memory.services.store.store import Store

    def filled(folder: Path, pattern: str) -> Path:
        folder.mkdir()
        store = Store.open(DataDir(folder, "flag"))
        lines = [
            json.dumps(
                {
                    "event_id": f"{pattern}{i}",
                    "signal_type": "explicit_tag",
                    "tag": "love this",
                    "occurred_at": f"2026-11-0{i}T10:00:00Z",
                    "patterns": [{"preference_type": "layout", "pattern": pattern, "polarity": "positive"}],
                }
            )
            for i in range(1, 6)
        ]
        ingest_jsonl(store, "\n".join(lines), default_user="local", now=1_794_312_000_000)
        store.close()
        return folder / "app.sqlite"

    live = filled(tmp_path / "od", "airy_spacing")
    other = filled(tmp_path / "other", "dense_grid")
    shutil.copyfile(live, tmp_path / "od-first.sqlite")
    proc = subprocess.Popen(
        [*CLI, "serve", "--stdio", "--data-dir", str(tmp_path / "od"), "--now", "2026-11-10T12:00:00Z"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None

    def ask(i: int) -> dict[str, Any]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(req(i, "retrieve", {"dry_run": True}) + "\n")
        proc.stdin.flush()
        return dict(json.loads(proc.stdout.readline()))

    try:
        assert "airy spacing" in ask(1)["result"]["block"]
        for suffix in ("-wal", "-shm"):
            Path(str(live) + suffix).unlink(missing_ok=True)
        tmp = live.with_name("app.sqlite.new")
        shutil.copyfile(other, tmp)
        tmp.replace(live)  # another file at the same path
        block = ask(2)["result"]["block"]
        assert "dense grid" in block and "airy spacing" not in block
        # copied over in place (the same inode, as ``cp`` does), its log and index removed first
        for suffix in ("-wal", "-shm"):
            Path(str(live) + suffix).unlink(missing_ok=True)
        inode = live.stat().st_ino
        shutil.copyfile(tmp_path / "od-first.sqlite", live)
        assert live.stat().st_ino == inode
        block = ask(5)["result"]["block"]
        assert "airy spacing" in block and "dense grid" not in block
        live.unlink()
        gone = ask(3)
        assert "error" in gone and "airy spacing" not in json.dumps(gone)
        assert ask(4)["id"] == 4  # still answering
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        proc.stdout.close()

"""The report of everything memory holds: every preference as a sentence, names inert, forgotten
names never repeated, the store only read; and ``od-memory report`` as a careless user runs it."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from creative_memory.model.constants import Actor
from creative_memory.services.common.clock import parse_instant
from creative_memory.services.forget.erasure import Target
from creative_memory.services.forget.forgetting import forget
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import report_html
from creative_memory.services.inspection.report import gather
from creative_memory.services.store.digest import store_digest
from creative_memory.services.store.store import Store

NOW = parse_instant("2026-01-03T00:00:00Z", 0)
USER = "local"


def _ingest(store: Store) -> None:
    lines = []
    for k in range(6):
        for ptype, pattern, pol, project in (
            ("spacing", "airy_spacing", "positive", None),
            ("shape", "drop_shadows", "negative", "p_brand"),
            ("colour", "secret_moodboard", "positive", None),
        ):
            event = {
                "event_id": f"{pattern}-{k}",
                "signal_type": "explicit_tag" if k % 2 else "generation_accepted",
                "occurred_at": f"2026-01-02T10:{k:02d}:00Z",
                "session_id": f"s{k}",
                "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": pol}],
            }
            if k % 2:
                event["tag"] = "love this" if pol == "positive" else "not this"
            if project:
                event["project_id"] = project
            lines.append(json.dumps(event))
    ingest_jsonl(store, "\n".join(lines), default_user=USER, now=NOW)


def _name_project(store: Store, project_id: str, name: str) -> None:
    con = sqlite3.connect(store.path)
    with con:
        con.execute("CREATE TABLE IF NOT EXISTS projects (id TEXT PRIMARY KEY, name TEXT NOT NULL)")
        con.execute("INSERT INTO projects (id, name) VALUES (?, ?)", (project_id, name))
    con.close()


def test_every_preference_reads_as_a_sentence_with_its_project_by_name(store: Store) -> None:
    _ingest(store)
    _name_project(store, "p_brand", "Brand refresh")
    report = gather(store, USER, NOW)
    page = report_html.render(report, "en")
    assert len(report.preferences) == 3
    assert "Prefers airy spacing" in page
    assert "Avoids drop shadows — in Brand refresh only" in page
    assert page.count('class="pref ') == 3
    assert "<svg" in page  # the strength over time of the charted ones
    assert "p_brand" not in re.sub(r'title="[^"]*"', "", page)  # the id only on hover


def test_the_page_speaks_german_when_asked(store: Store) -> None:
    _ingest(store)
    page = report_html.render(gather(store, USER, NOW), "de")
    assert '<html lang="de">' in page
    assert "Bevorzugt airy spacing" in page and "Vermeidet drop shadows — nur in p_brand" in page
    assert "Einstellungen" in page and "Settings" not in page


def test_a_name_from_elsewhere_is_shown_as_text_never_as_markup(store: Store) -> None:
    _ingest(store)
    _name_project(store, "p_brand", '<img src=x onerror="alert(1)">Brand')
    page = report_html.render(gather(store, USER, NOW), "en")
    assert "<img" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Brand" in page


def test_a_forgotten_name_is_counted_never_shown(store: Store, blocks: BlockChecker) -> None:
    _ingest(store)
    forget(
        store,
        USER,
        [Target("colour", "secret_moodboard")],
        blocks=blocks,
        block=True,
        actor=Actor.CLI,
        now=NOW,
    )
    report = gather(store, USER, NOW)
    page = report_html.render(report, "en")
    assert "secret" not in page and "moodboard" not in page
    assert (report.forgotten, report.blocked) == (1, 1)
    assert "Patterns forgotten on request: 1" in page


def test_gathering_writes_nothing(store: Store) -> None:
    _ingest(store)
    before = store_digest(store.path)
    gather(store, USER, NOW)
    assert store_digest(store.path) == before


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        "CM_CONFIG_DIR": str(cwd / "cfg"),
    }
    env.pop("OD_DATA_DIR", None)
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_the_command_writes_only_the_file_asked_for_and_refuses_to_replace_it(tmp_path: Path) -> None:
    data = tmp_path / "od"
    r = _cli("--data-dir", str(data), "report", "--to", "r.html", cwd=tmp_path)
    assert r.returncode == 4 and "nothing was created" in r.stderr
    assert not data.exists() and not (tmp_path / "r.html").exists()

    ingest = _cli("--data-dir", str(data), "--now", "2026-01-03T00:00:00Z", "ingest", "-", cwd=tmp_path)
    assert ingest.returncode in (0, 3)  # an empty stream: the store exists afterwards either way
    (tmp_path / "r.html").write_text("mine", encoding="utf-8")
    r = _cli("--data-dir", str(data), "report", "--to", "r.html", cwd=tmp_path)
    assert r.returncode == 5 and "--force" in r.stderr
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == "mine"

    r = _cli("--data-dir", str(data), "report", "--to", str(data / "inside.html"), cwd=tmp_path)
    assert r.returncode == 5 and not (data / "inside.html").exists()

    r = _cli(
        "--data-dir", str(data), "--json", "report", "--to", "r.html", "--force", "--lang", "de", cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert Path(out["path"]) == (tmp_path / "r.html").resolve()
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith('<!DOCTYPE html>\n<html lang="de">')


def test_a_locked_report_opens_only_with_its_passphrase(store: Store, tmp_path: Path) -> None:
    import pytest

    from creative_memory.services.common.errors import InvalidInput
    from creative_memory.services.inspection import report_lock

    _ingest(store)
    plain = report_html.render(gather(store, USER, NOW))
    target = tmp_path / "locked.html"
    with pytest.raises(InvalidInput, match="at least 8"):
        report_html.save_report(store, USER, NOW, target, passphrase="short")
    assert not target.exists()
    report_html.save_report(store, USER, NOW, target, passphrase="correct horse")
    locked = target.read_text(encoding="utf-8")
    assert "airy spacing" not in locked and "airy_spacing" not in locked and "p_brand" not in locked
    assert 'type="password"' in locked
    assert report_lock.unlock(locked, "correct horse") == plain
    with pytest.raises(InvalidInput, match="does not open"):
        report_lock.unlock(locked, "wrong horse!")
    # A page that asks for a ruinous number of key rounds is refused before any work.
    start = locked.index('<script id="cm-box" type="application/json">') + len(
        '<script id="cm-box" type="application/json">'
    )
    box = json.loads(locked[start : locked.index("</script>", start)])
    box["header"]["iterations"] = 10**10  # a header made consistently by someone else
    box["aad"] = json.dumps(box["header"], sort_keys=True, separators=(",", ":"))
    costly = locked[:start] + json.dumps(box) + locked[locked.index("</script>", start) :]
    with pytest.raises(InvalidInput, match="key rounds"):
        report_lock.unlock(costly, "correct horse")


def test_the_locked_page_opens_in_a_browsers_web_crypto(store: Store, tmp_path: Path) -> None:
    """The page's own decryption function, run by Node's Web Crypto (the API browsers have)."""
    import shutil

    import pytest

    from creative_memory.services.inspection import report_lock

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    _ingest(store)
    plain = report_html.render(gather(store, USER, NOW))
    locked = report_lock.lock(plain, "correct horse", "de")
    start = locked.index('<script id="cm-box" type="application/json">') + len(
        '<script id="cm-box" type="application/json">'
    )
    box = locked[start : locked.index("</script>", start)]
    assert report_lock.SCRIPT in locked
    script = (
        "const crypto = globalThis.crypto;\n"
        + report_lock.SCRIPT
        + f"\nconst box = JSON.parse({json.dumps(box)});\n"
        + "cmUnlock(box, process.argv[1]).then((t) => process.stdout.write(t),"
        + " () => { process.stdout.write('WRONG'); });\n"
    )
    ok = subprocess.run(
        [node, "-e", script, "correct horse"], capture_output=True, text=True, timeout=60, check=True
    )
    assert ok.stdout == plain
    wrong = subprocess.run(
        [node, "-e", script, "wrong horse!"], capture_output=True, text=True, timeout=60, check=True
    )
    assert wrong.stdout == "WRONG"


def test_the_command_locks_the_report_with_a_passphrase_from_a_variable(tmp_path: Path) -> None:
    from creative_memory.services.inspection import report_lock

    data = tmp_path / "od"
    data.mkdir()
    _cli("--data-dir", str(data), "--now", "2026-01-03T00:00:00Z", "ingest", "-", cwd=tmp_path)
    r = _cli("--data-dir", str(data), "report", "--to", "r.html", "--passphrase-env", "CM_PASS", cwd=tmp_path)
    assert r.returncode == 3 and "--encrypt" in r.stderr and not (tmp_path / "r.html").exists()
    env_pass = {"CM_PASS": "correct horse"}
    os.environ.update(env_pass)
    try:
        r = _cli(
            "--data-dir", str(data), "--json", "report", "--to", "r.html", "--encrypt",
            "--passphrase-env", "CM_PASS", cwd=tmp_path,
        )  # fmt: skip
    finally:
        os.environ.pop("CM_PASS")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["encrypted"] is True
    page = report_lock.unlock((tmp_path / "r.html").read_text(encoding="utf-8"), "correct horse")
    assert page.startswith("<!DOCTYPE html>")


def test_recent_injections_show_how_they_were_rated(store: Store) -> None:
    from creative_memory.model.constants import Origin
    from creative_memory.services.retrieval import retrieval
    from creative_memory.services.retrieval.rating import rate

    _ingest(store)
    out = retrieval.run(
        store, retrieval.RetrievalRequest(USER, project_id=None, now=NOW, origin=Origin.DAEMON)
    )
    assert out.retrieval_id is not None
    rate(store, USER, out.retrieval_id, "helped", now=NOW + 1, actor=Actor.CLI)
    rate(
        store, USER, out.retrieval_id, "missed", preference_type="colour", pattern="muted_palette",
        now=NOW + 2, actor=Actor.CLI,
    )  # fmt: skip
    report = gather(store, USER, NOW + 3)
    (shown,) = [i for i in report.injections if i.ratings]
    assert shown.ratings == (("helped", None), ("missed", "muted palette"))
    assert "helped; missed: muted palette" in report_html.render(report)
    assert "hat geholfen; fehlte: muted palette" in report_html.render(report, "de")

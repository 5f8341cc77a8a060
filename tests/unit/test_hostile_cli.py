"""Hostile input and hostile environments through ``od-memory`` (in process, real stores in temp
folders): writes only where asked, consent, no poisoned store, inert text, sentences not tracebacks.

Every refusal is checked the same way: the documented exit code, one sentence on stderr, no
traceback, and the store's files byte for byte as they were.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from creative_memory.cli.main import main
from creative_memory.services.common.errors import OperationFailed
from creative_memory.services.store import safefile

NOW = "2026-11-10T12:00:00Z"


def _event(n: int, ptype: str, pattern: str, *, project: str | None = None, **extra: object) -> str:
    obj: dict[str, object] = {
        "event_id": f"e{n}",
        "signal_type": "manual_refinement",
        "occurred_at": f"2026-11-0{1 + n % 8}T10:{n % 60:02d}:00Z",
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": "positive"}],
        **extra,
    }
    if project:
        obj["project_id"] = project
    return json.dumps(obj)


@dataclass
class Run:
    rc: int
    out: str
    err: str

    def refused(self, rc: int) -> Run:
        assert self.rc == rc, (self.rc, self.out, self.err)
        assert "Traceback" not in self.err and "Traceback" not in self.out
        lines = [ln for ln in self.err.splitlines() if ln.startswith("od-memory:")]
        assert lines, self.err
        return self


class Cli:
    def __init__(self, root: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.root = root
        self.data = root / "od"
        self.capsys = capsys

    def __call__(self, *argv: str) -> Run:
        self.capsys.readouterr()
        rc = main(["--data-dir", str(self.data), "--now", NOW, *argv])
        cap = self.capsys.readouterr()
        return Run(rc, cap.out, cap.err)

    def digest(self) -> str:
        """Every row of every table (the WAL's bytes change when a reader merely opens the store)."""
        import sqlite3

        con = sqlite3.connect(f"file:{self.data / 'app.sqlite'}?mode=ro", uri=True)
        try:
            return hashlib.sha256("\n".join(con.iterdump()).encode()).hexdigest()
        finally:
            con.close()


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Cli]:
    c = Cli(tmp_path, capsys)
    events = tmp_path / "events.jsonl"
    lines = [_event(i, "spacing", "airy_spacing", project="p_brand") for i in range(6)]
    lines += [_event(10 + i, "palette", "warm_tones") for i in range(4)]
    lines += [_event(20 + i, "spacing", "airy_spacing_tight") for i in range(3)]
    events.write_text("\n".join(lines) + "\n")
    assert c("ingest", str(events)).rc == 0
    yield c


# ---------------------------------------------------------------- 1. writes only where asked
def test_export_refuses_the_store_its_side_files_and_any_file_of_the_data_dir(cli: Cli) -> None:
    before = cli.digest()
    for target in ("app.sqlite", "app.sqlite-wal", "app.sqlite-shm", "app.sqlite-journal", "notes.json"):
        cli("export", "--to", str(cli.data / target), "--force").refused(5)
        cli("reset", "--confirm", "--backup", str(cli.data / target), "--force").refused(5)
    assert cli.digest() == before
    assert not (cli.data / "notes.json").exists()


def test_export_refuses_a_folder_a_device_and_a_fifo(cli: Cli, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    targets = [tmp_path, fifo]
    # A device node of the test's own: never /dev/null, which a regression would replace.
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        targets.append(device)
    except PermissionError:
        pass  # not root: the FIFO covers "not a regular file"
    before = cli.digest()
    for target in targets:
        r = cli("export", "--to", str(target), "--force").refused(5)
        assert "not a file" in r.err or "folder" in r.err
    assert fifo.exists() and not fifo.is_file()
    assert not device.exists() or device.is_char_device()
    assert cli.digest() == before


def test_export_refuses_an_existing_file_unless_forced(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "backup.json"
    assert cli("export", "--to", str(target)).rc == 0
    first = target.read_bytes()
    assert target.stat().st_mode & 0o777 == 0o600
    target.write_bytes(b"precious")
    r = cli("export", "--to", str(target)).refused(5)
    assert "--force" in r.err
    assert target.read_bytes() == b"precious"
    assert cli("export", "--to", str(target), "--force").rc == 0
    assert json.loads(target.read_bytes())["events"] == json.loads(first)["events"]


def test_reset_backup_onto_an_existing_file_refuses_before_erasing(cli: Cli, tmp_path: Path) -> None:
    backup = tmp_path / "before-reset.json"
    assert cli("reset", "--confirm", "--backup", str(backup)).rc == 0
    kept = backup.read_bytes()
    assert len(json.loads(kept)["events"]) == 13
    before = cli.digest()
    cli("reset", "--confirm", "--backup", str(backup)).refused(5)
    assert backup.read_bytes() == kept  # the second run used to replace it with an empty bundle
    assert cli.digest() == before


def test_a_temporary_file_left_by_a_kill_is_removed_by_the_next_write(cli: Cli, tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    stale = tmp_path / f".backup.json{safefile.TEMP_MARK}{dead.stdout.strip()}-0123abcd"
    stale.write_bytes(b"half")
    mine = tmp_path / f".other.json{safefile.TEMP_MARK}{os.getpid()}-0123abcd"
    mine.write_bytes(b"in use")
    assert cli("export", "--to", str(tmp_path / "backup.json")).rc == 0
    assert not stale.exists()
    assert mine.exists()  # a live writer's temporary file is left alone


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    (target / "inside").mkdir(parents=True)  # the rename onto a non-empty folder fails
    with pytest.raises(OperationFailed, match="nothing was written there"):
        safefile.write_atomic(target, b"data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_sigterm_during_a_write_removes_the_temporary_file(tmp_path: Path) -> None:
    script = textwrap.dedent(
        f"""
        import os, sys, time
        from pathlib import Path
        from creative_memory.services.store import safefile
        safefile.install_signal_cleanup()
        real_fsync = os.fsync
        def slow(fd):
            print("writing", flush=True)
            time.sleep(30)
        os.fsync = slow
        safefile.write_atomic(Path({str(tmp_path / "big.json")!r}), b"x" * 1000)
        """
    )
    with subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "writing"
        assert any(safefile.TEMP_MARK in p.name for p in tmp_path.iterdir())
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == -signal.SIGTERM
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- 2. consent
def test_forget_without_a_terminal_needs_yes(cli: Cli) -> None:
    before = cli.digest()
    r = cli("forget", "spacing", "airy_spacing").refused(5)
    assert "--yes" in r.err
    cli("--json", "forget", "spacing", "airy_spacing").refused(5)
    assert cli.digest() == before
    assert cli("forget", "spacing", "airy_spacing", "--yes").rc == 0


def test_reset_import_replace_and_demo_on_data_need_consent(cli: Cli, tmp_path: Path) -> None:
    bundle = tmp_path / "b.json"
    assert cli("export", "--to", str(bundle)).rc == 0
    before = cli.digest()
    cli("reset").refused(5)
    cli("import", str(bundle), "--mode", "replace").refused(5)
    cli("demo", "--size", "S").refused(5)
    assert cli.digest() == before


@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_data_dir_is_refused_not_replaced_by_the_default(
    blank: str, capsys: pytest.CaptureFixture[str], isolated_env: Path
) -> None:
    rc = main(["--data-dir", blank, "reset", "--confirm"])
    cap = capsys.readouterr()
    assert rc == 3 and "--data-dir is empty" in cap.err
    assert not (isolated_env / "od-data").exists()


def test_a_blank_od_data_dir_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, isolated_env: Path
) -> None:
    monkeypatch.setenv("OD_DATA_DIR", "")
    assert main(["status"]) == 3
    assert "OD_DATA_DIR is set but empty" in capsys.readouterr().err


def test_blank_user_and_paths_are_refused(cli: Cli) -> None:
    before = cli.digest()
    cli("--user", "", "reset", "--confirm").refused(3)
    cli("export", "--to", "").refused(3)
    cli("import", " ").refused(3)
    cli("ingest", "").refused(3)
    assert cli.digest() == before


# ---------------------------------------------------------------- 14.3 / 14.4 forget and projects
def test_forget_of_something_not_remembered_changes_no_byte_and_names_the_closest(cli: Cli) -> None:
    before = cli.digest()
    r = cli("forget", "bogus", "airy_spacing", "--yes", "--block").refused(1)
    assert "Nothing is remembered about bogus 'airy_spacing'" in r.err
    assert "spacing airy_spacing" in r.err
    r = cli("forget", "spacing", "airy_spacng", "--yes").refused(1)
    assert "spacing airy_spacing" in r.err
    cli("forget", "palette", "warm_tones", "--project", "p_brand", "--yes").refused(1)
    cli("forget", "spacing", "airy_spacing", "--polarity", "negative", "--yes").refused(1)
    assert cli.digest() == before


def test_the_forget_receipt_never_contradicts_itself(cli: Cli) -> None:
    r = cli("forget", "spacing", "airy_spacing", "--yes")
    assert r.rc == 0, r.err
    assert "Verified: no copy of what was erased is left" in r.out
    assert "Kept, because they were not asked to be forgotten" in r.out
    assert "spacing airy_spacing_tight" in r.out
    assert "no trace was found" not in r.out
    j = cli("--json", "forget", "palette", "warm_tones", "--yes")
    assert j.rc == 0 and json.loads(j.out)["kept"] == []


def test_project_switch_of_an_unknown_id_needs_new(cli: Cli) -> None:
    before = cli.digest()
    r = cli("project", "disable", "p_brnad").refused(3)
    assert "p_brand" in r.err and "--new" in r.err
    cli("project", "enable", "p_nothing").refused(3)
    assert cli.digest() == before
    assert cli("project", "disable", "p_brand").rc == 0
    assert cli("project", "disable", "p_future", "--new").rc == 0
    assert cli("project", "enable", "p_future").rc == 0  # known now: it has a switch


# ---------------------------------------------------------------- 3. no poisoned store
@pytest.mark.parametrize(
    "when",
    ["9999-12-31T23:59:59Z", "0001-01-01T00:00:00+05:00", "1969-12-31T23:59:59Z", "9000-01-01T00:00:00Z"],
)
def test_ingest_refuses_instants_outside_the_range_and_says_it(cli: Cli, tmp_path: Path, when: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({**json.loads(_event(99, "layout", "grid")), "occurred_at": when}) + "\n")
    before = cli.digest()
    r = cli("ingest", str(bad))
    assert r.rc == 3 and "1970-01-01T00:00:00Z to 8999-12-31T23:59:59Z" in r.err
    assert cli.digest() == before


@pytest.mark.parametrize("now", ["9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "99999-01-01T00:00:00Z"])
def test_now_out_of_range_is_a_sentence(cli: Cli, now: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = cli.digest()
    rc = main(["--data-dir", str(cli.data), "--now", now, "decay"])
    err = capsys.readouterr().err
    assert rc == 3 and ("out of range" in err or "outside the years" in err or "not a date" in err), err
    assert cli.digest() == before


def test_a_row_already_on_disk_with_an_impossible_time_does_not_break_reads(cli: Cli, tmp_path: Path) -> None:
    import sqlite3

    con = sqlite3.connect(cli.data / "app.sqlite")
    con.execute("UPDATE creative_memory_events SET occurred_at = 253402300800000 WHERE event_id = 'e10'")
    con.commit()
    con.close()
    for argv in (
        ("inspect",),
        ("explain", "palette", "warm_tones"),
        ("export", "--to", str(tmp_path / "x.json")),
    ):
        r = cli(*argv)
        assert "Traceback" not in r.err and r.rc == 0, (argv, r.err)
    assert "invalid time" in (tmp_path / "x.json").read_text()


def test_decay_and_inspect_never_depend_on_an_earlier_now(
    cli: Cli, capsys: pytest.CaptureFixture[str]
) -> None:
    def statuses() -> list[str]:
        capsys.readouterr()
        assert main(["--data-dir", str(cli.data), "--now", NOW, "--json", "inspect"]) == 0
        return [p["status"] for p in json.loads(capsys.readouterr().out)["preferences"]]

    before = statuses()
    assert "archived" not in before
    assert main(["--data-dir", str(cli.data), "--now", "8000-01-01T00:00:00Z", "decay"]) == 0
    assert statuses() == before


# ---------------------------------------------------------------- 4. inert text
def test_escape_sequences_in_event_fields_and_arguments_never_reach_the_terminal(
    cli: Cli, tmp_path: Path
) -> None:
    r = cli("forget", "spacing", "x", "--project", "p\x1b]52;c;aGk=\x07", "--yes")
    assert r.rc == 3 and "\x1b" not in r.err and "\\x1b" in r.err
    r = cli("explain", "spacing\u202e", "airy")
    assert "\u202e" not in r.err + r.out


def test_project_names_from_the_daemon_are_escaped_in_text_and_exact_in_json(cli: Cli) -> None:
    import sqlite3

    name = "abc\u202edcba.exe\x1b[2J"
    con = sqlite3.connect(cli.data / "app.sqlite")
    con.execute("CREATE TABLE IF NOT EXISTS projects (id TEXT PRIMARY KEY, name TEXT)")
    con.execute("INSERT INTO projects VALUES ('p_evil', ?)", (name,))
    con.commit()
    con.close()
    r = cli("project", "list")
    assert r.rc == 0 and "\x1b" not in r.out and "\u202e" not in r.out
    assert "abc\\u202edcba.exe\\x1b[2J" in r.out
    j = cli("--json", "project", "list")
    assert any(p["name"] == name for p in json.loads(j.out))


# ---------------------------------------------------------------- 8. sentences, not tracebacks
@pytest.mark.parametrize(
    "argv", [("inspect", "--limit", str(2**64)), ("audit", "--limit", "0"), ("demo", "--seed", "-1")]
)
def test_numbers_out_of_range_are_an_invalid_input_sentence(cli: Cli, argv: tuple[str, ...]) -> None:
    before = cli.digest()
    r = cli(*argv).refused(3)
    assert "out of range" in r.err
    assert cli.digest() == before


def test_a_damaged_store_is_a_sentence_with_the_safe_action(cli: Cli) -> None:
    path = cli.data / "app.sqlite"
    assert cli("status").rc == 0
    raw = bytearray(path.read_bytes())
    page = int.from_bytes(raw[16:18], "big") or 65536
    for i in range(2 * page, min(len(raw), 40 * page)):  # scribble over the tables' pages
        raw[i] = 0xA5
    path.write_bytes(bytes(raw))
    for argv in (("rebuild",), ("forget", "spacing", "airy_spacing", "--yes"), ("inspect",)):
        r = cli(*argv)
        assert r.rc in (1, 4), (argv, r.err)
        assert "Traceback" not in r.err


def test_closed_and_full_streams_are_sentences(cli: Cli) -> None:
    base = ["--data-dir", str(cli.data), "--now", NOW]
    with Path("/dev/full").open("w") as full:
        r = subprocess.run(
            [sys.executable, "-m", "creative_memory.cli.main", *base, "inspect"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert r.returncode == 1 and "could not be written" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", *base, "status"],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        text=True,
        pass_fds=(),
        preexec_fn=lambda: os.close(1),
    )
    assert r.returncode == 1 and "standard output is closed" in r.stderr
    r = subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", *base, "ingest", "-"],
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.close(0),
    )
    assert r.returncode == 3 and "Standard input is closed" in r.stderr


def test_a_locale_that_cannot_encode_the_text_falls_back_to_escapes(cli: Cli) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C"}
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "creative_memory.cli.main",
            "--data-dir",
            str(cli.data),
            "--now",
            NOW,
            "forget",
            "spacing",
            "é_pattern",
            "--yes",
        ],
        capture_output=True,
        text=True,
        env=env,
    )
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "\\xe9_pattern" in r.stderr


# ---------------------------------------------------------------- 14.6 self-test and 14.8 passphrases
def test_self_test_proves_every_gate_whatever_the_switches_and_changes_none(cli: Cli) -> None:
    assert cli("disable").rc == 0
    assert cli("pause", "--for", "2h", "--using").rc == 0
    assert cli("project", "disable", "cm_self_test", "--new").rc == 0
    status = json.loads(cli("--json", "status").out)
    r = cli("--json", "self-test")
    assert r.rc == 0, r.out + r.err
    checks = {c["name"]: c for c in json.loads(r.out)["checks"]}
    assert all(c["ok"] for c in checks.values()), checks
    assert checks["baseline"]["set_aside"] == ["memory is off", "using memory is paused"]
    assert "set aside for the test and put back" in checks["baseline"]["detail"]
    after = json.loads(cli("--json", "status").out)
    for s in (status, after):  # the proof itself is recorded: three retrievals with their gate events
        s["counts"].pop("retrievals")
    assert after == status


def test_a_passphrase_remembered_by_export_is_recalled_by_import_from_any_spelling(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import keyring
    from keyring.backend import KeyringBackend

    class Memory(KeyringBackend):
        priority = 1  # type: ignore[assignment]

        def __init__(self) -> None:
            self.items: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.items.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.items[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            self.items.pop((service, username), None)

    backend = Memory()
    keyring.set_keyring(backend)
    monkeypatch.setenv("CM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("PASS", "correct horse")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    r = cli(
        "export", "--to", "sub/../enc.json", "--encrypt", "--passphrase-env", "PASS", "--remember-passphrase"
    )
    assert r.rc == 0, r.err
    assert [k[1].endswith(str(tmp_path / "enc.json")) for k in backend.items] == [True]
    monkeypatch.delenv("PASS")
    monkeypatch.chdir(tmp_path / "sub")
    r = cli("import", "../enc.json")  # no --passphrase-env, no terminal: only the keychain can answer
    assert r.rc == 0, r.err


# ---------------------------------------------------------------- a full disk
@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs filled to the last byte (root only; skipped where mounting is not allowed)."""
    mnt = tmp_path / "full"
    mnt.mkdir()
    r = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)], capture_output=True, check=False
    )
    if r.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here ({r.stderr.decode(errors='replace').strip()})")
    try:
        fd = os.open(mnt / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while os.write(fd, b"\0" * 512):
                pass
        except OSError:
            pass  # full
        finally:
            os.close(fd)
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], check=False)


def test_a_full_disk_during_export_is_a_sentence_and_leaves_no_partial_file(
    cli: Cli, full_disk: Path
) -> None:
    before = cli.digest()
    r = cli("export", "--to", str(full_disk / "backup.json")).refused(1)
    assert "No space left on device" in r.err and "nothing was written there" in r.err
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]
    r = cli("reset", "--confirm", "--backup", str(full_disk / "backup.json")).refused(1)
    assert cli.digest() == before  # the backup failed, so nothing was erased

"""Hostile input, second round (decision 0074): writes only where asked, the machine's limits named
for what they are, any file name's bytes, sentences that name the real cause.

``od-memory`` runs in process where it can (real stores in temp folders) and as a process where a
limit of the process (descriptors, memory) or the window is what is tried.
"""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from creative_memory.cli.main import main

NOW = "2026-11-10T12:00:00Z"
EVENT = {
    "event_id": "e1",
    "signal_type": "manual_refinement",
    "occurred_at": "2026-11-01T10:00:00Z",
    "patterns": [{"preference_type": "spacing", "pattern": "airy_spacing", "polarity": "positive"}],
}


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """A home of its own: this program's default folder, config and XDG folders under tmp_path."""
    values = {
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
        "CM_CONFIG_DIR": str(tmp_path / "cfg"),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("OD_DATA_DIR", raising=False)
    (tmp_path / "home").mkdir()
    yield values


def od(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main(["--now", NOW, *argv])
    cap = capsys.readouterr()
    assert "Traceback" not in cap.err
    return rc, cap.out, cap.err


def events_file(tmp_path: Path) -> str:
    path = tmp_path / "events.jsonl"
    path.write_text(json.dumps(EVENT) + "\n")
    return str(path)


def nothing_made(tmp_path: Path) -> None:
    """Neither this program's own folder nor any store was created."""
    assert not (tmp_path / "xdg-data").exists()
    assert not list(tmp_path.rglob("app.sqlite"))


# ---------------------------------------------------------------- writes only where asked
@pytest.mark.parametrize("value", ["net/nohost/od", "smb://server/od"])
def test_a_write_never_creates_a_missing_od_data_dir(
    tmp_path: Path,
    env: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    value: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OD_DATA_DIR", value)
    rc, _out, err = od(capsys, "ingest", events_file(tmp_path))
    assert rc == 4 and "OD_DATA_DIR names" in err and "does not exist" in err and "--create" in err
    assert str(tmp_path / value.split("/")[0]) in err  # the first folder that is missing is named
    nothing_made(tmp_path)
    assert not (tmp_path / value.split("/")[0]).exists()
    rc, _out, _err = od(capsys, "--create", "ingest", events_file(tmp_path))
    assert rc == 0 and (tmp_path / value / "app.sqlite").is_file()


def test_data_dir_may_make_one_new_folder_but_not_a_missing_tree(
    tmp_path: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    rc, _out, err = od(capsys, "--data-dir", str(tmp_path / "gone" / "od"), "ingest", events_file(tmp_path))
    assert rc == 4 and f"{tmp_path / 'gone'} does not exist" in err
    nothing_made(tmp_path)
    rc, _out, _err = od(capsys, "--data-dir", str(tmp_path / "od"), "ingest", events_file(tmp_path))
    assert rc == 0 and (tmp_path / "od" / "app.sqlite").is_file()  # the README's demo-store case


def test_a_chosen_folder_that_was_moved_is_named_and_nothing_goes_elsewhere(
    tmp_path: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    chosen = tmp_path / "usb" / "od"
    chosen.mkdir(parents=True)
    assert od(capsys, "use", str(chosen))[0] == 0
    chosen.rename(tmp_path / "usb" / "moved")
    for argv in (("status",), ("ingest", events_file(tmp_path)), ("pause", "--for", "1h")):
        rc, _out, err = od(capsys, *argv)
        assert rc == 4, (argv, err)
        assert (
            f"The folder you chose with od-memory use (or Change… in the window), {chosen}, is no longer there"
            in err
        )
    nothing_made(tmp_path)
    rc, out, _err = od(capsys, "--json", "where")
    assert json.loads(out)["rule"] == "remembered"
    assert od(capsys, "--create", "pause", "--for", "1h")[0] == 0 and (chosen / "app.sqlite").is_file()


def test_invisible_characters_in_a_path_are_shown_escaped(
    tmp_path: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "od").mkdir()
    monkeypatch.setenv("OD_DATA_DIR", str(tmp_path / "od") + " \n")
    rc, _out, err = od(capsys, "status")
    assert rc == 4 and f'(looked in: "{tmp_path}/od \\n")' in err
    from creative_memory.services.location.datadir import shown

    assert shown("/a/b") == "/a/b" and shown("/a/b ") == '"/a/b "' and shown("/a\tb") == '"/a\\tb"'


def test_a_store_path_that_is_a_folder_or_a_dangling_link_is_named_for_what_it_is(
    tmp_path: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, link = tmp_path / "a", tmp_path / "b"
    (folder / "app.sqlite").mkdir(parents=True)
    link.mkdir()
    (link / "app.sqlite").symlink_to(tmp_path / "unmounted" / "app.sqlite")
    for argv in (("status",), ("pause", "--for", "1h")):
        rc, _out, err = od(capsys, "--data-dir", str(folder), *argv)
        assert rc == 4 and f"{folder / 'app.sqlite'} is a folder, not a database file" in err
        rc, _out, err = od(capsys, "--data-dir", str(link), *argv)
        assert rc == 4 and "is a symbolic link to" in err and "which does not exist" in err
    assert not (tmp_path / "unmounted").exists()


def test_a_plain_retrieve_on_a_damaged_store_records_nothing_and_says_so(
    tmp_path: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "od"
    lines = [json.dumps({**EVENT, "event_id": f"e{i}"}) for i in range(400)]
    (tmp_path / "many.jsonl").write_text("\n".join(lines) + "\n")
    assert od(capsys, "--data-dir", str(data), "ingest", str(tmp_path / "many.jsonl"))[0] == 0
    con = sqlite3.connect(data / "app.sqlite")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    path = data / "app.sqlite"
    raw = bytearray(path.read_bytes())
    page = int.from_bytes(raw[16:18], "big")
    raw[len(raw) - 2 * page : len(raw) - page] = b"\xa5" * page  # a page the retrieval does not read
    path.write_bytes(bytes(raw))
    rc, out, err = od(capsys, "--data-dir", str(data), "retrieve")
    assert rc == 4 and out == "" and "The store is damaged" in err
    assert "export" not in err  # an export reads every event: it would fail on the same damage
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert con.execute("SELECT count(*) FROM creative_memory_retrievals").fetchone() == (0,)
    con.close()


# ---------------------------------------------------------------- any file name's bytes
def test_export_and_a_backup_to_a_name_that_is_not_utf8_finish_and_say_so(
    tmp_path: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "od")
    assert od(capsys, "--data-dir", data, "ingest", events_file(tmp_path))[0] == 0
    name = os.fsdecode(b"\xff\xfe.json")
    rc, out, _err = od(capsys, "--data-dir", data, "export", "--to", str(tmp_path / name))
    assert rc == 0 and (tmp_path / name).is_file() and "\\xff\\xfe.json" in out
    rc, out, _err = od(
        capsys, "--data-dir", data, "--json", "export", "--to", str(tmp_path / name), "--force"
    )
    assert rc == 0 and json.loads(out)["path"] == f"{tmp_path}/\\xff\\xfe.json"
    out.encode("utf-8")  # no lone surrogate in the JSON
    rc, out, _err = od(capsys, "--data-dir", data, "--json", "audit")
    assert [e["target"] for e in json.loads(out)["entries"]][:2] == ["\\xff\\xfe.json"] * 2
    backup = os.fsdecode(b"before-\xe9.json")
    rc, _out, err = od(capsys, "--data-dir", data, "reset", "--confirm", "--backup", str(tmp_path / backup))
    assert rc == 0 and (tmp_path / backup).is_file(), err


# ---------------------------------------------------------------- the machine's limits
def _od_process(tmp_path: Path, *argv: str, nofile: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    return subprocess.run(
        [sys.executable, "-m", "creative_memory.cli.main", "--now", NOW, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,
        env={**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"},
        check=False,
    )


@pytest.mark.parametrize("nofile", [8, 11, 14])
def test_too_few_file_descriptors_is_said_before_anything_changes(
    tmp_path: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str], nofile: int
) -> None:
    data = str(tmp_path / "od")
    assert od(capsys, "--data-dir", data, "ingest", events_file(tmp_path))[0] == 0
    before = (tmp_path / "od" / "app.sqlite").read_bytes()
    for argv in (
        ("forget", "spacing", "airy_spacing", "--yes"),
        ("ingest", events_file(tmp_path)),
        ("status",),
    ):
        proc = _od_process(tmp_path, "--data-dir", data, *argv, nofile=nofile)
        assert proc.returncode == 1, proc.stderr
        assert "Traceback" not in proc.stderr and "damaged" not in proc.stderr
        assert f"file descriptors are free (the limit, ulimit -n, is {nofile})" in proc.stderr
    assert (tmp_path / "od" / "app.sqlite").read_bytes() == before


def test_a_limit_met_half_way_is_named_not_taken_for_damage() -> None:
    import errno
    import sqlite3 as sq

    from creative_memory.cli.main import damaged

    def sqlite_error(code: int, text: str) -> sq.Error:
        con = sq.connect(":memory:")
        try:
            con.execute("SELECT raise_error()")
        except sq.Error as exc:
            exc.sqlite_errorcode = code  # type: ignore[attr-defined]
            exc.args = (text,)
            return exc
        raise AssertionError("unreachable")

    said = {
        "memory": damaged("ingest", MemoryError()),
        "descriptors": damaged("forget", OSError(errno.EMFILE, "Too many open files", "/x/app.sqlite-shm")),
        "disk": damaged("export", OSError(errno.ENOSPC, "No space left on device", "/x/b.json")),
        "sqlite disk": damaged("ingest", sqlite_error(13, "database or disk is full")),
        "io": damaged("ingest", sqlite_error(10, "disk I/O error")),
        "damage": damaged("export", sqlite_error(11, "database disk image is malformed")),
    }
    text = {k: str(v) for k, v in said.items()}
    assert text["memory"].startswith("The computer ran out of memory for 'ingest'")
    assert "ran out of file descriptors" in text["descriptors"] and "not damaged" in text["descriptors"]
    assert text["disk"].startswith("The disk is full (/x/b.json)") and text["sqlite disk"].startswith(
        "The disk is full"
    )
    assert text["io"].startswith("Reading or writing the store failed")
    assert text["damage"].startswith("The store is damaged") and "export --to" not in text["damage"]


# ---------------------------------------------------------------- the window's looking paths
def _window(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "CM_CONFIG_DIR": str(tmp_path / "cfg"),
    }
    return subprocess.run(
        [sys.executable, "-m", "creative_memory.gui.app", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


@pytest.mark.parametrize(
    ("argv", "rc", "needle"),
    [
        (("--size", "100000x100000"), 3, "--size 100000x100000 is outside what the window can be"),
        (("--size", "0x0"), 3, "--size 0x0 is outside"),
        (("--size", "12x"), 3, "is not WIDTHxHEIGHT"),
        (("--data-dir", ""), 3, "--data-dir is empty"),
        (("--data-dir", "{tmp}/missing/x"), 4, "No creative memory store was found"),
    ],
)
def test_screenshot_refuses_sizes_and_folders_and_creates_nothing(
    tmp_path: Path, argv: tuple[str, ...], rc: int, needle: str
) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    proc = _window(tmp_path, "--screenshot", str(tmp_path / "shots"), *args)
    assert proc.returncode == rc, proc.stderr
    assert needle in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "missing").exists() and not (tmp_path / "shots").exists()
    assert not (tmp_path / "xdg-data").exists()


def test_an_ingest_larger_than_its_bound_is_refused_before_it_is_read_whole(
    tmp_path: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from creative_memory.cli.commands import ingest as ingest_command

    monkeypatch.setattr(ingest_command, "MAX_INGEST_CHARS", 100)
    data = str(tmp_path / "od")
    big = tmp_path / "big.jsonl"
    big.write_text("\n".join(json.dumps({**EVENT, "event_id": f"e{i}"}) for i in range(3)) + "\n")
    rc, _out, err = od(capsys, "--data-dir", data, "ingest", str(big))
    assert rc == 3 and "holds more than 128 Mi characters of events" in err and "split" in err
    assert "Nothing was stored" in err

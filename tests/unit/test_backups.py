"""The program's own backup copies: space checked first, written under a temporary name, only the
latest kept, never made by a command that only reads, and part of forgetting (byte search)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import keyring.backends.fail
import pytest

from creative_memory.model.constants import Actor
from creative_memory.services.common.errors import RefusedForSafety, StoreUnavailable
from creative_memory.services.forget import erasure, forgetting, reset
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store import backups
from creative_memory.services.store.store import Store

SHORT = {"busy_timeout_s": 0.2, "lock_budget_s": 0.6}
NOW = 1_793_500_000_000


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def daemon_dir(tmp_data_dir: DataDir, daemon_store: ModuleType) -> DataDir:
    tmp_data_dir.path.mkdir(parents=True)
    daemon_store.create(str(tmp_data_dir.store))
    return tmp_data_dir


def events(*patterns: str) -> str:
    return "\n".join(
        json.dumps(
            {
                "event_id": f"e_{i}_{p}",
                "user_id": "local",
                "signal_type": "manual_refinement",
                "occurred_at": "2026-11-01T10:00:00Z",
                "session_id": "s1",
                "patterns": [{"preference_type": "spacing", "pattern": p, "polarity": "positive"}],
                "diff": f"more {p.replace('_', ' ')} please",
            }
        )
        for p in patterns
        for i in range(3)
    )


def needle_files(folder: Path, needle: bytes) -> list[str]:
    return [p.name for p in folder.iterdir() if p.is_file() and needle in p.read_bytes()]


# ---------------------------------------------------------------------------- first open
def test_first_open_announces_before_it_changes_anything(
    daemon_dir: DataDir, daemon_store: ModuleType
) -> None:
    heard: list[tuple[str, list[str]]] = []
    before = daemon_store.digest(str(daemon_dir.store))
    s = Store.open(daemon_dir, notify=lambda m: heard.append((m, files(daemon_dir.path))), **SHORT)
    s.close()
    first, made = heard
    assert "creative_memory_*" in first[0] and "backup" in first[0]
    assert not [n for n in first[1] if ".bak-" in n]  # said before the copy was made
    assert s.backup_path is not None and str(s.backup_path) in made[0]
    assert daemon_store.digest(str(s.backup_path)) == before
    assert s.backup_path.stat().st_mode & 0o777 == 0o600


def test_not_enough_space_refuses_and_changes_nothing(daemon_dir: DataDir) -> None:
    before = daemon_dir.store.read_bytes()
    names = files(daemon_dir.path)
    size = backups.needed_bytes(daemon_dir.store)
    with pytest.raises(RefusedForSafety) as err:
        Store.open(daemon_dir, space=lambda _p: size, **SHORT)
    assert "free" in str(err.value) and "nothing was changed" in str(err.value)
    assert files(daemon_dir.path) == names
    assert daemon_dir.store.read_bytes() == before  # not migrated
    # Enough space: it goes through.
    Store.open(daemon_dir, space=lambda _p: size + backups.MARGIN, **SHORT).close()
    assert len(backups.list_backups(daemon_dir.store)) == 1


def test_read_only_open_never_migrates_or_backs_up(daemon_dir: DataDir) -> None:
    names = files(daemon_dir.path)
    with pytest.raises(StoreUnavailable) as err:
        Store.open(daemon_dir, create=False, migrate=False, **SHORT)
    assert "does not hold Creative Memory's tables yet" in str(err.value)
    assert files(daemon_dir.path) == names


def test_an_interrupted_copy_leaves_nothing_and_a_killed_one_is_cleared(tmp_path: Path) -> None:
    store = tmp_path / "app.sqlite"
    store.write_bytes(b"not a database " * 1000)
    with pytest.raises(StoreUnavailable):
        backups.make_backup(store)
    assert files(tmp_path) == ["app.sqlite"]
    # A copy a kill -9 left under its temporary name is removed by the next backup.
    store.unlink()
    con = sqlite3.connect(store)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    leftover = tmp_path / "app.sqlite.bak-20260101T000000000000Z.partial"
    leftover.write_bytes(b"half a copy")
    made = backups.make_backup(store)
    assert files(tmp_path) == sorted(["app.sqlite", made.name])


def test_only_the_latest_copy_is_kept(tmp_path: Path) -> None:
    store = tmp_path / "app.sqlite"
    con = sqlite3.connect(store)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    first = backups.make_backup(store)
    second = backups.make_backup(store)
    assert first != second and backups.list_backups(store) == [second]


# ---------------------------------------------------------------------------- forgetting
@pytest.fixture
def blocks(tmp_path: Path) -> BlockChecker:
    keyring.set_keyring(keyring.backends.fail.Keyring())
    return BlockChecker(SecretStore(config_dir=tmp_path / "config"))


def test_forget_removes_the_backup_copies_that_hold_the_pattern(store: Store, blocks: BlockChecker) -> None:
    ingest_jsonl(store, events("airy_spacing", "tight_grid"), default_user="local", now=NOW)
    copy = backups.make_backup(store.path)  # as a migration would, after memory existed
    folder = store.path.parent
    assert needle_files(folder, b"airy_spacing") and copy.name in needle_files(folder, b"airy_spacing")
    receipt = forgetting.forget(
        store, "local", [erasure.Target("spacing", "airy_spacing")], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    assert receipt.verified, receipt.notes
    assert not copy.exists()
    assert any(copy.name in n and "Removed the backup copy" in n for n in receipt.notes)
    for needle in (b"airy_spacing", b"airy spacing"):
        assert needle_files(folder, needle) == []
    assert needle_files(folder, b"tight_grid")  # the rest of memory is still there


def test_forget_keeps_a_copy_without_the_pattern_and_reset_removes_every_copy(
    store: Store, blocks: BlockChecker
) -> None:
    ingest_jsonl(store, events("tight_grid"), default_user="local", now=NOW)
    copy = backups.make_backup(store.path)
    ingest_jsonl(store, events("airy_spacing"), default_user="local", now=NOW)
    receipt = forgetting.forget(
        store, "local", [erasure.Target("spacing", "airy_spacing")], blocks=blocks, actor=Actor.CLI, now=NOW
    )
    assert receipt.verified and copy.exists()
    assert not any("backup copy" in n for n in receipt.notes)
    receipt = reset.reset(store, "local", confirm=True, actor=Actor.CLI, now=NOW)
    assert not copy.exists() and any("Removed the backup copy" in n for n in receipt.notes)
    assert needle_files(store.path.parent, b"tight_grid") == []


def test_the_light_schema_reading_agrees_with_alembic() -> None:
    """``where`` reads the revisions as text; Alembic's own reading must give the same head."""
    from alembic.script import ScriptDirectory

    from creative_memory.model.tables import ALEMBIC_VERSION_TABLE
    from creative_memory.services.location import schema

    script = ScriptDirectory.from_config(schema.alembic_config())
    assert schema.latest_revision() == script.get_current_head()
    assert all(schema.known_revision(r.revision) for r in script.walk_revisions())
    assert not schema.known_revision("ffff_future")
    assert schema.ALEMBIC_VERSION_TABLE == ALEMBIC_VERSION_TABLE


# A process making a backup, paused once its temporary copy is open and before the copy is written:
# its connection to that copy waits for a line on standard input.
_PAUSED_BACKUP = """
import sqlite3, sys
from creative_memory.services.store import backups

class _Paused:
    def __getattr__(self, name):
        return getattr(sqlite3, name)

    @staticmethod
    def connect(target, *args, **kwargs):
        con = sqlite3.connect(target, *args, **kwargs)
        if str(target).endswith(backups.PARTIAL):
            print("copying", flush=True)
            sys.stdin.readline()
        return con

backups.sqlite3 = _Paused()
print(backups.make_backup(backups.Path(sys.argv[1])).name, flush=True)
"""


def test_a_backup_another_process_is_writing_is_left_to_it(tmp_path: Path) -> None:
    """Two processes of ours opening a store for the first time at once (the daemon's serve and
    the window) both back it up: one's start must not remove the copy the other is writing (it
    then failed, saying the disk was full or the folder not writable)."""
    store = tmp_path / "app.sqlite"
    con = sqlite3.connect(store)
    con.execute("CREATE TABLE t (x)")
    con.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(1000)])
    con.commit()
    con.close()
    other = subprocess.Popen(
        [sys.executable, "-c", _PAUSED_BACKUP, str(store)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert other.stdout is not None and other.stdin is not None
    try:
        assert other.stdout.readline().strip() == "copying"
        mine = backups.make_backup(store)
        other.stdin.write("go\n")
        other.stdin.flush()
        out, err = other.communicate(timeout=60)
    finally:
        if other.poll() is None:
            other.kill()
    assert other.returncode == 0, err
    theirs = tmp_path / out.strip()
    # Both copies were made; the newest is the one kept.
    assert backups.list_backups(store) == [theirs] and theirs != mine
    assert files(tmp_path) == sorted(["app.sqlite", theirs.name])


def test_a_refused_backup_states_the_copy_and_the_margin_apart(tmp_path: Path) -> None:
    """A 56 KB store was told "the copy needs 8.1 MB": the margin shown as what the copy needs."""
    store = tmp_path / "app.sqlite"
    con = sqlite3.connect(store)
    con.execute("CREATE TABLE t (x)")
    con.executemany("INSERT INTO t VALUES (?)", [(b"x" * 1000,) for _ in range(50)])
    con.commit()
    con.close()
    size = store.stat().st_size
    with pytest.raises(RefusedForSafety) as err:
        backups.make_backup(store, space=lambda _p: 3 << 20)
    text = str(err.value)
    assert f"the copy takes {size // 1024} KB, and 8.0 MB more are kept free beside it" in text
    assert "disk has 3.0 MB free" in text and "needs" not in text
    assert files(tmp_path) == ["app.sqlite"]


def test_erasure_notes_search_each_backup_once_and_name_the_copy_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forget in the backups: a copy that mentions the name is removed, one that cannot be removed
    is named as left, and a copy found clean is not read a second time (a backup is as large as
    the store)."""
    from creative_memory.services.common.spelled_bytes import Spellings

    store = tmp_path / "app.sqlite"
    store.write_bytes(b"")
    mentions = tmp_path / f"app.sqlite{backups.MARK}20261101T000000000000Z"
    stuck = tmp_path / f"app.sqlite{backups.MARK}20261102T000000000000Z"
    clean = tmp_path / f"app.sqlite{backups.MARK}20261103T000000000000Z"
    mentions.write_bytes(b"\x00 AIRY Spacing \x00")
    stuck.write_bytes(b"\x00 airy-spacing \x00")
    clean.write_bytes(b"\x00 tight spacing \x00")
    read: list[Path] = []
    real_contains = backups._contains
    monkeypatch.setattr(backups, "_contains", lambda p, names: read.append(p) or real_contains(p, names))
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self == stuck:
            raise PermissionError("read-only")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    removed, notes, no_copy_left = backups.erasure_notes(store, Spellings(["airy_spacing"]))
    assert removed == [str(mentions)] and not mentions.exists()
    assert stuck.exists() and clean.exists()
    assert not no_copy_left
    assert any(str(stuck) in n and "could not be removed" in n for n in notes)
    assert not any(str(clean) in n for n in notes)
    assert sorted(read) == sorted([mentions, stuck, clean, stuck])  # the clean copy read once

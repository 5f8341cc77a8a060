"""Reading the store's own files never lets go of SQLite's locks on them.

On POSIX systems a process's record locks on a file are released when *any* descriptor of that
file is closed by that process. SQLite keeps a shared lock on the database and one on the WAL
index for as long as a connection is open; if this program opened and closed the file itself (the
erasure's byte search, a look at the header), another program — Open Design — would take itself
for the last connection when it closes and delete the WAL under our connections (whose later
commits would then be lost), or reset the WAL index that this process maps (a crash). Each test
does one such read while a connection of ours is open, then lets another process open and close a
connection: the WAL must still be there.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from creative_memory.services.forget import byte_scan, erasure_search
from creative_memory.services.store import held_files, safefile, writes
from creative_memory.services.store.store import Store
from creative_memory.services.transfer.crypto import file_is_encrypted

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX record locks")

_CLOSE_ELSEWHERE = (
    "import sqlite3, sys\n"
    "c = sqlite3.connect(sys.argv[1])\n"
    "c.execute('SELECT count(*) FROM sqlite_master').fetchone()\n"
    "c.close()\n"
)


# SQLite's unix locks: a connection's shared lock on the database covers 510 bytes after the
# pending byte (0x40000000) + 2; the WAL index's "DMS" byte, held shared by every process that
# uses the index, is byte 128 of the -shm file. Another process asks for them exclusively.
_LOCKS_HELD = (
    "import fcntl, os, sys\n"
    "def held(path, start, length):\n"
    "    fd = os.open(path, os.O_RDWR)\n"
    "    try:\n"
    "        try:\n"
    "            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, length, start, 0)\n"
    "        except OSError:\n"
    "            return True\n"
    "        fcntl.lockf(fd, fcntl.LOCK_UN, length, start, 0)\n"
    "        return False\n"
    "    finally:\n"
    "        os.close(fd)\n"
    "print(held(sys.argv[1], 0x40000002, 510), held(sys.argv[1] + '-shm', 128, 1))\n"
)


def _another_program_opens_and_closes(db: Path) -> None:
    subprocess.run([sys.executable, "-c", _CLOSE_ELSEWHERE, str(db)], check=True, timeout=60)


def _our_locks_as_another_program_sees_them(db: Path) -> str:
    """ "True True" while this process holds its shared locks on the database and the WAL index."""
    done = subprocess.run(
        [sys.executable, "-c", _LOCKS_HELD, str(db)], check=True, timeout=60, capture_output=True, text=True
    )
    return done.stdout.strip()


@pytest.fixture
def in_use(store: Store) -> Iterator[tuple[Path, sqlite3.Connection]]:
    """The store with a connection of ours open and a WAL that holds a commit."""
    with store.raw() as con:
        con.execute("PRAGMA wal_autocheckpoint=0")
        con.execute(
            "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
            "VALUES (1, 'u', 'cli', 'probe', 'serif_headlines', 'ok')"
        )
        yield store.path, con


def _wal(db: Path) -> Path:
    return db.with_name(db.name + "-wal")


READS: dict[str, Callable[[Path], object]] = {
    "the byte search of the three files": lambda db: byte_scan.count_bytes(db, [b"serif_headlines"]),
    "the folded byte search": lambda db: byte_scan.count_bytes(
        db, byte_scan.needles_for("serif_headlines"), fold=True
    ),
    "the WAL index's frame count": lambda db: writes.wal_frames_waiting(db.with_name(db.name + "-shm")),
    "the database header": lambda db: held_files.read_at(db, 0, 100),
    "whether a target is a database": lambda db: safefile._is_sqlite(db),
    "whether an import file is encrypted": lambda db: file_is_encrypted(db),
    "whether an import file is encrypted (the index)": lambda db: file_is_encrypted(
        db.with_name(db.name + "-shm")
    ),
}


@pytest.mark.parametrize("what", sorted(READS))
def test_a_read_of_our_files_keeps_our_locks(in_use: tuple[Path, sqlite3.Connection], what: str) -> None:
    db, con = in_use
    assert _wal(db).exists()
    assert _our_locks_as_another_program_sees_them(db) == "True True"
    READS[what](db)
    assert _our_locks_as_another_program_sees_them(db) == "True True", f"{what}: our locks are gone"
    _another_program_opens_and_closes(db)
    assert _wal(db).exists(), (
        f"{what}: another program took itself for the last connection and deleted the WAL"
    )
    # and our connection still works on the same files
    assert con.execute("SELECT count(*) FROM creative_memory_audit").fetchone()[0] == 1


def test_the_reserved_bytes_read_keeps_our_locks(in_use: tuple[Path, sqlite3.Connection]) -> None:
    db, con = in_use
    assert erasure_search._reserved_bytes(con) == 0
    assert _our_locks_as_another_program_sees_them(db) == "True True"
    _another_program_opens_and_closes(db)
    assert _wal(db).exists()


def test_without_a_connection_of_ours_the_last_one_still_cleans_up(store: Store) -> None:
    """The check itself: with our connections closed, the other program's close does delete the
    WAL (so the tests above would see a lost lock)."""
    with store.raw() as con:
        con.execute("PRAGMA wal_autocheckpoint=0")
        con.execute(
            "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
            "VALUES (1, 'u', 'cli', 'probe', 'x', 'ok')"
        )
    store.close()
    db = store.path
    if not _wal(db).exists():  # our close already cleaned up: make a WAL from elsewhere
        c = sqlite3.connect(db)
        c.execute("PRAGMA wal_autocheckpoint=0")
        c2 = sqlite3.connect(db)
        c2.execute("SELECT 1").fetchone()
        c.execute("CREATE TABLE IF NOT EXISTS t (x)")
        c.commit()
        c2.close()
        c.close()
    _another_program_opens_and_closes(db)
    assert not _wal(db).exists()


def test_a_plain_file_is_not_kept_open(tmp_path: Path) -> None:
    plain = tmp_path / "bundle.json"
    plain.write_text('{"format": "x"}')
    before = held_files.held_count()
    assert held_files.read_head(plain, 16) == b'{"format": "x"}'
    assert held_files.held_count() == before


def test_the_last_store_of_a_file_to_close_lets_its_kept_descriptors_go(store: Store, tmp_path: Path) -> None:
    from creative_memory.services.location.datadir import DataDir

    second = Store.open(DataDir(store.path.parent, "flag"))
    with store.raw() as con:
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        byte_scan.count_bytes(store.path, [b"anything"])
    kept = held_files.held_count()
    assert kept >= 2  # the database and its index, at least
    second.close()  # another store of the same file is still open: kept
    assert held_files.held_count() == kept
    store.close()
    assert held_files.held_count() <= kept - 2
    store.close()  # a second close changes nothing
    assert held_files.held_count() <= kept - 2


def test_a_named_database_replaced_again_and_again_keeps_one_descriptor(tmp_path: Path) -> None:
    """A database a person names as an export target or an import is kept open (it could be a
    store of ours); when another program replaces that file (a save through a rename) and it is
    named again, the descriptor of the old file is let go, as for the store's own files: one kept
    per file named, not one per check."""
    named = tmp_path / "notes.db"
    before = held_files.held_count()
    for i in range(12):
        fresh = tmp_path / f"saved-{i}.db"
        con = sqlite3.connect(fresh)
        con.execute("CREATE TABLE t (x)")
        con.commit()
        con.close()
        fresh.replace(named)
        assert safefile._is_sqlite(named)
        assert file_is_encrypted(named) is False
    assert held_files.held_count() - before == 1

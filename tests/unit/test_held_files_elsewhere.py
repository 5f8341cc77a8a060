"""Where record locks are not per process (Windows), a store file is opened and closed for each
read as before; the readers still see a file that is gone as an empty one, as on POSIX systems."""

from __future__ import annotations

from pathlib import Path

import pytest

from creative_memory.services.store import held_files


@pytest.fixture(params=[True, False], ids=["posix", "windows"])
def platform(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    monkeypatch.setattr(held_files, "_POSIX", request.param)
    return bool(request.param)


def test_a_file_that_is_gone_reads_as_empty(platform: bool, tmp_path: Path) -> None:
    """The byte search lists the WAL, which SQLite may delete before its chunks are read (the last
    connection closing): nothing of it is left to search, which is no error."""
    gone = tmp_path / "app.sqlite-wal"
    view = memoryview(bytearray(64))
    assert held_files.read_into(gone, 0, view) == 0
    assert held_files.read_at(gone, 0, 100) == b""


def test_a_file_is_read_as_far_as_it_goes(platform: bool, tmp_path: Path) -> None:
    f = tmp_path / "app.sqlite-shm"
    f.write_bytes(bytes(range(40)))
    buf = bytearray(64)
    assert held_files.read_into(f, 8, memoryview(buf)) == 32
    assert bytes(buf[:32]) == bytes(range(8, 40))
    assert held_files.read_at(f, 30, 100) == bytes(range(30, 40))

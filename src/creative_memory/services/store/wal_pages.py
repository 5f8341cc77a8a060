"""Which database pages a WAL has held: read from the frame headers of SQLite's documented WAL
format (https://www.sqlite.org/fileformat.html#the_write_ahead_log).

A database in WAL mode changes only by a checkpoint copying frames from the WAL into it. So every
page of the database file that changed since some moment is the page of a frame written to the WAL
since then — provided each of the WAL's generations (it is written from its start again after a
complete checkpoint, under new salts) is read before the next one overwrites it. The forget reads
the WAL after each of its own commits (:class:`WalPages`), and a foreign commit is told by
``PRAGMA data_version`` (decision 0100).
"""

from __future__ import annotations

import struct
from pathlib import Path

from creative_memory.services.store import held_files

_MAGICS = (0x377F0682, 0x377F0683)
_HEADER = 32  # the WAL file's header
_FRAME_HEADER = 24  # before each page image
_HEAD = struct.Struct(">IIIIII")  # magic, version, page size, checkpoint sequence, salt-1, salt-2
_FRAME = struct.Struct(">IIII")  # page number, size after commit (or 0), salt-1, salt-2


class WalPages:
    """The page numbers of every frame written to one WAL since the first :meth:`read`, gathered
    one generation of the WAL at a time: call :meth:`read` after each commit, before any later
    write could start the WAL over."""

    def __init__(self, wal: Path) -> None:
        self.wal = wal
        self.pages: set[int] = set()
        self.page_size = 0
        self._salts: tuple[int, int] | None = None
        self._next = 0  # the first frame of the current generation not read yet
        self._buf = bytearray()

    def take(self) -> set[int]:
        """The pages gathered since the last :meth:`take` (after a :meth:`read`)."""
        pages, self.pages = self.pages, set()
        return pages

    def read(self) -> None:
        """Add the pages of the frames written since the last call (the current generation's
        frames, from its first when the salts changed). A WAL that is empty, missing or not a WAL
        adds nothing."""
        try:
            head = held_files.read_at(self.wal, 0, _HEADER)
        except OSError:
            head = b""
        if len(head) < _HEADER:
            self._salts, self._next = None, 0
            return
        magic, _version, page_size, _sequence, salt1, salt2 = _HEAD.unpack_from(head)
        if magic not in _MAGICS or page_size < 512 or page_size & (page_size - 1):
            self._salts, self._next = None, 0
            return
        if (salt1, salt2) != self._salts or page_size != self.page_size:
            self._salts, self._next, self.page_size = (salt1, salt2), 0, page_size
        stride = _FRAME_HEADER + page_size
        start = _HEADER + self._next * stride
        try:
            size = self.wal.stat().st_size
        except OSError:
            return
        frames = (size - start) // stride
        if frames <= 0:
            return
        if len(self._buf) < frames * stride:
            self._buf = bytearray(frames * stride)
        view = memoryview(self._buf)[: frames * stride]
        got = held_files.read_into(self.wal, start, view) // stride
        committed = 0  # frames up to the last commit frame read: the log's end for SQLite
        for i in range(got):
            page, commit, s1, s2 = _FRAME.unpack_from(view, i * stride)
            if (s1, s2) != self._salts:
                break  # a frame of an earlier generation: the current one ends here
            self.pages.add(page)
            if commit:
                committed = i + 1
        view.release()
        # Frames after the last commit (a transaction rolled back after its cache spilled, or one
        # being written) are counted, but read again next time: the next commit writes over them.
        self._next += committed

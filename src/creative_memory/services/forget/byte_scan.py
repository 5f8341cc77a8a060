"""The byte search behind forget's and reset's receipts: the store's three files read in chunks
on a few threads and searched for every needle (optionally folded for case and separators, see
:mod:`creative_memory.services.common.spellings`). Split from :mod:`creative_memory.services.forget.erasure_search`,
which counts the copies live data explains.
"""

from __future__ import annotations

import ctypes
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from creative_memory.services.common import limits, spelled_bytes, spellings
from creative_memory.services.common.spelled_scan import folded, hits
from creative_memory.services.store import held_files
from creative_memory.services.store.store import sqlite_file_set

# --------------------------------------------------------------------------- verification
# The byte search reads the files in chunks (never a mapping: a file that another program
# truncates under a mapping kills the process with SIGBUS) on a few threads; the searches
# (:mod:`creative_memory.services.common.spelled_scan`) hold no GIL, so the threads run in parallel.
_CHUNK = 4 << 20
_FEW_NEEDLES = 8  # more needles than this (a reset): one regular expression per chunk instead


#: what a scanner is given for each chunk: the buffer, a view of it, its address (for memmem),
#: how many bytes were read, where the chunk starts in them (after ``before`` bytes of context)
#: and where it ends; it returns what it counted there.
ChunkCounter = Callable[[bytearray, memoryview, int, int, int, int], int]


#: what :func:`scan_located` gives a scanner beside a chunk: the file it is from and where in that
#: file the buffer begins
ChunkPlace = tuple[Path, int]
LocatedCounter = Callable[[bytearray, memoryview, int, int, int, int, ChunkPlace], int]


def scan_chunks(path: Path, count: ChunkCounter, *, before: int = 0, after: int = 0) -> int:
    """Sum of ``count`` over the store's three files (database, WAL, index) read in ``_CHUNK``
    pieces, each with up to ``before`` bytes ahead of it and ``after`` bytes past it (so a match
    across a chunk boundary is seen once), on up to four threads."""
    return scan_located(
        path,
        lambda buf, view, addr, size, lead, end, _place: count(buf, view, addr, size, lead, end),
        before=before,
        after=after,
    )


def scan_located(
    path: Path,
    count: LocatedCounter,
    *,
    before: int = 0,
    after: int = 0,
    files: Sequence[Path] | None = None,
    workers: int | None = None,
) -> int:
    """:func:`scan_chunks`, telling ``count`` where each buffer lies (:data:`ChunkPlace`); only
    ``files`` of the store's, on at most ``workers`` threads, when given."""
    jobs: list[tuple[Path, int]] = []
    for f in sqlite_file_set(path) if files is None else files:
        try:
            size = f.stat().st_size
        except FileNotFoundError:
            continue
        jobs.extend((f, off) for off in range(0, size, _CHUNK))
    if not jobs:
        return 0
    workers = max(1, min(len(jobs), limits.cores(), 4, workers or 4))
    totals = [0] * workers
    errors: list[BaseException] = []

    def work(w: int) -> None:
        buf = bytearray(before + _CHUNK + after)
        view = memoryview(buf)
        arr = (ctypes.c_char * len(buf)).from_buffer(buf)
        addr = ctypes.addressof(arr)
        try:
            for f, off in jobs[w::workers]:
                lead = min(off, before)
                # through the process's kept descriptor: closing one of our own would drop
                # SQLite's locks on the file (services.store.held_files)
                size = held_files.read_into(f, off - lead, view)
                if size <= lead:  # the file is gone or shorter now: nothing of this chunk is left
                    continue
                totals[w] += count(buf, view, addr, size, lead, min(size, lead + _CHUNK), (f, off - lead))
        except BaseException as exc:  # re-raised in the calling thread
            errors.append(exc)
        finally:
            del arr
            view.release()

    if workers == 1:
        work(0)
    else:
        threads = [threading.Thread(target=work, args=(w,), daemon=True) for w in range(workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if errors:
        raise errors[0]
    return sum(totals)


def count_bytes(path: Path, needles: Sequence[bytes], *, fold: bool = False) -> int:
    """Occurrences of the needles in the store's three files (the database, its WAL and its index).

    With a few needles each is counted on its own, overlapping occurrences included (the count
    :func:`live_copies` predicts for live data); with many (a reset) one regular expression counts
    the matches of any of them. With ``fold`` the files' bytes are folded first
    (:data:`creative_memory.services.common.spellings.FOLD`: ASCII case, ``-`` and space as ``_``), so a
    folded needle finds every such spelling.
    """
    uniq = sorted({n for n in needles if n}, key=len, reverse=True)
    if not uniq:
        return 0
    rx = re.compile(b"|".join(re.escape(n) for n in uniq)) if len(uniq) > _FEW_NEEDLES else None

    def count(buf: bytearray, view: memoryview, addr: int, size: int, _lead: int, end: int) -> int:
        if fold:
            buf, addr = folded(buf)
        if rx is not None:
            return sum(1 for m in rx.finditer(buf, 0, size) if m.start() < end)
        return sum(len(hits(buf, addr, size, 0, end, n)) for n in uniq)

    return scan_chunks(path, count, after=max(len(n) for n in uniq) - 1)


def needles_for(pattern: str, spelled: Iterable[str] = ()) -> list[bytes]:
    """Folded needles (search them with ``fold=True``): the anchors of the pattern's canonical name
    and of the spellings it is stored under. Every mention holds one (a hit is not always a
    mention: the exact count is :func:`creative_memory.services.forget.spelled_search.count_spelled`)."""
    return spelled_bytes.byte_needles(spellings.canonical_name(pattern), spelled)

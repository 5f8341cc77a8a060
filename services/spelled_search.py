"""The byte search of the store's files for every spelling of some names (docs/decisions/0029).

Like :func:`creative_memory.services.erasure_search.count_bytes`, the files are read in 4 MiB chunks
(never mapped) on a few threads and folded (:data:`creative_memory.services.spellings.FOLD`); each
name's anchors are found with libc ``memmem`` (no GIL held), and only the hits are confirmed in
Python, on the bytes around them (:meth:`creative_memory.services.spellings.Spelling.at`). So a
mixed-case non-ASCII spelling that was never stored (``cafÉ`` for ``café``) is found without
decoding the whole file.
"""

from __future__ import annotations

import ctypes
import os
import threading
from pathlib import Path
from typing import Any

from creative_memory.services import spellings
from creative_memory.services.erasure_search import _CHUNK, _MEMMEM
from creative_memory.services.store import sqlite_file_set


def _hits(buf: bytearray, addr: int, size: int, start: int, end: int, needle: bytes) -> list[int]:
    """Positions in ``[start, end)`` where ``needle`` begins in ``buf[:size]``."""
    out: list[int] = []
    pos, k = start, len(needle)
    while pos < end:
        if _MEMMEM is not None:
            hit = _MEMMEM(addr + pos, size - pos, needle, k)
            if not hit:
                break
            at = int(hit) - addr
        else:
            at = buf.find(needle, pos, size)
            if at < 0:
                break
        if at >= end:
            break
        out.append(at)
        pos = at + 1
    return out


def count_spelled(path: Path, names: spellings.Spellings) -> int:
    """Occurrences of every spelling of the names in the store's three files, counted as
    :meth:`creative_memory.services.spellings.Spellings.count` counts them in one value."""
    if not names.names:
        return 0
    ctx = names.context
    jobs: list[tuple[Path, int]] = []
    for f in sqlite_file_set(path):
        try:
            size = f.stat().st_size
        except FileNotFoundError:
            continue
        jobs.extend((f, off) for off in range(0, size, _CHUNK))
    if not jobs:
        return 0
    workers = max(1, min(len(jobs), os.cpu_count() or 1, 4))
    totals = [0] * workers
    errors: list[BaseException] = []

    def work(w: int) -> None:
        buf = bytearray(ctx + _CHUNK + ctx)
        view = memoryview(buf)
        arr = (ctypes.c_char * len(buf)).from_buffer(buf)
        addr = ctypes.addressof(arr)
        handles: dict[Path, Any] = {}
        try:
            for f, off in jobs[w::workers]:
                fh = handles.get(f)
                if fh is None:
                    try:
                        fh = handles[f] = f.open("rb", buffering=0)
                    except FileNotFoundError:
                        continue
                lead = min(off, ctx)  # bytes before the chunk, for the start of a spelling
                fh.seek(off - lead)
                size = 0
                while size < len(buf):
                    got = fh.readinto(view[size:])
                    if not got:
                        break
                    size += got
                view[:size] = buf[:size].translate(spellings.FOLD)
                end = min(size, lead + _CHUNK)
                found = [
                    (name, len(form), at)
                    for name in names.names
                    for form in name.forms
                    for at in _hits(buf, addr, size, lead, end, form)
                ]
                if found:
                    data = bytes(buf[:size])
                    totals[w] += sum(name.at(data, at, width) for name, width, at in found)
        except BaseException as exc:  # re-raised in the calling thread
            errors.append(exc)
        finally:
            for fh in handles.values():
                fh.close()
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

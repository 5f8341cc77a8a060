"""The byte search of the store's files for every spelling of some names (docs/decisions/0029).

Like :func:`creative_memory.services.forget.byte_scan.count_bytes`, the files are read in 4 MiB chunks
(never mapped) on a few threads and folded (:data:`creative_memory.services.common.spellings.FOLD`); each
name's anchors are found with libc ``memmem`` (no GIL held), and only the hits are confirmed in
Python, on the bytes around them (:meth:`creative_memory.services.common.spellings.Spelling.at`). So a
mixed-case non-ASCII spelling that was never stored (``cafÉ`` for ``café``) is found without
decoding the whole file.
"""

from __future__ import annotations

from pathlib import Path

from creative_memory.services.common import spellings
from creative_memory.services.forget.byte_scan import folded, hits, scan_chunks


def count_spelled(path: Path, names: spellings.Spellings) -> int:
    """Occurrences of every spelling of the names in the store's three files, counted as
    :meth:`creative_memory.services.common.spellings.Spellings.count` counts them in one value."""
    if not names.names:
        return 0

    def count(buf: bytearray, _view: memoryview, _addr: int, size: int, lead: int, end: int) -> int:
        fold, addr = folded(buf)
        found = [
            (name, len(form), at)
            for name in names.names
            for form in name.forms
            for at in hits(fold, addr, size, lead, end, form)
        ]
        if not found:
            return 0
        data = bytes(fold[:size])
        # Most hits of an ASCII name are settled by the byte after them; the others are decoded.
        return sum(name.ends_at(data, at, width) or name.at(data, at, width) for name, width, at in found)

    # the context before a chunk lets a spelling that starts in it be judged whole
    return scan_chunks(path, count, before=names.context, after=names.context)

"""The byte search of the store's files for every spelling of some names (docs/decisions/0029).

Like :func:`creative_memory.services.forget.byte_scan.count_bytes`, the files are read in 4 MiB chunks
(never mapped) on a few threads and folded (:data:`creative_memory.services.common.spellings.FOLD`); each
name's anchors are found with libc ``memmem`` (no GIL held), the characters that can stand for them
(ligatures, full-width and confusable letters, invisible characters) with one regular expression,
and only the hits are confirmed in Python, on the bytes around them
(:meth:`creative_memory.services.common.spellings.Spelling.starts`). So a mixed-case non-ASCII
spelling that was never stored (``cafÉ`` for ``café``) is found without decoding the whole file.
"""

from __future__ import annotations

from pathlib import Path

from creative_memory.services.common import spelled_bytes
from creative_memory.services.forget.byte_scan import folded, hits, scan_chunks


def count_spelled(path: Path, names: spelled_bytes.Spellings) -> int:
    """Mentions of the names in the store's three files, counted as
    :meth:`creative_memory.services.common.spellings.Spellings.count` counts them in one value: each
    mention once, in the chunk where it starts."""
    if not names.names:
        return 0

    def count(buf: bytearray, _view: memoryview, _addr: int, size: int, lead: int, end: int) -> int:
        fold, addr = folded(buf)
        # a mention that starts in [lead, end) holds its hits before end + context
        stop = min(size, end + names.context)
        found = [
            (k, len(form), at)
            for k, name in enumerate(names.names)
            for form in name.forms
            for at in hits(fold, addr, size, lead, stop, form)
        ]
        if not found and not names.exotic:
            return 0
        data = memoryview(fold)[:size]  # no copy of the chunk
        starts: dict[int, set[int]] = names.exotic_starts(data, lead, stop) if names.exotic else {}
        # Most hits of an ASCII name are settled by the byte after them; the others are decoded.
        for k, width, at in found:
            starts.setdefault(k, set()).update(names.names[k].anchor_starts(data, at, width))
        return sum(1 for s in starts.values() for at in s if lead <= at < end)

    # the context around a chunk lets a mention that starts in it be judged whole
    return scan_chunks(path, count, before=names.context, after=2 * names.context)

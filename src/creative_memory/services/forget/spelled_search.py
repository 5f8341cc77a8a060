"""The byte search of the store's files for every spelling of some names (docs/decisions/0029).

Like :func:`creative_memory.services.forget.byte_scan.count_bytes`, the files are read in 4 MiB chunks
(never mapped) on a few threads. Each name's anchors and the characters that can stand for them
(ligatures, full-width and confusable letters, invisible characters) are found in the bytes as they
are (:class:`creative_memory.services.common.spelled_scan.SpelledScan`: one Hyperscan pass, or a fold,
``memmem`` and one regular expression), and only the hits are confirmed in Python, on the bytes
around them. So a mixed-case non-ASCII spelling that was never stored (``cafÉ`` for ``café``) is
found without decoding the whole file.
"""

from __future__ import annotations

from pathlib import Path

from creative_memory.services.common import spelled_bytes
from creative_memory.services.common.spelled_scan import SpelledScan
from creative_memory.services.forget.byte_scan import scan_chunks


def count_spelled(path: Path, names: spelled_bytes.Spellings, *, fast: bool | None = None) -> int:
    """Mentions of the names in the store's three files, counted as
    :meth:`creative_memory.services.common.spellings.Spellings.count` counts them in one value: each
    mention once, in the chunk where it starts. ``fast=False``: without Hyperscan (for the tests)."""
    if not names.names:
        return 0
    scan = SpelledScan(names, fast=fast)

    def count(_buf: bytearray, view: memoryview, _addr: int, size: int, lead: int, end: int) -> int:
        # a mention that starts in [lead, end) holds its hits before end + context
        found = scan.starts(view[:size], lead, min(size, end + names.context))
        return sum(1 for s in found.values() for at in s if lead <= at < end)

    # the context around a chunk lets a mention that starts in it be judged whole
    return scan_chunks(path, count, before=names.context, after=2 * names.context)

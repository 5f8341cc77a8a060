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

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from creative_memory.services.common import spelled_bytes
from creative_memory.services.common.spelled_scan import SpelledScan
from creative_memory.services.forget.byte_scan import ChunkPlace, scan_located

#: the most mention places a search keeps (a few MB); past it the places are dropped
PLACES_KEPT = 1_000_000


@dataclass(frozen=True)
class SpelledCount:
    """What the byte search found: every mention, and whether any was written without the ASCII
    letters of its name's anchor (only a look-alike character's hit found it). With ``places``
    asked for, where each mention starts, by file (None when there were too many to keep), and
    which of those were such mentions (``unanchored``)."""

    mentions: int
    without_anchor: bool
    places: dict[Path, list[int]] | None = None
    unanchored: dict[Path, list[int]] | None = None


def search_spelled(
    path: Path,
    names: spelled_bytes.Spellings,
    *,
    fast: bool | None = None,
    places: bool = False,
    files: Sequence[Path] | None = None,
    workers: int | None = None,
    done: Callable[[int], None] | None = None,
) -> SpelledCount:
    """Mentions of the names in the store's three files (or only ``files`` of them, read on at most
    ``workers`` threads), counted as :meth:`creative_memory.services.common.spellings.Spellings.count`
    counts them in one value: each mention once, in the chunk where it starts. ``fast=False``:
    without Hyperscan (for the tests). ``places``: also where each one starts
    (:attr:`SpelledCount.places`). ``done`` hears how many bytes each searched chunk held."""
    if not names.names:
        return SpelledCount(0, False, {} if places else None, {} if places else None)
    scan = SpelledScan(names, fast=fast)
    unanchored: list[bool] = []
    found: dict[Path, list[int]] = {}
    other: dict[Path, list[int]] = {}
    kept_count = [0]
    lock = threading.Lock()

    def count(
        _buf: bytearray, view: memoryview, _addr: int, size: int, lead: int, end: int, place: ChunkPlace
    ) -> int:
        # a mention that starts in [lead, end) holds its hits before end + context
        anchored, look_alike = scan.starts_split(view[:size], lead, min(size, end + names.context))
        starts = [at for s in anchored.values() for at in s if lead <= at < end]
        more = [at for s in look_alike.values() for at in s if lead <= at < end]
        if more:
            unanchored.append(True)
        if places and (starts or more):
            file, base = place
            with lock:
                if kept_count[0] <= PLACES_KEPT:
                    found.setdefault(file, []).extend(base + at for at in (*starts, *more))
                    if more:
                        other.setdefault(file, []).extend(base + at for at in more)
                    kept_count[0] += len(starts) + len(more)
        if done is not None:
            done(end - lead)
        return len(starts) + len(more)

    # the context around a chunk lets a mention that starts in it be judged whole
    total = scan_located(
        path, count, before=names.context, after=2 * names.context, files=files, workers=workers
    )
    if places and total <= PLACES_KEPT:
        return SpelledCount(
            total,
            bool(unanchored),
            {f: sorted(at) for f, at in found.items()},
            {f: sorted(at) for f, at in other.items()},
        )
    return SpelledCount(total, bool(unanchored))


def count_spelled(path: Path, names: spelled_bytes.Spellings, *, fast: bool | None = None) -> int:
    """The number of mentions :func:`search_spelled` finds."""
    return search_spelled(path, names, fast=fast).mentions

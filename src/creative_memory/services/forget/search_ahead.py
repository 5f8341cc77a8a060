"""The verification's byte search of the database file, begun while the forget writes (decision 0100).

A verified forget must search the whole of the store's files for the name after its last write: on
the L data set that search alone takes as long as everything else the forget does. Most of the file
does not change meanwhile. In WAL mode the database file changes only by checkpoints copying WAL
frames into it, so the pages that changed since a moment are the pages of the frames written since
then (:class:`~creative_memory.services.store.wal_pages.WalPages`). So:

1. When the forget's kept connection is open and before its first write, :class:`SearchAhead` notes
   ``PRAGMA data_version`` on that connection and the pages the WAL already holds, and starts the
   byte search of the database file in a helper process at a lower priority, beside the writes
   (shared code: :mod:`creative_memory.services.common.helper_process`).
2. After each commit of that connection, the WAL's new frames are read (the hook of
   ``writes.checkpoints_between``), before any later write could start the WAL over.
3. The verification (:func:`creative_memory.services.forget.erasure._search`, in its pinned snapshot)
   asks :meth:`SearchAhead.found`: the mentions the search ahead found on pages nothing wrote since,
   plus a search of the pages written since (with the bytes around them) and of the WAL and its
   index, whole. That is what a search of the three files finds, provided no other connection
   committed meanwhile: its frames may have been copied and overwritten unseen, so then (a changed
   ``data_version``, another file at the path, a search ahead that failed) :meth:`found` gives
   None and the whole files are searched as before.
"""

from __future__ import annotations

import bisect
import contextlib
import logging
import multiprocessing
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from creative_memory.services.common import limits, spelled_bytes
from creative_memory.services.common.helper_process import HelperProcess, answer_with
from creative_memory.services.common.spelled_scan import SpelledScan
from creative_memory.services.forget.page_places import page_size as pages_of
from creative_memory.services.forget.spelled_search import SpelledCount, search_spelled
from creative_memory.services.location.schema import has_wal
from creative_memory.services.store import held_files
from creative_memory.services.store.store import Store, sqlite_file_set
from creative_memory.services.store.wal_pages import WalPages

log = logging.getLogger("cm.erasure")

#: past this share of the file's pages written, the whole file is searched again instead
_MOST = 0.5
#: the pages written are read and searched in pieces of about this size
_PIECE = 8 << 20


@dataclass(frozen=True, slots=True)
class Window:
    """Bytes of the file to search again: read ``[read_lo, read_hi)``, count the mentions that start
    in ``[lo, hi)`` (far enough inside what is read for each to be judged whole)."""

    read_lo: int
    read_hi: int
    lo: int
    hi: int


def windows(pages: Iterable[int], page_size: int, context: int, size: int) -> list[Window]:
    """The windows around runs of written pages (numbered from 1) in a file of ``size`` bytes.

    A mention is judged from a hit and the ``context`` bytes around it, and its hits lie within
    ``context`` bytes of its start (no mention is longer: decision 0102); so a mention whose
    judgement may read a byte of ``[a, b)`` starts in ``[a - 3·context, b + context)``: the window
    counts ``[a - 4·context, b + 2·context)`` and reads four contexts more on each side. Runs whose
    reads meet share one window."""
    out: list[Window] = []
    runs: list[tuple[int, int]] = []
    for page in sorted(set(pages)):
        start = (page - 1) * page_size
        if start >= size:
            break
        if runs and runs[-1][1] == start:
            runs[-1] = (runs[-1][0], start + page_size)
        else:
            runs.append((start, start + page_size))
    for a, b in runs:
        b = min(b, size)
        w = Window(
            max(0, a - 8 * context),
            min(size, b + 8 * context),
            max(0, a - 4 * context),
            min(size, b + 2 * context),
        )
        if out and out[-1].read_hi >= w.read_lo:
            last = out[-1]
            out[-1] = Window(last.read_lo, w.read_hi, last.lo, w.hi)
        else:
            out.append(w)
    return out


def search_windows(
    path: Path, names: spelled_bytes.Spellings, found: Sequence[Window], *, fast: bool | None = None
) -> tuple[list[int], list[int]]:
    """Where the mentions counted in each window start (file offsets, one entry per name as the
    byte search counts them), and those of them written without their anchor. The windows are read
    into pieces of about :data:`_PIECE` bytes, searched on two threads."""
    scan = SpelledScan(names, fast=fast)
    pieces: list[list[Window]] = []
    size = 0
    for w in found:
        if not pieces or size + w.read_hi - w.read_lo > _PIECE:
            pieces.append([])
            size = 0
        pieces[-1].append(w)
        size += w.read_hi - w.read_lo

    def piece(windows: list[Window]) -> tuple[list[int], list[int]]:
        at: list[int] = []  # where each window's bytes begin in the buffer
        total = 0
        for w in windows:
            at.append(total)
            total += w.read_hi - w.read_lo
        buf = bytearray(total)
        view = memoryview(buf)
        parts = [(w.read_lo, view[o : o + w.read_hi - w.read_lo]) for w, o in zip(windows, at, strict=True)]
        for (_offset, part), got in zip(parts, held_files.read_many(path, parts), strict=True):
            if got < len(part):  # the file is shorter now: what is not there holds nothing
                part[got:] = bytes(len(part) - got)
            part.release()
        anchored, other = scan.starts_split(view, 0, total)
        mine: tuple[list[int], list[int]] = ([], [])
        for into, by_name in zip(mine, (anchored, other), strict=True):
            for positions in by_name.values():
                for p in positions:
                    k = bisect.bisect_right(at, p) - 1
                    w = windows[k]
                    offset = w.read_lo + p - at[k]
                    if w.lo <= offset < w.hi:
                        into.append(offset)
        view.release()
        return mine

    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="cm-search-again") as pool:
        found_pieces = list(pool.map(piece, pieces))
    unanchored = [p for _a, other in found_pieces for p in other]
    starts = [p for anchored, _o in found_pieces for p in anchored] + unanchored
    return sorted(starts), sorted(unanchored)


def search_again(
    path: Path, names: spelled_bytes.Spellings, before: SpelledCount, pages: Iterable[int], page_size: int
) -> SpelledCount:
    """What a search of the database file for the names finds now (with every place), from what one
    found ``before`` (with every place) and the pages written since: ``before``'s mentions where
    nothing changed, and the windows around the written pages searched again."""
    size = path.stat().st_size
    found = windows(pages, page_size, names.context, size)
    fresh, fresh_other = search_windows(path, names, found)
    los = [w.lo for w in found]

    def untouched(offset: int) -> bool:
        k = bisect.bisect_right(los, offset) - 1
        return offset < size and (k < 0 or offset >= found[k].hi)

    kept = sorted([p for p in (before.places or {}).get(path, []) if untouched(p)] + fresh)
    other = sorted([p for p in (before.unanchored or {}).get(path, []) if untouched(p)] + fresh_other)
    return SpelledCount(len(kept), bool(other), {path: kept}, {path: other})


def _canonicals(names: spelled_bytes.Spellings) -> list[str]:
    return [s.canonical for s in names.names]


def _data_version(con: sqlite3.Connection) -> int:
    return int(con.execute("PRAGMA data_version").fetchone()[0])


def _helper(out: Connection, path: str, canonicals: list[str], searched: Any) -> None:
    """The helper process: search the database file for the names, on one thread, counting the
    bytes searched in ``searched``; send what it found. It yields the core to the forget's own
    threads (a lower priority): it only has to be done by the time the writes are."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(10)

    def done(n: int) -> None:
        with searched.get_lock():
            searched.value += n

    answer_with(
        out,
        lambda: search_spelled(
            Path(path),
            spelled_bytes.Spellings(canonicals),
            places=True,
            files=[Path(path)],
            workers=1,
            done=done,
        ),
    )


def _setting(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, "").strip() or default)
    except ValueError:
        return default


#: the smallest database file searched ahead: 128 MB, the size from which it pays (below it the
#: whole search takes tens of milliseconds); the environment can move it (0: every forget). The
#: windows' margins hold any mention whole, since a mention is at most ``Spelling.context`` bytes
#: long (decision 0102).
MIN_BYTES = int(_setting("CM_SEARCH_AHEAD_MIN_BYTES", float(128 << 20)))
#: a search ahead that has not reached this share of the file when the verification asks for it is
#: given up: searching the whole files on every core is then sooner than waiting for it on one (the
#: environment can move it; 0 always waits)
HALF = _setting("CM_SEARCH_AHEAD_HALF", 0.5)
#: the fewest cores on which the helper searches beside the writes: on two, the forget's own
#: threads (its writes, SQLite's checkpoints beside them, the scan of the diffs) already take both,
#: and the helper made the busiest forget slower (decision 0103); then the verification's first
#: search of the whole files is where the next one starts from (:meth:`SearchAhead.searched`)
CORES = int(_setting("CM_SEARCH_AHEAD_CORES", 3))


class SearchAhead:
    """See the module. Made inside ``writes.checkpoints_between`` (``hooked``: its hooks hear every
    commit of this thread's writes), before the first write; :meth:`committed` is its ``after``."""

    def __init__(self, store: Store, names: spelled_bytes.Spellings, *, hooked: bool) -> None:
        self.names = names
        self._store = store
        self._path = store.path
        self._con = store.kept_connection() if hooked else None
        self._wal = WalPages(sqlite_file_set(store.path)[1])
        self._process: HelperProcess | None = None
        self._answer: SpelledCount | None = None  # the helper's, once received
        self._received = False  # whether there is an answer to start from (the helper's, or not)
        self._later = False  # no helper: the base is the verification's first whole search
        self.pages_searched = 0  # the pages found() searched again, in all
        if self._con is None or self._path.stat().st_size < MIN_BYTES:
            self._con = None
            return
        self._version = _data_version(self._con)
        self._later = limits.cores() < max(2, CORES)  # decision 0103
        if self._later:
            return
        self._wal.read()  # pages still in the WAL may be copied into the file while the search runs
        self._size = self._path.stat().st_size
        try:
            self._searched = multiprocessing.get_context("spawn").Value("q", 0)
            self._process = HelperProcess(
                _helper,
                (str(self._path), _canonicals(names), self._searched),
                name="cm-search-ahead",
                log=log,
                what="the search ahead",
                instead="searching the whole files",
            )
        except Exception as exc:  # the verification then searches the whole files
            log.warning("no search ahead (%s)", exc)
            self._con = self._process = None

    def committed(self) -> None:
        """After each commit of the kept connection: the pages its frames hold (from the base on)."""
        if self._con is not None and (not self._later or self._received):
            self._wal.read()

    def searched(self, names: spelled_bytes.Spellings, found: SpelledCount) -> None:
        """In the verification's pinned snapshot, the WAL empty: the whole files were searched and
        ``found`` (with every place) is what they hold. Without a helper, that is where the next
        :meth:`found` starts from: only the pages written after it are searched again (the page
        wipe's, decision 0098)."""
        if (
            not self._later
            or self._received
            or self._con is None
            or _canonicals(names) != _canonicals(self.names)
        ):
            return
        if found.places is None or found.unanchored is None:
            return
        # The version first: a commit after it is seen by found(). A commit during the search stays
        # in the WAL (no checkpoint copies past a pinned snapshot that reads none of it), and the
        # file searched is then not the file those frames will change: no base.
        version = _data_version(self._con)
        if has_wal(self._path):
            return
        self._version = version
        self._wal = WalPages(sqlite_file_set(self._path)[1])
        self._wal.read()
        self._wal.take()
        self._size = self._path.stat().st_size
        kept = list(found.places.get(self._path, []))  # the database file's: the base of search_again
        other = list(found.unanchored.get(self._path, []))
        self._answer = SpelledCount(len(kept), bool(other), {self._path: kept}, {self._path: other})
        self._received = True

    def answered(self, timeout: float) -> bool:
        """Whether the helper has sent its answer, waiting up to ``timeout`` seconds for it."""
        return self._process is not None and self._process.answered(timeout)

    def stop(self) -> None:
        """Ends the helper process (no process of the forget outlives it)."""
        if self._process is not None:
            self._process.stop()
            self._process = None

    def _ahead(self) -> SpelledCount | None:
        """The helper's answer: waited for if it searched half the file or more, else given up."""
        if self._process is None:
            return None
        if not self._process.answered() and self._searched.value < HALF * self._size:
            log.info("forget: the search ahead is not half way; searching the whole files")
            return None
        # past half way: the rest takes at most as long again (at least a few seconds for a slow disk)
        elapsed = time.monotonic() - self._process.started
        found: SpelledCount | None = self._process.result(time.monotonic() + max(5.0, elapsed))
        return found

    def found(self, names: spelled_bytes.Spellings) -> SpelledCount | None:
        """In the verification's pinned snapshot: what the byte search of the three files finds now,
        with every place; None when the search ahead cannot tell (see the module)."""
        if self._con is None or _canonicals(names) != _canonicals(self.names):
            return None
        if self._later and not self._received:
            return None  # no base yet: the whole files are searched, then searched() keeps it
        if has_wal(self._path):
            # frames not copied yet: the pages they change could not be searched as they will be
            self.stop()
            self._con = None
            return None
        if _data_version(self._con) != self._version or self._store.replaced():
            log.info("forget: another connection wrote meanwhile; searching the whole files")
            self.stop()
            return None
        if not self._received:
            self._answer, self._received = self._ahead(), True
        self.stop()
        ahead = self._answer
        if ahead is None or ahead.places is None or ahead.unanchored is None:
            self._con = None  # given up: a later search of this forget reads the whole files too
            return None
        self._wal.read()
        page_size = pages_of(self._path)
        if not page_size or (self._wal.page_size and self._wal.page_size != page_size):
            self._con = None
            return None
        size = self._path.stat().st_size
        pages = self._wal.take()
        # a file that grew or shrank: every page past the shorter of the two lengths
        pages.update(range(min(size, self._size) // page_size + 1, max(size, self._size) // page_size + 2))
        last = -(-size // page_size)
        pages = {p for p in pages if 0 < p <= last}  # a frame past the file's end changes nothing in it
        if len(pages) > _MOST * max(1, last):
            log.info("forget: most of the file was written; searching the whole files")
            self._con = None
            return None
        self.pages_searched += len(pages)
        try:
            # what the file holds now is where a later call starts from (after the page wipe: its pages)
            self._answer = search_again(self._path, names, ahead, pages, page_size)
            side = search_spelled(self._path, names, places=True, files=sqlite_file_set(self._path)[1:])
        except Exception as exc:  # any failure here only means the whole files are searched
            log.warning("the search of the pages written failed (%s); searching the whole files", exc)
            self._con = None
            return None
        kept = (self._answer.places or {}).get(self._path, [])
        kept_other = (self._answer.unanchored or {}).get(self._path, [])
        self._size = size
        if side.places is None or side.unanchored is None:
            self._con = None
            return None
        places = {self._path: kept, **side.places}
        unanchored = {self._path: kept_other, **side.unanchored}
        total = len(kept) + side.mentions
        return SpelledCount(
            total,
            bool(kept_other) or side.without_anchor,
            {f: p for f, p in places.items() if p},
            unanchored,
        )

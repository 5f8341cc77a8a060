"""Where in the database file each copy the byte search found lies: in a live record, or in space
SQLite no longer uses (docs/decisions/0096).

The erasure check must tell copies that live data holds (another pattern whose name contains the
forgotten one, Open Design's own text) from stale copies left in free space. Counting the live
copies row by row in SQL (:func:`creative_memory.services.forget.erasure_search.live_copies`) reads
every table that may hold the text: 2.3 s on the L data set for a name that 27 747 live values
contain. The file itself says the same thing page by page, from SQLite's documented file format:

- a page on the freelist holds nothing live;
- a b-tree page holds its records (cells) in its cell content area; the space between its cell
  pointer array and that area, and each freeblock in the area, hold nothing live;
- a page reached from a root page of ``sqlite_master`` (through interior pages) belongs to that
  table or index.

So a copy that starts inside a cell of a page of a known b-tree is live data of that table (an index
counts for its table); one that starts in unused space, or on a free page, is stale. A copy on any
other page (an overflow page of a long record, a pointer-map page) is not placed: the caller counts
live copies in SQL then, as before. The WAL must be empty and the reader's snapshot pinned while this
reads the file (:func:`creative_memory.services.forget.erasure._search`), so the pages read here are
the pages the search read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from creative_memory.services.store import held_files

_INTERIOR = {2: 12, 5: 12}  # page type -> header size
_LEAF = {10: 8, 13: 8}
_HEADER = _INTERIOR | _LEAF
_MAX_PAGES_WALKED = 5_000_000  # a loop in a damaged file ends the walk (the caller counts in SQL)


@dataclass
class Places:
    """Copies by where they lie: live ones per table (an index's for its table), stale ones, and
    how many could not be placed."""

    live: dict[str, int] = field(default_factory=dict)
    stale: int = 0
    unplaced: int = 0
    stale_pages: dict[int, str] = field(default_factory=dict)  # b-tree page -> its tree, for a stale copy


class _File:
    """Pages of the database file, read through the process's kept descriptor."""

    def __init__(self, path: Path) -> None:
        self.path = path
        head = held_files.read_at(path, 0, 100)
        size = _page_size(head)
        if not size:
            raise ValueError("not an SQLite database file")
        self.page_size = size
        self.usable = self.page_size - head[20]
        self.first_trunk = int.from_bytes(head[32:36], "big")
        self.free_count = int.from_bytes(head[36:40], "big")
        self._cache: dict[int, bytes] = {}

    def page(self, number: int) -> bytes:
        data = self._cache.get(number)
        if data is None:
            data = held_files.read_at(self.path, (number - 1) * self.page_size, self.page_size)
            if len(self._cache) < 4096:
                self._cache[number] = data
        return data

    def freelist(self) -> set[int] | None:
        """Every page on the freelist (trunks and leaves), or None if it cannot be read whole."""
        out: set[int] = set()
        trunk = self.first_trunk
        while trunk:
            if trunk in out or len(out) > self.free_count:
                return None
            out.add(trunk)
            data = self.page(trunk)
            if len(data) < 8:
                return None
            leaves = int.from_bytes(data[4:8], "big")
            if 8 + 4 * leaves > len(data):
                return None
            out.update(int.from_bytes(data[8 + 4 * i : 12 + 4 * i], "big") for i in range(leaves))
            trunk = int.from_bytes(data[0:4], "big")
        return out if len(out) == self.free_count else None

    def tree_pages(self, root: int, owner: str, into: dict[int, str]) -> bool:
        """Map every page of the b-tree at ``root`` to ``owner``; False if the tree cannot be read.
        Only interior pages are read (about 1 % of a tree): every leaf of a b-tree lies at the same
        depth, so the children of the interior pages just above it are leaves."""
        depth = self._depth(root)
        if depth is None:
            return False
        level = [root]
        for d in range(depth + 1):
            below: list[int] = []
            for number in level:
                if number in into or len(into) > _MAX_PAGES_WALKED:
                    return False  # a page in two trees, or a loop: not a file to reason about
                into[number] = owner
                if d == depth:
                    continue  # a leaf: not read
                children = self._children(number)
                if children is None:
                    return False
                below.extend(children)
            level = below
        return True

    def _depth(self, root: int) -> int | None:
        """How many interior levels lie above the leaves (along the leftmost path)."""
        number, depth = root, 0
        while True:
            data = self.page(number)
            hdr = 100 if number == 1 else 0
            if len(data) < hdr + 12:
                return None
            if data[hdr] in _LEAF:
                return depth
            children = self._children(number)
            if not children or depth > 64:
                return None
            number, depth = children[0], depth + 1

    def _children(self, number: int) -> list[int] | None:
        """The child pages of an interior page, or None if it is not one (or not a sane one)."""
        data = self.page(number)
        hdr = 100 if number == 1 else 0
        if len(data) < hdr + 12 or data[hdr] not in _INTERIOR:
            return None
        cells = int.from_bytes(data[hdr + 3 : hdr + 5], "big")
        out = []
        for i in range(cells):
            at = int.from_bytes(data[hdr + 12 + 2 * i : hdr + 14 + 2 * i], "big")
            out.append(int.from_bytes(data[at : at + 4], "big"))
        out.append(int.from_bytes(data[hdr + 8 : hdr + 12], "big"))
        return out if min(out) >= 1 else None

    def in_a_cell(self, number: int, start: int, width: int) -> bool:
        """Whether bytes ``[start, start + width)`` of a b-tree page lie inside one of its cells."""
        data = self.page(number)
        hdr = 100 if number == 1 else 0
        size = _HEADER.get(data[hdr])
        if size is None:
            return False
        cells = int.from_bytes(data[hdr + 3 : hdr + 5], "big")
        content = int.from_bytes(data[hdr + 5 : hdr + 7], "big") or 65536
        end = start + width
        if start < max(content, hdr + size + 2 * cells) or end > self.usable:
            return False  # the header, the pointer array, unused space or the reserved bytes
        blocks = self._freeblocks(data, hdr)
        if blocks is None:
            return False  # a loop: not a page to reason about
        # in a freeblock: space a deleted cell left
        return not any(start < block + length and end > block for block, length in blocks)

    def _freeblocks(self, data: bytes, hdr: int) -> list[tuple[int, int]] | None:
        """(offset, length) of each freeblock of a b-tree page; None if the chain loops."""
        out = []
        block = int.from_bytes(data[hdr + 1 : hdr + 3], "big")
        while block:
            out.append((block, int.from_bytes(data[block + 2 : block + 4], "big")))
            if len(out) > self.page_size // 4:
                return None
            block = int.from_bytes(data[block : block + 2], "big")
        return out

    def leaf(self, number: int) -> LeafPage | None:
        """Page ``number`` if it is a table's leaf page, or an index's (else None). An index's cell
        is its record, whose last value is the row's rowid; a cell that spills to an overflow page
        is passed over."""
        data = self.page(number)
        hdr = 100 if number == 1 else 0
        if len(data) < self.page_size or data[hdr] not in (13, 10):
            return None
        index = data[hdr] == 10
        blocks = self._freeblocks(data, hdr)
        if blocks is None:
            return None
        cells = int.from_bytes(data[hdr + 3 : hdr + 5], "big")
        content = int.from_bytes(data[hdr + 5 : hdr + 7], "big") or 65536
        free = content - (hdr + 8 + 2 * cells) + data[hdr + 7] + sum(length for _b, length in blocks)
        rowids, payloads = [], []
        for i in range(cells):
            at = int.from_bytes(data[hdr + 8 + 2 * i : hdr + 10 + 2 * i], "big")
            size, at = _varint(data, at)
            if index:
                if size > index_local_max(self.usable):
                    continue
                rowid = _last_integer(data[at : at + size])
                if rowid is None:
                    continue
            else:
                rowid, _at = _varint(data, at)
            rowids.append(rowid)
            payloads.append(size)
        return LeafPage(rowids, payloads, free, self.usable, index)


def place_copies(
    path: Path, starts: Sequence[int], width: int, trees: Iterable[tuple[str, str, int]]
) -> Places | None:
    """Where each copy (starting at ``starts`` in the database file, at least ``width`` bytes long)
    lies. ``trees``: (table, b-tree name, root page) of every table and index (``sqlite_master``).
    None when the file's free pages or trees cannot be read whole (then nothing is concluded)."""
    try:
        f = _File(path)
    except (OSError, ValueError):
        return None
    free = f.freelist()
    if free is None:
        return None
    owner: dict[int, str] = {}
    tables = {}
    for table, name, root in trees:
        if root and not f.tree_pages(root, name, owner):
            return None
        tables[name] = table
    out = Places()
    for start in starts:
        number = start // f.page_size + 1
        if number in free:
            out.stale += 1
            continue
        tree = owner.get(number)
        if tree is None:
            out.unplaced += 1  # an overflow or pointer-map page
            continue
        if f.in_a_cell(number, start % f.page_size, width):
            table = tables[tree]
            out.live[table] = out.live.get(table, 0) + 1
        else:
            out.stale += 1
            out.stale_pages[number] = tree
    return out


@dataclass(frozen=True, slots=True)
class LeafPage:
    """A leaf page of a table's b-tree (rowid table), as :func:`read_leaf` reads it."""

    rowids: list[int]  # of its cells, in key order
    payloads: list[int]  # each cell's record size, in the same order
    free: int  # the bytes a cell may still take: unused space, freeblocks and fragments
    usable: int  # the page's usable size
    index: bool = False  # an index's leaf page (its cells are records ending with the rowid)


def index_local_max(usable: int) -> int:
    """The largest record an index's cell holds without an overflow page (SQLite's file format)."""
    return (usable - 12) * 64 // 255 - 23


#: the size of a value of each integer serial type (8 and 9 are the constants 0 and 1)
_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 8: 0, 9: 0}


def _last_integer(record: bytes) -> int | None:
    """The last value of a record (SQLite's record format) when it is an integer, else None."""
    try:
        header, at = _varint(record, 0)
        types = []
        while at < header:
            t, at = _varint(record, at)
            types.append(t)
        if not types or types[-1] not in _INT_SIZES:
            return None
        body = header + sum(_value_size(t) for t in types[:-1])
        last = types[-1]
        if last in (8, 9):
            return last - 8
        n = _INT_SIZES[last]
        return int.from_bytes(record[body : body + n], "big", signed=True)
    except IndexError:
        return None


def _value_size(serial: int) -> int:
    if serial in _INT_SIZES:
        return _INT_SIZES[serial]
    if serial == 7:
        return 8
    return (serial - 12) // 2 if serial >= 12 else 0


def read_leaves(path: Path, numbers: Iterable[int]) -> dict[int, LeafPage]:
    """Those of pages ``numbers`` of the database file that are a table's leaf page."""
    try:
        f = _File(path)
        leaves = {n: f.leaf(n) for n in numbers}
    except (OSError, ValueError):
        return {}
    return {n: leaf for n, leaf in leaves.items() if leaf is not None}


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``, and where the next value begins."""
    value = 0
    for i in range(9):
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError("unreachable")


def _page_size(head: bytes) -> int:
    """The page size a database file's first 100 bytes give, 0 when they are not a database's."""
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        return 0
    size = int.from_bytes(head[16:18], "big")
    return 65536 if size == 1 else size


def page_size(path: Path) -> int:
    """The page size of the database file at ``path``, 0 when it is not one."""
    return _page_size(held_files.read_at(path, 0, 100))

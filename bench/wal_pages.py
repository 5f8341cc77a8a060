"""What one recorded retrieval writes: the log frames of its commit, per table and index.

In WAL mode every page a commit changes is appended to the log as one frame (page size + 24
bytes), so the frames a commit appends are the pages it wrote. This reads the frames each recorded
``retrieval.run`` appends (automatic checkpoints off, so the log only grows while it counts), then
names each frame's page by the b-tree that holds it (SQLite's ``dbstat`` table, after the calls).

``advance_ms``: how far ``now`` moves between calls. The benchmarks' daemon runs at a fixed
``--now``, so ``last_injected_at`` is set to the value it already holds and SQLite leaves the
preference rows' pages alone; the real daemon's clock moves on every call and rewrites them.
"""

from __future__ import annotations

import sqlite3
import struct
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bench.common import NOW, USER, BenchStore, working_copy
from creative_memory.model.constants import Origin
from creative_memory.services.retrieval import retrieval

_WAL_HEADER = 32
_FRAME_HEADER = 24


@dataclass(frozen=True)
class CommitPages:
    calls: int
    frames: list[int]  # frames appended by each call's commit
    by_btree: Counter[str]  # frames over all calls, by table or index name

    def line(self) -> str:
        f = sorted(self.frames)
        return f"{sum(f) / len(f):.1f} pages per call (min {f[0]}, max {f[-1]})"

    def breakdown(self, indent: str = "      ") -> str:
        return "\n".join(f"{indent}{n / self.calls:6.2f}  {name}" for name, n in self.by_btree.most_common())


def _page_numbers(wal: Path, start: int, page_size: int) -> tuple[list[int], int]:
    data = wal.read_bytes() if wal.exists() else b""
    pos = max(start, _WAL_HEADER)
    pages = [
        struct.unpack(">I", data[off : off + 4])[0]
        for off in range(pos, len(data) - _FRAME_HEADER, _FRAME_HEADER + page_size)
    ]
    return pages, len(data)


def commit_pages(bs: BenchStore, project: str | None, *, calls: int = 50, advance_ms: int = 0) -> CommitPages:
    """``calls`` recorded retrievals (origin ``daemon``) on a fresh working copy, after 5 untimed ones."""
    with working_copy(bs) as store:
        for i in range(5):
            retrieval.run(
                store,
                retrieval.RetrievalRequest(
                    USER, project_id=project, now=NOW + i * advance_ms, origin=Origin.DAEMON
                ),
            )
        with store.hot_write() as con:
            con.execute("PRAGMA wal_autocheckpoint=0")
        side = sqlite3.connect(store.path)
        try:
            side.execute("PRAGMA wal_autocheckpoint=0")
            side.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            page_size = int(side.execute("PRAGMA page_size").fetchone()[0])
            wal = store.path.with_name(store.path.name + "-wal")
            pos = 0
            frames: list[int] = []
            written: list[int] = []
            for i in range(calls):
                now = NOW + (5 + i) * advance_ms
                retrieval.run(
                    store, retrieval.RetrievalRequest(USER, project_id=project, now=now, origin=Origin.DAEMON)
                )
                pages, pos = _page_numbers(wal, pos, page_size)
                frames.append(len(pages))
                written.extend(pages)
            names = dict(side.execute("SELECT pageno, name FROM dbstat"))
        finally:
            side.close()
    by_btree = Counter(str(names.get(p, "(free list)")) for p in written)
    return CommitPages(calls, frames, by_btree)

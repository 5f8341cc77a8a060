"""A backup copy is searched for a forgotten name in its stored values too: SQLite keeps a value
longer than a page in pieces on overflow pages, each after a 4-byte page pointer, so a mention that
crosses from one piece to the next is in no run of the file's bytes (found in review: the backup was
kept after a "Verified" forget)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from creative_memory.services.common.spelled_bytes import Spellings
from creative_memory.services.common.spelled_scan import SpelledScan
from creative_memory.services.store import backups


def _db(path: Path, text: str) -> Path:
    con = sqlite3.connect(path)
    con.execute("PRAGMA page_size = 512")
    con.execute("CREATE TABLE events (payload TEXT)")
    con.execute("INSERT INTO events VALUES (?)", (text,))
    con.commit()
    con.close()
    return path


def test_a_mention_split_by_an_overflow_page_is_found_in_a_backup(tmp_path: Path) -> None:
    names = Spellings(["flat_design"])
    split = 0
    for k in range(400, 1500, 7):
        path = _db(tmp_path / f"b{k}.sqlite", "x" * k + " flat design " + "y" * 1500)
        if SpelledScan(names).count(path.read_bytes()) == 0:
            split += 1  # the bytes alone miss it: the mention crosses an overflow page
        assert backups._contains(path, names), k
    assert split, "some offset must put the mention across two overflow pieces, or this tests nothing"
    clean = _db(tmp_path / "clean.sqlite", "x" * 900 + " flat desk " + "y" * 1500)
    assert not backups._contains(clean, names)

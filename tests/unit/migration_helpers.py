"""For the migration tests: run Alembic up or down to a revision on a store file, as the store does."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine

from creative_memory.services.location.datadir import DataDir
from creative_memory.services.location.schema import alembic_config

#: a store at revision 0009 with events, committed as SQL text
DUMP_0009 = Path(__file__).resolve().parents[1] / "fixtures" / "store-0009.sql"


def migrate(path: Path, rev: str, *, down: bool = False) -> None:
    from alembic import command

    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            (command.downgrade if down else command.upgrade)(cfg, rev)
    finally:
        engine.dispose()


def table_rows(path: Path, table: str) -> list[tuple[object, ...]]:
    """Every row of ``table`` in the store file, in the order of its first column."""
    import sqlite3

    con = sqlite3.connect(path)
    try:
        return con.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
    finally:
        con.close()


def index_sql(path: Path, table: str) -> dict[str, str]:
    """The ``CREATE INDEX`` statement of each index of ``table`` (not SQLite's own), by name."""
    import sqlite3

    con = sqlite3.connect(path)
    try:
        rows = con.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
            (table,),
        ).fetchall()
    finally:
        con.close()
    return {str(r[0]): str(r[1]) for r in rows}


def store_from_dump(folder: Path) -> DataDir:
    """A data folder ``folder / "od"`` whose store is made from :data:`DUMP_0009`."""
    import sqlite3

    data_dir = DataDir(folder / "od", "flag")
    data_dir.path.mkdir()
    con = sqlite3.connect(data_dir.store)
    try:
        con.executescript(DUMP_0009.read_text(encoding="utf-8"))
    finally:
        con.close()
    return data_dir


def query_plan(path: Path, sql: str, params: tuple[object, ...] = ()) -> list[str]:
    """What ``EXPLAIN QUERY PLAN`` says of ``sql``, step by step."""
    import sqlite3

    con = sqlite3.connect(path)
    try:
        return [str(r[-1]) for r in con.execute(f"EXPLAIN QUERY PLAN {sql}", params).fetchall()]
    finally:
        con.close()

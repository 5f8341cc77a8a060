"""Our schema's revisions (Alembic, version table ``creative_memory_alembic_version``) and what a
first open or an upgrade says before it changes anything."""

from __future__ import annotations

import functools
import re
import sqlite3
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

if TYPE_CHECKING:
    from alembic.config import Config

ALEMBIC_VERSION_TABLE = "creative_memory_alembic_version"
#: The newest migration's revision id. Opening a store compares its version row with this and
#: reads the migration files only when they differ (a migration is due, or the store is newer);
#: ``tests/unit/test_schema_head.py`` checks it against Alembic's own head.
HEAD_REVISION = "0011"


def _migrations_dir() -> Path:
    return Path(str(resources.files("creative_memory.services.store") / "migrations"))


def alembic_config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(_migrations_dir()))
    return cfg


_REV_RE = re.compile(r"^(down_revision|revision)\s*(?::[^=]*)?=\s*(?:[\"']([^\"']+)[\"']|None)", re.M)


@functools.cache
def _revisions() -> dict[str, str | None]:
    """``revision → down_revision`` from the migration files, read as text (importing Alembic to
    parse them costs a quarter of a second; ``where`` must answer faster than that)."""
    chain: dict[str, str | None] = {}
    for path in sorted((_migrations_dir() / "versions").glob("*.py")):
        found = {m.group(1): m.group(2) for m in _REV_RE.finditer(path.read_text(encoding="utf-8"))}
        if found.get("revision"):
            chain[str(found["revision"])] = found.get("down_revision")
    return chain


def latest_revision() -> str:
    return HEAD_REVISION


def head_from_files() -> str:
    """The head of the migration chain, read from the files (what ``HEAD_REVISION`` must equal)."""
    chain = _revisions()
    heads = set(chain) - {down for down in chain.values() if down}
    assert len(heads) == 1, f"the migrations must have one head, not {sorted(heads)}"
    return heads.pop()


def known_revision(rev: str) -> bool:
    return rev == HEAD_REVISION or rev in _revisions()


def probe_revision(path: Path) -> str | None:
    """Our schema revision in the store (None: our tables are not there), read without creating
    or locking anything. Raises ``sqlite3.Error`` when the file is not a readable database."""
    con = sqlite3.connect(quiet_uri(path), uri=True, timeout=2.0)
    try:
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if ALEMBIC_VERSION_TABLE not in names:
            return None
        row = con.execute(f"SELECT version_num FROM {ALEMBIC_VERSION_TABLE}").fetchone()
        return str(row[0]) if row else None
    finally:
        con.close()


def has_wal(path: Path) -> bool:
    """Whether a non-empty ``-wal`` lies beside the database (pages not yet in the file)."""
    try:
        return path.with_name(path.name + "-wal").stat().st_size > 0
    except OSError:
        return False


def quiet_uri(path: Path) -> str:
    """A read-only URI that creates nothing: immutable when there is no WAL to read."""
    return f"file:{quote(str(path))}?mode=ro" + ("" if has_wal(path) else "&immutable=1")


def has_tables(path: Path) -> bool:
    """Whether the file holds any table (a new or empty file needs no backup)."""
    try:
        con = sqlite3.connect(quiet_uri(path), uri=True, timeout=2.0)
        try:
            return (
                con.execute("SELECT 1 FROM sqlite_master WHERE type='table' LIMIT 1").fetchone() is not None
            )
        finally:
            con.close()
    except sqlite3.Error:
        return True


def migration_notice(path: Path, current: str | None, latest: str) -> str:
    """What a first open (or an upgrade) is about to add to the store, said before it happens."""
    if current is None:
        return (
            f"First use of {path}: adding Creative Memory's own tables (creative_memory_*); Open Design's "
            "tables are not changed. A backup copy of the store is made first, beside it."
        )
    return (
        f"Upgrading Creative Memory's tables in {path} from schema {current} to {latest}; Open Design's "
        "tables are not changed. A backup copy of the store is made first, beside it."
    )


def migration_needed(path: Path, current: str | None, latest: str) -> str:
    """The sentence of a read-only command on a store that would need a migration."""
    what = (
        "does not hold Creative Memory's tables yet"
        if current is None
        else f"holds Creative Memory's tables at schema {current}, older than this program's {latest}"
    )
    return (
        f"The store {path} {what}, and this command only reads, so it changes nothing. Open the window "
        "or run a command that changes memory (e.g. od-memory enable) to add them, after a backup."
    )

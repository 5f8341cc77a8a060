"""Our schema's revisions (Alembic, version table ``creative_memory_alembic_version``) and what a
first open or an upgrade says before it changes anything."""

from __future__ import annotations

import sqlite3
from importlib import resources
from pathlib import Path
from urllib.parse import quote

from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError


def _migrations_dir() -> Path:
    return Path(str(resources.files("creative_memory.services") / "migrations"))


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(_migrations_dir()))
    return cfg


def latest_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def known_revision(rev: str) -> bool:
    script = ScriptDirectory.from_config(alembic_config())
    try:
        return script.get_revision(rev) is not None
    except CommandError:
        return False


def quiet_uri(path: Path) -> str:
    """A read-only URI that creates nothing: immutable when there is no WAL to read."""
    wal = path.with_name(path.name + "-wal")
    try:
        has_wal = wal.stat().st_size > 0
    except OSError:
        has_wal = False
    return f"file:{quote(str(path))}?mode=ro" + ("" if has_wal else "&immutable=1")


def has_tables(path: Path) -> bool:
    """Whether the file holds any table (a new or empty file needs no backup)."""
    try:
        con = sqlite3.connect(quiet_uri(path), uri=True, timeout=2.0)
        try:
            return con.execute("SELECT 1 FROM sqlite_master WHERE type='table' LIMIT 1").fetchone() is not None
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

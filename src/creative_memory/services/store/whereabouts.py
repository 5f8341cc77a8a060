"""What ``od-memory where`` and the Overview tell about the store: the path, the rule that chose it,
the other stores on this machine, the schema, the program's own backup copies — all found without
opening the store for writing, migrating it or creating anything."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path
from typing import Any
from urllib.parse import quote

from creative_memory.services.common.errors import (
    InvalidInput,
    RefusedForSafety,
    StoreUnavailable,
)
from creative_memory.services.location import datadir
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.location.discovery import STORE_FILE, FoundStore, describe
from creative_memory.services.location.schema import known_revision, latest_revision, probe_revision
from creative_memory.services.store import backups
from creative_memory.services.store.retry import is_busy


def sqlite_file_set(path: Path) -> list[Path]:
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def _file_facts(path: Path) -> dict[str, Any]:
    st = path.stat()
    return {"path": str(path), "size": st.st_size, "modified": st.st_mtime}


def schema_of(dd: DataDir) -> tuple[str | None, str | None]:
    """Our schema revision in the store (None: not set up yet) and, when it cannot be read, why."""
    try:
        return probe_revision(dd.store), None
    except sqlite3.Error as exc:
        if is_busy(exc):
            return None, f"The store {dd.store} is locked by another program; try again in a moment."
        return None, (
            f"The file {dd.store} is not a readable SQLite database ({exc}). It was left untouched; restore "
            "it from a backup or point --data-dir at another folder."
        )


def where(dd: DataDir) -> dict[str, Any]:
    """The facts of ``od-memory where --json`` (never migrates, creates or locks anything)."""
    exists = dd.store.is_file()
    latest = latest_revision()
    data: dict[str, Any] = {
        "data_dir": str(dd.path),
        "store": str(dd.store),
        "rule": dd.rule,
        "rule_detail": dd.how(),
        "exists": exists,
        "read_only": False,
        "schema": {"current": None, "latest": latest},
        "needs_migration": False,
        "legacy": dd.legacy,
        "others": [f.as_json() for f in dd.others],
        "backups": [],
    }
    if not exists:
        data["looked"] = [str(p) for p in (dd.looked or (dd.path,))]
        data["missing"] = dd.missing_sentence()
        return data
    current, problem = schema_of(dd)
    data["schema"]["current"] = current
    data["backups"] = [_file_facts(p) for p in backups.list_backups(dd.store)]
    if problem:
        data["read_only"] = True
        data["read_only_reason"] = problem
        return data
    if current is not None and not known_revision(current):
        data["read_only"] = True
        data["read_only_reason"] = (
            f"This store was written by a newer version of Creative Memory Studio (schema {current}); "
            "update the program to make changes."
        )
    elif not os.access(dd.store, os.W_OK) or not os.access(dd.path, os.W_OK | os.X_OK):
        data["read_only"] = True
        data["read_only_reason"] = "The store or its folder is read-only, so nothing can be changed."
    else:
        data["needs_migration"] = current != latest
    data["daemon_tables"] = describe(dd.path, "", None).daemon_tables
    return data


def every_store(dd: DataDir, env: Mapping[str, str] | None = None, cwd: Path | None = None) -> list[dict[str, Any]]:
    """``where --all``: every store on this machine, the chosen one marked (listed even when it was
    chosen by the flag, the environment or the remembered choice)."""
    found: list[FoundStore] = datadir.all_stores(env=env, cwd=cwd)
    rows = []
    chosen_listed = False
    for f in found:
        row = f.as_json()
        row["chosen"] = f.data_dir == dd.path
        chosen_listed = chosen_listed or f.data_dir == dd.path
        rows.append(row)
    if not chosen_listed and dd.store.is_file():
        row = describe(dd.path, dd.how(), None).as_json()
        row["chosen"] = True
        rows.insert(0, row)
    return rows


def use(raw: str | None, *, clear: bool = False, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``od-memory use DIR``: remember a folder (``clear`` forgets the choice). Never creates a store."""
    e = os.environ if env is None else env
    if clear:
        target = datadir.remember(None, e)
        return {"data_dir": None, "choice_file": str(target), "cleared": True}
    if raw is None:
        raise InvalidInput("Name the folder that holds app.sqlite, or pass --clear to forget the choice.")
    folder = datadir.chosen_folder(raw, env=e)
    if not folder.is_dir():  # chosen_folder checked it; a race must not write a choice to nowhere
        raise StoreUnavailable(f"{folder} is no longer a folder; nothing was remembered.")
    target = datadir.remember(folder, e)
    return {
        "data_dir": str(folder),
        "store_exists": (folder / STORE_FILE).is_file(),
        "choice_file": str(target),
        "overridden_by": "OD_DATA_DIR" if e.get("OD_DATA_DIR", "").strip() else None,
        "cleared": False,
    }


def move_legacy(dd: DataDir, dest: Path | None = None) -> DataDir:
    """Move a store out of the first release's default folder (one Open Design may adopt) into this
    program's own folder: copied with SQLite's backup API, checked, then the old files removed.

    The store must not be open in this process. Refused, changing nothing, when the store holds
    Open Design's own tables, when the destination already holds a store, or when the disk cannot
    hold the copy.
    """
    target_dir = dest or datadir.default_data_dir()
    src, target = dd.store, target_dir / STORE_FILE
    if not src.is_file():
        raise InvalidInput(f"There is no store at {src} to move.")
    if describe(dd.path, "", None).daemon_tables:
        raise RefusedForSafety(f"{src} holds Open Design's own tables, so it stays where Open Design keeps it.")
    if target.exists():
        raise RefusedForSafety(
            f"{target} already exists, so the store was not moved there; choose it with Change… or move "
            "one of them away by hand."
        )
    need = backups.needed_bytes(src) + backups.MARGIN
    target_dir.mkdir(parents=True, exist_ok=True)
    if backups.free_space(target_dir) < need:
        raise RefusedForSafety(f"The disk holding {target_dir} has not enough space for the store; nothing was moved.")
    partial = target.with_name(target.name + backups.PARTIAL)
    try:
        fd = os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        os.close(fd)
        s_con = sqlite3.connect(f"file:{quote(str(src))}?mode=ro", uri=True)
        d_con = sqlite3.connect(partial)
        try:
            s_con.backup(d_con)
            ok = d_con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            d_con.close()
            s_con.close()
        if not ok:
            raise sqlite3.DatabaseError("the copy did not pass SQLite's integrity check")
        partial.replace(target)
    except (OSError, sqlite3.Error) as exc:
        partial.unlink(missing_ok=True)
        raise StoreUnavailable(f"The store could not be moved ({exc}); it was left where it was.") from exc
    for old in (*sqlite_file_set(src), *backups.list_backups(src)):
        old.unlink(missing_ok=True)
    with suppress(OSError):
        dd.path.rmdir()  # only when nothing else is left in it
    return DataDir(target_dir, "default")

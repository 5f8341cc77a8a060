"""What ``od-memory where`` and the Overview tell about the store: the path, the rule that chose it,
the other stores on this machine, the schema, the program's own backup copies — all found without
opening the store for writing, migrating it or creating anything."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, fields, replace
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
from creative_memory.services.store.connections import sqlite_file_set
from creative_memory.services.store.retry import is_busy


@dataclass(frozen=True)
class FileFacts:
    """A file beside the store (a backup copy): its size and last write."""

    path: Path
    size: int
    modified: float  # seconds since the epoch

    @classmethod
    def of(cls, path: Path) -> FileFacts:
        st = path.stat()
        return cls(path, st.st_size, st.st_mtime)

    def as_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "size": self.size, "modified": self.modified}


@dataclass(frozen=True)
class Whereabouts:
    """The facts of ``od-memory where``: which store, chosen by which rule, in which state."""

    data_dir: Path
    store: Path
    rule: str
    rule_detail: str
    exists: bool
    schema_latest: str
    legacy: bool
    others: tuple[FoundStore, ...]
    #: our schema revision in the store (None: not set up yet, or not readable)
    schema_current: str | None = None
    read_only: bool = False
    read_only_reason: str | None = None
    needs_migration: bool = False
    backups: tuple[FileFacts, ...] = ()
    #: where discovery looked, and the sentence that says so, when there is no store
    looked: tuple[Path, ...] = ()
    missing: str | None = None
    #: whether the store's schema could be read (it exists, and is not locked or damaged)
    readable: bool = False
    daemon_tables: bool | None = None  # whether Open Design's own tables are in it (None: unreadable)

    def as_json(self) -> dict[str, Any]:
        """``where --json``: the keys in this order, those about an existing store only when it exists
        (``looked`` and ``missing`` only when it does not), ``daemon_tables`` only when it could be read."""
        data: dict[str, Any] = {
            "data_dir": str(self.data_dir),
            "store": str(self.store),
            "rule": self.rule,
            "rule_detail": self.rule_detail,
            "exists": self.exists,
            "read_only": self.read_only,
            "schema": {"current": self.schema_current, "latest": self.schema_latest},
            "needs_migration": self.needs_migration,
            "legacy": self.legacy,
            "others": [f.as_json() for f in self.others],
            "backups": [b.as_json() for b in self.backups],
        }
        if not self.exists:
            data["looked"] = [str(p) for p in self.looked]
            data["missing"] = self.missing
            return data
        if self.read_only_reason is not None:
            data["read_only_reason"] = self.read_only_reason
        if self.readable:
            data["daemon_tables"] = self.daemon_tables
        return data


@dataclass(frozen=True)
class ListedStore(FoundStore):
    """A store ``where --all`` lists, and whether it is the one chosen."""

    chosen: bool = False

    @classmethod
    def of(cls, found: FoundStore, chosen: bool) -> ListedStore:
        return cls(**{f: getattr(found, f) for f in FOUND_FIELDS}, chosen=chosen)

    def as_json(self) -> dict[str, object]:
        return {**super().as_json(), "chosen": self.chosen}


FOUND_FIELDS = tuple(f.name for f in fields(FoundStore))


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


def where(dd: DataDir) -> Whereabouts:
    """The facts of ``od-memory where`` (never migrates, creates or locks anything)."""
    facts = Whereabouts(
        data_dir=dd.path,
        store=dd.store,
        rule=dd.rule,
        rule_detail=dd.how(),
        exists=dd.store.is_file(),
        schema_latest=latest_revision(),
        legacy=dd.legacy,
        others=tuple(dd.others),
    )
    if not facts.exists:
        return replace(facts, looked=tuple(dd.looked or (dd.path,)), missing=dd.missing_sentence())
    current, problem = schema_of(dd)
    facts = replace(
        facts, schema_current=current, backups=tuple(FileFacts.of(p) for p in backups.list_backups(dd.store))
    )
    if problem:
        return replace(facts, read_only=True, read_only_reason=problem)
    reason: str | None = None
    if current is not None and not known_revision(current):
        reason = (
            f"This store was written by a newer version of Creative Memory Studio (schema {current}); "
            "update the program to make changes."
        )
    elif not os.access(dd.store, os.W_OK) or not os.access(dd.path, os.W_OK | os.X_OK):
        reason = "The store or its folder is read-only, so nothing can be changed."
    return replace(
        facts,
        read_only=reason is not None,
        read_only_reason=reason,
        needs_migration=reason is None and current != facts.schema_latest,
        readable=True,
        daemon_tables=describe(dd.path, "", None).daemon_tables,
    )


def every_store(
    dd: DataDir, env: Mapping[str, str] | None = None, cwd: Path | None = None
) -> list[ListedStore]:
    """``where --all``: every store on this machine, the chosen one marked (listed even when it was
    chosen by the flag, the environment or the remembered choice)."""
    found: list[FoundStore] = datadir.all_stores(env=env, cwd=cwd)
    rows = [ListedStore.of(f, f.data_dir == dd.path) for f in found]
    if not any(r.chosen for r in rows) and dd.store.is_file():
        rows.insert(0, ListedStore.of(describe(dd.path, dd.how(), None), True))
    return rows


@dataclass(frozen=True)
class UsedFolder:
    """What ``od-memory use`` remembered: the folder (None when the choice was forgotten), the file
    the choice is kept in, whether the folder holds a store yet, and the variable that still takes
    precedence in this environment, if one does."""

    data_dir: Path | None
    choice_file: Path
    cleared: bool
    store_exists: bool = False
    overridden_by: str | None = None

    def as_json(self) -> dict[str, Any]:
        """``use --json``: a forgotten choice names only the folder (null) and the choice file."""
        if self.cleared:
            return {"data_dir": None, "choice_file": str(self.choice_file), "cleared": True}
        return {
            "data_dir": None if self.data_dir is None else str(self.data_dir),
            "store_exists": self.store_exists,
            "choice_file": str(self.choice_file),
            "overridden_by": self.overridden_by,
            "cleared": False,
        }


def use(raw: str | None, *, clear: bool = False, env: Mapping[str, str] | None = None) -> UsedFolder:
    """``od-memory use DIR``: remember a folder (``clear`` forgets the choice). Never creates a store."""
    e = os.environ if env is None else env
    if clear:
        return UsedFolder(data_dir=None, choice_file=datadir.remember(None, e), cleared=True)
    if raw is None:
        raise InvalidInput("Name the folder that holds app.sqlite, or pass --clear to forget the choice.")
    folder = datadir.chosen_folder(raw, env=e)
    if not folder.is_dir():  # chosen_folder checked it; a race must not write a choice to nowhere
        raise StoreUnavailable(f"{folder} is no longer a folder; nothing was remembered.")
    target = datadir.remember(folder, e)
    return UsedFolder(
        data_dir=folder,
        choice_file=target,
        cleared=False,
        store_exists=(folder / STORE_FILE).is_file(),
        overridden_by="OD_DATA_DIR" if e.get("OD_DATA_DIR", "").strip() else None,
    )


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
        raise RefusedForSafety(
            f"{src} holds Open Design's own tables, so it stays where Open Design keeps it."
        )
    if target.exists():
        raise RefusedForSafety(
            f"{target} already exists, so the store was not moved there; choose it with Change… or move "
            "one of them away by hand."
        )
    need = backups.needed_bytes(src) + backups.MARGIN
    target_dir.mkdir(parents=True, exist_ok=True)
    if backups.free_space(target_dir) < need:
        raise RefusedForSafety(
            f"The disk holding {target_dir} has not enough space for the store; nothing was moved."
        )
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

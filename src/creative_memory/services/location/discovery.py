"""Where Open Design keeps its store on this machine: every install route, per platform.

The table is ``../shared/design/store.md`` → "Where it is" (read from the upstream code; names may
move, so shapes are matched, not one literal path). Everything here takes the home folder, the
environment, the platform and the current directory as parameters, so each platform's layout can be
tested on any machine. Nothing here creates, writes or locks a file: a store is looked at with a
read-only (or immutable) connection, only to tell whether it holds the daemon's tables.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath

from creative_memory.services.location.schema import quiet_uri

STORE_FILE = "app.sqlite"
PRODUCTS = ("Open Design", "Open Design Beta", "Open Design Prerelease")
STABLE_NAMESPACES = frozenset(
    {"release-stable", "release-stable-intel", "release-stable-win", "release-stable-linux"}
)
#: tables every daemon store has (a store of ours alone has none of them)
DAEMON_TABLES = frozenset({"projects", "conversations", "messages"})
#: system-wide folders of the NixOS module and of the container images (Linux only)
SYSTEM_DIRS = (Path("/var/lib/open-design"), Path("/app/.od"))


@dataclass(frozen=True)
class Location:
    """A folder Open Design may use as its data dir (or a base holding ``namespaces/*/data``)."""

    path: Path
    route: str  # how Open Design runs when it uses this place, in words
    packaged: bool = False  # ``path`` is a base: look for ``<path>/<ns>/data``
    legacy: bool = False  # the first release of this program kept its store here


def looked_at(loc: Location) -> Path:
    """The place as a person reads it: a packaged base as ``…/namespaces/*/data``."""
    return loc.path / "*" / "data" if loc.packaged else loc.path


@dataclass(frozen=True)
class FoundStore:
    """An existing ``app.sqlite`` and the facts a person needs to choose between several."""

    data_dir: Path
    route: str
    channel: str | None  # the packaged channel ("stable", "beta-x64", …) or None
    namespace: str | None
    size: int  # bytes of the database and its WAL
    modified: float  # last write (seconds since the epoch), the newer of the file and its WAL
    daemon_tables: bool | None  # None: the file could not be read
    legacy: bool = False

    @property
    def store(self) -> Path:
        return self.data_dir / STORE_FILE

    @property
    def stable(self) -> bool:
        return self.namespace in STABLE_NAMESPACES

    def label(self) -> str:
        if self.legacy:
            return "the first release's default folder"
        if self.channel:
            return f"{self.route}, {self.channel} channel"
        return self.route

    def as_json(self) -> dict[str, object]:
        return {
            "data_dir": str(self.data_dir),
            "store": str(self.store),
            "route": self.route,
            "channel": self.channel,
            "namespace": self.namespace,
            "size": self.size,
            "modified": self.modified,
            "daemon_tables": self.daemon_tables,
            "legacy": self.legacy,
        }


def channel_of(namespace: str) -> str:
    """``release-beta-x64`` → ``beta-x64``; ``release-stable-win`` → ``stable``; else as is."""
    name = namespace.removeprefix("release-")
    for suffix in ("-win", "-linux"):
        name = name.removesuffix(suffix)
    return name or namespace


def _home_of(env: Mapping[str, str], home: Path | None) -> Path:
    if home is not None:
        return home
    return Path(env.get("HOME") or env.get("USERPROFILE") or str(Path.home()))


def _env_dir(env: Mapping[str, str], name: str, fallback: Path) -> Path:
    value = env.get(name, "").strip()
    return Path(value) if value and Path(value).is_absolute() else fallback


def packaged_config(env: Mapping[str, str]) -> dict[str, str]:
    """``OD_PACKAGED_CONFIG_PATH``'s namespace and base root, when it names a readable JSON file."""
    raw = env.get("OD_PACKAGED_CONFIG_PATH", "").strip()
    if not raw:
        return {}
    try:
        data = json.loads(Path(raw).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, str] = {}
    for key in ("namespace", "packagedNamespace"):
        if isinstance(data.get(key), str) and data[key].strip():
            out["namespace"] = data[key].strip()
    for key in ("namespaceBaseRoot", "packagedNamespaceBaseRoot", "baseRoot"):
        if isinstance(data.get(key), str) and data[key].strip():
            out["base_root"] = data[key].strip()
    return out


def packaged_namespace(env: Mapping[str, str]) -> str | None:
    """The namespace ``OD_PACKAGED_NAMESPACE`` (or the packaged config file) picks, if any."""
    value = env.get("OD_PACKAGED_NAMESPACE", "").strip()
    return value or packaged_config(env).get("namespace")


def legacy_dir(platform: str, env: Mapping[str, str], home: Path | None = None) -> Path:
    """The folder the first release used by default (platformdirs' data dir for "Open Design")."""
    h = _home_of(env, home)
    if platform == "darwin":
        return h / "Library" / "Application Support" / "Open Design"
    if platform.startswith("win"):
        return _env_dir(env, "APPDATA", h / "AppData" / "Roaming") / "Open Design"
    return _env_dir(env, "XDG_DATA_HOME", h / ".local" / "share") / "Open Design"


def locations(*, env: Mapping[str, str], home: Path | None, platform: str, cwd: Path) -> list[Location]:
    """Every place an install of Open Design (or the first release of this program) keeps a store."""
    h = _home_of(env, home)
    out: list[Location] = []
    cfg = packaged_config(env)
    base_root = env.get("OD_PACKAGED_NAMESPACE_BASE_ROOT", "").strip() or cfg.get("base_root", "")
    if base_root and Path(base_root).is_absolute():
        out.append(Location(Path(base_root), "packaged app (OD_PACKAGED_NAMESPACE_BASE_ROOT)", packaged=True))
    if platform == "darwin":
        support = h / "Library" / "Application Support"
        out += [Location(support / p / "namespaces", "packaged app (macOS)", packaged=True) for p in PRODUCTS]
    elif platform.startswith("win"):
        appdata = _env_dir(env, "APPDATA", h / "AppData" / "Roaming")
        out.append(Location(appdata / "Open Design" / "namespaces", "packaged app (Windows)", packaged=True))
    else:
        config = _env_dir(env, "XDG_CONFIG_HOME", h / ".config")
        data = _env_dir(env, "XDG_DATA_HOME", h / ".local" / "share")
        out.append(Location(config / "Open Design" / "namespaces", "packaged app (AppImage)", packaged=True))
        out.append(Location(data / "open-design" / "namespaces", "headless daemon", packaged=True))
    out.append(Location(h / ".od", "Home Manager or nix run (~/.od)"))
    here = cwd
    for folder in (here, *here.parents):
        out.append(Location(folder / ".od", "a source checkout (.od)"))
    if platform.startswith("linux"):
        out.append(Location(SYSTEM_DIRS[0], "NixOS module"))
        out.append(Location(SYSTEM_DIRS[1], "a container image (/app/.od)"))
    out.append(Location(legacy_dir(platform, env, h), "the first release's default folder", legacy=True))
    seen: set[Path] = set()
    unique = []
    for loc in out:
        if loc.path not in seen:
            seen.add(loc.path)
            unique.append(loc)
    return unique


def namespace_dirs(base: Path) -> list[tuple[str, Path]]:
    """``(<ns>, <base>/<ns>/data)`` for every namespace folder under ``base`` that holds a store."""
    try:
        children = sorted(base.iterdir())
    except OSError:
        return []
    found = []
    for child in children:
        data = child / "data"
        if _is_file(data / STORE_FILE):
            found.append((child.name, data))
    return found


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def describe(data_dir: Path, route: str, namespace: str | None, *, legacy: bool = False) -> FoundStore:
    """The facts about one existing store (size, last write, whether the daemon's tables are in it)."""
    store = data_dir / STORE_FILE
    size, modified = 0, 0.0
    for f in (store, store.with_name(STORE_FILE + "-wal")):
        try:
            st = f.stat()
        except OSError:
            continue
        size += st.st_size
        modified = max(modified, st.st_mtime)
    return FoundStore(
        data_dir=data_dir,
        route=route,
        channel=channel_of(namespace) if namespace else None,
        namespace=namespace,
        size=size,
        modified=modified,
        daemon_tables=holds_daemon_tables(store),
        legacy=legacy,
    )


def holds_daemon_tables(store: Path) -> bool | None:
    """Whether the file holds Open Design's own tables; None when it cannot be read.

    Without a WAL the file is opened immutable (no lock, no ``-shm`` created); with a WAL, read-only,
    so tables the daemon created since its last checkpoint are seen too.
    """
    uri = quiet_uri(store)
    try:
        con = sqlite3.connect(uri, uri=True, timeout=0.5)
    except sqlite3.Error:
        return None
    try:
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.Error:
        return None
    finally:
        con.close()
    return names >= DAEMON_TABLES


def discover(locs: Iterable[Location]) -> list[FoundStore]:
    """Every existing ``app.sqlite`` among the locations, in the order of the table."""
    found: list[FoundStore] = []
    for loc in locs:
        if loc.packaged:
            for ns, data in namespace_dirs(loc.path):
                found.append(describe(data, loc.route, ns))
        elif _is_file(loc.path / STORE_FILE):
            found.append(describe(loc.path, loc.route, None, legacy=loc.legacy))
    return found


def pick(found: list[FoundStore], namespace: str | None = None) -> FoundStore | None:
    """The store to use among several: the namespace asked for, else the stable channel's packaged
    store, else the most recently written; the first release's folder only when nothing else is."""
    if not found:
        return None
    real = [f for f in found if not f.legacy] or found
    if namespace:
        asked = [f for f in real if f.namespace == namespace]
        if asked:
            return max(asked, key=lambda f: f.modified)
    stable = [f for f in real if f.stable]
    return max(stable or real, key=lambda f: f.modified)


def ends_in_namespace(path: PurePath) -> bool:
    """``…/namespaces/<ns>/data``: already a packaged data dir."""
    parts = path.parts
    return len(parts) >= 3 and parts[-1] == "data" and parts[-3] == "namespaces"

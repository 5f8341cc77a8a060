"""Resolve the data dir, and say which rule won (``../shared/design/store.md`` → "Where it is").

First match wins:

1. ``--data-dir DIR``;
2. ``OD_DATA_DIR`` (``~``, ``$HOME``, ``${HOME}`` expanded; a relative path is anchored at
   ``OD_PROJECT_ROOT`` or the current directory); when it holds a packaged layout
   (``namespaces/*/data/app.sqlite``), that data folder (``OD_PACKAGED_NAMESPACE`` honoured);
3. the remembered choice (``od-memory use DIR`` or the window's "Change…");
4. discovery: every existing store among Open Design's install routes (``services.location.discovery``);
5. the embedded default: this program's own data folder, never one Open Design may adopt.

``OD_MEDIA_CONFIG_DIR`` plays no part (it relocates credentials only). Resolving never creates,
writes or locks anything.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.sentence import QT_TRANSLATE_NOOP, Sentence
from creative_memory.services.location import discovery
from creative_memory.services.location.discovery import STORE_FILE, FoundStore

Rule = Literal["flag", "env", "remembered", "discovered", "default", "demo"]
APP_NAME = "creative-memory-studio"
CHOICE_FILE = "store.json"

_HOME_RE = re.compile(r"\$\{HOME\}|\$HOME(?![A-Za-z0-9_])")


_CONTEXT = "DataDir"
_HOW: dict[str, str] = {
    "flag": QT_TRANSLATE_NOOP("DataDir", "chosen with --data-dir"),
    "env": QT_TRANSLATE_NOOP("DataDir", "from the OD_DATA_DIR environment variable"),
    "remembered": QT_TRANSLATE_NOOP(
        "DataDir", "the folder you chose (od-memory use, or Change… in the window)"
    ),
    "discovered": QT_TRANSLATE_NOOP("DataDir", "found where Open Design keeps its data"),
    "default": QT_TRANSLATE_NOOP(
        "DataDir",
        "this program's own folder: Open Design was not found on this computer; memory is kept here until it is",
    ),
    "demo": QT_TRANSLATE_NOOP("DataDir", "the demo store, kept apart from your memory"),
}


@dataclass(frozen=True)
class DataDir:
    path: Path
    rule: Rule
    #: how the rule got there, in words ("relative to the current directory", a channel, …)
    detail: str = field(default="", compare=False)
    #: the folders discovery looked in (for "there is no store" sentences)
    looked: tuple[Path, ...] = field(default=(), compare=False)
    #: other stores discovery found, not chosen
    others: tuple[FoundStore, ...] = field(default=(), compare=False)
    #: the store is in the first release's default folder (the Overview offers to move it)
    legacy: bool = field(default=False, compare=False)

    @property
    def store(self) -> Path:
        return self.path / STORE_FILE

    @property
    def memory_dir(self) -> Path:
        return self.path / "memory"

    def how(self) -> str:
        return str(self.how_sentence())

    def how_sentence(self) -> Sentence:
        """Why this folder, as a sentence the window translates (``how()`` is its English)."""
        how = Sentence(_HOW[self.rule], context=_CONTEXT)
        if not self.detail:
            return how
        return Sentence("{how}; {detail}", {"how": how, "detail": self.detail}, _CONTEXT)

    def describe(self) -> str:
        return f"{self.path} ({self.how()})"

    def missing_sentence(self) -> str:
        """Why there is no store to read, and where the program looked."""
        if self.rule == "remembered" and not _is_dir(self.path):
            return self.moved_sentence()
        places = [self.path] if self.rule != "default" else [*self.looked, self.path]
        listed = ", ".join(shown(p) for p in places)
        return (
            f"No creative memory store was found (looked in: {listed}). Start Open Design once, or "
            "point at its data folder with --data-dir DIR or od-memory use DIR; nothing was created."
        )

    def moved_sentence(self) -> str:
        return (
            f"The folder you chose with od-memory use (or Change… in the window), {shown(self.path)}, is "
            "no longer there: moved, renamed, or on a disk that is not attached. Attach or move it back, "
            "choose another with od-memory use DIR, or forget the choice with od-memory use --clear; "
            "nothing was created."
        )

    def creation_refused(self) -> str | None:
        """Why a command that changes memory must not create this data folder without being told
        to (``--create``, or the window's "Create it here"), or None when it may: the folder exists,
        it is this program's own or the demo folder (created as always), or ``--data-dir`` names a
        new folder inside one that exists. A missing ``OD_DATA_DIR`` or chosen folder is most often
        a disk that is not mounted or a typo; creating it would hide the memory where it is
        (decision 0074)."""
        if self.rule in ("default", "demo") or _exists(self.path):
            return None
        if self.rule == "remembered":
            return (
                f"The folder you chose with od-memory use (or Change… in the window), {shown(self.path)}, "
                "is no longer there: moved, renamed, or on a disk that is not attached. Nothing was "
                "created: attach or move it back, choose another with od-memory use DIR, forget the "
                "choice with od-memory use --clear, or add --create to make it again."
            )
        missing = self.path
        while not _exists(missing.parent) and missing.parent != missing:
            missing = missing.parent
        if self.rule == "flag" and missing == self.path:
            return None  # a new folder where --data-dir said, inside one that exists
        source = "--data-dir" if self.rule == "flag" else "OD_DATA_DIR"
        return (
            f"{source} names {shown(self.path)}, and {shown(missing)} does not exist (a disk that is "
            f"not mounted, or a typo?). Nothing was created: mount or create it, correct {source}, or "
            "add --create to make the folders there."
        )


def _cwd(env: Mapping[str, str]) -> Path:
    """The current directory; the home folder when it was deleted under us (no traceback)."""
    try:
        return Path.cwd()
    except OSError:
        return Path(env.get("HOME") or str(Path.home()))


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return True  # it is there, but cannot be looked at: opening it says why


def shown(path: Path | str) -> str:
    """A path as a sentence shows it: as it is when every character is visible, else quoted with
    the invisible ones escaped, so that a trailing space or newline (an ``OD_DATA_DIR`` pasted
    with one) can be seen."""
    text = str(path)
    if text == text.strip() and text.isprintable():
        return text
    escaped = "".join(
        ch if ch.isprintable() and ch != '"' else ch.encode("unicode_escape").decode("ascii") for ch in text
    )
    return f'"{escaped}"'


def _expand_home(raw: str, env: Mapping[str, str]) -> str:
    home = env.get("HOME") or str(Path.home())
    if raw == "~" or raw.startswith(("~/", "~" + os.sep)):
        raw = home + raw[1:]
    return _HOME_RE.sub(lambda _m: home, raw)


def default_data_dir(platform: str | None = None) -> Path:
    """The embedded default: this program's own per-user data folder."""
    del platform  # platformdirs answers for the running platform
    import platformdirs  # only where no folder was given: it costs ~9 ms of start-up

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=True))


# ---------------------------------------------------------------------------- the remembered choice
def choice_file(env: Mapping[str, str] | None = None) -> Path:
    e = os.environ if env is None else env
    folder = e.get("CM_CONFIG_DIR", "").strip()
    import platformdirs

    base = Path(folder) if folder else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    return base / CHOICE_FILE


def remembered(env: Mapping[str, str] | None = None) -> Path | None:
    """The folder last chosen by the user, if one was and it still exists."""
    p = remembered_choice(env)
    return p if p is not None and _is_dir(p) else None


def remembered_choice(env: Mapping[str, str] | None = None) -> Path | None:
    """The folder last chosen by the user, if one was, whether or not it is still there."""
    try:
        data = json.loads(choice_file(env).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    raw = data.get("data_dir") if isinstance(data, dict) else None
    if not isinstance(raw, str) or not raw.strip() or "\x00" in raw:
        return None
    p = Path(raw)
    return p if p.is_absolute() else None


def remember(folder: Path | None, env: Mapping[str, str] | None = None) -> Path:
    """Remember ``folder`` as the user's choice (None forgets it). Returns the choice file."""
    target = choice_file(env)
    if folder is None:
        target.unlink(missing_ok=True)
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    fd = os.open(tmp, os.O_CREAT | os.O_TRUNC | os.O_WRONLY, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump({"data_dir": str(folder)}, fh)
    tmp.replace(target)
    return target


def chosen_folder(raw: str, cwd: Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    """Check a folder the user wants to use: it exists, and a packaged layout picks its data folder."""
    e = os.environ if env is None else env
    if not raw.strip():
        raise InvalidInput("The folder is empty; give the path of the folder that holds app.sqlite.")
    p = Path(_expand_home(raw, e))
    try:
        p = (p if p.is_absolute() else (cwd or _cwd(e)) / p).resolve(strict=False)
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise InvalidInput(f"{raw} cannot be resolved ({exc}); give a plain folder path.") from exc
    if not _is_dir(p):
        raise InvalidInput(f"{p} is not an existing folder; give the folder that holds app.sqlite.")
    return _packaged_data(p, e)[0]


# ---------------------------------------------------------------------------- the rules
def _packaged_data(folder: Path, env: Mapping[str, str]) -> tuple[Path, str]:
    """``folder`` itself, or its ``namespaces/<ns>/data`` when it holds a packaged layout."""
    if discovery.ends_in_namespace(folder):
        return folder, ""
    stores = discovery.namespace_dirs(folder / "namespaces")
    if not stores:
        return folder, ""
    ns = discovery.packaged_namespace(env)
    for name, data in stores:
        if name == ns:
            return data, f"packaged namespace {name} (OD_PACKAGED_NAMESPACE)"
    found = [discovery.describe(data, "packaged", name) for name, data in stores]
    best = discovery.pick(found)
    assert best is not None
    return best.data_dir, f"packaged namespace {best.namespace}"


def resolve_data_dir(
    flag: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    *,
    home: Path | None = None,
    platform: str | None = None,
    use_choice: bool = True,
) -> DataDir:
    """Apply the five rules in order. A blank value (``--data-dir ""``, a set but empty
    ``OD_DATA_DIR``: an unset shell variable) is refused, never taken to mean another folder
    (docs/decisions/0027)."""
    env = os.environ if env is None else env
    base = cwd or _cwd(env)
    if flag is not None:
        text = os.fspath(flag)
        if not text.strip():
            raise InvalidInput(
                "--data-dir is empty (perhaps an unset shell variable); give the folder, or leave the "
                "option out to use OD_DATA_DIR or the default folder."
            )
        return DataDir(_resolve(_anchored(Path(_expand_home(text, env)), base), "--data-dir"), "flag")
    value = env.get("OD_DATA_DIR")
    if value is not None:
        if not value.strip():
            raise InvalidInput(
                "OD_DATA_DIR is set but empty; set it to the data folder, or unset it to use the "
                "default folder."
            )
        if "\x00" in value:
            raise InvalidInput("OD_DATA_DIR contains a NUL character; set it to a plain folder path.")
        p = Path(_expand_home(value, env))
        detail = ""
        if not p.is_absolute():
            root = env.get("OD_PROJECT_ROOT", "").strip()
            anchor = Path(_expand_home(root, env)) if root else base
            detail = f"relative, resolved against {'OD_PROJECT_ROOT' if root else 'the current directory'}"
            p = anchor / p
        data, packaged = _packaged_data(_resolve(p, "OD_DATA_DIR"), env)
        return DataDir(data, "env", "; ".join(d for d in (detail, packaged) if d))
    if use_choice:
        chosen = remembered_choice(env)
        if chosen is not None:
            # A chosen folder that is gone is named, never passed over for another store: the
            # next write would otherwise land somewhere the user did not choose (decision 0074).
            gone = "" if _is_dir(chosen) else "no longer there"
            return DataDir(chosen, "remembered", gone)
    return discover_data_dir(env=env, cwd=base, home=home, platform=platform)


def discover_data_dir(
    *, env: Mapping[str, str], cwd: Path, home: Path | None = None, platform: str | None = None
) -> DataDir:
    """Rules 4 and 5: the store discovery picks, else the embedded default."""
    plat = platform or sys.platform
    locs = discovery.locations(env=env, home=home, platform=plat, cwd=cwd)
    found = discovery.discover(locs)
    looked = tuple(discovery.looked_at(loc) for loc in locs)
    best = discovery.pick(found, discovery.packaged_namespace(env))
    if best is None:
        return DataDir(default_data_dir(plat), "default", looked=looked)
    others = tuple(f for f in found if f.data_dir != best.data_dir)
    detail = best.label()
    if others:
        n = len(others)
        detail += f"; {n} other store{'s' if n > 1 else ''} found (od-memory where --all)"
    return DataDir(best.data_dir, "discovered", detail, looked, others, legacy=best.legacy)


def all_stores(
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    home: Path | None = None,
    platform: str | None = None,
) -> list[FoundStore]:
    """Every store on this machine: the discovered ones and this program's own, if it exists."""
    e = os.environ if env is None else env
    plat = platform or sys.platform
    locs = discovery.locations(env=e, home=home, platform=plat, cwd=cwd or _cwd(e))
    found = discovery.discover(locs)
    own = default_data_dir(plat)
    if (own / STORE_FILE).is_file() and all(f.data_dir != own for f in found):
        found.append(discovery.describe(own, "this program's own folder", None))
    return found


def _anchored(p: Path, base: Path) -> Path:
    return p if p.is_absolute() else base / p


def _resolve(p: Path, source: str) -> Path:
    if "\x00" in str(p):
        raise InvalidInput(f"{source} contains a NUL character; give a plain folder path.")
    try:
        return p.resolve(strict=False)
    except RuntimeError:  # Python reports a symlink loop this way
        raise InvalidInput(
            f"{source} {p} goes through a symbolic link that loops back on itself; fix the link or "
            "give another folder."
        ) from None
    except OSError as exc:
        raise InvalidInput(
            f"{source} {p} cannot be used ({exc.strerror or exc}); give another folder."
        ) from None

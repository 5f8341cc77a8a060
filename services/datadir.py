"""Resolve the data dir exactly as the daemon does, and say which rule won.

1. ``--data-dir DIR``; 2. ``OD_DATA_DIR`` (``~``, ``$HOME``, ``${HOME}`` expanded; a relative path
is anchored at ``OD_PROJECT_ROOT`` or the current directory); 3. the platform's per-user data
directory for "Open Design". ``OD_MEDIA_CONFIG_DIR`` plays no part (it relocates credentials only).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import platformdirs

from creative_memory.services.errors import InvalidInput

Rule = Literal["flag", "env", "default"]
APP_NAME = "Open Design"
STORE_FILE = "app.sqlite"

_HOME_RE = re.compile(r"\$\{HOME\}|\$HOME(?![A-Za-z0-9_])")


@dataclass(frozen=True)
class DataDir:
    path: Path
    rule: Rule

    @property
    def store(self) -> Path:
        return self.path / STORE_FILE

    @property
    def memory_dir(self) -> Path:
        return self.path / "memory"

    def describe(self) -> str:
        how = {
            "flag": "chosen with --data-dir",
            "env": "from the OD_DATA_DIR environment variable",
            "default": "the default per-user data folder",
        }[self.rule]
        return f"{self.path} ({how})"


def _expand_home(raw: str, env: Mapping[str, str]) -> str:
    home = env.get("HOME") or str(Path.home())
    if raw == "~" or raw.startswith(("~/", "~" + os.sep)):
        raw = home + raw[1:]
    return _HOME_RE.sub(lambda _m: home, raw)


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=True))


def resolve_data_dir(
    flag: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> DataDir:
    """Apply the three rules in order. A blank value (``--data-dir ""``, an unset shell variable)
    is refused, never taken to mean the default folder."""
    env = os.environ if env is None else env
    base = cwd or Path.cwd()
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
        if not p.is_absolute():
            root = env.get("OD_PROJECT_ROOT", "").strip()
            p = _anchored(p, Path(_expand_home(root, env)) if root else base)
        return DataDir(_resolve(p, "OD_DATA_DIR"), "env")
    return DataDir(default_data_dir(), "default")


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
        raise InvalidInput(f"{source} {p} cannot be used ({exc.strerror or exc}); give another folder.") from None

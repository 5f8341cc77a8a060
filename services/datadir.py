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

Rule = Literal["flag", "env", "default", "demo"]
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
            "demo": "the demo store, kept apart from your memory",
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
    """Apply the three rules in order. A blank value counts as not given."""
    env = os.environ if env is None else env
    base = cwd or Path.cwd()
    if flag is not None and str(flag).strip():
        raw = _expand_home(str(flag), env)
        p = Path(raw)
        return DataDir((p if p.is_absolute() else base / p).resolve(strict=False), "flag")
    value = env.get("OD_DATA_DIR", "")
    if value.strip():
        if "\x00" in value:
            raise InvalidInput("OD_DATA_DIR contains a NUL character; set it to a plain folder path.")
        raw = _expand_home(value, env)
        p = Path(raw)
        if not p.is_absolute():
            root = env.get("OD_PROJECT_ROOT", "").strip()
            anchor = Path(_expand_home(root, env)) if root else base
            p = anchor / p
        return DataDir(p.resolve(strict=False), "env")
    return DataDir(default_data_dir(), "default")
